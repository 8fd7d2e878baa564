"""The push-by-push A* of :func:`game.families.sokoban.search.solve` as one compiled loop: the same
search (the same costs, bounds, deadlock tests and queue order) with its table and queue in numpy arrays,
so that a position costs a few microseconds instead of the 25 that Python's objects, dictionaries and
calls cost it.

* **Positions** are rows of the table: the boxes' cells (in the order of the cells), the keeper's cell,
  the cost that reached it (steps, pushes), the row it was reached from, its bound, and whether its walks
  were counted yet. An open-addressing hash table over 64-bit Zobrist keys of the exact position finds a
  row.
* **The queue** is a bucket of entries for each pair of (bound-plus-primary cost,
  bound-plus-secondary), each bucket a stack (the last queued first: often the deepest, which
  :func:`solvers.astar.best_first` prefers among ties), an entry a row and the cost it was queued with,
  so that a row since reached more cheaply is skipped when its older entry comes out. Taking the lowest
  bucket costs a step or two where a binary heap of millions of entries costs a cache miss a level.
* **Each position** taken from the queue is tested for the goal, then (under ``moves``, once) its walks
  are counted as :func:`~game.families.sokoban.search.solve`'s ``refine`` counts them: the walk to the
  nearest push onto a live square and the tour through the boxes' sides
  (:mod:`game.families.sokoban.tour`); a position that needs more goes back into the queue with it.
  Its pushes are the keeper's walk (:func:`game.families.sokoban.pushes._pushes_kernel`) less those onto
  dead squares; a new position is cut where the pushed box is frozen with one off target (the test of
  :mod:`game.families.sokoban.freeze`, here over arrays) and bounded by the boxes' matching
  (:func:`solvers.assignment.compiled_assignment`, or the sum of the boxes' nearest targets where
  those are all different, which no matching beats). Both depend on the boxes alone, so they are
  remembered by the boxes' cells in a table of their own (a slot a hash, the last placement kept): many
  positions share their boxes, the keeper elsewhere.

The loop runs a chunk of positions at a time and returns, so that Python checks the player's limits and
grows the arrays between chunks; every cut is one the Python search makes, so the answers are as
optimal as its.
"""
from __future__ import annotations

import numpy as np

from solvers.assignment import compiled_assignment
from solvers.compiled import compiled

from game.families.sokoban.pushes import _pushes_kernel
from game.families.sokoban.tour import MAX_BOXES, _tour_into

__all__ = ["EMPTY_QUEUE", "FULL", "GOAL", "RUNNING", "TOO_LONG", "rehash", "run_chunk"]

BUCKETS = 1 << 11               # the queue's buckets along each of its two figures (each below 2,048)
RUNNING, GOAL, EMPTY_QUEUE, FULL, TOO_LONG = 0, 1, 2, 3, 4   # TOO_LONG: a key's figure past its bits
LAZY, BOUNDED, WALKED = 0, 1, 2  # a row's bound: the parent's less one, its own matching, its walks counted
# the counters array: rows held, heap size, queued so far, expanded so far, the row of the goal, the
# least bound-plus-cost taken (the proven lower bound)
# proven lower bound, the lowest f that may hold an entry, the free list's first entry, the entries made,
# the f and f2 of the entry taken last
# ... and how many positions were bounded and had their walks counted
ROWS, HEAP, QUEUED, EXPANDED, FOUND, LOWER, FMIN, FREE, POOL, TAKEN_F, TAKEN_F2, BOUNDS, WALKS = range(13)


