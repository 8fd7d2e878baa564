"""The play screen in parts: board input, effects, the panel's layout and view, the scene that
wires them to a game."""
from game.ui.play.scene import PlayScene

__all__ = ["PlayScene"]
