"""IDA* over additive ranked pattern databases on any rectangle up to 5x5, compiled (numba): the search
of the 15-puzzle (7-7-1 with its mirror image) and of every larger board of tiles.

Plain recursive IDA* in CPython manages well under a million nodes a second. Here the loop is
depth-first with an explicit stack, so a call stops after a budget of nodes and the next resumes (the
caller reports progress and honours cancelling between calls). Per move only the moved tile's group
changes in each view, so a node costs a rank and a lookup a view, and the second view's lookup is
skipped when the first already prunes; the goal is recognised by counting tiles on their goal cells,
never by a heuristic value. The board's size, the goal's blank, the number of groups and whether the
mirror image is looked up too are parameters, and a weight may multiply the heuristic.

With weight 1 the first solution is optimal. With weight w (f = g + w h, an admissible h) every
bound tried is at most w times the optimum, so the solution found is at most w times as long as the
shortest and the optimum is at least the last bound divided by w: a bounded answer, never called
optimal.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from solvers import tiles_pdb
from solvers.compiled import available, compiled

__all__ = ["MAX_DEPTH", "Outcome", "TileSearch", "joined"]

MAX_DEPTH = 512                   # a 5x5 position needs at most about 210 moves; a bounded line, twice that
FOUND, EXHAUSTED, PAUSED = 1, 0, 2


def _rank(cells: np.ndarray, tiles: np.ndarray, k: int, weights: np.ndarray, pop: np.ndarray) -> int:
    used, r = 0, 0
    for i in range(k):
        c = cells[tiles[i]]
        below = used & ((np.int64(1) << c) - 1)
        r += (c - pop[below & 0xFFFF] - pop[below >> 16]) * weights[i]
        used |= np.int64(1) << c
    return r


def _search(board: np.ndarray, pos: np.ndarray, mpos: np.ndarray, path: np.ndarray, tried: np.ndarray,
            parts: np.ndarray, sums: np.ndarray, home: np.ndarray, depth: int, bound: int, budget: int,
            group: np.ndarray, tiles: np.ndarray, sizes: np.ndarray, weights: np.ndarray, offsets: np.ndarray,
            table: np.ndarray, mirror: np.ndarray, transpose: np.ndarray, moves: np.ndarray, goal: np.ndarray,
            pop: np.ndarray, views: int, scale_g: int, scale_h: int, out: np.ndarray) -> None:
    """Run IDA* under ``bound`` (in units of scale_g per move) from ``depth`` for at most ``budget`` nodes.

    f = scale_g g + scale_h h. ``out`` = [status, depth, nodes, smallest f over the bound].
    View v looks its partition's tables up (``group[v]``, ``tiles[v]`` ...): view 0 on the board,
    view 1 on ``mpos``, the cells of the tiles ``mirror`` names, moved by ``transpose`` (the mirror
    image of a square board, or the board itself for a second partition).
    ``parts[d, view, g]`` are the group values at depth d, ``sums[d, view]`` their totals,
    ``home[d]`` the tiles on their goal cells; ``goal[t]`` is tile t's goal cell.
    """
    d, nodes, over, tiles_count = depth, 0, out[3], board.shape[0] - 1
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
        g0 = group[0, t]
        pos[t] = a
        v0 = np.int64(table[offsets[0, g0] + _rank(pos, tiles[0, g0], sizes[0, g0], weights[0, g0], pop)])
        pos[t] = b
        h0 = sums[d, 0] - parts[d, 0, g0] + v0
        f = scale_g * (d + 1) + scale_h * h0
        if f > bound:
            over = min(over, f)
            continue
        u = mirror[t]
        g1 = group[1, u]
        v1, h1 = np.int64(0), np.int64(0)
        if views == 2:
            mpos[u] = transpose[a]
            v1 = np.int64(table[offsets[1, g1] + _rank(mpos, tiles[1, g1], sizes[1, g1], weights[1, g1], pop)])
            mpos[u] = transpose[b]
            h1 = sums[d, 1] - parts[d, 1, g1] + v1
            f = scale_g * (d + 1) + scale_h * max(h0, h1)
            if f > bound:
                over = min(over, f)
                continue
        nodes += 1
        board[a], board[b], pos[t], mpos[u] = t, 0, a, transpose[a]
        path[d + 1] = b
        for v in range(views):
            for g in range(sizes.shape[1]):
                parts[d + 1, v, g] = parts[d, v, g]
        parts[d + 1, 0, g0], sums[d + 1, 0] = v0, h0
        if views == 2:
            parts[d + 1, 1, g1], sums[d + 1, 1] = v1, h1
        home[d + 1] = home[d] + (a == goal[t]) - (b == goal[t])
        tried[d + 1] = 0
        d += 1
        if home[d] == tiles_count:
            out[0], out[1], out[2], out[3] = FOUND, d, nodes, over
            return
        if nodes >= budget or d + 1 >= path.shape[0]:
            out[0], out[1], out[2], out[3] = PAUSED, d, nodes, over
            return


_rank = compiled(_rank, inline="always")
_search_c = compiled(_search) if available() else None


def joined(tables: Sequence[np.ndarray]) -> np.ndarray:
    """The tables as one array: the buffer they already lie in, one after another (as
    :func:`solvers.tiles.load_tables` gives them: no copy of the 15-puzzle's 115 MB), else a copy."""
    base = tables[0].base
    if isinstance(base, np.ndarray) and base.dtype == np.uint8 and base.ndim == 1:
        start = tables[0].ctypes.data - base.ctypes.data
        at = start
        for table in tables:
            if table.base is not base or table.ctypes.data - base.ctypes.data != at or table.strides != (1,):
                break
            at += table.size
        else:
            return base[start:at]
    return np.concatenate(tables)


class Outcome:
    """A finished search: the blank's cells along the line, the nodes, and the last bound (in moves,
    a fraction where the heuristic was weighted)."""

    def __init__(self, blank_path: list[int], nodes: int, bound: Fraction) -> None:
        self.blank_path = blank_path
        self.nodes = nodes
        self.bound = bound


class TileSearch:
    """IDA* over the ranked tables of one or two partitions of a board's tiles (:mod:`solvers.tiles_pdb`).

    ``partitions`` hold the tiles 1..n-1 (named by the standard goal with the blank on ``blank``), each
    group with its ranked table in ``tables``. With one partition on a square board whose blank's goal
    lies on the main diagonal, its tables are looked up for the mirror image too (the goal is its own
    mirror); with two, the second is looked up on the board itself. The larger sum counts.
    """

    def __init__(self, width: int, height: int, blank: int, partitions: Sequence[Sequence[Sequence[int]]],
                 tables: Sequence[Sequence[np.ndarray]]) -> None:
        if _search_c is None:
            raise RuntimeError("numba is not installed")
        n = width * height
        self.width, self.height, self.n, self.blank = width, height, n, blank
        self.goal = np.array([blank] + [t - 1 + (t - 1 >= blank) for t in range(1, n)], dtype=np.int64)
        at_goal = np.zeros(n, dtype=np.int64)
        at_goal[self.goal] = np.arange(n)
        mirrored = len(partitions) == 1 and width == height and blank % width == blank // width
        self.views = 2 if mirrored or len(partitions) == 2 else 1
        self.transpose = np.array([(c % width) * height + c // width for c in range(n)], dtype=np.int64) \
            if mirrored else np.arange(n, dtype=np.int64)
        self.mirror = at_goal[self.transpose[self.goal]]   # the tile whose goal cell mirrors tile t's
        views = [partitions[0], partitions[-1]]
        arrays = [[np.asarray(t, dtype=np.uint8) for t in tables[0]], [np.asarray(t, dtype=np.uint8) for t in tables[-1]]]
        count, size = max(len(p) for p in views), max(len(g) for p in views for g in p)
        self.group = np.zeros((2, n), dtype=np.int64)
        self.tiles = np.zeros((2, count, size), dtype=np.int64)
        self.sizes = np.zeros((2, count), dtype=np.int64)
        self.weights = np.zeros((2, count, size), dtype=np.int64)
        self.offsets = np.zeros((2, count), dtype=np.int64)
        flat, at = [], 0
        for v, groups in enumerate(views):
            if v == 1 and views[1] is views[0]:
                self.offsets[1] = self.offsets[0]
            for g, members in enumerate(groups):
                self.group[v, list(members)] = g
                self.tiles[v, g, :len(members)] = members
                self.sizes[v, g] = len(members)
                self.weights[v, g, :len(members)] = tiles_pdb.rank_weights(len(members), n)
                if v == 0 or views[1] is not views[0]:
                    self.offsets[v, g] = at
                    flat.append(arrays[v][g])
                    at += arrays[v][g].size
        self.table = joined(flat)
        self.moves = tiles_pdb.geometry(width, height)[0]
        self.pop = tiles_pdb.popcounts()

    def cells(self, board: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """Each tile's cell, on the board and on the second view (the mirror image, or the board)."""
        pos = np.zeros(self.n, dtype=np.int64)
        mpos = np.zeros(self.n, dtype=np.int64)
        for c, t in enumerate(board):
            pos[t], mpos[self.mirror[t]] = c, self.transpose[c]
        return pos, mpos

    def parts(self, board: Sequence[int]) -> np.ndarray:
        """Each group's value in each view."""
        out = np.zeros((self.views, self.sizes.shape[1]), dtype=np.int64)
        for v, cells in enumerate(self.cells(board)[:self.views]):
            for g, k in enumerate(self.sizes[v]):
                if k:
                    rank = int(tiles_pdb.ranks(cells[self.tiles[v, g, :k]][None, :], self.n)[0])
                    out[v, g] = self.table[self.offsets[v, g] + rank]
        return out

    def heuristic(self, board: Sequence[int]) -> int:
        """The lower bound the tables give: the larger view's sum."""
        return int(self.parts(board).sum(axis=1).max())

    def run(self, board: Sequence[int], report: Callable[[Fraction, int], None], weight: Fraction = Fraction(1),
            budget: int = 1 << 20) -> Outcome:
        """A line to the goal: optimal with weight 1, else at most ``weight`` times the optimum.

        ``report(bound, nodes)`` is called between budgets (it may raise to cancel)."""
        assert _search_c is not None
        cells = np.array(list(board), dtype=np.int64)
        pos, mpos = self.cells(board)
        parts0 = self.parts(board)
        views, groups = self.views, self.sizes.shape[1]
        path = np.zeros(MAX_DEPTH, dtype=np.int64)
        tried = np.zeros(MAX_DEPTH, dtype=np.int64)
        parts = np.zeros((MAX_DEPTH, 2, groups), dtype=np.int64)
        sums = np.zeros((MAX_DEPTH, 2), dtype=np.int64)
        home = np.zeros(MAX_DEPTH, dtype=np.int64)
        parts[0, :views], sums[0, :views] = parts0, parts0.sum(axis=1)
        home[0] = int(np.count_nonzero(cells[self.goal[1:]] == np.arange(1, self.n)))
        blank = int(pos[0])
        path[0] = blank
        if home[0] == self.n - 1:
            return Outcome([], 0, Fraction(0))
        weight = Fraction(weight)
        if weight < 1:
            raise ValueError("the heuristic's weight is at least 1")
        scale_g, scale_h = weight.denominator, weight.numerator
        h = int(sums[0, :views].max())
        optimal = weight == 1
        parity = (abs(blank // self.width - self.blank // self.width) + abs(blank % self.width - self.blank % self.width)) % 2
        bound = h + (h - parity) % 2 if optimal else scale_h * h
        nodes = 0
        out = np.zeros(4, dtype=np.int64)
        while True:
            tried[0], depth, out[3] = 0, 0, 1 << 40
            report(Fraction(bound, scale_g), nodes)
            while True:
                _search_c(cells, pos, mpos, path, tried, parts, sums, home, depth, bound, budget, self.group,
                          self.tiles, self.sizes, self.weights, self.offsets, self.table, self.mirror, self.transpose,
                          self.moves, self.goal, self.pop, views, scale_g, scale_h, out)
                nodes += int(out[2])
                if out[0] == FOUND:
                    return Outcome([int(c) for c in path[1:out[1] + 1]], nodes, Fraction(bound, scale_g))
                if out[0] == EXHAUSTED:
                    break
                depth = int(out[1])
                if depth + 1 >= MAX_DEPTH:  # pragma: no cover - a table that is not admissible
                    raise ValueError("the search went deeper than any solution of this board")
                report(Fraction(bound, scale_g), nodes)
            over = int(out[3])
            bound = over + (over - parity) % 2 if optimal else over