def _dead_after(codes: np.ndarray, cell: int, near: np.ndarray, dead: np.ndarray, target: np.ndarray,
                box: int, frames: np.ndarray, group: np.ndarray) -> bool:
    """Whether the box just pushed onto ``cell`` is frozen in a group with a box off target: the proof of
    :mod:`game.families.sokoban.freeze` (a box blocked along both axes, by walls, two dead squares, or a box
    frozen with the boxes being tested counted as walls), its recursion as a stack of ``frames`` (a row
    each: the box, the axis under test, which neighbour is tried, the group's length at the start), the
    boxes of the frames below counted as walls; compiled code keeps no recursive function in its cache."""
    depth, length, result = 0, 0, -1        # result: what the frame above returned (-1: none)
    frames[0, 0], frames[0, 1], frames[0, 2], frames[0, 3] = cell, 0, 0, 0
    while True:
        if result >= 0:
            if result == 1:
                frames[depth, 1] += 1
                frames[depth, 2] = 0
            else:
                frames[depth, 2] += 1
            result = -1
        here, axis = frames[depth, 0], frames[depth, 1]
        if axis == 2:                       # blocked along both axes: frozen
            group[length] = here
            length += 1
            if depth == 0:
                break
            depth -= 1
            result = 1
            continue
        one, other = near[here, 2 * axis], near[here, 2 * axis + 1]
        trying = frames[depth, 2]
        if trying == 0:
            walled = one < 0 or other < 0
            for k in range(depth + 1):
                if frames[k, 0] == one or frames[k, 0] == other:
                    walled = True
            if walled or (dead[one] and dead[other]):
                frames[depth, 1] += 1
                continue
        if trying < 2:
            tried = one if trying == 0 else other
            if codes[tried] == box:
                depth += 1
                frames[depth, 0], frames[depth, 1], frames[depth, 2], frames[depth, 3] = tried, 0, 0, length
                continue
            frames[depth, 2] += 1
            continue
        length = frames[depth, 3]           # neither neighbour holds: not frozen
        if depth == 0:
            return False
        depth -= 1
        result = 0
    for k in range(length):
        if not target[group[k]]:
            return True
    return False


def _matched(cells: np.ndarray, costs: np.ndarray, infinite: int, matrix: np.ndarray) -> int:
    """The cheapest matching of the boxes on ``cells`` to the targets (``costs[cell, target]``); ``matrix``
    has a spare last column, where each row's nearest target is kept."""
    n, total, distinct = len(cells), 0, True
    for i in range(n):
        best, at = infinite, -1
        for j in range(costs.shape[1]):
            matrix[i, j] = costs[cells[i], j]
            if matrix[i, j] < best:
                best, at = matrix[i, j], j
        if at < 0:
            return infinite
        total += best
        for k in range(i):
            if matrix[k, costs.shape[1]] == at:
                distinct = False
        matrix[i, costs.shape[1]] = at
    if distinct:
        return total
    return compiled_assignment(matrix[:, :costs.shape[1]], infinite)


def _bound_of(codes: np.ndarray, cells: np.ndarray, placement: int, ahead: int, box: int, infinite: int,
              level: tuple, scratch: tuple, memo: tuple) -> int:
    """The bound of a position after a push onto ``ahead``: infinite where that box is frozen with one off
    target, else the boxes' matching; remembered by the boxes' cells (``placement``, their hash)."""
    near, dead, target, costs = level[2], level[3], level[4], level[5]
    frames, group, matrix = scratch[3], scratch[4], scratch[6]
    memo_hash, memo_cells, memo_bound = memo
    slot = placement & (len(memo_hash) - 1)
    if memo_hash[slot] == placement:
        same = True
        for k in range(len(cells)):
            same = same and memo_cells[slot, k] == cells[k]
        if same:
            return memo_bound[slot]
    h = infinite if _dead_after(codes, ahead, near, dead, target, box, frames, group) else \
        _matched(cells, costs, infinite, matrix)
    memo_hash[slot], memo_bound[slot] = placement, h
    for k in range(len(cells)):   # a loop, not a slice's assignment: that costs numba seconds to compile
        memo_cells[slot, k] = cells[k]
    return h


