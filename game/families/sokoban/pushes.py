"""Every push from a Sokoban position, with the keeper's shortest walk to it: the moves of the searches
(:mod:`game.families.sokoban.search`), which go push by push whichever count they prove.

One breadth-first pass over the keeper's floor (a list of distances, not a dictionary of parents) gives
the walk to every push and the keeper's region, whose first cell names it (the normal form of a push
state); the pushes are read off each box's sides, their moves made once for the level.
"""
from __future__ import annotations

from game.families.sokoban.kinds import PUSH
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle
from game.rules.puzzle import Move

__all__ = ["Pushes", "Reach"]

EMPTY = 0


class Reach:
    """Where the keeper can walk in one position: ``steps[cell]`` the fewest steps to it (-1: not without a
    push), ``cells`` the cells it reaches in the order found."""

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

    def __init__(self, puzzle: SokobanPuzzle) -> None:
        self.puzzle = puzzle
        near = puzzle.near
        self.size = len(puzzle.board)
        self.around = tuple(tuple(cell for cell in near[at] if cell is not None) for at in range(self.size))
        self.sides = tuple(self._sides(box) for box in range(self.size))

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
        reach = self.reach(state) if reach is None else reach
        steps = reach.steps
        keeper = state.index(KEEPER)
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
