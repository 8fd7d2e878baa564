"""What every puzzle shares: a board of cells, position text, moves, and the solver protocol.

A position is ``bytes``: one code per cell, row-major over the board's own cells, code 0
empty. It is immutable, hashable and cheap, and the numpy sweeps read it without copying.
A puzzle family builds a :class:`Puzzle` from its rules; the shared code never needs to
know which family it holds (what a puzzle is, beyond its rules, its spec declares).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping, Protocol, Sequence

from solvers.ranking import Ranker
from solvers.rules import EMPTY, Rule, RuleSet

from game.common.i18n import _, ngettext
from game.common.phrase import translated
from game.common.untrusted import shown
from game.rules.kinds import SLIDE, MoveKind


HOLE = "#"   # where a board has no cell, in position text


class PositionError(ValueError):
    """A position text or move that the puzzle cannot accept; the message is one sentence for people."""


@dataclass(frozen=True)
class Board:
    """The cells of a board inside its bounding grid. ``rows[r]`` lists the columns present in row r."""

    rows: tuple[tuple[int, ...], ...]
    cells: tuple[tuple[int, int], ...] = field(init=False)
    index: dict[tuple[int, int], int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        cells = tuple((r, c) for r, cols in enumerate(self.rows) for c in cols)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "index", {rc: i for i, rc in enumerate(cells)})

    @classmethod
    def rectangle(cls, width: int, height: int) -> "Board":
        return cls(tuple(tuple(range(width)) for _ in range(height)))

    @classmethod
    def from_grid(cls, grid: Sequence[str], hole: str = "#") -> "Board":
        """Board from grid rows, one character per cell; ``hole`` marks where there is no cell."""
        return cls(tuple(tuple(c for c, ch in enumerate(row) if ch != hole) for row in grid))

    @classmethod
    def from_picture(cls, picture: str) -> "Board":
        """Board from a drawing where each cell is one non-space character two columns apart."""
        rows = []
        for line in picture.strip("\n").splitlines():
            rows.append(tuple(i // 2 for i, ch in enumerate(line) if ch != " "))
        return cls(tuple(rows))

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max((max(cols) + 1 for cols in self.rows if cols), default=0)

    def __len__(self) -> int:
        return len(self.cells)

    def at(self, row: int, col: int) -> int | None:
        return self.index.get((row, col))

    def step(self, cell: int, dr: int, dc: int, times: int = 1) -> int | None:
        r, c = self.cells[cell]
        return self.at(r + dr * times, c + dc * times)

    def nearest(self, cell: int, dr: int, dc: int) -> int:
        """The cell a cursor moving that way from ``cell`` lands on: the nearest one ahead, straight
        ahead preferred (boards with holes and odd shapes too); ``cell`` itself when none is."""
        r0, c0 = self.cells[min(cell, len(self.cells) - 1)]
        best, best_score = cell, None
        for i, (r, c) in enumerate(self.cells):
            ahead = (r - r0) * dr + (c - c0) * dc
            if ahead <= 0:
                continue
            score = ahead + 2 * (abs((r - r0) * dc) + abs((c - c0) * dr))
            if best_score is None or score < best_score:
                best, best_score = i, score
        return best

    def drawn_step(self, a: int, b: int) -> tuple[int, int]:
        """Rows and columns from cell ``a`` to cell ``b`` as the board is drawn (a board drawn other than
        as its grid says otherwise: along a triangle's slant is no straight line)."""
        (r0, c0), (r1, c1) = self.cells[a], self.cells[b]
        return r1 - r0, c1 - c0

    def coord(self, cell: int) -> str:
        """A cell's name for people: column letter from the left, row number from the top (a1 = top-left)."""
        r, c = self.cells[cell]
        return f"{chr(ord('a') + c)}{r + 1}"

    def parse_coord(self, text: str) -> int:
        text = text.strip().lower()
        if not (2 <= len(text) <= 4 and "a" <= text[0] <= "z" and text[1:].isascii() and text[1:].isdigit()):
            raise PositionError(_("'{text}' is not a cell name like a1 (column letter, row number from the top).")
                                .format(text=shown(text)))
        cell = self.at(int(text[1:]) - 1, ord(text[0]) - ord("a"))
        if cell is None:
            raise PositionError(_("there is no cell {cell} on this board.").format(cell=text))
        return cell


class PieceKind(Protocol):
    """A kind of piece larger than one cell (a family's own type has these): its cells relative to its
    anchor (the first cell in reading order) and a code for each, so any cell of a piece leads to all."""

    @property
    def shape(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def codes(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Move:
    """A move names the piece's anchor cell before and after. Text form: 'PIECE from-to', e.g. 'B a1-c1'."""

    src: int
    dst: int
    rule: int = field(compare=False, hash=False, default=-1)


@dataclass(frozen=True)
class Symbols:
    """How codes read and print. ``names[code]`` is the printed token; ``aliases`` are extra accepted tokens."""

    names: dict[int, str]
    aliases: dict[str, int] = field(default_factory=dict)
    describe: dict[int, str] = field(default_factory=dict)

    def code(self, token: str) -> int | None:
        for code, name in self.names.items():
            if token == name:
                return code
        if token in self.aliases:
            return self.aliases[token]
        return self.aliases.get(token.lower())

    def name(self, code: int) -> str:
        return self.names[code]

    def plain(self, code: int) -> str:
        """The code's token in ASCII (an ASCII stand-in where the name is not), for plain terminals."""
        name = self.names[code]
        if name.isascii():
            return name
        return next((token for token, c in self.aliases.items() if c == code and token.isascii()),
                    name.encode("ascii", "backslashreplace").decode("ascii"))

    def label(self, code: int) -> str:
        return self.describe.get(code, self.names[code])

    def shown_label(self, code: int) -> str:
        """The label in the active language: a description is a marked message or a phrase ("tile {n}"),
        a bare symbol is data."""
        return translated(self.describe[code]) if code in self.describe else self.names[code]


Validator = Callable[[bytes], None]


@dataclass(frozen=True)
class Doors:
    """Cells only some pieces may stand on or pass through (a sliding-block box's exit, the gates round
    a goal): the door cells, and the anchor codes of the pieces that may (every piece of a kind alike).
    The rules keep the others off; the board draws the doors, and the editor places and removes them."""

    cells: frozenset[int] = frozenset()
    passing: frozenset[int] = frozenset()

    def admits(self, anchor_code: int, cells: Iterable[int]) -> bool:
        """Whether the piece whose anchor code is ``anchor_code`` may cover ``cells``."""
        return anchor_code in self.passing or self.cells.isdisjoint(cells)


NO_DOORS = Doors()


@dataclass
class Puzzle:
    """One named puzzle: board, pieces, rules, start and goals. Implements solvers.Problem."""

    name: str
    title: str
    move_rule: str            # one sentence: what a move is, the unit of "optimal"
    board: Board
    symbols: Symbols
    rules: RuleSet
    start: bytes
    goal_states: tuple[bytes, ...]
    reversible: bool
    ranker: Ranker | None = None
    goal_text: str = ""
    checks: Sequence[Validator] = ()
    heuristic: Callable[[bytes], int] | None = None
    kinds: Sequence[MoveKind] = ()     # every kind of move the rules may label a move with
    start_given: bool = True           # the puzzle names its start (False: its start is only a deal)
    doors: Doors = NO_DOORS            # cells only some pieces may enter (sliding blocks)

    def __post_init__(self) -> None:
        self.kind_of: dict[str, MoveKind] = {kind.label: kind for kind in self.kinds}
        unknown = sorted({rule.kind for rule in self.rules.rules} - set(self.kind_of))
        if unknown:   # a move nobody declared would borrow another's sound and timing: refused here
            raise ValueError(f"{self.name}: the rules label moves {unknown}, which no declared kind of move names")

    # -- in words --------------------------------------------------------------------

    def shown_title(self) -> str:
        """The title in the active language (a puzzle file's own title stays as it is)."""
        return translated(self.title)

    def shown_rule(self) -> str:
        """The move rule in the active language (the field is English: the command line's)."""
        return translated(self.move_rule)

    def shown_goal(self) -> str:
        """The goal in the active language ('' where the board's picture of it says it all)."""
        return translated(self.goal_text)

    def as_saved_before(self) -> "Puzzle":
        """The puzzle as saved games written before its cells were named as they are drawn read it:
        itself, unless its board names its cells otherwise now (a triangle's holes)."""
        return self

    # -- the solver protocol -------------------------------------------------------

    def successors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        for i, nxt in self.rules.successors(state):
            r = self.rules.rules[i]
            yield Move(r.src, r.dst, i), nxt

    def predecessors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        for i, prev in self.rules.predecessors(state):
            r = self.rules.rules[i]
            yield Move(r.src, r.dst, i), prev

    def is_goal(self, state: bytes) -> bool:
        return state in self.goal_states

    def goals(self) -> tuple[bytes, ...]:
        return self.goal_states

    # -- moves ---------------------------------------------------------------------

    def legal_moves(self, state: bytes) -> list[Move]:
        return [m for m, _ in self.successors(state)]

    def carried(self, before: bytes, move: Move) -> tuple[tuple[int, int], ...]:
        """(from, to) cells of every piece cell the move carries, read from its rule's permutation."""
        rule = self.rules.rules[move.rule] if 0 <= move.rule < len(self.rules.rules) else None
        if rule is None:
            rule = next((self.rules.rules[m.rule] for m in self.legal_moves(before) if m == move and m.rule >= 0),
                        None)
        if rule is None:
            return ((move.src, move.dst),)
        return tuple((rule.cells[p], cell) for cell, p in zip(rule.cells, rule.perm)
                     if rule.cells[p] != cell and before[rule.cells[p]] != EMPTY)

    @property
    def piece_kinds(self) -> tuple[PieceKind, ...]:
        """The kinds of piece that cover several cells (none: every occupied cell is a piece of its own)."""
        return ()

    @property
    def moves_are_rules(self) -> bool:
        """Every move is one of the rules (a table may be built over them); not where a move is a chain
        of the rules' steps (a sliding block's path)."""
        return True

    def settle(self, state: bytes) -> bytes:
        """The position once pieces the editor put down have settled: where a piece cannot stand just
        anywhere (a disc slides down its peg into size order); most pieces stay where they are put."""
        return state

    def route(self, state: bytes, move: Move) -> list[int]:
        """The cells a move's piece passes through, from its start to its end (for animation)."""
        return [move.src, move.dst]

    def joins(self, first: Move, then: Move) -> bool:
        """Whether ``then``, moving the piece ``first`` just moved, continues the same move (as one
        piece's steps do where a move is a whole slide); most puzzles count every step."""
        return False

    def split(self, before: bytes, move: Move, after: bytes) -> list[tuple[Move, bytes]] | None:
        """The moves of this puzzle that make ``move`` of the same puzzle counted another way (from
        ``before`` to ``after``), each with the position it leads to, where the family knows them
        (a Sokoban push with the walk to it); None: the fewest moves of its one piece make it."""
        return None

    def move_kind(self, move: Move) -> MoveKind:
        """What kind of move it is: how it is drawn, timed, heard and named."""
        rules = self.rules.rules
        if 0 <= move.rule < len(rules):
            return self.kind_of[rules[move.rule].kind]
        label = next((r.kind for r in rules if r.src == move.src and r.dst == move.dst), None)   # a move read from text
        return self.kind_of[label] if label is not None else self.kinds[0]

    def play(self, state: bytes, move: Move) -> bytes:
        """The position after ``move``; raises PositionError if it is not legal here."""
        for m, nxt in self.successors(state):
            if m == move:
                return nxt
        raise PositionError(_("{move} is not a legal move here.").format(move=self.move_text(state, move)))

    def token(self, code: int, plain: bool = False) -> str:
        return self.symbols.plain(code) if plain else self.symbols.name(code)

    def cell_tokens(self, state: bytes, plain: bool = False) -> list[str]:
        """Each cell's token in position text, move text and pictures: its code's name (a family whose
        identical pieces bear names of their own hands them out by the position instead)."""
        return [self.token(v, plain) for v in state]

    def move_text(self, state: bytes, move: Move, plain: bool = False) -> str:
        """'PIECE from-to'; ``plain``: ASCII only."""
        piece = self.cell_tokens(state, plain)[move.src]
        return f"{piece} {self.board.coord(move.src)}-{self.board.coord(move.dst)}"

    def parse_move(self, state: bytes, text: str) -> Move:
        parts = text.split()
        if not parts or len(parts) > 2 or "-" not in parts[-1]:
            raise PositionError(_("'{text}' is not a move like 'B a1-c1' (piece, from, to).").format(text=shown(text)))
        a, _dash, b = parts[-1].partition("-")
        move = Move(self.board.parse_coord(a), self.board.parse_coord(b))
        if len(parts) == 2 and self.symbols.code(parts[0]) != state[move.src]:
            # Translators: a piece's symbol ("B", "5") and a cell name ("a1")
            raise PositionError(_("there is no {piece} on {cell}.").format(piece=shown(parts[0]), cell=a))
        self.play(state, move)
        return move

    # -- position text ---------------------------------------------------------------

    def format(self, state: bytes, plain: bool = False) -> str:
        """Position text (rows by '/', cells by spaces, a hole in the board '#', so each row is as wide
        as the board and the text is a puzzle file's grid too); ``plain``: ASCII stand-ins for other
        symbols."""
        tokens = self.cell_tokens(state, plain)
        out, i, width = [], 0, self.board.width
        for cols in self.board.rows:
            row = [HOLE] * width
            for c, token in zip(cols, tokens[i:i + len(cols)]):
                row[c] = token
            out.append(" ".join(row))
            i += len(cols)
        return "/".join(out)

    def parse(self, text: str) -> bytes:
        """Position from text; raises PositionError with one sentence naming the problem. A row of a
        board with holes may write them '#' or leave them out."""
        rows = [self._tokens(r) for r in text.strip().split("/")]
        if len(rows) != self.board.height:
            raise PositionError(rows_problem(self.title, self.board.height, len(rows)))
        codes: list[int] = []
        for r, (tokens, cols) in enumerate(zip(rows, self.board.rows), start=1):
            tokens = self._without_holes(r, tokens, cols)
            if len(tokens) != len(cols):
                raise PositionError(cells_problem(self.title, r, len(cols), len(tokens)))
            for t in tokens:
                code = self.symbols.code(t)
                if code is None:
                    raise PositionError(not_a_piece(self.title, t, r))
                codes.append(code)
        state = bytes(codes)
        self.check(state)
        return state

    def _tokens(self, row: str) -> list[str]:
        """A row's tokens: separated by spaces, or, where every piece's symbol is one character, a
        character each (a row as a puzzle file's grid writes it: 'BB.WW')."""
        row = row.strip()
        if " " in row or len(row) < 2 or any(len(name) != 1 for name in self.symbols.names.values()):
            return row.split()
        return list(row)

    def _without_holes(self, row: int, tokens: list[str], cols: tuple[int, ...]) -> list[str]:
        """A row's tokens for its cells: a row written with its holes ('#' where the board has none,
        the board's whole width, and as a puzzle file's grid may write them, beyond its last cell) loses
        them; one without is as it is."""
        if HOLE not in tokens and len(tokens) == len(cols):
            return tokens
        width = self.board.width
        if len(tokens) > width and all(token == HOLE for token in tokens[width:]):
            tokens = tokens[:width]   # the file's columns of holes right of the board's last cell
        if len(tokens) == width:
            for c, token in enumerate(tokens):
                if (token == HOLE) != (c not in cols):
                    raise PositionError(_("row {row}, cell {cell}: the holes of {title} do not move.")
                                        .format(row=row, cell=c + 1, title=self.shown_title()))
            return [t for t in tokens if t != HOLE]
        return tokens

    def check(self, state: bytes) -> None:
        """Same pieces as the start, plus the family's own checks (parity, block placement...)."""
        want = _count(self.start)
        have = _count(state)
        for code in sorted(set(want) | set(have)):
            had, wanted = have.get(code, 0), want.get(code, 0)
            if had != wanted:
                if code == EMPTY:
                    text = ngettext("the position has {n} empty cell, but {title} has {want}.",
                                    "the position has {n} empty cells, but {title} has {want}.", had)
                else:
                    text = ngettext("the position has {n} '{piece}' piece, but {title} has {want}.",
                                    "the position has {n} '{piece}' pieces, but {title} has {want}.", had)
                raise PositionError(text.format(n=had, want=wanted, title=self.shown_title(),
                                                piece=self.symbols.shown_label(code)))
        for validate in self.checks:
            validate(state)

    def picture(self, state: bytes, plain: bool = False) -> str:
        """Multi-line drawing of a position on its bounding grid, for the terminal."""
        width = max(len(self.token(code, plain)) for code in self.symbols.names)
        tokens = self.cell_tokens(state, plain)
        lines = []
        i = 0
        for cols in self.board.rows:
            cells = [" " * width] * self.board.width
            for c in cols:
                cells[c] = tokens[i].rjust(width)
                i += 1
            lines.append(" ".join(cells).rstrip())
        return "\n".join(lines)


def rows_problem(title: str, height: int, given: int) -> str:
    """A position text with the wrong number of rows, in one sentence."""
    return ngettext("{title} has {height} row separated by '/', but the position has {given}.",
                    "{title} has {height} rows separated by '/', but the position has {given}.",
                    height).format(title=_(title), height=height, given=given)


def cells_problem(title: str, row: int, width: int, given: int) -> str:
    """A row of a position text with the wrong number of cells, in one sentence."""
    return ngettext("row {row} of {title} has {width} cell, but the position gives {given}.",
                    "row {row} of {title} has {width} cells, but the position gives {given}.",
                    width).format(row=row, title=_(title), width=width, given=given)


def not_a_piece(title: str, token: str, row: int | None = None) -> str:
    """A token of a position text that names no piece of the puzzle, in one sentence."""
    if row is None:
        return _("'{token}' is not a piece of {title}.").format(token=shown(token), title=_(title))
    return _("'{token}' in row {row} is not a piece of {title}.").format(token=shown(token), row=row, title=_(title))


def grid_state(grid: Sequence[str], codes: Mapping[str, int], hole: str = "#") -> bytes:
    """The position a grid shows, row-major over the board's cells (holes left out)."""
    return bytes(codes[ch] for row in grid for ch in row if ch != hole)


def _count(state: bytes) -> dict[int, int]:
    counts: dict[int, int] = {}
    for v in state:
        counts[v] = counts.get(v, 0) + 1
    return counts


def swap_rule(piece_cell: int, empty_cell: int, pieces: frozenset[int], kind: str = SLIDE.label) -> Rule:
    """A one-cell piece moving into an empty cell."""
    return Rule((piece_cell, empty_cell), (pieces, frozenset({EMPTY})), (1, 0), piece_cell, empty_cell, kind)