def _queue_push(heap: tuple, counters: np.ndarray, f: int, f2: int, row: int, cost: int) -> None:
    """Queues ``row`` (reached at ``cost``, primary and secondary packed) in the bucket of (``f``,
    ``f2``), on top of its stack; an entry from the free list, or a new one."""
    heads, lowest2, count_f, entry_row, entry_cost, entry_next = heap
    entry = counters[FREE]
    if entry >= 0:
        counters[FREE] = entry_next[entry]
    else:
        entry = counters[POOL]
        counters[POOL] += 1
    entry_row[entry], entry_cost[entry], entry_next[entry] = row, cost, heads[f, f2]
    heads[f, f2] = entry
    count_f[f] += 1
    lowest2[f] = min(lowest2[f], f2)
    counters[FMIN] = min(counters[FMIN], f)
    counters[HEAP] += 1


def _queue_pop(heap: tuple, counters: np.ndarray) -> int:
    """The entry last queued in the lowest nonempty bucket (its f and f2 into ``counters[TAKEN_F]`` and
    ``counters[TAKEN_F2]``), its place given back to the free list; the queue must not be empty."""
    heads, lowest2, count_f, _entry_row, _entry_cost, entry_next = heap
    f = counters[FMIN]
    while count_f[f] == 0:
        f += 1
    counters[FMIN] = f
    f2 = lowest2[f]
    while heads[f, f2] < 0:
        f2 += 1
    entry = heads[f, f2]
    heads[f, f2] = entry_next[entry]
    count_f[f] -= 1
    lowest2[f] = f2 if count_f[f] > 0 else len(lowest2)
    counters[HEAP] -= 1
    counters[TAKEN_F], counters[TAKEN_F2] = f, f2
    entry_next[entry] = counters[FREE]
    counters[FREE] = entry
    return entry


def _find(slots: np.ndarray, hashes: np.ndarray, boxes: np.ndarray, keepers: np.ndarray, code: int,
          cells: np.ndarray, keeper: int) -> int:
    """The slot of the position (``cells`` sorted, ``keeper``): the slot holding its row, or the empty slot
    where it goes (its row -1 there)."""
    mask = len(slots) - 1
    at = code & mask
    while True:
        row = slots[at]
        if row < 0:
            return at
        if hashes[row] == code and keepers[row] == keeper:
            same = True
            for k in range(len(cells)):
                if boxes[row, k] != cells[k]:
                    same = False
                    break
            if same:
                return at
        at = (at + 1) & mask


def rehash(slots: np.ndarray, hashes: np.ndarray, rows: int) -> None:
    """Every row of the table into ``slots`` (all -1), for a larger table."""
    mask = len(slots) - 1
    for row in range(rows):
        at = hashes[row] & mask
        while slots[at] >= 0:
            at = (at + 1) & mask
        slots[at] = row


def _pushed(boxes: np.ndarray, row: int, parent: int) -> int:
    """The cell of the box the last push moved: the one of ``row``'s (sorted) cells its parent's lack."""
    k = 0
    for i in range(boxes.shape[1]):
        while k < boxes.shape[1] and boxes[parent, k] < boxes[row, i]:
            k += 1
        if k == boxes.shape[1] or boxes[parent, k] != boxes[row, i]:
            return boxes[row, i]
    return -1


def _place(codes: np.ndarray, boxes: np.ndarray, row: int, code: int) -> None:
    for k in range(boxes.shape[1]):
        codes[boxes[row, k]] = code


def _walks_more(codes: np.ndarray, keeper: int, count: int, found: np.ndarray, matched: int, box: int,
                infinite: int, level: tuple, work: tuple) -> int:
    """What the moves left exceed the matching ``matched`` by, at least (``infinite``: no goal): the walk to
    the nearest push onto a live square, and the tour through the boxes' sides less the matching."""
    _zb, _zk, near, dead, target, _costs, distance, sides, nearest, alone = level
    first = infinite
    for p in range(count):
        if not dead[near[found[p, 0], found[p, 1]]] and found[p, 2] < first:
            first = found[p, 2]
    if first >= infinite:
        return infinite
    tour = _tour_into(codes, keeper, box, distance, sides, nearest, alone, target, infinite, MAX_BOXES, work)
    if tour >= infinite:
        return infinite
    return max(first, tour - matched)


