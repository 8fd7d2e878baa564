"""Perfect ranks of positions, vectorised with numpy.

A rank maps each position of a puzzle to a distinct integer in ``range(size)`` so that a
whole state space fits in a flat array (one byte per position for distances). Every
puzzle here is an arrangement of a multiset of pieces over cells, so one multiset
ranker covers tiles, frogs, pairs and knights; a two-cell block is handled by ranking
its placement separately from the remaining cells.
"""
from __future__ import annotations

from math import factorial
from typing import Protocol, Sequence

import numpy as np


class Ranker(Protocol):
    size: int

    def rank(self, boards: np.ndarray) -> np.ndarray: ...

    def unrank(self, ranks: np.ndarray) -> np.ndarray: ...


def multinomial(counts: Sequence[int]) -> int:
    total = factorial(sum(counts))
    for c in counts:
        total //= factorial(c)
    return total


class MultisetRanker:
    """Lexicographic rank of arrangements of a fixed multiset of codes.

    ``counts[s]`` is how many cells hold code ``s``. The number of arrangements that
    start with code s, given the remaining counts ``rem`` and ``m`` cells left, is
    ``M * rem[s] / m`` where M counts all arrangements of the rest; summing over s below
    the actual code gives the rank contribution of one cell. O(cells x codes) per row.
    """

    def __init__(self, counts: Sequence[int]) -> None:
        self.counts = np.asarray(counts, dtype=np.int64)
        self.ncells = int(self.counts.sum())
        self.size = multinomial(list(counts))
        if self.size >= 2**62:
            raise ValueError("state space too large to rank in 64 bits")

    def rank(self, boards: np.ndarray) -> np.ndarray:
        # ``below`` (codes left to place that are smaller than this cell's) and ``same``
        # are counted over the cells to the right: cheap uint8 comparisons, no tables.
        cols = np.ascontiguousarray(np.asarray(boards, dtype=np.uint8).T)
        n = cols.shape[1]
        total = np.full(n, self.size, dtype=np.int64)
        ranks = np.zeros(n, dtype=np.int64)
        below = np.empty(n, dtype=np.uint8)
        same = np.empty(n, dtype=np.uint8)
        for i in range(self.ncells - 1):
            x = cols[i]
            below.fill(0)
            same.fill(1)
            for j in range(i + 1, self.ncells):
                np.add(below, cols[j] < x, out=below, casting="unsafe")
                np.add(same, cols[j] == x, out=same, casting="unsafe")
            left = self.ncells - i
            ranks += total * below // left
            total = total * same // left
        return ranks

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64).copy()
        n = len(ranks)
        rem = np.tile(self.counts, (n, 1))
        total = np.full(n, self.size, dtype=np.int64)
        boards = np.empty((n, self.ncells), dtype=np.uint8)
        rows = np.arange(n)
        for i in range(self.ncells):
            left = self.ncells - i
            # arrangements that start with a code <= s, for each s
            upto = total[:, None] * np.cumsum(rem, axis=1) // left
            x = (upto <= ranks[:, None]).sum(axis=1)
            below = np.where(x > 0, upto[rows, np.maximum(x - 1, 0)], 0)
            ranks -= below
            boards[:, i] = x
            total = total * rem[rows, x] // left
            rem[rows, x] -= 1
        return boards


class BlockRanker:
    """Ranks boards holding one two-cell block that may lie at a few placements.

    rank = placement index * size(rest) + multiset rank of the other cells, read in
    order with both block cells removed. Boards whose block is elsewhere are invalid.
    """

    def __init__(self, ncells: int, placements: Sequence[tuple[int, int]], halves: tuple[int, int],
                 rest_counts: Sequence[int]) -> None:
        self.ncells = ncells
        self.placements = [tuple(p) for p in placements]
        self.halves = halves
        self.rest = MultisetRanker(rest_counts)
        self.size = len(self.placements) * self.rest.size
        keep = []
        for a, b in self.placements:
            keep.append([c for c in range(ncells) if c not in (a, b)])
        self._keep = np.array(keep, dtype=np.intp)

    def placement_of(self, boards: np.ndarray) -> np.ndarray:
        where = np.full(len(boards), -1, dtype=np.int64)
        for k, (a, b) in enumerate(self.placements):
            hit = (boards[:, a] == self.halves[0]) & (boards[:, b] == self.halves[1])
            where[hit] = k
        return where

    def rank(self, boards: np.ndarray) -> np.ndarray:
        boards = np.asarray(boards)
        k = self.placement_of(boards)
        if (k < 0).any():
            raise ValueError("board without its block at a ranked placement")
        ranks = np.empty(len(boards), dtype=np.int64)
        for j, keep in enumerate(self._keep):
            rows = np.flatnonzero(k == j)
            if len(rows):
                ranks[rows] = j * self.rest.size + self.rest.rank(boards[np.ix_(rows, keep)])
        return ranks

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64)
        k, r = np.divmod(ranks, self.rest.size)
        rest = self.rest.unrank(r)
        boards = np.empty((len(ranks), self.ncells), dtype=np.uint8)
        np.put_along_axis(boards, self._keep[k], rest, axis=1)
        pl = np.array(self.placements, dtype=np.intp)[k]
        rows = np.arange(len(ranks))
        boards[rows, pl[:, 0]] = self.halves[0]
        boards[rows, pl[:, 1]] = self.halves[1]
        return boards
