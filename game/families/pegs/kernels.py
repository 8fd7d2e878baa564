"""The compiled inner loops of the peg sweeps (numba; plain Python where it is missing, slow but the
same answers): masks of pegs as unsigned 64-bit words, a jump as three flipped bits.

A position's images under the board's symmetries are worked out once (a few table lookups each);
a jump flips three bits of each image (``flips[g, j]``: jump j's bits moved by symmetry g), so a
child's least form is eight exclusive-ors and a minimum, never a new lookup. Sets of positions are
open-addressing hash tables of masks (0 marks a free slot: no position is empty), with the index of
each mask in a sorted array beside it where values are looked up.

- ``expand``: every child of a block of positions, least form, into a hash set;
- ``marked``: which positions have a child in a set (or whose child's complement is in it: where a
  sweep from the goal, run on complements, meets the sweep from the start);
- ``set_values`` / ``dense_values``: each position's distance to the goal, fewest pegs first, a move
  being one jump or a whole chain of one peg's jumps, over the solvable positions of a large board or
  over every mask of a small one (``dense``);
- ``check_values``: how many claimed distances do not follow from their neighbours' (a loaded table).
"""
from __future__ import annotations

import numpy as np

from solvers.compiled import available, compiled

__all__ = ["UNSOLVED", "available", "bit_filter", "check_values", "dense_values", "expand", "fill", "grow", "marked",
           "set_values"]

UNSOLVED = 255                              # the distance byte of a position that cannot reach the goal
_CHUNK_MASK = np.uint64((1 << 11) - 1)      # geometry.CHUNK_BITS holes a table entry
_CHUNK_SHIFT = np.uint64(11)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
_MIX = np.uint64(0x9E3779B97F4A7C15)
_MIX_SHIFT = np.uint64(29)
_MIX2 = np.uint64(0xD6E8FEB86659FD93)
_MIX2_SHIFT = np.uint64(23)
_STACK = 64                                 # a chain's jumps (each takes a peg: at most 63)


def _images(x: np.uint64, tables: np.ndarray, out: np.ndarray) -> None:
    """``out[g]``: ``x`` moved by symmetry g of ``tables``."""
    for g in range(tables.shape[0]):
        y = _ZERO
        v = x
        for k in range(tables.shape[1]):
            y |= tables[g, k, v & _CHUNK_MASK]
            v >>= _CHUNK_SHIFT
        out[g] = y


def _least(images: np.ndarray, flips: np.ndarray, j: int, flip: np.uint64) -> np.uint64:
    """The least form of the position ``images`` describe after jump j, its bits then flipped by ``flip``."""
    best = _ALL
    for g in range(images.shape[0]):
        y = images[g] ^ flips[g, j] ^ flip
        if y < best:
            best = y
    return best


def _slot(slots: np.ndarray, key: np.uint64) -> np.uint64:
    """Where ``key`` is in the hash set, or the free slot where it would go."""
    last = np.uint64(slots.shape[0] - 1)
    i = ((key * _MIX) >> _MIX_SHIFT) & last
    while slots[i] != _ZERO and slots[i] != key:
        i = (i + _ONE) & last
    return i


def _insert(slots: np.ndarray, key: np.uint64) -> int:
    """Put ``key`` (never 0) into the hash set; 1 if it was new."""
    i = _slot(slots, key)
    if slots[i] == key:
        return 0
    slots[i] = key
    return 1


def _is_goal(x: np.uint64, goal: np.ndarray) -> bool:
    """``goal`` = [pegs required, holes empty, peg count or all ones for any]."""
    if x & goal[0] != goal[0] or x & goal[1] != _ZERO:
        return False
    if goal[2] == _ALL:
        return True
    count = 0
    v = x
    while v != _ZERO:
        v &= v - _ONE
        count += 1
    return count == np.int64(goal[2])


def _fill(keys: np.ndarray, slots: np.ndarray, index: np.ndarray) -> None:
    """A hash set of ``keys``, with each key's place in ``keys`` beside it (``index``)."""
    for i in range(keys.shape[0]):
        s = _slot(slots, keys[i])
        slots[s] = keys[i]
        index[s] = i


