"""Sixteen's optimal search, for grids beyond a table (3x4: 479 million arrangements, 4x4: 21 trillion):
IDA* over rotations, bounded below by a pattern database.

The bound. A plain sum of the tiles' distances is not admissible here: one move carries a whole row, so it
may bring four tiles a step nearer at once. A *pattern database* is: it holds, for every placement of a
few tiles (a block of the goal, the others unmarked), the fewest moves that bring just those tiles home,
found by a breadth-first sweep of those placements. Any line that solves the whole grid brings those tiles
home too, so it is at least that long. A rotation of the torus (every row down, every column right) maps
moves to moves, so the same table serves the block moved anywhere on the grid: the tiles whose goal cells
form the block shifted by (dr, dc), looked up with their cells shifted back. The bound is the largest of
these lookups and of :class:`~game.families.sixteen.rules.AxisBound`; a maximum of admissible bounds is
admissible (a sum would not be: one move moves tiles of several blocks).

The search. Moves along one axis commute, so only lines that take a run of row moves (or of column moves)
in the order of their rows are searched, each row rotated the shorter way round, never undone at once:
every line has such a twin no longer. Before the optimal search, a greedy search finds some line quickly;
the optimal one then stops as soon as its bound reaches that line's length (the line is proven shortest),
and where a limit stops it first, the line found is given as the best found, not proven, with the bound
it reached as what every line needs.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, Sequence

import numpy as np

from solvers.limits import LimitReached, Watch
from solvers.problem import Cancelled

from game.families.sixteen.rules import AxisBound

__all__ = ["Bound", "Found", "Grid", "pattern_table", "solve"]

UNSET = 255
CHECK_EVERY = 256           # nodes between two looks at the watch
GREEDY_NODES = 60_000       # the quick line's search looks at no more than this many positions
NONE_BEYOND = 1 << 30       # an iteration that found no position beyond its bound


@dataclass(frozen=True)
class Grid:
    """A grid's moves as gathers: ``gathers[i][cell]`` is the cell whose tile lands on ``cell`` after move i;
    ``lines[i]`` is (axis, line, +1 or -1) (axis 0: rows, 1: columns)."""

    width: int
    height: int
    gathers: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, width: int, height: int) -> "Grid":
        gathers, lines = [], []
        for axis, count, length in ((0, height, width), (1, width, height)):
            for line in range(count):
                cells = [line * width + i if axis == 0 else i * width + line for i in range(length)]
                for way in (1, -1) if length > 2 else (1,):
                    gather = list(range(width * height))
                    for i, cell in enumerate(cells):
                        gather[cell] = cells[(i - way) % length]
                    gathers.append(tuple(gather))
                    lines.append((axis, line, way))
        return cls(width, height, tuple(gathers), tuple(lines))

    def length(self, axis: int) -> int:
        return self.width if axis == 0 else self.height

    def follows(self, last: int, run: int, move: int) -> bool:
        """Whether ``move`` may come after ``last`` (made ``run`` times in a row) in a searched line: along one
        axis lines go in order, each rotated the shorter way (half round only forwards), never undone."""
        if last < 0:
            return True
        axis0, line0, way0 = self.lines[last]
        axis, line, way = self.lines[move]
        if axis != axis0 or line > line0:
            return True
        if line < line0 or way != way0:
            return False
        length = self.length(axis)
        return run + 1 <= (length // 2 if way > 0 else (length - 1) // 2)


def _shift(grid: Grid, cell: int, dr: int, dc: int) -> int:
    r, c = divmod(cell, grid.width)
    return ((r + dr) % grid.height) * grid.width + (c + dc) % grid.width


def pattern_table(grid: Grid, cells: Sequence[int], cancel: Callable[[], bool] = lambda: False) -> np.ndarray:
    """Moves to bring tiles from any cells to ``cells`` (tile i to cells[i]), the other tiles unmarked: indexed
    by the tiles' cells as digits, sum of cell_i * n**i (n cells); a breadth-first sweep out from ``cells``
    (every move can be undone by moves, so distances to and from are the same). Digits go in pairs: a move
    maps each pair's value (n * n of them) to its part of the new index by one lookup."""
    n, k = grid.width * grid.height, len(cells)
    table = np.full(n ** k, UNSET, dtype=np.uint8)
    pairs = [(2 * j, min(2, k - 2 * j)) for j in range((k + 1) // 2)]   # (first digit, digits in the pair)
    moved = []    # per move, per pair: its value -> its part of the index after the move
    for gather in grid.gathers:
        to = np.empty(n, dtype=np.int64)
        to[np.asarray(gather)] = np.arange(n)   # where a tile on each cell goes
        parts = []
        for first, count in pairs:
            pair = np.arange(n ** count, dtype=np.int64)
            parts.append(sum(to[(pair // n ** d) % n] * n ** (first + d) for d in range(count)))
        moved.append(parts)
    frontier = np.array([sum(cell * n ** i for i, cell in enumerate(cells))], dtype=np.int64)
    table[frontier] = 0
    depth = 0
    while len(frontier):
        if cancel():
            raise Cancelled
        depth += 1
        values = [(frontier // n ** first) % n ** count for first, count in pairs]
        for parts in moved:
            found = parts[0][values[0]]
            for part, value in zip(parts[1:], values[1:]):
                found += part[value]
            found = found[table[found] == UNSET]
            table[found] = depth
        frontier = np.flatnonzero(table == depth)
    return table


def block(grid: Grid) -> tuple[int, ...]:
    """The goal cells of the pattern: two rows by three columns, top left (as much of a smaller grid)."""
    rows, cols = min(2, grid.height), min(3, grid.width)
    return tuple(r * grid.width + c for r in range(rows) for c in range(cols))


class Bound:
    """The admissible bound of the module docstring, for one goal: the pattern table looked up for the block
    at every place where its goal tiles are unique, and the axis bound. (Every place, not only enough to cover
    the grid: on 4x4 the search then looks at a third as many positions, measured, for four times the lookups.)"""

    def __init__(self, grid: Grid, goal: bytes, table: np.ndarray | None, cells: Sequence[int],
                 axis: AxisBound) -> None:
        self.axis = axis
        self.table = table
        n = grid.width * grid.height
        self.lookups: list[tuple[list[int], list[list[int]]]] = []   # per place: its tiles, cell -> digit's value
        unique = {t for t in goal if goal.count(t) == 1}
        for dr in range(grid.height):
            for dc in range(grid.width):
                tiles = [goal[_shift(grid, cell, dr, dc)] for cell in cells]
                if table is not None and all(t in unique for t in tiles):
                    self.lookups.append((tiles, [[_shift(grid, x, -dr, -dc) * n ** i for x in range(n)]
                                                 for i in range(len(tiles))]))
        self._tiles = np.array([tiles for tiles, _ in self.lookups], dtype=np.intp).reshape(len(self.lookups), -1)
        self._values = np.array([values for _, values in self.lookups], dtype=np.int64).reshape(-1)
        k = self._tiles.shape[1]
        self._offsets = (np.arange(len(self.lookups) * k, dtype=np.intp) * n).reshape(len(self.lookups), k)
        self._cells = np.arange(n, dtype=np.intp)

    def __call__(self, state: bytes) -> int:
        return int(self.many(np.frombuffer(state, dtype=np.uint8).reshape(1, -1))[0])

    def many(self, boards: np.ndarray) -> np.ndarray:
        """The bound of every row of ``boards`` (positions, a tile per cell) at once."""
        best = self.axis.many(boards)
        if not self.lookups or self.table is None:
            return best
        where = np.zeros((len(boards), 256), dtype=np.intp)
        where[np.arange(len(boards))[:, None], boards] = self._cells
        index = self._values[self._offsets + where[:, self._tiles]].sum(axis=2)
        return np.maximum(best, self.table[index].max(axis=1))


@dataclass(frozen=True)
class Found:
    """A search's outcome: the line's positions (start first; None: none found), whether it is proven shortest,
    the moves every line needs (proven by the search), the positions looked at."""

    states: tuple[bytes, ...] | None
    proven: bool
    at_least: int
    nodes: int
    stopped: LimitReached | None = None    # the limit that stopped the search, if one did


def _children(state: bytes, movers: Sequence[Callable[[bytes], tuple[int, ...]]], n: int) -> np.ndarray:
    return np.array([move(state) for move in movers], dtype=np.uint8).reshape(len(movers), n)


def greedy(grid: Grid, start: bytes, goal: bytes, bound: Bound, watch: Watch,
           most: int = GREEDY_NODES) -> tuple[bytes, ...] | None:
    """Some line, quickly: best-first by the bound (ties: the fewer moves made), at most ``most`` positions (a
    second or so: bounded work, done even where the limits leave the optimal search no time; cancelling stops
    it)."""
    movers = [itemgetter(*g) for g in grid.gathers]
    n = grid.width * grid.height
    parent: dict[bytes, bytes | None] = {start: None}
    heap = [(bound(start), 0, start)]
    expanded = 0
    while heap and len(parent) < most:
        _h, g, state = heapq.heappop(heap)
        if state == goal:
            line = [state]
            while (before := parent[line[-1]]) is not None:
                line.append(before)
            return tuple(reversed(line))
        expanded += 1
        if expanded % 256 == 0 and watch.cancel is not None and watch.cancel():
            raise Cancelled
        children = _children(state, movers, n)
        for child, h in zip(children, bound.many(children).tolist()):
            nxt = child.tobytes()
            if nxt not in parent:
                parent[nxt] = state
                heapq.heappush(heap, (h, g + 1, nxt))
    return None


def solve(grid: Grid, start: bytes, goal: bytes, bound: Bound, watch: Watch) -> Found:
    """A shortest line from ``start`` to ``goal`` (see the module docstring). At a limit the greedy line comes
    back unproven (or no line), with the bound reached; Cancelled passes through."""
    if start == goal:
        return Found((start,), True, 0, 0)
    movers = [itemgetter(*g) for g in grid.gathers]
    longest = max(grid.width, grid.height) + 1
    follows = [[[m for m in range(len(movers)) if grid.follows(last, run, m)] for run in range(longest)]
               for last in range(-1, len(movers))]
    nodes, known = 0, None
    threshold = bound(start)
    try:
        known = greedy(grid, start, goal, bound, watch)
        while known is None or threshold < len(known) - 1:
            watch.lower_bound = threshold
            line, least, looked = _deepen(grid, start, goal, threshold, bound, movers, follows, watch, nodes)
            nodes += looked
            if line is not None:
                return Found(tuple(line), True, len(line) - 1, nodes)
            if least >= NONE_BEYOND:      # nothing beyond: the goal is out of reach
                return Found(None, True, 0, nodes)
            threshold = least
        return Found(known, True, len(known) - 1, nodes)   # no line is shorter than the one found
    except LimitReached as reached:
        return Found(known, False, watch.lower_bound, nodes, reached)


def _deepen(grid: Grid, start: bytes, goal: bytes, threshold: int, bound: Bound, movers: list,
            follows: list[list[list[int]]], watch: Watch, before: int) -> tuple[list[bytes] | None, int, int]:
    """One iteration of IDA*: (the line found within ``threshold`` or None, the least f beyond it, nodes). A
    position's children are made and bounded together (one numpy call for all their bounds)."""
    n = grid.width * grid.height
    path = [start]
    least = NONE_BEYOND
    nodes = 0
    held = bound.table.nbytes if bound.table is not None else 0   # what the search holds: its pattern table

    def visit(state: bytes, g: int, last: int, run: int) -> bool:
        nonlocal least, nodes
        nodes += 1
        if nodes % CHECK_EVERY == 1:        # the first position of each iteration, then every CHECK_EVERY
            watch.found = before + nodes
            watch.check("search", threshold, held)
        if state == goal:
            return True
        allowed = follows[last + 1][run]
        children = _children(state, [movers[i] for i in allowed], n)
        for i, child, h in zip(allowed, children, bound.many(children).tolist()):
            f = g + 1 + h
            if f > threshold:
                if f < least:
                    least = f
                continue
            nxt = child.tobytes()
            path.append(nxt)
            if visit(nxt, g + 1, i, run + 1 if i == last else 1):
                return True
            path.pop()
        return False

    if visit(start, 0, -1, 0):
        return path, threshold, nodes
    return None, least, nodes
