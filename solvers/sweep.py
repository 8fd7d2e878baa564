"""Whole-space sweeps: every position's distance to the goal in one flat numpy table.

The sweep runs backwards from the goals over exact predecessor moves, layer by layer,
so it is right for one-way puzzles too: positions it never reaches cannot reach the
goal at all. A second, forward sweep from the start marks what a player can actually
reach, so the two together give dead ends.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import numpy as np

from solvers.problem import Cancel, Cancelled
from solvers.ranking import Ranker
from solvers.rules import RuleSet

UNREACHED = 255  # distance byte for "no path to the goal" (all our puzzles need fewer than 255 moves)
Progress = Callable[[float, str], None]


def distance_table(rules: RuleSet, ranker: Ranker, goals: Iterable[bytes], *,
                   progress: Progress | None = None, cancel: Cancel | None = None) -> np.ndarray:
    """uint8 table: optimal number of moves from each ranked position to the nearest goal."""
    table = np.full(ranker.size, UNREACHED, dtype=np.uint8)
    boards = _as_boards(goals, rules.ncells)
    table[ranker.rank(boards)] = 0
    owner = np.empty(ranker.size, dtype=np.int32)
    level, done = 0, len(boards)
    while len(boards):
        if cancel is not None and cancel():
            raise Cancelled
        level += 1
        if level >= UNREACHED:
            raise ValueError("distances beyond 254 moves do not fit the table")
        boards = _layer(rules, ranker, boards, owner, lambda r: table[r] == UNREACHED,
                        lambda r: table.__setitem__(r, level), backward=True)
        done += len(boards)
        if progress is not None:
            progress(min(done / ranker.size, 1.0), f"distance {level}: {len(boards):,} positions")
    return table


def reachable_mask(rules: RuleSet, ranker: Ranker, start: bytes, *, cancel: Cancel | None = None) -> np.ndarray:
    """Boolean table of every position reachable from ``start`` by legal moves."""
    seen = np.zeros(ranker.size, dtype=bool)
    boards = _as_boards([start], rules.ncells)
    seen[ranker.rank(boards)] = True
    owner = np.empty(ranker.size, dtype=np.int32)
    while len(boards):
        if cancel is not None and cancel():
            raise Cancelled
        boards = _layer(rules, ranker, boards, owner, lambda r: ~seen[r],
                        lambda r: seen.__setitem__(r, True), backward=False)
    return seen


def _layer(rules: RuleSet, ranker: Ranker, boards: np.ndarray, owner: np.ndarray,
           is_new: Callable[[np.ndarray], np.ndarray], mark: Callable[[np.ndarray], None],
           backward: bool, chunk: int = 1 << 17) -> np.ndarray:
    """Boards of the next layer: unseen neighbours of ``boards``, each position once.

    Frontiers stay as boards, so nothing is unranked; duplicates within the layer are
    dropped by letting every row claim its rank in ``owner`` and keeping the last claimant.
    """
    ranks, found = [], []
    for at in range(0, len(boards), chunk):
        children = list(rules.expand(boards[at:at + chunk], backward=backward))
        if not children:
            continue
        children_all = np.concatenate(children)
        r = ranker.rank(children_all)
        fresh = is_new(r)
        if fresh.any():
            r = r[fresh]
            mark(r)
            ranks.append(r)
            found.append(children_all[fresh])
    if not ranks:
        return np.empty((0, rules.ncells), dtype=np.uint8)
    r = np.concatenate(ranks)
    rows = np.arange(len(r), dtype=np.int32)
    owner[r] = rows
    return np.concatenate(found)[owner[r] == rows]


def _as_boards(states: Iterable[bytes], ncells: int) -> np.ndarray:
    rows = [np.frombuffer(s, dtype=np.uint8) for s in states]
    return np.stack(rows) if rows else np.empty((0, ncells), dtype=np.uint8)


@dataclass(frozen=True)
class Analysis:
    """Summary of a whole space, as reported by ``analyze``."""

    positions: int          # reachable from the start
    solvable: int           # of those, how many can still reach the goal
    dead_ends: int
    max_distance: int
    hardest: list[bytes]    # positions at max_distance (reachable ones)
    hardest_count: int
    by_distance: list[int]  # reachable positions at distance 0, 1, 2, ...


def analyse(table: np.ndarray, reachable: np.ndarray, ranker: Ranker, hardest_limit: int = 50) -> Analysis:
    solvable_mask = reachable & (table != UNREACHED)
    dist = table[solvable_mask]
    counts = np.bincount(dist, minlength=1) if len(dist) else np.zeros(1, dtype=np.int64)
    max_d = int(dist.max()) if len(dist) else 0
    hardest_ranks = np.flatnonzero(solvable_mask & (table == max_d))
    boards = ranker.unrank(hardest_ranks[:hardest_limit])
    return Analysis(
        positions=int(reachable.sum()),
        solvable=int(solvable_mask.sum()),
        dead_ends=int((reachable & (table == UNREACHED)).sum()),
        max_distance=max_d,
        hardest=[bytes(b) for b in boards],
        hardest_count=len(hardest_ranks),
        by_distance=[int(c) for c in counts],
    )