def _rehash(old: np.ndarray, new: np.ndarray) -> None:
    for i in range(old.shape[0]):
        if old[i] != _ZERO:
            _insert(new, old[i])


def _expand(parents: np.ndarray, start: int, stop: int, need: np.ndarray, land: np.ndarray, tables: np.ndarray,
            flips: np.ndarray, slots: np.ndarray, most: int, out: np.ndarray) -> None:
    """Every child of ``parents[start:stop]``, least form, into the hash set ``slots``, stopping after the
    parent that brings the set to ``most`` keys: ``out`` = [keys added, the next parent to expand]."""
    images = np.zeros(tables.shape[0], dtype=np.uint64)
    added = 0
    p = start
    while p < stop and added < most:
        x = parents[p]
        _images(x, tables, images)
        for j in range(need.shape[0]):
            if x & need[j] == need[j] and x & land[j] == _ZERO:
                added += _insert(slots, _least(images, flips, j, _ZERO))
        p += 1
    out[0] = added
    out[1] = p


def _bit(key: np.uint64, bits: np.ndarray) -> tuple[np.uint64, np.uint64]:
    """Where ``key`` falls in a bit filter: its word and its bit."""
    h = (key * _MIX2) >> _MIX2_SHIFT
    return (h >> np.uint64(6)) & np.uint64(bits.shape[0] - 1), _ONE << (h & np.uint64(63))


def _filter(keys: np.ndarray, bits: np.ndarray) -> None:
    """A bit filter of ``keys``: one bit each, small enough to stay in the processor's cache, so that most
    keys not in the set are turned away without a look at the set itself."""
    for i in range(keys.shape[0]):
        word, bit = _bit(keys[i], bits)
        bits[word] |= bit


def _marked(parents: np.ndarray, need: np.ndarray, land: np.ndarray, tables: np.ndarray, flips: np.ndarray,
            slots: np.ndarray, bits: np.ndarray, flip: np.uint64, out: np.ndarray) -> None:
    """``out[p]``: some child of ``parents[p]``, its bits flipped by ``flip`` (every hole: its complement),
    has its least form in the hash set ``slots`` (``bits``: its bit filter)."""
    images = np.zeros(tables.shape[0], dtype=np.uint64)
    for p in range(parents.shape[0]):
        x = parents[p]
        _images(x, tables, images)
        for j in range(need.shape[0]):
            if x & need[j] == need[j] and x & land[j] == _ZERO:
                key = _least(images, flips, j, flip)
                word, bit = _bit(key, bits)
                if bits[word] & bit != _ZERO and slots[_slot(slots, key)] == key:
                    out[p] = True
                    break


def _best_after(x: np.uint64, slots: np.ndarray, index: np.ndarray, bits: np.ndarray, values: np.ndarray, dense: bool,
                chains: bool,
                need: np.ndarray, land: np.ndarray, to: np.ndarray, starts: np.ndarray, tables: np.ndarray,
                flips: np.ndarray, holes: int, stack_mask: np.ndarray, stack_at: np.ndarray, stack_next: np.ndarray,
                stack_images: np.ndarray) -> int:
    """The least value of a position one move after ``x``: after one jump, or (``chains``) after any
    chain of one peg's jumps (depth first, a frame per jump made); UNSOLVED if none solves. A chain goes
    on only through positions that can still win: whatever follows a dead end is a dead end."""
    best = UNSOLVED
    if not dense:
        _images(x, tables, stack_images[0])
    for h in range(holes):
        if (x >> np.uint64(h)) & _ONE == _ZERO:
            continue
        stack_mask[0] = x
        stack_at[0] = h
        stack_next[0] = starts[h]
        top = 0
        while top >= 0:
            at = stack_at[top]
            j = stack_next[top]
            if j >= starts[at + 1]:
                top -= 1
                continue
            stack_next[top] = j + 1
            m = stack_mask[top]
            if m & need[j] != need[j] or m & land[j] != _ZERO:
                continue
            c = m ^ (need[j] | land[j])
            if dense:
                v = values[np.int64(c)]
            else:
                key = _least(stack_images[top], flips, j, _ZERO)
                word, bit = _bit(key, bits)
                v = UNSOLVED
                if bits[word] & bit != _ZERO:
                    s = _slot(slots, key)
                    if slots[s] == key:
                        v = values[index[s]]
            if v == UNSOLVED:
                continue
            if v < best:
                best = v
            if chains and top + 1 < stack_mask.shape[0]:
                top += 1
                stack_mask[top] = c
                stack_at[top] = to[j]
                stack_next[top] = starts[to[j]]
                if not dense:
                    for g in range(flips.shape[0]):
                        stack_images[top, g] = stack_images[top - 1, g] ^ flips[g, j]
    return best


