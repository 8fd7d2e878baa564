"""Sliding tiles on rectangles of 12 to 25 cells (3x4 to 5x5, the 15-puzzle among them): pattern
databases built for the board, IDA* over them, and answers that say whether they are proven.

Boards of up to ten cells have a complete table instead (:mod:`solvers.sweep`). The 15-puzzle is the
layout :data:`FIFTEEN` (4x4, the blank's goal last), its 7-7-1 tables built, checked and searched here;
:mod:`solvers.fifteen` adds its table-free and numpy searches for a computer without numba. Here each board
has a partition of its tiles into groups chosen for it (:data:`PARTITIONS`): compact blocks as
large as a table of at most about thirty million placements allows, so every table builds in
seconds and all of a board's fit in well under 100 MB (the 15-puzzle's two 7-tile tables, 58 million
placements each, take about a minute to build once and make its searches fast). On a square board the tables are looked
up for the mirror image too. Positions are named as the standard goal names them, the blank's
goal on any cell (a goal of another arrangement is renamed to this one by the caller).

Until a board's tables are in, searches use tables of single tiles: their Manhattan distance,
compiled the same way. Cached tables are checked on load (:func:`holds`): the library's boards' byte
for byte against the digests of the tables built, any other by a sample (:func:`plausible`).
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cache as memoised, partial
from typing import Callable, Sequence

import numpy as np

from solvers import cache, pattern_db, tiles_pdb
from solvers import tables as tables_module
from solvers.problem import Cancel, Cancelled
from solvers.sliding import states_along
from solvers.tiles_search import Outcome, TileSearch

__all__ = ["BUILT_DIGESTS", "FIFTEEN", "Layout", "PARTITIONS", "Solver", "Tables", "build_table", "holds",
           "load_tables", "manhattan_solver", "partitions", "plausible"]

TABLE_VERSION = 1
Tables = tuple[np.ndarray, ...]      # one ranked table per group of the layout's partition
Progress = Callable[[float, str], None]

Partition = tuple[tuple[int, ...], ...]

# The partitions of boards at least as tall as wide; a wider board takes the same groups transposed.
# Tiles are named by the standard goal (reading order, the blank last). A square board looks its one
# partition up on the board and on its mirror image; a board with two partitions looks both up.
PARTITIONS: dict[tuple[int, int], tuple[Partition, ...]] = {
    # 1 2 3 / 4 5 6 / 7 8 9 / 10 11 .: the top two rows and 7, then the rest (4 million placements)
    (3, 4): (((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11)),),
    # the upper and the lower two rows, then 13 and 14; again by columns (3.6 million placements each)
    (3, 5): (((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12), (13, 14)),
             ((1, 2, 4, 5, 7, 8), (3, 6, 9, 10, 11, 12), (13, 14))),
    # the 15-puzzle's 7-7-1: the bottom two rows, the top two but tile 1, and tile 1 (its Manhattan distance)
    (4, 4): (((9, 10, 11, 12, 13, 14, 15), (2, 3, 4, 5, 6, 7, 8), (1,)),),
    # four corners of 5, 5, 5 and 4 tiles, and a second cut across them (1.9 million placements each):
    # one partition of six-tile groups would hold 28 million placements each and take minutes to build
    (4, 5): (((1, 2, 5, 6, 9), (3, 4, 7, 8, 12), (10, 13, 14, 17, 18), (11, 15, 16, 19)),
             ((1, 2, 3, 4, 8), (5, 6, 7, 9, 10), (11, 12, 14, 15, 16), (13, 17, 18, 19))),
    # four blocks of five and the four tiles about the blank (6.4 million placements each): six-tile
    # groups would be 128 million placements and minutes of building each
    (5, 5): (((1, 2, 3, 6, 7), (4, 5, 8, 9, 10), (11, 12, 16, 17, 21), (13, 18, 22, 23, 24), (14, 15, 19, 20)),),
}


# The SHA-256 of each table of the library's boards (width, height, the blank's goal cell, the group), as
# built: a table is a fixed function of these, so a cached one is used only byte for byte (one entry
# changed, or any number, fails, whatever checksum its file carries). Tables of other layouts (a puzzle
# file's board, a goal with the blank elsewhere) are checked by a sample (:func:`plausible`), which a
# few raised entries can pass: see the README's "Reliability". The slow test
# test_the_library_boards_tables_are_the_ones_whose_digests_are_known builds them and compares.
BUILT_DIGESTS: dict[tuple[int, int, int, tuple[int, ...]], str] = {
    # the 15-puzzle: its 7-7-1, and the 6-6-3 it takes where numba is missing
    (4, 4, 15, (9, 10, 11, 12, 13, 14, 15)): "71a32503b76c04e4b63c62dfe22c6cf13f5a3985f76633b1ad013676b8ff2e80",
    (4, 4, 15, (2, 3, 4, 5, 6, 7, 8)): "f0e0dda50436e3645cb6fc08df1614efcd3a4e0e6c66b6e4d7bb7828bb0407ee",
    (4, 4, 15, (1,)): "ed1e883272c7fd16fd28ff745dbef2bcddc38945be529d7a7796c1d50e918d46",
    (4, 4, 15, (1, 5, 6, 9, 10, 13)): "e6a80507004979a8e749bf4fe35d8fd7e0f27567d7e1c42c225b06904a0c918e",
    (4, 4, 15, (7, 8, 11, 12, 14, 15)): "c55451bd3946f8f8d7f077b682b08835735b79d3d33cfbeed32e9811c9abce98",
    (4, 4, 15, (2, 3, 4)): "ddc146796f459f7ebcc431bc25c74ac2aa4d4e19df757286884a48810e31b466",
    (3, 4, 11, (1, 2, 3, 4, 5, 6, 7)): "ef97247f7f69b22284a11b6adfb0a9de5e7f0b171918a2ea61f2b7d6f8cab759",
    (3, 4, 11, (8, 9, 10, 11)): "989051c892bea7dc53e9c6ab307cfe03af5b77a1c79e6a95a9ebf618e67c1da9",
    (4, 5, 19, (1, 2, 5, 6, 9)): "3c069474683d09b382fcf87e5b580bf745111072edb711edfd0e18f0eb2072e1",
    (4, 5, 19, (3, 4, 7, 8, 12)): "1d44611c2387388944497d82f048fa83d1b5a8d6fa8bc228559c9b8d76b58813",
    (4, 5, 19, (10, 13, 14, 17, 18)): "ef23ceaeb6fd88d1330d3ffc31439e700ccaf83bda9870b9051db730070a7097",
    (4, 5, 19, (11, 15, 16, 19)): "09a5a7da278a9ec50e8f34875ebb232b450ace8267f1e4aa92e746ed172d1a9a",
    (4, 5, 19, (1, 2, 3, 4, 8)): "90b1bb55ed8fd2d5e8580fb6d57c7e4185a3969b58a6054a086d187978728329",
    (4, 5, 19, (5, 6, 7, 9, 10)): "427803974f886431b36d4219e2a45a32a2ad1eb08f3690f7eeb9316ed217594d",
    (4, 5, 19, (11, 12, 14, 15, 16)): "9fe5b1b4f9d6df99acccd2916ded74fca9294f361f8a8cae8e63fde07b3cc43f",
    (4, 5, 19, (13, 17, 18, 19)): "376b602304d87ccff77926e43bd08d1163fc626d616be163d5a12e5d0c118984",
    (5, 5, 24, (1, 2, 3, 6, 7)): "a990c9e4b4a1470b1aabfb57d86f0d629ae96a284c087310766a11ee7cd95500",
    (5, 5, 24, (4, 5, 8, 9, 10)): "cb0d24ce919b77143646d4e4dae2054f32750738e254506e4a2f351005e5da30",
    (5, 5, 24, (11, 12, 16, 17, 21)): "176a20b2819c00baebb0bde0ccb7733f94e6713e4abdb6beae571bfa2b8d5925",
    (5, 5, 24, (13, 18, 22, 23, 24)): "d0ddf1d1205c9dc88ac4a8207c0ee639d2677029e53822abca359e3a2b6e59e2",
    (5, 5, 24, (14, 15, 19, 20)): "b0ee100cdd53e5cc6605cb69c431b6b42e2380fb4a8275bbf7a91b5f265b5ad5",
}


def partitions(width: int, height: int) -> tuple[Partition, ...]:
    """The partitions of a board (each holds every tile once), transposed for a wide board."""
    if (width, height) in PARTITIONS:
        return PARTITIONS[width, height]
    if (height, width) not in PARTITIONS:
        raise ValueError(f"no pattern databases for a {width}x{height} board.")
    # tile t of the tall board stands on (row, column) = divmod(t - 1, height); transposed: (column, row)
    return tuple(tuple(tuple(sorted(((t - 1) % height) * width + (t - 1) // height + 1 for t in group))
                       for group in cut) for cut in PARTITIONS[height, width])


@dataclass(frozen=True)
class Layout:
    """A board and the blank's goal cell: what a set of tables is built for."""

    width: int
    height: int
    blank: int

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def partitions(self) -> tuple[Partition, ...]:
        return partitions(self.width, self.height)

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """Every group of every partition once, in order: what the tables are built for."""
        return tuple(dict.fromkeys(g for cut in self.partitions for g in cut))

    def table_name(self, group: Sequence[int]) -> str:
        return self.table_file(group)[0]

    def table_file(self, group: Sequence[int]) -> tuple[str, int, dict[str, str | int]]:
        """The cache name, format version and description of the table of ``group``. The 15-puzzle's keep
        those they had when it had a solver of its own (the tables are the same bytes), so the tables in a
        player's cache stay in use."""
        tiles = ",".join(map(str, group))
        if self == FIFTEEN:
            return "pdb15-" + "-".join(map(str, group)), 2, {"board": "4x4", "tiles": tiles, "index": "ranked"}
        return (f"pdbtiles-{self.width}x{self.height}-b{self.blank}-" + "-".join(map(str, group)), TABLE_VERSION,
                {"board": f"{self.width}x{self.height}", "blank": self.blank, "tiles": tiles})

    def goal(self) -> bytes:
        """The goal: tiles in reading order around the blank's cell."""
        n = self.cells
        order = list(range(1, n))
        order.insert(self.blank, 0)
        return bytes(order)

    def size(self, group: Sequence[int]) -> int:
        return tiles_pdb.placements(len(group), self.cells)


