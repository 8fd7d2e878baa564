"""The play screen lives in ``game.ui.play``; scenes and tests import it from here too."""
from game.ui.play.scene import PlayScene

__all__ = ["PlayScene"]
