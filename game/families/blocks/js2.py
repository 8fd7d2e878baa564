"""jim'slide / js2 configurations (Jim Leonard's sliding-block solver) read as blocks puzzles.

What this relies on, from the js2 1.5 README ("The config file", "Full Command Set Reference")
and its parameter reader:

- One command per line, ``keyword: arguments``; keywords in any case, leading blanks allowed.
  A line starting with ``!`` or ``#`` is a comment; text after a command's arguments is a
  remark (``! ...`` in the README's examples, ``;`` after its Tzer pieces).
- ``xsize: n`` and ``ysize: n``: the board's width and height. Coordinates ``(x, y)`` count
  from the top-left, 0-based, ``x`` the column.
- ``piece: n (x1, y1) (x2, y2) ...``: piece type ``n`` (any integer but 0, which means an
  empty cell), its cells relative to its origin ``(0, 0)``.
- ``put: n (x, y) ['c']``: a piece of type ``n`` with its origin at ``(x, y)``, shown as ``c``
  if given. Pieces put with one type number are interchangeable.
- ``win: n (x, y)``: a piece of type ``n`` has its origin at ``(x, y)``; ``win: 0 (x, y)``:
  that cell is empty. Every win condition must hold; cells they leave open may hold anything.
- ``wall: (x, y)``, ``hwall: y (x1, x2)``, ``vwall: x (y1, y2)``: walls, ranges inclusive.
- ``lockx: n``: type ``n`` never moves in x, so it moves only up and down; ``locky: n``: only
  sideways (the README's Rush Hour: ``locky`` for horizontal cars, ``lockx`` for vertical ones).
- Solver settings (``bigmem``, ``smallmem``, ``numthreads``, ``diskthreads``, ``cachepercent``,
  ``winonly``, ``useletters``, ``hexprint``, ``nograph``, ``noconcurrent``, ``cutoff``,
  ``directed``, ``checkfulltree``) are ignored, arguments and all.

Unlike js2 itself, the order of lines does not matter, and what js2 would silently skip is an
error: an unknown command, a second definition of a type, a lock of an undefined type, a stray
number, position or label after a command's arguments, and ``xstep``/``ystep`` (they change
which positions count, a rule this game cannot honour). The
file says nothing about how moves are counted, so the definition takes the game's default. Nor
can it say that only some pieces may enter a cell (``lockx``/``locky`` lock a piece's axis, not
cells), so an import has no doors (a TOML file's ``[doors]``).
Each placed piece gets its own character (its label if usable, else letters, then digits).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NoReturn

from game.files.errors import PuzzleFileError, at_line
from game.families.blocks.model import Axis, BlocksDef
from game.files.model import Common
from game.files.shapes import (ANY, EMPTY, MAX_NUMBER_DIGITS, MAX_PIECES, MAX_SIDE, PIECE_LETTERS, WALL, is_cell,
                               is_connected, piece_cells, plain_title, unplaced)
from game.common.i18n import N_, _, ngettext
from game.common.untrusted import shown

IGNORED = frozenset({"bigmem", "smallmem", "numthreads", "diskthreads", "cachepercent", "winonly", "useletters",
                     "hexprint", "nograph", "noconcurrent", "cutoff", "directed", "checkfulltree"})
COMMANDS = frozenset({"xsize", "ysize", "piece", "put", "win", "wall", "hwall", "vwall", "lockx", "locky",
                      "xstep", "ystep"}) | IGNORED
_COMMAND = re.compile(r"\s*([A-Za-z]+)\s*:")
_NUMBER = re.compile(r"\s*(-?\d+)")
_PAIR = re.compile(r"\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_LABEL = re.compile(r"\s*'(.)'")
_STRAY = re.compile(r"\s*[-\d(']")   # a number, position or label where the command has ended
_MAX_CELLS = MAX_SIDE * MAX_SIDE

XY = tuple[int, int]


@dataclass
class Config:
    """What the lines say, before any of it is checked against the board."""

    size: dict[str, tuple[int, int]] = field(default_factory=dict)            # "xsize" -> (n, line)
    pieces: dict[int, tuple[list[XY], int]] = field(default_factory=dict)      # type -> (cells, line)
    puts: list[tuple[int, XY, str, int]] = field(default_factory=list)         # type, origin, label, line
    wins: list[tuple[int, XY, int]] = field(default_factory=list)              # type, origin, line
    walls: list[tuple[XY, int]] = field(default_factory=list)
    locks: dict[int, dict[str, int]] = field(default_factory=dict)             # type -> {"lockx": line}
    title: str = ""


class Line:
    """A cursor over one line's arguments; every mistake names the line."""

    def __init__(self, origin: str, number: int, text: str) -> None:
        self.origin, self.lineno, self.text, self.pos = origin, number, text, 0

    def fail(self, problem: str) -> NoReturn:
        raise PuzzleFileError(self.origin, at_line(self.lineno), problem)

    def _value(self, digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
            self.fail(_("the number {number} is far too large").format(number=shown(digits, 12)))
        return int(digits)

    def _expected(self, there: str, at_end: str, what: str = "") -> NoReturn:
        """Refuse the rest of the line: ``there`` quotes it ({text}), ``at_end`` says the line ended."""
        rest = self.text[self.pos:].strip()
        self.fail(_(there).format(text=shown(rest, 20), what=what) if rest else _(at_end).format(what=what))

    def integer(self, what: str) -> int:
        """A whole number; ``what`` names it (a keyword, or an ``N_`` noun such as "a piece type")."""
        found = _NUMBER.match(self.text, self.pos)
        if not found:
            # Translators: {what} is "xsize", "ysize", "a piece type", "a row" or "a column".
            self._expected(N_("expected {what} (a whole number) at '{text}'"),
                           N_("expected {what} (a whole number) at the end of the line"), _(what))
        self.pos = found.end()
        return self._value(found[1])

    def pair(self) -> XY:
        cell = self.optional_pair()
        if cell is None:
            self._expected(N_("expected a position (x, y) at '{text}'"),
                           N_("expected a position (x, y) at the end of the line"))
        return cell

    def optional_pair(self) -> XY | None:
        found = _PAIR.match(self.text, self.pos)
        if not found:
            return None
        self.pos = found.end()
        return self._value(found[1]), self._value(found[2])

    def label(self) -> str:
        found = _LABEL.match(self.text, self.pos)
        if not found:
            return ""
        self.pos = found.end()
        return found[1]

    def end(self) -> None:
        """Text after the arguments is a remark, as in js2, unless it looks like one more argument."""
        if _STRAY.match(self.text, self.pos):
            self.fail(_("unexpected '{text}' after the command").format(text=shown(self.text[self.pos:].strip(), 20)))


def read_config(text: str, origin: str) -> Config:
    """Every command of the file, in order; syntax errors name their line."""
    config = Config()
    for number, raw in enumerate(text.split("\n"), 1):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped[0] in "!#":
            if not config.title and any(ch.isalnum() for ch in stripped):
                config.title = stripped.lstrip("!#")
            continue
        line = Line(origin, number, raw.rstrip("\r"))
        command = _COMMAND.match(line.text)
        if not command:
            line.fail(_("'{text}' is not a jim'slide command such as 'put:' or a comment starting with '!'")
                      .format(text=shown(stripped, 20)))
        keyword = command[1].lower()
        if keyword not in COMMANDS:
            line.fail(_("'{command}:' is not a jim'slide command").format(command=shown(command[1], 20)))
        line.pos = command.end()
        if keyword not in IGNORED:
            _command(config, line, keyword)
    return config


def _command(config: Config, line: Line, keyword: str) -> None:
    if keyword in ("xsize", "ysize"):
        if keyword in config.size:
            line.fail(_("{keyword} is already given on line {line}")
                      .format(keyword=keyword, line=config.size[keyword][1]))
        config.size[keyword] = (line.integer(keyword), line.lineno)
    elif keyword == "piece":
        kind = line.integer(A_PIECE_TYPE)
        cells = [line.pair()]
        while (cell := line.optional_pair()) is not None:
            cells.append(cell)
            if len(cells) > _MAX_CELLS:
                line.fail(_("piece type {kind} has more cells than a {side}x{side} board")
                          .format(kind=kind, side=MAX_SIDE))
        if kind in config.pieces:
            line.fail(_("piece type {kind} is already defined on line {line}").format(kind=kind,
                                                                                     line=config.pieces[kind][1]))
        config.pieces[kind] = (cells, line.lineno)
    elif keyword == "put":
        config.puts.append((line.integer(A_PIECE_TYPE), line.pair(), line.label(), line.lineno))
        if len(config.puts) > MAX_PIECES:
            line.fail(_("this is piece number {number}, but a puzzle has at most {limit}")
                      .format(number=len(config.puts), limit=MAX_PIECES))
    elif keyword == "win":
        config.wins.append((line.integer(A_PIECE_TYPE), line.pair(), line.lineno))
    elif keyword == "wall":
        config.walls.append((line.pair(), line.lineno))
    elif keyword in ("hwall", "vwall"):
        fixed, (a, b) = line.integer(N_("a row") if keyword == "hwall" else N_("a column")), line.pair()
        if abs(b - a) >= MAX_SIDE:
            line.fail(_("the {keyword} from {low} to {high} is longer than a board can be")
                      .format(keyword=keyword, low=min(a, b), high=max(a, b)))
        for n in range(min(a, b), max(a, b) + 1):
            config.walls.append(((n, fixed) if keyword == "hwall" else (fixed, n), line.lineno))
    elif keyword in ("lockx", "locky"):
        config.locks.setdefault(line.integer(A_PIECE_TYPE), {})[keyword] = line.lineno
    else:
        line.fail(_("'{keyword}:' changes which positions the solver counts, which this game cannot do")
                  .format(keyword=keyword))
    line.end()


A_PIECE_TYPE = N_("a piece type")   # the number a command expects, as "expected {what}" names it


def parse_js2(text: str, origin: str) -> BlocksDef:
    """The blocks puzzle a jim'slide configuration describes; PuzzleFileError if it is wrong."""
    return Builder(read_config(text, origin), origin).build()


class Builder:
    """Checks the commands against each other and the board, then writes the grids."""

    def __init__(self, config: Config, origin: str) -> None:
        self.config, self.origin = config, origin
        self.width = self._size("xsize", N_("{keyword} is {number}, but a board is 1 to {most} cells wide"))
        self.height = self._size("ysize", N_("{keyword} is {number}, but a board is 1 to {most} cells high"))

    def fail(self, line: int, problem: str) -> NoReturn:
        raise PuzzleFileError(self.origin, at_line(line), problem)

    def _size(self, keyword: str, refusal: str) -> int:
        if keyword not in self.config.size:
            self.fail(0, _("the file has no '{keyword}:' line, so the board's size is unknown").format(keyword=keyword))
        n, line = self.config.size[keyword]
        if not 1 <= n <= MAX_SIDE:
            self.fail(line, _(refusal).format(keyword=keyword, number=n, most=MAX_SIDE))
        return n

    def _outside(self, line: int, message: str, **values: object) -> NoReturn:
        """Refuse something placed off the board: ``message`` has {width} and {height} besides ``values``."""
        self.fail(line, _(message).format(width=self.width, height=self.height, **values))

    def _inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def build(self) -> BlocksDef:
        self._check_pieces()
        start: list[list[str]] = [[EMPTY] * self.width for _ in range(self.height)]
        for (x, y), line in self.config.walls:
            if not self._inside(x, y):
                self._outside(line, N_("the wall at ({x},{y}) lies outside the {width}x{height} board"), x=x, y=y)
            start[y][x] = WALL
        chars = self._characters()
        owner: dict[XY, int] = {}
        for index, (kind, (x, y), _label, line) in enumerate(self.config.puts):
            for cx, cy in self._cells(kind, x, y, line):
                if start[cy][cx] == WALL:
                    self.fail(line, _("piece {kind} at ({x},{y}) overlaps the wall at ({wx},{wy})")
                              .format(kind=kind, x=x, y=y, wx=cx, wy=cy))
                if (cx, cy) in owner:
                    other = self.config.puts[owner[cx, cy]]
                    self.fail(line, _("piece {kind} at ({x},{y}) overlaps piece {other} put on line {line}")
                              .format(kind=kind, x=x, y=y, other=other[0], line=other[3]))
                owner[cx, cy] = index
                start[cy][cx] = chars[index]
        if not self.config.puts:
            self.fail(0, _("the file puts no piece on the board"))
        if not any(EMPTY in row for row in start):
            self.fail(0, _("the board has no empty cell, so no piece could ever move"))
        start_grid = tuple("".join(row) for row in start)
        same = self._same(chars)
        goal = self._goal(start, chars)
        gap = unplaced(piece_cells(start_grid), goal, same)
        if gap and gap.piece:
            self.fail(self.config.wins[-1][2], _("the goal shows {shown} of the pieces like '{piece}', but the start "
                                                 "has {count}: mark cells that may hold anything with '?'")
                      .format(shown=gap.shown, piece=gap.piece, count=gap.total))
        if gap:
            self.fail(self.config.wins[-1][2], ngettext(
                "the goal leaves {free} cell marked '?' for the pieces it does not show, which need {need}",
                "the goal leaves {free} cells marked '?' for the pieces it does not show, which need {need}",
                gap.free).format(free=gap.free, need=gap.need))
        common = Common(plain_title(self.config.title, self.origin), origin=self.origin)
        return BlocksDef(common, start_grid, goal, same, self._axis(chars))

    def _check_pieces(self) -> None:
        for kind, (cells, line) in self.config.pieces.items():
            if kind == 0:
                self.fail(line, _("piece type 0 is reserved for empty cells"))
            if len(set(cells)) != len(cells):
                self.fail(line, _("piece type {kind} names one cell twice").format(kind=kind))
            if not is_connected(cells):
                self.fail(line, _("piece type {kind} is split in two: its cells must touch edge to edge")
                          .format(kind=kind))
        for kind, _at, _label, line in self.config.puts:
            if kind not in self.config.pieces:
                self.fail(line, _("puts piece type {kind}, which no 'piece:' line defines").format(kind=kind))

    def _cells(self, kind: int, x: int, y: int, line: int) -> list[XY]:
        cells = [(x + dx, y + dy) for dx, dy in self.config.pieces[kind][0]]
        if not all(self._inside(cx, cy) for cx, cy in cells):
            self._outside(line, N_("piece {kind} at ({x},{y}) lies outside the {width}x{height} board"),
                          kind=kind, x=x, y=y)
        return cells

    def _characters(self) -> list[str]:
        """One character per placed piece: its label where usable, then letters and digits."""
        chars: list[str] = [""] * len(self.config.puts)
        for index, (_kind, _at, label, _line) in enumerate(self.config.puts):
            if label and is_cell(label) and label not in (EMPTY, WALL, ANY) and label not in chars:
                chars[index] = label
        spare = (ch for ch in PIECE_LETTERS if ch not in chars)
        return [ch or next(spare) for ch in chars]

    def _members(self, chars: list[str]) -> dict[int, list[str]]:
        members: dict[int, list[str]] = {}
        for (kind, _at, _label, _line), ch in zip(self.config.puts, chars):
            members.setdefault(kind, []).append(ch)
        return members

    def _same(self, chars: list[str]) -> tuple[str, ...]:
        return tuple("".join(group) for group in self._members(chars).values() if len(group) > 1)

    def _axis(self, chars: list[str]) -> dict[str, Axis]:
        members = self._members(chars)
        axis = {}
        for kind, locks in self.config.locks.items():
            line = max(locks.values())
            if kind not in self.config.pieces:
                self.fail(line, _("locks piece type {kind}, which no 'piece:' line defines").format(kind=kind))
            if len(locks) == 2:
                self.fail(line, _("piece type {kind} is locked both in x and in y, so it could never move")
                          .format(kind=kind))
            free = Axis.Y if "lockx" in locks else Axis.X
            axis.update({ch: free for ch in members.get(kind, [])})
        return axis

    def _goal(self, start: list[list[str]], chars: list[str]) -> tuple[str, ...]:
        """Win conditions as a goal grid: '?' where they say nothing."""
        if not self.config.wins:
            self.fail(0, _("the file has no 'win:' line, so the puzzle has no goal"))
        goal = [[WALL if ch == WALL else ANY for ch in row] for row in start]
        members = self._members(chars)
        claimed: dict[XY, int] = {}
        used: dict[int, int] = {}
        for kind, (x, y), line in self.config.wins:
            if kind == 0:
                cells, ch, empty = [(x, y)], EMPTY, True
                if not self._inside(x, y):
                    self._outside(line, N_("the empty cell ({x},{y}) lies outside the {width}x{height} board"),
                                  x=x, y=y)
            else:
                if kind not in self.config.pieces:
                    self.fail(line, _("wins with piece type {kind}, which no 'piece:' line defines").format(kind=kind))
                group = members.get(kind, [])
                wanted = used.get(kind, 0) + 1
                if wanted > len(group):
                    self._too_few(line, kind, wanted, len(group))
                cells, ch, empty = self._cells(kind, x, y, line), group[wanted - 1], False
                used[kind] = wanted
            for cx, cy in cells:
                if goal[cy][cx] == WALL:
                    message = WIN_ON_WALL[empty]
                    self.fail(line, _(message).format(kind=kind, x=x, y=y, wx=cx, wy=cy))
                if (cx, cy) in claimed and not (ch == EMPTY == goal[cy][cx]):
                    message = WIN_CLASH[empty]
                    self.fail(line, _(message).format(kind=kind, x=x, y=y, line=claimed[cx, cy]))
                claimed[cx, cy] = line
                goal[cy][cx] = ch
        return tuple("".join(row) for row in goal)

    def _too_few(self, line: int, kind: int, wanted: int, put: int) -> NoReturn:
        """A win condition for one more piece of a type than the board has."""
        if not put:
            self.fail(line, _("asks for a piece of type {kind}, but none is put on the board").format(kind=kind))
        self.fail(line, ngettext("asks for {wanted} pieces of type {kind}, but only {put} is put on the board",
                                 "asks for {wanted} pieces of type {kind}, but only {put} are put on the board", put)
                  .format(wanted=wanted, kind=kind, put=put))


# a win condition for a piece (False) or for an empty cell (True) that cannot be met, one sentence each
WIN_ON_WALL = {False: N_("the win condition piece {kind} at ({x},{y}) lies on the wall at ({wx},{wy})"),
               True: N_("the win condition the empty cell ({x},{y}) lies on the wall at ({wx},{wy})")}
WIN_CLASH = {False: N_("the win condition piece {kind} at ({x},{y}) clashes with the one on line {line}"),
             True: N_("the win condition the empty cell ({x},{y}) clashes with the one on line {line}")}
