"""Distance tables over the positions one start can reach, for puzzles whose moves cannot all be
undone (Sokoban's pushes), where the component has dead ends.

As in :mod:`solvers.components`, a position is keyed (:class:`solvers.components.PlacementKeys`, or
anything with ``encode``/``decode``) and the component's sorted keys are the ranks of a one-byte
table. Two things differ for a one-way puzzle. Enumerating the component from the start, a child may
have been met in any earlier layer, not only the last two, so every key seen is kept (in sorted runs
that merge as they grow, like a log-structured set: a lookup searches a few runs, never a list).
And distances come from a breadth-first search *backwards* from the goals over exact predecessors,
kept to the component: what it never reaches cannot reach a goal, so dead ends are marked exactly.
"""
from __future__ import annotations

import time
from typing import Callable, Protocol

import numpy as np

from solvers.components import CHUNK, Expand, TooManyPositions
from solvers.problem import Cancel, Cancelled
from solvers.sweep import UNREACHED, Progress

__all__ = ["Keys", "SortedRuns", "component", "distances", "one_way_table"]


class Keys(Protocol):
    def encode(self, boards: np.ndarray) -> np.ndarray: ...

    def decode(self, keys: np.ndarray) -> np.ndarray: ...


def _member(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    if not len(sorted_set):
        return np.zeros(len(values), dtype=bool)
    at = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[at] == values


class SortedRuns:
    """A growing set of int64 keys as a few sorted runs, each at least twice the next: adding merges the
    smallest runs, so a key is merged O(log n) times and a lookup searches O(log n) runs."""

    def __init__(self) -> None:
        self.runs: list[np.ndarray] = []

    def __len__(self) -> int:
        return sum(len(run) for run in self.runs)

    def has(self, keys: np.ndarray) -> np.ndarray:
        found = np.zeros(len(keys), dtype=bool)
        for run in self.runs:
            found |= _member(keys, run)
        return found

    def add(self, fresh: np.ndarray) -> None:
        """Add sorted keys, none of them in the set yet."""
        if not len(fresh):
            return
        self.runs.append(fresh)
        while len(self.runs) > 1 and len(self.runs[-2]) <= 2 * len(self.runs[-1]):
            last = self.runs.pop()
            merged = np.concatenate((self.runs.pop(), last))
            merged.sort(kind="stable")
            self.runs.append(merged)

    def sorted(self) -> np.ndarray:
        if not self.runs:
            return np.empty(0, dtype=np.int64)
        whole = np.concatenate(self.runs)
        whole.sort()
        return whole


class _Watch:
    """Cancelled when the caller says so, TooManyPositions past ``seconds`` (None: no limit)."""

    def __init__(self, cancel: Cancel | None, seconds: float | None) -> None:
        self.cancel = cancel
        self.deadline = None if seconds is None else time.monotonic() + seconds

    def __call__(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TooManyPositions("the table took longer than allowed")


def component(start: np.ndarray, expand: Expand, keys: Keys, *, limit: int, watch: Callable[[], None],
              progress: Progress | None = None) -> np.ndarray:
    """The sorted keys of every position reachable from the ``start`` boards."""
    seen = SortedRuns()
    first_keys, first = np.unique(keys.encode(start), return_index=True)
    seen.add(first_keys)
    frontier = np.asarray(start, dtype=np.uint8)[first]
    while len(frontier):
        found_keys, found_boards = [], []
        for at in range(0, len(frontier), CHUNK):
            watch()
            children = expand(frontier[at:at + CHUNK])
            if not len(children):
                continue
            k, index = np.unique(keys.encode(children), return_index=True)
            fresh = ~seen.has(k)
            found_keys.append(k[fresh])
            found_boards.append(children[index[fresh]])
        if not found_keys:
            break
        k, index = np.unique(np.concatenate(found_keys), return_index=True)
        frontier = np.concatenate(found_boards)[index]
        seen.add(k)
        if len(seen) > limit:
            raise TooManyPositions(f"more than {limit:,} positions")
        if progress is not None:
            progress(0.0, f"exploring: {len(seen):,} positions")
    return seen.sorted()


def distances(members: np.ndarray, is_goal: Callable[[np.ndarray], np.ndarray], backward: Expand, keys: Keys, *,
              watch: Callable[[], None], progress: Progress | None = None) -> np.ndarray:
    """Per member key: the fewest moves to a goal among the members, UNREACHED for none, found
    backwards from the goals over exact predecessors (``backward``), never leaving the members."""
    table = np.full(len(members), UNREACHED, dtype=np.uint8)
    goals = []
    for at in range(0, len(members), CHUNK):
        watch()
        boards = keys.decode(members[at:at + CHUNK])
        goals.append(np.flatnonzero(is_goal(boards)) + at)
    seeds = np.concatenate(goals) if goals else np.empty(0, dtype=np.int64)
    table[seeds] = 0
    frontier = keys.decode(members[seeds])
    done, depth = len(seeds), 0
    while len(frontier):
        depth += 1
        if depth >= UNREACHED:
            raise TooManyPositions("distances beyond 254 moves do not fit the table")
        found = []
        for at in range(0, len(frontier), CHUNK):
            watch()
            parents = backward(frontier[at:at + CHUNK])
            if not len(parents):
                continue
            k = keys.encode(parents)
            index = np.minimum(np.searchsorted(members, k), len(members) - 1)
            fresh = (members[index] == k) & (table[index] == UNREACHED)
            index, first = np.unique(index[fresh], return_index=True)
            table[index] = depth
            found.append(parents[np.flatnonzero(fresh)[first]])
        frontier = np.concatenate(found) if found else np.empty((0, frontier.shape[1]), dtype=np.uint8)
        done += len(frontier)
        if progress is not None:
            progress(min(1.0, done / max(1, len(members))), f"distances: {done:,} positions")
    return table


def one_way_table(start: bytes, is_goal: Callable[[np.ndarray], np.ndarray], forward: Expand, backward: Expand,
                  keys: Keys, *, limit: int, cancel: Cancel | None = None, seconds: float | None = None,
                  progress: Progress | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(sorted keys of the start's component, distance to the nearest goal of each, UNREACHED for none).

    ``forward`` gives every successor of a block of boards, ``backward`` every predecessor (duplicates
    allowed in both). Raises TooManyPositions past ``limit`` positions or ``seconds``, Cancelled when
    ``cancel()`` says so."""
    watch = _Watch(cancel, seconds)
    half = None if progress is None else (lambda f, m: progress(0.5 * f, m))
    members = component(np.frombuffer(start, dtype=np.uint8)[None], forward, keys, limit=limit, watch=watch,
                        progress=half)
    rest = None if progress is None else (lambda f, m: progress(0.5 + 0.5 * f, m))
    table = distances(members, is_goal, backward, keys, watch=watch, progress=rest)
    if progress is not None:
        progress(1.0, f"{len(members):,} positions")
    return members, table
