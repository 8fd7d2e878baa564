"""Whole-space sweeps: every position's distance to the goal in one flat numpy table.

The sweep runs backwards from the goals over exact predecessor moves, layer by layer,
so it is right for one-way puzzles too: positions it never reaches cannot reach the
goal at all. A second, forward sweep from the start marks what a player can actually
reach, so the two together give dead ends.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Protocol

import numpy as np

from solvers.problem import Cancel, Cancelled
from solvers.ranking import (FREE as FREE_CELL, BitmaskRanker, MultisetRanker, Ranker, SlotRanker, SparseRanker,
                             adjacent_swap_tables, apply_to_layout)
from solvers.rules import RuleSet

UNREACHED = 255  # distance byte for "no path to the goal" (all our puzzles need fewer than 255 moves)
Progress = Callable[[float, str], None]

# What a sweep holds at its peak beside its one byte per rank, as measured (peak RSS above the process
# before the build; the README's "Memory" figures), fitted so that every measured peak lies below the estimate.
SLOT_TABLES_FACTOR = 1.35   # rank-space sweeps: the swap and move tables counted once; their peak is 1.29-1.34x that
WIDEST_LAYER = 0.12         # board sweeps: the widest layers measured hold 4.7-9.6 % of the rank space ...
CHILD_BYTES = 1.5           # ... and a chunk's children with their ranks and tallies take 1.3-1.45x what is counted
CHUNK = 1 << 16             # boards of a layer expanded at once
MIN_WORKING_SET = 32 << 20


class OverBudget(Exception):
    """A sweep would hold more memory than its budget: raised before it starts when the estimate is over,
    or as soon as its layers grow past it."""

    def __init__(self, needed: int, budget: int, estimated: bool) -> None:
        super().__init__(f"about {needed >> 20:,} MiB needed, {budget >> 20:,} MiB allowed")
        self.needed = needed
        self.budget = budget
        self.estimated = estimated


def sweep_bytes(rules: RuleSet, ranker: Ranker, reach: bool = False) -> int:
    """The peak memory of building a table over ``ranker`` (with ``reach``: and a one-way puzzle's
    forward reach, a bit per rank twice), estimated before anything large is allocated."""
    size = ranker.size
    bits = 2 * (size + 7) // 8 if reach else 0
    if isinstance(ranker, SlotRanker):
        sweep = SlotSweep(rules, ranker)
        perms = {perm for backward in ((True, False) if reach else (True,)) for row in sweep.moves(backward)
                 for _, perm in row if perm is not None}
        itemsize = np.dtype(sweep._index_dtype).itemsize
        tables = (ranker.nfree - 1 + len(perms)) * ranker.arrangements.size * itemsize
        frontier = 2 * WIDEST_LAYER * size * itemsize
        return int(size + bits + SLOT_TABLES_FACTOR * tables + frontier + MIN_WORKING_SET)
    return int(size + bits + _frontier_bytes(rules, ranker, WIDEST_LAYER * size) * 2 + working_set(rules, ranker))


def working_set(rules: RuleSet, ranker: Ranker) -> int:
    """A board sweep's chunk: its children, their ranks and the ranker's tallies, from the mean number of
    moves of a sample of positions drawn uniformly from the rank space."""
    sample = ranker.unrank(np.random.default_rng(0).integers(0, ranker.size, min(ranker.size, 2048)))
    children = sum(len(c) for c in rules.expand(sample, backward=True)) / max(1, len(sample))
    return max(MIN_WORKING_SET, int(CHILD_BYTES * CHUNK * children * (4 * rules.ncells + 48)))


def _frontier_bytes(rules: RuleSet, ranker: Ranker, boards: float) -> int:
    """Bytes of ``boards`` boards packed in a :class:`Frontier`."""
    if isinstance(ranker, (MultisetRanker, SparseRanker)):
        ncodes = len(ranker.counts)
    else:
        ncodes = 2 if isinstance(ranker, BitmaskRanker) else 256
    bits = next(b for b in (1, 2, 4, 8) if ncodes <= 1 << b)
    return int(boards * -(-rules.ncells * bits // 8))


def _check_estimate(rules: RuleSet, ranker: Ranker, budget: int | None, reach: bool) -> None:
    if budget is not None:
        needed = sweep_bytes(rules, ranker, reach)
        if needed > budget:
            raise OverBudget(needed, budget, estimated=True)


class _Room:
    """The memory a sweep's layers may take: the budget less what it holds throughout."""

    def __init__(self, budget: int | None, held: int) -> None:
        self.left = None if budget is None else budget - held
        self.budget = budget

    def check(self, layers: int) -> None:
        if self.left is not None and self.budget is not None and layers > self.left:
            raise OverBudget(self.budget - self.left + layers, self.budget, estimated=False)


