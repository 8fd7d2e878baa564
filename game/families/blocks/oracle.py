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

from solvers import cache
from solvers.components import ComponentRanker, TooManyPositions, component_table
from solvers.sweep import UNREACHED, Analysis, PositionSet, analyse
from solvers.tables import (CHECK_CHUNK, TABLE_VERSION, DistanceTable, after_delay, checked_ranks, fingerprint,
                            fewest, load_or_build, steps_hold, table_key)

from solvers.ranking import SlotRanker

from game.common.i18n import N_
from game.oracles.base import QUIET, Build, Oracle, Recipe, Report, TooLarge
from game.oracles.search import SearchOracle
from game.oracles.table import MAX_SLOTS, MIN_ARRANGEMENTS, TableOracle, TablePayload, _Loaded
from game.common.phrase import Phrase
from game.rules.puzzle import Puzzle
from game.families.blocks.rules import BlocksPuzzle

TABLE_LIMIT = 5_000_000     # positions: a table of more is not built (searches answer instead)
CHEAP = 1_000_000           # positions an answer may build a table for on the spot: a few seconds, faster
                            # than the plain search it saves ...
CHEAP_SECONDS = 10.0        # ... and how long it may try on a slow machine before it leaves the answer to a search
KEY_BYTES = 8


def _pack(keys: np.ndarray, table: np.ndarray) -> np.ndarray:
    """One byte array for the cache: the keys (little-endian int64), then the distances."""
    return np.concatenate([keys.astype("<i8").view(np.uint8), table])


def _unpack(array: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = len(array) // (KEY_BYTES + 1)
    keys = array[:n * KEY_BYTES].view("<i8").astype(np.int64)
    return keys, array[n * KEY_BYTES:]


class ComponentTableOracle(TableOracle):
    def __init__(self, puzzle: BlocksPuzzle, recipe: Recipe | None = None) -> None:
        super().__init__(puzzle, recipe)
        self.blocks = puzzle
        self._keys = puzzle.keys()
        self._digest = self._fingerprint()
        self._not_cheap = False   # an answer found the component too large or slow to table: search from now on

    def _fingerprint(self) -> str:
        """Rules, start, goal, move count and the kinds of pieces: what the table depends on."""
        puzzle = self.blocks
        goal = [None if ok is None else sorted(ok) for ok in puzzle.goal_pattern]
        kinds = [(k.shape, k.codes, k.count) for k in puzzle.layout.kinds]
        return fingerprint(puzzle.rules, None, [puzzle.start], f"component|{puzzle.count.key}|{goal}|{kinds}")

    def layout(self) -> tuple[ComponentRanker | None, str, str]:   # type: ignore[override]
        """The ranker comes with the table here: None until it is loaded."""
        loaded = self._loaded
        ranker = loaded.table.ranker if loaded is not None else None
        assert ranker is None or isinstance(ranker, ComponentRanker)
        return ranker, table_key(self.puzzle.name, self._digest), self._digest

    def payload(self, build: Build, report: Report = QUIET) -> TablePayload | None:
        _, key, digest = self.layout()
        progress = after_delay(report.progress)

        def make() -> np.ndarray:
            if build is Build.NEVER or (build is Build.FOR_ANSWERS and self._not_cheap):
                raise _NotCached
            limit = TABLE_LIMIT if build is Build.ALWAYS else CHEAP
            try:
                keys, table = component_table(self.puzzle.start, self.blocks.goal_mask, self.blocks.expand,
                                              self._keys, limit=limit, cancel=self._cancel(build, report),
                                              progress=progress, explore=self.blocks.explore)
            except (TooManyPositions, _TooSlow):
                if build is Build.ALWAYS:
                    raise TooLarge(self.no_table_reason()) from None
                self._not_cheap = True
                raise _NotCached from None
            return _pack(keys, table)

        try:
            array = load_or_build(key, make, TABLE_VERSION, progress, meta={"fingerprint": digest},
                                  validate=self._matches)
        except _NotCached:
            return None
        keys, table = _unpack(array)
        counts = np.bincount(table[table != UNREACHED], minlength=1) if len(table) else np.zeros(1, np.int64)
        return TablePayload(array, None, tuple(int(c) for c in counts), tuple(cache.take_notices()))

    @staticmethod
    def _cancel(build: Build, report: Report) -> Callable[[], bool]:
        """The report's cancel; for an answer's attempt, also _TooSlow past CHEAP_SECONDS."""
        if build is not Build.FOR_ANSWERS:
            return report.cancelled
        deadline = time.monotonic() + CHEAP_SECONDS

        def cancelled() -> bool:
            if time.monotonic() > deadline:
                raise _TooSlow
            return report.cancelled()

        return cancelled

    def install(self, payload: object) -> None:
        assert isinstance(payload, TablePayload)
        keys, table = _unpack(payload.table)
        self.notices = payload.notices
        self._analysis = None
        self._loaded = _Loaded(DistanceTable(table.copy(), ComponentRanker(self._keys, keys)), None, payload.counts)

    def _matches(self, array: np.ndarray) -> bool:
        """A loaded table is this puzzle's: keys sorted and whole, the start among them, 0 at goals
        only (every entry), and each other entry one more than its best successor, every successor
        in the component (the entries :func:`solvers.tables.checked_ranks` picks)."""
        if len(array) % (KEY_BYTES + 1):
            return False
        keys, table = _unpack(array)
        if len(keys) == 0 or np.any(np.diff(keys) <= 0) or keys[0] < 0 or keys[-1] >= self._keys.size:
            return False
        ranker = ComponentRanker(self._keys, keys)
        if ranker.rank_state(self.puzzle.start) is None:
            return False
        zeros = np.flatnonzero(table == 0)
        if not all(self.blocks.goal_mask(ranker.unrank(zeros[at:at + CHECK_CHUNK])).all()
                   for at in range(0, len(zeros), CHECK_CHUNK)):
            return False
        ranks = checked_ranks(len(keys))
        for at in range(0, len(ranks), CHECK_CHUNK):
            chunk = ranks[at:at + CHECK_CHUNK]
            boards = ranker.unrank(chunk)
            rows, children = self.blocks.successors_of(boards)
            child_keys = self._keys.encode(children)
            found = np.minimum(np.searchsorted(keys, child_keys), len(keys) - 1)
            if not (keys[found] == child_keys).all():
                return False   # a successor outside the component: these are not its keys
            if not steps_hold(table[chunk], self.blocks.goal_mask(boards), fewest(len(chunk), rows, table[found])):
                return False
        return True

    def _figures(self, loaded: _Loaded, report: Report) -> Analysis:
        """The component is exactly what the start reaches: every entry of the table counts."""
        table = loaded.table
        return analyse(table.table, PositionSet.full(len(table.table)), table.ranker, 50)

    def count_reachable(self, limit: int) -> int | None:
        """The component's size, when its table is here or in the cache."""
        self.prepare(Build.NEVER)
        loaded = self._loaded
        return len(loaded.table.table) if loaded is not None else None

    def no_table_reason(self) -> Phrase:
        return Phrase(N_("{title} has more than {limit:,} positions in reach of its start, too many for a table; "
                         "single positions are solved by search instead."), title=Phrase(self.puzzle.title),
                      limit=TABLE_LIMIT)


class _NotCached(Exception):
    """Not in the cache, and not to be built now."""


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
