"""The sliding blocks' compiled inner loops (numba, compiled on first call): a position as packed words,
its successors in every count, goal tests and conversions to and from the rules' byte positions.

A position is the anchor cell of every piece, pieces of one kind in ascending order. Each kind's anchors
are indices into the cells that kind could ever stand on, and a sorted run of them is packed as one
combination rank (the combinatorial number system) into a field of a 63-bit word; a kind too numerous
for one field is split into runs. The layout of the fields is the :class:`~game.families.blocks.engine.Engine`'s;
these functions take it as arrays and allocate nothing per position. The grid is the board's bounding
rectangle, cells numbered row by row, so a shape is a list of offsets from its anchor.

A move lifts one piece and looks where it can go on the cells left free: one step (cell), straight runs
(line) or a flood fill over its anchors (path), each step checking only the cells the piece newly covers.
"""
from __future__ import annotations

import numpy as np

from solvers.compiled import compiled

CELL, LINE, PATH = 0, 1, 2
BAD_ANCHOR = -1     # expand's error: a piece reached an anchor outside its kind's cells (cannot happen)


def _unrank_into(rank: int, m: int, binom: np.ndarray, out: np.ndarray, at: int, top: int) -> None:
    """The m sorted indices whose combination rank is ``rank``, into out[at:at + m] (``top``: an index
    above every one). Each index is the largest whose binomial term fits what is left of the rank: found
    by walking down from the one above it where the kind is dense (all the walks together cover its cells
    once, each step a branch the processor predicts), by halving where it is sparse; the last is the rest."""
    hi = top
    walk = top < 8 * m
    for j in range(m, 1, -1):
        if walk:
            lo = hi
            while binom[lo, j] > rank:
                lo -= 1
        else:
            lo = j - 1
            h = hi
            while lo < h:
                mid = (lo + h + 1) >> 1
                if binom[mid, j] <= rank:
                    lo = mid
                else:
                    h = mid - 1
        out[at + j - 1] = lo
        rank -= binom[lo, j]
        hi = lo - 1
    out[at] = rank   # binom[c, 1] is c


def _decode_row(keys: np.ndarray, row: int, f_kind: np.ndarray, f_first: np.ndarray, f_len: np.ndarray,
                f_word: np.ndarray, f_shift: np.ndarray, f_bits: np.ndarray, kind_n: np.ndarray, binom: np.ndarray,
                idx: np.ndarray) -> None:
    """Every piece's anchor index of one packed position, into ``idx``."""
    for f in range(f_kind.shape[0]):
        word = keys[row, f_word[f]]
        rank = (word >> f_shift[f]) & ((np.int64(1) << f_bits[f]) - 1)
        _unrank_into(rank, f_len[f], binom, idx, f_first[f], kind_n[f_kind[f]] - 1)


def _rank_of(idx: np.ndarray, at: int, m: int, binom: np.ndarray) -> int:
    rank = 0
    for t in range(m):
        rank += binom[idx[at + t], t + 1]
    return rank


def _pack_kind(out: np.ndarray, row: int, k: int, idx: np.ndarray, kind_f0: np.ndarray, f_first: np.ndarray,
               f_len: np.ndarray, f_word: np.ndarray, f_shift: np.ndarray, f_bits: np.ndarray,
               binom: np.ndarray) -> None:
    """Write kind k's fields of ``idx`` into out[row] (its other bits kept)."""
    for f in range(kind_f0[k], kind_f0[k + 1]):
        mask = ((np.int64(1) << f_bits[f]) - 1) << f_shift[f]
        rank = _rank_of(idx, f_first[f], f_len[f], binom)
        w = f_word[f]
        out[row, w] = (out[row, w] & ~mask) | (rank << f_shift[f])


def _place(occ: np.ndarray, anchor: int, k: int, shape_off: np.ndarray, shape_len: np.ndarray,
           codes: np.ndarray, fill: int) -> None:
    """Mark the cells of a piece of kind k anchored at ``anchor``: ``fill`` (its number from 1) times 256
    plus each cell's code (``fill`` 0: clear them)."""
    for s in range(shape_len[k]):
        occ[anchor + shape_off[k, s]] = (fill << 8) | codes[k, s] if fill else 0


