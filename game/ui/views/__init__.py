"""Board views, found by the key a puzzle's presentation declares (``Presentation.view``)."""
from __future__ import annotations

from typing import Callable

from game.common.i18n import N_, _
from game.rules.puzzle import Move
from game.catalog.spec import PuzzleSpec
from game.ui.views.base import BoardView, Highlights, Motion, move_kind, move_paths  # noqa: F401

ViewClass = Callable[[PuzzleSpec], BoardView]
_VIEWS: dict[str, ViewClass] = {}


def register_view(key: str, view: ViewClass) -> None:
    """Make ``view`` draw every puzzle whose presentation names ``key``."""
    _VIEWS[key] = view


def _builtin_views() -> None:
    from game.families.blocks.view_goat import GoatView
    from game.families.frogs.view import FrogsView, PairsView
    from game.families.knights.view import KnightsView
    from game.families.tiles.view import TilesView
    from game.families.blocks.view import BlocksView
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


# a move in words for a hint, one phrase for each kind and way so that each reads whole in any language
_SLIDES = {(0, 1): N_("slide the {piece} right"), (0, -1): N_("slide the {piece} left"),
           (1, 0): N_("slide the {piece} down"), (-1, 0): N_("slide the {piece} up")}
_JUMPS = {(0, 1): N_("jump the {piece} right"), (0, -1): N_("jump the {piece} left"),
          (1, 0): N_("jump the {piece} down"), (-1, 0): N_("jump the {piece} up")}


def describe_move(spec: PuzzleSpec, before: bytes, move: Move) -> str:
    """'slide the tile 6 left', 'jump the black frog right', 'move the black knight from b1 to c3'
    (in the player's language; the cells keep their board names)."""
    puzzle = spec.puzzle
    b = puzzle.board
    (r0, c0), (r1, c1) = b.cells[move.src], b.cells[move.dst]
    dr, dc = r1 - r0, c1 - c0
    kind = move_kind(puzzle, move)
    name = _(spec.presentation.piece_name(before[move.src]))
    step = (dr // max(1, abs(dr)) if dr else 0, dc // max(1, abs(dc)) if dc else 0)
    straight = step in _SLIDES   # one cell or more along a row or a column
    src, dst = b.coord(move.src), b.coord(move.dst)
    if kind == "hop" or not straight:
        # Translators: {src} and {dst} are cells named like on a chessboard ("b1")
        return _("move the {piece} from {src} to {dst}").format(piece=name, src=src, dst=dst)
    if kind == "jump":
        return _(_JUMPS[step]).format(piece=name)
    if kind == "pair":
        # Translators: two stones side by side, {src} the cell of the first; {dst} where it goes
        return _("move the pair at {src} to {dst}").format(src=src, dst=dst)
    return _(_SLIDES[step]).format(piece=name)
