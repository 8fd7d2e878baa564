"""The 15-puzzle's IDA* inner loop, compiled with numba.

Depth-first with an explicit stack, so a call can stop after a budget of nodes and the
next call resumes where it was: the caller reports progress and honours cancelling
between calls. Per move only the moved tile's group changes in each view (the board and
its mirror image about the main diagonal), so a node costs two ranks and two lookups,
and the mirror's lookup is skipped when the board's own value already prunes. The goal
is recognised by counting tiles on their home cells, never by a heuristic value.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from solvers import pattern_compiled, pattern_db

MAX_DEPTH = 96                    # no 15-puzzle position needs more than 80 moves
FOUND, EXHAUSTED, PAUSED = 1, 0, 2

_TRANSPOSE = np.array([(c % 4) * 4 + c // 4 for c in range(16)], dtype=np.int64)
_MIRROR = np.array([0] + [_TRANSPOSE[t - 1] + 1 for t in range(1, 16)], dtype=np.int64)
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 16)], dtype=np.uint8)


def _rank(cells: np.ndarray, tiles: np.ndarray, k: int, weights: np.ndarray, popcount: np.ndarray) -> int:
    used, r = 0, 0
    for i in range(k):
        c = cells[tiles[i]]
        r += (c - np.int64(popcount[used & ((1 << c) - 1)])) * weights[i]
        used |= 1 << c
    return r


def _lookup(g: int, r: int, t0: np.ndarray, t1: np.ndarray, t2: np.ndarray, t3: np.ndarray) -> int:
    """Group g's table at rank r (tables stay separate arrays: no copy of 115 MB to join them;
    choosing the array, not the value, lets the compiler pick it without a jump)."""
    table = t0 if g == 0 else (t1 if g == 1 else (t2 if g == 2 else t3))
    return int(table[r])


def _search(board: np.ndarray, pos: np.ndarray, mpos: np.ndarray, path: np.ndarray, tried: np.ndarray,
            parts: np.ndarray, sums: np.ndarray, home: np.ndarray, depth: int, bound: int, budget: int,
            group: np.ndarray, tiles: np.ndarray, sizes: np.ndarray, weights: np.ndarray, t0: np.ndarray,
            t1: np.ndarray, t2: np.ndarray, t3: np.ndarray, mirror: np.ndarray, transpose: np.ndarray,
            moves: np.ndarray, popcount: np.ndarray, out: np.ndarray) -> None:
    """Run IDA* under ``bound`` from ``depth`` for at most ``budget`` nodes.

    ``out`` = [status, depth, nodes, smallest f over the bound]. ``parts[d, view, g]``
    are the group values at depth d, ``sums[d, view]`` their totals, ``home[d]`` the tiles
    on their home cells.
    """
    d, nodes, over, groups = depth, 0, out[3], sizes.shape[0]
    while True:
        if tried[d] == 4:
            if d == 0:
                out[0], out[1], out[2], out[3] = EXHAUSTED, 0, nodes, over
                return
            a, b = path[d - 1], path[d]  # the blank went a -> b; put the tile back on b
            t = board[a]
            board[b], board[a], pos[t], mpos[mirror[t]] = t, 0, b, transpose[b]
            d -= 1
            continue
        direction = tried[d]
        tried[d] = direction + 1
        a = path[d]
        b = moves[a, direction]
        if b < 0 or (d > 0 and b == path[d - 1]):
            continue
        t = board[b]
        g0 = group[t]
        pos[t] = a
        v0 = _lookup(g0, _rank(pos, tiles[g0], sizes[g0], weights[g0], popcount), t0, t1, t2, t3)
        pos[t] = b
        h0 = sums[d, 0] - parts[d, 0, g0] + v0
        if d + 1 + h0 > bound:
            over = min(over, d + 1 + h0)
            continue
        u = mirror[t]
        g1 = group[u]
        mpos[u] = transpose[a]
        v1 = _lookup(g1, _rank(mpos, tiles[g1], sizes[g1], weights[g1], popcount), t0, t1, t2, t3)
        mpos[u] = transpose[b]
        h1 = sums[d, 1] - parts[d, 1, g1] + v1
        f = d + 1 + max(h0, h1)
        if f > bound:
            over = min(over, f)
            continue
        nodes += 1
        board[a], board[b], pos[t], mpos[u] = t, 0, a, transpose[a]
        path[d + 1] = b
        for v in range(2):
            for g in range(groups):
                parts[d + 1, v, g] = parts[d, v, g]
        parts[d + 1, 0, g0], parts[d + 1, 1, g1] = v0, v1
        sums[d + 1, 0], sums[d + 1, 1] = h0, h1
        home[d + 1] = home[d] + (a == t - 1) - (b == t - 1)
        tried[d + 1] = 0
        d += 1
        if home[d] == 15:
            out[0], out[1], out[2], out[3] = FOUND, d, nodes, over
            return
        if nodes >= budget or d + 1 >= path.shape[0]:
            out[0], out[1], out[2], out[3] = PAUSED, d, nodes, over
            return


_rank = pattern_compiled.compiled(_rank, inline="always")   # what _search calls, compiled first
_lookup = pattern_compiled.compiled(_lookup, inline="always")
_search_c = pattern_compiled.compiled(_search) if pattern_compiled.available() else None
_MOVES = pattern_compiled.neighbours()


class CompiledSearch:
    """IDA* over additive ranked pattern databases with reflection, compiled.

    ``tables`` maps each tile group (covering 1..15 once, in at most four groups) to its
    ranked table.
    """

    def __init__(self, tables: dict[tuple[int, ...], np.ndarray], name: str) -> None:
        if _search_c is None:
            raise RuntimeError("numba is not installed")
        groups = list(tables)
        if len(groups) > 4:
            raise ValueError("the compiled search takes at most four tile groups.")
        self.name = name
        self.group = np.zeros(16, dtype=np.int64)
        self.tiles = np.zeros((len(groups), 8), dtype=np.int64)
        self.sizes = np.array([len(g) for g in groups], dtype=np.int64)
        self.weights = np.zeros((len(groups), 8), dtype=np.int64)
        for g, members in enumerate(groups):
            self.group[list(members)] = g
            self.tiles[g, :len(members)] = members
            self.weights[g, :len(members)] = pattern_db.rank_weights(len(members))
        self.tables = [np.asarray(tables[g], dtype=np.uint8) for g in groups]
        self.tables += [self.tables[0]] * (4 - len(groups))

    def parts(self, board: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The tile cells, the mirror image's tile cells, and each group's value in each view."""
        pos = np.zeros(16, dtype=np.int64)
        mpos = np.zeros(16, dtype=np.int64)
        for c, t in enumerate(board):
            pos[t], mpos[_MIRROR[t]] = c, _TRANSPOSE[c]
        parts = np.zeros((2, len(self.sizes)), dtype=np.int64)
        for v, cells in enumerate((pos, mpos)):
            for g, k in enumerate(self.sizes):
                parts[v, g] = self.tables[g][int(pattern_db.ranks(cells[self.tiles[g, :k]][None, :])[0])]
        return pos, mpos, parts

    def run(self, board: Sequence[int], report: Callable[[int, int], None], budget: int = 1 << 20) -> tuple[list[int], int]:
        """The blank's cells along an optimal path, and the nodes searched.

        ``report(bound, nodes)`` is called between budgets (it may raise to cancel).
        """
        cells = np.array(list(board), dtype=np.int64)
        pos, mpos, parts0 = self.parts(board)
        path = np.zeros(MAX_DEPTH, dtype=np.int64)
        tried = np.zeros(MAX_DEPTH, dtype=np.int64)
        parts = np.zeros((MAX_DEPTH, 2, len(self.sizes)), dtype=np.int64)
        sums = np.zeros((MAX_DEPTH, 2), dtype=np.int64)
        home = np.zeros(MAX_DEPTH, dtype=np.int64)
        parts[0], sums[0] = parts0, parts0.sum(axis=1)
        home[0] = sum(1 for c in range(15) if cells[c] == c + 1)
        blank = int(pos[0])
        path[0] = blank
        if home[0] == 15:
            return [], 0
        parity = (6 - blank // 4 - blank % 4) % 2   # every solution's length has the blank's parity
        h = int(sums[0].max())
        bound, nodes = h + (h - parity) % 2, 0
        out = np.zeros(4, dtype=np.int64)
        while True:
            tried[0], depth, out[3] = 0, 0, 1 << 30
            report(bound, nodes)
            while True:
                assert _search_c is not None
                _search_c(cells, pos, mpos, path, tried, parts, sums, home, depth, bound, budget, self.group,
                          self.tiles, self.sizes, self.weights, *self.tables, _MIRROR, _TRANSPOSE, _MOVES,
                          _POPCOUNT, out)
                nodes += int(out[2])
                if out[0] == FOUND:
                    return [int(c) for c in path[1:out[1] + 1]], nodes
                if out[0] == EXHAUSTED:
                    break
                depth = int(out[1])
                if depth + 1 >= MAX_DEPTH:  # pragma: no cover - a table that is not admissible
                    raise ValueError("the search went deeper than any 15-puzzle solution")
                report(bound, nodes)
            bound = int(out[3]) + (int(out[3]) - parity) % 2
