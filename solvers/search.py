"""Optimal searches over the Problem protocol. Each returns a Path (moves and states), never a bare cost.

``nodes`` counts expanded states (a state whose moves were generated), the usual figure
for comparing searches.
"""
from __future__ import annotations

import sys
import time
from collections import deque
from typing import Hashable

from solvers.problem import Cancel, Cancelled, Heuristic, M, OutOfTime, Path, Problem, S, TooManyStates

CHECK_EVERY = 4096  # expansions between two calls of a cancel callback ...
ASK_EVERY = 0.1     # ... or seconds, where an expansion is slow (thousands of moves: knights on 16x16 take 4 ms)
CLOCK_EVERY = 16    # expansions between two looks at the clock
MAX_STATES = 2_000_000  # states a breadth-first search may remember
# What one remembered state costs beside its own object: a dictionary entry or two, the link to its
# parent, its move (measured with tracemalloc: 177-271 bytes, from Klotski to knights on 16x16)
STATE_BYTES = 280
SEARCH_MEMORY = 256 << 20   # what a search of the game may fill: 2,000,000 small states, or fewer large ones
SEARCH_SECONDS = 10.0       # ... and how long it may take: a search that needs more is not a hint


class _Watch:
    """The checks a search makes as it expands states: cancelled (every CHECK_EVERY expansions, or every
    ASK_EVERY seconds where expansions are slow), or out of time."""

    def __init__(self, cancel: Cancel | None, seconds: float | None) -> None:
        self.cancel = cancel
        self.seconds = seconds
        self.asked = time.monotonic()
        self.deadline = None if seconds is None else self.asked + seconds

    def __call__(self, nodes: int) -> None:
        if nodes % CLOCK_EVERY:
            return
        now = time.monotonic()
        if nodes % CHECK_EVERY == 0 or now - self.asked >= ASK_EVERY:
            self.asked = now
            if self.cancel is not None and self.cancel():
                raise Cancelled
        if self.deadline is not None and self.seconds is not None and now > self.deadline:
            raise OutOfTime(self.seconds, nodes)


def _check(cancel: Cancel | None, nodes: int) -> None:
    if cancel is not None and nodes % CHECK_EVERY == 0 and cancel():
        raise Cancelled


def states_within(start: object, limit: int, memory: int | None) -> int:
    """How many states like ``start`` a search may remember: ``limit``, or fewer where ``memory``
    (bytes) holds fewer."""
    if memory is None:
        return limit
    return max(1, min(limit, memory // (sys.getsizeof(start) + STATE_BYTES)))


def bfs(problem: Problem[S, M], start: S, cancel: Cancel | None = None,
        limit: int = MAX_STATES, *, memory: int | None = None, seconds: float | None = None) -> Path[S, M] | None:
    """Forward breadth-first search; works for every puzzle, one-way ones included. Raises
    TooManyStates rather than remember more than ``limit`` states (or than ``memory`` bytes hold),
    OutOfTime rather than search longer than ``seconds``."""
    limit = states_within(start, limit, memory)
    check = _Watch(cancel, seconds)
    parent: dict[S, tuple[S, M] | None] = {start: None}
    queue: deque[S] = deque([start])
    nodes = 0
    while queue:
        state = queue.popleft()
        if problem.is_goal(state):
            return walk_back(parent, state, nodes)
        nodes += 1
        check(nodes)
        for move, nxt in problem.successors(state):
            if nxt not in parent:
                parent[nxt] = (state, move)
                queue.append(nxt)
        if len(parent) > limit:
            raise TooManyStates(limit)
    return None


def walk_back(parent: dict, state: Hashable, nodes: int) -> Path:
    """The path from a search's start to ``state`` by the (state, move) links ``parent`` kept."""
    states, moves = [state], []
    link = parent[state]
    while link is not None:
        state, move = link
        states.append(state)
        moves.append(move)
        link = parent[state]
    states.reverse()
    moves.reverse()
    return Path(moves, states, nodes)


def bidirectional_bfs(problem: Problem[S, M], start: S, cancel: Cancel | None = None,
                      limit: int = MAX_STATES, *, memory: int | None = None,
                      seconds: float | None = None) -> Path[S, M] | None:
    """Breadth-first from both ends, always growing the smaller frontier by one whole layer.

    The backward side starts from every goal and follows exact predecessors. When a layer
    produces meetings, the best of them is optimal: had a shorter path existed, one of its
    states would have been seen by both sides before this layer. Raises TooManyStates rather
    than remember more than ``limit`` states (or than ``memory`` bytes hold), OutOfTime rather than
    search longer than ``seconds``.
    """
    if problem.is_goal(start):
        return Path([], [start], 0)
    limit = states_within(start, limit, memory)
    check = _Watch(cancel, seconds)
    fwd: dict[S, tuple[S, M] | None] = {start: None}
    bwd: dict[S, tuple[S, M] | None] = {g: None for g in problem.goals()}
    fdist: dict[S, int] = {start: 0}
    bdist: dict[S, int] = {g: 0 for g in bwd}
    ffront, bfront = [start], list(bwd)
    nodes = 0
    while ffront and bfront:
        forward = len(ffront) <= len(bfront)
        front = ffront if forward else bfront
        seen, dist, other = (fwd, fdist, bdist) if forward else (bwd, bdist, fdist)
        expand = problem.successors if forward else problem.predecessors
        nxt_front: list[S] = []
        best: tuple[int, S] | None = None
        for state in front:
            nodes += 1
            check(nodes)
            d = dist[state] + 1
            for move, nxt in expand(state):
                if nxt in seen:
                    continue
                seen[nxt] = (state, move)
                dist[nxt] = d
                nxt_front.append(nxt)
                if nxt in other and (best is None or d + other[nxt] < best[0]):
                    best = (d + other[nxt], nxt)
            if len(fwd) + len(bwd) > limit:
                raise TooManyStates(limit)
        if best is not None:
            return _join(fwd, bwd, best[1], nodes)
        if forward:
            ffront = nxt_front
        else:
            bfront = nxt_front
    return None


def _join(fwd: dict, bwd: dict, meet: Hashable, nodes: int) -> Path:
    head = walk_back(fwd, meet, nodes)
    states, moves = list(head.states), list(head.moves)
    link = bwd[meet]
    while link is not None:
        state, move = link
        states.append(state)
        moves.append(move)
        link = bwd[state]
    return Path(moves, states, nodes)


def ida_star(problem: Problem[S, M], start: S, h: Heuristic, cancel: Cancel | None = None) -> Path[S, M] | None:
    """Iterative-deepening A*: optimal with an admissible ``h``, memory linear in depth.

    States on the current path are not revisited, which also keeps it finite on
    puzzles with cycles. Returns None when no goal is reachable.
    """
    bound = h(start)
    states: list[S] = [start]
    moves: list[M] = []
    on_path = {start}
    nodes = 0
    inf = float("inf")

    def dfs(g: int) -> float:
        nonlocal nodes
        state = states[-1]
        f = g + h(state)
        if f > bound:
            return f
        if problem.is_goal(state):
            return -1
        nodes += 1
        _check(cancel, nodes)
        least = inf
        for move, nxt in problem.successors(state):
            if nxt in on_path:
                continue
            states.append(nxt)
            moves.append(move)
            on_path.add(nxt)
            t = dfs(g + 1)
            if t == -1:
                return -1
            on_path.discard(nxt)
            states.pop()
            moves.pop()
            least = min(least, t)
        return least

    while True:
        t = dfs(0)
        if t == -1:
            return Path(list(moves), list(states), nodes)
        if t == inf:
            return None
        bound = int(t)
