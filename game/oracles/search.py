"""Answers by a plain optimal search: breadth-first from both ends for puzzles whose moves can
be undone, forward breadth-first for one-way puzzles, IDA* where the puzzle has a heuristic."""
from __future__ import annotations

import time
from typing import Sequence

from solvers.limits import Limits
from solvers.problem import Counted, OutOfTime, TooManyStates
from solvers.search import SEARCH_MEMORY, SEARCH_SECONDS, bfs, bidirectional_bfs, ida_star

from game.common.i18n import N_
from game.oracles.base import QUIET, Answer, Line, Oracle, Recipe, Report, Ticker, TooLarge, first_winnable
from game.common.phrase import Phrase
from game.rules.puzzle import Puzzle


class SearchOracle(Oracle):
    """Nothing to prepare; every answer is a search."""

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None, algorithm: str | None = None) -> None:
        super().__init__(puzzle, recipe)
        both_ends = puzzle.reversible and bool(puzzle.goal_states)   # a goal given as a pattern: search forward
        self.algorithm = algorithm or ("bidirectional-bfs" if both_ends else "bfs")
        if self.algorithm == "ida*" and puzzle.heuristic is None:
            raise ValueError(f"{puzzle.title} has no heuristic for IDA*.")

    def terminal_limits(self, seconds: float | None, memory: int | None) -> Limits:
        """A plain search's own bounds unless the player gave others."""
        return Limits(SEARCH_SECONDS if seconds is None else seconds, SEARCH_MEMORY if memory is None else memory)

    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        line = self.search(state, report)
        return Answer(line) if line is not None else first_winnable(self, earlier, report)

    def search(self, state: bytes, report: Report) -> Line | None:
        started = time.perf_counter()
        counted = Counted(self.puzzle)
        ticker = Ticker(report, lambda: counted.expanded)
        seconds: float | None = SEARCH_SECONDS
        memory: int | None = SEARCH_MEMORY
        if self.limits is not None:
            seconds, memory = self.limits.seconds, self.limits.memory
        try:
            if self.algorithm == "ida*":
                assert self.puzzle.heuristic is not None
                path = ida_star(counted, state, self.puzzle.heuristic, ticker)
            elif self.algorithm == "bidirectional-bfs":
                path = bidirectional_bfs(counted, state, ticker, memory=memory, seconds=seconds)
            else:
                path = bfs(counted, state, ticker, memory=memory, seconds=seconds)
        except OutOfTime as late:
            raise TooLarge(Phrase(N_("A search from this position of {title} looked at {nodes:,} positions in {seconds} "
                                     "seconds without reaching the goal, longer than this game allows; a complete "
                                     "table is the way for a puzzle this large."), title=Phrase(self.puzzle.title),
                                  nodes=late.nodes, seconds=f"{late.seconds:g}")) from None
        except TooManyStates as too_many:
            raise TooLarge(Phrase(N_("A search from this position of {title} would have to hold more than {states:,} "
                                     "positions, more than this game allows; a complete table is the way for a "
                                     "puzzle this large."),
                                  title=Phrase(self.puzzle.title), states=too_many.limit)) from None
        if path is None:
            return None
        line = Line.of(path, started, self.algorithm)
        return Line(line.moves, line.states, counted.expanded, line.seconds, line.algorithm)

