"""Additive pattern databases for sliding-tile puzzles of any size (up to 16 cells).

A pattern database stores, for every placement of a group of tiles, the fewest moves
*of those tiles* needed to bring them home, whatever the other tiles do. Because only
pattern-tile moves are counted, databases of disjoint groups can be added and stay
admissible. The blank moves for free, so a state is (pattern positions, the region of
free cells the blank can reach); the breadth-first search works on whole levels as
numpy arrays and the result is minimised over the blank so lookups need only the tile
positions. Tables are indexed densely (base-n digits of the tile cells) because a
search can then update an index with one addition per move; :func:`rank` gives the
perfect rank of k-permutations for a compact copy.
"""

from __future__ import annotations

from math import perm
from typing import Callable, Iterator, Sequence

import numpy as np

Progress = Callable[[float, str], None]
UNSEEN = 255


def standard_goal(width: int, height: int) -> tuple[int, ...]:
    """Tiles 1..n-1 in reading order, blank last."""
    n = width * height
    return tuple(range(1, n)) + (0,)


def neighbours(width: int, height: int) -> np.ndarray:
    """Table ``[cell, direction] -> cell`` (up, down, left, right), -1 off the board."""
    n = width * height
    table = np.full((n, 4), -1, dtype=np.int64)
    for c in range(n):
        r, q = divmod(c, width)
        if r > 0:
            table[c, 0] = c - width
        if r < height - 1:
            table[c, 1] = c + width
        if q > 0:
            table[c, 2] = c - 1
        if q < width - 1:
            table[c, 3] = c + 1
    return table


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
        self.neighbours = neighbours(width, height)


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


# ---------------------------------------------------------------------------
# Ranked tables: one byte per placement, no room wasted on impossible ones
#
# A dense table of a 7-tile group of the 15-puzzle would need 16**7 = 268 million bytes,
# of which 58 million are placements. Ranked tables index placements by their rank among
# the k-permutations of the cells (tile i's digit is its cell's place among the cells the
# earlier tiles left free), so they are as small as the pattern space.


def placements(k: int, n: int = 16) -> int:
    """How many placements ``k`` distinct tiles have on ``n`` cells."""
    return perm(n, k)


def rank_weights(k: int, n: int = 16) -> np.ndarray:
    """The weight of each tile's digit: tile i's digit counts (n-i-1)(n-i-2)...(n-k+1)."""
    return np.array([perm(n - i - 1, k - i - 1) for i in range(k)], dtype=np.int64)


_POPCOUNT16 = np.array([bin(m).count("1") for m in range(1 << 16)], dtype=np.int64)


def ranks(positions: np.ndarray, n: int = 16) -> np.ndarray:
    """Ranks of rows of tile cells (row i: the cells of tiles 0..k-1), vectorised."""
    pos = np.asarray(positions, dtype=np.int64)
    used = np.zeros(pos.shape[0], dtype=np.int64)
    out = np.zeros(pos.shape[0], dtype=np.int64)
    for i, weight in enumerate(rank_weights(pos.shape[1], n)):
        cell = pos[:, i]
        out += (cell - _POPCOUNT16[used & ((np.int64(1) << cell) - 1)]) * weight
        used |= np.int64(1) << cell
    return out


def unrank(rank_values: np.ndarray, k: int, n: int = 16) -> np.ndarray:
    """Rows of tile cells of the given ranks (the inverse of :func:`ranks`), vectorised."""
    rest = np.asarray(rank_values, dtype=np.int64).copy()
    used = np.zeros(rest.shape[0], dtype=np.int64)
    out = np.zeros((rest.shape[0], k), dtype=np.int64)
    for i, weight in enumerate(rank_weights(k, n)):
        digit, rest = np.divmod(rest, weight)
        cell = np.full(rest.shape[0], -1, dtype=np.int64)
        seen = np.zeros(rest.shape[0], dtype=np.int64)
        for c in range(n):
            free = ((used >> c) & 1) == 0
            cell[free & (seen == digit) & (cell < 0)] = c
            seen += free
        out[:, i] = cell
        used |= np.int64(1) << cell
    return out


def dense_to_ranked(table: np.ndarray, k: int, n: int = 16) -> np.ndarray:
    """A dense table (see :func:`build`) as a ranked one: the same values, placements only."""
    cells = unrank(np.arange(placements(k, n), dtype=np.int64), k, n)
    return np.ascontiguousarray(table[dense_index(cells, n)])


def build_ranked(tiles: Sequence[int], progress: Progress | None = None) -> np.ndarray:
    """The 15-puzzle pattern database of ``tiles`` (same values as :func:`build`), ranked.

    Compiled (numba) when it is installed: the only way to build 7-tile tables within
    minutes and a few hundred megabytes. Without it, groups of up to 6 tiles are built
    densely in numpy and re-indexed.
    """
    from solvers import pattern_compiled

    if pattern_compiled.available():
        return pattern_compiled.build(tiles, progress)
    if len(tiles) > 6:
        raise ValueError("pattern groups of more than 6 tiles need numba to be built.")
    return dense_to_ranked(build(4, 4, tiles, progress=progress), len(tiles))


