"""A puzzle's file definition with another start, so a position from the editor can become a
puzzle file of its own (the same rules, board and goal; only the start differs).

Grids are written the way the readers read them: tokens by their letters on the original
board (holes stay holes); sliding blocks with one character per piece, the characters of
each kind of piece handed out in reading order, so identical pieces stay identical and a
piece the goal names keeps its own character.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from game.files.model import BlocksDef, Common, FrogsDef, Grid, KnightsDef, MoveCount, PairsDef
from game.files.shapes import EMPTY, WALL
from game.common.i18n import N_, _
from game.rules.puzzle import PositionError
from game.families.blocks.rules import layout, placements

TOKEN_LETTERS: Mapping[int, str] = {0: EMPTY, 1: "B", 2: "W"}   # the stones' codes in the token families
MISFIT = N_("this position does not fit the puzzle's board.")


def token_grid(board: Grid, state: bytes, letters: Mapping[int, str] = TOKEN_LETTERS) -> Grid:
    """The rows of ``board`` (a start or goal grid: only its holes matter) filled with ``state``."""
    if len(state) != sum(ch != WALL for row in board for ch in row) or any(code not in letters for code in state):
        raise PositionError(_(MISFIT))
    cells = iter(state)
    return tuple("".join(WALL if ch == WALL else letters[next(cells)] for ch in row) for row in board)


def tokens_file(defn: FrogsDef | KnightsDef | PairsDef, state: bytes) -> FrogsDef | KnightsDef | PairsDef:
    """A frogs, knights or pairs definition starting from ``state``."""
    return replace(defn, start=token_grid(defn.start, state))


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


def blocks_file(defn: BlocksDef, count: MoveCount | None, state: bytes) -> BlocksDef:
    """A sliding-block definition starting from ``state``, its moves counted by ``count``."""
    return replace(defn, start=blocks_grid(defn, state), moves=count or defn.moves)


def frog_line_file(n: int, title: str, state: bytes) -> FrogsDef:
    """The frog line of ``n`` a side as a file: one row, black moving right, white left."""
    row = ("." * (2 * n + 1),)
    goal = ("W" * n + "." + "B" * n,)
    return FrogsDef(Common(title), token_grid(row, state), goal, black=("right",), white=("left",))
