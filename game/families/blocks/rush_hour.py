"""The Rush Hour line format: a 6x6 lot in 36 characters, row by row from the top-left.

``o`` (or ``.``) is an empty cell, ``x`` (lower case) a wall, ``A`` the red car, any other capital a car (two
cells) or a truck (three) lying along a row or a column. The red car lies along a row and leaves
by the right edge: the goal has it in the last two cells of its row. Every car moves only along its
length, any distance in one move (the ``line`` count, as Rush Hour counts). A file holds one lot a
line; other fields on a line are kept where they mean something (a whole number: the lot's
published optimum), and lines starting ``#`` or ``;`` are comments. The puzzle is the same as the
equivalent TOML file with ``axis`` keys (``convert`` prints it).
"""
from __future__ import annotations

import re
from typing import Sequence

from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.families.blocks.model import Axis, BlocksDef
from game.files.errors import PuzzleFileError, at_line
from game.files.model import Common

SIDE = 6
CELLS = SIDE * SIDE
RED = "A"
KIND = N_("Rush Hour lines (36 characters a lot)")
_BOARD = re.compile(r"[ox.A-Z]{36}")
_COMMENT = ("#", ";")


def sniff(lines: Sequence[str]) -> bool:
    """A file whose every line that is not a comment holds a 36-character lot."""
    lots = [line for line in lines if line.strip() and not line.lstrip().startswith(_COMMENT)]
    return bool(lots) and all(_board_field(line) is not None for line in lots)


def _board_field(line: str) -> str | None:
    return next((field for field in line.split() if _BOARD.fullmatch(field)), None)


def parse_collection(text: str, origin: str, title: str = "") -> list[BlocksDef]:
    """Every lot of a file, titled ``title`` (else the file's name) and numbered from 1."""
    lots: list[BlocksDef] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith(_COMMENT):
            continue
        board = _board_field(line)
        if board is None:
            raise PuzzleFileError(origin, at_line(lineno), _("this line holds no lot of 36 characters "
                                                            "(o empty, x wall, A the red car, other letters cars)"))
        optimum = next((int(field) for field in line.split() if field.isdigit() and len(field) < 4), None)
        name = f"{title or origin} {len(lots) + 1}"
        lots.append(lot(board, Common(name, origin=origin, published={"line": optimum} if optimum else {}),
                        origin, lineno))
    if not lots:
        raise PuzzleFileError(origin, "", _("the file holds no lot of 36 characters"))
    return lots


def parse(text: str, origin: str) -> BlocksDef:
    """The first lot of a file (a file of one lot is a puzzle like any other)."""
    return parse_collection(text, origin)[0]


def lot(board: str, common: Common, origin: str = "", lineno: int = 0) -> BlocksDef:
    """One 36-character lot as a sliding-block definition; PuzzleFileError for a lot that is no lot."""
    where = at_line(lineno) if lineno else ""
    rows = ["".join(_cell(ch) for ch in board[r * SIDE:(r + 1) * SIDE]) for r in range(SIDE)]
    axis: dict[str, Axis] = {}
    for piece in sorted(set(board) - set("ox.")):
        cells = [(i // SIDE, i % SIDE) for i, ch in enumerate(board) if ch == piece]
        along = _axis(cells)
        if along is None:
            raise PuzzleFileError(origin, where, _("car '{car}' is not two or three cells in one straight row "
                                                  "or column").format(car=shown(piece)))
        axis[piece] = along
    if axis.get(RED) is not Axis.X:
        raise PuzzleFileError(origin, where, _("the lot needs the red car 'A', lying along a row"))
    red_row = board.index(RED) // SIDE
    goal = tuple("?" * (SIDE - 2) + RED * 2 if r == red_row else "".join("#" if ch == "#" else "?" for ch in row)
                 for r, row in enumerate(rows))
    return BlocksDef(common, tuple(rows), goal, (), axis, "line")


def _cell(ch: str) -> str:
    return "." if ch in "o." else "#" if ch == "x" else ch


def _axis(cells: list[tuple[int, int]]) -> Axis | None:
    """The axis of a car on ``cells`` (two or three touching cells in a line), or None."""
    rows = {r for r, _c in cells}
    cols = {c for _r, c in cells}
    if len(cells) not in (2, 3):
        return None
    if len(rows) == 1 and max(cols) - min(cols) == len(cells) - 1:
        return Axis.X
    if len(cols) == 1 and max(rows) - min(rows) == len(cells) - 1:
        return Axis.Y
    return None


def line_of(defn: object) -> str:
    """A lot back in the line format (the inverse of :func:`lot`)."""
    if not isinstance(defn, BlocksDef):
        raise TypeError("only a sliding-block definition is a lot")
    return "".join("o" if ch == "." else "x" if ch == "#" else ch for row in defn.start for ch in row)