def _set_values(keys: np.ndarray, order: np.ndarray, values: np.ndarray, slots: np.ndarray, index: np.ndarray,
                bits: np.ndarray, goal: np.ndarray, chains: bool, need: np.ndarray, land: np.ndarray, to: np.ndarray,
                starts: np.ndarray, tables: np.ndarray, flips: np.ndarray, holes: int, start: int,
                stop: int) -> None:
    """Values of ``keys[order[start:stop]]`` (the order puts fewer pegs first, so every position one move
    later has its value already); ``slots``/``index``: the hash set of ``keys``."""
    stack_mask = np.zeros(_STACK, dtype=np.uint64)
    stack_at = np.zeros(_STACK, dtype=np.int64)
    stack_next = np.zeros(_STACK, dtype=np.int64)
    stack_images = np.zeros((_STACK, tables.shape[0]), dtype=np.uint64)
    for o in range(start, stop):
        i = order[o]
        x = keys[i]
        if _is_goal(x, goal):
            values[i] = 0
            continue
        best = _best_after(x, slots, index, bits, values, False, chains, need, land, to, starts, tables, flips, holes,
                           stack_mask, stack_at, stack_next, stack_images)
        values[i] = best + 1 if best < UNSOLVED - 1 else UNSOLVED


def _dense_values(values: np.ndarray, pegs: int, goal: np.ndarray, chains: bool, need: np.ndarray,
                  land: np.ndarray, to: np.ndarray, starts: np.ndarray, holes: int) -> int:
    """Values of every mask of ``holes`` holes with ``pegs`` pegs (those with fewer done); how many solve."""
    stack_mask = np.zeros(_STACK, dtype=np.uint64)
    stack_at = np.zeros(_STACK, dtype=np.int64)
    stack_next = np.zeros(_STACK, dtype=np.int64)
    none = np.zeros((1, 1), dtype=np.uint64)
    nothing = np.zeros(1, dtype=np.int64)
    tables = np.zeros((1, 1, 1), dtype=np.uint64)
    solved = 0
    for i in range(values.shape[0]):
        x = np.uint64(i)
        count = 0
        v = x
        while v != _ZERO:
            v &= v - _ONE
            count += 1
        if count != pegs:
            continue
        if _is_goal(x, goal):
            values[i] = 0
            solved += 1
            continue
        best = _best_after(x, none[0], nothing, none[0], values, True, chains, need, land, to, starts, tables, none, holes,
                           stack_mask, stack_at, stack_next, none)
        if best < UNSOLVED - 1:
            values[i] = best + 1
            solved += 1
        else:
            values[i] = UNSOLVED
    return solved


def _check_values(masks: np.ndarray, claimed: np.ndarray, slots: np.ndarray, index: np.ndarray, bits: np.ndarray,
                  values: np.ndarray, dense: bool, goal: np.ndarray, chains: bool, need: np.ndarray,
                  land: np.ndarray, to: np.ndarray, starts: np.ndarray, tables: np.ndarray, flips: np.ndarray,
                  holes: int) -> int:
    """How many of ``masks`` do not have the value they claim: 0 at a goal and nowhere else, else one more
    than the best position a move away (UNSOLVED where none solves)."""
    stack_mask = np.zeros(_STACK, dtype=np.uint64)
    stack_at = np.zeros(_STACK, dtype=np.int64)
    stack_next = np.zeros(_STACK, dtype=np.int64)
    stack_images = np.zeros((_STACK, max(1, tables.shape[0])), dtype=np.uint64)
    wrong = 0
    for i in range(masks.shape[0]):
        x = masks[i]
        if _is_goal(x, goal):
            want = 0
        else:
            best = _best_after(x, slots, index, bits, values, dense, chains, need, land, to, starts, tables, flips, holes,
                               stack_mask, stack_at, stack_next, stack_images)
            want = best + 1 if best < UNSOLVED - 1 else UNSOLVED
        if claimed[i] != want:
            wrong += 1
    return wrong