def distance_table(rules: RuleSet, ranker: Ranker, goals: Iterable[bytes], *,
                   progress: Progress | None = None, cancel: Cancel | None = None,
                   budget: int | None = None, reach: bool = False) -> np.ndarray:
    """uint8 table: optimal number of moves from each ranked position to the nearest goal.

    With a :class:`SlotRanker` the sweep runs in rank space (see :class:`SlotSweep`),
    otherwise over boards, ranking every neighbour. With ``budget`` (bytes), OverBudget before
    anything large is allocated when the estimate (with ``reach``: counting the forward sweeps
    to come) is over it, or as soon as the layers grow past it.
    """
    _check_estimate(rules, ranker, budget, reach)
    if isinstance(ranker, SlotRanker):
        return SlotSweep(rules, ranker).distances(goals, progress=progress, cancel=cancel, budget=budget)
    room = _Room(budget, ranker.size + working_set(rules, ranker) if budget is not None else 0)
    table = np.full(ranker.size, UNREACHED, dtype=np.uint8)
    boards = _as_boards(goals, rules.ncells)
    table[ranker.rank(boards)] = 0
    frontier = Frontier.of(boards)
    level, done = 0, len(frontier)
    while len(frontier):
        if cancel is not None and cancel():
            raise Cancelled
        level += 1
        frontier = _layer(rules, ranker, frontier, _Distances(table, _distance_byte(level)), backward=True, room=room)
        done += len(frontier)
        if progress is not None:
            progress(min(done / ranker.size, 1.0) if len(frontier) else 1.0,
                     f"distance {level}: {len(frontier):,} positions")
    return table


def reachable_mask(rules: RuleSet, ranker: Ranker, start: bytes, *, within: np.ndarray | None = None,
                   cancel: Cancel | None = None, budget: int | None = None) -> "PositionSet":
    """Every position reachable from ``start`` by legal moves, one bit each; with ``within``
    (a distance table), only through positions it solves. ``budget``: as for :func:`distance_table`,
    for the memory of this sweep alone."""
    if isinstance(ranker, SlotRanker):
        found = SlotSweep(rules, ranker).reachable(start, cancel=cancel, budget=budget)
        return PositionSet.of(found if within is None else found & (within != UNREACHED))
    room = _Room(budget, (ranker.size + 7) // 8 + working_set(rules, ranker) if budget is not None else 0)
    seen = PositionSet.empty(ranker.size)
    boards = _as_boards([start], rules.ncells)
    first = ranker.rank(boards)
    if within is not None and within[first[0]] == UNREACHED:
        return seen
    seen.add(first)
    frontier = Frontier.of(boards)
    marks: Marks = seen if within is None else _Solvable(seen, within)
    while len(frontier):
        if cancel is not None and cancel():
            raise Cancelled
        frontier = _layer(rules, ranker, frontier, marks, backward=False, room=room)
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
             backward: bool, progress: Progress | None, cancel: Cancel | None, budget: int | None) -> None:
        """Layer by layer from ``frontier``: unmarked cells of ``grid`` (slots x arrangements)
        that a move reaches get ``fill(level)``; UNREACHED marks unvisited cells."""
        moves = self.moves(backward)
        tables = {perm: self.table(perm) for row in moves for _, perm in row if perm is not None}
        self._swaps = {}   # composed into ``tables``: let their memory go before the layers grow (rebuilt if asked)
        room = _Room(budget, grid.nbytes + sum(t.nbytes for t in tables.values()) + MIN_WORKING_SET)
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
            room.check(sum(a.nbytes for a in frontier.values()))
            count = sum(len(a) for a in frontier.values())
            done += count
            if progress is not None:
                progress(min(done / total, 1.0) if frontier else 1.0, f"distance {level}: {count:,} positions")

    def distances(self, goals: Iterable[bytes], *, progress: Progress | None = None,
                  cancel: Cancel | None = None, budget: int | None = None) -> np.ndarray:
        grid, frontier = self._seed(goals)
        self._run(grid, frontier, _distance_byte, True, progress, cancel, budget)
        return grid.reshape(-1)

    def reachable(self, start: bytes, *, cancel: Cancel | None = None, budget: int | None = None) -> np.ndarray:
        grid, frontier = self._seed([start])
        self._run(grid, frontier, lambda level: 0, False, None, cancel, budget)
        return (grid != UNREACHED).reshape(-1)


def _distance_byte(level: int) -> int:
    if level >= UNREACHED:
        raise ValueError("distances beyond 254 moves do not fit the table")
    return level


