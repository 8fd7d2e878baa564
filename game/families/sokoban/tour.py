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

The order is not known, so for each ``j`` the least of that over every set of ``j`` boxes and every box
of it visited last (a shortest-tour table over subsets, as for a travelling salesman) is a lower bound,
and so is the largest of those over ``j``. A box off target with no side the keeper can ever reach can
never be pushed: INFINITE.

Its cost grows as ``2^m m^2``, so it is computed once a position (where the search takes it from its
queue), compiled where numba is installed, and only for at most MAX_BOXES boxes off target (beyond that
it says 0, which is a lower bound too).
"""
from __future__ import annotations

import numpy as np

from solvers.compiled import available, compiled

from game.families.sokoban.bounds import INFINITE, push_distances
from game.families.sokoban.level import BOX
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle

__all__ = ["MAX_BOXES", "TourBound"]

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
        self.target = np.array([cell in puzzle.on_target for cell in range(size)], np.bool_)

    def __call__(self, state: bytes, keeper: int) -> int:
        """The moves every solution from ``state`` (the keeper on ``keeper``) still needs, at least."""
        kernel = _tour_kernel if self.fast else _tour_plain
        return int(kernel(np.frombuffer(state, np.uint8), keeper, BOX, self.distance, self.sides, self.nearest,
                          self.target, INFINITE, MAX_BOXES))


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


def _tour_plain(codes: np.ndarray, keeper: int, box: int, distance: np.ndarray, sides: np.ndarray,
                nearest: np.ndarray, target: np.ndarray, infinite: int, most: int) -> int:
    """The bound of the module's docstring (0 past ``most`` boxes off target)."""
    cells = np.empty(most, np.int64)
    n = 0
    for cell in range(len(codes)):
        if codes[cell] == box and not target[cell]:
            if n == most:
                return 0
            cells[n] = cell
            n += 1
    if n == 0:
        return 0
    start = np.full(n, infinite, np.int64)        # the keeper to each box's nearest side
    between = np.full((n, n), infinite, np.int64)  # one box's sides to another's
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
    pushes = np.zeros(full + 1, np.int64)          # the boxes' push distances summed, by subset
    count = np.zeros(full + 1, np.int64)
    for subset in range(1, full + 1):
        low = 0
        while not subset >> low & 1:
            low += 1
        pushes[subset] = pushes[subset & (subset - 1)] + nearest[cells[low]]
        count[subset] = count[subset & (subset - 1)] + 1
    tour = np.full((full + 1, n), infinite, np.int64)
    best = np.full(n + 1, infinite, np.int64)      # by how many boxes visited, the least bound
    for i in range(n):
        tour[1 << i, i] = start[i]
    for subset in range(1, full + 1):
        for i in range(n):
            walked = tour[subset, i]
            if walked >= infinite:
                continue
            left = walked + nearest[cells[i]] + pushes[full ^ subset]
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


_tour_kernel = compiled(_tour_plain)
