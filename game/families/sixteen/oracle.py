"""Which oracle answers a Sixteen grid: a table of every arrangement where they are few enough (3x3: 362,880
ranks, half of them in reach), else the search of :mod:`game.families.sixteen.search` over a pattern table
built for the grid (3x4: about 3 s and 3 MB, 4x4: half a minute and 17 MB, once: cached on disk and, when
read back, checked against the moves on a sample drawn anew)."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from solvers import cache
from solvers.limits import Watch
from solvers.problem import path_along
from solvers.tables import load_or_build

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.sixteen.rules import AxisBound, SixteenPuzzle, reachable_count
from game.families.sixteen.search import UNSET, Bound, Grid, block, pattern_table, solve
from game.oracles.base import QUIET, Answer, Build, Line, Oracle, Recipe, Report
from game.oracles.limits import StoppedAtLimit, progress_words, window_limits
from game.oracles.table import TableOracle
from game.rules.puzzle import Puzzle

__all__ = ["SixteenSearchOracle", "sixteen_oracle"]

PATTERN_VERSION = 1
SAMPLE = 4096     # entries of a cached pattern table checked against the moves when it is read


def sixteen_oracle(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """A table where the puzzle ranks its arrangements (few enough), else the search."""
    if puzzle.ranker is not None:
        return TableOracle(puzzle, recipe)
    return SixteenSearchOracle(puzzle, recipe)


@dataclass(frozen=True)
class PatternPayload:
    table: np.ndarray
    notices: tuple[str, ...] = ()


class SixteenSearchOracle(Oracle):
    build_inline = False   # a 4x4 grid's table takes half a minute: never inside one call

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None) -> None:
        assert isinstance(puzzle, SixteenPuzzle)
        super().__init__(puzzle, recipe)
        self.sixteen = puzzle
        self.grid = Grid.of(puzzle.width, puzzle.height)
        self.cells = block(self.grid)
        self._table: np.ndarray | None = None
        self._bound: Bound | None = None

    # -- the pattern table ---------------------------------------------------------------------------

    def ready(self) -> bool:
        return self._table is not None

    def _key(self) -> str:
        return f"sixteen-pattern-{self.grid.width}x{self.grid.height}-{'.'.join(map(str, self.cells))}"

    def payload(self, build: Build, report: Report = QUIET) -> PatternPayload | None:
        size = (self.grid.width * self.grid.height) ** len(self.cells)
        meta = {"cells": ",".join(map(str, self.cells))}
        if build is Build.NEVER:
            found = cache.load_array(self._key(), PATTERN_VERSION, meta=meta, dtype=np.dtype(np.uint8), shape=(size,))
            if found is None or not self._holds(found):
                return None
            return PatternPayload(found, tuple(cache.take_notices()))
        report.progress(None, Phrase(N_("preparing the pattern tables")))
        table = load_or_build(self._key(), lambda: pattern_table(self.grid, self.cells, report.cancelled),
                              PATTERN_VERSION, size=size, meta=meta, validate=self._holds)
        return PatternPayload(table, tuple(cache.take_notices()))

    def _holds(self, table: np.ndarray) -> bool:
        """Whether ``table`` is the pattern table: 0 at the block's own cells alone, and on a sample drawn anew,
        every set entry one more than its nearest neighbour's (the moves undo one another)."""
        grid, n, k = self.grid, self.grid.width * self.grid.height, len(self.cells)
        powers = n ** np.arange(k, dtype=np.int64)
        home = int(np.dot(np.asarray(self.cells, dtype=np.int64), powers))
        if table[home] != 0 or int(np.count_nonzero(table == 0)) != 1:
            return False
        rng = np.random.default_rng()
        sample = rng.integers(0, len(table), SAMPLE)
        sample = sample[(table[sample] != UNSET) & (sample != home)]
        digits = (sample[:, None] // powers) % n
        nearest = np.full(len(sample), UNSET, dtype=np.int64)
        for gather in grid.gathers:
            to = np.empty(n, dtype=np.int64)
            to[np.asarray(gather)] = np.arange(n)
            nearest = np.minimum(nearest, table[to[digits] @ powers])
        return bool(np.array_equal(table[sample].astype(np.int64), nearest + 1))

    def install(self, payload: object) -> None:
        assert isinstance(payload, PatternPayload)
        self.notices = payload.notices
        self._table = payload.table
        self._bound = None

    def bound(self) -> Bound:
        """The search's lower bound: the pattern table's where it is in, else the axes' alone."""
        if self._bound is None:
            puzzle = self.sixteen
            assert isinstance(puzzle.heuristic, AxisBound)
            self._bound = Bound(self.grid, puzzle.goal_states[0], self._table, self.cells, puzzle.heuristic)
        return self._bound

    # -- answers -----------------------------------------------------------------------------------

    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        """The shortest line, proven; where a limit stops the search first, the best line found, not proven,
        with the moves every line needs; no line found by then: said in one sentence."""
        if not self.ready():
            self.prepare(Build.FOR_ANSWERS, report)
        started = time.perf_counter()
        watch = Watch(self.limits or window_limits(), report.cancelled,
                      lambda status: report.progress(None, progress_words(status, watch.lower_bound)))
        bound = self.bound()
        found = solve(self.grid, state, self.sixteen.goal_states[0], bound, watch)
        if found.states is None:
            if found.stopped is not None:
                raise StoppedAtLimit(self.puzzle.title, found.stopped)
            return Answer(None)
        path = path_along(self.puzzle, list(found.states), found.nodes)
        length = len(path.moves)
        name = f"ida* (pattern table of {len(self.cells)} tiles, {len(bound.lookups)} places, axes)"
        return Answer(Line(tuple(path.moves), tuple(path.states), found.nodes, time.perf_counter() - started,
                           name if found.proven else f"greedy, then {name}", found.proven,
                           found.at_least if not found.proven else length,
                           length / max(1, found.at_least) if not found.proven else 1.0))

    def no_table_reason(self) -> Phrase:
        return Phrase(N_("{title} has too many positions to sweep (about {positions:.3g}); solve single positions "
                         "instead."), title=Phrase(self.puzzle.title),
                      positions=float(reachable_count(self.grid.width, self.grid.height, self.puzzle.start)))
