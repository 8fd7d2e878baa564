"""Choosing and running the right optimal search for a puzzle: the one entry point for
the command line, the session's hint and solve, and the tests."""
from __future__ import annotations

import time
from typing import Callable
from dataclasses import dataclass

import numpy as np

from solvers import cache
from solvers.problem import Cancel, Cancelled, Counted
from solvers.ranking import Ranker, SlotRanker
from solvers.search import bfs, bidirectional_bfs, ida_star
from solvers.sweep import UNREACHED, Analysis, Progress, analyse, distance_table, reachable_mask
from solvers.tables import TABLE_VERSION, DistanceTable, after_delay, fingerprint, load_or_build, table_key

from game.puzzles.base import Move, PositionError, Puzzle


class NoSolution(PositionError):
    """The position is legal but can never reach the goal (a dead end of a one-way puzzle)."""


class TooLarge(PositionError):
    """The whole space of this puzzle is too large to sweep."""


@dataclass(frozen=True)
class Solution:
    moves: list[Move]
    states: list[bytes]
    nodes: int
    seconds: float
    algorithm: str

    def __len__(self) -> int:
        return len(self.moves)


def dead_end_message(puzzle: Puzzle) -> str:
    return f"This position is a dead end in {puzzle.title}: no sequence of moves reaches the goal from it."


def uses_fifteen_solver(puzzle: Puzzle) -> bool:
    """The 4x4 tiles have a solver of their own, with pattern databases to build once."""
    return puzzle.family == "tiles" and len(puzzle.board) == 16


def algorithm_for(puzzle: Puzzle) -> str:
    if puzzle.ranker is None:
        return "ida*"
    return "bidirectional-bfs" if puzzle.reversible else "bfs"


def solve(puzzle: Puzzle, state: bytes, cancel: Cancel | None = None,
          progress: Callable[[str], None] | None = None) -> Solution:
    """An optimal solution from ``state``; raises NoSolution for a dead end, Cancelled if cancelled.

    With the puzzle's distance table at hand (in memory, in the cache, or cheap to build)
    the solution walks the table downhill; otherwise a search finds it.
    """
    started = time.perf_counter()
    table = cached_table(puzzle, build_if_cheap=True, cancel=cancel)
    if table is not None:
        walked = table.path(puzzle, state)
        if walked is None:
            raise NoSolution(dead_end_message(puzzle))
        moves, states = walked
        return Solution(moves, states, len(moves) + 1, time.perf_counter() - started, "table")
    algorithm = algorithm_for(puzzle)
    counted = Counted(puzzle)
    if uses_fifteen_solver(puzzle):
        return _solve_fifteen(puzzle, state, cancel, started, progress)
    if algorithm == "ida*":
        if puzzle.heuristic is None:
            raise TooLarge(f"{puzzle.title} has no heuristic for a search of its size.")
        path = ida_star(counted, state, puzzle.heuristic, cancel)
    elif algorithm == "bidirectional-bfs":
        path = bidirectional_bfs(counted, state, cancel)
    else:
        path = bfs(counted, state, cancel)
    if path is None:
        raise NoSolution(dead_end_message(puzzle))
    return Solution(path.moves, path.states, counted.expanded, time.perf_counter() - started, algorithm)


def distances(puzzle: Puzzle, progress: Progress | None = None, cancel: Cancel | None = None) -> np.ndarray:
    if puzzle.ranker is None:
        raise TooLarge(
            f"{puzzle.title} has too many positions to sweep (about {puzzle.known_positions:.3g}); "
            "solve single positions instead.")
    return distance_table(puzzle.rules, puzzle.ranker, puzzle.goals(), progress=progress, cancel=cancel)


def reachable_from_start(puzzle: Puzzle, dt: DistanceTable, cancel: Cancel | None = None) -> np.ndarray | None:
    """Mask of the positions the start reaches; None when that is exactly the goal's component
    (moves can be undone and the start can win), which the table already marks."""
    start = dt.rank(puzzle.start)
    if puzzle.reversible and start is not None and dt.table[start] != UNREACHED:
        return None
    return reachable_mask(puzzle.rules, dt.ranker, puzzle.start, cancel=cancel)