def _fits(occ: np.ndarray, at: int, k: int, d: int, enter_off: np.ndarray, enter_len: np.ndarray) -> bool:
    for e in range(enter_len[k, d]):
        if occ[at + enter_off[k, d, e]] != 0:
            return False
    return True


def _emit(keys: np.ndarray, row: int, p: int, j: int, out: np.ndarray, n: int, piece_kind: np.ndarray,
          kind_first: np.ndarray, kind_count: np.ndarray, kind_f0: np.ndarray, f_first: np.ndarray, f_len: np.ndarray,
          f_word: np.ndarray, f_shift: np.ndarray, f_bits: np.ndarray, binom: np.ndarray, idx: np.ndarray,
          work: np.ndarray) -> None:
    """out[n]: the position of keys[row] with piece p on anchor index j, its kind kept in order."""
    k = piece_kind[p]
    first, count = kind_first[k], kind_count[k]
    for t in range(first, first + count):
        work[t] = idx[t]
    t = p
    work[t] = j
    while t > first and work[t - 1] > work[t]:
        work[t - 1], work[t] = work[t], work[t - 1]
        t -= 1
    while t < first + count - 1 and work[t + 1] < work[t]:
        work[t + 1], work[t] = work[t], work[t + 1]
        t += 1
    for w in range(keys.shape[1]):
        out[n, w] = keys[row, w]
    _pack_kind(out, n, k, work, kind_f0, f_first, f_len, f_word, f_shift, f_bits, binom)


def _is_goal_child(occ: np.ndarray, y: int, k: int, shape_off: np.ndarray, shape_len: np.ndarray, codes: np.ndarray,
                   goal_cells: np.ndarray, goal_ok: np.ndarray) -> bool:
    """Whether the board of ``occ`` with a piece of kind k put down at ``y`` is a goal (``occ`` is left as it was)."""
    _place(occ, y, k, shape_off, shape_len, codes, 1)
    ok = True
    for g in range(goal_cells.shape[0]):
        if not goal_ok[g, occ[goal_cells[g]] & 255]:
            ok = False
            break
    _place(occ, y, k, shape_off, shape_len, codes, 0)
    return ok


def _goal_blocked(p: int, k: int, cells: np.ndarray, kind_first: np.ndarray, kind_count: np.ndarray,
                  req_kind: np.ndarray, req_anchor: np.ndarray) -> bool:
    """Whether no move of piece p (kind k) can reach a goal: a piece of another kind stands away from a
    place the goal needs it in."""
    for r in range(req_kind.shape[0]):
        kr, want = req_kind[r], req_anchor[r]
        if kr == k:
            continue
        found = False
        for q in range(kind_first[kr], kind_first[kr] + kind_count[kr]):
            if cells[q] == want:
                found = True
                break
        if not found:
            return True
    return False


def _destinations(occ: np.ndarray, a: int, k: int, count: int, step: np.ndarray, enter_off: np.ndarray,
                  enter_len: np.ndarray, mark: np.ndarray, stamp: int, queue: np.ndarray) -> int:
    """Where a lifted piece of kind k anchored at ``a`` can go in one move of the count: queue[1:n], n
    returned (queue[0] is ``a``; ``mark`` holds ``stamp`` where it has been, for a path)."""
    queue[0] = a
    mark[a] = stamp
    tail = 1
    if count == PATH:   # a flood fill over its anchors
        head = 0
        while head < tail:
            x = queue[head]
            head += 1
            for d in range(4):
                y = step[k, x, d]
                if y < 0 or mark[y] == stamp or not _fits(occ, y, k, d, enter_off, enter_len):
                    continue
                mark[y] = stamp
                queue[tail] = y
                tail += 1
        return tail
    for d in range(4):   # straight runs, or single steps
        x = a
        while True:
            y = step[k, x, d]
            if y < 0 or not _fits(occ, y, k, d, enter_off, enter_len):
                break
            queue[tail] = y
            tail += 1
            if count == CELL:
                break
            x = y
    return tail


