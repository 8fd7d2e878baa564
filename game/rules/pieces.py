"""Whole pieces on a board: which cells one piece covers, found from any of its cells.

A sliding-block position is one code per cell, and a code says which cell of which kind's
shape it is; so any cell of a piece leads to its anchor (the first cell in reading order,
the one moves name) and from there to all its cells. Puzzles of one-cell pieces have no
kinds: every occupied cell is a piece of its own.
"""
from __future__ import annotations

from game.rules.puzzle import Board, PieceKind, Puzzle


class Pieces:
    def __init__(self, puzzle: Puzzle) -> None:
        self.board: Board = puzzle.board
        self.kinds: tuple[PieceKind, ...] = puzzle.piece_kinds
        self.part: dict[int, tuple[PieceKind, int]] = {code: (kind, i) for kind in self.kinds
                                                  for i, code in enumerate(kind.codes)}

    def kind(self, code: int) -> PieceKind | None:
        found = self.part.get(code)
        return found[0] if found is not None else None

    def is_anchor(self, code: int) -> bool:
        found = self.part.get(code)
        return code != 0 and (found is None or found[1] == 0)

    def anchor(self, position: bytes, cell: int) -> int | None:
        """The anchor cell of the piece covering ``cell`` (None on an empty cell)."""
        code = position[cell]
        if code == 0:
            return None
        found = self.part.get(code)
        if found is None:
            return cell
        kind, i = found
        dr, dc = kind.shape[i]
        return self.board.step(cell, -dr, -dc)

    def cells(self, code: int, anchor: int) -> tuple[int, ...]:
        """The cells a piece whose anchor code is ``code`` covers with its anchor at ``anchor``."""
        kind = self.kind(code)
        if kind is None:
            return (anchor,)
        out = [self.board.step(anchor, dr, dc) for dr, dc in kind.shape]
        return tuple(c for c in out if c is not None)

    def piece_at(self, position: bytes, cell: int) -> tuple[int, ...]:
        """Every cell of the piece covering ``cell`` (empty for an empty cell)."""
        anchor = self.anchor(position, cell)
        return () if anchor is None else self.cells(position[anchor], anchor)
