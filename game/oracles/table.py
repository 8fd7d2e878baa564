"""Complete distance tables: every position of a small puzzle solved once, every hint a lookup.

The table is one byte per position (see :mod:`solvers.sweep`), indexed by a perfect rank:
a slot rank when the rules allow the fast rank-space sweep (8-puzzle, Goat), else the
puzzle's own. It is cached on disk with the puzzle's fingerprint in its checksummed header
and checked against the rules whenever it is loaded. Until it is ready, answers come from a search.
"""
from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import numpy as np

from solvers import cache
from solvers.entries import Batch, Entries, by_rules
from solvers.problem import Cancel
from solvers.ranking import Ranker, SlotRanker
from solvers.rules import RuleMatrix
from solvers.sweep import (UNREACHED, Analysis, OverBudget, PositionSet, Progress, analyse, distance_counts,
                           distance_table, ranks_at, reachable_mask, sweep_bytes)
from solvers.tables import (FULL_CHECK, RANK_SPACE_CHECK, TABLE_VERSION, DistanceTable, after_delay, consistent,
                            fingerprint, load_or_build, table_key)

from game.common.background import Service
from game.common.i18n import N_
from game.oracles.base import QUIET, Answer, Build, Line, Oracle, OracleStatus, Recipe, Report, TooLarge, Verdict
from game.oracles.search import SearchOracle
from game.common.phrase import Phrase
from game.rules.puzzle import Move, Puzzle

# answering builds tables of at most this many positions on the fly: a few seconds at most (knights 4x4's
# 900,900: 1.5 s), where a search bounded to SEARCH_SECONDS might not finish (knights 4x4: 31 s)
CHEAP_POSITIONS = 2_000_000
# ... and a one-way puzzle's table up to this many ranks (about ten seconds at worst): its search
# runs forward only, through every dead end, and could take minutes and gigabytes instead
TABLE_LIMIT = 100_000_000
MIN_ARRANGEMENTS = 1_000          # below this the rank-space sweep spends its time in Python loops
MAX_SLOTS = 256
# The memory a table's build may take. 1 GiB: an eighth of a modest 8 GB desktop, so the game never pushes the
# computer into swapping for a nicety (searches still answer), and four times the largest library table's peak
# (the frog square: about 220 MB). The variable gives another figure, in MiB.
MEMORY_VARIABLE = "FEWEST_MOVES_TABLE_MEMORY"
DEFAULT_TABLE_MEMORY = 1 << 30


def table_memory() -> int:
    """Bytes a table's build may take: FEWEST_MOVES_TABLE_MEMORY (MiB, a whole number) or 1 GiB."""
    text = os.environ.get(MEMORY_VARIABLE, "").strip()
    if text.isascii() and text.isdigit() and 0 < int(text) < 1 << 40:
        return int(text) << 20
    return DEFAULT_TABLE_MEMORY


def memory_text(count: int) -> str:
    """Bytes for people: '45.3 GiB', '512 MiB'."""
    if count >= 1 << 30:
        return f"{count / (1 << 30):,.1f}".removesuffix(".0") + " GiB"
    return f"{max(1, count >> 20):,} MiB"
_VERDICTS = {"closer": Verdict.CLOSER, "farther": Verdict.FARTHER, "same": Verdict.SAME,
             "dead end": Verdict.DEAD_END}


@dataclass(frozen=True)
class TablePayload:
    """What preparing brings back (from this process or a worker): plain arrays and counts."""

    table: np.ndarray
    reachable: PositionSet | None    # one-way puzzles: solvable positions the start reaches (None: every solvable one)
    counts: tuple[int, ...]          # reachable positions at distance 0, 1, 2, ...
    notices: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Loaded:
    """Installed as one object, so a reader in another thread never sees half of it."""

    table: DistanceTable
    reachable: PositionSet | None
    counts: tuple[int, ...]


class _NotCached(Exception):
    """The table is not in the cache and may not be built now."""


class Forged(Exception):
    """An entry of the table does not hold (:mod:`solvers.entries`): the table is not the puzzle's,
    whatever its checks on loading said."""


