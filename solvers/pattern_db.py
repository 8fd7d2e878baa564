"""Additive pattern databases for sliding-tile puzzles of up to 16 cells, built in numpy: the builder
where numba is missing (:func:`solvers.tiles.build_table`) and the plain reference the compiled one
(:mod:`solvers.tiles_pdb`) is tested against.

A pattern database stores, for every placement of a group of tiles, the fewest moves
*of those tiles* needed to bring them home, whatever the other tiles do. Because only
pattern-tile moves are counted, databases of disjoint groups can be added and stay
admissible. The blank moves for free, so a state is (pattern positions, the region of
free cells the blank can reach); the breadth-first search works on whole levels as
numpy arrays and the result is minimised over the blank so lookups need only the tile
positions. Tables are indexed densely (base-n digits of the tile cells) because a
search can then update an index with one addition per move; :func:`dense_to_ranked` gives
the compact copy indexed by rank that the searches use.
"""

from __future__ import annotations

from math import perm
from typing import Callable, Iterator, Sequence

import numpy as np

from solvers import tiles_pdb

Progress = Callable[[float, str], None]
UNSEEN = 255


def standard_goal(width: int, height: int) -> tuple[int, ...]:
    """Tiles 1..n-1 in reading order, blank last."""
    n = width * height
    return tuple(range(1, n)) + (0,)


class _Board:
    """Bit-mask geometry of a width x height board: the blank's reachable region.

    ``region[free_mask * n + seed]`` is the set of cells the blank reaches from
    ``seed`` through ``free_mask``; one table lookup replaces a flood fill per state.
    """

    def __init__(self, width: int, height: int) -> None:
        n = width * height
        if n > 16:
            raise ValueError("pattern databases support boards of at most 16 cells")
        self.n = n
        self.full = (1 << n) - 1
        col0 = sum(1 << c for c in range(0, n, width))
        not_first, not_last = self.full & ~col0, self.full & ~(col0 << (width - 1))
        free = np.repeat(np.arange(1 << n, dtype=np.int64), n)
        seed = np.tile(np.int64(1) << np.arange(n, dtype=np.int64), 1 << n)
        reach = seed & free
        while True:
            grown = reach | (reach << width) | (reach >> width)
            grown |= ((reach << 1) & not_first) | ((reach >> 1) & not_last)
            grown &= free
            if np.array_equal(grown, reach):
                break
            reach = grown
        self.region = reach.astype(np.int32)
        cells = np.arange(1 << n)
        low = np.zeros(1 << n, dtype=np.int64)
        for c in range(n - 1, -1, -1):
            low[(cells >> c) & 1 == 1] = c
        self.lowest = low
        self.neighbours = tiles_pdb.geometry(width, height)[0]


def build(
    width: int,
    height: int,
    tiles: Sequence[int],
    goal: Sequence[int] | None = None,
    progress: Progress | None = None,
) -> np.ndarray:
    """Additive pattern database of ``tiles``, indexed densely (see :func:`dense_index`).

    Entry = fewest moves of pattern tiles to bring them to their goal cells, minimised
    over the blank's position, so a value depends on the tile positions only. Entries
    for impossible placements (two tiles on one cell) and, on boards whose pattern
    covers every tile, unreachable placements hold 255.

    The breadth-first search reaches each placement first in the blank region where it
    is cheapest, so the minimum is simply the depth of that first visit and the
    (placement, region) distances of :func:`build_by_region` are never stored.

    Minimising over the blank keeps the table small and admissible but not consistent:
    one move can wall the blank off from where the cheap value assumed it to be.
    """
    table = np.full((width * height) ** len(tiles), UNSEEN, dtype=np.uint8)
    for depth, _, first in _layers(width, height, tiles, goal, progress):
        table[first] = depth
    return table


def region_cell(width: int, height: int, positions: np.ndarray, blank: np.ndarray) -> np.ndarray:
    """Lowest cell of the region the blank can reach without moving pattern tiles."""
    board = _board(width, height)
    pos = np.asarray(positions, dtype=np.int64)
    free = board.full & ~(np.int64(1) << pos).sum(axis=1)
    return board.lowest[board.region[free * board.n + np.asarray(blank, dtype=np.int64)]]


def build_by_region(
    width: int,
    height: int,
    tiles: Sequence[int],
    goal: Sequence[int] | None = None,
    progress: Progress | None = None,
) -> np.ndarray:
    """Exact abstract distances: flat array indexed by dense placement * n + region cell.

    The region cell is :func:`region_cell` of the blank. These values are consistent
    (one real move changes them by at most one); :func:`build` minimises them. The array
    has n**(k+1) bytes, so this is for small patterns and for checking :func:`build`.
    """
    n = width * height
    dist = np.full(n ** len(tiles) * n, UNSEEN, dtype=np.uint8)
    for depth, keys, _ in _layers(width, height, tiles, goal, progress):
        dist[keys] = depth
    return dist


