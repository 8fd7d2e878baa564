"""The play screen in parts: board input, effects, the panel's layout and view, the scene that
wires them to a game (``game.ui.play.scene``, imported where a game opens: a family's drawing takes its
board input from here without pulling in the whole screen)."""
