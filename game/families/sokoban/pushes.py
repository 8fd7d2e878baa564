"""Every push from a Sokoban position, with the keeper's shortest walk to it: the moves of the searches
(:mod:`game.families.sokoban.search`), which go push by push whichever count they prove.

One breadth-first pass over the keeper's floor (a list of distances, not a dictionary of parents) gives
the walk to every push and the keeper's region, whose first cell names it (the normal form of a push
state); the pushes are read off each box's sides, their moves made once for the level. Where numba is
installed the pass and the pushes are one compiled kernel (:func:`_pushes_kernel`), the positions after
them made in Python.
"""
from __future__ import annotations

import numpy as np

from solvers.compiled import available, compiled

from game.families.sokoban.kinds import PUSH
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle
from game.rules.puzzle import Move

__all__ = ["Pushes", "Reach"]

EMPTY = 0


class Reach:
    """Where the keeper can walk in one position: ``steps[cell]`` the fewest steps to it (-1: not without a
    push), ``cells`` the cells it reaches."""

    __slots__ = ("steps", "cells")

    def __init__(self, steps: list[int], cells: list[int]) -> None:
        self.steps, self.cells = steps, cells

    @property
    def first(self) -> int:
        """The region's first cell: the same wherever in the region the keeper stands."""
        return min(self.cells)


class Pushes:
    """The pushes of one level: for each cell, the (cell behind, cell ahead, move) of each push of a box
    standing there."""

    def __init__(self, puzzle: SokobanPuzzle, compiled: bool = True) -> None:
        """``compiled``: whether the kernel runs where numba is installed."""
        self.puzzle = puzzle
        near = puzzle.near
        self.size = len(puzzle.board)
        self.around = tuple(tuple(cell for cell in near[at] if cell is not None) for at in range(self.size))
        self.sides = tuple(self._sides(box) for box in range(self.size))
        self.fast = compiled and available()
        self.near_array = np.array([[-1 if cell is None else cell for cell in near[at]] for at in range(self.size)],
                                   dtype=np.int64).reshape(self.size, len(DIRECTIONS))
        self.move_of = tuple(tuple(next((move for _b, ahead, move in self.sides[box] if ahead == near[box][d]), None)
                                   for d in range(len(DIRECTIONS))) for box in range(self.size))
        self.found = np.empty((4 * self.size, 3), np.int64)   # the kernel's pushes: (box, direction, steps)
        self.steps = np.empty(self.size, np.int64)             # ... and the keeper's steps to each cell

    def _sides(self, box: int) -> tuple[tuple[int, int, Move], ...]:
        """(the keeper's cell, the box's next cell, the move) of each push a box on ``box`` may have."""
        near = self.puzzle.near[box]
        out = []
        for d in range(len(DIRECTIONS)):
            behind, ahead = near[d ^ 1], near[d]
            if behind is not None and ahead is not None:
                out.append((behind, ahead, self.puzzle.move_for(box, ahead, PUSH.label)))
        return tuple(out)

    def reach(self, state: bytes, keeper: int | None = None) -> Reach:
        """The keeper's walks from where it stands (or from ``keeper``)."""
        start = state.index(KEEPER) if keeper is None else keeper
        if self.fast:
            _pushes_kernel(np.frombuffer(state, np.uint8), start, self.near_array, BOX, self.steps, self.found)
            steps = self.steps.tolist()
            return Reach(steps, [cell for cell, far in enumerate(steps) if far >= 0])
        steps = [-1] * self.size
        steps[start] = 0
        cells = [start]
        around = self.around
        for at in cells:
            further = steps[at] + 1
            for cell in around[at]:
                if steps[cell] < 0 and state[cell] != BOX:
                    steps[cell] = further
                    cells.append(cell)
        return Reach(steps, cells)

    def moves(self, state: bytes, reach: Reach | None = None) -> list[tuple[Move, bytes, int]]:
        """Every push the keeper can walk to: (move, position after, cells walked before it)."""
        keeper = state.index(KEEPER)
        if self.fast:   # the kernel walks again: cheaper than reading the walk given
            count = _pushes_kernel(np.frombuffer(state, np.uint8), keeper, self.near_array, BOX, self.steps, self.found)
            out = []
            near = self.puzzle.near
            for box, d, walked in self.found[:count].tolist():
                ahead = near[box][d]
                after = bytearray(state)
                after[keeper] = EMPTY
                after[box] = KEEPER
                after[ahead] = BOX
                out.append((self.move_of[box][d], bytes(after), walked))
            return out
        reach = self.reach(state) if reach is None else reach
        steps = reach.steps
        out = []
        box = state.find(BOX)
        while box >= 0:
            for behind, ahead, move in self.sides[box]:
                if steps[behind] >= 0 and state[ahead] != BOX:
                    after = bytearray(state)
                    after[keeper] = EMPTY
                    after[box] = KEEPER
                    after[ahead] = BOX
                    out.append((move, bytes(after), steps[behind]))
            box = state.find(BOX, box + 1)
        return out

    def region_key(self, state: bytes) -> bytes:
        """The position with its keeper on the first cell of its region: one key for every walk between pushes."""
        first = self.reach(state).first
        keeper = state.index(KEEPER)
        if first == keeper:
            return state
        moved = bytearray(state)
        moved[keeper], moved[first] = EMPTY, KEEPER
        return bytes(moved)


def _pushes_kernel(codes: np.ndarray, keeper: int, near: np.ndarray, box: int, steps: np.ndarray,
                   found: np.ndarray) -> int:
    """The keeper's steps to each cell (-1: none) into ``steps``, and each push it can walk to as (box,
    direction, steps walked) into the rows of ``found``; how many pushes. ``near[cell, d]``: the cell
    next to ``cell`` in direction ``d`` (up, down, left, right; -1 where a wall)."""
    size = len(codes)
    steps[:] = -1
    steps[keeper] = 0
    queue = np.empty(size, np.int64)
    queue[0] = keeper
    head, tail = 0, 1
    while head < tail:
        at = queue[head]
        head += 1
        for d in range(4):
            cell = near[at, d]
            if cell >= 0 and steps[cell] < 0 and codes[cell] != box:
                steps[cell] = steps[at] + 1
                queue[tail] = cell
                tail += 1
    count = 0
    for cell in range(size):
        if codes[cell] != box:
            continue
        for d in range(4):
            behind, ahead = near[cell, d ^ 1], near[cell, d]
            if behind >= 0 and ahead >= 0 and steps[behind] >= 0 and codes[ahead] != box:
                found[count, 0] = cell
                found[count, 1] = d
                found[count, 2] = steps[behind]
                count += 1
    return count


_pushes_kernel = compiled(_pushes_kernel)