class PositionSet:
    """A set of positions of a rank space, one bit per rank: a one-way puzzle's reach from
    its start kept beside its distance table at an eighth of a byte table's size."""

    def __init__(self, bits: np.ndarray, size: int) -> None:
        self.bits = bits
        self.size = size

    @classmethod
    def of(cls, mask: np.ndarray) -> "PositionSet":
        return cls(np.packbits(mask, bitorder="little"), len(mask))

    @classmethod
    def empty(cls, size: int) -> "PositionSet":
        return cls(np.zeros((size + 7) >> 3, dtype=np.uint8), size)

    @classmethod
    def full(cls, size: int) -> "PositionSet":
        return cls.of(np.ones(size, dtype=bool))

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, rank: int) -> bool:
        return bool(self.bits[rank >> 3] >> (rank & 7) & 1)

    def has(self, ranks: np.ndarray) -> np.ndarray:
        """For each rank, whether it is in the set."""
        ranks = np.asarray(ranks, dtype=np.int64)
        return (np.take(self.bits, ranks >> 3) >> (ranks & 7).astype(np.uint8) & 1).astype(bool)

    def mask(self, start: int, stop: int) -> np.ndarray:
        """Booleans for ranks ``start`` (a multiple of 8) to ``stop``."""
        assert start % 8 == 0
        return np.unpackbits(self.bits[start >> 3:(stop + 7) >> 3], bitorder="little")[:stop - start].view(bool)

    def count(self) -> int:
        return int(np.take(_ONES, self.bits).sum(dtype=np.int64))

    # as the marks of a sweep (see :func:`_layer`)
    def fresh(self, ranks: np.ndarray) -> np.ndarray:
        return ~self.has(ranks)

    def add(self, ranks: np.ndarray) -> None:
        ranks = np.asarray(ranks, dtype=np.int64)
        np.bitwise_or.at(self.bits, ranks >> 3, np.left_shift(1, ranks & 7).astype(np.uint8))


_ONES = np.array([bin(b).count("1") for b in range(256)], dtype=np.uint8)


@dataclass
class _Solvable:
    """The marks of a forward sweep that keeps to positions a distance table solves."""

    seen: PositionSet
    table: np.ndarray

    def fresh(self, ranks: np.ndarray) -> np.ndarray:
        return (self.table[ranks] != UNREACHED) & self.seen.fresh(ranks)

    def add(self, ranks: np.ndarray) -> None:
        self.seen.add(ranks)


@dataclass
class _Distances:
    """The marks of a backward sweep: a table entry is fresh while UNREACHED; marking writes the layer's distance."""

    table: np.ndarray
    value: int

    def fresh(self, ranks: np.ndarray) -> np.ndarray:
        return self.table[ranks] == UNREACHED

    def add(self, ranks: np.ndarray) -> None:
        self.table[ranks] = self.value


