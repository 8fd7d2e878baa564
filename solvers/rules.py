"""Moves as rewrite rules over a row of cells.

Every puzzle in the collection moves pieces into empty cells: a tile slides, a frog
slides or jumps, a pair of stones is carried, a knight hops, a two-cell block shifts.
Each of these is a *rule*: a few cells, a set of allowed contents per cell, and a
permutation saying where each cell's content goes; a rule may also take pieces off the
board (a peg jumped over is removed), setting cells to a fixed content. One representation serves the
scalar search (states are ``bytes``) and the vectorised numpy sweep (states are rows
of a ``uint8`` array), and the predecessor rule is derived exactly, which is what
one-way puzzles such as frogs need for searching backwards from the goal.

Code 0 is always the empty cell.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

import numpy as np

EMPTY = 0


@dataclass(frozen=True)
class Rule:
    """If ``state[cells[i]] in allowed[i]`` for all i, the move sets
    ``new[cells[i]] = old[cells[perm[i]]]``, then each cell of ``sets`` to its code (a piece
    taken off: the cell set empty). ``src``/``dst`` name the move for people: where the
    moving piece (its anchor cell) starts and where it ends.

    A set cell keeps its place in the permutation and allows one code before the move, so the
    move read backwards is a rule too (:meth:`inverse` puts that code back)."""

    cells: tuple[int, ...]
    allowed: tuple[frozenset[int], ...]
    perm: tuple[int, ...]
    src: int
    dst: int
    kind: str = "slide"
    sets: tuple[tuple[int, int], ...] = ()
    _writes: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (len(self.cells) == len(self.allowed) == len(self.perm)):
            raise ValueError("rule cells, allowed sets and permutation differ in length")
        if sorted(self.perm) != list(range(len(self.perm))):
            raise ValueError("rule permutation is not a permutation")
        for cell, _code in self.sets:
            i = self.cells.index(cell) if cell in self.cells else -1
            if i < 0 or self.perm[i] != i or len(self.allowed[i]) != 1:
                raise ValueError("a rule sets only cells it tests for one code and leaves in place")
        writes = tuple(
            (c, self.cells[p]) for c, p in zip(self.cells, self.perm) if self.cells[p] != c
        )
        object.__setattr__(self, "_writes", writes)

    def matches(self, state: bytes) -> bool:
        return all(state[c] in ok for c, ok in zip(self.cells, self.allowed))

    def apply(self, state: bytes) -> bytes:
        out = bytearray(state)
        for dst, src in self._writes:
            out[dst] = state[src]
        for cell, code in self.sets:
            out[cell] = code
        return bytes(out)

    def mask(self, boards: np.ndarray, skip: int = -1) -> np.ndarray | None:
        """Which rows of ``boards`` the rule applies to (None: all), not testing cell ``skip``."""
        mask = None
        for c, ok in zip(self.cells, self.allowed):
            if c == skip:
                continue
            hit = boards[:, c] == next(iter(ok)) if len(ok) == 1 else _lookup(ok)[boards[:, c]]
            mask = hit if mask is None else mask & hit
        return mask

    def apply_rows(self, boards: np.ndarray) -> np.ndarray:
        """The rule applied to every row of ``boards`` (rows it matches)."""
        out = boards.copy()
        for dst, src in self._writes:
            out[:, dst] = boards[:, src]
        for cell, code in self.sets:
            out[:, cell] = code
        return out

    def inverse(self) -> "Rule":
        """The rule that undoes this one, matched against the position *after* it.

        After the move, cell i holds what cell perm[i] held, so its content lies in
        allowed[perm[i]]; applying the inverse permutation restores the old position.
        Because conditions are per cell, this characterises predecessors exactly.
        """
        n = len(self.perm)
        inv = [0] * n
        for i, p in enumerate(self.perm):
            inv[p] = i
        allowed = [self.allowed[self.perm[i]] for i in range(n)]
        sets = []
        for cell, code in self.sets:   # afterwards the cell holds the code it was set to; before, its one code
            i = self.cells.index(cell)
            allowed[i] = frozenset({code})
            sets.append((cell, next(iter(self.allowed[i]))))
        return Rule(
            cells=self.cells,
            allowed=tuple(allowed),
            perm=tuple(inv),
            src=self.dst,
            dst=self.src,
            kind=self.kind,
            sets=tuple(sets),
        )

    @property
    def conserves(self) -> bool:
        """Whether the move keeps every piece on the board (it only moves them)."""
        return not self.sets

    def empty_anchor(self) -> int:
        """A cell that must be empty for the rule to apply (every move needs one)."""
        for c, ok in zip(self.cells, self.allowed):
            if ok == {EMPTY}:
                return c
        raise ValueError("a rule must move something into an empty cell")


class RuleSet:
    """All rules of a puzzle, indexed by the empty cell each one needs."""

    def __init__(self, rules: Iterable[Rule], ncells: int) -> None:
        self.rules: tuple[Rule, ...] = tuple(rules)
        self.ncells = ncells
        self.inverse_rules: tuple[Rule, ...] = tuple(r.inverse() for r in self.rules)
        self._forward = self._index(self.rules)
        # forward rule i and inverse rule i are the same move seen from either end
        self._backward = self._index(self.inverse_rules)

    def _index(self, rules: tuple[Rule, ...]) -> list[list[tuple[int, Rule]]]:
        by_cell: list[list[tuple[int, Rule]]] = [[] for _ in range(self.ncells)]
        for i, r in enumerate(rules):
            by_cell[r.empty_anchor()].append((i, r))
        return by_cell

    def _matching(self, state: bytes, index: list[list[tuple[int, Rule]]]) -> Iterator[tuple[int, Rule]]:
        at = state.find(EMPTY)
        while at != -1:
            for i, r in index[at]:
                if r.matches(state):
                    yield i, r
            at = state.find(EMPTY, at + 1)

    def successors(self, state: bytes) -> Iterator[tuple[int, bytes]]:
        """(rule index, next state) for every legal move."""
        for i, r in self._matching(state, self._forward):
            yield i, r.apply(state)

    def predecessors(self, state: bytes) -> Iterator[tuple[int, bytes]]:
        """(rule index, previous state) such that that rule leads from previous to ``state``."""
        for i, r in self._matching(state, self._backward):
            yield i, r.apply(state)

    # -- vectorised forms, for sweeps over whole layers of positions -------------

    def expand(self, boards: np.ndarray, backward: bool = False) -> Iterator[np.ndarray]:
        """Yield, rule by rule, the successors (or predecessors) of every row of ``boards``."""
        for _, _, children in self.expand_tracked(boards, backward):
            yield children

    def expand_tracked(self, boards: np.ndarray, backward: bool = False,
                       only: Iterable[int] | None = None) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
        """Yield (rule index, rows of ``boards`` it applies to, their successors), rule by rule
        (``only``: just these rules; ``backward``: predecessors by the inverse rules).

        Rules are grouped by the empty cell they need, so each group first narrows the
        rows to those with that cell empty (one contiguous comparison), and only that
        subset is tested against the rules' other cells.
        """
        index = self._backward if backward else self._forward
        wanted = None if only is None else set(only)
        anchor_column = np.ascontiguousarray(boards.T)
        for anchor, rules in enumerate(index):
            if wanted is not None:
                rules = [(i, r) for i, r in rules if i in wanted]
            if not rules:
                continue
            rows = np.flatnonzero(anchor_column[anchor] == EMPTY)
            if not len(rows):
                continue
            subset = boards[rows]
            for i, r in rules:
                mask = r.mask(subset, skip=anchor)
                chosen = subset if mask is None else subset[mask]
                if not len(chosen):
                    continue
                yield i, (rows if mask is None else rows[mask]), r.apply_rows(chosen)


_LUTS: dict[frozenset[int], np.ndarray] = {}


def _lookup(codes: frozenset[int]) -> np.ndarray:
    lut = _LUTS.get(codes)
    if lut is None:
        lut = np.zeros(256, dtype=bool)
        lut[list(codes)] = True
        _LUTS[codes] = lut
    return lut


class RuleMatrix:
    """Every rule of a set tested at once on a block of boards, by candidates.

    The loop over rules in :meth:`RuleSet.expand_tracked` costs a few numpy calls per rule,
    which dominates when frontiers are small (sliding-block searches, path moves). Here the
    candidates of each board are found by index (the rules needing one of its empty cells, or,
    following one piece, the rules moving the piece where it stands), every (board, candidate)
    pair is tested by gathering its condition cells through tables of allowed codes, and each
    match is applied with one gather of a full board permutation.
    """

    def __init__(self, rules: Sequence[Rule], ncells: int) -> None:
        self.ncells = ncells
        width = max((len(r.cells) for r in rules), default=1)
        sets: dict[frozenset[int], int] = {frozenset(range(256)): 0}
        self.cells = np.zeros((len(rules), width), dtype=np.intp)
        self.sets = np.zeros((len(rules), width), dtype=np.intp)
        self.gather = np.tile(np.arange(ncells, dtype=np.intp), (len(rules), 1))
        self.fixed = np.zeros((len(rules), ncells), dtype=bool)   # cells a rule sets to a code (pieces taken)
        self.codes = np.zeros((len(rules), ncells), dtype=np.uint8)
        for i, r in enumerate(rules):
            # cells that must be empty first: they rule out most candidates, so later columns test fewer
            conditions = sorted(zip(r.cells, r.allowed), key=lambda cell_ok: cell_ok[1] != {EMPTY})
            for j, (c, ok) in enumerate(conditions):
                self.cells[i, j] = c
                self.sets[i, j] = sets.setdefault(ok, len(sets))
            for dst, src in r._writes:
                self.gather[i, dst] = src
            for cell, code in r.sets:
                self.fixed[i, cell], self.codes[i, cell] = True, code
        self.takes = bool(self.fixed.any())
        self.luts = np.zeros((len(sets), 256), dtype=bool)
        for ok, k in sets.items():
            self.luts[k, list(ok)] = True
        self._lut_flat = self.luts.reshape(-1)
        self._sets_at = self.sets * 256                  # a condition's row in the flat lookup table
        self.src = np.array([r.src for r in rules], dtype=np.intp)
        self.dst = np.array([r.dst for r in rules], dtype=np.intp)
        self._by_empty = _index([r.empty_anchor() for r in rules], ncells)
        self._by_src = _index([r.src for r in rules], ncells)

    def step(self, boards: np.ndarray, at: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(rows, rule indices, children) of every rule that applies to a row of ``boards``; with
        ``at``, only rules whose moving piece starts at ``at[row]``."""
        if at is None:
            rows, cells = np.nonzero(boards == EMPTY)
            order, starts, counts = self._by_empty
        else:
            rows, cells = np.arange(len(boards)), np.asarray(at, dtype=np.intp)
            order, starts, counts = self._by_src
        n = counts[cells]
        ends = np.cumsum(n)
        pair_rows = np.repeat(rows, n)
        rules = order[np.arange(ends[-1] if len(ends) else 0) + np.repeat(starts[cells] - ends + n, n)]
        flat = np.ascontiguousarray(boards).reshape(-1)   # flat indices: one take instead of 2-D fancy indexing
        base = pair_rows * self.ncells
        for j in range(self.cells.shape[1]):             # column by column, keeping the candidates that pass
            codes = np.take(flat, base + np.take(self.cells[:, j], rules))
            ok = np.take(self._lut_flat, np.take(self._sets_at[:, j], rules) + codes)
            pair_rows, rules, base = pair_rows[ok], rules[ok], base[ok]
        children = np.take(flat, base[:, None] + np.take(self.gather, rules, axis=0))
        if self.takes:
            children = np.where(self.fixed[rules], self.codes[rules], children)
        return pair_rows, rules, children


def _index(keys: Sequence[int], ncells: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rules grouped by a cell: (rule order, start of each cell's group, its size)."""
    keys_array = np.asarray(keys, dtype=np.intp)
    order = np.argsort(keys_array, kind="stable")
    counts = np.bincount(keys_array, minlength=ncells).astype(np.intp)
    return order, np.cumsum(counts) - counts, counts
