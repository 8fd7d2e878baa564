"""Sets of packed positions as sorted arrays: each position a row of one or more int64 words (never
negative, so signed order is the packed order), rows in ascending order, no row twice.

A sorted array costs only its words a position (8 bytes for a one-word key), and the operations a
layered sweep needs are linear merges: a chunk's children sorted once (numpy's sort of one word; two
words grouped by their leading word, numpy's sort within each group; more, numpy's lexsort), then the
rows already known dropped by walking the old layers alongside (galloping where the chunk is much
smaller). Kernels are
compiled on first call (:mod:`solvers.compiled`); without numba they run as Python, slowly but the same.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from solvers.compiled import available as compiled_available, compiled
from solvers.threads import in_order

__all__ = ["contains", "difference", "empty", "locate", "merge", "merged_difference", "sort_unique"]


def empty(words: int) -> np.ndarray:
    return np.zeros((0, words), dtype=np.int64)


BUCKETS = 1 << 12          # two-word keys whose leading word is below this are grouped by its value
LARGE_GROUP = 1 << 12      # a group of at least this many rows is sorted by numpy, one call each
GROUPED_AT = 1 << 10       # fewer two-word rows than this: numpy's lexsort (a compiled call would cost more)


def sort_unique(keys: np.ndarray) -> np.ndarray:
    """The rows of ``keys`` sorted, each once."""
    keys = np.ascontiguousarray(keys, dtype=np.int64)
    if len(keys) <= 1:
        return keys.copy()
    if keys.shape[1] == 1:   # one word: numpy's sort (vectorised), then the repeats dropped
        flat = np.sort(keys.ravel())
        keep = np.empty(len(flat), dtype=np.bool_)
        keep[0] = True
        np.not_equal(flat[1:], flat[:-1], out=keep[1:])
        return flat[keep][:, None]
    if keys.shape[1] == 2 and len(keys) >= GROUPED_AT and compiled_available():
        return _sort_unique_grouped(keys)
    if keys.shape[1] > 2 and len(keys) >= HASHED_AT and compiled_available():
        keys = _first_of_each(keys)   # the repeats dropped first: lexsort's passes then run over fewer rows
    rows = keys[np.lexsort(keys.T[::-1])]   # more words: a comparison sort of each (a radix sort measured slower)
    keep = np.empty(len(rows), dtype=np.bool_)
    keep[0] = True
    np.any(rows[1:] != rows[:-1], axis=1, out=keep[1:])
    return rows[keep]


HASHED_AT = 1 << 12   # keys of three words or more, from this many rows: repeats dropped by a hash table first


def _first_of_each(keys: np.ndarray) -> np.ndarray:
    """The rows of ``keys`` each once, in the order they first come: an open-addressing table of row indices,
    at most half full (a chunk's children are mostly repeats: two in three on the large boards, where this
    and lexsort of what is left took 0.73 to 0.83 s of processor time against 1.27 to 1.54 s for lexsort
    alone, on 2.2 million eight-word children). The table (four bytes a slot) is at most two thirds of the
    keys' bytes."""
    size = 1 << max(4, (2 * len(keys) - 1).bit_length())
    keep = np.empty(len(keys), dtype=np.bool_)
    _mark_first_c(keys, np.full(size, -1, dtype=np.int32), keep)
    return keys[keep]


def _mark_first(keys: np.ndarray, table: np.ndarray, keep: np.ndarray) -> None:
    """keep[i]: whether row i is the first of its value (``table``: a power of two slots, all -1)."""
    mask = table.shape[0] - 1
    for i in range(keys.shape[0]):
        h = 0
        for w in range(keys.shape[1]):
            h = (h ^ keys[i, w]) * -7046029254386353131   # 0x9E3779B97F4A7C15, the golden ratio's multiplier
            h ^= (h >> 29) & 0x7FFFFFFFF
        slot = h & mask
        while True:
            j = table[slot]
            if j < 0:
                table[slot] = i
                keep[i] = True
                break
            if _compare(keys, j, keys, i) == 0:
                keep[i] = False
                break
            slot = (slot + 1) & mask


def _sort_unique_grouped(keys: np.ndarray) -> np.ndarray:
    """sort_unique of two-word keys by groups of their leading word: the distinct leading words found by
    numpy's sort (vectorised, one word), the second words gathered by group (a counting sort), each
    group sorted and thinned in a compiled walk. Where the leading word is a few bits (the engine packs
    its fullest word last) the groups are found without a search."""
    lead = keys[:, 0]
    if 0 <= int(lead.min()) and int(lead.max()) < BUCKETS:
        group = lead
        values = np.arange(int(lead.max()) + 1, dtype=np.int64)
    else:
        ordered = np.sort(lead)
        first = np.empty(len(ordered), dtype=np.bool_)
        first[0] = True
        np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
        values = ordered[first]
        del ordered, first
        group = np.searchsorted(values, lead)
    starts = np.zeros(len(values) + 1, dtype=np.int64)
    np.cumsum(np.bincount(group, minlength=len(values)), out=starts[1:])
    second = np.empty(len(keys), dtype=np.int64)
    _group_c(group, keys, starts[:-1].copy(), second)
    sizes = np.diff(starts)
    for g in np.flatnonzero(sizes >= LARGE_GROUP):   # numpy's sort is vectorised; the compiled walk's is not
        second[starts[g]:starts[g + 1]].sort()
    out = np.empty_like(keys)
    kept = _rows_once_c(values, second, starts, LARGE_GROUP, out)
    return out[:kept].copy() if kept < len(keys) // 2 else out[:kept]


