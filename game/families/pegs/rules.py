"""Peg solitaire: a peg jumps over a neighbouring peg, in one of the board's directions, into the
empty hole right behind it, and the peg jumped over is taken off the board.

Every jump is a rewrite rule that also takes a piece off (:class:`solvers.rules.Rule` with ``sets``),
so the generic searches and sweeps play it as they play any move. How a move is counted: ``jump``,
every jump; ``chain``, one peg's jumps in a row are one move. Under ``chain`` a move is a
:class:`Chain`: the holes the peg lands in on its way name it, since two chains between the same
holes may take different pegs. The player still jumps one jump at a time; a jump by the peg that
moved last joins its move (:meth:`PegsPuzzle.joins`), as a sliding block's steps join its path.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Iterator

from solvers.ranking import BitmaskRanker
from solvers.rules import EMPTY, Rule, RuleSet

from game.common.i18n import N_, _
from game.common.phrase import Phrase
from game.common.untrusted import shown
from game.families.pegs.counts import CHAIN, COUNTS, JUMP as JUMP_COUNT
from game.families.pegs.files import PEG as PEG_CHAR, PegsDef
from game.families.pegs.geometry import Geometry, Pattern
from game.families.pegs.kinds import JUMP, KINDS
from game.families.pegs.lattice import LatticeBoard, lean_of
from game.rules.counts import Count
from game.rules.directions import DIRECTIONS
from game.rules.kinds import MoveKind
from game.rules.puzzle import Board, Move, PositionError, Puzzle, Symbols

__all__ = ["Chain", "PEG", "PegsPuzzle", "count_named", "make_pegs"]

PEG = 1
SYMBOLS = Symbols({EMPTY: ".", PEG: PEG_CHAR}, aliases={"O": PEG, "_": EMPTY},
                  describe={EMPTY: N_("empty hole"), PEG: N_("peg")})
GOAL_STATES = 4096      # goal positions listed for the searches that start from them; a larger goal is a pattern


@dataclass(frozen=True)
class Chain(Move):
    """One peg's jumps in a row, as one move: from ``src`` through the holes ``via`` to ``dst``."""

    via: tuple[int, ...] = ()

    @property
    def landings(self) -> tuple[int, ...]:
        return (*self.via, self.dst)


def count_named(key: str) -> Count:
    return next(c for c in COUNTS if c.key == key)


def jump_rules(board: Board, steps: tuple[tuple[int, int], ...]) -> list[Rule]:
    """Every jump: two pegs and an empty hole in a line; the first lands in the hole, the second is taken."""
    peg, free = frozenset({PEG}), frozenset({EMPTY})
    rules = []
    for a in range(len(board)):
        for dr, dc in steps:
            b, c = board.step(a, dr, dc), board.step(a, dr, dc, 2)
            if b is not None and c is not None:
                rules.append(Rule((a, b, c), (peg, peg, free), (2, 1, 0), a, c, JUMP.label, sets=((b, EMPTY),)))
    return rules


