"""A sliding-block position written as the start grid of a file: one character per piece, the
characters of each kind of piece handed out in reading order, so identical pieces stay identical
and a piece the goal names keeps its own character (the editor's "save as puzzle")."""
from __future__ import annotations

from dataclasses import replace

from game.common.i18n import N_, _
from game.families.blocks.files import BlocksDef
from game.families.blocks.rules import layout, placements
from game.files.model import Grid
from game.files.shapes import EMPTY, WALL
from game.rules.puzzle import PositionError

__all__ = ["MISFIT", "blocks_grid", "with_start"]

MISFIT = N_("this position does not fit the puzzle's board.")


def blocks_grid(defn: BlocksDef, state: bytes) -> Grid:
    """The start grid of a sliding-block position: a character per piece, walls and empty cells."""
    lay = layout(defn)
    if len(state) != len(lay.board):
        raise PositionError(_(MISFIT))
    chars = [EMPTY] * len(state)
    for kind in lay.kinds:
        fits = placements(lay.board, kind.shape)
        anchors = [cell for cell, code in enumerate(state) if code == kind.codes[0]]
        if len(anchors) != kind.count or any(a not in fits for a in anchors):
            raise PositionError(_("the pieces '{pieces}' are not all whole in this position.")
                                .format(pieces=kind.chars))
        for ch, anchor in zip(kind.chars, anchors):
            for cell in fits[anchor]:
                chars[cell] = ch
    rows, i = [], 0
    for r in range(lay.height):
        row = []
        for c in range(lay.width):
            if lay.board.at(r, c) is None:
                row.append(WALL)
            else:
                row.append(chars[i])
                i += 1
        rows.append("".join(row))
    return tuple(rows)


def with_start(defn: BlocksDef, state: bytes, count: str | None = None) -> BlocksDef:
    """A sliding-block definition starting from ``state``, its moves counted by ``count`` (a key)."""
    return replace(defn, start=blocks_grid(defn, state), moves=count or defn.moves)