def _expand(keys: np.ndarray, lo: int, hi: int, count: int, out: np.ndarray, rows: np.ndarray, most: int,
            piece_kind: np.ndarray, kind_first: np.ndarray, kind_count: np.ndarray, kind_n: np.ndarray,
            kind_f0: np.ndarray, f_kind: np.ndarray, f_first: np.ndarray, f_len: np.ndarray, f_word: np.ndarray,
            f_shift: np.ndarray, f_bits: np.ndarray, binom: np.ndarray, anchor_cell: np.ndarray,
            anchor_index: np.ndarray, shape_off: np.ndarray, shape_len: np.ndarray, codes: np.ndarray,
            step: np.ndarray, enter_off: np.ndarray, enter_len: np.ndarray, goal_cells: np.ndarray,
            goal_ok: np.ndarray, req_kind: np.ndarray, req_anchor: np.ndarray, want_goal: bool, free_cells: np.ndarray, around: np.ndarray, occ: np.ndarray,
            mark: np.ndarray, queue: np.ndarray, near: np.ndarray, idx: np.ndarray, cells: np.ndarray,
            work: np.ndarray, state: np.ndarray) -> int:
    """Every successor of keys[lo:hi] into out (its parent's row into ``rows``), until the rows are done or
    ``out`` has no room for another row's ``most`` children. Returns the next row to expand; state[0] is
    the children written, state[1] the last flood-fill mark (kept between calls), state[2] an error,
    state[3] (``want_goal``) the first child that is a goal, -1 for none: then the call ends with its row."""
    n = 0
    npieces = piece_kind.shape[0]
    stamp = state[1]
    cap = out.shape[0]
    state[3] = -1
    row = lo
    while row < hi:
        if n + most > cap or state[3] >= 0:
            break
        _decode_row(keys, row, f_kind, f_first, f_len, f_word, f_shift, f_bits, kind_n, binom, idx)
        for p in range(npieces):
            k = piece_kind[p]
            cells[p] = anchor_cell[k, idx[p]]
            _place(occ, cells[p], k, shape_off, shape_len, codes, p + 1)
        stamp += 1
        movable = stamp   # pieces next to an empty cell: no other piece can move
        for c in free_cells:
            if occ[c] == 0:
                for d in range(4):
                    x = around[c, d]
                    if x >= 0 and occ[x] != 0:
                        near[(occ[x] >> 8) - 1] = movable
        for p in range(npieces):
            if near[p] != movable:
                continue
            k = piece_kind[p]
            a = cells[p]
            _place(occ, a, k, shape_off, shape_len, codes, 0)
            goals = want_goal and state[3] < 0 and not _goal_blocked(p, k, cells, kind_first, kind_count, req_kind,
                                                                     req_anchor)
            stamp += 1
            reached = _destinations(occ, a, k, count, step, enter_off, enter_len, mark, stamp, queue)
            for t in range(1, reached):
                y = queue[t]
                j = anchor_index[k, y]
                if j < 0:
                    state[2] = BAD_ANCHOR
                    continue
                _emit(keys, row, p, j, out, n, piece_kind, kind_first, kind_count, kind_f0, f_first, f_len, f_word,
                      f_shift, f_bits, binom, idx, work)
                if goals and state[3] < 0 and _is_goal_child(occ, y, k, shape_off, shape_len, codes, goal_cells,
                                                             goal_ok):
                    state[3] = n
                rows[n] = row
                n += 1
            _place(occ, a, k, shape_off, shape_len, codes, p + 1)
        for p in range(npieces):
            _place(occ, cells[p], piece_kind[p], shape_off, shape_len, codes, 0)
        row += 1
    state[0] = n
    state[1] = stamp
    return row