class PegsPuzzle(Puzzle):
    """A peg-solitaire puzzle: its goal a pattern, its moves jumps or chains of one peg's jumps."""

    def __init__(self, *, count: Count, geometry: Geometry, pattern: Pattern, **fields: object) -> None:
        super().__init__(**fields)  # type: ignore[arg-type]
        self.count = count
        self.geometry = geometry
        self.pattern = pattern
        self.by_src: dict[int, list[tuple[int, Rule]]] = {}
        self.by_dst: dict[int, list[tuple[int, Rule]]] = {}
        for i, rule in enumerate(self.rules.rules):
            self.by_src.setdefault(rule.src, []).append((i, rule))
            self.by_dst.setdefault(rule.dst, []).append((i, self.rules.inverse_rules[i]))

    @property
    def chains(self) -> bool:
        return self.count is CHAIN

    def as_saved_before(self) -> PegsPuzzle:
        """A triangle's holes named by the file's columns, as saved games written before named them."""
        if not isinstance(self.board, LatticeBoard):
            return self
        older = copy.copy(self)
        older.board = self.board.as_written()
        return older

    # -- goal and positions ----------------------------------------------------------------------

    def is_goal(self, state: bytes) -> bool:
        return self.pattern.holds(Geometry.mask_of(state))

    def check(self, state: bytes) -> None:
        """Pegs and empty holes only, one peg at least (a jump takes pegs off: their number changes)."""
        if len(state) != len(self.board) or any(code > PEG for code in state):
            raise PositionError(_("this position does not fit the puzzle's board."))
        if PEG not in state:
            raise PositionError(_("the position has no peg, but {title} needs at least one.")
                                .format(title=self.shown_title()))

    # -- moves ------------------------------------------------------------------------------------

    def successors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        if not self.chains:
            yield from super().successors(state)
            return
        for src, code in enumerate(state):
            if code == PEG:
                yield from self._chains_from(state, src)

    def _chains_from(self, state: bytes, src: int) -> Iterator[tuple[Chain, bytes]]:
        """Every chain of the peg on ``src``, depth first: each jump it can make next ends one."""
        todo: list[tuple[bytes, int, tuple[int, ...], int]] = [(state, src, (), -1)]
        while todo:
            board, at, landed, first = todo.pop()
            for i, rule in self.by_src.get(at, ()):
                if rule.matches(board):
                    after = rule.apply(board)
                    yield Chain(src, rule.dst, first if first >= 0 else i, landed), after
                    todo.append((after, rule.dst, (*landed, rule.dst), first if first >= 0 else i))

    def predecessors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        if not self.chains:
            yield from super().predecessors(state)
            return
        for dst, code in enumerate(state):
            if code == PEG:
                yield from self._chains_into(state, dst)

    def _chains_into(self, state: bytes, dst: int) -> Iterator[tuple[Chain, bytes]]:
        """Every chain that ends with a peg on ``dst``, found by taking its jumps back, last first
        (``path``: the holes from where the peg is now on to ``dst``)."""
        todo: list[tuple[bytes, tuple[int, ...]]] = [(state, (dst,))]
        while todo:
            board, path = todo.pop()
            for i, back in self.by_dst.get(path[0], ()):
                if back.matches(board):
                    before = back.apply(board)
                    yield Chain(back.dst, dst, i, path[:-1]), before
                    todo.append((before, (back.dst, *path)))

    @property
    def moves_are_rules(self) -> bool:
        return not self.chains

    def joins(self, first: Move, then: Move) -> bool:
        """The peg that moved last jumps again: one chain."""
        return self.chains and then.src == first.dst

    def route(self, state: bytes, move: Move) -> list[int]:
        """The holes the peg lands in, from where it starts."""
        return [move.src, *move.via, move.dst] if isinstance(move, Chain) else [move.src, move.dst]

    def taken(self, move: Move) -> list[int]:
        """The holes of the pegs a move jumps over (taken off), in the order it takes them."""
        holes = self.route(b"", move)
        return [self._between(a, c) for a, c in zip(holes, holes[1:])]

    def _between(self, a: int, c: int) -> int:
        (r0, c0), (r1, c1) = self.board.cells[a], self.board.cells[c]
        hole = self.board.at((r0 + r1) // 2, (c0 + c1) // 2)
        assert hole is not None
        return hole

    def carried(self, before: bytes, move: Move) -> tuple[tuple[int, int], ...]:
        return ((move.src, move.dst),)

    def move_kind(self, move: Move) -> MoveKind:
        return JUMP

    def move_text(self, state: bytes, move: Move, plain: bool = False) -> str:
        """'o d2-d4', or for a chain every hole it lands in: 'o d2-d4-f4'."""
        holes = "-".join(self.board.coord(h) for h in self.route(state, move))
        return f"{self.token(state[move.src], plain)} {holes}"

    def parse_move(self, state: bytes, text: str) -> Move:
        parts = text.split()
        holes = parts[-1].split("-") if parts else []
        if not parts or len(parts) > 2 or len(holes) < 2:
            raise PositionError(_("'{text}' is not a move like 'o d2-d4' (peg, from, to).").format(text=shown(text)))
        if len(parts) == 2 and self.symbols.code(parts[0]) != PEG:
            raise PositionError(_("'{text}' is not a move like 'o d2-d4' (peg, from, to).").format(text=shown(text)))
        cells = [self.board.parse_coord(h) for h in holes]
        for move, _after in self.successors(state):
            if self.route(state, move) == cells:
                return move
        shown_move = f"{PEG_CHAR} {'-'.join(holes)}"
        raise PositionError(_("{move} is not a legal move here.").format(move=shown(shown_move)))


def goal_words(defn: PegsDef, pattern: Pattern, geometry: Geometry, board: Board) -> str:
    """The goal in one phrase: where the last peg must be, or how many are left."""
    if pattern.count == 1 and pattern.pegs:
        hole = pattern.pegs.bit_length() - 1
        return Phrase(N_("one peg left, on {cell}"), cell=board.coord(hole))
    if defn.goal is None and pattern.count > 0:
        return Phrase(N_("{n} pegs left, anywhere") if pattern.count > 1 else N_("one peg left, anywhere"),
                      n=pattern.count)
    return N_("the pegs as the goal shows")


def pattern_of(defn: PegsDef, board: Board) -> Pattern:
    pegs = empty = 0
    if defn.goal is not None:
        cells = [ch for row in defn.goal for ch in row if ch != "#"]
        for i, ch in enumerate(cells):
            if ch == PEG_CHAR:
                pegs |= 1 << i
            elif ch == ".":
                empty |= 1 << i
    count = defn.goal_pegs if defn.goal_pegs is not None else (
        pegs.bit_count() if defn.goal is not None and "?" not in "".join(defn.goal) else -1)
    return Pattern(pegs, empty, count)


def make_pegs(name: str, defn: PegsDef, count: Count | None = None) -> PegsPuzzle:
    """The rules of a peg-solitaire file's puzzle, under a move count (default: its own)."""
    count = count or count_named(defn.moves)
    steps = tuple(DIRECTIONS[d] for d in defn.directions)
    board = Board.from_grid(defn.start)
    if lean_of(set(steps)):   # a triangular lattice: its holes named as drawn
        board = LatticeBoard(board.rows, lean_of(set(steps)))
    geometry = Geometry(board.cells, steps)
    pattern = pattern_of(defn, board)
    start = bytes(PEG if ch == PEG_CHAR else EMPTY for row in defn.start for ch in row if ch != "#")
    listed = pattern.states(len(board), GOAL_STATES) if geometry.fits else None
    goals = tuple(geometry.state_of(mask) for mask in listed) if listed is not None else ()
    return PegsPuzzle(
        count=count, geometry=geometry, pattern=pattern,
        name=name, title=defn.common.title, move_rule=count.rule, board=board, symbols=SYMBOLS,
        rules=RuleSet(jump_rules(board, steps), len(board)), start=start, goal_states=goals, reversible=False,
        ranker=BitmaskRanker(len(board)) if len(board) < 63 else None,
        goal_text=goal_words(defn, pattern, geometry, board), kinds=KINDS)