class TableOracle(SearchOracle):
    exact = True
    whole_space = True    # the table holds every rank of its ranker (False: a set of positions it found)

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None) -> None:
        super().__init__(puzzle, recipe)
        self._layout: tuple[Ranker, str, str] | None = None
        self._loaded: _Loaded | None = None
        self._analysis: tuple[Analysis, float] | None = None
        self._whole_reach: PositionSet | None = None
        self._memory: int | None = None             # bytes its build needs, estimated once
        self._over_budget: Phrase | None = None     # why a build went past the memory allowed (then: searches)
        self._entries: tuple[DistanceTable, Entries] | None = None   # the loaded table's entries, as checked
        self._matrix: RuleMatrix | None = None      # the rules as arrays, for checking many entries at once
        self._restart: Service | None = None        # where to prepare again a table dropped as forged
        self.dropped = 0                            # tables dropped because an entry did not hold

    # -- the table's rank space and cache name ------------------------------------------------

    def layout(self) -> tuple[Ranker, str, str]:
        """(ranker, cache key, fingerprint): a slot ranker where the fast sweep applies."""
        if self._layout is None:
            puzzle = self.puzzle
            if puzzle.ranker is None:
                raise TooLarge(Phrase(N_("{title} has no ranks for its positions, so it cannot have a table."),
                                      title=Phrase(puzzle.title)))
            ranker: Ranker = puzzle.ranker
            slots = SlotRanker.for_rules(puzzle.rules, [*puzzle.goals(), puzzle.start], max_slots=MAX_SLOTS)
            if slots is not None and slots.arrangements.size >= MIN_ARRANGEMENTS:
                ranker = slots
            digest = fingerprint(puzzle.rules, ranker, puzzle.goals())
            self._layout = (ranker, table_key(puzzle.name, digest), digest)
        return self._layout

    def cheap(self) -> bool:
        ranker = self.layout()[0]
        small = ranker.size <= (CHEAP_POSITIONS if self.puzzle.reversible else TABLE_LIMIT)
        return small and self._over_budget is None and self.memory_needed() <= table_memory()

    def _needs_reach(self) -> bool:
        """Whether the start's reach is swept beside the table (see ``_reachable``)."""
        return not (self.puzzle.reversible and len(self.puzzle.goals()) == 1)

    def memory_needed(self) -> int:
        """The estimated peak memory of building the table (and the start's reach beside it)."""
        if self._memory is None:
            self._memory = sweep_bytes(self.puzzle.rules, self.layout()[0], self._needs_reach())
        return self._memory

    def _too_much_memory(self, over: OverBudget) -> Phrase:
        if over.estimated:
            return Phrase(N_("A table of every position of {title} would need about {needed} of memory, more than the "
                             "{allowed} this game allows (FEWEST_MOVES_TABLE_MEMORY); single positions are solved by "
                             "search instead."), title=Phrase(self.puzzle.title), needed=memory_text(over.needed),
                          allowed=memory_text(over.budget))
        return Phrase(N_("A table of every position of {title} grew past the {allowed} of memory this game allows "
                         "(FEWEST_MOVES_TABLE_MEMORY); single positions are solved by search instead."),
                      title=Phrase(self.puzzle.title), allowed=memory_text(over.budget))

    def _over(self, over: OverBudget, build: Build) -> None:
        """A build past the memory allowed: one sentence where the whole table was asked for (analyze, the
        window's preparation), else nothing built, and answers come from searches from now on."""
        self._over_budget = self._too_much_memory(over)
        if build is Build.ALWAYS:
            raise TooLarge(self._over_budget) from None

    # -- preparing ----------------------------------------------------------------------------

    def ready(self) -> bool:
        return self._loaded is not None

    def payload(self, build: Build, report: Report = QUIET) -> TablePayload | None:
        ranker, key, digest = self.layout()
        allowed = build is Build.ALWAYS or (build is Build.FOR_ANSWERS and self.cheap())
        progress = after_delay(report.progress)
        budget = table_memory()

        def make() -> np.ndarray:
            if not allowed:
                raise _NotCached
            return self.sweep_table(ranker, progress, report.cancelled, budget)

        try:
            array = load_or_build(key, make, TABLE_VERSION, progress, size=ranker.size,
                                  meta={"fingerprint": digest}, validate=self._matches)
            table = DistanceTable(array, ranker)
            reachable = self._reachable(table, report.cancelled, budget)
        except _NotCached:
            return None
        except OverBudget as over:
            self._over(over, build)
            return None
        counts = distance_counts(array, reachable)[:UNREACHED]
        nonzero = np.flatnonzero(counts)
        top = int(nonzero[-1]) if len(nonzero) else 0
        return TablePayload(array, reachable, tuple(int(c) for c in counts[:top + 1]), tuple(cache.take_notices()))

    def sweep_table(self, ranker: Ranker, progress: Progress | None, cancel: Cancel, budget: int | None) -> np.ndarray:
        """The table, swept: every position's distance by a backward sweep over the rules (a family whose
        move is not one rule, such as peg solitaire's chain of jumps, sweeps its own way)."""
        return distance_table(self.puzzle.rules, ranker, self.puzzle.goals(), progress=progress, cancel=cancel,
                              budget=budget, reach=self._needs_reach())

    def install(self, payload: object) -> None:
        assert isinstance(payload, TablePayload)
        ranker = self.layout()[0]
        self.take_notices(payload.notices)
        self._analysis = None
        self._loaded = _Loaded(DistanceTable(payload.table, ranker), payload.reachable, payload.counts)

    def take_notices(self, notices: Iterable[str]) -> None:
        """Add what preparing found worth saying to what is said (each sentence once)."""
        self.notices = tuple(dict.fromkeys((*self.notices, *notices)))

    def _reachable(self, table: DistanceTable, cancel: Cancel | None, budget: int | None) -> PositionSet | None:
        """The solvable positions the start reaches (what deals and counts need); None when
        that is every solvable position (moves can be undone, the start can win and there is
        one goal). Only
        solvable positions are swept: every position on a way to one of them is solvable too,
        so a one-way puzzle whose reach is mostly dead ends costs no more than its live part."""
        puzzle = self.puzzle
        start = table.rank(puzzle.start)
        one_goal = len(puzzle.goals()) == 1   # several goals may lie apart, out of each other's reach
        if puzzle.reversible and one_goal and start is not None and table.table[start] != UNREACHED:
            return None
        return reachable_mask(puzzle.rules, table.ranker, puzzle.start, within=table.table, cancel=cancel,
                              budget=None if budget is None else budget - table.table.nbytes)

    def _matches(self, array: np.ndarray) -> bool:
        """A loaded table is this puzzle's (see :func:`solvers.tables.consistent`): a table of another
        puzzle, or one rewritten with a valid checksum, fails and is built again."""
        return consistent(array, self.layout()[0], self.puzzle.rules, self.puzzle.goals())

    def checks_every_entry(self) -> bool:
        """Whether loading checks every entry of the table against the rules (else its goals and a sample)."""
        ranker = self.layout()[0]
        return ranker.size <= (RANK_SPACE_CHECK if isinstance(ranker, SlotRanker) else FULL_CHECK)

    # -- instant answers ----------------------------------------------------------------------

    @property
    def table(self) -> DistanceTable | None:
        loaded = self._loaded
        return loaded.table if loaded is not None else None

    @property
    def reachable(self) -> PositionSet | None:
        loaded = self._loaded
        return loaded.reachable if loaded is not None else None

    # -- every entry used is checked first (solvers.entries) ---------------------------------------

    def table_successors(self, state: bytes) -> Iterable[bytes]:
        """The positions one move of the table's count away (what its entries follow from)."""
        return (after for _move, after in self.puzzle.successors(state))

    def entries(self, table: DistanceTable) -> Entries:
        """The entries of ``table`` as they are checked where they are used, made once per table."""
        made = self._entries
        if made is None or made[0] is not table:
            made = self._entries = (table, Entries(self.entry_of(table), self.table_successors, self.puzzle.is_goal,
                                                   self.batch_of(table)))
        return made[1]

    def entry_of(self, table: DistanceTable) -> Callable[[bytes], int | None]:
        """A position's entry as its successors' checks read it (None: no way to the goal)."""
        return table.distance

    def batch_of(self, table: DistanceTable) -> Batch | None:
        """Many entries checked at once, as the load's check does (None: one by one, by
        :meth:`table_successors`)."""
        if table.table.dtype != np.uint8:
            return None
        if self._matrix is None:
            self._matrix = RuleMatrix(self.puzzle.rules.rules, self.puzzle.rules.ncells)
        return by_rules(table, self._matrix, self.puzzle.is_goal)

    def holding(self, states: Iterable[bytes]) -> DistanceTable | None:
        """The table, once the entries of ``states`` hold; None when there is no table, or when one does not
        hold: that table is then dropped (:meth:`drop`)."""
        table = self.table
        if table is None:
            return None
        if self.entries(table).all_hold(states):
            return table
        self.drop(table)
        return None

    def cache_names(self) -> tuple[str, ...]:
        """The cache files the table is read from."""
        return (self.layout()[1],)

    def drop(self, table: DistanceTable) -> None:
        """A table an entry of which does not hold is not this puzzle's: it is forgotten and its file
        discarded (said in one sentence), and it is built again: by the next answer, or in the background
        where it was prepared there (the next time :meth:`status` is asked)."""
        loaded = self._loaded
        if loaded is None or loaded.table is not table:
            return   # dropped already, or another table is in now
        self._loaded = None
        self._analysis = None
        self._entries = None
        self.dropped += 1
        for name in self.cache_names():
            cache.discard(name)
            cache.note_rebuilt(name)
        self.take_notices(cache.take_notices())
        preparation, self._preparation = self._preparation, None   # its payload is the dropped table
        if preparation is not None:
            self._restart = preparation.service

    def status(self) -> OracleStatus:
        restart = self._restart
        if restart is not None:
            self._restart = None
            if not self.ready():
                self.start_preparing(restart)
        return super().status()

    # -- instant answers ----------------------------------------------------------------------

    def distance(self, state: bytes) -> int | None:
        table = self.table
        if table is None or table.rank(state) is None:
            return table.distance(state) if table is not None else super().distance(state)
        checked = self.holding([state])
        return checked.distance(state) if checked is not None else super().distance(state)

    def dead_end(self, state: bytes) -> bool:
        table = self.table
        if table is None or table.rank(state) is None or table.distance(state) is not None:
            return False
        return self.holding([state]) is not None

    def covers(self, state: bytes) -> bool:
        table = self.table
        return table is not None and table.rank(state) is not None

    def verdicts(self, state: bytes) -> list[tuple[Move, Verdict]] | None:
        table = self.marked(state)
        if table is None:
            return None
        return [(move, _VERDICTS[v]) for move, v in table.classify(self.puzzle, state)]

    def marked(self, state: bytes) -> DistanceTable | None:
        """The table, once the entries the marks of ``state`` compare hold: the position's and each
        successor's (None where the table does not hold the position, or an entry does not hold)."""
        table = self.table
        if table is None or table.rank(state) is None:
            return None
        return self.holding([state, *(after for _move, after in self.puzzle.successors(state))])

    def max_distance(self) -> int | None:
        loaded = self._loaded
        return len(loaded.counts) - 1 if loaded is not None else None

    def counts(self) -> tuple[int, ...] | None:
        loaded = self._loaded
        return loaded.counts if loaded is not None else None

    def position_at(self, distance: int, rng: random.Random) -> bytes | None:
        return self.position_picked(distance, rng.randrange)

    def position_picked(self, distance: int, pick: Callable[[int], int]) -> bytes | None:
        """The position ``pick(n)`` chooses among the n the start reaches at ``distance`` (in the table's
        rank order, the same on every machine), or None where there is none (or its entry does not hold)."""
        loaded = self._loaded
        if loaded is None or distance < 1:
            return None
        ranks = ranks_at(loaded.table.table, distance)
        if loaded.reachable is not None:
            ranks = ranks[loaded.reachable.has(ranks)]
        if not len(ranks):
            return None
        rank = int(ranks[pick(len(ranks))])
        position = bytes(loaded.table.ranker.unrank(np.array([rank], dtype=np.int64))[0])
        return position if self.holding([position]) is not None else None

    def random_position(self, rng: random.Random) -> bytes | None:
        """Uniform over every solvable position the start reaches: a distance drawn in proportion to
        how many positions lie at it, then one of those."""
        loaded = self._loaded
        if loaded is None or sum(loaded.counts[1:]) == 0:
            return None
        pick = rng.randrange(sum(loaded.counts[1:]))
        for distance, count in enumerate(loaded.counts[1:], start=1):
            if pick < count:
                return self.position_at(distance, rng)
            pick -= count
        return None

    def instant_answer(self, state: bytes, earlier: Sequence[bytes] = ()) -> Answer | None:
        """The table's answer, every entry it rests on checked: None where the table does not hold the
        position, or where an entry does not hold (the table is then dropped, to be built again)."""
        table = self.table
        if table is None or table.rank(state) is None:   # not in the table: a search must answer
            return None
        try:
            line = self._walk(table, state)
            if line is not None:
                return Answer(line)
            for index, before in enumerate(earlier):
                found = self._walk(table, before) if table.rank(before) is not None else None
                if found is not None:
                    return Answer(None, index, found)
        except Forged:
            self.drop(table)
            return None
        return Answer(None)

    def _walk(self, table: DistanceTable, state: bytes) -> Line | None:
        """A shortest line down the table, or None from a dead end; Forged where an entry it rests on does
        not hold (the position's, and every one on the line: :meth:`solvers.entries.Entries.line_holds`)."""
        started = time.perf_counter()
        entries = self.entries(table)
        if not entries.holds(state):
            raise Forged
        try:
            walked = table.path(self.puzzle, state)
        except ValueError:   # no way downhill: the table does not fit the puzzle, whatever its checks said
            raise Forged from None
        if walked is None:
            return None
        moves, states = walked
        if not entries.line_holds(states):
            raise Forged
        return Line(tuple(moves), tuple(states), len(moves) + 1, time.perf_counter() - started, "table")

    # -- searching ----------------------------------------------------------------------------

    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        """A table walk when the table is here, in the cache, or cheap to build; else a search. A table
        found not to hold is built again (as it is allowed) and answers."""
        got = self.answer_at_once(state, earlier, report)
        return got if got is not None else super().answer(state, earlier, report)

    def answer_at_once(self, state: bytes, earlier: Sequence[bytes], report: Report) -> Answer | None:
        """The table's answer, the table loaded or built first as answers may, and built again once if
        an entry it rests on does not hold; None where the table cannot answer."""
        self.prepare(Build.FOR_ANSWERS, report)
        dropped = self.dropped
        got = self.instant_answer(state, earlier)
        if got is None and self.dropped != dropped:
            self.prepare(Build.FOR_ANSWERS, report)
            got = self.instant_answer(state, earlier)
        return got

    def analysis(self, report: Report = QUIET) -> tuple[Analysis, float]:
        """Figures of the whole space, counted once per table."""
        if self._analysis is not None:
            return self._analysis
        started = time.perf_counter()
        for _attempt in range(2):   # a table whose start or hardest positions do not hold is built again, once
            if not self.prepare(Build.ALWAYS, report):
                raise TooLarge(self.no_table_reason())
            loaded = self._loaded
            assert loaded is not None
            figures = self._figures(loaded, report)
            start = [self.puzzle.start] if loaded.table.rank(self.puzzle.start) is not None else []
            if self.holding([*start, *figures.hardest]) is not None:
                break
        self._analysis = (figures, time.perf_counter() - started)
        return self._analysis

    def _figures(self, loaded: _Loaded, report: Report) -> Analysis:
        table = loaded.table
        order = self.puzzle.ranker if table.ranker is not self.puzzle.ranker else None
        try:
            reach = None if loaded.reachable is None else self._whole_reach_of(table, report.cancelled)
        except OverBudget as over:
            raise TooLarge(self._too_much_memory(over)) from None
        return analyse(table.table, reach, table.ranker, 50, order=order)

    def _whole_reach_of(self, table: DistanceTable, cancel: Cancel | None) -> PositionSet:
        """Every position the start reaches, dead ends included: for the analysis only."""
        if self._whole_reach is None:
            self._whole_reach = reachable_mask(self.puzzle.rules, table.ranker, self.puzzle.start, cancel=cancel,
                                               budget=table_memory() - table.table.nbytes)
        return self._whole_reach

    def count_reachable(self, limit: int) -> int | None:
        """Positions the start reaches: by a quick sweep of the puzzle's own ranks up to ``limit``,
        else from a cached table when it says (None when neither can tell at once)."""
        ranker = self.puzzle.ranker
        if ranker is not None and ranker.size <= limit:
            return reachable_mask(self.puzzle.rules, ranker, self.puzzle.start).count()
        self.prepare(Build.NEVER)
        loaded = self._loaded
        return sum(loaded.counts) if loaded is not None and loaded.reachable is None else None


def table_or_search(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """A table where the rank space is small enough, else plain searches: the oracle of a family that says
    no other."""
    if puzzle.ranker is not None and puzzle.ranker.size <= TABLE_LIMIT:
        return TableOracle(puzzle, recipe)
    return SearchOracle(puzzle, recipe)
