"""A table's entries checked where they are used, by the equation every distance table holds.

A sweep from the goals gives each position the entry its successors' entries make it: 0 exactly at
a goal; elsewhere one more than the least of its successors' entries, or "no way" (a dead end)
exactly where every successor is a dead end. Loading a large table checks only a sample of its
entries against this (:func:`solvers.tables.consistent`), so an entry changed on its own, its
checksum recomputed, may pass the load. It cannot pass here: the true table holds the equation
everywhere, so a changed entry breaks its own equation (its successors' entries are untouched).
Hence every entry the game shows or walks is checked before it is used, each for the cost of its
successors' lookups, and once per table:

- a line walked down the table is a shortest one when it ends at a goal, its entries fall by one a
  move and each of them holds (the first is then true, and it is the line's length);
- a hint holds when its position's entry and the entry of the successor it names hold;
- move marks hold when the position's entry and the entry of each successor they mark hold.

This module knows nothing of the game: a position is bytes, and the table is seen through three
functions (a position's entry, its successors, whether it is a goal), and, where the table's owner
has one, a fourth that checks many entries at once in numpy (as a table's load check does: the
same equation, ten times faster than position by position).
"""
from __future__ import annotations

import threading
import time
from typing import Callable, Iterable, Sequence

import numpy as np

from solvers.components import ComponentRanker, PlacementKeys
from solvers.rules import RuleMatrix
from solvers.tables import DistanceTable, fewest, steps_hold

__all__ = ["Entries", "by_rules", "entry_holds", "in_component"]

Value = Callable[[bytes], "int | None"]            # a position's entry: moves to the goal, None for no way
Successors = Callable[[bytes], Iterable[bytes]]    # the positions one move (of the table's count) away
Goal = Callable[[bytes], bool]
Batch = Callable[[Sequence[bytes]], "bool | None"]   # whether every entry holds (None: cannot tell these)

REMEMBERED = 1 << 16   # positions found to hold kept per table, so a position shown again costs one lookup
FEW = 8                # entries checked at once up to which numpy's fixed cost is measured apart (a mark's, say)


def entry_holds(state: bytes, value: Value, successors: Successors, is_goal: Goal) -> bool:
    """Whether the entry of ``state`` is what its successors' entries make it: 0 exactly at a goal,
    elsewhere one more than the least of theirs, None exactly where every one of theirs is None."""
    here = value(state)
    if is_goal(state):
        return here == 0
    best: int | None = None
    for after in successors(state):
        got = value(after)
        if got is not None and (best is None or got < best):
            best = got
            if here is not None and best < here - 1:
                return False   # a successor nearer than the entry allows: no need to look further
    return here == (None if best is None else best + 1)


class Entries:
    """One table's entries, checked by :func:`entry_holds` (or ``batch``, many at once) where they are
    used. What held once is remembered (the table does not change), up to REMEMBERED positions."""

    def __init__(self, value: Value, successors: Successors, is_goal: Goal, batch: Batch | None = None) -> None:
        self.value = value
        self.successors = successors
        self.is_goal = is_goal
        self.batch = batch
        self._held: set[bytes] = set()
        self._lock = threading.Lock()
        # seconds an entry, by batch (True) or one by one (False), for few entries or many, as measured
        self._cost: dict[tuple[bool, bool], float] = {}

    def forget(self) -> None:
        """Forget which entries held (what the ways of checking cost is kept): for measuring."""
        with self._lock:
            self._held.clear()

    def _check(self, todo: list[bytes]) -> bool:
        """Whether every entry of ``todo`` holds, by whichever way has cost less an entry so far (each is
        tried once first): numpy's fixed cost outweighs its speed on a few entries of a puzzle whose moves
        are cheap to list, and not on a robots' board, whose slides are dear."""
        many = len(todo) > FEW
        batch, one = self._cost.get((True, many)), self._cost.get((False, many))
        by_batch = self.batch is not None and (batch is None or (one is not None and batch <= one))
        started = time.perf_counter()
        held = self.batch(todo) if by_batch and self.batch is not None else None
        if held is None:
            by_batch = False
            held = all(entry_holds(state, self.value, self.successors, self.is_goal) for state in todo)
        cost, known = (time.perf_counter() - started) / len(todo), self._cost.get((by_batch, many))
        self._cost[by_batch, many] = cost if known is None else 0.8 * known + 0.2 * cost
        return held

    def holds(self, state: bytes) -> bool:
        """Whether the entry of ``state`` holds (:func:`entry_holds`)."""
        return self.all_hold([state])

    def all_hold(self, states: Iterable[bytes]) -> bool:
        """Whether the entry of every one of ``states`` holds."""
        with self._lock:
            todo = [state for state in dict.fromkeys(bytes(s) for s in states) if state not in self._held]
        if not todo:
            return True
        held = self._check(todo)
        if held:
            with self._lock:
                if len(self._held) + len(todo) > REMEMBERED:
                    self._held.clear()
                self._held.update(todo)
        return held

    def line_holds(self, states: Sequence[bytes]) -> bool:
        """Whether a line (its positions, from the first to the last) is a shortest one as the table
        tells it: the last a goal, the entries falling by one a move, and every entry holding. About
        the line's length times the moves of a position in lookups."""
        if not states or not self.is_goal(states[-1]):
            return False
        last = len(states) - 1
        return all(self.value(state) == last - i for i, state in enumerate(states)) and self.all_hold(states)


# -- many entries at once ------------------------------------------------------------------------

def by_rules(table: DistanceTable, matrix: RuleMatrix, is_goal: Goal) -> Batch:
    """The entries of a one-byte table of every rank checked many at once, as its load check does: the
    successors by the rules' matrix, the least of their entries by numpy."""
    def hold(states: Sequence[bytes]) -> bool | None:
        if any(table.rank(state) is None for state in states):
            return None
        boards = np.stack([np.frombuffer(state, dtype=np.uint8) for state in states])
        rows, _rules, children = matrix.step(boards)
        best = fewest(len(states), rows, table.table[table.ranker.rank(children)])
        at_goal = np.array([is_goal(state) for state in states])
        return steps_hold(table.table[table.ranker.rank(boards)], at_goal, best)

    return hold


Moved = Callable[[np.ndarray], "tuple[np.ndarray, np.ndarray]"]   # boards -> (row, successor) of every move


def in_component(table: DistanceTable, keys: PlacementKeys, successors_of: Moved,
                 goal_mask: Callable[[np.ndarray], np.ndarray]) -> Batch:
    """The entries of a table of a component (:class:`solvers.components.ComponentRanker`) checked many at
    once: the positions as the table keys them, and every successor in the component (else the keys are
    not the component's, and nothing holds)."""
    ranker = table.ranker
    assert isinstance(ranker, ComponentRanker)
    known = ranker.sorted_keys

    def hold(states: Sequence[bytes]) -> bool | None:
        ranks = [table.rank(state) for state in states]
        if None in ranks:
            return None
        chosen = np.array(ranks, dtype=np.int64)
        boards = ranker.unrank(chosen)
        rows, children = successors_of(boards)
        child_keys = keys.encode(children)
        found = np.minimum(np.searchsorted(known, child_keys), len(known) - 1)
        if not (known[found] == child_keys).all():
            return False
        return steps_hold(table.table[chosen], goal_mask(boards), fewest(len(chosen), rows, table.table[found]))

    return hold
