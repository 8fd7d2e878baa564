"""The sliding blocks' oracles: a table of every position where the rules allow the fast rank-space sweep
(one goal position, free pieces that all move alike, as in Goat); else a table over the start's component
swept by the compiled engine (:mod:`game.families.blocks.solve`), as large as the player's memory allows,
hints and marks lookups as with any table; a puzzle whose positions take more than one word is answered
by the engine's searches alone. Without numba, the numpy tables and plain searches of before answer.
"""
from __future__ import annotations

import hashlib
import time
from typing import Callable

import numpy as np

from solvers import compiled
from solvers.components import TooManyPositions, component_table
from solvers.frontier import TooDeep
from solvers.limits import LimitReached, Limits, Status, Watch
from solvers.ranking import SlotRanker
from solvers.sweep import Progress
from solvers.tables import fingerprint

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.oracles.base import Line, Oracle, Recipe, Report
from game.oracles.component import CHEAP, CHEAP_SECONDS, TABLE_LIMIT, ComponentOracle
from game.oracles.limits import StoppedAtLimit, progress_words, window_limits
from game.oracles.search import SearchOracle
from game.oracles.table import MAX_SLOTS, MIN_ARRANGEMENTS, TableOracle
from game.rules.puzzle import Puzzle
from game.families.blocks.rules import BlocksPuzzle
from game.families.blocks.solve import EngineKeys, Solver

__all__ = ["TABLE_LIMIT", "ComponentTableOracle", "EngineSearchOracle", "blocks_oracle"]

ENGINE_CHEAP = 300_000     # positions an answer may table on the spot with the engine (a second or two)
SMALL = 100_000            # a component this small is swept with numpy (a second): no compiler started for it


def _engine_line(oracle: Oracle, solver: Solver, state: bytes, report: Report) -> Line | None:
    """A shortest line by the engine, within the oracle's limits (the window's where none were given)."""
    solver.engine(state).warm()   # before the clock starts
    started = time.perf_counter()
    watch = Watch(oracle.limits or window_limits(), report.cancelled, _reporter(report, lambda: watch.lower_bound))
    try:
        states = solver.line(state, watch)
    except LimitReached as reached:
        raise StoppedAtLimit(oracle.puzzle.title, reached) from None
    if states is None:
        return None
    return Line(tuple(solver.moves(states)), tuple(states), watch.status.positions, time.perf_counter() - started,
                solver.algorithm)


def _reporter(report: Report, bound: Callable[[], int]) -> Callable[[Status], None]:
    return lambda status: report.progress(None, progress_words(status, bound()))


