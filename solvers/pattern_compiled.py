"""Compiled breadth-first build of ranked 15-puzzle pattern databases (numba).

The abstract space of a tile group is (placement, region of free cells the blank is in):
the blank moves for free inside its region, a pattern tile steps into it for one move.
A numpy build of a 7-tile group needs gigabytes for its layers; here every state is two
bits in a 16-bit word per placement (one slot per region, numbered by lowest cell:
unseen, this layer, next layer, done), so a 7-tile build holds 115 MB of states and the
58 MB table, and each layer is one pass over the placements. A placement's value is the
layer where its first region is expanded, i.e. the minimum over the blank's regions.

Kernels are compiled on their first call (:mod:`solvers.compiled`).
"""
from __future__ import annotations

import time
from typing import Any, Callable, Sequence

import numpy as np

from solvers import compiled as _compiled
from solvers.compiled import _Deferred, available, compiled   # noqa: F401 - _Deferred: the kernels' type

_jit: Any = _compiled._jit   # None without numba: the numpy paths answer

Progress = Callable[[float, str], None]
CHUNK = 1 << 22                   # placements per compiled call: progress between calls
UNSEEN = 255


def neighbours() -> np.ndarray:
    """``[cell, direction]``: the cell one step up, down, left or right on the 4x4 board, -1 off it."""
    table = np.full((16, 4), -1, dtype=np.int64)
    for c in range(16):
        r, q = divmod(c, 4)
        for d, (dest, ok) in enumerate(((c - 4, r > 0), (c + 4, r < 3), (c - 1, q > 0), (c + 1, q < 3))):
            if ok:
                table[c, d] = dest
    return table


def _regions(neighbours: np.ndarray) -> np.ndarray:
    """``regions[free mask]``: 4 bits per cell, the number of its region among the free
    cells (regions numbered by their lowest cell), 15 on occupied cells."""
    out = np.zeros(1 << 16, dtype=np.uint64)
    stack = np.zeros(16, dtype=np.int64)
    label = np.zeros(16, dtype=np.int64)
    for mask in range(1 << 16):
        label[:] = 15
        count = 0
        for c in range(16):
            if (mask >> c) & 1 and label[c] == 15:
                label[c] = count
                stack[0], top = c, 1
                while top:
                    top -= 1
                    x = stack[top]
                    for d in range(4):
                        y = neighbours[x, d]
                        if y >= 0 and (mask >> y) & 1 and label[y] == 15:
                            label[y] = count
                            stack[top] = y
                            top += 1
                count += 1
        word = np.uint64(0)
        for c in range(16):
            word |= np.uint64(label[c]) << np.uint64(4 * c)
        out[mask] = word
    return out


def _selects() -> np.ndarray:
    """``selects[used mask, d]``: the d-th cell not in the mask."""
    out = np.zeros((1 << 16, 16), dtype=np.int8)
    for mask in range(1 << 16):
        d = 0
        for c in range(16):
            if not (mask >> c) & 1:
                out[mask, d] = c
                d += 1
    return out


def _expand(codes: np.ndarray, table: np.ndarray, lo: int, hi: int, cur: int, depth: int, k: int,
            weights: np.ndarray, inverse: np.ndarray, selects: np.ndarray, regions: np.ndarray,
            neighbours: np.ndarray) -> int:
    """Expand the states of ranks lo..hi in layer ``cur`` (code 1 or 2); their children
    that were unseen join the next layer (the other code). Returns the states expanded."""
    cells = np.zeros(8, dtype=np.int64)
    at = np.full(16, -1, dtype=np.int64)
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
        rest, used = r, 0
        for i in range(k):
            digit = np.int64(rest * inverse[i] + 1e-7)
            rest -= int(digit * weights[i])
            c = int(selects[used, digit])
            cells[i] = c
            at[c] = i
            used |= 1 << c
        free = 0xFFFF & ~used
        labels = regions[free]
        codes[r] = np.uint16(w | (hits * 3))
        for i in range(k):
            p = cells[i]
            for d in range(4):
                q = neighbours[p, d]
                if q < 0 or (used >> q) & 1:
                    continue
                if not (hits >> (2 * np.int64((labels >> np.uint64(4 * q)) & np.uint64(15)))) & 1:
                    continue  # the blank is not in the region next to this tile
                step = q - p
                if step == 1 or step == -1:
                    r2 = r + step * weights[i]
                else:  # tiles between p and q change digits: earlier ones tile i's, later ones their own
                    sign = 1 if step > 0 else -1
                    earlier, later = 0, 0
                    for x in range(1, 4):
                        j = at[p + sign * x]
                        if j >= 0:
                            if j < i:
                                earlier += 1
                            else:
                                later += weights[j]
                    r2 = r + sign * ((4 - earlier) * weights[i] + later)
                slot = np.int64((regions[free ^ (1 << q) ^ (1 << p)] >> np.uint64(4 * p)) & np.uint64(15))
                w2 = np.int64(codes[r2])
                if (w2 >> (2 * slot)) & 3 == 0:
                    codes[r2] = np.uint16(w2 | (nxt << (2 * slot)))
        for i in range(k):
            at[cells[i]] = -1
        while hits:
            expanded += 1
            hits &= hits - 1
    return expanded


_regions_c = compiled(_regions)
_selects_c = compiled(_selects)
_expand_c = compiled(_expand)


def build(tiles: Sequence[int], progress: Progress | None = None) -> np.ndarray:
    """The ranked pattern database of ``tiles`` (15-puzzle, standard goal), one byte a placement."""
    from solvers import pattern_db

    if _jit is None:
        raise RuntimeError("numba is not installed")
    k, n = len(tiles), pattern_db.placements(len(tiles))
    if not 1 <= k <= 8 or sorted(set(tiles)) != sorted(tiles) or not all(1 <= t <= 15 for t in tiles):
        raise ValueError("a pattern group is 1 to 8 distinct tiles of 1..15.")
    steps = neighbours()
    regions, selects = _regions_c(steps), _selects_c()
    weights = np.ones(8, dtype=np.int64)
    weights[:k] = pattern_db.rank_weights(k)
    inverse = 1.0 / weights
    codes = np.zeros(n, dtype=np.uint16)
    table = np.full(n, UNSEEN, dtype=np.uint8)
    goal = np.array([[t - 1 for t in tiles]], dtype=np.int64)
    used = sum(1 << (t - 1) for t in tiles)
    start_slot = int((regions[0xFFFF & ~used] >> np.uint64(4 * 15)) & np.uint64(15))
    codes[int(pattern_db.ranks(goal)[0])] = 1 << (2 * start_slot)
    name = ",".join(map(str, tiles))
    depth, cur, states, reached, started = 0, 1, 0, 0, time.perf_counter()
    while True:
        layer = 0
        for lo in range(0, n, CHUNK):
            hi = min(n, lo + CHUNK)
            layer += _expand_c(codes, table, lo, hi, cur, depth, k, weights, inverse, selects, regions, steps)
            reached += int(np.count_nonzero(table[lo:hi] == depth))  # only expanding r sets table[r]
            if progress is not None:
                progress(min(0.99, reached / n), f"pattern {name}: depth {depth}")
        if not layer:
            break
        states += layer
        depth, cur = depth + 1, 3 - cur
    if progress is not None:
        progress(1.0, f"pattern {name}: {states:,} states, deepest {depth - 1}, "
                      f"{time.perf_counter() - started:.1f} s")
    return table
