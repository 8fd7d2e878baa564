"""Doors in the position editor: cells only some pieces may enter (a sliding-block box's exit), made and
removed with a click on an empty cell, and a piece let through them or not with a click on the piece
(every piece of its kind alike). Each change is the doors after it, or one sentence saying why not; what
the doors are now is said in one sentence too.
"""
from __future__ import annotations

from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.rules.pieces import Pieces
from game.rules.puzzle import Doors

__all__ = ["door_problem", "doors_said", "toggled"]


def door_problem(doors: Doors) -> str | None:
    """Why these doors cannot be a puzzle's (None: they can): a door no piece may pass is a wall."""
    if doors.cells and not doors.passing:
        return _("No piece may pass the doors, which makes them walls: click a piece to let it through them, or "
                 "remove them.")
    return None


def toggled(doors: Doors, position: bytes, pieces: Pieces, cell: int) -> Doors | str:
    """The doors after a click on ``cell`` in door mode: an empty cell becomes a door or stops being one;
    a piece's kind is let through the doors, or no longer (not while one of its pieces stands on one)."""
    if not 0 <= cell < len(position):
        return _("There is no such cell.")
    anchor = pieces.anchor(position, cell)
    if anchor is None:
        return Doors(doors.cells ^ {cell}, doors.passing)
    code = position[anchor]
    kind = pieces.kind(code)
    codes = set(kind.codes) if kind is not None else {code}
    if code not in doors.passing:
        return Doors(doors.cells, doors.passing | {code})
    if any(position[door] in codes for door in doors.cells):
        return _("A piece of that kind stands on a door: move it off before you close the doors to it.")
    return Doors(doors.cells, doors.passing - {code})


def doors_said(spec: PuzzleSpec, doors: Doors) -> str:
    """The doors in one sentence: where they are, and which pieces may pass."""
    board = spec.puzzle.board
    if not doors.cells:
        return _("No doors: in door mode, a click on an empty cell makes it a door.")
    # Translators: the cells of the doors, as the board names them: "b6, c6, b7"
    cells = _(", ").join(board.coord(cell) for cell in sorted(doors.cells))
    if not doors.passing:
        return _("Doors at {cells}: no piece may pass them yet; click a piece to let it through.").format(cells=cells)
    names = list(dict.fromkeys(spec.presentation.shown_piece_name(code) for code in sorted(doors.passing)))
    # Translators: where the doors are, and the pieces that may pass them ("big red block, tall block")
    return _("Doors at {cells}; pieces that may pass them: {pieces}.").format(cells=cells, pieces=_(", ").join(names))