_images = compiled(_images, inline="always")
_least = compiled(_least, inline="always")
_slot = compiled(_slot, inline="always")
_insert = compiled(_insert, inline="always")
_is_goal = compiled(_is_goal, inline="always")
_bit = compiled(_bit, inline="always")
_best_after = compiled(_best_after)
bit_filter = compiled(_filter)
fill = compiled(_fill)
grow = compiled(_rehash)
expand = compiled(_expand)
marked = compiled(_marked)
set_values = compiled(_set_values)
dense_values = compiled(_dense_values)
check_values = compiled(_check_values)


FOUND, EXHAUSTED, PAUSED = 1, 0, 2


def _lowest(images: np.ndarray) -> np.uint64:
    best = _ALL
    for g in range(images.shape[0]):
        if images[g] < best:
            best = images[g]
    return best


def _search(path: np.ndarray, masks: np.ndarray, nexts: np.ndarray, images: np.ndarray, depth: int, goal: np.ndarray,
            need: np.ndarray, land: np.ndarray, to: np.ndarray, starts: np.ndarray, order: np.ndarray,
            tables: np.ndarray, flips: np.ndarray, dead: np.ndarray, solved: np.ndarray, floor: int, budget: int,
            out: np.ndarray) -> None:
    """Depth first from ``masks[0]`` for a line to the goal, resumable: frame d holds the position after d
    jumps (``masks[d]``, its symmetric images, how many of its jumps were tried), ``path[d]`` the jump made
    from it. The jumps of the peg that moved last come first (a line found so has fewer chains), then
the others in ``order``. A
    position all of whose jumps fail goes into the hash set ``dead`` (its least form: every symmetric
    image fails too) while there is room; reaching a position of ``solved`` (the hash set of a table of
    solvable positions, or a single free slot) ends the search as found, and ``solved`` holds every
solvable position ``floor`` jumps or more from the first (a larger floor: none). ``out`` = [status, depth,
    nodes, positions put in ``dead``]."""
    d = depth
    nodes = 0
    room = dead.shape[0] // 2
    stored = out[3]
    jumps = need.shape[0]
    while True:
        x = masks[d]
        if _is_goal(x, goal):
            out[0], out[1], out[2], out[3] = FOUND, d, nodes, stored
            return
        first, last = 0, 0
        if d > 0:
            first, last = starts[to[path[d - 1]]], starts[to[path[d - 1]] + 1]
        k = nexts[d]
        if k >= jumps + last - first:
            if stored < room:
                stored += _insert(dead, _lowest(images[d]))
            if d == 0:
                out[0], out[1], out[2], out[3] = EXHAUSTED, 0, nodes, stored
                return
            d -= 1
            continue
        nexts[d] = k + 1
        if k < last - first:
            j = first + k
        else:
            j = order[k - (last - first)]
            if first <= j < last:
                continue
        if x & need[j] != need[j] or x & land[j] != _ZERO:
            continue
        key = _least(images[d], flips, j, _ZERO)
        if dead[_slot(dead, key)] == key:
            continue
        known = solved.shape[0] > 1 and solved[_slot(solved, key)] == key
        if d + 1 >= floor and not known:
            continue
        nodes += 1
        path[d] = j
        masks[d + 1] = x ^ (need[j] | land[j])
        nexts[d + 1] = 0
        for g in range(flips.shape[0]):
            images[d + 1, g] = images[d, g] ^ flips[g, j]
        d += 1
        if known:
            out[0], out[1], out[2], out[3] = FOUND, d, nodes, stored
            return
        if nodes >= budget:
            out[0], out[1], out[2], out[3] = PAUSED, d, nodes, stored
            return


_lowest = compiled(_lowest, inline="always")
search = compiled(_search)