FIFTEEN = Layout(4, 4, 15)    # the 15-puzzle: its tables and search are this layout's (see solvers.fifteen)


# ---------------------------------------------------------------------------------------------
# Tables


class _NotCached(Exception):
    """A table is missing or damaged and the caller asked not to build it."""


def load_tables(layout: Layout, progress: Progress | None = None, build: bool = True,
                groups: Sequence[Sequence[int]] | None = None) -> Tables | None:
    """Each group's table (``groups``, by default the layout's) from the cache, building what is missing or
    fails the checks (or, with ``build=False``, None as soon as one is not usable from the cache).

    The tables lie one after another in one buffer, where the search looks them up without a copy (the
    15-puzzle's are 115 MB). A table built here is read back from the cache once the others are built,
    so no build runs beside a finished table."""
    cut = layout.groups if groups is None else tuple(tuple(g) for g in groups)
    starts = np.cumsum([0] + [layout.size(g) for g in cut])
    total = int(starts[-1])
    joined = np.empty(total, dtype=np.uint8)
    later = []
    for i, group in enumerate(cut):
        def step(fraction: float, message: str, i: int = i) -> None:
            if progress is not None:
                progress((starts[i] + fraction * (starts[i + 1] - starts[i])) / total, message)

        built: list[bool] = []

        def make(group: Sequence[int] = group, step: Progress = step, built: list[bool] = built) -> np.ndarray:
            if not build:
                raise _NotCached
            built.append(True)
            return build_table(layout, group, step)

        try:
            table = _load_or_build(layout, group, make)
        except _NotCached:
            return None
        if built and cache.array_path(layout.table_name(group)).is_file():
            later.append(i)              # read back below (an unwritable cache: kept now)
        else:
            joined[starts[i]:starts[i + 1]] = table
        del table
    for i in later:
        joined[starts[i]:starts[i + 1]] = _load_or_build(layout, cut[i], partial(build_table, layout, cut[i]))
    if progress is not None:
        progress(1.0, "tables ready")
    return tuple(joined[starts[i]:starts[i + 1]] for i in range(len(cut)))


