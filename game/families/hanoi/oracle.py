"""The Tower of Hanoi's table: every position's distance to the goal, swept in rank space
(:mod:`game.families.hanoi.sweep`), two bytes a position, cached like any table (its bytes
little-endian) and checked against the moves whenever it is loaded: every entry of a small one, the
goal and a sample drawn anew of a large one."""
from __future__ import annotations

import hashlib
from typing import Sequence

import numpy as np

from solvers import cache
from solvers.entries import Batch
from solvers.ranking import DigitRanker
from solvers.sweep import OverBudget
from solvers.tables import FULL_CHECK, TABLE_VERSION, DistanceTable, after_delay, checked_ranks, load_or_build, table_key

from game.families.hanoi.rules import HanoiPuzzle
from game.families.hanoi.sweep import UNSET, RankMoves, distances, holds
from game.oracles.base import QUIET, Build, Recipe, Report
from game.oracles.table import CHEAP_POSITIONS, TableOracle, TablePayload, table_memory
from game.rules.puzzle import Puzzle

__all__ = ["HanoiOracle"]

STORED = np.dtype("<u2")      # the cache's bytes: little-endian on every machine
# A sweep's peak beside its table, per position and per way a disc may go from one peg to another (the widest
# layers and their moves): 2.0 to 4.1 bytes measured (tracemalloc: 4 pegs and 10 discs, 5 and 8, 6 and 8, 7 and 7,
# 9 and 6), counted 6; and a floor for the small ones.
BYTES_PER_MOVE = 6
WORKING = 32 << 20
WHOLE_CHECK = FULL_CHECK      # positions of a table checked whole when it is loaded (1 to 2 µs each), as any table's


class HanoiOracle(TableOracle):
    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None) -> None:
        assert isinstance(puzzle, HanoiPuzzle) and isinstance(puzzle.ranker, DigitRanker)
        super().__init__(puzzle, recipe)
        self.hanoi = puzzle
        self.digits: DigitRanker = puzzle.ranker
        goal = self.digits.rank_state(puzzle.goals()[0])
        assert goal is not None
        self.goal = goal
        self._moves: RankMoves | None = None

    def layout(self) -> tuple[DigitRanker, str, str]:
        """The rank space and the cache's name: the pegs, the discs and the goal say everything the table
        depends on (its rules follow from the first two), so they are its fingerprint."""
        if self._layout is None:
            facts = f"hanoi, two bytes|{self.hanoi.pegs}|{self.hanoi.discs}|{self.goal}|{self.digits.describe()}"
            digest = hashlib.sha256(facts.encode()).hexdigest()[:16]
            self._layout = (self.digits, table_key(self.puzzle.name, digest), digest)
        return self.digits, self._layout[1], self._layout[2]

    def memory_needed(self) -> int:
        """The table (two bytes a position) and the sweep's layers with their moves (see BYTES_PER_MOVE)."""
        if self._memory is None:
            size, pegs = self.digits.size, self.hanoi.pegs
            self._memory = 2 * size + BYTES_PER_MOVE * size * pegs * (pegs - 1) + WORKING
        return self._memory

    def cheap(self) -> bool:
        return self.digits.size <= CHEAP_POSITIONS and self._over_budget is None and \
            self.memory_needed() <= table_memory()

    def payload(self, build: Build, report: Report = QUIET) -> TablePayload | None:
        _ranker, key, digest = self.layout()
        allowed = build is Build.ALWAYS or (build is Build.FOR_ANSWERS and self.cheap())
        progress = after_delay(report.progress)

        def make() -> np.ndarray:
            if not allowed:
                raise _NotCached
            budget = table_memory()
            if self.memory_needed() > budget:
                raise OverBudget(self.memory_needed(), budget, estimated=True)
            table = distances(self.hanoi.pegs, self.hanoi.discs, self.goal, progress, report.cancelled)
            return table.astype(STORED).view(np.uint8)

        try:
            array = load_or_build(key, make, TABLE_VERSION, progress, size=2 * self.digits.size,
                                  meta={"fingerprint": digest}, validate=self._matches)
        except _NotCached:
            return None
        except OverBudget as over:
            self._over(over, build)
            return None
        table = array.view(STORED).astype(np.uint16)
        counts = np.bincount(table[table != UNSET])
        return TablePayload(table, None, tuple(int(c) for c in counts), tuple(cache.take_notices()))

    def _matches(self, array: np.ndarray) -> bool:
        """A table, cached (its bytes) or in memory, is this puzzle's (:func:`game.families.hanoi.sweep.holds`):
        its goal whole, and every entry up to WHOLE_CHECK positions, else a sample drawn anew."""
        if array.dtype == np.uint16:   # a table in memory (the cache holds its bytes)
            table = array
        elif array.dtype == np.uint8 and len(array) == 2 * self.digits.size:
            table = array.view(STORED).astype(np.uint16)
        else:
            return False
        ranks = checked_ranks(len(table), WHOLE_CHECK)
        return holds(table, self.hanoi.pegs, self.hanoi.discs, self.goal, ranks)

    def batch_of(self, table: DistanceTable) -> Batch | None:
        """Many entries checked at once in rank space (0 at the goal, else one more than the best neighbour's)."""
        if self._moves is None:
            self._moves = RankMoves(self.hanoi.pegs, self.hanoi.discs)
        moves = self._moves

        def hold(states: Sequence[bytes]) -> bool | None:
            ranks = [table.rank(state) for state in states]
            if None in ranks:
                return None
            chosen = np.array(ranks, dtype=np.int64)
            best = moves.best_neighbour(table.table, chosen).astype(np.int64)
            want = np.where(chosen == self.goal, 0, np.minimum(best + 1, UNSET))
            return bool(np.array_equal(table.table[chosen].astype(np.int64), want))

        return hold

    def checks_every_entry(self) -> bool:
        return self.digits.size <= WHOLE_CHECK

    def count_reachable(self, limit: int) -> int | None:
        """Every position reaches every other, which the table shows: the positions it reaches, once it is
        built (up to ``limit`` positions) or cached."""
        self.prepare(Build.ALWAYS if self.digits.size <= limit else Build.NEVER)
        counts = self.counts()
        return sum(counts) if counts is not None else None


class _NotCached(Exception):
    """Not in the cache, and not to be built now."""
