"""Which oracle answers a robots puzzle: a table of every ranked position where the ranks and the goal's
positions are few enough (the library's Lunar Lockout layouts, whose helpers are interchangeable), else a
table of the start's component, else searches.

Six distinct robots on a 5x5 board have 127 million ranks, but the start of a Lunar Lockout layout
reaches a couple of thousand positions: those are swept as Sokoban's levels are (forwards from the
start to find them, backwards from their goals for the distances, :mod:`solvers.one_way`), so
``analyze`` and hints work on them as on the library's cards. A position is keyed by the cells of each
kind of robot (:class:`solvers.components.PlacementKeys`); the sweep's moves are the slides of
:class:`~game.families.robots.slides.SlideRules`, both ways.
"""
from __future__ import annotations

import numpy as np

from solvers.components import Kind, PlacementKeys, TooManyPositions
from solvers.one_way import one_way_table
from solvers.rules import RuleMatrix
from solvers.sweep import Progress
from solvers.tables import fingerprint

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.robots.rules import RobotsPuzzle, table_worth
from game.families.robots.slides import SlideRules
from game.oracles.base import Oracle, Recipe, Report
from game.oracles.component import CHEAP_SECONDS, TABLE_LIMIT as COMPONENT_LIMIT, ComponentOracle
from game.oracles.search import SearchOracle
from game.oracles.table import TABLE_LIMIT, TableOracle
from game.rules.puzzle import Puzzle

__all__ = ["RobotsComponentOracle", "robots_oracle"]

SWEEP_SECONDS = 10.0             # the longest a component's sweep may take when its whole table is asked for,
SWEEP_BYTES = 256 * 1024 * 1024  # ... and about the most its keys and boards may hold (as a search's states)
KEY_COST = 24                    # bytes a position's key costs beside its board, runs and merges included


def robots_oracle(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """A table of every position where they can be ranked and the goal's counted out; else a table of the
    start's component (built when it is small enough); a board whose positions cannot be keyed: searches."""
    assert isinstance(puzzle, RobotsPuzzle)
    if table_worth(puzzle) and puzzle.ranker is not None and puzzle.ranker.size <= TABLE_LIMIT:
        return TableOracle(puzzle, recipe)
    try:
        return RobotsComponentOracle(puzzle, recipe)
    except TooManyPositions:
        return SearchOracle(puzzle, recipe)


def robot_keys(puzzle: RobotsPuzzle) -> PlacementKeys:
    """Keys of positions: the cells of each kind of robot (one robot, or a group of identical ones)."""
    cells = tuple((cell,) for cell in range(len(puzzle.board)))
    kinds = [Kind(code, puzzle.start.count(code), (code,), cells) for code in range(1, len(puzzle.cast) + 1)]
    return PlacementKeys(len(puzzle.board), kinds)


class RobotsComponentOracle(ComponentOracle):
    """A table of the positions the start can reach, each its distance to the goal (dead ends marked)."""

    def __init__(self, puzzle: RobotsPuzzle, recipe: Recipe | None = None) -> None:
        self.robots = puzzle
        goal = [None if ok is None else sorted(ok) for ok in puzzle.pattern]
        digest = fingerprint(puzzle.rules, None, [puzzle.start], f"robots-component|{puzzle.edge}|{goal}")
        super().__init__(puzzle, recipe, robot_keys(puzzle), digest)
        self._steps = RuleMatrix(puzzle.rules.rules, len(puzzle.board))
        self.limit = min(COMPONENT_LIMIT, SWEEP_BYTES // (len(puzzle.board) + KEY_COST))

    def _slides(self, boards: np.ndarray, backward: bool) -> np.ndarray:
        rules = self.robots.rules
        assert isinstance(rules, SlideRules)
        found = list(rules.expand(np.asarray(boards, dtype=np.uint8), backward))
        return np.concatenate(found) if found else np.empty((0, len(self.robots.board)), dtype=np.uint8)

    def forward(self, boards: np.ndarray) -> np.ndarray:
        return self._slides(boards, backward=False)

    def backward(self, boards: np.ndarray) -> np.ndarray:
        return self._slides(boards, backward=True)

    def sweep(self, limit: int, answering: bool, report: Report,
              progress: Progress | None) -> tuple[np.ndarray, np.ndarray]:
        return one_way_table(self.puzzle.start, self.goal_mask, self.forward, self.backward, self._keys,
                             limit=min(limit, self.limit), cancel=report.cancelled, progress=progress,
                             seconds=CHEAP_SECONDS if answering else SWEEP_SECONDS)

    def successors_of(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rows, _rules, children = self._steps.step(boards)
        return rows, children

    def goal_mask(self, boards: np.ndarray) -> np.ndarray:
        mask = np.ones(len(boards), dtype=bool)
        for cell, ok in enumerate(self.robots.pattern):
            if ok is not None:
                mask &= np.isin(boards[:, cell], sorted(ok))
        return mask

    def no_table_reason(self) -> Phrase:
        return Phrase(N_("{title} has more than {limit:,} positions in reach of its start, or takes too long to "
                         "sweep, for a table; single positions are solved by search instead."),
                      title=Phrase(self.puzzle.title), limit=self.limit)