def _load_or_build(layout: Layout, group: Sequence[int], make: Callable[[], np.ndarray]) -> np.ndarray:
    """The cached table of ``group`` if it passes the load checks (:func:`holds`), else ``make()`` (cached)."""
    name, version, meta = layout.table_file(group)

    def check(table: np.ndarray) -> bool:
        return holds(layout, group, table)

    return tables_module.load_or_build(name, make, version, size=layout.size(group), meta=meta, validate=check)


def build_table(layout: Layout, group: Sequence[int], progress: Progress | None = None) -> np.ndarray:
    """The ranked table of ``group``: compiled (numba), the only way to build 7-tile tables within minutes
    and a few hundred megabytes; without numba, groups of up to 6 tiles on boards of up to 16 cells are
    built densely in numpy and re-indexed (:mod:`solvers.pattern_db`)."""
    if tiles_pdb.available():
        return tiles_pdb.build(layout.width, layout.height, group, layout.blank, progress)
    if len(group) > 6 or layout.cells > 16:
        raise ValueError("pattern groups of more than 6 tiles, or on more than 16 cells, need numba to be built.")
    dense = pattern_db.build(layout.width, layout.height, group, layout.goal(), progress)
    return pattern_db.dense_to_ranked(dense, len(group), layout.cells)