CHUNK = 1 << 16  # layer states expanded at once: bounds the children arrays alive at a time


def _layers(
    width: int,
    height: int,
    tiles: Sequence[int],
    goal: Sequence[int] | None,
    progress: Progress | None,
) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
    """Breadth-first layers over (placement, blank region) states of the abstract space.

    Yields ``(depth, keys, first)``: the layer's states as dense placement * n + region
    cell, and the placements the search reaches for the first time at this depth. A
    move of a pattern tile into the blank's region costs one; the blank's own moves are
    free. Memory stays small for 6-tile patterns of the 15-puzzle: the states seen are a
    16-bit set of region cells per dense placement (2 bytes a placement), and the layer
    is expanded a chunk at a time, each chunk's children filtered before the next.
    """
    board = _board(width, height)
    n, k = board.n, len(tiles)
    goal = tuple(goal) if goal is not None else standard_goal(width, height)
    weights = dense_weights(k, n)
    seen = np.zeros(n**k, dtype=np.uint16)  # bit r of seen[p]: state (p, region cell r) reached
    start = [goal.index(t) for t in tiles]
    index = int(np.dot(start, weights))
    free = board.full & ~sum(1 << c for c in start)
    cell = int(board.lowest[board.region[free * n + goal.index(0)]])
    seen[index] = 1 << cell
    layer, first = np.array([index * n + cell]), np.array([index])
    name = ",".join(map(str, tiles))
    total, placements, states, depth = perm(n, k), 0, 0, 0
    while layer.size:
        yield depth, layer, first
        placements += first.size
        states += layer.size
        if progress:
            progress(min(0.99, placements / total), f"pattern {name}: depth {depth}")
        chunks = [_expand(board, weights, seen, layer[i : i + CHUNK]) for i in range(0, layer.size, CHUNK)]
        layer = np.concatenate([c[0] for c in chunks])
        first = np.concatenate([c[1] for c in chunks])
        depth += 1
    if progress:
        progress(1.0, f"pattern {name}: {states} states, deepest {depth - 1}")


def _expand(board: _Board, weights: np.ndarray, seen: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Unseen children of ``keys`` (unique, sorted), marked seen; and the placements new to ``seen``."""
    n, one = board.n, np.int64(1)
    nb = board.neighbours
    index, cell = np.divmod(keys, n)
    pos = (index[:, None] // weights) % n
    free = board.full & ~(one << pos).sum(axis=1)
    region = board.region[free * n + cell]
    parts = []
    for i in range(len(weights)):
        p = pos[:, i]
        for d in range(4):
            q = nb[p, d]
            sel = np.flatnonzero((q >= 0) & (((region >> np.maximum(q, 0)) & 1) == 1))
            if not sel.size:
                continue
            qs, ps = q[sel], p[sel]
            child = index[sel] + (qs - ps) * weights[i]
            f = free[sel] ^ (one << qs) ^ (one << ps)
            r = board.lowest[board.region[f * n + ps]]
            fresh = ((seen[child] >> r) & 1) == 0
            parts.append(child[fresh] * n + r[fresh])
    found = np.unique(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.int64)
    index, cell = np.divmod(found, n)
    starts = np.flatnonzero(np.r_[True, index[1:] != index[:-1]]) if found.size else np.zeros(0, dtype=np.int64)
    owners = index[starts]
    new = owners[seen[owners] == 0]
    if found.size:
        seen[owners] |= np.bitwise_or.reduceat((one << cell).astype(np.uint16), starts)
    return found, new


_boards: dict[tuple[int, int], _Board] = {}


def _board(width: int, height: int) -> _Board:
    if (width, height) not in _boards:
        _boards[(width, height)] = _Board(width, height)
    return _boards[(width, height)]


def dense_weights(k: int, n: int) -> np.ndarray:
    """Weights n**i: the dense index of a placement (p_0, p_1, ...) is sum(p_i * n**i).

    Dense indices waste space on impossible placements but change by a constant when
    one tile moves, so a search can update them incrementally.
    """
    return n ** np.arange(k, dtype=np.int64)


def dense_index(positions: np.ndarray, n: int) -> np.ndarray:
    """Dense index of rows of tile cells."""
    pos = np.asarray(positions, dtype=np.int64)
    return pos @ dense_weights(pos.shape[1], n)


def dense_to_ranked(table: np.ndarray, k: int, n: int = 16) -> np.ndarray:
    """A dense table (see :func:`build`) as a ranked one (:mod:`solvers.tiles_pdb`): the same values,
    placements only."""
    cells = tiles_pdb.unrank(np.arange(tiles_pdb.placements(k, n), dtype=np.int64), k, n)
    return np.ascontiguousarray(table[dense_index(cells, n)])