class ComponentTableOracle(ComponentOracle):
    """A table of the start's component: swept by the compiled engine and keyed by its packed words where
    numba is installed and a position fits one word, else by placement keys and numpy sweeps."""

    def __init__(self, puzzle: BlocksPuzzle, recipe: Recipe | None = None, solver: Solver | None = None) -> None:
        self.blocks = puzzle
        self.solver = solver if solver is not None else (Solver(puzzle) if compiled.available() else None)
        if self.solver is not None and self.solver.engine().words == 1:
            super().__init__(puzzle, recipe, EngineKeys(self.solver.engine()), self._fingerprint("engine"))  # type: ignore[arg-type]
        else:
            self.solver = None
            super().__init__(puzzle, recipe, puzzle.keys(), self._fingerprint("component"))

    def _fingerprint(self, how: str) -> str:
        """Rules, start, goal, move count, the kinds of pieces and (engine keys) their cells: what the table
        depends on."""
        puzzle = self.blocks
        goal = [None if ok is None else sorted(ok) for ok in puzzle.goal_pattern]
        kinds = [(k.shape, k.codes, k.count) for k in puzzle.layout.kinds]
        extra = ""
        if self.solver is not None:
            engine = self.solver.engine()
            layout = np.concatenate([engine.anchor_cell.ravel(), engine.kind_n, engine.f_bits, engine.f_shift])
            extra = hashlib.sha256(layout.astype("<i8").tobytes() + repr(sorted(self.solver.barred.items()))
                                   .encode()).hexdigest()[:16]
        return fingerprint(puzzle.rules, None, [puzzle.start], f"{how}|{puzzle.count.key}|{goal}|{kinds}|{extra}")

    @property
    def limit(self) -> int:   # type: ignore[override]
        """Positions a table may have: the engine's are bounded by the memory limit as they are swept."""
        return TABLE_LIMIT if self.solver is None else 1 << 50

    def sweep(self, limit: int, answering: bool, report: Report,
              progress: Progress | None) -> tuple[np.ndarray, np.ndarray]:
        if self.solver is None:
            return self._numpy_sweep(self._keys, limit, answering, report, progress)
        small = self._small_sweep(limit, answering, report, progress)
        if small is not None:
            return small
        limits = self.limits or window_limits()
        if answering:   # an answer's quick attempt: within the player's limits too
            seconds = CHEAP_SECONDS if limits.seconds is None else min(CHEAP_SECONDS, limits.seconds)
            limits = Limits(seconds, limits.memory, ENGINE_CHEAP)
        self.solver.engine().warm()   # before the clock starts
        watch = Watch(limits, report.cancelled, None if progress is None else
                      (lambda status: progress(0.5 if status.what == "distances" else 0.0,
                                               progress_words(status, 0))))
        try:
            return self.solver.table(watch)
        except LimitReached as reached:
            if answering or reached.which == "positions":
                raise TooManyPositions(str(reached)) from None
            raise StoppedAtLimit(self.puzzle.title, reached, table=True) from None
        except TooDeep as deep:
            raise TooManyPositions(str(deep)) from None

    def _small_sweep(self, limit: int, answering: bool, report: Report,
                     progress: Progress | None) -> tuple[np.ndarray, np.ndarray] | None:
        """A small component swept with numpy, its keys made the engine's (a process that tables only small
        puzzles never starts numba's compiler); None past SMALL positions, or where placements cannot key
        the puzzle."""
        try:
            placements = self.blocks.keys()
            keys, table = self._numpy_sweep(placements, min(limit, SMALL), answering, report, progress)
        except TooManyPositions:
            if limit <= SMALL:
                raise
            return None
        ours = self._keys.encode(placements.decode(keys))
        order = np.argsort(ours)
        return ours[order], table[order]

    def _numpy_sweep(self, keys: object, limit: int, answering: bool, report: Report,
                     progress: Progress | None) -> tuple[np.ndarray, np.ndarray]:
        try:
            return component_table(self.puzzle.start, self.blocks.goal_mask, self.blocks.expand, keys,  # type: ignore[arg-type]
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

    def _matches(self, array: np.ndarray) -> bool:
        """As every component table's check, and first: every key one the engine can unpack."""
        if self.solver is not None:
            from game.oracles.component import KEY_BYTES, unpack
            if len(array) % (KEY_BYTES + 1):
                return False
            keys, _table = unpack(array)
            if not self.solver.engine().valid_keys(keys[:, None]).all():
                return False
        return super()._matches(array)

    def terminal_limits(self, seconds: float | None, memory: int | None) -> Limits:
        if self.solver is None:
            return super().terminal_limits(seconds, memory)
        return Limits.terminal(seconds, memory)

    def successors_of(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The rules' own successors (numpy): a loaded table is checked against them, not the engine that
        swept it, and loading never starts numba's compiler."""
        return self.blocks.successors_of(boards)

    def goal_mask(self, boards: np.ndarray) -> np.ndarray:
        return self.blocks.goal_mask(boards)

    def search(self, state: bytes, report: Report) -> Line | None:
        if self.solver is None:
            return super().search(state, report)
        return _engine_line(self, self.solver, state, report)

    def no_table_reason(self) -> Phrase:
        if self.solver is None:
            return super().no_table_reason()
        return Phrase(N_("{title} has positions farther than 254 moves from its goal, too far for a table; single "
                         "positions are solved by search instead."), title=Phrase(self.puzzle.title))


class _TooSlow(Exception):
    """An answer's attempt at a table took longer than CHEAP_SECONDS."""


class EngineSearchOracle(SearchOracle):
    """A puzzle whose positions take more than one word: no table, every answer a search by the engine."""

    def __init__(self, puzzle: BlocksPuzzle, recipe: Recipe | None = None, solver: Solver | None = None) -> None:
        super().__init__(puzzle, recipe)
        self.solver = solver if solver is not None else Solver(puzzle)

    def terminal_limits(self, seconds: float | None, memory: int | None) -> Limits:
        return Limits.terminal(seconds, memory)

    def search(self, state: bytes, report: Report) -> Line | None:
        return _engine_line(self, self.solver, state, report)

    def no_table_reason(self) -> Phrase:
        return Phrase(N_("{title} has too many pieces and cells to key its positions for a table; single positions "
                         "are solved by search instead."), title=Phrase(self.puzzle.title))


def blocks_oracle(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """The fast rank-space table where the rules allow it (one goal position, free pieces that all
    move alike, as in Goat), else a table over the start's component (the engine's, as large as memory
    allows); a puzzle whose positions cannot be keyed for a table is answered by search alone."""
    assert isinstance(puzzle, BlocksPuzzle)
    if puzzle.goal_states and puzzle.moves_are_rules and puzzle.ranker is not None:
        slots = SlotRanker.for_rules(puzzle.rules, [*puzzle.goal_states, puzzle.start], max_slots=MAX_SLOTS)
        if slots is not None and slots.arrangements.size >= MIN_ARRANGEMENTS:
            return TableOracle(puzzle, recipe)
    if compiled.available():
        solver = Solver(puzzle)
        if solver.engine().words == 1:
            return ComponentTableOracle(puzzle, recipe, solver)
        return EngineSearchOracle(puzzle, recipe, solver)
    try:
        return ComponentTableOracle(puzzle, recipe)
    except TooManyPositions:
        return SearchOracle(puzzle, recipe)
