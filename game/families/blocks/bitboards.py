"""The sliding blocks' move generator on bitboards, for boards of at most 128 cells (compiled on first
call): where a piece can go is found for all its anchors at once.

The board is the bounding box of its cells, cell (r, c) bit r * width + c of a pair of 64-bit words
(low, high). With one piece lifted, the anchors where it fits are its kind's static fits (walls, doors)
and'ed with the free cells shifted back by each offset of its shape; a path move's destinations are a
flood fill of that set from the piece's anchor (shifts by one column, masked at the board's edges, and
by one row), a line's are straight runs, a cell's single steps. Positions are the packed words of
:mod:`game.families.blocks.kernels` (decoded and re-packed with its functions). The goal test of a child
is a list of (kind, anchor) a goal needs and cells it needs empty, which is what every goal of whole
pieces says; a puzzle whose goal says more uses the cell-by-cell generator.
"""
from __future__ import annotations

import numpy as np

from solvers.compiled import compiled

from game.families.blocks.kernels import CELL, LINE, PATH, _emit, _goal_blocked, _unrank_into

__all__ = ["INDEX", "expand_bits"]

ONE = np.uint64(1)
ZERO = np.uint64(0)
DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
INDEX = np.zeros(64, dtype=np.int64)   # the lowest set bit's index, by the top six bits of its de Bruijn product
for _i in range(64):
    INDEX[((1 << _i) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _i
VERTICAL, SIDEWAYS = 1, 2   # a kind's ways of moving
UNUSED = (CELL, LINE, PATH)


def _shl(lo: np.uint64, hi: np.uint64, s: int) -> tuple[np.uint64, np.uint64]:
    if s == 0:
        return lo, hi
    if s >= 64:
        return ZERO, lo << np.uint64(s - 64)
    return lo << np.uint64(s), (hi << np.uint64(s)) | (lo >> np.uint64(64 - s))


def _shr(lo: np.uint64, hi: np.uint64, s: int) -> tuple[np.uint64, np.uint64]:
    if s == 0:
        return lo, hi
    if s >= 64:
        return hi >> np.uint64(s - 64), ZERO
    return (lo >> np.uint64(s)) | (hi << np.uint64(64 - s)), hi >> np.uint64(s)


def _lowest(x: np.uint64, index: np.ndarray) -> int:
    """The index of the lowest set bit of a non-zero word."""
    return index[((x & (~x + ONE)) * DEBRUIJN) >> np.uint64(58)]


def _spread(lo: np.uint64, hi: np.uint64, ways: int, width: int, masks: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """The set and every anchor one step from it (sideways steps kept off the row's ends)."""
    out_lo, out_hi = lo, hi
    if ways & SIDEWAYS:
        a_lo, a_hi = _shl(lo, hi, 1)
        b_lo, b_hi = _shr(lo, hi, 1)
        out_lo |= (a_lo & masks[0]) | (b_lo & masks[2])
        out_hi |= (a_hi & masks[1]) | (b_hi & masks[3])
    if ways & VERTICAL:
        a_lo, a_hi = _shl(lo, hi, width)
        b_lo, b_hi = _shr(lo, hi, width)
        out_lo |= a_lo | b_lo
        out_hi |= a_hi | b_hi
    return out_lo, out_hi


def _step(lo: np.uint64, hi: np.uint64, d: int, width: int, masks: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """One step up, down, left or right (d = 0..3), off the board dropped."""
    if d == 0:
        return _shr(lo, hi, width)
    if d == 1:
        return _shl(lo, hi, width)
    if d == 2:
        a_lo, a_hi = _shr(lo, hi, 1)
        return a_lo & masks[2], a_hi & masks[3]
    a_lo, a_hi = _shl(lo, hi, 1)
    return a_lo & masks[0], a_hi & masks[1]


def _goal_child(p: int, k: int, y: int, occ_lo: np.uint64, occ_hi: np.uint64, cells: np.ndarray,
                kind_first: np.ndarray, kind_count: np.ndarray, req_kind: np.ndarray, req_anchor: np.ndarray,
                empty: np.ndarray) -> bool:
    """Whether the child with piece p (kind k) moved to ``y`` is a goal, the other kinds' places granted
    (:func:`_goal_blocked`); ``occ``: the child's cells."""
    if (occ_lo & empty[0]) != ZERO or (occ_hi & empty[1]) != ZERO:
        return False
    for r in range(req_kind.shape[0]):
        want = req_anchor[r]
        if req_kind[r] != k or y == want:
            continue
        found = False
        for q in range(kind_first[k], kind_first[k] + kind_count[k]):
            if q != p and cells[q] == want:
                found = True
                break
        if not found:
            return False
    return True


def _reach(here_lo: np.uint64, here_hi: np.uint64, count: int, ways: int, v_lo: np.uint64, v_hi: np.uint64,
           width: int, masks: np.ndarray, n_lo: np.uint64, n_hi: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The anchors a lifted piece reaches in one move of the count from its anchor ``here`` (one bit), ``v``
    the anchors where it fits, ``n`` the anchors one step from ``here`` in its kind's ways. Most moves go one
    step, or to places all one step away: those need no flood fill."""
    first_lo, first_hi = v_lo & n_lo, v_hi & n_hi
    if count == CELL or (first_lo == ZERO and first_hi == ZERO):
        return first_lo, first_hi
    if count == PATH:
        if (v_lo & ~here_lo) == first_lo and (v_hi & ~here_hi) == first_hi:
            return first_lo, first_hi   # every other place it fits is one step away
        r_lo, r_hi = here_lo | first_lo, here_hi | first_hi   # else a flood fill of the places where it fits
        while True:
            g_lo, g_hi = _spread(r_lo, r_hi, ways, width, masks)
            g_lo &= v_lo
            g_hi &= v_hi
            if g_lo == r_lo and g_hi == r_hi:
                return r_lo & ~here_lo, r_hi & ~here_hi
            r_lo, r_hi = g_lo, g_hi
    to_lo, to_hi = ZERO, ZERO
    for d in range(4):   # straight runs
        if (d < 2 and not ways & VERTICAL) or (d >= 2 and not ways & SIDEWAYS):
            continue
        x_lo, x_hi = here_lo, here_hi
        while True:
            x_lo, x_hi = _step(x_lo, x_hi, d, width, masks)
            x_lo &= v_lo
            x_hi &= v_hi
            if x_lo == ZERO and x_hi == ZERO:
                break
            to_lo |= x_lo
            to_hi |= x_hi
    return to_lo, to_hi


def _prefix_sums(first: int, count: int, at: int, idx: np.ndarray, binom: np.ndarray, sums: np.ndarray) -> None:
    """For a kind packed in one field (sorted indices c_t = idx[first + t]), the prefix sums of its rank's
    terms in place and shifted one place up or down: sums[0, at + t] sums C(c_u, u + 1) over u < t,
    sums[1, at + t] C(c_u, u + 2), sums[2, at + t] C(c_u, u)."""
    a, b, d = 0, 0, 0
    for t in range(count):
        c = idx[first + t]
        sums[0, at + t] = a
        sums[1, at + t] = b
        sums[2, at + t] = d
        a += binom[c, t + 1]
        if t < count - 1:
            b += binom[c, t + 2]
        d += binom[c, t]
    sums[0, at + count] = a
    sums[1, at + count] = b
    sums[2, at + count] = d


def _moved_rank(i: int, q: int, j: int, m: int, at: int, sums: np.ndarray, binom: np.ndarray) -> int:
    """The rank of a kind packed in one field (m pieces, prefix sums at ``at``) with its i-th piece moved to
    index j, q of its other pieces below j: those it passes shift one place."""
    if q <= i:
        return sums[0, at + q] + binom[j, q + 1] + sums[1, at + i] - sums[1, at + q] + sums[0, at + m] - sums[0, at + i + 1]
    return (sums[0, at + i] + sums[2, at + q + 1] - sums[2, at + i + 1] + binom[j, q + 1] + sums[0, at + m]
            - sums[0, at + q + 1])


def _occupy(idx: np.ndarray, piece_kind: np.ndarray, anchor_cell: np.ndarray, placed: np.ndarray,
            cells: np.ndarray, covers: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """Each piece's anchor cell and cells (into ``cells`` and ``covers``) of a decoded row; returns every
    piece's cells."""
    occ_lo, occ_hi = ZERO, ZERO
    for p in range(piece_kind.shape[0]):
        k = piece_kind[p]
        cells[p] = anchor_cell[k, idx[p]]
        s_lo, s_hi = placed[k, idx[p], 0], placed[k, idx[p], 1]
        covers[p, 0] = s_lo
        covers[p, 1] = s_hi
        occ_lo |= s_lo
        occ_hi |= s_hi
    return occ_lo, occ_hi


def _decode_changed(keys: np.ndarray, row: int, f_kind: np.ndarray, f_first: np.ndarray, f_len: np.ndarray,
                    f_word: np.ndarray, f_shift: np.ndarray, f_bits: np.ndarray, kind_n: np.ndarray,
                    binom: np.ndarray, idx: np.ndarray, ranks: np.ndarray) -> None:
    """As :func:`game.families.blocks.kernels._decode_row`, unranking only the fields whose rank differs from
    the row decoded before (``ranks``, -1 for none): sorted rows share their leading fields."""
    for f in range(f_kind.shape[0]):
        rank = (keys[row, f_word[f]] >> f_shift[f]) & ((np.int64(1) << f_bits[f]) - 1)
        if rank != ranks[f]:
            ranks[f] = rank
            _unrank_into(rank, f_len[f], binom, idx, f_first[f], kind_n[f_kind[f]] - 1)


def _expand_bits(keys: np.ndarray, lo: int, hi: int, count: int, out: np.ndarray, rows: np.ndarray, most: int,
                 piece_kind: np.ndarray, kind_first: np.ndarray, kind_count: np.ndarray, kind_n: np.ndarray,
                 kind_f0: np.ndarray, f_kind: np.ndarray, f_first: np.ndarray, f_len: np.ndarray, f_word: np.ndarray,
                 f_shift: np.ndarray, f_bits: np.ndarray, binom: np.ndarray, anchor_cell: np.ndarray,
                 anchor_index: np.ndarray, shape_off: np.ndarray, shape_len: np.ndarray, placed: np.ndarray,
                 fits: np.ndarray, ways: np.ndarray, steps: np.ndarray, width: int, masks: np.ndarray, req_kind: np.ndarray,
                 req_anchor: np.ndarray, empty: np.ndarray, want_goal: bool, index: np.ndarray, idx: np.ndarray,
                 cells: np.ndarray, work: np.ndarray, state: np.ndarray, covers: np.ndarray, sums: np.ndarray,
                 summed: np.ndarray, ranks: np.ndarray) -> int:
    """As :func:`game.families.blocks.kernels.expand`, on bitboards: ``placed[k, j]`` are the cells of a
    piece of kind k on its j-th anchor and that anchor's bit, ``fits[k]`` the anchors where it fits (low, high
    words each); ``steps[k, a]`` the anchors one step from anchor cell a; ``masks``: the anchors that
    may step right, left (low, high each) and the board's cells; ``covers[p]``: scratch for each piece's cells.
    A child of a kind packed in one field has its rank from its parent's prefix sums (``sums``, computed once a
    row for each such kind that moves, ``summed[k]`` the row)."""
    n = 0
    npieces = piece_kind.shape[0]
    state[3] = -1
    summed[:] = -1
    ranks[:] = -1
    row = lo
    while row < hi:
        if n + most > out.shape[0] or state[3] >= 0:
            break
        _decode_changed(keys, row, f_kind, f_first, f_len, f_word, f_shift, f_bits, kind_n, binom, idx, ranks)
        occ_lo, occ_hi = _occupy(idx, piece_kind, anchor_cell, placed, cells, covers)
        free_lo, free_hi = masks[4] & ~occ_lo, masks[5] & ~occ_hi
        near_lo, near_hi = _spread(free_lo, free_hi, VERTICAL | SIDEWAYS, width, masks)
        for p in range(npieces):
            k = piece_kind[p]
            a = cells[p]
            p_lo, p_hi = covers[p, 0], covers[p, 1]
            if (p_lo & near_lo) == ZERO and (p_hi & near_hi) == ZERO:
                continue   # no empty cell beside it: it cannot move
            room_lo, room_hi = free_lo | p_lo, free_hi | p_hi
            v_lo, v_hi = fits[k, 0], fits[k, 1]
            for s in range(shape_len[k]):
                t_lo, t_hi = _shr(room_lo, room_hi, shape_off[k, s])
                v_lo &= t_lo
                v_hi &= t_hi
            goals = want_goal and state[3] < 0 and not _goal_blocked(p, k, cells, kind_first, kind_count, req_kind,
                                                                     req_anchor)
            to_lo, to_hi = _reach(placed[k, idx[p], 2], placed[k, idx[p], 3], count, ways[k], v_lo, v_hi, width, masks,
                                  steps[k, a, 0], steps[k, a, 1])
            if to_lo == ZERO and to_hi == ZERO:
                continue
            f = kind_f0[k]
            one_field = kind_f0[k + 1] == f + 1
            kept = keys[row, f_word[f]] & ~(((np.int64(1) << f_bits[f]) - 1) << f_shift[f])
            first, m, at = kind_first[k], kind_count[k], kind_first[k] + k
            i, q = p - first, 0
            if one_field and summed[k] != row:
                _prefix_sums(first, m, at, idx, binom, sums)
                summed[k] = row
            for half in range(2):
                word = to_lo if half == 0 else to_hi
                while word != ZERO:
                    y = _lowest(word, index) + 64 * half
                    word &= word - ONE
                    j = anchor_index[k, y]
                    if j < 0:
                        state[2] = -1
                        continue
                    if one_field:
                        for w in range(keys.shape[1]):
                            out[n, w] = keys[row, w]
                        while q < m - 1 and idx[first + q + (1 if q >= i else 0)] < j:
                            q += 1
                        rank = _moved_rank(i, q, j, m, at, sums, binom)
                        out[n, f_word[f]] = kept | (rank << f_shift[f])
                    else:
                        _emit(keys, row, p, j, out, n, piece_kind, kind_first, kind_count, kind_f0, f_first, f_len,
                              f_word, f_shift, f_bits, binom, idx, work)
                    if goals and state[3] < 0:
                        y_lo, y_hi = placed[k, j, 0], placed[k, j, 1]
                        if _goal_child(p, k, y, (occ_lo & ~p_lo) | y_lo, (occ_hi & ~p_hi) | y_hi, cells, kind_first,
                                       kind_count, req_kind, req_anchor, empty):
                            state[3] = n
                    rows[n] = row
                    n += 1
        row += 1
    state[0] = n
    return row


_shl = compiled(_shl, inline="always")
_shr = compiled(_shr, inline="always")
_lowest = compiled(_lowest, inline="always")
_spread = compiled(_spread, inline="always")
_step = compiled(_step, inline="always")
_goal_child = compiled(_goal_child, inline="always")
_occupy = compiled(_occupy, inline="always")
_decode_changed = compiled(_decode_changed, inline="always")
_prefix_sums = compiled(_prefix_sums, inline="always")
_moved_rank = compiled(_moved_rank, inline="always")
_reach = compiled(_reach, inline="always")
expand_bits = compiled(_expand_bits)
