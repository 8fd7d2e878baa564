"""Choosing and running the right optimal search for a puzzle: the one entry point for
the command line, the session's hint and solve, and the tests."""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from solvers.problem import Cancel, Counted
from solvers.search import bfs, bidirectional_bfs, ida_star
from solvers.sweep import UNREACHED, Analysis, Progress, analyse, distance_table, reachable_mask

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


def algorithm_for(puzzle: Puzzle) -> str:
    if puzzle.ranker is None:
        return "ida*"
    return "bidirectional-bfs" if puzzle.reversible else "bfs"


def solve(puzzle: Puzzle, state: bytes, cancel: Cancel | None = None) -> Solution:
    """An optimal solution from ``state``; raises NoSolution for a dead end, Cancelled if cancelled."""
    started = time.perf_counter()
    algorithm = algorithm_for(puzzle)
    counted = Counted(puzzle)
    if algorithm == "ida*":
        if puzzle.heuristic is None:
            raise TooLarge(f"{puzzle.title} has no heuristic for a search of its size.")
        path = ida_star(counted, state, puzzle.heuristic, cancel)
    elif algorithm == "bidirectional-bfs":
        path = bidirectional_bfs(counted, state, cancel)
    else:
        path = bfs(counted, state, cancel)
    if path is None:
        raise NoSolution(f"this {puzzle.title} position is a dead end: no sequence of moves reaches the goal from it.")
    return Solution(path.moves, path.states, counted.expanded, time.perf_counter() - started, algorithm)


def distances(puzzle: Puzzle, progress: Progress | None = None, cancel: Cancel | None = None) -> np.ndarray:
    if puzzle.ranker is None:
        raise TooLarge(
            f"{puzzle.title} has too many positions to sweep (about {puzzle.known_positions:.3g}); "
            "solve single positions instead.")
    return distance_table(puzzle.rules, puzzle.ranker, puzzle.goals(), progress=progress, cancel=cancel)


def analyze(puzzle: Puzzle, progress: Progress | None = None, cancel: Cancel | None = None,
            hardest_limit: int = 50) -> tuple[Analysis, float]:
    """Whole-space figures and the seconds they took."""
    started = time.perf_counter()
    table = distances(puzzle, progress, cancel)
    assert puzzle.ranker is not None
    start_rank = int(puzzle.ranker.rank(np.frombuffer(puzzle.start, dtype=np.uint8)[None])[0])
    if puzzle.reversible and table[start_rank] != UNREACHED:
        # moves can be undone, so what the start reaches is exactly the goal's component
        reachable = table != UNREACHED
    else:
        reachable = reachable_mask(puzzle.rules, puzzle.ranker, puzzle.start, cancel=cancel)
    result = analyse(table, reachable, puzzle.ranker, hardest_limit)
    return result, time.perf_counter() - started
