"""Ranked pattern databases of sliding tiles on any rectangle up to 5x5, the 15-puzzle's among them,
built compiled (numba); and the ranks that index them.

A state of the abstract space is a placement of the group's tiles and the region of free cells the
blank is in; the blank moves for free inside its region, a tile of the group steps into it for one
move, so tables of disjoint groups add up. A numpy build of a 7-tile group of the 15-puzzle needs
gigabytes for its layers; here every state is two bits in a 16-bit word per placement (a slot per
region, regions numbered by their lowest cell: unseen, this layer, next layer, done), so that build
holds 115 MB of states beside its 58 MB table, and a placement's value is the layer where its first
region is expanded: the minimum over the blank's regions. On boards of up to 16 cells the regions of
every set of free cells are looked up in a table (2^16 words at most); on 20 or 25 cells that table
would not fit, so regions are flooded on bit masks.

Tables are indexed by rank: a placement's rank among the k-permutations of the cells (tile i's digit
is its cell's place among the cells the earlier tiles left free), so a table is as small as the
pattern space. The goal is the standard one (tiles in reading order) with the blank on any cell, so
a puzzle whose goal is another arrangement is searched after renaming its tiles. Without numba,
:mod:`solvers.pattern_db` builds the same tables of up to 6 tiles in numpy.
"""
from __future__ import annotations

import time
from math import perm
from typing import Callable, Sequence

import numpy as np

from solvers.compiled import available, compiled

__all__ = ["MAX_CELLS", "MAX_GROUP", "build", "geometry", "placements", "popcounts", "rank_weights", "ranks",
           "unrank"]

Progress = Callable[[float, str], None]
Mask = int | np.integer            # a set of cells, one bit each (numpy's integers inside compiled code)
MAX_CELLS = 25                    # 5x5: masks and ranks fit 64-bit integers with room to spare
MAX_GROUP = 8
TABLE_CELLS = 16                  # boards up to this many cells look their regions up in a table
SLOTS = 8                         # regions a placement may leave: two bits each in a 16-bit word
CHUNK = 1 << 21                   # placements per compiled call: progress between calls
UNSEEN = 255
TOO_MANY_REGIONS = -1


def placements(k: int, n: int) -> int:
    """How many placements ``k`` distinct tiles have on ``n`` cells."""
    return perm(n, k)


def rank_weights(k: int, n: int) -> np.ndarray:
    """The weight of each tile's digit: tile i's digit counts (n-i-1)(n-i-2)...(n-k+1)."""
    return np.array([perm(n - i - 1, k - i - 1) for i in range(k)], dtype=np.int64)


def popcounts() -> np.ndarray:
    """Set bits of every 16-bit number (a 32-bit mask is counted in two halves)."""
    return np.array([bin(m).count("1") for m in range(1 << 16)], dtype=np.int64)


def zero_selects() -> np.ndarray:
    """``[mask, d]``: the d-th clear bit of a 16-bit mask (16 where it has fewer): unranking in two lookups."""
    out = np.full((1 << 16, 17), 16, dtype=np.int8)
    masks = np.arange(1 << 16)
    seen = np.zeros(1 << 16, dtype=np.int64)
    for bit in range(16):
        clear = ((masks >> bit) & 1) == 0
        out[masks[clear], seen[clear]] = bit
        seen += clear
    return out


_POP16 = popcounts()
_SELECT16 = zero_selects()


def ranks(cells: np.ndarray, n: int) -> np.ndarray:
    """Ranks of rows of tile cells (row i: the cells of tiles 0..k-1) among k-permutations of n cells."""
    pos = np.asarray(cells, dtype=np.int64)
    used = np.zeros(pos.shape[0], dtype=np.int64)
    out = np.zeros(pos.shape[0], dtype=np.int64)
    for i, weight in enumerate(rank_weights(pos.shape[1], n)):
        below = used & ((np.int64(1) << pos[:, i]) - 1)
        out += (pos[:, i] - _POP16[below & 0xFFFF] - _POP16[below >> 16]) * weight
        used |= np.int64(1) << pos[:, i]
    return out


def unrank(rank_values: np.ndarray, k: int, n: int) -> np.ndarray:
    """Rows of tile cells of the given ranks (the inverse of :func:`ranks`), vectorised."""
    rest = np.asarray(rank_values, dtype=np.int64).copy()
    used = np.zeros(rest.shape[0], dtype=np.int64)
    out = np.zeros((rest.shape[0], k), dtype=np.int64)
    for i, weight in enumerate(rank_weights(k, n)):
        digit, rest = np.divmod(rest, weight)
        cell = np.full(rest.shape[0], -1, dtype=np.int64)
        count = np.zeros(rest.shape[0], dtype=np.int64)
        for c in range(n):
            free = ((used >> c) & 1) == 0
            cell[free & (count == digit) & (cell < 0)] = c
            count += free
        out[:, i] = cell
        used |= np.int64(1) << cell
    return out


