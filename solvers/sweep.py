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
from solvers.ranking import FREE as FREE_CELL, Ranker, SlotRanker, adjacent_swap_tables, apply_to_layout
from solvers.rules import RuleSet

UNREACHED = 255  # distance byte for "no path to the goal" (all our puzzles need fewer than 255 moves)
Progress = Callable[[float, str], None]


def distance_table(rules: RuleSet, ranker: Ranker, goals: Iterable[bytes], *,
                   progress: Progress | None = None, cancel: Cancel | None = None) -> np.ndarray:
    """uint8 table: optimal number of moves from each ranked position to the nearest goal.

    With a :class:`SlotRanker` the sweep runs in rank space (see :class:`SlotSweep`),
    otherwise over boards, ranking every neighbour.
    """
    if isinstance(ranker, SlotRanker):
        return SlotSweep(rules, ranker).distances(goals, progress=progress, cancel=cancel)
    table = np.full(ranker.size, UNREACHED, dtype=np.uint8)
    boards = _as_boards(goals, rules.ncells)
    table[ranker.rank(boards)] = 0
    owner = np.empty(ranker.size, dtype=np.int32)
    level, done = 0, len(boards)
    while len(boards):
        if cancel is not None and cancel():
            raise Cancelled
        level += 1
        boards = _layer(rules, ranker, boards, owner, table, UNREACHED, _distance_byte(level), backward=True)
        done += len(boards)
        if progress is not None:
            progress(min(done / ranker.size, 1.0) if len(boards) else 1.0, f"distance {level}: {len(boards):,} positions")
    return table


def reachable_mask(rules: RuleSet, ranker: Ranker, start: bytes, *, cancel: Cancel | None = None) -> np.ndarray:
    """Boolean table of every position reachable from ``start`` by legal moves."""
    if isinstance(ranker, SlotRanker):
        return SlotSweep(rules, ranker).reachable(start, cancel=cancel)
    seen = np.zeros(ranker.size, dtype=bool)
    boards = _as_boards([start], rules.ncells)
    seen[ranker.rank(boards)] = True
    owner = np.empty(ranker.size, dtype=np.int32)
    while len(boards):
        if cancel is not None and cancel():
            raise Cancelled
        boards = _layer(rules, ranker, boards, owner, seen, False, True, backward=False)
    return seen


class SlotSweep:
    """Breadth-first sweeps in rank space, for positions ranked by a :class:`SlotRanker`.

    A rank is (slot, arrangement). Every rule that applies in a slot applies to every
    position of that slot, leads to one fixed slot, and permutes the free pieces' reading
    order by one fixed permutation. So a layer of the sweep is, per slot, an array of
    arrangement ranks, and a move maps it with at most one gather through a precomputed
    table (identity when the reading order is unchanged: sideways slides, block shifts).
    No position is ever built or ranked during the sweep. Tables for a permutation are
    composed from adjacent-swap tables (see :func:`adjacent_swap_tables`).
    """

    def __init__(self, rules: RuleSet, ranker: SlotRanker) -> None:
        self.rules = rules
        self.ranker = ranker
        self.arrangement_count = ranker.arrangements.size
        self._index_dtype = np.int32 if self.arrangement_count < 2**31 else np.int64
        self._swaps: dict[int, np.ndarray] = {}
        self._tables: dict[tuple[int, ...], np.ndarray] = {}
        self._moves: dict[bool, list[list[tuple[int, tuple[int, ...] | None]]]] = {}

    # -- transition structure --------------------------------------------------------

    def moves(self, backward: bool) -> list[list[tuple[int, tuple[int, ...] | None]]]:
        """Per slot: (next slot, permutation of the free pieces or None for unchanged)."""
        got = self._moves.get(backward)
        if got is not None:
            return got
        rk = self.ranker
        rules = self.rules.inverse_rules if backward else self.rules.rules
        out = []
        for layout in rk.layouts:
            here = [c for c, v in enumerate(layout) if v == FREE_CELL]
            seen, row = set(), []
            for r in rules:
                nxt = apply_to_layout(layout, r, rk.free_codes)
                if nxt is None:
                    continue
                slot = rk._slot_of.get(nxt)
                if slot is None:
                    continue
                src = {c: r.cells[p] for c, p in zip(r.cells, r.perm)}
                pos = {c: i for i, c in enumerate(here)}
                perm = tuple(pos[src.get(c, c)] for c, v in enumerate(nxt) if v == FREE_CELL)
                key = (slot, None if perm == tuple(range(len(perm))) else perm)
                if key not in seen:
                    seen.add(key)
                    row.append(key)
            out.append(row)
        self._moves[backward] = out
        return out

    def _swap(self, j: int) -> np.ndarray:
        """Arrangement rank after exchanging the free pieces at reading positions j and j+1."""
        if not self._swaps:
            self._swaps = dict(enumerate(adjacent_swap_tables([int(c) for c in self.ranker.arrangements.counts])))
        return self._swaps[j]

    def table(self, perm: tuple[int, ...]) -> np.ndarray:
        """``T[a]`` = rank of arrangement a with its pieces reordered as ``new[j] = old[perm[j]]``."""
        got = self._tables.get(perm)
        if got is not None:
            return got
        # bubble the wanted order into place; each adjacent swap composes one gather
        cur = list(range(len(perm)))
        table: np.ndarray | None = None
        for k, want in enumerate(perm):
            i = cur.index(want)
            while i > k:
                cur[i - 1], cur[i] = cur[i], cur[i - 1]
                swap = self._swap(i - 1)
                table = swap.copy() if table is None else np.take(swap, table)
                i -= 1
        assert table is not None and tuple(cur) == perm
        self._tables[perm] = table
        return table

    # -- sweeps ------------------------------------------------------------------------

    def _seed(self, states: Iterable[bytes]) -> tuple[np.ndarray, dict[int, np.ndarray]]:
        """A fresh grid (slots x arrangements, all UNREACHED but ``states``, which hold 0) and its first frontier."""
        grid = np.full((self.ranker.slots, self.arrangement_count), UNREACHED, dtype=np.uint8)
        boards = _as_boards(states, self.rules.ncells)
        ranks = np.unique(self.ranker.rank(boards))
        slots, arr = np.divmod(ranks, self.arrangement_count)
        frontier = {int(s): arr[slots == s].astype(self._index_dtype) for s in np.unique(slots)}
        for slot, cells in frontier.items():
            grid[slot, cells] = 0
        return grid, frontier

    def _run(self, grid: np.ndarray, frontier: dict[int, np.ndarray], fill: Callable[[int], int],
             backward: bool, progress: Progress | None, cancel: Cancel | None) -> None:
        """Layer by layer from ``frontier``: unmarked cells of ``grid`` (slots x arrangements)
        that a move reaches get ``fill(level)``; UNREACHED marks unvisited cells."""
        moves = self.moves(backward)
        tables = {perm: self.table(perm) for row in moves for _, perm in row if perm is not None}
        level, done, total = 0, sum(len(a) for a in frontier.values()), grid.size
        while frontier:
            if cancel is not None and cancel():
                raise Cancelled
            level += 1
            value = fill(level)
            found: dict[int, list[np.ndarray]] = {}
            for slot, arr in frontier.items():
                for nxt, perm in moves[slot]:
                    # np.take / np.compress: several times faster than fancy indexing here
                    cand = arr if perm is None else np.take(tables[perm], arr)
                    row = grid[nxt]
                    fresh = np.compress(np.take(row, cand) == UNREACHED, cand)
                    if len(fresh):
                        np.put(row, fresh, value)
                        found.setdefault(nxt, []).append(fresh)
            frontier = {s: (parts[0] if len(parts) == 1 else np.concatenate(parts)) for s, parts in found.items()}
            count = sum(len(a) for a in frontier.values())
            done += count
            if progress is not None:
                progress(min(done / total, 1.0) if frontier else 1.0, f"distance {level}: {count:,} positions")

    def distances(self, goals: Iterable[bytes], *, progress: Progress | None = None,
                  cancel: Cancel | None = None) -> np.ndarray:
        grid, frontier = self._seed(goals)
        self._run(grid, frontier, _distance_byte, True, progress, cancel)
        return grid.reshape(-1)

    def reachable(self, start: bytes, *, cancel: Cancel | None = None) -> np.ndarray:
        grid, frontier = self._seed([start])
        self._run(grid, frontier, lambda level: 0, False, None, cancel)
        return (grid != UNREACHED).reshape(-1)


