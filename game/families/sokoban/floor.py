"""A level's floor for sweeps over whole blocks of positions (rows of a uint8 array, a code per cell).

Under ``pushes`` a position that matters is a *push state*: where the boxes stand and which part of
the floor the keeper can walk in; the keeper's own cell does not matter, because walking is free.
A push state is written as a position with the keeper on the first cell (in reading order) of its
region, so each has one key. The moves between push states are pushes, and going backwards pulls.
"""
from __future__ import annotations

import numpy as np

from solvers.components import Kind, PlacementKeys
from solvers.rules import EMPTY

from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle

__all__ = ["Floor"]


class Floor:
    """Neighbours by direction (``n``, one past the last cell, where there is none), the targets, and
    the vectorised regions, pushes and pulls of a level."""

    def __init__(self, puzzle: SokobanPuzzle) -> None:
        n = self.n = len(puzzle.board)
        self.step = np.full((4, n + 1), n, dtype=np.intp)
        for cell, near in enumerate(puzzle.near):
            for d, other in enumerate(near):
                if other is not None:
                    self.step[d, cell] = other
        self.targets = np.array(puzzle.targets, dtype=np.intp)
        self.boxes = puzzle.start.count(BOX)
        self._rows = np.arange(0)

    def keys(self) -> PlacementKeys:
        """Perfect keys of positions: the keeper's cell and the set of the boxes' cells."""
        covers = tuple((cell,) for cell in range(self.n))
        return PlacementKeys(self.n, [Kind(KEEPER, 1, (KEEPER,), covers), Kind(BOX, self.boxes, (BOX,), covers)])

    def goal_mask(self, boards: np.ndarray) -> np.ndarray:
        return np.all(boards[:, self.targets] == BOX, axis=1)

    def _padded(self, mask: np.ndarray) -> np.ndarray:
        out = np.zeros((len(mask), self.n + 1), dtype=bool)
        out[:, :self.n] = mask
        return out

    def regions(self, boards: np.ndarray) -> np.ndarray:
        """Per board, the cells its keeper can walk to (a column ``n`` more, always False)."""
        free = self._padded(boards != BOX)
        reach = self._padded(boards == KEEPER)
        rows = np.arange(len(boards))
        step = self.step
        while len(rows):
            part = reach[rows]
            grown = part | (free[rows] & (part[:, step[0]] | part[:, step[1]] | part[:, step[2]] | part[:, step[3]]))
            changed = np.any(grown != part, axis=1)
            reach[rows] = grown
            rows = rows[changed]
        return reach

    def normalise(self, boards: np.ndarray, reach: np.ndarray | None = None) -> np.ndarray:
        """The boards with each keeper moved to the first cell of its region (in place; returned)."""
        reach = self.regions(boards) if reach is None else reach
        rows = np.arange(len(boards))
        keeper = np.argmax(boards == KEEPER, axis=1)
        boards[rows, keeper] = EMPTY
        boards[rows, np.argmax(reach, axis=1)] = KEEPER
        return boards

    def pushes(self, boards: np.ndarray) -> np.ndarray:
        """Every push state one push away from each board's (children normalised; duplicates allowed)."""
        return self.moved(boards, backward=False)[1]

    def pulls(self, boards: np.ndarray) -> np.ndarray:
        """Every push state one push before each board's: a box pulled back by a keeper that stood where
        the box is now, with a free cell behind it (normalised; duplicates allowed)."""
        return self.moved(boards, backward=True)[1]

    def moved(self, boards: np.ndarray, backward: bool) -> tuple[np.ndarray, np.ndarray]:
        """(row of ``boards``, push state) of every push from each board (or pull, ``backward``)."""
        reach = self.regions(boards)
        box = self._padded(boards == BOX)
        free = self._padded(boards != BOX)
        keeper = np.argmax(boards == KEEPER, axis=1)
        out, parents = [], []
        for d in range(len(DIRECTIONS)):
            ahead, behind = self.step[d][:self.n], self.step[d ^ 1][:self.n]
            if not backward:   # a box with the keeper's region behind it and free floor ahead
                able = box[:, :self.n] & reach[:, behind] & free[:, ahead]
            else:              # a box pushed this way: the keeper's region where it came from, free beyond
                able = box[:, :self.n] & reach[:, behind] & free[:, self.step[d ^ 1][behind]]
            rows, cells = np.nonzero(able)
            # a push leaves the keeper on the box's cell and the box ahead; a pull puts the box back
            # on the keeper's cell and the keeper one further back
            keeper_to, box_to = (cells, ahead[cells]) if not backward else (behind[behind[cells]], behind[cells])
            child = boards[rows]
            at = np.arange(len(rows))
            child[at, keeper[rows]] = EMPTY
            child[at, cells] = EMPTY
            child[at, box_to] = BOX
            child[at, keeper_to] = KEEPER
            out.append(child)
            parents.append(rows)
        children = np.concatenate(out)
        return np.concatenate(parents), (self.normalise(children) if len(children) else children)
