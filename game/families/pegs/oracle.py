"""How a peg puzzle is answered, by the size of its board.

- A small board (up to DENSE_HOLES holes): one byte for every set of pegs, the table swept fewest
  pegs first (:func:`sweeps.dense_table`), by jumps or by chains; every position, edited ones too,
  is a lookup.
- A larger board whose sweep from both ends stays small (the English board): the table holds the
  positions the start reaches that can still win, in their least symmetric form, with their distances
  (:func:`sweeps.solvable_set`). A position of the game is solvable exactly when it is in it; a jump out
  of it is a dead end, exactly, and so is any position one jump from it that is not in it.
- Anything else (the French board, whose layers run to tens of millions): depth-first searches, with
  the positions of few pegs that can still win swept once from the goal (:func:`sweeps.floor_set`) so
  that a search never wanders deep into a dead end. Every line counted by jumps is shortest (each jump
  takes one peg: every finished game from a position has as many); by chains nothing is proven, and
  the game says so rather than show a line it cannot call shortest.
"""
from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np

from solvers import cache
from solvers.ranking import BitmaskRanker, Ranker
from solvers.entries import Batch
from solvers.search import SEARCH_SECONDS
from solvers.sweep import UNREACHED, Analysis, PositionSet, Progress, analyse
from solvers.tables import (TABLE_VERSION, DistanceTable, after_delay, fingerprint, load_or_build, table_key)

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.pegs import kernels, sweeps
from game.families.pegs.geometry import Geometry
from game.families.pegs.rules import Chain, PegsPuzzle
from game.families.pegs.search import Outcome, PegSearch, SearchTimeout
from game.oracles.base import QUIET, Answer, Build, Line, Oracle, Recipe, Report, TooLarge, Verdict, first_winnable
from game.oracles.search import SearchOracle
from game.oracles.table import Forged, TableOracle, TablePayload, _Loaded, table_memory
from game.rules.puzzle import Move, Puzzle

__all__ = ["DENSE_HOLES", "PegsSearchOracle", "PegsSetOracle", "PegsTableOracle", "pegs_oracle"]

DENSE_HOLES = 24               # a byte for every set of pegs: 16 MiB at most
SET_POSITIONS = 20_000_000     # positions the sweeps of a table of the solvable positions may hold, forecast
CHECKED = 4_000                # entries of a loaded table checked against their neighbours, drawn at random
VERDICT = {"closer": Verdict.CLOSER, "farther": Verdict.FARTHER, "same": Verdict.SAME, "dead end": Verdict.DEAD_END}
NO_CHAINS = N_("Counted by chains, no shortest solution of {title} is known to this game: it has too many positions "
               "to sweep, and a search cannot tell that a line of chains is shortest. Counted by jumps (K), every "
               "solution is shortest, and hints and solutions are given.")


def problem_of(puzzle: PegsPuzzle) -> sweeps.Problem:
    return sweeps.Problem(puzzle.geometry, Geometry.mask_of(puzzle.start), puzzle.pattern)