@memoised
def manhattan_solver(layout: Layout) -> "Solver":
    """The search over tables of single tiles: each tile's Manhattan distance (one tile never walls the
    blank off), built in a moment; what answers until the board's own tables are in."""
    singles = tuple((t,) for t in range(1, layout.cells))
    tables = tuple(tiles_pdb.build(layout.width, layout.height, g, layout.blank) for g in singles)
    return Solver(layout, (singles,), tables, "manhattan")


def _goal_cells(layout: Layout, group: Sequence[int]) -> np.ndarray:
    return np.array([t - 1 + (t - 1 >= layout.blank) for t in group], dtype=np.int64)


def holds(layout: Layout, group: Sequence[int], table: np.ndarray) -> bool:
    """Whether a loaded table of ``group`` may be used: byte for byte the table built where its digest is
    known (:data:`BUILT_DIGESTS`), else it passes the sampled checks of :func:`plausible`."""
    known = BUILT_DIGESTS.get((layout.width, layout.height, layout.blank, tuple(group)))
    if known is None:
        return plausible(layout, group, table)
    return table.dtype == np.uint8 and table.ndim == 1 and hashlib.sha256(np.ascontiguousarray(table).data).hexdigest() == known


def plausible(layout: Layout, group: Sequence[int], table: np.ndarray, samples: int = 3000,
              rng: np.random.Generator | None = None) -> bool:
    """Whether the ranked table of ``group`` passes the checks a true one always passes.

    0 at the goal placement and nowhere else, 1 one move from the goal; on ``samples`` random
    placements and as many met on random walks from the goal, with every placement one tile step
    away: each value reachable, of the parity of the group's Manhattan distance and at least that distance; one step changes a value
    by an odd amount; some neighbour lower (a value > 0); and none more than one above a neighbour
    whose free cells form one region (the blank can be anywhere there). A sample cannot see every
    entry: this finds damage and forgeries of many entries, not a handful chosen to hide.
    """
    n, k = layout.cells, len(group)
    if table.shape != (layout.size(group),) or table.dtype != np.uint8:
        return False
    homes = _goal_cells(layout, group)
    goal = int(tiles_pdb.ranks(homes[None, :], n)[0])
    if table[goal] != 0 or not _first_moves_cost_one(layout, homes, table):
        return False
    rng = rng if rng is not None else np.random.default_rng()
    cells = np.concatenate([tiles_pdb.unrank(rng.integers(0, table.size, samples), k, n), _walks(layout, homes, samples, rng)])
    value = table[tiles_pdb.ranks(cells, n)].astype(np.int64)
    rows, cols = np.divmod(cells, layout.width)
    manhattan = (np.abs(rows - homes // layout.width) + np.abs(cols - homes % layout.width)).sum(axis=1)
    at_goal = (cells == homes).all(axis=1)
    if (value == tiles_pdb.UNSEEN).any() or ((value == 0) != at_goal).any():
        return False
    if (value < manhattan).any() or ((value - manhattan) % 2).any():
        return False
    near, whole = _neighbours(layout, cells)
    seen = near >= 0
    nearby = np.where(seen, table[np.maximum(near, 0)].astype(np.int64), 1 << 20)
    if (nearby[seen] == tiles_pdb.UNSEEN).any() or ((nearby - value[:, None])[seen] % 2 == 0).any():
        return False
    if ((value > 0) & (nearby.min(axis=1) >= value)).any():
        return False
    return bool((value <= np.where(whole & seen, nearby, 1 << 20).min(axis=1) + 1).all())


def _first_moves_cost_one(layout: Layout, homes: np.ndarray, table: np.ndarray) -> bool:
    """The placements one move from the goal state (a tile next to the blank's region, the blank on its goal
    cell) are worth exactly 1."""
    steps, full, not_first, not_last = tiles_pdb.geometry(layout.width, layout.height)
    free = np.array([full & ~int((np.int64(1) << homes).sum())], dtype=np.int64)
    region = int(_flood(np.array([1 << layout.blank], dtype=np.int64), free, layout.width, not_first, not_last)[0])
    for i, cell in enumerate(homes):
        for q in steps[cell]:
            if q >= 0 and (region >> int(q)) & 1:
                moved = homes.copy()
                moved[i] = q
                if table[int(tiles_pdb.ranks(moved[None, :], layout.cells)[0])] != 1:
                    return False
    return True


def _walks(layout: Layout, homes: np.ndarray, count: int, rng: np.random.Generator, length: int = 40) -> np.ndarray:
    """Placements met by random walks of single tile steps from the goal placement."""
    steps = tiles_pdb.geometry(layout.width, layout.height)[0]
    walkers = max(1, count // length)
    cells = np.repeat(homes[None, :], walkers, axis=0)
    rows, k, met = np.arange(walkers), homes.size, []
    for _ in range(length):
        tile, direction = rng.integers(0, k, walkers), rng.integers(0, 4, walkers)
        q = steps[cells[rows, tile], direction]
        free = (q >= 0) & ~(cells == q[:, None]).any(axis=1)
        cells[rows[free], tile[free]] = q[free]
        met.append(cells.copy())
    return np.concatenate(met)


def _neighbours(layout: Layout, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For rows of tile cells: the rank of each placement one tile step away (-1 where the step
    leaves the board or meets a tile), and whether that placement's free cells form one region."""
    n, (rows, k) = layout.cells, cells.shape
    steps, full, not_first, not_last = tiles_pdb.geometry(layout.width, layout.height)
    occupied = (np.int64(1) << cells).sum(axis=1)
    near = np.full((rows, 4 * k), -1, dtype=np.int64)
    whole = np.zeros((rows, 4 * k), dtype=bool)
    for i in range(k):
        for d in range(4):
            q = steps[cells[:, i], d]
            ok = (q >= 0) & (((occupied >> np.maximum(q, 0)) & 1) == 0)
            moved = cells.copy()
            moved[:, i] = np.where(ok, q, cells[:, i])
            near[:, 4 * i + d] = np.where(ok, tiles_pdb.ranks(moved, n), -1)
            free = full & ~(np.int64(1) << moved).sum(axis=1)
            whole[:, 4 * i + d] = ok & (_flood(free & -free, free, layout.width, not_first, not_last) == free)
    return near, whole


def _flood(seed: np.ndarray, free: np.ndarray, width: int, not_first: int, not_last: int) -> np.ndarray:
    """The cells of each ``free`` mask connected to its ``seed`` (vectorised)."""
    reach = seed & free
    while True:
        grown = (reach | (reach << width) | (reach >> width) | ((reach << 1) & not_first)
                 | ((reach >> 1) & not_last)) & free
        if np.array_equal(grown, reach):
            return reach
        reach = grown


# ---------------------------------------------------------------------------------------------
# Searching


@dataclass(frozen=True)
class Found:
    """A line from a position: its boards, the nodes searched, and what is proven about it. ``optimal``:
    no shorter line exists. Otherwise ``weight`` bounds it (at most that many times the shortest) and
    ``at_least`` is a proven lower bound of the shortest."""

    states: tuple[bytes, ...]
    nodes: int
    optimal: bool
    at_least: int
    weight: Fraction = Fraction(1)

    def __len__(self) -> int:
        return len(self.states) - 1


class Solver:
    """The search over one layout's tables (a partition's, or the single tiles' meanwhile)."""

    def __init__(self, layout: Layout, cuts: Sequence[Partition], tables: Tables, name: str) -> None:
        """``tables`` hold one table per group of ``cuts``, each group once, in order (see Layout.groups)."""
        self.layout = layout
        self.name = name
        groups = list(dict.fromkeys(g for cut in cuts for g in cut))
        by_group = dict(zip(groups, tables))
        self.search = TileSearch(layout.width, layout.height, layout.blank, cuts,
                                 [[by_group[g] for g in cut] for cut in cuts])

    def lower_bound(self, board: bytes) -> int:
        """What the tables prove: no line from ``board`` is shorter."""
        return self.search.heuristic(board)

    def solve(self, board: bytes, *, cancel: Cancel | None = None, progress: Callable[[Fraction, int], None] | None = None,
              weight: Fraction = Fraction(1)) -> Found:
        """An optimal line (``weight`` 1), or one at most ``weight`` times the shortest. Cancelled when
        ``cancel()`` answers True (checked between budgets of nodes, a few times a second)."""
        def report(bound: Fraction, nodes: int) -> None:
            if cancel is not None and cancel():
                raise Cancelled
            if progress is not None:
                progress(bound, nodes)

        outcome: Outcome = self.search.run(board, report, weight, budget=1 << 18)
        states = states_along(board, outcome.blank_path)
        if states[-1] != self.layout.goal():  # pragma: no cover - a search bug, never shown as an answer
            raise AssertionError("the search's line does not end at the goal")
        if weight == 1:
            return Found(tuple(states), outcome.nodes, True, len(states) - 1)
        return Found(tuple(states), outcome.nodes, False, self.proven_length(board, outcome.bound / weight), weight)

    def proven_length(self, board: bytes, at_least: Fraction) -> int:
        """The smallest length of the right parity that is at least ``at_least`` and the tables' bound."""
        least = max(int(-(-at_least // 1)), self.lower_bound(board))
        blank, goal_blank, width = board.index(0), self.layout.blank, self.layout.width
        parity = (abs(blank // width - goal_blank // width) + abs(blank % width - goal_blank % width)) % 2
        return least + (least - parity) % 2


def timed(seconds: float) -> Cancel:
    """A cancel callback that answers True once ``seconds`` have passed."""
    deadline = time.perf_counter() + seconds
    return lambda: time.perf_counter() > deadline
