"""Knuth's SLIDING input (``sliding.w``, on his programs page) read as a blocks puzzle.

What this relies on, from the program's introduction and its input routines:

- The first line is ``rows x columns`` followed by any commentary (usually the puzzle's name),
  which becomes the title (one pair of enclosing parentheses dropped).
- Then piece definitions ``name = pattern``: the name one of ``1``-``9``, ``a``-``f``; the
  pattern rows of ``0`` (empty) and ``1`` (occupied) separated by ``/``, e.g. ``1 = 111/01``.
  A piece's reference cell is its first ``1`` in reading order. Blank lines are skipped.
- The first other line is the start, the next one the stop configuration, in his shorthand:
  repeatedly name what fills the topmost, leftmost cell not yet filled: a piece name (the
  piece's reference cell goes there), ``0`` for an empty cell, ``x`` for a cell permanently
  blocked (a wall). Trailing zeros may be omitted: cells left over are empty. Lines after the
  stop are not read.
- Pieces with the same name are indistinguishable; the stop must have the same walls and the
  same number of pieces of each name as the start.

His stop is a complete configuration (he compares whole positions), so the goal has no '?':
every piece is pinned, and cells he leaves over are empty ('.'), as he defines them.

Where his program is more lenient, this reader refuses with one sentence: a piece made of
separate parts (this game's pieces are edge-connected), a redefined name (he warns and keeps the
first), a missing stop line (he would reuse the start), a board over 16x16. Spaces around ``x``
and ``=``, trailing blanks, and blank lines before the size line or the stop are accepted. The move style is chosen on his command
line, not in the file, so the definition takes the game's default move count. A cell is empty,
a piece's or blocked for every piece (``x``): the format has no cell that only some pieces may
enter, so an import has no doors (a TOML file's ``[doors]``).
"""
from __future__ import annotations

import re
from typing import NamedTuple, NoReturn

from game.files.errors import PuzzleFileError, at_line
from game.families.blocks.model import BlocksDef
from game.files.model import Common
from game.files.shapes import (EMPTY, MAX_NUMBER_DIGITS, MAX_PIECES, MAX_SIDE, PIECE_LETTERS, WALL, Cell,
                               is_connected, plain_title)
from game.common.i18n import N_, _, ngettext
from game.common.untrusted import shown

NAMES = "123456789abcdef"
_SIZE = re.compile(r"\s*(\d+)\s*x\s*(\d+)(.*)\Z", re.S)
_PIECE = re.compile(r"\s*(\S)\s*=\s*(\S*)\s*\Z")