def _expand(counters: np.ndarray, row: int, count: int, by_push: bool, box: int, infinite: int, table: tuple,
            heap: tuple, level: tuple, scratch: tuple, memo: tuple) -> int:
    """Every push of ``row`` (``count`` of them in ``found``) onto a live square: each position after it
    new or reached more cheaply kept and queued, with its own bound where the table knows it, else
    (LAZY) the row's matching less one, which never overestimates (a push moves one box one cell, and a
    lone box's pushes from a cell are at most one more than from the cell it is pushed to); TOO_LONG
    where a figure passes the queue key's bits, else RUNNING."""
    boxes, keepers, cost_steps, cost_pushes, parents, bounds, refined, hashes, slots = table
    zobrist_box, zobrist_keeper, near, dead = level[0], level[1], level[2], level[3]
    codes, found, cells = scratch[0], scratch[2], scratch[5]
    n = boxes.shape[1]
    top = BUCKETS - 1
    code0 = hashes[row] ^ zobrist_keeper[keepers[row]]
    for p in range(count):
        cell, d, walked = found[p, 0], found[p, 1], found[p, 2]
        ahead = near[cell, d]
        if dead[ahead]:
            continue
        steps_after, pushes_after = cost_steps[row] + walked + 1, cost_pushes[row] + 1
        first_cost, second_cost = (pushes_after, steps_after) if by_push else (steps_after, pushes_after)
        code = code0 ^ zobrist_box[cell] ^ zobrist_box[ahead] ^ zobrist_keeper[cell]
        m = 0
        for k in range(n):        # the other boxes' cells in order, then the pushed box's new cell in its place
            if boxes[row, k] != cell:
                cells[m] = boxes[row, k]
                m += 1
        at = n - 1
        while at > 0 and cells[at - 1] > ahead:
            cells[at] = cells[at - 1]
            at -= 1
        cells[at] = ahead
        slot = _find(slots, hashes, boxes, keepers, code, cells, cell)
        known = slots[slot]
        if known >= 0:
            old = (cost_pushes[known] << 32 | cost_steps[known]) if by_push else \
                (cost_steps[known] << 32 | cost_pushes[known])
            if old <= first_cost << 32 | second_cost:
                continue
        h = max(bounds[row] - 1, 0)   # a push moves one box one cell: the matching falls by one at most
        if known >= 0 and refined[known] != LAZY:
            h = bounds[known]          # the placement's bound, known already
            if h >= infinite:
                continue
        if first_cost + h > top or second_cost + h > top:
            return TOO_LONG
        new_row = known
        if known < 0:
            new_row = counters[ROWS]
            counters[ROWS] += 1
            slots[slot], hashes[new_row], keepers[new_row] = new_row, code, cell
            for k in range(n):
                boxes[new_row, k] = cells[k]
        cost_steps[new_row], cost_pushes[new_row], parents[new_row] = steps_after, pushes_after, row
        bounds[new_row], refined[new_row] = h, LAZY if known < 0 or refined[known] == LAZY else BOUNDED
        _queue_push(heap, counters, first_cost + h, second_cost + h, new_row, first_cost << 32 | second_cost)
        counters[QUEUED] += 1
    return RUNNING


