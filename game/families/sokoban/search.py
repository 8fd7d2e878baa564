"""Optimal searches of one Sokoban position, for levels too large for a table (and positions outside
their table's component): A* (:func:`solvers.astar.best_first`) with the bounds and deadlock tests of
:mod:`game.families.sokoban.bounds`.

* :func:`solve` answers under the puzzle's count over exact positions (the keeper where its last push
  left it), a move of the search being a push with the keeper's shortest walk to it
  (:mod:`game.families.sokoban.pushes`). That loses no optimal line under either count: between two
  pushes the boxes stand still, so any walk there can be the shortest one to the next push, and a
  line ends at its last push. Under ``moves`` a push costs (its steps, 1 push), compared steps first:
  the first goal taken has the fewest moves and, of those, the fewest pushes; the line is then told
  step by step. Under ``pushes`` it costs (1 push, its steps): the fewest pushes and, of those, the
  fewest steps. The boxes' matching bound counts pushes, each at least a move, so it never
  overestimates either count.
* :func:`fewest_pushes` proves the fewest pushes alone, faster: a position is its boxes and the keeper's
  region (the keeper on the region's first cell), so every walk between two pushes is one position, and
  a position with a PI-corral tries only the corral's pushes (:mod:`game.families.sokoban.corrals`).

A position whose boxes cannot all be delivered (a dead square, no matching, frozen boxes) is cut: it
has no way to the goal, so no solution is lost. The freeze test of a position after a push looks at
the pushed box alone (:meth:`~game.families.sokoban.bounds.MatchingBound.frozen` says why that is
enough), the start's at every box.
"""
from __future__ import annotations

from typing import Callable, Iterator

from solvers.astar import DEAD, best_first
from solvers.limits import LimitReached, Limits, Watch
from solvers.problem import Cancel, OutOfTime, Path, TooManyStates
from solvers.search import SEARCH_MEMORY, SEARCH_SECONDS

from game.families.sokoban.bounds import INFINITE, MatchingBound, NearestBound
from game.families.sokoban.corrals import Corrals
from game.families.sokoban.counts import PUSHES
from game.families.sokoban.level import KEEPER
from game.families.sokoban.loop import TooLong, compiled_search
from game.families.sokoban.pushes import Pushes
from game.families.sokoban.rules import SokobanPuzzle
from game.families.sokoban.tour import TourBound
from game.rules.puzzle import Move

__all__ = ["fewest_pushes", "search", "solve"]

Bound = MatchingBound | NearestBound


