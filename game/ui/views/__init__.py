"""Board views, found by the key a puzzle's presentation declares (``Presentation.view``)."""
from __future__ import annotations

from typing import Callable

from game.puzzles.base import Move
from game.spec import PuzzleSpec
from game.ui.views.base import BoardView, Highlights, Motion, move_kind, move_paths  # noqa: F401

ViewClass = Callable[[PuzzleSpec], BoardView]
_VIEWS: dict[str, ViewClass] = {}


def register_view(key: str, view: ViewClass) -> None:
    """Make ``view`` draw every puzzle whose presentation names ``key``."""
    _VIEWS[key] = view


def _builtin_views() -> None:
    from game.ui.views.blocks import GoatView
    from game.ui.views.frogs import FrogsView, PairsView
    from game.ui.views.knights import KnightsView
    from game.ui.views.tiles import TilesView
    from game.ui.views.wooden import BlocksView
    for key, view in (("tiles", TilesView), ("goat", GoatView), ("blocks", BlocksView), ("frogs", FrogsView),
                      ("pairs", PairsView), ("knights", KnightsView)):
        _VIEWS.setdefault(key, view)


def view_for(spec: PuzzleSpec) -> BoardView:
    _builtin_views()
    try:
        view = _VIEWS[spec.presentation.view]
    except KeyError:
        raise ValueError(f"no board view is registered as '{spec.presentation.view}'.") from None
    return view(spec)


_WORDS = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}


def describe_move(spec: PuzzleSpec, before: bytes, move: Move) -> str:
    """'slide tile 6 left', 'jump the black frog right', 'move the black knight from b1 to c3'."""
    puzzle = spec.puzzle
    b = puzzle.board
    (r0, c0), (r1, c1) = b.cells[move.src], b.cells[move.dst]
    dr, dc = r1 - r0, c1 - c0
    kind = move_kind(puzzle, move)
    name = spec.presentation.piece_name(before[move.src])
    step = (dr // max(1, abs(dr)) if dr else 0, dc // max(1, abs(dc)) if dc else 0)
    way = _WORDS.get(step) if (dr == 0 or dc == 0) else None
    if kind == "hop" or way is None:
        return f"move the {name} from {b.coord(move.src)} to {b.coord(move.dst)}"
    if kind == "jump":
        return f"jump the {name} {way}"
    if kind == "pair":
        return f"move the pair at {b.coord(move.src)} to {b.coord(move.dst)}"
    return f"slide the {name} {way}"
