"""Sets of packed positions as sorted arrays: each position a row of one or more int64 words (never
negative, so signed order is the packed order), rows in ascending order, no row twice.

A sorted array costs only its words a position (8 bytes for a one-word key), and the operations a
layered sweep needs are linear merges: a chunk's children sorted once, then the rows already known
dropped by walking the old layers alongside (galloping where the chunk is much smaller). Kernels are
compiled on first call (:mod:`solvers.compiled`); without numba they run as Python, slowly but the same.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from solvers.compiled import compiled

__all__ = ["contains", "difference", "empty", "locate", "merge", "sort_unique"]


def empty(words: int) -> np.ndarray:
    return np.zeros((0, words), dtype=np.int64)


def sort_unique(keys: np.ndarray) -> np.ndarray:
    """The rows of ``keys`` sorted, each once."""
    keys = np.ascontiguousarray(keys, dtype=np.int64)
    if len(keys) <= 1:
        return keys.copy()
    if keys.shape[1] == 1:
        flat = np.sort(keys.ravel())
        keep = np.empty(len(flat), dtype=np.bool_)
        keep[0] = True
        np.not_equal(flat[1:], flat[:-1], out=keep[1:])
        return flat[keep][:, None]
    rows = keys[np.lexsort(keys.T[::-1])]
    keep = np.empty(len(rows), dtype=np.bool_)
    keep[0] = True
    np.any(rows[1:] != rows[:-1], axis=1, out=keep[1:])
    return rows[keep]


def merge(parts: Sequence[np.ndarray], words: int) -> np.ndarray:
    """The union of sorted sets, sorted, each row once."""
    parts = [p for p in parts if len(p)]
    if not parts:
        return empty(words)
    if len(parts) == 1:
        return parts[0]
    return sort_unique(np.concatenate(parts))


def _compare(a: np.ndarray, i: int, b: np.ndarray, j: int) -> int:
    for w in range(a.shape[1]):
        if a[i, w] < b[j, w]:
            return -1
        if a[i, w] > b[j, w]:
            return 1
    return 0


def _lower_bound(b: np.ndarray, lo: int, a: np.ndarray, i: int) -> int:
    """The first index from ``lo`` whose row of ``b`` is not below a[i] (galloping, then halving)."""
    nb = b.shape[0]
    step = 1
    hi = lo
    while hi < nb and _compare(b, hi, a, i) < 0:
        lo = hi + 1
        hi = lo + step
        step *= 2
    if hi > nb:
        hi = nb
    while lo < hi:
        mid = (lo + hi) >> 1
        if _compare(b, mid, a, i) < 0:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _absent(a: np.ndarray, b: np.ndarray, keep: np.ndarray) -> None:
    """keep[i] &= a[i] not in b (both sorted), galloping through ``b``: for ``a`` much the smaller."""
    j = 0
    nb = b.shape[0]
    for i in range(a.shape[0]):
        j = _lower_bound(b, j, a, i)
        if j < nb and _compare(b, j, a, i) == 0:
            keep[i] = False


def _absent_merging(a: np.ndarray, b: np.ndarray, keep: np.ndarray) -> None:
    """keep[i] &= a[i] not in b (both sorted), walking both: for sizes within a few dozen times."""
    j = 0
    nb = b.shape[0]
    for i in range(a.shape[0]):
        while j < nb and _compare(b, j, a, i) < 0:
            j += 1
        if j < nb and _compare(b, j, a, i) == 0:
            keep[i] = False


def _absent_flat(a: np.ndarray, b: np.ndarray, keep: np.ndarray) -> None:
    """_absent_merging for one-word keys, as flat arrays."""
    j = 0
    nb = b.shape[0]
    for i in range(a.shape[0]):
        x = a[i]
        while j < nb and b[j] < x:
            j += 1
        if j < nb and b[j] == x:
            keep[i] = False


def _locate(sorted_keys: np.ndarray, queries: np.ndarray, out: np.ndarray) -> None:
    """out[i]: the index of queries[i] in ``sorted_keys``, -1 where it is not there (queries in any order)."""
    n = sorted_keys.shape[0]
    for i in range(queries.shape[0]):
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi) >> 1
            if _compare(sorted_keys, mid, queries, i) < 0:
                lo = mid + 1
            else:
                hi = mid
        out[i] = lo if lo < n and _compare(sorted_keys, lo, queries, i) == 0 else -1


_compare = compiled(_compare, inline="always")
_lower_bound = compiled(_lower_bound, inline="always")
_absent_c = compiled(_absent)
_absent_merging_c = compiled(_absent_merging)
_absent_flat_c = compiled(_absent_flat)
GALLOP = 64   # sizes further apart than this: gallop through the larger, else walk both
_locate_c = compiled(_locate)


def difference(keys: np.ndarray, *others: np.ndarray) -> np.ndarray:
    """The rows of sorted ``keys`` in none of the sorted ``others``."""
    if not len(keys):
        return keys
    keep = np.ones(len(keys), dtype=np.bool_)
    for other in others:
        _mark_absent(keys, other, keep)
    return keys if keep.all() else keys[keep]


def _mark_absent(keys: np.ndarray, other: np.ndarray, keep: np.ndarray) -> None:
    if not len(other):
        return
    if len(other) > GALLOP * len(keys):
        _absent_c(keys, other, keep)
    elif keys.shape[1] == 1:
        _absent_flat_c(keys.ravel(), other.ravel(), keep)
    else:
        _absent_merging_c(keys, other, keep)


def contains(keys: np.ndarray, sorted_keys: np.ndarray) -> np.ndarray:
    """Which rows of sorted ``keys`` are in ``sorted_keys``."""
    keep = np.ones(len(keys), dtype=np.bool_)
    if len(keys):
        _mark_absent(keys, sorted_keys, keep)
    return ~keep


def locate(sorted_keys: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Each query row's index in ``sorted_keys``, -1 where it is missing."""
    out = np.full(len(queries), -1, dtype=np.int64)
    if len(queries) and len(sorted_keys):
        _locate_c(sorted_keys, np.ascontiguousarray(queries, dtype=np.int64), out)
    return out
