"""Optimal searches of one Sokoban position, for levels too large for a table (and positions outside
their table's component).

Both are A* over exact positions with the same lower bound: each box needs at least as many pushes as
its own way to the nearest target takes with the other boxes gone (found by pulling boxes back from
the targets). A box on a cell from which no target can be reached at all is a dead end: such
positions are cut, which never cuts a solution. Under ``moves`` a step costs one; under ``pushes`` a
move is a push with the shortest walk to it, and costs (1 push, its steps), compared pushes first:
with a bound on pushes that never overestimates, the first goal taken from the queue has the fewest
pushes and, of those, the fewest steps.
"""
from __future__ import annotations

import heapq
import itertools
import time
from typing import Callable, Iterator

from solvers.problem import Cancel, Cancelled, OutOfTime, TooManyStates
from solvers.problem import Path
from solvers.search import CLOCK_EVERY, MAX_STATES, SEARCH_MEMORY, SEARCH_SECONDS, states_within, walk_back

from game.families.sokoban.counts import PUSHES
from game.families.sokoban.level import BOX
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle
from game.rules.puzzle import Move

__all__ = ["Bound", "search"]

INFINITE = 1 << 30


class Bound:
    """Per cell, the fewest pushes a lone box there needs to reach a target (INFINITE: never)."""

    def __init__(self, puzzle: SokobanPuzzle) -> None:
        near = puzzle.near
        pushes = [INFINITE] * len(puzzle.board)
        todo = list(puzzle.targets)
        for t in todo:
            pushes[t] = 0
        for at in todo:   # breadth-first: a box pushed into ``at`` came from one cell back, the keeper two back
            for d in range(len(DIRECTIONS)):
                came = near[at][d ^ 1]
                keeper = near[came][d ^ 1] if came is not None else None
                if came is not None and keeper is not None and pushes[came] == INFINITE:
                    pushes[came] = pushes[at] + 1
                    todo.append(came)
        self.pushes = tuple(pushes)

    def __call__(self, state: bytes) -> int:
        return sum(self.pushes[cell] for cell, code in enumerate(state) if code == BOX)


def search(puzzle: SokobanPuzzle, state: bytes, cancel: Cancel | None = None, *, limit: int = MAX_STATES,
           memory: int | None = SEARCH_MEMORY, seconds: float | None = SEARCH_SECONDS,
           nodes: Callable[[int], None] | None = None) -> Path[bytes, Move] | None:
    """An optimal solution from ``state`` under the puzzle's count (its moves, the positions from ``state``
    to the goal, and the positions expanded), or None where there is none. Raises TooManyStates rather than
    remember more than ``limit`` positions (or than ``memory`` bytes hold), OutOfTime past ``seconds``,
    Cancelled when ``cancel()`` says so; ``nodes`` hears the count of expanded positions now and then."""
    bound = Bound(puzzle)
    limit = states_within(state, limit, memory)
    deadline = None if seconds is None else time.monotonic() + seconds
    by_push = puzzle.count is PUSHES
    expand = _pushes if by_push else _steps
    first = bound(state)
    if first >= INFINITE:
        return None
    parent: dict[bytes, tuple[bytes, Move] | None] = {state: None}
    best: dict[bytes, tuple[int, int]] = {state: (0, 0)}
    order = itertools.count()
    queue = [(first, 0, next(order), 0, state)]
    expanded = 0
    while queue:
        _f, steps, _tie, cost, at = heapq.heappop(queue)
        g = best[at]
        if (cost, steps) != g:   # an older entry of a position reached more cheaply since
            continue
        if puzzle.is_goal(at):
            return walk_back(parent, at, expanded)
        expanded += 1
        if expanded % CLOCK_EVERY == 0:
            if cancel is not None and cancel():
                raise Cancelled
            if deadline is not None and time.monotonic() > deadline:
                raise OutOfTime(seconds or 0.0, expanded)
            if nodes is not None:
                nodes(expanded)
        for move, after, cost, walked in expand(puzzle, at):
            h = bound(after)
            if h >= INFINITE:
                continue
            new = (g[0] + cost, g[1] + walked)
            known = best.get(after)
            if known is not None and known <= new:
                continue
            best[after] = new
            parent[after] = (at, move)
            heapq.heappush(queue, (new[0] + h, new[1], next(order), new[0], after))
        if len(best) > limit:
            raise TooManyStates(limit)
    return None


def _steps(puzzle: SokobanPuzzle, state: bytes) -> Iterator[tuple[Move, bytes, int, int]]:
    """Each step costs one move (and one step)."""
    for move, after in puzzle.successors(state):
        yield move, after, 1, 1


def _pushes(puzzle: SokobanPuzzle, state: bytes) -> Iterator[tuple[Move, bytes, int, int]]:
    """Each push costs one push, and the steps of its walk and of the push itself."""
    for move, after, walked in puzzle.push_moves(state):
        yield move, after, 1, walked + 1
