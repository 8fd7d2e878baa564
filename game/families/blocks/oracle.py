"""Tables over the start's component, for sliding-block puzzles whose whole space is too sparse
to rank (see :mod:`solvers.components`): hints and marks are lookups as with any table.

The cached file holds the component's sorted position keys and a distance byte for each, with
the puzzle's fingerprint (rules, goal, move count) in its checksummed header. A component
larger than the table limit is answered by search instead, and the oracle says so.
"""
from __future__ import annotations

import time
from typing import Callable

import numpy as np

from solvers.components import TooManyPositions, component_table
from solvers.ranking import SlotRanker
from solvers.sweep import Progress
from solvers.tables import fingerprint

from game.oracles.base import Oracle, Recipe, Report
from game.oracles.component import CHEAP_SECONDS, TABLE_LIMIT, ComponentOracle
from game.oracles.search import SearchOracle
from game.oracles.table import MAX_SLOTS, MIN_ARRANGEMENTS, TableOracle
from game.rules.puzzle import Puzzle
from game.families.blocks.rules import BlocksPuzzle

__all__ = ["TABLE_LIMIT", "ComponentTableOracle", "blocks_oracle"]


class ComponentTableOracle(ComponentOracle):
    def __init__(self, puzzle: BlocksPuzzle, recipe: Recipe | None = None) -> None:
        self.blocks = puzzle
        super().__init__(puzzle, recipe, puzzle.keys(), self._fingerprint())

    def _fingerprint(self) -> str:
        """Rules, start, goal, move count and the kinds of pieces: what the table depends on."""
        puzzle = self.blocks
        goal = [None if ok is None else sorted(ok) for ok in puzzle.goal_pattern]
        kinds = [(k.shape, k.codes, k.count) for k in puzzle.layout.kinds]
        return fingerprint(puzzle.rules, None, [puzzle.start], f"component|{puzzle.count.key}|{goal}|{kinds}")

    def sweep(self, limit: int, answering: bool, report: Report,
              progress: Progress | None) -> tuple[np.ndarray, np.ndarray]:
        try:
            return component_table(self.puzzle.start, self.blocks.goal_mask, self.blocks.expand, self._keys,
                                   limit=limit, cancel=self._cancel(answering, report), progress=progress,
                                   explore=self.blocks.explore)
        except _TooSlow:
            raise TooManyPositions("the table took longer than an answer may wait") from None

    @staticmethod
    def _cancel(answering: bool, report: Report) -> Callable[[], bool]:
        """The report's cancel; for an answer's attempt, also _TooSlow past CHEAP_SECONDS."""
        if not answering:
            return report.cancelled
        deadline = time.monotonic() + CHEAP_SECONDS

        def cancelled() -> bool:
            if time.monotonic() > deadline:
                raise _TooSlow
            return report.cancelled()

        return cancelled

    def successors_of(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.blocks.successors_of(boards)

    def goal_mask(self, boards: np.ndarray) -> np.ndarray:
        return self.blocks.goal_mask(boards)


class _TooSlow(Exception):
    """An answer's attempt at a table took longer than CHEAP_SECONDS."""


def blocks_oracle(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """The fast rank-space table where the rules allow it (one goal position, free pieces that all
    move alike, as in Goat), else a table over the start's component; a puzzle whose positions
    cannot even be keyed (dozens of distinct pieces) is answered by search alone."""
    assert isinstance(puzzle, BlocksPuzzle)
    if puzzle.goal_states and puzzle.moves_are_rules and puzzle.ranker is not None:
        slots = SlotRanker.for_rules(puzzle.rules, [*puzzle.goal_states, puzzle.start], max_slots=MAX_SLOTS)
        if slots is not None and slots.arrangements.size >= MIN_ARRANGEMENTS:
            return TableOracle(puzzle, recipe)
    try:
        return ComponentTableOracle(puzzle, recipe)
    except TooManyPositions:
        return SearchOracle(puzzle, recipe)