def _distance_byte(level: int) -> int:
    if level >= UNREACHED:
        raise ValueError("distances beyond 254 moves do not fit the table")
    return level


def _layer(rules: RuleSet, ranker: Ranker, boards: np.ndarray, owner: np.ndarray,
           table: np.ndarray, unseen: int | bool, value: int | bool,
           backward: bool, chunk: int = 1 << 17) -> np.ndarray:
    """Boards of the next layer: neighbours of ``boards`` whose ``table`` entry is still
    ``unseen``, each position once; their entries are set to ``value``.

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
        fresh = table[r] == unseen
        if fresh.any():
            r = r[fresh]
            table[r] = value
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


def distance_counts(table: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """How many positions (of ``mask``, or all) lie at each distance byte, UNREACHED included.

    bincount works in intp, so the table is counted in slices, never copied whole to int64.
    """
    counts = np.zeros(UNREACHED + 1, dtype=np.int64)
    chunk = 1 << 20
    for at in range(0, len(table), chunk):
        part = table[at:at + chunk]
        if mask is not None:
            part = part[mask[at:at + chunk]]
        counts += np.bincount(part, minlength=UNREACHED + 1)
    return counts


def analyse(table: np.ndarray, reachable: np.ndarray, ranker: Ranker, hardest_limit: int = 50,
            order: Ranker | None = None) -> Analysis:
    """Figures of a whole space. ``order``: list the hardest positions in the rank order of
    this ranker instead of the table's own (tables built in another rank space list the
    same positions as the puzzle's ranker would)."""
    everything = bool(reachable.all())
    counts = distance_counts(table, None if everything else reachable)
    dead = int(counts[UNREACHED])
    counts = counts[:UNREACHED]
    solvable = int(counts.sum())
    nonzero = np.flatnonzero(counts)
    max_d = int(nonzero[-1]) if len(nonzero) else 0
    counts = counts[:max_d + 1] if solvable else np.zeros(1, dtype=np.int64)
    at_max = table == max_d  # max_d < UNREACHED, so this already excludes dead ends
    if not everything:
        at_max &= reachable
    hardest_ranks = np.flatnonzero(at_max) if solvable else np.empty(0, dtype=np.int64)
    if order is None:
        boards = ranker.unrank(hardest_ranks[:hardest_limit])
    else:
        boards = ranker.unrank(hardest_ranks)
        boards = boards[np.argsort(order.rank(boards), kind="stable")][:hardest_limit]
    return Analysis(
        positions=int(reachable.sum()) if not everything else len(table),
        solvable=solvable,
        dead_ends=dead,
        max_distance=max_d,
        hardest=[bytes(b) for b in boards],
        hardest_count=len(hardest_ranks),
        by_distance=[int(c) for c in counts],
    )