def plausible(tiles: Sequence[int], table: np.ndarray, samples: int = 3000,
              rng: np.random.Generator | None = None) -> bool:
    """Whether a ranked 15-puzzle table of ``tiles`` passes the checks a true one always passes.

    A cached table may be damaged or rewritten with a valid checksum, and a value too high
    would make a "shortest" answer longer than the shortest. Checked: 0 at the goal
    placement and nowhere else, 1 where one move of a tile next to the blank's region
    leaves the goal; on ``samples`` random placements and as many met on random walks from
    the goal (so the small values near it are seen too) and their neighbour placements (one
    tile one step): every value reachable (not 255) and of the parity of the pattern's
    Manhattan distance, at least that distance, some neighbour lower, and none whose free
    cells form one region (where the blank can be anywhere) two or more lower. A random sample per load cannot see every entry,
    so this catches damage and forgeries of many entries, not a handful chosen to hide.
    """
    k = len(tiles)
    if table.shape != (placements(k),) or table.dtype != np.uint8:
        return False
    goal_cells = np.array([[t - 1 for t in tiles]], dtype=np.int64)
    goal = int(ranks(goal_cells)[0])
    if table[goal] != 0 or not _first_moves_cost_one(goal_cells, table):
        return False
    rng = rng if rng is not None else np.random.default_rng()
    picked = np.concatenate([rng.integers(0, table.size, samples), _walks(goal_cells, samples, rng)])
    cells = unrank(picked, k)
    value = table[picked].astype(np.int64)
    homes = goal_cells[0]
    manhattan = (np.abs(cells // 4 - homes // 4) + np.abs(cells % 4 - homes % 4)).sum(axis=1)
    if (value == UNSEEN).any() or ((value == 0) != (picked == goal)).any():
        return False
    if (value < manhattan).any() or ((value - manhattan) % 2).any():
        return False
    whole, nearby = _neighbour_ranks(cells)
    near = np.where(nearby >= 0, table[np.maximum(nearby, 0)].astype(np.int64), 1 << 20)
    seen = nearby >= 0
    if (near[seen] == UNSEEN).any() or ((near - value[:, None])[seen] % 2 == 0).any():
        return False  # one tile step changes the Manhattan distance, so the parity, of every value
    if ((value > 0) & (near.min(axis=1) >= value)).any():
        return False
    one_region = np.where(whole & (nearby >= 0), near, 1 << 20).min(axis=1)
    return bool((value <= one_region + 1).all())


def _first_moves_cost_one(goal_cells: np.ndarray, table: np.ndarray) -> bool:
    """The placements one move from the goal state (a tile next to the blank's region, the
    blank starting on the last cell) are worth exactly 1."""
    board = _board(4, 4)
    occupied = int((np.int64(1) << goal_cells[0]).sum())
    region = int(board.region[(board.full & ~occupied) * board.n + 15])
    for i, cell in enumerate(goal_cells[0]):
        for q in board.neighbours[cell]:
            if q >= 0 and (region >> int(q)) & 1:
                moved = goal_cells.copy()
                moved[0, i] = q
                if table[int(ranks(moved)[0])] != 1:
                    return False
    return True


def _walks(goal_cells: np.ndarray, count: int, rng: np.random.Generator, length: int = 40) -> np.ndarray:
    """Ranks met by random walks of single tile steps from the goal placement."""
    walkers = max(1, count // length)
    cells = np.repeat(goal_cells, walkers, axis=0)
    nb, k, met = _board(4, 4).neighbours, goal_cells.shape[1], []
    rows = np.arange(walkers)
    for _ in range(length):
        tile, direction = rng.integers(0, k, walkers), rng.integers(0, 4, walkers)
        q = nb[cells[rows, tile], direction]
        free = (q >= 0) & ~(cells == q[:, None]).any(axis=1)
        cells[rows[free], tile[free]] = q[free]
        met.append(ranks(cells))
    return np.concatenate(met)


def _neighbour_ranks(cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For rows of tile cells: the rank of each placement one tile step away (-1 where the
    step leaves the board or hits a tile) and whether its free cells form one region."""
    board = _board(4, 4)
    rows, k = cells.shape
    occupied = (np.int64(1) << cells).sum(axis=1)
    nb = board.neighbours
    out = np.full((rows, 4 * k), -1, dtype=np.int64)
    whole = np.zeros((rows, 4 * k), dtype=bool)
    for i in range(k):
        for d in range(4):
            q = nb[cells[:, i], d]
            ok = (q >= 0) & (((occupied >> np.maximum(q, 0)) & 1) == 0)
            moved = cells.copy()
            moved[:, i] = np.where(ok, q, cells[:, i])
            out[:, 4 * i + d] = np.where(ok, ranks(moved), -1)
            free = board.full & ~(np.int64(1) << moved).sum(axis=1)
            whole[:, 4 * i + d] = ok & (board.region[free * board.n + board.lowest[free]] == free)
    return whole, out
