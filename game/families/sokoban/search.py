"""Optimal searches of one Sokoban position, for levels too large for a table (and positions outside
their table's component): A* (:func:`solvers.astar.best_first`) with the bounds and deadlock tests of
:mod:`game.families.sokoban.bounds`.

* :func:`solve` answers under the puzzle's count over exact positions. Under ``moves`` a step costs one
  (the boxes' matching bound counts pushes, each a move, so it never overestimates); under ``pushes`` a
  move is a push with the shortest walk to it and costs (1 push, its steps), compared pushes first:
  the first goal taken has the fewest pushes and, of those, the fewest steps.
* :func:`fewest_pushes` proves the fewest pushes alone, faster: a position is its boxes and the keeper's
  region (the keeper on the region's first cell), so every walk between two pushes is one position.

A position whose boxes cannot all be delivered (a dead square, no matching, a frozen square) is cut: it
has no way to the goal, so no solution is lost.
"""
from __future__ import annotations

from typing import Callable, Iterator

from solvers.astar import best_first
from solvers.limits import LimitReached, Limits, Watch
from solvers.problem import Cancel, OutOfTime, Path, TooManyStates
from solvers.search import SEARCH_MEMORY, SEARCH_SECONDS

from game.families.sokoban.bounds import MatchingBound, NearestBound
from game.families.sokoban.counts import PUSHES
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.rules import SokobanPuzzle
from game.rules.puzzle import Move

__all__ = ["fewest_pushes", "search", "solve"]

Bound = MatchingBound | NearestBound


def solve(puzzle: SokobanPuzzle, state: bytes, watch: Watch, bound: Bound | None = None) -> Path[bytes, Move] | None:
    """An optimal solution from ``state`` under the puzzle's count (None: there is none). Raises
    LimitReached (with the proven lower bound) or Cancelled as ``watch`` says."""
    bound = MatchingBound(puzzle) if bound is None else bound
    by_push = puzzle.count is PUSHES

    def expand(at: bytes) -> Iterator[tuple[Move, bytes, int, int]]:
        if by_push:
            for move, after, walked in puzzle.push_moves(at):
                if not bound.frozen(after, move.dst):
                    yield move, after, 1, walked + 1
            return
        for move, after in puzzle.steps(at):
            if at[move.src] != BOX or not bound.frozen(after, move.dst):
                yield move, after, 1, 1

    return best_first(state, expand, bound, puzzle.is_goal, watch)


def fewest_pushes(puzzle: SokobanPuzzle, state: bytes, watch: Watch,
                  bound: Bound | None = None) -> Path[bytes, Move] | None:
    """A solution from ``state`` with the fewest pushes (its walks the shortest to each push, not the fewest
    steps over all such solutions); None where there is none. LimitReached or Cancelled as ``watch`` says."""
    bound = MatchingBound(puzzle) if bound is None else bound

    def expand(at: bytes) -> Iterator[tuple[Move, bytes, int, int]]:
        for move, after, _walked in puzzle.push_moves(at):
            if not bound.frozen(after, move.dst):
                yield move, after, 1, 0

    found = best_first(state, expand, bound, puzzle.is_goal, watch, key=lambda s: region_key(puzzle, s))
    if found is None:
        return None
    states = [state]   # the table keeps one position of each region: play the pushes from where the keeper stands
    for move in found.moves:
        states.append(puzzle.play(states[-1], move))
    return Path(found.moves, states, found.nodes)


def region_key(puzzle: SokobanPuzzle, state: bytes) -> bytes:
    """The position with its keeper on the first cell of its region: one key for every walk between pushes."""
    first = min(puzzle.walks(state))
    moved = bytearray(state)
    moved[state.index(KEEPER)], moved[first] = 0, KEEPER
    return bytes(moved)


def search(puzzle: SokobanPuzzle, state: bytes, cancel: Cancel | None = None, *, memory: int | None = SEARCH_MEMORY,
           seconds: float | None = SEARCH_SECONDS,
           nodes: Callable[[int], None] | None = None) -> Path[bytes, Move] | None:
    """:func:`solve` within ``seconds`` and ``memory`` (raising OutOfTime past the time, TooManyStates past the
    memory), for the level designer's quick checks."""
    watch = Watch(Limits(seconds, memory), cancel,
                  None if nodes is None else (lambda status: nodes(status.positions)))
    try:
        return solve(puzzle, state, watch)
    except LimitReached as stopped:
        if stopped.which == "time":
            raise OutOfTime(seconds or 0.0, watch.found) from None
        raise TooManyStates(watch.found) from None
