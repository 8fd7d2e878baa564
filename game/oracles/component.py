"""Tables over the start's component: one distance byte per position the start can reach, for puzzles
whose whole rank space is too sparse or too large to sweep (sliding blocks, Sokoban), hints and marks
lookups as with any table.

The cached file holds the component's sorted position keys (:class:`solvers.components.PlacementKeys`)
and a distance byte for each, the puzzle's fingerprint in its checksummed header. How the component is
swept, what a position's successors are and which positions are goals is the family's to say (a
subclass); loading, checking against the rules, the figures and the limits are shared here. A component
larger than the table limit, or slower to sweep than an answer may wait, is answered by search instead.
"""
from __future__ import annotations

from abc import abstractmethod
from typing import Callable

import numpy as np

from solvers import cache
from solvers.components import ComponentRanker, PlacementKeys, TooManyPositions
from solvers.entries import Batch, in_component
from solvers.sweep import UNREACHED, Analysis, PositionSet, Progress, analyse
from solvers.tables import (CHECK_CHUNK, TABLE_VERSION, DistanceTable, after_delay, checked_ranks, fewest,
                            load_or_build, steps_hold, table_key)

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.oracles.base import QUIET, Build, Recipe, Report, TooLarge
from game.oracles.table import TableOracle, TablePayload, _Loaded
from game.rules.puzzle import Puzzle

__all__ = ["CHEAP", "CHEAP_SECONDS", "ComponentOracle", "KEY_BYTES", "TABLE_LIMIT", "pack", "unpack"]

TABLE_LIMIT = 5_000_000     # positions: a table of more is not built (searches answer instead)
CHEAP = 1_000_000           # positions an answer may build a table for on the spot: a few seconds, faster
                            # than the plain search it saves ...
CHEAP_SECONDS = 10.0        # ... and how long it may try on a slow machine before it leaves the answer to a search
KEY_BYTES = 8
OUTSIDE = -2                # the entry a check reads for a position outside the component: below any true one


def pack(keys: np.ndarray, table: np.ndarray) -> np.ndarray:
    """One byte array for the cache: the keys (little-endian int64), then the distances."""
    return np.concatenate([keys.astype("<i8").view(np.uint8), table])


def unpack(array: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = len(array) // (KEY_BYTES + 1)
    keys = array[:n * KEY_BYTES].view("<i8").astype(np.int64)
    return keys, array[n * KEY_BYTES:]


class ComponentOracle(TableOracle):
    """A table of the start's component. Subclasses sweep it (:meth:`sweep`) and say what a position's
    successors are and which are goals, for checking a table loaded from the cache."""

    limit = TABLE_LIMIT

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None, keys: PlacementKeys, digest: str) -> None:
        super().__init__(puzzle, recipe)
        self._keys = keys
        self._digest = digest
        self._not_cheap = False   # an answer found the component too large or slow to table: search from now on

    # -- what the family says ------------------------------------------------------------------------

    @abstractmethod
    def sweep(self, limit: int, answering: bool, report: Report,
              progress: Progress | None) -> tuple[np.ndarray, np.ndarray]:
        """(sorted keys of the component, distance of each, UNREACHED for none); TooManyPositions past
        ``limit`` positions, or (``answering``: for an answer, which must not wait long) past
        CHEAP_SECONDS."""

    @abstractmethod
    def successors_of(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row of ``boards``, successor) of every move from every row."""

    @abstractmethod
    def goal_mask(self, boards: np.ndarray) -> np.ndarray:
        """Which rows of ``boards`` are goals."""

    def ranker_for(self, keys: np.ndarray) -> ComponentRanker:
        """The ranker of a table of these sorted keys."""
        return ComponentRanker(self._keys, keys)

    def table_start(self) -> bytes:
        """The start as the table keys it."""
        return self.puzzle.start

    # -- the table -----------------------------------------------------------------------------------

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
            answering = build is Build.FOR_ANSWERS
            try:
                keys, table = self.sweep(CHEAP if answering else self.limit, answering, report, progress)
            except TooManyPositions:
                if build is Build.ALWAYS:
                    raise TooLarge(self.no_table_reason()) from None
                self._not_cheap = True
                raise _NotCached from None
            return pack(keys, table)

        try:
            array = load_or_build(key, make, TABLE_VERSION, progress, meta={"fingerprint": digest},
                                  validate=self._matches)
        except _NotCached:
            return None
        _keys, table = unpack(array)
        counts = np.bincount(table[table != UNREACHED], minlength=1) if len(table) else np.zeros(1, np.int64)
        return TablePayload(array, None, tuple(int(c) for c in counts), tuple(cache.take_notices()))

    def install(self, payload: object) -> None:
        assert isinstance(payload, TablePayload)
        keys, table = unpack(payload.table)
        self.take_notices(payload.notices)
        self._analysis = None
        self._loaded = _Loaded(DistanceTable(table.copy(), self.ranker_for(keys)), None, payload.counts)

    def _matches(self, array: np.ndarray) -> bool:
        """A loaded table is this puzzle's: keys sorted and whole, the start among them, 0 at goals
        only (every entry), and each other entry one more than its best successor, every successor
        in the component (the entries :func:`solvers.tables.checked_ranks` picks)."""
        if len(array) % (KEY_BYTES + 1):
            return False
        keys, table = unpack(array)
        if len(keys) == 0 or np.any(np.diff(keys) <= 0) or keys[0] < 0 or keys[-1] >= self._keys.size:
            return False
        ranker = ComponentRanker(self._keys, keys)
        if ranker.rank_state(self.table_start()) is None:
            return False
        zeros = np.flatnonzero(table == 0)
        if not all(self.goal_mask(ranker.unrank(zeros[at:at + CHECK_CHUNK])).all()
                   for at in range(0, len(zeros), CHECK_CHUNK)):
            return False
        ranks = checked_ranks(len(keys))
        for at in range(0, len(ranks), CHECK_CHUNK):
            chunk = ranks[at:at + CHECK_CHUNK]
            boards = ranker.unrank(chunk)
            rows, children = self.successors_of(boards)
            child_keys = self._keys.encode(children)
            found = np.minimum(np.searchsorted(keys, child_keys), len(keys) - 1)
            if not (keys[found] == child_keys).all():
                return False   # a successor outside the component: these are not its keys
            if not steps_hold(table[chunk], self.goal_mask(boards), fewest(len(chunk), rows, table[found])):
                return False
        return True

    def entry_of(self, table: DistanceTable) -> Callable[[bytes], int | None]:
        """Every successor of a position of the component is in it: one outside has an entry no equation
        can meet (the keys are not the component's), where a table of every rank would say "no way"."""
        def entry(state: bytes) -> int | None:
            return table.distance(state) if table.rank(state) is not None else OUTSIDE
        return entry

    def batch_of(self, table: DistanceTable) -> Batch | None:
        """Many entries checked at once, as :meth:`_matches` checks them."""
        return in_component(table, self._keys, self.successors_of, self.goal_mask)

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
                      limit=self.limit)


class _NotCached(Exception):
    """Not in the cache, and not to be built now."""