def run_chunk(counters: np.ndarray, budget: int, by_push: bool, box: int, infinite: int, table: tuple,
              heap: tuple, level: tuple, scratch: tuple, memo: tuple) -> int:
    """Up to ``budget`` positions expanded (see the module's docstring); RUNNING, GOAL (its row in
    ``counters[FOUND]``), EMPTY_QUEUE, or FULL where the table or the heap may not hold one more
    expansion (Python grows them and calls again), TOO_LONG where a figure passes what the queue's key
    holds (2,047: the search is given up, for Python's). ``table``: the rows' arrays (boxes, keepers,
    steps, pushes, parents, bounds, refined, hashes, slots); ``heap``: the queue (its buckets' first entries, the lowest
    f2 that may hold one by f, entries by f, then each entry's row, cost and next entry); ``level``:
    (Zobrist keys of a box and of the keeper by cell, neighbours, dead squares, targets, push distances
    by target, the tour's approaches, sides, nearest targets and lone boxes' moves); ``scratch``: (codes, all zero between
    calls, steps, pushes found, freeze frames, freeze group, cells, a matching's matrix, the tour's arrays); ``memo``: the
    bounds remembered (placement hashes, boxes' cells, bounds)."""
    boxes, keepers, cost_steps, cost_pushes, _parents, bounds, refined, hashes, _slots = table
    entry_row, entry_cost = heap[3], heap[4]
    near, target = level[2], level[4]
    codes, steps, found = scratch[0], scratch[1], scratch[2]
    n = boxes.shape[1]
    top = BUCKETS - 1
    done = 0
    while done < budget:
        if counters[HEAP] == 0:
            return EMPTY_QUEUE
        if counters[ROWS] + 4 * n + 1 >= len(hashes) or counters[HEAP] + 4 * n + 2 >= len(entry_row):
            return FULL   # (the slots are twice the rows)
        entry = _queue_pop(heap, counters)
        row, queued_cost = entry_row[entry], entry_cost[entry]
        primary, secondary = (cost_pushes[row], cost_steps[row]) if by_push else (cost_steps[row], cost_pushes[row])
        if queued_cost != primary << 32 | secondary:   # queued before the row was reached more cheaply
            continue
        f, f2 = counters[TAKEN_F], counters[TAKEN_F2]
        counters[LOWER] = max(counters[LOWER], f)
        goal = True
        for k in range(n):
            goal = goal and target[boxes[row, k]]
        if goal:
            counters[FOUND] = row
            return GOAL
        _place(codes, boxes, row, box)
        if refined[row] == LAZY:
            h = _bound_of(codes, boxes[row], hashes[row] ^ level[1][keepers[row]], _pushed(boxes, row, _parents[row]),
                          box, infinite, level, scratch, memo)
            refined[row] = BOUNDED
            counters[BOUNDS] += 1
            if h > bounds[row]:
                if h < infinite:
                    if primary + h > top or secondary + h > top:
                        return TOO_LONG
                    bounds[row] = h
                    _queue_push(heap, counters, primary + h, secondary + h, row, queued_cost)
                    counters[QUEUED] += 1
                else:
                    bounds[row] = h
                _place(codes, boxes, row, 0)
                continue
        count = _pushes_kernel(codes, keepers[row], near, box, steps, found)
        if not by_push and refined[row] == BOUNDED:
            refined[row] = WALKED
            counters[WALKS] += 1
            more = _walks_more(codes, keepers[row], count, found, bounds[row], box, infinite, level, scratch[7])
            if 0 < more < infinite:
                if f + more > top:
                    return TOO_LONG
                _queue_push(heap, counters, f + more, f2, row, queued_cost)
                counters[QUEUED] += 1
            if more > 0:
                _place(codes, boxes, row, 0)
                continue
        done += 1
        counters[EXPANDED] += 1
        status = _expand(counters, row, count, by_push, box, infinite, table, heap, level, scratch, memo)
        _place(codes, boxes, row, 0)
        if status != RUNNING:
            return status
    return RUNNING


_dead_after = compiled(_dead_after)
_queue_push = compiled(_queue_push)
_queue_pop = compiled(_queue_pop)
_find = compiled(_find)
rehash = compiled(rehash)
_matched = compiled(_matched)
_bound_of = compiled(_bound_of)
_pushed = compiled(_pushed)
_place = compiled(_place)
_walks_more = compiled(_walks_more)
_expand = compiled(_expand)
run_chunk = compiled(run_chunk)
