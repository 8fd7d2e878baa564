"""One view per puzzle family."""
from __future__ import annotations

from game.puzzles.base import Puzzle
from game.ui.views.base import BoardView, Highlights, Motion, move_kind, move_paths  # noqa: F401


def view_for(puzzle: Puzzle) -> BoardView:
    from game.ui.views.blocks import GoatView
    from game.ui.views.frogs import FrogsView, PairsView
    from game.ui.views.knights import KnightsView
    from game.ui.views.tiles import TilesView
    views = {"tiles": TilesView, "blocks": GoatView, "frogs": FrogsView, "pairs": PairsView, "knights": KnightsView}
    return views.get(puzzle.family, TilesView)(puzzle)


_GOAT_NAMES = {1: "corner", 2: "fence", 3: "long block", 5: "fence", 6: "gate", 7: "sheep", 8: "corner",
               9: "corner", 10: "wolf"}
_WORDS = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}


def piece_name(puzzle: Puzzle, code: int) -> str:
    """A piece's name in words (the fonts have no box-drawing glyphs)."""
    if puzzle.family == "tiles":
        return f"tile {code}"
    if puzzle.family == "blocks":
        return _GOAT_NAMES.get(code, "piece")
    colour = {1: "black", 2: "white"}.get(code, "")
    noun = {"knights": "knight", "frogs": "frog", "pairs": "pair"}.get(puzzle.family, "piece")
    return f"{colour} {noun}" if noun != "pair" else "pair"


def describe_move(puzzle: Puzzle, before: bytes, move) -> str:
    """'slide tile 6 left', 'jump the black frog right', 'knight b1 to c3'."""
    b = puzzle.board
    (r0, c0), (r1, c1) = b.cells[move.src], b.cells[move.dst]
    dr, dc = r1 - r0, c1 - c0
    kind = move_kind(puzzle, move)
    name = piece_name(puzzle, before[move.src])
    step = (dr // max(1, abs(dr)) if dr else 0, dc // max(1, abs(dc)) if dc else 0)
    way = _WORDS.get(step) if (dr == 0 or dc == 0) else None
    if kind == "hop" or way is None:
        return f"move the {name} from {b.coord(move.src)} to {b.coord(move.dst)}"
    if kind == "jump":
        return f"jump the {name} {way}"
    if kind == "pair":
        return f"move the pair at {b.coord(move.src)} to {b.coord(move.dst)}"
    return f"slide the {name} {way}"
