"""What the player asks for, independent of the key or button that asked it.

Keys are mapped to intents once, in ``game.ui.intents``; the panel model names the intent
each of its buttons sends. Neither needs pygame to know what an intent is, so this lives
outside the UI.
"""
from __future__ import annotations

from enum import Enum, auto

from game.common.i18n import N_


class Intent(Enum):
    UP = auto()
    DOWN = auto()
    LEFT = auto()
    RIGHT = auto()
    NEXT = auto()          # Tab: next piece / next item
    PREV = auto()          # Shift+Tab
    CONFIRM = auto()       # Enter: select and confirm
    BACK = auto()          # Esc: back / stop / cancel
    UNDO = auto()
    REDO = auto()
    RESTART = auto()
    NEW = auto()
    CLASSIC = auto()       # the puzzle's own start as a new game (where New deals random positions)
    HINT = auto()
    SOLVE = auto()
    PAUSE = auto()
    STEP = auto()
    FASTER = auto()
    SLOWER = auto()
    CANCEL = auto()        # stop a running search
    WINNABLE = auto()      # undo back to the last position that can still win
    MOTION = auto()        # toggle reduce-motion
    ARROWS = auto()        # toggle "arrows move the tile / the gap"
    MARKS = auto()         # toggle the overlay marking every move closer / farther / same / dead end
    ANALYSIS = auto()      # the analysis screen of the puzzle
    REVIEW = auto()        # the review of the game: its moves against the optimum, its first mistake
    DEAL_AT = auto()       # a new game at the chosen distance from the goal
    DISTANCE_UP = auto()   # choose a larger / smaller deal distance
    DISTANCE_DOWN = auto()
    COUNT = auto()         # count moves the next way (cell, line, path): the same position as a new game
    EDIT = auto()          # the position editor, on the position shown (or the selected puzzle's start)
    COPY = auto()          # the position as text, to the clipboard
    PASTE = auto()         # a position from the clipboard's text
    PLAY_HERE = auto()     # the editor's position as a new game
    SAVE = auto()          # the editor: the position as a puzzle file; the game: a saved game
    OPEN = auto()          # the game: open the saved game of this puzzle from the player's saves
    ERASE = auto()         # the editor: empty the cell under the cursor
    CLEAR = auto()         # the editor: empty every cell
    HELP = auto()          # the help: the puzzle's goal and rule, a move drawn, the keys (again: close it)
    HIDE_ANSWER = auto()   # toggle "hide the answer": no live distance, no move marks
    MUTE = auto()          # sound effects off / on
    VOLUME_UP = auto()     # sound effects louder / softer
    VOLUME_DOWN = auto()
    FULLSCREEN = auto()
    SETTINGS = auto()      # the settings screen: language, text size, colours, sound
    QUIT = auto()
    SORT = auto()          # the menu: the chosen card's shelf easiest first, or back in its own order
    PAGE_UP = auto()       # a long list or grid: a screenful back / on
    PAGE_DOWN = auto()
    FIRST = auto()         # Home / End: the first / the last of a list or grid
    LAST = auto()


DIRECTIONS = {Intent.UP: (-1, 0), Intent.DOWN: (1, 0), Intent.LEFT: (0, -1), Intent.RIGHT: (0, 1)}

# Human-readable key names for the panel's buttons; the key caps are translated where drawn
# (game.ui.widgets), so a name in words is marked for the catalogs.
KEY_LABELS: dict[Intent, str] = {
    Intent.HINT: "H", Intent.SOLVE: "S", Intent.UNDO: "U", Intent.REDO: "Shift+U", Intent.RESTART: "R",
    # Translators: the space bar, on a button's key cap
    Intent.NEW: "N", Intent.BACK: "Esc", Intent.PAUSE: N_("Space"), Intent.STEP: ".", Intent.FASTER: "+",
    Intent.SLOWER: "-", Intent.CANCEL: "C", Intent.WINNABLE: "B", Intent.MOTION: "M", Intent.ARROWS: "G",
    Intent.CONFIRM: "Enter", Intent.FULLSCREEN: "F11", Intent.MARKS: "O", Intent.ANALYSIS: "A", Intent.REVIEW: "W",
    Intent.DEAL_AT: "D", Intent.DISTANCE_UP: "]", Intent.DISTANCE_DOWN: "[", Intent.COUNT: "K",
    Intent.EDIT: "E", Intent.COPY: "Ctrl+C", Intent.PASTE: "Ctrl+V", Intent.PLAY_HERE: "P", Intent.SAVE: "Ctrl+S",
    Intent.ERASE: "Del", Intent.CLASSIC: "Shift+R", Intent.CLEAR: "Shift+Del", Intent.HELP: "F1", Intent.HIDE_ANSWER: "F", Intent.MUTE: "V",
    Intent.OPEN: "Ctrl+O", Intent.SETTINGS: "F2", Intent.SORT: "L",
    Intent.VOLUME_UP: "Ctrl+=", Intent.VOLUME_DOWN: "Ctrl+-",
}
