"""Every position of a Tower of Hanoi swept in rank space: a rank is the peg of each disc as the
digits of a number in base ``pegs`` (disc 1, the smallest, the lowest digit), so a move of disc k
from peg a to peg b adds (b - a) * pegs ** (k - 1) and nothing is ever built or ranked. The top
disc of a peg is the smallest disc on it; a disc may move when it is the top of its peg and
smaller than the target's top.

Distances reach 2 ** discs - 1 (three pegs), past a byte: the table holds two bytes a position.
Breadth-first from the goal; every move can be taken back, so that is the distance to the goal.
"""
from __future__ import annotations

import time
from typing import Callable

import numpy as np

from solvers.problem import Cancel, Cancelled

UNSET = np.iinfo(np.uint16).max   # not reached (yet): the table's "unreached"
CHUNK = 1 << 15                   # ranks expanded at once: their digits and tops stay a few MB
CANCEL_EVERY = 0.05               # seconds between two looks at the cancel callback

Progress = Callable[[float, str], None]


class RankMoves:
    """The moves of every rank, found from its digits."""

    def __init__(self, pegs: int, discs: int) -> None:
        self.pegs, self.discs = pegs, discs
        self.size = pegs ** discs
        self.powers = pegs ** np.arange(discs, dtype=np.int64)
        self._steps = np.append(self.powers, 0)            # a "top" of ``discs`` means an empty peg: no step
        pairs = [(a, b) for a in range(pegs) for b in range(pegs) if a != b]
        self.src = np.array([a for a, _ in pairs], dtype=np.intp)
        self.dst = np.array([b for _, b in pairs], dtype=np.intp)
        self._shift = (self.dst - self.src).astype(np.int64)
        self._disc_index = np.arange(discs, dtype=np.int64)

    def tops(self, ranks: np.ndarray) -> np.ndarray:
        """Per rank and peg, the index of its top disc (0 the smallest), ``discs`` where the peg is empty:
        each disc written on its peg, the largest first, so the smallest on a peg is written last."""
        top = np.full(len(ranks) * self.pegs, self.discs, dtype=np.int64)
        at = np.arange(len(ranks), dtype=np.int64) * self.pegs
        rest, pegs = ranks.copy(), []
        for _disc in range(self.discs):
            pegs.append(rest % self.pegs)
            rest //= self.pegs
        for disc in range(self.discs - 1, -1, -1):
            top[at + pegs[disc]] = disc
        return top.reshape(len(ranks), self.pegs)

    def neighbours(self, ranks: np.ndarray) -> np.ndarray:
        """The rank after every legal move of every rank (in no particular order)."""
        parts = []
        for at in range(0, len(ranks), CHUNK):
            chunk = ranks[at:at + CHUNK]
            tops = self.tops(chunk)
            moving, under = tops[:, self.src], tops[:, self.dst]
            legal = moving < under
            parts.append((chunk[:, None] + self._shift[None, :] * self._steps[moving])[legal])
        return np.concatenate(parts) if parts else np.empty(0, dtype=np.int64)

    def best_neighbour(self, table: np.ndarray, ranks: np.ndarray) -> np.ndarray:
        """Per rank, the least table entry among its neighbours (every position has a move)."""
        best = np.full(len(ranks), UNSET, dtype=np.uint16)
        for at in range(0, len(ranks), CHUNK):
            chunk = ranks[at:at + CHUNK]
            tops = self.tops(chunk)
            moving, under = tops[:, self.src], tops[:, self.dst]
            child = chunk[:, None] + self._shift[None, :] * self._steps[moving]
            entries = np.where(moving < under, table[np.where(moving < under, child, chunk[:, None])], UNSET)
            best[at:at + CHUNK] = entries.min(axis=1)
        return best


def distances(pegs: int, discs: int, goal: int, progress: Progress | None = None,
              cancel: Cancel | None = None) -> np.ndarray:
    """uint16 table: the fewest moves from each rank to the rank ``goal``."""
    moves = RankMoves(pegs, discs)
    table = np.full(moves.size, UNSET, dtype=np.uint16)
    table[goal] = 0
    frontier = np.array([goal], dtype=np.int64)
    level, done, looked = 0, 1, time.monotonic()
    while len(frontier):
        if time.monotonic() - looked > CANCEL_EVERY:
            looked = time.monotonic()
            if cancel is not None and cancel():
                raise Cancelled
            if progress is not None:
                progress(done / moves.size, f"distance {level}: {len(frontier):,} positions")
        level += 1
        children = moves.neighbours(frontier)
        fresh = np.unique(children[table[children] == UNSET])
        table[fresh] = level
        frontier = fresh
        done += len(fresh)
    if progress is not None:
        progress(1.0, f"distance {level - 1}: the last positions")
    return table


def holds(table: np.ndarray, pegs: int, discs: int, goal: int, ranks: np.ndarray | None = None) -> bool:
    """Whether ``table`` is the distance table to ``goal``: 0 there and nowhere else, and each entry of
    ``ranks`` (default: all) one more than its best neighbour's (only a breadth-first sweep gives that
    everywhere)."""
    moves = RankMoves(pegs, discs)
    if len(table) != moves.size or table[goal] != 0 or int(np.count_nonzero(table == 0)) != 1:
        return False
    ranks = np.arange(moves.size, dtype=np.int64) if ranks is None else np.asarray(ranks, dtype=np.int64)
    for at in range(0, len(ranks), CHUNK * 8):
        chunk = ranks[at:at + CHUNK * 8]
        own = table[chunk].astype(np.int64)
        best = moves.best_neighbour(table, chunk).astype(np.int64)
        if not np.array_equal(own, np.where(chunk == goal, 0, best + 1)):
            return False
    return True
