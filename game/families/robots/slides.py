"""The robots' rules with a fast vectorised form: whole slides found at once for a block of boards.

The slides are rules like every family's (:func:`game.families.robots.rules.slide_rules`), and the
scalar moves, the inverse moves, fingerprints and checks all read them. But a robot board is mostly
empty, so the generic sweep, which looks up rules by an empty cell and tests each rule's cells,
tests hundreds of long rules on nearly every board (an 8x8 board with four robots: 25 s for its
table). Here a sweep's layer takes each robot cell and direction once: the boards with a robot
there, how far the way ahead is empty, and where that robot stops; backwards, the boards whose
robot on a cell could have come to rest there, and every empty cell behind it it could have come
from. Both give exactly the children of the rules (a test holds them to it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

import numpy as np

from solvers.rules import EMPTY, Rule, RuleSet

__all__ = ["SlideRules", "Way"]


@dataclass(frozen=True)
class Way:
    """From ``cell`` in one direction: the cells ahead up to a wall or the edge, and whether a robot
    that gets to the last of them stops there (a wall, or an edge that stops); ``behind`` is ``cell``'s
    way in the opposite direction."""

    cell: int
    ahead: tuple[int, ...]
    stops_at_end: bool
    behind: tuple[int, ...]


class SlideRules(RuleSet):
    """The slide rules, whose ``expand`` finds whole slides per robot cell and direction."""

    def __init__(self, rules: Iterable[Rule], ncells: int, ways: Iterable[Way]) -> None:
        super().__init__(rules, ncells)
        self.ways = tuple(w for w in ways if w.ahead or w.behind)

    def expand(self, boards: np.ndarray, backward: bool = False) -> Iterator[np.ndarray]:
        if not len(boards):
            return
        columns = np.ascontiguousarray(boards.T)
        step = self._before if backward else self._after
        for way in self.ways:
            yield from step(boards, columns, way)

    @staticmethod
    def _after(boards: np.ndarray, columns: np.ndarray, way: Way) -> Iterator[np.ndarray]:
        """Each board with a robot on ``way.cell``, that robot sent along the way to where it stops."""
        if not way.ahead:
            return
        rows = np.flatnonzero(columns[way.cell] != EMPTY)
        run = np.zeros(len(rows), dtype=np.intp)        # how many cells ahead are empty before the first robot
        open_ = np.ones(len(rows), dtype=bool)
        for cell in way.ahead:
            open_ &= columns[cell][rows] == EMPTY
            run += open_
        blocked = run < len(way.ahead)                   # a robot ahead stops it
        moves = (run > 0) & (blocked | way.stops_at_end)
        rows, run = rows[moves], run[moves]
        if len(rows):
            yield _moved(boards, rows, way.cell, np.asarray(way.ahead, dtype=np.intp)[run - 1])

    @staticmethod
    def _before(boards: np.ndarray, columns: np.ndarray, way: Way) -> Iterator[np.ndarray]:
        """Each board with a robot on ``way.cell`` that stands where a slide along the way ends (a robot, a
        wall or a stopping edge next), moved back to each empty cell behind it it could have come from."""
        if not way.behind:
            return
        here = columns[way.cell] != EMPTY
        if way.ahead:
            here &= columns[way.ahead[0]] != EMPTY
        elif not way.stops_at_end:
            return
        rows = np.flatnonzero(here)
        for cell in way.behind:
            rows = rows[columns[cell][rows] == EMPTY]
            if not len(rows):
                return
            yield _moved(boards, rows, way.cell, np.full(len(rows), cell, dtype=np.intp))


def _moved(boards: np.ndarray, rows: np.ndarray, src: int, dst: np.ndarray) -> np.ndarray:
    """Copies of ``boards[rows]`` with the robot on ``src`` moved to ``dst`` (one cell per row)."""
    children = boards[rows]
    picked = np.arange(len(rows))
    children[picked, dst] = children[:, src]
    children[:, src] = EMPTY
    return children
