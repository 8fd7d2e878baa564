"""Tables of a level's component, one byte per position the start can reach, dead ends marked exactly;
searches where there is no table.

Under ``moves`` a position is the keeper's cell and the boxes' cells, and a table entry is the fewest
moves to the goal. Under ``pushes`` an entry belongs to a *push state* (the boxes, and the part of the
floor the keeper can walk in: :mod:`game.families.sokoban.floor`) and is the fewest pushes to the
goal, the same wherever the keeper stands in its region. Of the solutions with fewest pushes, the
game shows the one with fewest steps: every push of such a solution takes the table one push nearer
the goal, so a shortest-walk search over exactly those pushes (downhill, a layer a push) finds it,
from where the keeper really stands.

Both tables are built forwards from the start to find the component, then backwards from its goals
(:mod:`solvers.one_way`); what the backward search never reaches cannot reach the goal. A level whose
component is beyond ``TABLE_LIMIT`` positions, or takes longer than the game allows, is answered by
the searches of :mod:`game.families.sokoban.search`, which say they are searching.
"""
from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import replace
from typing import Iterable, Sequence

import numpy as np

from solvers.components import ComponentRanker, PlacementKeys, TooManyPositions
from solvers.one_way import one_way_table
from solvers.limits import LimitReached, Limits, Watch
from solvers.rules import RuleMatrix
from solvers.problem import Path
from solvers.search import SEARCH_MEMORY, SEARCH_SECONDS, walk_back
from solvers.sweep import Progress
from solvers.entries import Entries
from solvers.tables import DistanceTable, fingerprint

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.sokoban.counts import PUSHES
from game.families.sokoban.floor import Floor
from game.families.sokoban.rules import SokobanPuzzle
from game.families.sokoban.search import fewest_pushes, in_steps, solve
from game.oracles.base import QUIET, Line, Oracle, Recipe, Report, Verdict
from game.oracles.limits import StoppedAtLimit, progress_words
from game.oracles.component import CHEAP_SECONDS, ComponentOracle
from game.oracles.table import Forged
from game.oracles.search import SearchOracle
from game.rules.puzzle import Move, Puzzle

__all__ = ["SokobanSearchOracle", "SokobanTableOracle", "sokoban_oracle"]

TABLE_LIMIT = 3_000_000     # positions of a component table (about 30 MB of keys and distances)
TABLE_SECONDS = 60.0        # ... and the longest its build may take when the whole table is asked for
ATTEMPT_SHARE = 0.25        # of the player's time limit, what an answer's attempt at a table may take at most
ATTEMPT_LEAST = 10_000      # positions: where the memory limit holds fewer, no attempt is made
FALLBACK_SHARE = 0.1       # of the player's time, what is kept back for a best line where the proof stops
FALLBACK_SECONDS = 5.0     # ... at most (and where only memory is limited)
SWEEP_BYTES = 40            # what the sweep keeps of a position beside its board (keys in sorted runs, merges)


class PushStateRanker(ComponentRanker):
    """A component ranker of push states: a position is ranked as its push state (the keeper moved to
    the first cell of its region), so every position of one state shares its entry."""

    def __init__(self, keys: PlacementKeys, sorted_keys: np.ndarray, puzzle: SokobanPuzzle, floor: Floor) -> None:
        super().__init__(keys, sorted_keys)
        self.puzzle = puzzle
        self.floor = floor

    def rank(self, boards: np.ndarray) -> np.ndarray:
        return super().rank(self.floor.normalise(np.array(boards, dtype=np.uint8)))

    def rank_state(self, state: bytes) -> int | None:
        return super().rank_state(push_state(self.puzzle, state))


def push_state(puzzle: SokobanPuzzle, state: bytes) -> bytes:
    """The position with its keeper on the first cell of its region."""
    if state.count(1) != 1:
        return state
    first = min(puzzle.walks(state))
    moved = bytearray(state)
    moved[state.index(1)], moved[first] = 0, 1
    return bytes(moved)


class Searching:
    """Answers by the searches of :mod:`game.families.sokoban.search`, bounded like every search of the
    game, their progress said as they go."""

    puzzle: Puzzle
    attempted = 0.0   # seconds an answer's attempt at a table took (the search after it has the rest)

    def search(self, state: bytes, report: Report) -> Line | None:
        """An optimal line by :func:`game.families.sokoban.search.solve`, within the player's limits (the
        game's own for a hint: SEARCH_SECONDS and SEARCH_MEMORY); at a limit, the moves proven needed."""
        puzzle = self.puzzle
        assert isinstance(puzzle, SokobanPuzzle)
        started = time.perf_counter()
        limits = getattr(self, "limits", None) or Limits(SEARCH_SECONDS, SEARCH_MEMORY)
        spent, self.attempted = self.attempted, 0.0
        if limits.seconds is not None and spent:   # an attempt at a table took part of the player's time
            limits = Limits(max(limits.seconds - spent, 0.0), limits.memory, limits.positions)
        proof, kept = kept_back(limits)
        watch = Watch(proof, report.cancelled,
                      lambda status: report.progress(None, progress_words(status, watch.lower_bound)))
        try:
            found = solve(puzzle, state, watch)
        except LimitReached as reached:
            line = best_found(puzzle, state, kept, reached, report, started)
            if line is None:
                raise StoppedAtLimit(puzzle.title, reached) from None
            return line
        if found is None:
            return None
        return Line(tuple(found.moves), tuple(found.states), found.nodes, time.perf_counter() - started, "a-star")