def solve(puzzle: SokobanPuzzle, state: bytes, watch: Watch, bound: Bound | None = None,
          compiled: bool = True, loop: bool = True) -> Path[bytes, Move] | None:
    """An optimal solution from ``state`` under the puzzle's count (None: there is none). Raises
    LimitReached (with the proven lower bound) or Cancelled as ``watch`` says. ``compiled``: whether
    numba's kernels run where it is installed (the benchmark measures them against plain Python);
    ``loop``: whether the whole search runs compiled there (:mod:`game.families.sokoban.engine`, the
    same search), else Python's loop calls the kernels."""
    bound = MatchingBound(puzzle, compiled=compiled) if bound is None else bound
    if bound(state) >= INFINITE:
        return None
    pushes = Pushes(puzzle, compiled=compiled)
    by_push = puzzle.count is PUSHES
    after_push, matching = bound.after_push, bound.matching
    dead = bound.dead if isinstance(bound, MatchingBound) else frozenset()
    tour = TourBound(puzzle, dead, compiled) if isinstance(bound, MatchingBound) else None
    if loop and tour is not None and isinstance(bound, MatchingBound) and bound.freezes and tour.fast:
        try:
            found = compiled_search(puzzle, state, watch, bound, tour, by_push)
            return found if found is None or by_push else in_steps(puzzle, found)
        except TooLong:
            pass
    listed: list[tuple[bytes, list[tuple[Move, bytes, int]]]] = [(b"", [])]
    pushed = [-1]                      # the cell of the box of the push expand gave last

    def onto_live(at: bytes) -> list[tuple[Move, bytes, int]]:
        """The pushes from ``at`` that leave no box on a dead square (the last position's kept)."""
        if listed[0][0] is not at:
            listed[0] = (at, [push for push in pushes.moves(at) if push[0].dst not in dead])
        return listed[0][1]

    def walks_too(at: bytes) -> int:
        """What the moves left from ``at`` are known to exceed its matching by (DEAD: none leads to the
        goal): the keeper walks at least to the nearest push onto a live square before any push, and at
        least through the boxes' sides (:mod:`game.families.sokoban.tour`)."""
        first = min((walked for _move, _after, walked in onto_live(at)), default=DEAD)
        if tour is None or first >= DEAD:
            return first
        return max(first, tour(at, at.index(KEEPER)) - matching(at))

    def bound_of(at: bytes) -> int:
        """The bound of the position expand gave last (best_first asks for it only where that position is
        new or reached more cheaply), or of the start."""
        return matching(at) if pushed[0] < 0 else after_push(at, pushed[0])

    def expand(at: bytes) -> Iterator[tuple[Move, bytes, int, int]]:
        for move, after, walked in onto_live(at):
            pushed[0] = move.dst
            yield (move, after, 1, walked + 1) if by_push else (move, after, walked + 1, 1)

    found = best_first(state, expand, bound_of, puzzle.is_goal, watch, second=bound_of,
                       refine=None if by_push else walks_too)
    if found is None or by_push:
        return found
    return in_steps(puzzle, found)


def in_steps(puzzle: SokobanPuzzle, found: Path[bytes, Move]) -> Path[bytes, Move]:
    """A line of pushes (each with the shortest walk to it) as the keeper's steps, one move each."""
    moves: list[Move] = []
    states = [found.states[0]]
    for before, move, pushed in zip(found.states, found.moves, found.states[1:]):
        for step, after in puzzle.split(before, move, pushed) or ():
            moves.append(step)
            states.append(after)
    return Path(moves, states, found.nodes)


def fewest_pushes(puzzle: SokobanPuzzle, state: bytes, watch: Watch,
                  bound: Bound | None = None, corral: bool = True) -> Path[bytes, Move] | None:
    """A solution from ``state`` with the fewest pushes (its walks the shortest to each push, not the fewest
    steps over all such solutions), as pushes with their walks (under ``moves``, :func:`in_steps` tells it
    step by step); None where there is none. Where a PI-corral stands, only its pushes
    are tried (``corral``; :mod:`game.families.sokoban.corrals` says why no solution with fewest pushes is
    lost). LimitReached or Cancelled as ``watch`` says."""
    bound = MatchingBound(puzzle) if bound is None else bound
    pushes = Pushes(puzzle)
    corrals = Corrals(puzzle, pushes, bound.dead) if corral and isinstance(bound, MatchingBound) else None

    def expand(at: bytes) -> Iterator[tuple[Move, bytes, int, int]]:
        reach = pushes.reach(at)
        allowed = None if corrals is None else corrals.allowed(at, reach)
        for move, after, _walked in pushes.moves(at, reach):
            if (allowed is None or move in allowed) and bound.after_push(after, move.dst) < INFINITE:
                yield move, after, 1, 0

    if bound(state) >= INFINITE:
        return None
    found = best_first(state, expand, bound.matching, puzzle.is_goal, watch, key=pushes.region_key)
    if found is None:
        return None
    states = [state]   # the table keeps one position of each region: play the pushes from where the keeper stands
    for move in found.moves:   # (as pushes with their walks, under either count: see :func:`in_steps`)
        states.append(next(after for push, after, _walked in pushes.moves(states[-1]) if push == move))
    return Path(found.moves, states, found.nodes)


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