def geometry(width: int, height: int) -> tuple[np.ndarray, int, int, int]:
    """``(neighbours[cell, direction], full mask, not-first-column mask, not-last-column mask)``;
    directions up, down, left, right, -1 off the board."""
    n = width * height
    steps = np.full((n, 4), -1, dtype=np.int64)
    for c in range(n):
        r, q = divmod(c, width)
        for d, (dest, ok) in enumerate(((c - width, r > 0), (c + width, r < height - 1), (c - 1, q > 0),
                                        (c + 1, q < width - 1))):
            if ok:
                steps[c, d] = dest
    full = (1 << n) - 1
    first = sum(1 << c for c in range(0, n, width))
    return steps, full, full & ~first, full & ~(first << (width - 1))


def _flood(seed: Mask, free: Mask, width: int, not_first: int, not_last: int) -> Mask:
    """The cells of ``free`` connected to ``seed`` (a mask inside ``free``)."""
    reach = seed & free
    while True:
        grown = (reach | (reach << width) | (reach >> width) | ((reach << 1) & not_first)
                 | ((reach >> 1) & not_last)) & free
        if grown == reach:
            return reach
        reach = grown


def _slot(cell: int, free: Mask, width: int, not_first: int, not_last: int) -> int:
    """The number of the region of ``free`` that holds ``cell``, regions numbered by their lowest cell."""
    region = _flood(np.int64(1) << cell, free, width, not_first, not_last)
    below = free & ((region & -region) - 1)   # free cells under the region's lowest: other regions, each lower
    count = 0
    while below:
        other = _flood(below & -below, free, width, not_first, not_last)
        below &= ~other
        count += 1
    return count


def _regions(steps: np.ndarray, n: int) -> np.ndarray:
    """``regions[free mask]`` on a board of ``n`` <= 16 cells: 4 bits per cell, the number of its region
    among the free cells (regions numbered by their lowest cell), 15 on occupied cells."""
    out = np.zeros(1 << n, dtype=np.uint64)
    stack = np.zeros(n, dtype=np.int64)
    label = np.zeros(n, dtype=np.int64)
    for mask in range(1 << n):
        label[:] = 15
        count = 0
        for c in range(n):
            if (mask >> c) & 1 and label[c] == 15:
                label[c] = count
                stack[0], top = c, 1
                while top:
                    top -= 1
                    x = stack[top]
                    for d in range(4):
                        y = steps[x, d]
                        if y >= 0 and (mask >> y) & 1 and label[y] == 15:
                            label[y] = count
                            stack[top] = y
                            top += 1
                count += 1
        word = np.uint64(0)
        for c in range(n):
            word |= np.uint64(label[c]) << np.uint64(4 * c)
        out[mask] = word
    return out


def _label(regions: np.ndarray, free: Mask, cell: int) -> np.int64:
    """The number of the region of ``free`` that holds ``cell``, from the region table."""
    return np.int64((regions[free] >> np.uint64(4 * cell)) & np.uint64(15))


def _expand(codes: np.ndarray, table: np.ndarray, lo: int, hi: int, cur: int, depth: int, k: int, n: int,
            weights: np.ndarray, steps: np.ndarray, full: int, width: int, not_first: int, not_last: int,
            inverse: np.ndarray, pop: np.ndarray, select: np.ndarray, regions: np.ndarray) -> int:
    """Expand the states of ranks lo..hi in layer ``cur`` (code 1 or 2); their unseen children join
    the next layer (the other code). Returns the states expanded, or TOO_MANY_REGIONS. ``regions`` is
    the region table of a board of up to 16 cells (:func:`_regions`), else one entry: flood instead."""
    cells = np.zeros(MAX_GROUP, dtype=np.int64)
    at = np.full(MAX_CELLS, -1, dtype=np.int64)
    looked_up = regions.shape[0] > 1
    nxt = 3 - cur
    expanded = 0
    for r in range(lo, hi):
        w = np.int64(codes[r])
        if w == 0:
            continue
        hits = (w & 0x5555 & ~(w >> 1)) if cur == 1 else ((w >> 1) & 0x5555 & ~w)
        if hits == 0:
            continue
        if table[r] == UNSEEN:
            table[r] = depth
        rest, used = r, np.int64(0)
        for i in range(k):           # unrank: tile i takes the digit-th cell the earlier tiles left free
            digit = np.int64(rest * inverse[i])   # a product, not a division; the float may be one off
            if digit * weights[i] > rest:
                digit -= 1
            elif (digit + 1) * weights[i] <= rest:
                digit += 1
            rest -= digit * weights[i]
            low = used & 0xFFFF
            clear = 16 - pop[low]
            c = np.int64(select[low, digit]) if digit < clear else 16 + np.int64(select[used >> 16, digit - clear])
            cells[i] = c
            at[c] = i
            used |= np.int64(1) << c
        free = full & ~used
        reach = np.int64(0)          # the free cells of every region this layer holds (flooded boards)
        labels = regions[free] if looked_up else np.uint64(0)
        if not looked_up:
            count, rem = 0, free
            while rem:
                region = _flood(rem & -rem, free, width, not_first, not_last)
                rem &= ~region
                if (hits >> (2 * count)) & 1:
                    reach |= region
                count += 1
        codes[r] = np.uint16(w | (hits * 3))
        for i in range(k):
            p = cells[i]
            for d in range(4):
                q = steps[p, d]
                if q < 0 or (used >> q) & 1:
                    continue
                if looked_up:
                    held = (hits >> (2 * np.int64((labels >> np.uint64(4 * q)) & np.uint64(15)))) & 1
                else:
                    held = (reach >> q) & 1
                if not held:
                    continue   # the blank is not in the region next to this tile
                step = q - p
                if step == 1 or step == -1:
                    r2 = r + step * weights[i]
                else:   # tiles between p and q change digits: earlier ones tile i's, later ones their own
                    sign = 1 if step > 0 else -1
                    earlier, later = 0, 0
                    for x in range(1, width):
                        j = at[p + sign * x]
                        if j >= 0:
                            if j < i:
                                earlier += 1
                            else:
                                later += weights[j]
                    r2 = r + sign * ((width - earlier) * weights[i] + later)
                after = free ^ (np.int64(1) << q) ^ (np.int64(1) << p)
                if looked_up:
                    slot = _label(regions, after, p)
                else:
                    slot = np.int64(_slot(p, after, width, not_first, not_last))
                if slot >= SLOTS:
                    return TOO_MANY_REGIONS
                w2 = np.int64(codes[r2])
                if (w2 >> (2 * slot)) & 3 == 0:
                    codes[r2] = np.uint16(w2 | (nxt << (2 * slot)))
        for i in range(k):
            at[cells[i]] = -1
        while hits:
            expanded += 1
            hits &= hits - 1
    return expanded