def kept_back(limits: Limits) -> tuple[Limits, Limits]:
    """The proof's limits, and what is kept back for a best line where the proof stops at one: a tenth of
    the time (at most FALLBACK_SECONDS; that many where there is no time limit but memory runs out)."""
    if limits.seconds is None:
        return limits, Limits(FALLBACK_SECONDS, limits.memory)
    kept = min(FALLBACK_SECONDS, limits.seconds * FALLBACK_SHARE)
    return replace(limits, seconds=limits.seconds - kept), Limits(kept, limits.memory)


def best_found(puzzle: SokobanPuzzle, state: bytes, limits: Limits, reached: LimitReached, report: Report,
               started: float) -> Line | None:
    """Where the proof stopped at a limit: the fewest-pushes line (a much smaller search, boxes and the
    keeper's region), told in the puzzle's count, as the best found, not proven, with the proof's lower
    bound; None where that search finds none within ``limits`` either."""
    try:
        found = fewest_pushes(puzzle, state, Watch(limits, report.cancelled))
    except LimitReached:
        return None
    if found is None:
        return None
    path = found if puzzle.count is PUSHES else in_steps(puzzle, found)
    at_least = max(1, reached.lower_bound)
    return Line(tuple(path.moves), tuple(path.states), reached.status.positions + found.nodes,
                time.perf_counter() - started, "a-star, stopped; fewest pushes", proven=False, at_least=at_least,
                within=len(path.moves) / at_least)


class SokobanSearchOracle(Searching, SearchOracle):
    """A level too large to key its positions: every answer is a search."""

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None) -> None:
        super().__init__(puzzle, recipe, algorithm="bfs")
        self.algorithm = "a-star"


