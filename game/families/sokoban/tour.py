"""A lower bound on the moves left that counts the keeper's walk from box to box: in open rooms most of a
line's moves are walks, which the boxes' matching (pushes alone) never sees.

**The bound.** Let ``U`` be the boxes off target: each must be pushed at least once, and its first push
is made from one of its *sides* (a cell next to it with floor beyond it on the other side, that cell no
dead square), the box still where it stands now. Order ``U`` by the time ``t_1 <= ... <= t_m`` the keeper
stands on a side for each first push. From where it stands now, the keeper takes at least ``dist(keeper,
sides of Y_1)`` steps to reach the first, and between ``t_i`` and ``t_{i+1}`` at least the distance
between the two boxes' sides (distances over the floor with walls and the box approached in the way:
another box in the way is pushed, which is a step too, but the box approached is not pushed before
``t_{i+1}``). Every push of ``Y_j, ..., Y_m`` comes after ``t_j`` (their first pushes do), and
each of them needs at least its push distance to its nearest target, so for every ``j``

    moves left >= (the walk through Y_1 ... Y_j to Y_j's side) + (Y_j's and every later box's pushes).

The box ``Y_j`` alone gives a second bound on what comes after ``t_j``: its own pushes, and between two of
them the keeper's walk from the cell the box left (where the keeper stands after a push) to the side of
the next push, round the box (it stands still meanwhile) with walls in the way: none where it pushes on
the same way, at least two steps where it turns. Those steps are all distinct (a walk between two of its
pushes is none of its pushes), and other boxes in the way only add steps (a push is a step too), so the
fewest such moves a lone box on ``Y_j``'s cell needs to reach any target (``alone``: pushes and turns,
a shortest path over (cell, last direction), from the targets back) is at most what follows ``t_j``:

    moves left >= (the walk through Y_1 ... Y_j to Y_j's side) + max(Y_j's and every later box's pushes,
                                                                     alone(Y_j)).

(The turns of several boxes cannot be added up: a step of one box's turn may be another box's push.)
The order is not known, so for each ``j`` the least of that over every set of ``j`` boxes and every box
of it visited last (a shortest-tour table over subsets, as for a travelling salesman) is a lower bound,
and so is the largest of those over ``j``. A box off target with no side the keeper can ever reach can
never be pushed: INFINITE.

Its cost grows as ``2^m m^2``, so it is computed once a position (where the search takes it from its
queue), compiled where numba is installed, and only for at most MAX_BOXES boxes off target (beyond that
it says 0, which is a lower bound too).
"""
from __future__ import annotations

import heapq

import numpy as np

from solvers.compiled import available, compiled

from game.families.sokoban.bounds import INFINITE, push_distances
from game.families.sokoban.level import BOX
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle

__all__ = ["MAX_BOXES", "TourBound", "tour_work"]

MAX_BOXES = 10


class TourBound:
    """The walk-through-the-boxes bound of one level (its dead squares given)."""

    def __init__(self, puzzle: SokobanPuzzle, dead: frozenset[int], compiled: bool = True) -> None:
        near = puzzle.near
        size = len(puzzle.board)
        self.fast = compiled and available()
        self.sides = np.full((size, len(DIRECTIONS)), -1, np.int64)
        for cell in range(size):
            for d in range(len(DIRECTIONS)):
                behind, ahead = near[cell][d ^ 1], near[cell][d]
                if behind is not None and ahead is not None and ahead not in dead:
                    self.sides[cell, d] = behind
        self.distance = _approaches(puzzle, self.sides)
        nearest = [INFINITE] * size
        for target in puzzle.targets:
            nearest = [min(a, b) for a, b in zip(nearest, push_distances(puzzle, target))]
        self.nearest = np.array(nearest, np.int64)
        self.alone = _alone(puzzle, self.sides, self.distance)
        self.target = np.array([cell in puzzle.on_target for cell in range(size)], np.bool_)

    def __call__(self, state: bytes, keeper: int) -> int:
        """The moves every solution from ``state`` (the keeper on ``keeper``) still needs, at least."""
        kernel = _tour_kernel if self.fast else _tour_plain
        return int(kernel(np.frombuffer(state, np.uint8), keeper, BOX, self.distance, self.sides, self.nearest,
                          self.alone, self.target, INFINITE, MAX_BOXES))


def _approaches(puzzle: SokobanPuzzle, sides: np.ndarray) -> np.ndarray:
    """``[box, d, cell]``: the steps from ``cell`` to the side from which a box on ``box`` is pushed in
    direction ``d``, over the floor with walls in the way and the box itself (the keeper cannot step onto
    it before that push, which is the box's first); INFINITE where there is no such side or way."""
    size = len(puzzle.board)
    around = [[cell for cell in puzzle.near[at] if cell is not None] for at in range(size)]
    out = np.full((size, len(DIRECTIONS), size), INFINITE, np.int64)
    for box in range(size):
        for d in range(len(DIRECTIONS)):
            side = int(sides[box, d])
            if side < 0:
                continue
            row = out[box, d]
            row[side] = 0
            todo = [side]
            for at in todo:
                for cell in around[at]:
                    if cell != box and row[cell] == INFINITE:
                        row[cell] = row[at] + 1
                        todo.append(cell)
    return out