def pegs_oracle(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """The table a board can have, else searches (see the module's docstring)."""
    assert isinstance(puzzle, PegsPuzzle)
    if not puzzle.geometry.fits:
        return SearchOracle(puzzle, recipe)
    if puzzle.geometry.holes <= DENSE_HOLES:
        return PegsTableOracle(puzzle, recipe)
    if sweeps.forecast(problem_of(puzzle)) <= SET_POSITIONS:
        return PegsSetOracle(puzzle, recipe)
    return PegsSearchOracle(puzzle, recipe)


# -- what the tables share ------------------------------------------------------------------------

def chain_verdicts(puzzle: PegsPuzzle, table: DistanceTable, state: bytes) -> list[tuple[Move, Verdict]]:
    """Under the chain count, each single jump with what it does: the peg may jump on in the same move,
    so a jump is as good as the best chain it begins (closer: it begins a shortest one)."""
    here = table.distance(state)
    out: list[tuple[Move, Verdict]] = []
    for move, after in puzzle.successors(state):
        if not isinstance(move, Chain) or move.via:
            continue
        reach = [d for d in [table.distance(after)] + [table.distance(end) for _m, end in
                                                        puzzle._chains_from(after, move.dst)] if d is not None]
        if not reach:
            out.append((move, Verdict.DEAD_END))
        elif here is None:
            out.append((move, Verdict.FARTHER))
        else:
            best = min(reach)
            out.append((move, Verdict.CLOSER if best < here else Verdict.SAME if best == here else Verdict.FARTHER))
    return out


def _check_sample(puzzle: PegsPuzzle, problem: sweeps.Problem, masks: np.ndarray, claimed: np.ndarray,
                  slots: np.ndarray, index: np.ndarray, bits: np.ndarray, values: np.ndarray, dense: bool) -> bool:
    """Whether the claimed distances of ``masks`` follow from their neighbours' (0 at a goal only)."""
    geometry = problem.geometry
    need, land, to, starts = geometry.jump_arrays
    perms = problem.symmetry() if not dense else (tuple(range(geometry.holes)),)
    wrong = kernels.check_values(masks.astype(np.uint64), claimed, slots, index, bits, values, dense, problem.goal_array(),
                                 puzzle.chains, need, land, to, starts, geometry.tables(perms), geometry.flips(perms),
                                 geometry.holes)
    return int(wrong) == 0


# -- small boards: every set of pegs ----------------------------------------------------------------

class PegsTableOracle(TableOracle):
    """A byte for every set of pegs of a small board (its rank is the set as bits)."""

    def __init__(self, puzzle: PegsPuzzle, recipe: Recipe | None = None) -> None:
        super().__init__(puzzle, recipe)
        self.pegs = puzzle
        self.problem = problem_of(puzzle)

    def layout(self) -> tuple[Ranker, str, str]:
        if self._layout is None:
            puzzle = self.pegs
            ranker = BitmaskRanker(puzzle.geometry.holes)
            digest = fingerprint(puzzle.rules, ranker, (), f"pegs|{puzzle.count.key}|{puzzle.pattern}")
            self._layout = (ranker, table_key(puzzle.name, digest), digest)
        return self._layout

    def batch_of(self, table: DistanceTable) -> Batch | None:
        return None   # a move may be a chain of jumps, no rule: each entry is checked by its successors

    def memory_needed(self) -> int:
        size = self.layout()[0].size
        return size + 4 * ((size + 7) // 8) + (32 << 20)   # the table, the start's reach swept beside it

    def sweep_table(self, ranker: Ranker, progress: Progress | None, cancel: Callable[[], bool],
                    budget: int | None) -> np.ndarray:
        return sweeps.dense_table(self.problem, self.pegs.chains, progress=progress, cancel=cancel)

    def _matches(self, array: np.ndarray) -> bool:
        """Entries drawn at random (and every goal's) follow from their neighbours."""
        rng = np.random.default_rng()
        masks = np.unique(np.concatenate([rng.integers(0, len(array), CHECKED),
                                          np.flatnonzero(array == 0)[:CHECKED]])).astype(np.uint64)
        empty = np.zeros(1, dtype=np.uint64)
        return _check_sample(self.pegs, self.problem, masks, array[masks.astype(np.int64)], empty,
                             np.zeros(1, dtype=np.int64), empty, array, True)

    def verdicts(self, state: bytes) -> list[tuple[Move, Verdict]] | None:
        if not self.pegs.chains:
            return super().verdicts(state)
        table = self.marked(state)   # counted by chains, a jump's verdict is the best chain's it begins: a successor
        return chain_verdicts(self.pegs, table, state) if table is not None else None


# -- larger boards: the solvable positions the start reaches ------------------------------------------

class SetRanker:
    """Ranks the positions of a sorted array of least forms (under ``perms``): a position's rank is where its
    least form stands, and positions outside the set have none."""

    def __init__(self, geometry: Geometry, perms: Sequence[Sequence[int]], keys: np.ndarray) -> None:
        self.geometry = geometry
        self.perms = tuple(tuple(p) for p in perms)
        self.tables = geometry.tables(self.perms)
        self.keys = keys
        self.size = len(keys)
        self._bits = np.left_shift(np.uint64(1), np.arange(geometry.holes, dtype=np.uint64))

    def masks(self, boards: np.ndarray) -> np.ndarray:
        return (np.asarray(boards, dtype=np.uint64) * self._bits).sum(axis=1, dtype=np.uint64)

    def rank(self, boards: np.ndarray) -> np.ndarray:
        least = sweeps.canonical(self.masks(boards), self.tables)
        at = np.minimum(np.searchsorted(self.keys, least), max(0, self.size - 1))
        if self.size == 0 or not (self.keys[at] == least).all():
            raise ValueError("a position outside the table")
        return at.astype(np.int64)

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        masks = self.keys[np.asarray(ranks, dtype=np.int64)]
        return ((masks[:, None] >> np.arange(self.geometry.holes, dtype=np.uint64)) & np.uint64(1)).astype(np.uint8)

    def rank_state(self, state: bytes) -> int | None:
        if len(state) != self.geometry.holes or self.size == 0:
            return None
        least = np.uint64(self.geometry.canonical(Geometry.mask_of(state), self.perms))
        at = int(np.searchsorted(self.keys, least))
        return at if at < self.size and self.keys[at] == least else None


def _pack(keys: np.ndarray, values: np.ndarray) -> np.ndarray:
    return np.concatenate([keys.astype("<u8").view(np.uint8), values])


def _unpack(array: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = len(array) // 9
    return array[:n * 8].view("<u8").astype(np.uint64), array[n * 8:]


class _NotCached(Exception):
    """Not in the cache, and not to be built now."""


class PegsSetOracle(TableOracle):
    """The positions the start reaches that can still win, each once per symmetric family, with their
    distances; outside them, a search (and a jump out of them is a dead end, exactly)."""

    whole_space = False

    def __init__(self, puzzle: PegsPuzzle, recipe: Recipe | None = None) -> None:
        super().__init__(puzzle, recipe)
        self.pegs = puzzle
        self.problem = problem_of(puzzle)
        self.perms = self.problem.symmetry()
        self._digest = fingerprint(puzzle.rules, None, [puzzle.start],
                                   f"pegs-set|{puzzle.pattern}|{self.perms}")
        self._search: PegSearch | None = None

    def layout(self) -> tuple[Ranker, str, str]:
        loaded = self._loaded
        ranker = loaded.table.ranker if loaded is not None else None
        return ranker, table_key(self.puzzle.name, self._digest), self._digest   # type: ignore[return-value]

    def cheap(self) -> bool:
        """Answers build the table, by either count: counted by chains it is the only way to a shortest
        line; counted by jumps it is what tells at once, from any position, which jumps can still win (a
        search may take seconds to prove a dead end). Both counts share its positions: built once."""
        return self._over_budget is None

    def batch_of(self, table: DistanceTable) -> Batch | None:
        return None   # positions outside the set have no rank: each entry is checked by its successors

    def cache_names(self) -> tuple[str, ...]:
        """The positions' file and their distances' file (one for each count)."""
        return f"pegs-solvable-{self._digest}", table_key(self.puzzle.name, f"{self._digest}-{self.pegs.count.key}")

    def drop(self, table: DistanceTable) -> None:
        super().drop(table)
        if self.table is None:
            self._search = None   # its searches end on the table's positions

    def payload(self, build: Build, report: Report = QUIET) -> TablePayload | None:
        allowed = build is Build.ALWAYS or (build is Build.FOR_ANSWERS and self.cheap())
        progress = after_delay(report.progress)
        name, key = self.cache_names()

        def make_keys() -> np.ndarray:
            if not allowed:
                raise _NotCached
            keys = sweeps.solvable_set(self.problem, budget=table_memory(), progress=progress,
                                       cancel=report.cancelled)
            return keys.astype("<u8").view(np.uint8)

        try:
            packed = load_or_build(name, make_keys, TABLE_VERSION, progress, meta={"fingerprint": self._digest},
                                   validate=self._keys_hold)
            keys = packed.view("<u8").astype(np.uint64)

            def make_values() -> np.ndarray:
                if not allowed:
                    raise _NotCached
                return sweeps.values_over(self.problem, keys, self.pegs.chains, progress=progress,
                                          cancel=report.cancelled)

            values = load_or_build(key, make_values, TABLE_VERSION, progress, size=len(keys),
                                   meta={"fingerprint": self._digest}, validate=lambda v: self._values_hold(keys, v))
        except _NotCached:
            return None
        except sweeps.SweepTooLarge as over:
            self._over_budget = Phrase(N_("A table of the positions of {title} that can still win would need more than "
                                          "the {allowed} of memory this game allows; single positions are solved by "
                                          "search instead."), title=Phrase(self.puzzle.title),
                                       allowed=f"{over.budget >> 20:,} MiB")
            if build is Build.ALWAYS:
                raise TooLarge(self._over_budget) from None
            return None
        counts = np.bincount(values, minlength=1)
        return TablePayload(_pack(keys, values), None, tuple(int(c) for c in counts[:UNREACHED]),
                            tuple(cache.take_notices()))

    def install(self, payload: object) -> None:
        assert isinstance(payload, TablePayload)
        keys, values = _unpack(payload.table)
        self.take_notices(payload.notices)
        self._analysis = None
        self._search = None   # the next search may end on the table's positions
        ranker = SetRanker(self.pegs.geometry, self.perms, keys)
        self._loaded = _Loaded(DistanceTable(values.copy(), ranker), None, payload.counts)

    def _keys_hold(self, packed: np.ndarray) -> bool:
        """A loaded set is sorted least forms, the start's among them where the start can win."""
        if len(packed) % 8:
            return False
        keys = packed.view("<u8").astype(np.uint64)
        if len(keys) and (np.any(np.diff(keys) == 0) or np.any(keys[1:] < keys[:-1])):
            return False
        least = sweeps.canonical(keys[:CHECKED], self.pegs.geometry.tables(self.perms))
        return bool(np.array_equal(least, keys[:CHECKED]))

    def _values_hold(self, keys: np.ndarray, values: np.ndarray) -> bool:
        """Entries drawn at random follow from their neighbours', none unsolvable."""
        if len(values) != len(keys) or (values == UNREACHED).any():
            return False
        if not len(keys):
            return True
        rng = np.random.default_rng()
        chosen = np.unique(rng.integers(0, len(keys), CHECKED))
        slots, index = sweeps.hash_set(keys)
        return _check_sample(self.pegs, self.problem, keys[chosen], values[chosen], slots, index,
                             sweeps.bit_filter(keys), values, False)

    # -- answers -----------------------------------------------------------------------------------------

    def dead_end(self, state: bytes) -> bool:
        """Outside the table, one jump from a position in it: the start reaches it, and it cannot win."""
        table = self.table
        if table is None or table.rank(state) is not None or self.puzzle.is_goal(state):
            return False
        mask = Geometry.mask_of(state)
        return any(table.ranker.rank_state(self.pegs.geometry.state_of(before)) is not None
                   for _jump, before in self.pegs.geometry.parents(mask)) and self.holding([state]) is not None

    def covers(self, state: bytes) -> bool:
        return super().covers(state) or self.dead_end(state)

    def verdicts(self, state: bytes) -> list[tuple[Move, Verdict]] | None:
        if not self.pegs.chains:
            return super().verdicts(state)
        table = self.marked(state)
        return chain_verdicts(self.pegs, table, state) if table is not None else None

    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        got = self.answer_at_once(state, earlier, report)
        if got is not None:
            return got
        if self.dead_end(state):
            return first_winnable(self, earlier, report)
        return searched(self, self.pegs, state, earlier, report)

    def _figures(self, loaded: _Loaded, report: Report) -> Analysis:
        """The solvable positions by distance (each once per symmetric family; the dead ends are not kept)."""
        table = loaded.table
        return analyse(table.table, PositionSet.full(len(table.table)), table.ranker, 50).solvable_only()

    def count_reachable(self, limit: int) -> int | None:
        return None

    def no_table_reason(self) -> Phrase:
        return self._over_budget or super().no_table_reason()


# -- anything else: searches ------------------------------------------------------------------------------

class PegsSearchOracle(Oracle):
    """Depth-first searches that end where a sweep from the goal has solved the positions of few pegs."""

    def __init__(self, puzzle: PegsPuzzle, recipe: Recipe | None = None) -> None:
        super().__init__(puzzle, recipe)
        self.pegs = puzzle
        self.problem = problem_of(puzzle)
        self._search: PegSearch | None = None

    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        return searched(self, self.pegs, state, earlier, report)

    def no_table_reason(self) -> Phrase:
        return Phrase(N_("{title} has too many positions to sweep (tens of millions with half its pegs left): single "
                         "positions are solved by search."), title=Phrase(self.puzzle.title))


def searched(oracle: PegsSetOracle | PegsSearchOracle, puzzle: PegsPuzzle, state: bytes, earlier: Sequence[bytes],
             report: Report) -> Answer:
    """A line from ``state`` by a depth-first search (to the goal, or to a position of the table, whose walk
    ends it). Counted by jumps every line is shortest; counted by chains only a table proves one."""
    if puzzle.chains:
        raise TooLarge(Phrase(NO_CHAINS, title=Phrase(puzzle.title)))
    search = _search_of(oracle, puzzle)
    table = oracle.table if isinstance(oracle, PegsSetOracle) else None
    started, nodes = time.perf_counter(), 0
    moves: list[Move] = []
    states = [state]
    while not puzzle.is_goal(states[-1]):
        if table is not None and table.rank(states[-1]) is not None:
            assert isinstance(oracle, PegsSetOracle)
            try:
                walked = oracle._walk(table, states[-1])
            except Forged:   # an entry the walk rests on does not hold: the table goes, and the search starts again
                oracle.drop(table)
                return searched(oracle, puzzle, state, earlier, report)
            assert walked is not None
            moves += walked.moves
            states += walked.states[1:]
            break
        found = _run(search, puzzle, states[-1], report)
        nodes += found.nodes
        if found.jumps is None:
            if len(states) > 1:   # a solvable position whose line the search could not find: never so
                raise TooLarge(Phrase(NO_CHAINS, title=Phrase(puzzle.title)))
            return first_winnable(oracle, earlier, report)
        more, reached = _played(puzzle, states[-1], found.jumps)
        moves += more
        states += reached[1:]
    return Answer(Line(tuple(moves), tuple(states), nodes, time.perf_counter() - started, "depth-first"))


def _run(search: PegSearch, puzzle: PegsPuzzle, state: bytes, report: Report) -> Outcome:
    """One search from ``state``: to the goal, or to a position known to win (then another goes on)."""
    try:
        return search.run(Geometry.mask_of(state), report.cancelled, SEARCH_SECONDS,
                          lambda nodes: report.progress(None, Phrase(N_("{what}… {nodes:,} nodes"),
                                                                     what=Phrase(N_("searching")), nodes=nodes)))
    except SearchTimeout as late:
        raise TooLarge(Phrase(N_("A search from this position of {title} looked at {nodes:,} positions in {seconds} "
                                 "seconds without deciding, longer than this game allows."),
                              title=Phrase(puzzle.title), nodes=late.nodes, seconds=f"{late.seconds:.0f}")) from None


def _search_of(oracle: PegsSetOracle | PegsSearchOracle, puzzle: PegsPuzzle) -> PegSearch:
    """The oracle's search, made once: what it learns of dead positions serves every later answer."""
    if oracle._search is None:
        keys, floor = sweeps.floor_set(oracle.problem)
        table = oracle.table if isinstance(oracle, PegsSetOracle) else None
        if table is not None:   # its positions win too: a search may end on any of them
            assert isinstance(table.ranker, SetRanker)
            keys = np.union1d(keys, table.ranker.keys)
        oracle._search = PegSearch(oracle.problem, sweeps.hash_set(keys)[0], floor)
    return oracle._search


def _played(puzzle: PegsPuzzle, state: bytes, jumps: Sequence[tuple[int, int, int]]) -> tuple[list[Move], list[bytes]]:
    """The moves of a line of jumps, each played from where the last left (so every one is legal)."""
    moves: list[Move] = []
    states = [state]
    for a, _b, t in jumps:
        move = next(m for m, _after in puzzle.successors(states[-1]) if m.src == a and m.dst == t and
                    not getattr(m, "via", ()))
        states.append(puzzle.play(states[-1], move))
        moves.append(move)
    return moves, states
