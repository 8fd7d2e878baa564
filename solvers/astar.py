"""A* with a transposition table, costs compared as (primary, secondary) pairs, within the player's limits.

The bound estimates the primary cost and never overestimates it, and a second bound (0 where none is
given) never overestimates the secondary cost left, so the first goal taken from the queue has the
least primary cost and, of those, the least secondary cost: the queue is ordered by bound-plus-primary,
then second-bound-plus-secondary, so every position on a better line is taken first. Ties after that go
to the position with the most primary cost behind it (the deepest): at a goal the bound is 0, so among
the positions whose sums equal the optimum's, the deepest are nearest a goal, and the last layer of the
search ends as soon as one is reached instead of after every shallower position of that layer.
Positions are remembered under ``key`` (a normal form where several positions are one for the search,
e.g. a Sokoban keeper anywhere in its region), with the position first reached that way.

The least bound-plus-primary taken so far never exceeds the optimum (a position of an optimal line is
always queued with at most that sum), so a search stopped at a limit proves that many: the watch's
``lower_bound``, and LimitReached says so, never that anything found is optimal.
"""
from __future__ import annotations

import heapq
import itertools
import sys
from typing import Callable, Generic, Hashable, Iterable, TypeVar

from solvers.limits import Watch
from solvers.problem import Path

__all__ = ["DEAD", "best_first"]

DEAD = 1 << 30              # a bound this large: no goal can be reached from the position
CHECK_EVERY = 64            # expansions between two looks at the watch
ENTRY_BYTES = 300           # what a remembered position costs beside its own bytes (dict entries, parent link)

S = TypeVar("S")
M = TypeVar("M")


class _Entry(Generic[S, M]):
    __slots__ = ("state", "cost", "parent", "move", "refined")

    def __init__(self, state: S, cost: tuple[int, int], parent: Hashable | None, move: M | None) -> None:
        self.state, self.cost, self.parent, self.move = state, cost, parent, move
        self.refined = False


def best_first(start: S, expand: Callable[[S], Iterable[tuple[M, S, int, int]]], bound: Callable[[S], int],
               is_goal: Callable[[S], bool], watch: Watch, key: Callable[[S], Hashable] = lambda s: s,
               ceiling: int | None = None, second: Callable[[S], int] | None = None,
               deepest: bool = True, refine: Callable[[S], int] | None = None) -> Path[S, M] | None:
    """A line from ``start`` to a goal of least (primary, secondary) cost; ``expand`` gives each move's
    (move, position after, primary cost, secondary cost) and may leave out positions that cannot reach a
    goal; a ``bound`` of DEAD or more cuts a position. ``bound`` is asked of a position ``expand`` gave
    right after it gives it (before the next), and only where the table has it at no lesser cost. ``ceiling``: cut every position whose primary
    cost plus bound exceeds it (a known solution's cost). None where no goal can be reached (under the
    ceiling). ``second``: a bound on the secondary cost left (the same object as ``bound``: its value is
    used for both); ``deepest``: ties to the deepest position (else to the first queued). ``refine``:
    what a position's primary cost left is known to exceed ``bound`` by, asked once when it is first
    taken from the queue (a test too dear for every position queued, e.g. one that needs its moves); a
    position with more goes back into the queue with it added (DEAD or more: cut), so the sum must
    never overestimate either. Raises LimitReached or Cancelled as ``watch`` says."""
    first = bound(start)
    if first >= DEAD or (ceiling is not None and first > ceiling):
        return None
    size = sys.getsizeof(start) + ENTRY_BYTES
    table: dict[Hashable, _Entry[S, M]] = {key(start): _Entry(start, (0, 0), None, None)}
    order = itertools.count()
    same = second is bound
    queue = [(first, first if same else (0 if second is None else second(start)), 0, next(order), (0, 0), key(start))]
    expanded = 0
    watch.lower_bound = max(watch.lower_bound, first)
    while queue:
        f, _f2, _deep, _tie, costs, at = heapq.heappop(queue)
        entry = table[at]
        if entry.cost != costs:   # an older entry of a position reached more cheaply since
            continue
        primary, secondary = costs
        watch.lower_bound = max(watch.lower_bound, f)
        if is_goal(entry.state):
            watch.found = len(table)
            return _walk_back(table, at, expanded)
        if refine is not None and not entry.refined:
            entry.refined = True
            more = refine(entry.state)
            if more >= DEAD or (ceiling is not None and f + more > ceiling):
                continue
            if more > 0:
                heapq.heappush(queue, (f + more, _f2, _deep, next(order), costs, at))
                continue
        expanded += 1
        if expanded % CHECK_EVERY == 0:
            watch.found = len(table)
            watch.check("bound", watch.lower_bound, len(table) * size)
        for move, after, step, extra in expand(entry.state):
            cost = (primary + step, secondary + extra)
            k = key(after)
            known = table.get(k)
            if known is not None and known.cost <= cost:
                continue
            h = bound(after)
            if h >= DEAD or (ceiling is not None and cost[0] + h > ceiling):
                continue
            table[k] = _Entry(after, cost, at, move)
            h2 = h if same else (0 if second is None else second(after))
            heapq.heappush(queue, (cost[0] + h, cost[1] + h2, -cost[0] if deepest else 0, next(order), cost, k))
    watch.found = len(table)
    return None


def _walk_back(table: dict[Hashable, _Entry[S, M]], at: Hashable, expanded: int) -> Path[S, M]:
    """The line that reached ``at``, first position first."""
    states: list[S] = []
    moves: list[M] = []
    here: Hashable | None = at
    while here is not None:
        entry = table[here]
        states.append(entry.state)
        if entry.move is not None:
            moves.append(entry.move)
        here = entry.parent
    return Path(moves[::-1], states[::-1], expanded)