def _alone(puzzle: SokobanPuzzle, sides: np.ndarray, distance: np.ndarray) -> np.ndarray:
    """Per cell, the fewest moves a lone box there needs to reach a target, the keeper's walks between its
    pushes counted (the module's docstring; the walk to its first push left out): INFINITE where none.
    ``after[c, e]``: what is left once a push in direction ``e`` has brought the box onto ``c`` (the keeper
    on the cell it left), found from the targets back (Dijkstra's shortest paths)."""
    near = puzzle.near
    size = len(puzzle.board)
    after = np.full((size, len(DIRECTIONS)), INFINITE, np.int64)
    queue: list[tuple[int, int, int]] = []
    for target in puzzle.targets:
        for e in range(len(DIRECTIONS)):
            after[target, e] = 0
            queue.append((0, target, e))
    while queue:
        cost, cell, e = heapq.heappop(queue)
        if cost > after[cell, e]:
            continue
        came = near[cell][e ^ 1]                   # the box came from here, pushed in direction e
        if came is None or sides[came, e] < 0:
            continue
        for d in range(len(DIRECTIONS)):           # ... after a push in direction d brought it there
            stood = near[came][d ^ 1]
            if stood is None:
                continue
            walk = 0 if d == e else int(distance[came, e, stood])
            if walk < INFINITE and cost + walk + 1 < after[came, d]:
                after[came, d] = cost + walk + 1
                heapq.heappush(queue, (cost + walk + 1, came, d))
    alone = np.full(size, INFINITE, np.int64)
    for cell in range(size):
        if cell in puzzle.on_target:
            alone[cell] = 0
            continue
        for e in range(len(DIRECTIONS)):
            ahead = near[cell][e]
            if sides[cell, e] >= 0 and ahead is not None and after[ahead, e] < INFINITE:
                alone[cell] = min(alone[cell], after[ahead, e] + 1)
    return alone


def tour_work(most: int) -> tuple:
    """The arrays :func:`_tour_into` works in, for at most ``most`` boxes off target (made once)."""
    return (np.empty(most, np.int64), np.empty(most, np.int64), np.empty((most, most), np.int64),
            np.empty(1 << most, np.int64), np.empty(1 << most, np.int64), np.empty((1 << most, most), np.int64),
            np.empty(most + 1, np.int64))


def _tour_plain(codes: np.ndarray, keeper: int, box: int, distance: np.ndarray, sides: np.ndarray,
                nearest: np.ndarray, alone: np.ndarray, target: np.ndarray, infinite: int, most: int) -> int:
    """The bound of the module's docstring (0 past ``most`` boxes off target)."""
    return _tour_into(codes, keeper, box, distance, sides, nearest, alone, target, infinite, most, tour_work(most))


def _tour_into(codes: np.ndarray, keeper: int, box: int, distance: np.ndarray, sides: np.ndarray,
               nearest: np.ndarray, alone: np.ndarray, target: np.ndarray, infinite: int, most: int,
               work: tuple) -> int:
    """:func:`_tour_plain` in the arrays of ``work`` (:func:`tour_work`), which a search makes once."""
    cells, start, between, pushes, count, tour, best = work
    n = 0
    for cell in range(len(codes)):
        if codes[cell] == box and not target[cell]:
            if n == most:
                return 0
            cells[n] = cell
            n += 1
    if n == 0:
        return 0
    for i in range(n):   # the keeper to each box's nearest side; one box's sides to another's
        start[i] = infinite
        for j in range(n):
            between[i, j] = infinite
    for i in range(n):
        for d in range(4):
            side = sides[cells[i], d]
            if side < 0:
                continue
            start[i] = min(start[i], distance[cells[i], d, keeper])
            for j in range(n):
                if j != i:
                    for e in range(4):
                        between[i, j] = min(between[i, j], distance[cells[j], e, side])
        if start[i] >= infinite:
            return infinite
    full = (1 << n) - 1
    pushes[0], count[0] = 0, 0                       # the boxes' push distances summed, by subset
    for subset in range(1, full + 1):
        low = 0
        while not subset >> low & 1:
            low += 1
        pushes[subset] = pushes[subset & (subset - 1)] + nearest[cells[low]]
        count[subset] = count[subset & (subset - 1)] + 1
        for i in range(n):
            tour[subset, i] = infinite
    for k in range(n + 1):                            # by how many boxes visited, the least bound
        best[k] = infinite
    for i in range(n):
        tour[1 << i, i] = start[i]
    for subset in range(1, full + 1):
        for i in range(n):
            walked = tour[subset, i]
            if walked >= infinite:
                continue
            left = walked + max(nearest[cells[i]] + pushes[full ^ subset], alone[cells[i]])
            if left < best[count[subset]]:
                best[count[subset]] = left
            for j in range(n):
                if not subset >> j & 1:
                    further = walked + between[i, j]
                    if further < tour[subset | 1 << j, j]:
                        tour[subset | 1 << j, j] = further
    most_needed = 0
    for k in range(1, n + 1):
        most_needed = max(most_needed, best[k])
    return min(most_needed, infinite)


tour_work = compiled(tour_work)
_tour_into = compiled(_tour_into)
_tour_kernel = compiled(_tour_plain)