def _group(group: np.ndarray, keys: np.ndarray, at: np.ndarray, second: np.ndarray) -> None:
    """Each row's second word into its group (``at``: each group's next free place)."""
    for i in range(keys.shape[0]):
        g = group[i]
        second[at[g]] = keys[i, 1]
        at[g] += 1


def _rows_once(values: np.ndarray, second: np.ndarray, starts: np.ndarray, large: int, out: np.ndarray) -> int:
    """Each group's second words sorted (those of ``large`` groups or more are sorted already), then the rows
    (the group's leading word, a second word) into ``out``, each once; returns how many."""
    n = 0
    for g in range(starts.shape[0] - 1):
        lo, hi = starts[g], starts[g + 1]
        if 1 < hi - lo < large:
            second[lo:hi].sort()
        for i in range(lo, hi):
            if i == lo or second[i] != second[i - 1]:
                out[n, 0] = values[g]
                out[n, 1] = second[i]
                n += 1
    return n


def merge(parts: Sequence[np.ndarray], words: int) -> np.ndarray:
    """The union of sorted sets, sorted, each row once. Keys of several words: the smallest two merged
    first, each merge one linear walk (sorting their concatenation again cost 4 to 13 times as much); one
    word: numpy's sort of the concatenation (vectorised, it beats pairwise walks past two parts)."""
    parts = [p for p in parts if len(p)]
    if not parts:
        return empty(words)
    if len(parts) == 1:
        return parts[0]
    if not compiled_available() or (words == 1 and len(parts) > 2):
        return sort_unique(np.concatenate(parts))
    parts.sort(key=len, reverse=True)
    while len(parts) > 1:
        b, a = parts.pop(), parts.pop()
        out = np.empty((len(a) + len(b), words), dtype=np.int64)
        if words == 1:
            n = _union_flat_c(a.ravel(), b.ravel(), out.ravel())
        else:
            n = _union_c(a, b, out)
        union = out[:n] if n > len(out) - len(out) // 8 else out[:n].copy()   # a view holds its whole buffer
        at = len(parts)
        while at and len(parts[at - 1]) < n:
            at -= 1
        parts.insert(at, union)
    return parts[0]


def _union(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> int:
    """The rows of sorted sets ``a`` and ``b`` into ``out``, sorted, each once; returns how many."""
    i = j = n = 0
    na, nb = a.shape[0], b.shape[0]
    words = a.shape[1]
    while i < na and j < nb:
        order = _compare(a, i, b, j)
        if order <= 0:
            for v in range(words):
                out[n, v] = a[i, v]
            i += 1
            if order == 0:
                j += 1
        else:
            for v in range(words):
                out[n, v] = b[j, v]
            j += 1
        n += 1
    while i < na:
        for v in range(words):
            out[n, v] = a[i, v]
        i += 1
        n += 1
    while j < nb:
        for v in range(words):
            out[n, v] = b[j, v]
        j += 1
        n += 1
    return n


def _union_flat(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> int:
    """_union for one-word keys, as flat arrays."""
    i = j = n = 0
    na, nb = a.shape[0], b.shape[0]
    while i < na and j < nb:
        x, y = a[i], b[j]
        if x <= y:
            out[n] = x
            i += 1
            if x == y:
                j += 1
        else:
            out[n] = y
            j += 1
        n += 1
    while i < na:
        out[n] = a[i]
        i += 1
        n += 1
    while j < nb:
        out[n] = b[j]
        j += 1
        n += 1
    return n


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


def _lower_bounds(sorted_keys: np.ndarray, queries: np.ndarray, out: np.ndarray) -> None:
    """out[i]: the first index of ``sorted_keys`` whose row is not below queries[i]."""
    for i in range(queries.shape[0]):
        out[i] = _lower_bound(sorted_keys, 0, queries, i)


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
_lower_bounds_c = compiled(_lower_bounds)
_union_c = compiled(_union)
_group_c = compiled(_group)
_mark_first_c = compiled(_mark_first)
_rows_once_c = compiled(_rows_once)
_union_flat_c = compiled(_union_flat)


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


SPLIT_AT = 1 << 16   # rows from which merged_difference cuts its work among threads


def merged_difference(parts: Sequence[np.ndarray], words: int, minus: Sequence[np.ndarray] = (),
                      threads: int = 1) -> np.ndarray:
    """difference(merge(parts), *minus), the keys cut into ``threads`` ranges (at rows of the largest part, so
    the ranges hold about as many each), every range merged and thinned on a thread of its own and the
    ranges put back in order: the same rows as on one thread."""
    parts = [p for p in parts if len(p)]
    if threads <= 1 or sum(len(p) for p in parts) < SPLIT_AT or not compiled_available():
        return difference(merge(parts, words), *minus)
    largest = max(parts, key=len)
    cuts = np.ascontiguousarray(largest[np.arange(1, threads) * len(largest) // threads])

    def bounds(keys: np.ndarray) -> np.ndarray:
        out = np.zeros(threads + 1, dtype=np.int64)
        out[-1] = len(keys)
        if len(keys):
            _lower_bounds_c(keys, cuts, out[1:-1])
        return out

    part_bounds, minus_bounds = [bounds(p) for p in parts], [bounds(m) for m in minus]

    def one_range(i: int) -> np.ndarray:
        merged = merge([p[b[i]:b[i + 1]] for p, b in zip(parts, part_bounds)], words)
        return difference(merged, *(m[b[i]:b[i + 1]] for m, b in zip(minus, minus_bounds)))

    return np.concatenate(in_order(one_range, range(threads), threads))