def analyze(puzzle: Puzzle, progress: Progress | None = None, cancel: Cancel | None = None,
            hardest_limit: int = 50) -> tuple[Analysis, float]:
    """Whole-space figures and the seconds they took (the table is loaded, or built and cached)."""
    started = time.perf_counter()
    dt = table_for(puzzle, progress, cancel)
    table, ranker = dt.table, dt.ranker
    reach = reachable_from_start(puzzle, dt, cancel)
    reachable = table != UNREACHED if reach is None else reach
    order = puzzle.ranker if ranker is not puzzle.ranker else None
    result = analyse(table, reachable, ranker, hardest_limit, order=order)
    return result, time.perf_counter() - started


# -- complete distance tables -------------------------------------------------------------

CHEAP_POSITIONS = 400_000      # solve() builds tables of at most this many positions on the fly
CHEAP_SLOT_POSITIONS = 2_000_000  # ... or this many when the fast rank-space sweep applies
_MIN_ARRANGEMENTS = 1_000     # below this the rank-space sweep spends its time in Python loops
_MAX_SLOTS = 256

_tables: dict[int, tuple[Puzzle, DistanceTable]] = {}
_rankers: dict[int, tuple[Puzzle, Ranker, str]] = {}


def table_ranker(puzzle: Puzzle) -> tuple[Ranker, str]:
    """The ranker a puzzle's table is indexed by, and the table's cache name.

    A :class:`SlotRanker` when the puzzle's rules allow the fast rank-space sweep
    (8-puzzle, Goat), else the puzzle's own ranker.
    """
    got = _rankers.get(id(puzzle))
    if got is not None and got[0] is puzzle:
        return got[1], got[2]
    if puzzle.ranker is None:
        raise TooLarge(
            f"{puzzle.title} has too many positions for a table (about {puzzle.known_positions:.3g}); "
            "solve single positions instead.")
    ranker: Ranker = puzzle.ranker
    slots = SlotRanker.for_rules(puzzle.rules, [*puzzle.goals(), puzzle.start], max_slots=_MAX_SLOTS)
    if slots is not None and slots.arrangements.size >= _MIN_ARRANGEMENTS:
        ranker = slots
    key = table_key(puzzle.name, fingerprint(puzzle.rules, ranker, puzzle.goals()))
    _rankers[id(puzzle)] = (puzzle, ranker, key)
    return ranker, key


def table_for(puzzle: Puzzle, progress: Progress | None = None, cancel: Cancel | None = None) -> DistanceTable:
    """The puzzle's complete distance table: from memory, else the cache, else built (and cached).

    Builds that take longer than half a second report to ``progress``.
    """
    got = _tables.get(id(puzzle))
    if got is not None and got[0] is puzzle:
        return got[1]
    ranker, key = table_ranker(puzzle)
    report = after_delay(progress)

    def build() -> np.ndarray:
        return distance_table(puzzle.rules, ranker, puzzle.goals(), progress=report, cancel=cancel)

    table = DistanceTable(load_or_build(key, build, TABLE_VERSION, report, size=ranker.size), ranker)
    _tables[id(puzzle)] = (puzzle, table)
    return table


def cached_table(puzzle: Puzzle, build_if_cheap: bool = False, cancel: Cancel | None = None) -> DistanceTable | None:
    """The puzzle's table if it is in memory or in the cache (or, optionally, cheap to build); never slow."""
    got = _tables.get(id(puzzle))
    if got is not None and got[0] is puzzle:
        return got[1]
    if puzzle.ranker is None:
        return None
    ranker, key = table_ranker(puzzle)
    cheap = ranker.size <= (CHEAP_SLOT_POSITIONS if isinstance(ranker, SlotRanker) else CHEAP_POSITIONS)
    if not (build_if_cheap and cheap) and not cache.is_cached(key, TABLE_VERSION):
        return None
    return table_for(puzzle, cancel=cancel)


def forget_tables() -> None:
    """Drop the tables held in memory (the cache on disk stays)."""
    _tables.clear()


def _solve_fifteen(puzzle: Puzzle, state: bytes, cancel: Cancel | None, started: float,
                   progress: Callable[[str], None] | None) -> Solution:
    """The 15-puzzle's own solver: pattern databases when built, Manhattan + linear conflict until then."""
    from solvers.fifteen import solve15  # numpy-heavy; only the 15-puzzle needs it

    found = solve15(state, cancel=cancel, progress=progress)
    if found is None:
        raise Cancelled
    moves, states = [], [state]
    for target in found.blank_path:
        move = Move(target, states[-1].index(0))
        states.append(puzzle.play(states[-1], move))
        moves.append(move)
    return Solution(moves, states, found.nodes, time.perf_counter() - started, f"ida* ({found.heuristic})")