class SlidingFile:
    """Knuth's lines, read in his order; every mistake names its line."""

    def __init__(self, text: str, origin: str) -> None:
        self.origin = origin
        self.lines = [line.rstrip("\r") for line in text.split("\n")]
        self.at = 0                                     # index of the next line to read
        self.shapes: dict[str, tuple[list[Cell], int]] = {}   # name -> (cells from reference, line)

    def fail(self, line: int, problem: str) -> NoReturn:
        raise PuzzleFileError(self.origin, at_line(line), problem)

    def next_line(self) -> tuple[int, str] | None:
        """The next line that is not blank, with its number."""
        while self.at < len(self.lines):
            self.at += 1
            if self.lines[self.at - 1].strip():
                return self.at, self.lines[self.at - 1].strip()
        return None

    def size(self) -> tuple[int, int, str]:
        first = self.next_line()
        if first is None:
            self.fail(0, _("the file is empty"))
        number, text = first
        found = _SIZE.match(text)
        if not found:
            self.fail(number, _("'{text}' is not a board size such as '5 x 4' (rows x columns)")
                      .format(text=shown(text, 20)))
        if max(len(found[1]), len(found[2])) > MAX_NUMBER_DIGITS:
            self.fail(number, _("the board size is far too large"))
        rows, cols = int(found[1]), int(found[2])
        if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
            self.fail(number, _("the board is {rows} x {cols}, but rows and columns must be 1 to {most}")
                      .format(rows=rows, cols=cols, most=MAX_SIDE))
        comment = found[3].strip()
        if comment.startswith("(") and comment.endswith(")"):
            comment = comment[1:-1]
        return rows, cols, comment

    def pieces(self, cols: int) -> tuple[int, str]:
        """Read the piece definitions; return the first other line, the start."""
        while (line := self.next_line()) is not None:
            number, text = line
            found = _PIECE.match(text)
            if not found:
                return line
            name, pattern = found[1], found[2]
            if name not in NAMES:
                self.fail(number, _("'{name}' is not a piece name: use 1 to 9 or a to f").format(name=shown(name)))
            if name in self.shapes:
                self.fail(number, _("piece {name} is already defined on line {line}")
                          .format(name=name, line=self.shapes[name][1]))
            self.shapes[name] = (self._pattern(number, name, pattern, cols), number)
        self.fail(0, _("the file ends before the start configuration"))

    def _pattern(self, number: int, name: str, pattern: str, cols: int) -> list[Cell]:
        bad = next((ch for ch in pattern if ch not in "01/"), None)
        if bad is not None:
            self.fail(number, _("piece {name} has {char} in its pattern, which uses only 0, 1 and /")
                      .format(name=name, char=shown(repr(bad))))
        rows = pattern.split("/")
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "1"]
        if not cells:
            self.fail(number, _("piece {name} is empty: its pattern has no 1").format(name=name))
        if len(rows) > MAX_SIDE or max(len(row) for row in rows) > cols:
            self.fail(number, _("piece {name} is larger than the board").format(name=name))
        if not is_connected(cells):
            self.fail(number, _("piece {name} is split in two: its cells must touch edge to edge").format(name=name))
        top, left = cells[0]
        return [(r - top, c - left) for r, c in cells]

    def configuration(self, line: tuple[int, str], rows: int, cols: int, stop: bool) -> list[list[tuple[str, int]]]:
        """Each cell as (name, piece index): ``('0', -1)`` empty, ``('x', -1)`` a wall (the start's,
        or with ``stop`` the stop's: each mistake is said of the one it is in)."""
        said = CONFIGURATION_PROBLEMS[stop]
        number, text = line
        board: list[list[tuple[str, int] | None]] = [[None] * cols for _ in range(rows)]
        free = ((r, c) for r in range(rows) for c in range(cols))
        count = 0
        for position, ch in enumerate(text, 1):
            cell = next((rc for rc in free if board[rc[0]][rc[1]] is None), None)
            if cell is None:
                self.fail(number, _(said.cells).format(rows=rows, cols=cols))
            r, c = cell
            if ch in "0x":
                board[r][c] = (ch, -1)
                continue
            if ch not in NAMES:
                self.fail(number, _(said.symbol).format(char=shown(repr(ch)), position=position))
            if ch not in self.shapes:
                self.fail(number, _(said.undefined).format(name=ch))
            for dr, dc in self.shapes[ch][0]:
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < cols) or board[rr][cc] is not None:
                    self.fail(number, _(said.overlap).format(name=ch, row=r + 1, column=c + 1))
                board[rr][cc] = (ch, count)
            count += 1
            if count > MAX_PIECES:
                self.fail(number, _(said.pieces).format(limit=MAX_PIECES))
        return [[cell or ("0", -1) for cell in row] for row in board]


class Said(NamedTuple):
    """The mistakes a configuration line can make, each said of the start or of the stop."""

    cells: str
    symbol: str
    undefined: str
    overlap: str
    pieces: str


