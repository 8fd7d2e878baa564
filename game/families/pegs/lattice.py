"""A triangular board named as it is drawn.

A triangular lattice is written skewed in its file (row r of the triangle holds r + 1 holes from
the left, and a peg jumps along one diagonal too), and drawn as the triangle it is, each row shifted
half a hole against the last. Its holes are named by the drawn columns, half a hole apart: on the
15-hole triangle the apex is e1, the row under it d2 and f2, the bottom row a5 c5 e5 g5 i5, so a
letter names the holes straight above one another on the screen. Position text keeps the file's
grid; only the names of holes change. Saved games written before the holes were named so name them
by the file's columns (:meth:`LatticeBoard.as_written`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.common.i18n import _
from game.common.untrusted import shown
from game.rules.puzzle import Board, PositionError

__all__ = ["LatticeBoard", "lean_of"]


def lean_of(steps: set[tuple[int, int]]) -> int:
    """How a board's rows lean when drawn: -1 where a peg jumps down-right but not down-left (each row
    drawn half a hole left of the last), +1 the other way round, 0 for a square lattice."""
    if (1, 1) in steps and (1, -1) not in steps:
        return -1
    if (1, -1) in steps and (1, 1) not in steps:
        return 1
    return 0


@dataclass(frozen=True)
class LatticeBoard(Board):
    """A board whose row r is drawn shifted by ``lean`` * r / 2 holes: its holes named by drawn column."""

    lean: int = -1
    low: int = field(init=False, compare=False)    # the leftmost drawn column, in half holes

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "low", min((self.half_column(r, c) for r, c in self.cells), default=0))

    def half_column(self, row: int, col: int) -> int:
        """Where a hole is drawn across the board, in half holes (unshifted)."""
        return 2 * col + self.lean * row

    def drawn_column(self, cell: int) -> int:
        """A hole's drawn column, from 0 at the leftmost."""
        r, c = self.cells[cell]
        return self.half_column(r, c) - self.low

    def drawn_step(self, a: int, b: int) -> tuple[int, int]:
        """Rows down and half holes across from ``a`` to ``b`` on the screen."""
        return self.cells[b][0] - self.cells[a][0], self.drawn_column(b) - self.drawn_column(a)

    @property
    def drawn_width(self) -> int:
        return max((self.drawn_column(i) for i in range(len(self.cells))), default=-1) + 1

    def coord(self, cell: int) -> str:
        """The hole's name as drawn: its drawn column's letter, its row's number from the top."""
        return f"{chr(ord('a') + self.drawn_column(cell))}{self.cells[cell][0] + 1}"

    def parse_coord(self, text: str) -> int:
        text = text.strip().lower()
        if not (2 <= len(text) <= 4 and "a" <= text[0] <= "z" and text[1:].isascii() and text[1:].isdigit()):
            raise PositionError(_("'{text}' is not a cell name like a1 (column letter, row number from the top).")
                                .format(text=shown(text)))
        row, column = int(text[1:]) - 1, ord(text[0]) - ord("a") + self.low
        twice = column - self.lean * row
        cell = self.at(row, twice // 2) if twice % 2 == 0 else None
        if cell is None:
            raise PositionError(_("there is no cell {cell} on this board.").format(cell=text))
        return cell

    def as_written(self) -> Board:
        """The same holes named by the file's columns, as saved games written before were."""
        return Board(self.rows)
