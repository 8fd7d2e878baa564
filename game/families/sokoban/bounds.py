"""What every solution from a Sokoban position must still push, and positions from which none exists.

* **Push distances.** For each target, the fewest pushes that bring a lone box from each cell onto it,
  walls counted (pulled back from the target breadth-first: a box pushed into a cell came from one
  cell back, with the keeper standing two back). A cell no target can be reached from is a *dead
  square*: a box there can never be delivered.
* **The matching bound.** Every box needs a target of its own, and at least its lone-box distance to
  it: the cheapest one-to-one matching of boxes to targets (:func:`solvers.assignment.cheapest_assignment`)
  never overestimates the pushes left, and says dead where no matching avoids a dead square.
* **Frozen boxes** (:mod:`game.families.sokoban.freeze`): boxes held by walls, dead squares and each
  other so that none can move first (2x2 squares of walls and boxes among them); with a box off target
  among them, the goal cannot be reached.

Each test says dead only of positions with no way to the goal, so cutting them keeps every search optimal.
"""
from __future__ import annotations

import numpy as np

from solvers.assignment import available, cheapest_assignment, compiled_matching

from game.families.sokoban.freeze import Freeze
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle

__all__ = ["INFINITE", "MatchingBound", "NearestBound", "push_distances"]

INFINITE = 1 << 30
REMEMBERED = 1 << 20          # box placements whose bound is remembered (then forgotten all at once)
KEEPER_BYTE, EMPTY_BYTE = bytes([KEEPER]), bytes([0])


def push_distances(puzzle: SokobanPuzzle, target: int) -> tuple[int, ...]:
    """Per cell, the fewest pushes a lone box there needs to reach ``target`` (INFINITE: never)."""
    near = puzzle.near
    pushes = [INFINITE] * len(puzzle.board)
    pushes[target] = 0
    todo = [target]
    for at in todo:
        for d in range(len(DIRECTIONS)):
            came = near[at][d ^ 1]
            keeper = near[came][d ^ 1] if came is not None else None
            if came is not None and keeper is not None and pushes[came] == INFINITE:
                pushes[came] = pushes[at] + 1
                todo.append(came)
    return tuple(pushes)


class NearestBound:
    """Each box's distance to its nearest target, summed: the bound the game's searches used first (kept
    as the reference of ``bench sokoban --search``)."""

    freezes = False

    def __init__(self, puzzle: SokobanPuzzle) -> None:
        tables = [push_distances(puzzle, t) for t in puzzle.targets]
        self.nearest = tuple(min(t[cell] for t in tables) for cell in range(len(puzzle.board)))

    def __call__(self, state: bytes) -> int:
        return sum(self.nearest[cell] for cell, code in enumerate(state) if code == BOX)

    def frozen(self, state: bytes, box: int) -> bool:
        return False

    def after_push(self, state: bytes, box: int) -> int:
        return self(state)

    def matching(self, state: bytes) -> int:
        return self(state)


class MatchingBound:
    """The cheapest matching of boxes to targets by push distance; dead squares and frozen boxes."""

    def __init__(self, puzzle: SokobanPuzzle, freeze: bool = True, compiled: bool = True) -> None:
        """``freeze``: whether frozen boxes say dead (the benchmark's reference leaves them out);
        ``compiled``: whether the matching runs compiled where numba is installed."""
        self.tables = [push_distances(puzzle, t) for t in puzzle.targets]
        self.dead = frozenset(cell for cell in range(len(puzzle.board))
                              if all(t[cell] >= INFINITE for t in self.tables))
        self.on_target = puzzle.on_target
        self.freeze = Freeze(puzzle, self.dead)
        self.freezes = freeze
        self.by_cell = tuple(tuple(table[cell] for table in self.tables) for cell in range(len(puzzle.board)))
        self.known: dict[bytes, int] = {}
        self.costs = np.array(self.by_cell, np.int64) if compiled and available() else None
        self._last, self._last_bound = b"", 0

    def __call__(self, state: bytes) -> int:
        """Pushes every solution from ``state`` still needs (INFINITE: none exists, a box on a dead square or
        frozen with one off target)."""
        if self.freezes and any(self.freeze.dead_after(state, cell) for cell, code in enumerate(state) if code == BOX):
            return INFINITE
        return self.matching(state)

    def after_push(self, state: bytes, box: int) -> int:
        """:meth:`__call__` of a position reached by a push onto ``box`` from one that was not dead (the
        freeze test at that box alone: :meth:`frozen` says why that is enough); remembered by the boxes'
        cells, which alone decide it (the keeper's steps between pushes leave it as it was). A freeze
        found by the push of one box is remembered for the boxes wherever they were reached from."""
        boxes = state.replace(KEEPER_BYTE, EMPTY_BYTE)
        known = self.known.get(boxes)
        if known is None:
            if len(self.known) >= REMEMBERED:
                self.known.clear()
            known = self.known[boxes] = INFINITE if self.frozen(state, box) else self.matched(boxes)
        self._last, self._last_bound = state, known
        return known

    def matching(self, state: bytes) -> int:
        """The bound :meth:`after_push` gave ``state`` last (the same object), else the matching of its boxes
        with what the freeze tests found of them before: for a search that tests each push as it makes it."""
        if state is self._last:
            return self._last_bound
        boxes = state.replace(KEEPER_BYTE, EMPTY_BYTE)
        known = self.known.get(boxes)
        if known is None:
            if len(self.known) >= REMEMBERED:
                self.known.clear()
            known = self.known[boxes] = self.matched(boxes)
        return known

    def matched(self, state: bytes) -> int:
        """The cheapest matching of the boxes of ``state`` to the targets (INFINITE: a box on a dead square)."""
        if self.costs is not None:   # the kernel says INFINITE of a box no target can be reached from
            return int(compiled_matching(np.frombuffer(state, np.uint8), BOX, self.costs, INFINITE))
        boxes = []
        cell = state.find(BOX)
        while cell >= 0:
            boxes.append(cell)
            cell = state.find(BOX, cell + 1)
        if any(cell in self.dead for cell in boxes):
            return INFINITE
        rows = [self.by_cell[cell] for cell in boxes]
        nearest = [min(range(len(row)), key=row.__getitem__) for row in rows]
        if len(set(nearest)) == len(nearest):   # every box's nearest target its own: nothing is cheaper
            return sum(row[t] for row, t in zip(rows, nearest))
        return cheapest_assignment(rows, INFINITE)

    def frozen(self, state: bytes, box: int) -> bool:
        """Whether the box on ``box`` (just pushed there) is frozen with a box off target (never, where the
        freeze test is left out). After a push from a position that was not dead, this is the whole freeze
        test: only a group of frozen boxes that holds the pushed box can be new (an empty cell holds no box,
        so the cell the box left freed its neighbours if anything)."""
        return self.freezes and self.freeze.dead_after(state, box)
