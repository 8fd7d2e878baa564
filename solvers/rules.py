"""Moves as rewrite rules over a row of cells.

Every puzzle in the collection moves pieces into empty cells: a tile slides, a frog
slides or jumps, a pair of stones is carried, a knight hops, a two-cell block shifts.
Each of these is a *rule*: a few cells, a set of allowed contents per cell, and a
permutation saying where each cell's content goes. One representation serves the
scalar search (states are ``bytes``) and the vectorised numpy sweep (states are rows
of a ``uint8`` array), and the predecessor rule is derived exactly, which is what
one-way puzzles such as frogs need for searching backwards from the goal.

Code 0 is always the empty cell.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

import numpy as np

EMPTY = 0


@dataclass(frozen=True)
class Rule:
    """If ``state[cells[i]] in allowed[i]`` for all i, the move sets
    ``new[cells[i]] = old[cells[perm[i]]]``. ``src``/``dst`` name the move for people:
    where the moving piece (its anchor cell) starts and where it ends."""

    cells: tuple[int, ...]
    allowed: tuple[frozenset[int], ...]
    perm: tuple[int, ...]
    src: int
    dst: int
    kind: str = "slide"
    _writes: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (len(self.cells) == len(self.allowed) == len(self.perm)):
            raise ValueError("rule cells, allowed sets and permutation differ in length")
        if sorted(self.perm) != list(range(len(self.perm))):
            raise ValueError("rule permutation is not a permutation")
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
        return bytes(out)

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
        return Rule(
            cells=self.cells,
            allowed=tuple(self.allowed[self.perm[i]] for i in range(n)),
            perm=tuple(inv),
            src=self.dst,
            dst=self.src,
            kind=self.kind,
        )

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
        """Yield, rule by rule, the successors (or predecessors) of every row of ``boards``.

        Rules are grouped by the empty cell they need, so each group first narrows the
        rows to those with that cell empty (one contiguous comparison), and only that
        subset is tested against the rules' other cells.
        """
        index = self._backward if backward else self._forward
        anchor_column = np.ascontiguousarray(boards.T)
        for anchor, rules in enumerate(index):
            if not rules:
                continue
            rows = np.flatnonzero(anchor_column[anchor] == EMPTY)
            if not len(rows):
                continue
            subset = boards[rows]
            for _, r in rules:
                mask = None
                for c, ok in zip(r.cells, r.allowed):
                    if c == anchor:
                        continue
                    hit = subset[:, c] == next(iter(ok)) if len(ok) == 1 else _lookup(ok)[subset[:, c]]
                    mask = hit if mask is None else mask & hit
                chosen = subset if mask is None else subset[mask]
                if not len(chosen):
                    continue
                out = chosen.copy()
                for dst, src in r._writes:
                    out[:, dst] = chosen[:, src]
                yield out


_LUTS: dict[frozenset[int], np.ndarray] = {}


def _lookup(codes: frozenset[int]) -> np.ndarray:
    lut = _LUTS.get(codes)
    if lut is None:
        lut = np.zeros(256, dtype=bool)
        lut[list(codes)] = True
        _LUTS[codes] = lut
    return lut
