"""Board views, found by the key a puzzle's presentation declares (``Presentation.view``)."""
from __future__ import annotations

from typing import Any, Callable

from game.common.i18n import _
from game.rules.puzzle import Move
from game.catalog.spec import PuzzleSpec
from game.families import registry
from game.ui.views.base import BoardView, Highlights, Motion, move_paths

__all__ = ["BoardView", "Highlights", "Motion", "describe_move", "input_for", "move_paths", "register_view",
           "view_for"]

ViewClass = Callable[[PuzzleSpec], BoardView]
_VIEWS: dict[str, ViewClass] = {}
_INPUTS: dict[str, Callable[..., Any]] = {}


def register_view(key: str, view: ViewClass) -> None:
    """Make ``view`` draw every puzzle whose presentation names ``key``."""
    _VIEWS[key] = view


def _family_views() -> None:
    for family in registry.families():
        drawing = family.drawing()
        for key, view in drawing.views.items():
            _VIEWS.setdefault(key, view)
        for key, board_input in drawing.inputs.items():
            _INPUTS.setdefault(key, board_input)


def view_for(spec: PuzzleSpec) -> BoardView:
    if spec.presentation.view not in _VIEWS:
        _family_views()
    try:
        view = _VIEWS[spec.presentation.view]
    except KeyError:
        raise ValueError(f"no board view is registered as '{spec.presentation.view}'.") from None
    return view(spec)


def input_for(spec: PuzzleSpec) -> Callable[..., Any] | None:
    """The board input a family's drawing gives this puzzle's view (None: the play screen's own)."""
    if spec.presentation.view not in _VIEWS:
        _family_views()
    return _INPUTS.get(spec.presentation.view)


def describe_move(spec: PuzzleSpec, before: bytes, move: Move) -> str:
    """'slide the tile 6 left', 'jump the black frog right', 'move the black knight from b1 to c3'
    (in the player's language; the cells keep their board names): in the words of the move's kind."""
    puzzle = spec.puzzle
    b = puzzle.board
    (r0, c0), (r1, c1) = b.cells[move.src], b.cells[move.dst]
    dr, dc = r1 - r0, c1 - c0
    kind = puzzle.move_kind(move)
    name = _(spec.presentation.piece_name(before[move.src]))
    step = (dr // max(1, abs(dr)) if dr else 0, dc // max(1, abs(dc)) if dc else 0)
    straight = (dr == 0) != (dc == 0)   # along a row or a column
    if straight and step in kind.ways:
        return _(kind.ways[step]).format(piece=name)
    return _(kind.any_way).format(piece=name, src=b.coord(move.src), dst=b.coord(move.dst))