_flood = compiled(_flood, inline="always")
_slot = compiled(_slot, inline="always")
_label = compiled(_label, inline="always")
_regions_c = compiled(_regions)
_expand_c = compiled(_expand)
_region_tables: dict[tuple[int, int], np.ndarray] = {}


def region_table(width: int, height: int) -> np.ndarray:
    """The region table of a board of up to 16 cells (computed once a board), else one unused entry."""
    if width * height > TABLE_CELLS:
        return np.zeros(1, dtype=np.uint64)
    if (width, height) not in _region_tables:
        _region_tables[width, height] = _regions_c(geometry(width, height)[0], width * height)
    return _region_tables[width, height]


def build(width: int, height: int, tiles: Sequence[int], blank: int | None = None,
          progress: Progress | None = None) -> np.ndarray:
    """The ranked pattern database of ``tiles`` on a ``width`` x ``height`` board whose goal has tile t
    on cell t - 1 and the blank on ``blank`` (default: the last cell), one byte a placement.

    Tiles are named as the standard goal names them, so tile t's goal cell is t - 1, or t where the
    blank's goal cell comes before it."""
    n = width * height
    blank = n - 1 if blank is None else blank
    k = len(tiles)
    if not available():
        raise RuntimeError("numba is not installed")
    if not 2 <= width <= 5 or not 2 <= height <= 5 or not 0 <= blank < n:
        raise ValueError("boards from 2x2 to 5x5 only, the blank's goal on the board.")
    if not 1 <= k <= MAX_GROUP or len(set(tiles)) != k or not all(1 <= t < n for t in tiles):
        raise ValueError(f"a pattern group is 1 to {MAX_GROUP} distinct tiles of 1..{n - 1}.")
    size = placements(k, n)
    steps, full, not_first, not_last = geometry(width, height)
    regions = region_table(width, height)
    weights = np.ones(MAX_GROUP, dtype=np.int64)
    weights[:k] = rank_weights(k, n)
    codes = np.zeros(size, dtype=np.uint16)
    table = np.full(size, UNSEEN, dtype=np.uint8)
    goal = np.array([[t - 1 + (t - 1 >= blank) for t in tiles]], dtype=np.int64)
    used = int((np.int64(1) << goal[0]).sum())
    start_slot = _slot(blank, full & ~used, width, not_first, not_last)
    codes[int(ranks(goal, n)[0])] = 1 << (2 * start_slot)
    name = ",".join(map(str, tiles))
    depth, cur, states, reached, started = 0, 1, 0, 0, time.perf_counter()
    while True:
        layer = 0
        for lo in range(0, size, CHUNK):
            hi = min(size, lo + CHUNK)
            got = _expand_c(codes, table, lo, hi, cur, depth, k, n, weights, steps, full, width, not_first, not_last,
                            1.0 / weights, _POP16, _SELECT16, regions)
            if got == TOO_MANY_REGIONS:   # pragma: no cover - no group of up to 8 tiles on 5x5 walls off 8 regions
                raise ValueError(f"the tiles {name} wall off more than {SLOTS} regions of the board.")
            layer += got
            reached += int(np.count_nonzero(table[lo:hi] == depth))
            if progress is not None:
                progress(min(0.99, reached / size), f"pattern {name}: depth {depth}")
        if not layer:
            break
        states += layer
        depth, cur = depth + 1, 3 - cur
    if progress is not None:
        progress(1.0, f"pattern {name}: {states:,} states, deepest {depth - 1}, "
                      f"{time.perf_counter() - started:.1f} s")
    return table