class SokobanTableOracle(Searching, ComponentOracle):
    limit = TABLE_LIMIT

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None) -> None:
        assert isinstance(puzzle, SokobanPuzzle)
        self.level = puzzle
        self.floor = Floor(puzzle)
        self.by_push = puzzle.count is PUSHES
        digest = fingerprint(puzzle.rules, None, [puzzle.start], f"sokoban|{puzzle.count.key}|{puzzle.targets}")
        super().__init__(puzzle, recipe, self.floor.keys(), digest)
        self._steps = RuleMatrix(puzzle.rules.rules, len(puzzle.board))
        self._back = RuleMatrix(puzzle.rules.inverse_rules, len(puzzle.board))

    # -- the table -------------------------------------------------------------------------------------

    def forward(self, boards: np.ndarray) -> np.ndarray:
        """Every successor of each board: a push state's pushes, or a position's steps."""
        return self.floor.pushes(boards) if self.by_push else self._steps.step(boards)[2]

    def backward(self, boards: np.ndarray) -> np.ndarray:
        """Every predecessor: a push state's pulls, or a position's steps back (pulls and walks)."""
        return self.floor.pulls(boards) if self.by_push else self._back.step(boards)[2]

    def successors_of(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self.by_push:
            return self.floor.moved(boards, backward=False)
        rows, _rules, children = self._steps.step(boards)
        return rows, children

    def goal_mask(self, boards: np.ndarray) -> np.ndarray:
        return self.floor.goal_mask(boards)

    def ranker_for(self, keys: np.ndarray) -> ComponentRanker:
        if self.by_push:
            return PushStateRanker(self._keys, keys, self.level, self.floor)
        return ComponentRanker(self._keys, keys)

    def table_start(self) -> bytes:
        return push_state(self.level, self.puzzle.start) if self.by_push else self.puzzle.start

    def sweep(self, limit: int, answering: bool, report: Report = QUIET,
              progress: Progress | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The component's table; for an answer, an attempt within :meth:`attempt_limits`, its time then
        taken from the search that answers instead."""
        seconds: float | None = TABLE_SECONDS
        if answering:
            seconds, limit = self.attempt_limits(limit)
            if limit < ATTEMPT_LEAST:
                raise TooManyPositions("the player's memory limit leaves no room for a table")
        started = time.monotonic()
        try:
            return one_way_table(self.table_start(), self.floor.goal_mask, self.forward, self.backward, self._keys,
                                 limit=limit, cancel=report.cancelled, progress=progress, seconds=seconds)
        except TooManyPositions:
            if answering:
                self.attempted += time.monotonic() - started
            raise

    def attempt_limits(self, limit: int) -> tuple[float, int]:
        """(seconds, positions) an answer's attempt at a table may take: CHEAP_SECONDS, at most a share of
        the player's time limit (the search that answers when it fails needs the rest), and no more
        positions than the player's memory limit holds as the sweep keeps them."""
        limits = self.limits
        seconds = CHEAP_SECONDS
        if limits is not None and limits.seconds is not None:
            seconds = min(seconds, ATTEMPT_SHARE * limits.seconds)
        if limits is not None and limits.memory is not None:
            limit = min(limit, limits.memory // (SWEEP_BYTES + len(self.level.board)))
        return seconds, limit

    def start_rank(self, keys: np.ndarray) -> int:
        """Where the start stands among the component's sorted ``keys``."""
        start = np.frombuffer(self.table_start(), dtype=np.uint8)[None]
        return int(np.searchsorted(keys, self._keys.encode(start)[0]))

    def no_table_reason(self) -> Phrase:
        return Phrase(N_("{title} has more than {limit:,} positions in reach of its start, or takes too long to "
                         "sweep, for a table; single positions are solved by search instead."),
                      title=Phrase(self.puzzle.title), limit=TABLE_LIMIT)

    # -- answers by the table ----------------------------------------------------------------------------

    def verdicts(self, state: bytes) -> list[tuple[Move, Verdict]] | None:
        """Every step's verdict; under pushes, every push's (a walk alone changes nothing)."""
        got = super().verdicts(state)
        if got is None or not self.by_push:
            return got
        return [(move, verdict) for move, verdict in got if self.level.is_push(state, move)]

    def table_successors(self, state: bytes) -> Iterable[bytes]:
        """Under ``pushes``, a push state's entry follows from the pushes the keeper can walk to."""
        if not self.by_push:
            return super().table_successors(state)
        return (after for _move, after, _walked in self.level.push_moves(state))

    def _walk(self, table: DistanceTable, state: bytes) -> Line | None:
        if not self.by_push:
            return super()._walk(table, state)
        started = time.perf_counter()
        entries = self.entries(table)
        if not entries.holds(push_state(self.level, state)):
            raise Forged
        try:
            found = fewest_steps_downhill(self.level, table, state)
        except ValueError:   # no way downhill: the table does not fit the level, whatever its checks said
            raise Forged from None
        if found is None:
            return None
        if not self._pushes_hold(entries, found.states, found.moves):
            raise Forged
        return Line(tuple(found.moves), tuple(found.states), found.nodes, time.perf_counter() - started, "table")

    def _pushes_hold(self, entries: Entries, states: Sequence[bytes], moves: Sequence[Move]) -> bool:
        """Whether a line of fewest pushes is one as the table tells it: it ends at a goal, the first entry
        is its count of pushes, and the entry of every push state on it holds."""
        pushes = sum(self.level.is_push(before, move) for before, move in zip(states, moves))
        return (self.puzzle.is_goal(states[-1]) and entries.value(states[0]) == pushes
                and entries.all_hold(dict.fromkeys(push_state(self.level, at) for at in states)))


def fewest_steps_downhill(puzzle: SokobanPuzzle, table: DistanceTable, state: bytes) -> Path[bytes, Move] | None:
    """Of the solutions with fewest pushes from ``state``, one with fewest steps: a shortest-walk search
    (Dijkstra, by steps) over the pushes that take the table's push count one nearer the goal, from
    where the keeper stands. None from a dead end."""
    here = table.distance(state)
    if here is None:
        return None
    known: dict[bytes, int | None] = {}

    def distance(position: bytes) -> int | None:
        key = push_state(puzzle, position)
        if key not in known:
            known[key] = table.distance(position)
        return known[key]

    best = {state: 0}
    parent: dict[bytes, tuple[bytes, Move] | None] = {state: None}
    order = itertools.count()
    queue = [(0, next(order), state, here)]
    nodes = 0
    while queue:
        steps, _tie, at, left = heapq.heappop(queue)
        if best[at] != steps:
            continue
        if left == 0:
            return walk_back(parent, at, nodes)
        nodes += 1
        for move, after, walked in puzzle.push_moves(at):
            if distance(after) != left - 1:
                continue
            cost = steps + walked + 1
            if after not in best or cost < best[after]:
                best[after] = cost
                parent[after] = (at, move)
                heapq.heappush(queue, (cost, next(order), after, left - 1))
    raise ValueError("the table has no downhill push here: it does not match the level")


def sokoban_oracle(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """A component table where the level's positions can be keyed, else searches."""
    try:
        return SokobanTableOracle(puzzle, recipe)
    except TooManyPositions:
        return SokobanSearchOracle(puzzle, recipe)