class Frontier:
    """One layer of a board sweep, its boards packed several cells to a byte (codes are
    few, and moves permute them or clear cells), so the widest layer of a large space stays small."""

    def __init__(self, parts: list[np.ndarray], ncells: int, bits: int) -> None:
        self.parts = parts
        self.ncells = ncells
        self.bits = bits

    @classmethod
    def of(cls, boards: np.ndarray) -> "Frontier":
        top = int(boards.max()) if boards.size else 0
        bits = next(b for b in (1, 2, 4, 8) if top < 1 << b)
        frontier = cls([], boards.shape[1], bits)
        frontier.add(boards)
        return frontier

    def empty(self) -> "Frontier":
        return Frontier([], self.ncells, self.bits)

    def __len__(self) -> int:
        return sum(len(p) for p in self.parts)

    @property
    def nbytes(self) -> int:
        return sum(p.nbytes for p in self.parts)

    def add(self, boards: np.ndarray) -> None:
        if self.bits == 8:
            self.parts.append(boards)
            return
        per = 8 // self.bits
        width = -(-self.ncells // per) * per
        padded = np.zeros((len(boards), width), dtype=np.uint8)
        padded[:, :self.ncells] = boards
        cells = padded.reshape(len(boards), width // per, per)
        packed = np.zeros(cells.shape[:2], dtype=np.uint8)
        for k in range(per):
            packed |= cells[:, :, k] << np.uint8(k * self.bits)
        self.parts.append(packed)

    def seal(self) -> None:
        """One part again (small: a few bytes a board), so the next layer runs in full chunks."""
        if len(self.parts) > 1:
            self.parts = [np.concatenate(self.parts)]

    def boards(self, chunk: int) -> Iterator[np.ndarray]:
        """The boards again, ``chunk`` rows at a time."""
        per = 8 // self.bits
        if self.bits == 8:
            unpack = None
        else:   # byte -> its ``per`` cells, as one word to gather
            values = np.arange(256, dtype=np.uint16)[:, None] >> (np.arange(per, dtype=np.uint16) * self.bits)
            cells = (values & ((1 << self.bits) - 1)).astype(np.uint8)
            unpack = cells.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[per]).ravel()
        for part in self.parts:
            for at in range(0, len(part), chunk):
                packed = part[at:at + chunk]
                if unpack is None:
                    yield packed
                    continue
                rows = np.take(unpack, packed).view(np.uint8).reshape(len(packed), -1)
                yield rows if rows.shape[1] == self.ncells else np.ascontiguousarray(rows[:, :self.ncells])


class Marks(Protocol):
    def fresh(self, ranks: np.ndarray) -> np.ndarray: ...

    def add(self, ranks: np.ndarray) -> None: ...


def _layer(rules: RuleSet, ranker: Ranker, frontier: Frontier, marks: Marks, backward: bool,
           chunk: int = CHUNK, room: _Room | None = None) -> Frontier:
    """The next layer: neighbours of the ``frontier`` not yet in ``marks``, each position once;
    they are added to ``marks``.

    Frontiers stay as boards, so nothing is unranked. A position found twice in one chunk is
    kept once (a sort of that chunk's new ranks); a later chunk already sees it marked.
    """
    found = frontier.empty()
    for boards in frontier.boards(chunk):
        children = list(rules.expand(boards, backward=backward))
        if not children:
            continue
        children_all = np.concatenate(children)
        r = ranker.rank(children_all)
        fresh = np.flatnonzero(marks.fresh(r))
        if len(fresh):
            r, first = np.unique(r[fresh], return_index=True)
            marks.add(r)
            found.add(children_all[fresh[first]])
            if room is not None:
                room.check(frontier.nbytes + found.nbytes)
    found.seal()
    return found


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
    reached: bool = True    # ``positions`` counts every position the start reaches; False: only those that can
                            # still win (a table of the solvable part alone), the dead ends not counted

    def solvable_only(self) -> "Analysis":
        """The same figures of a table that holds only the positions that can still win."""
        return Analysis(self.solvable, self.solvable, 0, self.max_distance, self.hardest, self.hardest_count,
                        self.by_distance, reached=False)


def unreached_in(table: np.ndarray) -> int:
    """The entry that marks "no way to the goal" in a table: UNREACHED in one byte per position, the
    largest value of its type in a wider one (distances past 254 moves)."""
    return int(np.iinfo(table.dtype).max)


def distance_counts(table: np.ndarray, mask: PositionSet | None = None) -> np.ndarray:
    """How many positions (of ``mask``, or all) lie at each distance, the table's unreached value
    (:func:`unreached_in`) last.

    bincount works in intp, so the table is counted in slices, never copied whole to int64.
    """
    top = unreached_in(table)
    counts = np.zeros(top + 1, dtype=np.int64)
    chunk = 1 << 20
    for at in range(0, len(table), chunk):
        part = table[at:at + chunk]
        if mask is not None:
            part = part[mask.mask(at, at + len(part))]
        counts += np.bincount(part, minlength=top + 1)
    return counts


def ranks_at(table: np.ndarray, value: int, chunk: int = 1 << 22) -> np.ndarray:
    """Ranks whose entry is ``value``, found a slice at a time (no table-sized temporary)."""
    parts = [np.flatnonzero(table[at:at + chunk] == value) + at for at in range(0, len(table), chunk)]
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.int64)


def analyse(table: np.ndarray, reachable: PositionSet | None, ranker: Ranker, hardest_limit: int = 50,
            order: Ranker | None = None) -> Analysis:
    """Figures of a whole space: of the positions in ``reachable``, or (None) of every
    position that can reach the goal. ``order``: list the hardest positions in the rank order
    of this ranker instead of the table's own (tables built in another rank space list the
    same positions as the puzzle's ranker would)."""
    counts = distance_counts(table, reachable)
    top = unreached_in(table)
    dead = int(counts[top]) if reachable is not None else 0
    counts = counts[:top]
    solvable = int(counts.sum())
    nonzero = np.flatnonzero(counts)
    max_d = int(nonzero[-1]) if len(nonzero) else 0
    counts = counts[:max_d + 1] if solvable else np.zeros(1, dtype=np.int64)
    hardest_ranks = ranks_at(table, max_d) if solvable else np.empty(0, dtype=np.int64)
    if reachable is not None:   # max_d < top, so dead ends are already left out
        hardest_ranks = hardest_ranks[reachable.has(hardest_ranks)]
    if order is None:
        boards = ranker.unrank(hardest_ranks[:hardest_limit])
    else:
        boards = ranker.unrank(hardest_ranks)
        boards = boards[np.argsort(order.rank(boards), kind="stable")][:hardest_limit]
    return Analysis(
        positions=solvable + dead,
        solvable=solvable,
        dead_ends=dead,
        max_distance=max_d,
        hardest=[bytes(b) for b in boards],
        hardest_count=len(hardest_ranks),
        by_distance=[int(c) for c in counts],
    )