def _goals(keys: np.ndarray, out: np.ndarray, piece_kind: np.ndarray, kind_n: np.ndarray, f_kind: np.ndarray,
           f_first: np.ndarray, f_len: np.ndarray, f_word: np.ndarray, f_shift: np.ndarray, f_bits: np.ndarray,
           binom: np.ndarray, anchor_cell: np.ndarray, shape_off: np.ndarray, shape_len: np.ndarray,
           codes: np.ndarray, goal_cells: np.ndarray, goal_ok: np.ndarray, occ: np.ndarray,
           idx: np.ndarray, cells: np.ndarray) -> None:
    """out[r]: whether keys[r] is a goal (every constrained cell holds a code its row of ``goal_ok`` allows)."""
    npieces = piece_kind.shape[0]
    for row in range(keys.shape[0]):
        _decode_row(keys, row, f_kind, f_first, f_len, f_word, f_shift, f_bits, kind_n, binom, idx)
        for p in range(npieces):
            k = piece_kind[p]
            cells[p] = anchor_cell[k, idx[p]]
            _place(occ, cells[p], k, shape_off, shape_len, codes, p + 1)
        ok = True
        for g in range(goal_cells.shape[0]):
            if not goal_ok[g, occ[goal_cells[g]] & 255]:
                ok = False
                break
        out[row] = ok
        for p in range(npieces):
            _place(occ, cells[p], piece_kind[p], shape_off, shape_len, codes, 0)


def _encode(boards: np.ndarray, out: np.ndarray, valid: np.ndarray, board_grid: np.ndarray, anchor_kind: np.ndarray,
            kind_first: np.ndarray, kind_count: np.ndarray, kind_f0: np.ndarray, f_first: np.ndarray,
            f_len: np.ndarray, f_word: np.ndarray, f_shift: np.ndarray, f_bits: np.ndarray, binom: np.ndarray,
            anchor_index: np.ndarray, idx: np.ndarray, seen: np.ndarray) -> None:
    """Packed keys of rows of byte positions (``anchor_kind[code]``: the kind whose anchor code it is, else
    -1); valid[r] False where a piece stands off its kind's cells or a kind has too many or too few pieces
    (whole pieces are the rules' to check)."""
    nkinds = kind_first.shape[0]
    for row in range(boards.shape[0]):
        for k in range(nkinds):
            seen[k] = 0
        ok = True
        for c in range(boards.shape[1]):
            k = anchor_kind[boards[row, c]]
            if k < 0:
                continue
            if seen[k] >= kind_count[k]:
                ok = False
                break
            j = anchor_index[k, board_grid[c]]
            if j < 0:
                ok = False
                break
            idx[kind_first[k] + seen[k]] = j
            seen[k] += 1
        for k in range(nkinds):
            if seen[k] != kind_count[k]:
                ok = False
        valid[row] = ok
        for w in range(out.shape[1]):
            out[row, w] = 0
        if ok:
            for k in range(nkinds):
                _pack_kind(out, row, k, idx, kind_f0, f_first, f_len, f_word, f_shift, f_bits, binom)


def _decode(keys: np.ndarray, boards: np.ndarray, grid_board: np.ndarray, piece_kind: np.ndarray, kind_n: np.ndarray,
            f_kind: np.ndarray, f_first: np.ndarray, f_len: np.ndarray, f_word: np.ndarray, f_shift: np.ndarray,
            f_bits: np.ndarray, binom: np.ndarray, anchor_cell: np.ndarray, shape_off: np.ndarray,
            shape_len: np.ndarray, codes: np.ndarray, idx: np.ndarray) -> None:
    """Byte positions (the rules' cells) of packed keys."""
    for row in range(keys.shape[0]):
        _decode_row(keys, row, f_kind, f_first, f_len, f_word, f_shift, f_bits, kind_n, binom, idx)
        for c in range(boards.shape[1]):
            boards[row, c] = 0
        for p in range(piece_kind.shape[0]):
            k = piece_kind[p]
            a = anchor_cell[k, idx[p]]
            for s in range(shape_len[k]):
                boards[row, grid_board[a + shape_off[k, s]]] = codes[k, s]


_unrank_into = compiled(_unrank_into, inline="always")
_decode_row = compiled(_decode_row, inline="always")
_rank_of = compiled(_rank_of, inline="always")
_pack_kind = compiled(_pack_kind, inline="always")
_place = compiled(_place, inline="always")
_fits = compiled(_fits, inline="always")
_emit = compiled(_emit, inline="always")
_goal_blocked = compiled(_goal_blocked, inline="always")
_destinations = compiled(_destinations, inline="always")
_is_goal_child = compiled(_is_goal_child, inline="always")
expand = compiled(_expand)
goals = compiled(_goals)
encode = compiled(_encode)
decode = compiled(_decode)