CONFIGURATION_PROBLEMS = {   # by whether the mistake is in the stop (True) or the start (False)
    False: Said(
        N_("the start names more cells than the {rows} x {cols} board has"),
        N_("the start has {char} at symbol {position}, but uses only 0, x and piece names"),
        N_("the start names piece {name}, which no definition line gives"),
        N_("in the start, piece {name} at row {row}, column {column} overlaps another piece, a wall or the board's "
           "edge"),
        N_("the start has more than {limit} pieces")),
    True: Said(
        N_("the stop names more cells than the {rows} x {cols} board has"),
        N_("the stop has {char} at symbol {position}, but uses only 0, x and piece names"),
        N_("the stop names piece {name}, which no definition line gives"),
        N_("in the stop, piece {name} at row {row}, column {column} overlaps another piece, a wall or the board's "
           "edge"),
        N_("the stop has more than {limit} pieces")),
}


def parse_sliding(text: str, origin: str) -> BlocksDef:
    """The blocks puzzle a SLIDING input describes; PuzzleFileError if it is wrong."""
    file = SlidingFile(text, origin)
    rows, cols, comment = file.size()
    start_line = file.pieces(cols)
    start = file.configuration(start_line, rows, cols, stop=False)
    stop_line = file.next_line()
    if stop_line is None:
        file.fail(0, _("the file ends before the stop configuration"))
    stop = file.configuration(stop_line, rows, cols, stop=True)
    _compare(file, start, stop, stop_line[0])
    chars, names = _characters(start)
    if not chars:
        file.fail(start_line[0], _("the start has no piece"))
    start_grid = _grid(start, chars)
    if not any(EMPTY in row for row in start_grid):
        file.fail(start_line[0], _("the start has no empty cell, so no piece could ever move"))
    members: dict[str, list[str]] = {}
    for index, name in names.items():
        members.setdefault(name, []).append(chars[index])
    goal_chars = _stop_characters(stop, members)
    same = tuple("".join(group) for group in members.values() if len(group) > 1)
    common = Common(plain_title(comment, origin), origin=origin)
    return BlocksDef(common, start_grid, _grid(stop, goal_chars), same)


def _compare(file: SlidingFile, start: list[list[tuple[str, int]]], stop: list[list[tuple[str, int]]],
             line: int) -> None:
    """Same walls, same number of pieces of each name."""
    for r, (start_row, stop_row) in enumerate(zip(start, stop), 1):
        for c, (a, b) in enumerate(zip(start_row, stop_row), 1):
            if (a[0] == "x") != (b[0] == "x"):
                file.fail(line, _("row {row}, column {column} is blocked (x) in only one of the start and the stop")
                          .format(row=r, column=c))
    for name in NAMES:
        have, want = _count(start, name), _count(stop, name)
        if have != want:
            file.fail(line, ngettext("the stop has {count} piece named {name}, but the start has {start}",
                                     "the stop has {count} pieces named {name}, but the start has {start}", want)
                      .format(count=want, name=name, start=have))


def _count(board: list[list[tuple[str, int]]], name: str) -> int:
    return len({index for row in board for ch, index in row if ch == name})


def _characters(board: list[list[tuple[str, int]]]) -> tuple[dict[int, str], dict[int, str]]:
    """Per piece index: its character (letters, then digits) and its name."""
    names = {index: ch for row in board for ch, index in row if index >= 0}
    order = sorted(names)
    return {index: PIECE_LETTERS[n] for n, index in enumerate(order)}, {i: names[i] for i in order}


def _stop_characters(stop: list[list[tuple[str, int]]], members: dict[str, list[str]]) -> dict[int, str]:
    """The k-th stop piece of a name takes the character of the k-th start piece of that name."""
    chars: dict[int, str] = {}
    used: dict[str, int] = {}
    for row in stop:
        for name, index in row:
            if index >= 0 and index not in chars:
                chars[index] = members[name][used.get(name, 0)]
                used[name] = used.get(name, 0) + 1
    return chars


def _grid(board: list[list[tuple[str, int]]], chars: dict[int, str]) -> tuple[str, ...]:
    symbol = {"0": EMPTY, "x": WALL}
    return tuple("".join(chars[index] if index >= 0 else symbol[name] for name, index in row) for row in board)
