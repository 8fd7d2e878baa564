"""The classic sliding-block library: every published figure reproduced by search, and the other
figures (positions, longest, how many positions need it, the start's distance, in every count)
proven on the smaller puzzles by a plain search written here, independent of the engine."""
from __future__ import annotations

from collections import deque

import pytest

from game.catalog import registry as catalog
from game.families.blocks.rules import count_named
from game.rules.counts import Count
from game.families.blocks.counts import CELL, COUNTS, LINE, PATH
from game.families.blocks.model import Axis, BlocksDef
from game.catalog.reading import read_puzzle_file
from game.catalog.library import LIBRARY

from tests.helpers import replay

FILES = sorted(p.stem for p in LIBRARY.glob("*.toml") if isinstance(read_puzzle_file(p), BlocksDef))
PUBLISHED = [(name, count_named(count), moves) for name in FILES
             for count, moves in read_puzzle_file(LIBRARY / f"{name}.toml").common.published.items()]
SMALL = ["moving-day", "hughes", "pennant", "motor-car", "traffic"]


def test_the_library_is_the_one_of_library_md() -> None:
    assert FILES == ["century", "century-and-a-half", "huarong-five-generals", "huarong-four-generals", "hughes",
                     "klotski", "motor-car", "moving-day", "pennant", "red-donkey", "supercentury", "traffic"]
    assert len(PUBLISHED) == 11


@pytest.mark.parametrize("name,count,moves", PUBLISHED, ids=[f"{n}-{c.key}" for n, c, _ in PUBLISHED])
def test_every_published_figure_by_search(name: str, count: Count, moves: int) -> None:
    spec = catalog.get(f"{name}@{count.key}")
    puzzle = spec.puzzle
    line = spec.oracle.solve(puzzle.start)
    assert len(line) == moves == spec.figures.published
    assert puzzle.is_goal(replay(puzzle, puzzle.start, list(line.moves)))


class Plain:
    """Sliding blocks the plain way: a position is, per kind of piece, the sorted cell sets of its
    pieces; a move shifts one piece, never onto a door its kind may not pass. Nothing of the engine is
    used."""

    STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))

    def __init__(self, defn: BlocksDef) -> None:
        self.height, self.width = len(defn.start), len(defn.start[0])
        self.walls = {(r, c) for r, row in enumerate(defn.start) for c, ch in enumerate(row) if ch == "#"}
        self.kind = {ch: next((g for g in defn.same if ch in g), ch) for row in defn.start for ch in row
                     if ch not in ".#"}
        self.axis = defn.axis
        self.doors = set(defn.doors.cells) if defn.doors else set()
        self.passing = {self.kind[ch] for ch in defn.doors.pieces} if defn.doors else set()
        self.start = self.position(defn.start)
        pinned = self.position(defn.goal)
        self.goal_cells = {kind: set(pieces) for kind, pieces in pinned}
        self.goal_empty = {(r, c) for r, row in enumerate(defn.goal) for c, ch in enumerate(row) if ch == "."}

    def position(self, grid) -> tuple:
        cells: dict[str, set] = {}
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                if ch not in ".#?":
                    cells.setdefault(ch, set()).add((r, c))
        by_kind: dict[str, list] = {}
        for ch, piece in cells.items():
            by_kind.setdefault(self.kind[ch], []).append(tuple(sorted(piece)))
        return tuple(sorted((kind, tuple(sorted(pieces))) for kind, pieces in by_kind.items()))

    def is_goal(self, position) -> bool:
        pieces = dict(position)
        covered = {cell for _, ps in position for p in ps for cell in p}
        return all(set(want) <= set(pieces[k]) for k, want in self.goal_cells.items()) and not (
            covered & self.goal_empty)

    def moves(self, position, count: Count):
        covered = {cell for _, ps in position for p in ps for cell in p}
        for i, (kind, pieces) in enumerate(position):
            for j, piece in enumerate(pieces):
                others = covered - set(piece)
                for cells in self.reach(piece, kind, others, count):
                    moved = tuple(sorted(pieces[:j] + pieces[j + 1:] + (cells,)))
                    yield position[:i] + ((kind, moved),) + position[i + 1:]

    def reach(self, piece, kind, others, count: Count):
        axis = self.axis.get(kind[0]) if len(kind) == 1 else self.axis.get(kind[0])
        steps = [s for s in self.STEPS if axis is None or (s[0] == 0) == (axis is Axis.X)]

        barred = self.doors if kind not in self.passing else set()

        def shift(cells, dr, dc):
            moved = tuple((r + dr, c + dc) for r, c in cells)
            if all(0 <= r < self.height and 0 <= c < self.width and (r, c) not in self.walls
                   and (r, c) not in others and (r, c) not in barred for r, c in moved):
                return moved
            return None

        if count is PATH:
            seen, todo = {piece}, [piece]
            while todo:
                cells = todo.pop()
                for dr, dc in steps:
                    moved = shift(cells, dr, dc)
                    if moved is not None and moved not in seen:
                        seen.add(moved)
                        todo.append(moved)
                        yield moved
            return
        for dr, dc in steps:
            cells = piece
            while (cells := shift(cells, dr, dc)) is not None:
                yield cells
                if count is CELL:
                    break

    def distance(self, count: Count) -> int | None:
        """The start's distance to the nearest goal, breadth-first from the start alone."""
        seen, layer, d = {self.start}, [self.start], 0
        while layer:
            if any(self.is_goal(p) for p in layer):
                return d
            fresh = []
            for position in layer:
                for nxt in self.moves(position, count):
                    if nxt not in seen:
                        seen.add(nxt)
                        fresh.append(nxt)
            layer, d = fresh, d + 1
        return None

    def figures(self, count: Count) -> tuple[int, int, int, int]:
        """(positions the start reaches, longest optimal solution, positions needing it, start's distance)."""
        seen, todo = {self.start}, deque([self.start])
        while todo:
            for nxt in self.moves(todo.popleft(), count):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        dist = {p: 0 for p in seen if self.is_goal(p)}
        todo = deque(dist)
        while todo:
            here = todo.popleft()
            for nxt in self.moves(here, count):   # every move can be undone: the graph is undirected
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    todo.append(nxt)
        longest = max(dist.values())
        return len(seen), longest, sum(1 for d in dist.values() if d == longest), dist[self.start]


LARGE = ["klotski", "huarong-four-generals", "huarong-five-generals", "century", "century-and-a-half",
         "supercentury"]   # tens of thousands of positions: the plain search takes minutes, in the slow set


@pytest.mark.parametrize("count", list(COUNTS), ids=lambda c: c.key)
@pytest.mark.parametrize("name", SMALL + [pytest.param(n, marks=pytest.mark.slow) for n in LARGE])
def test_the_other_figures_by_an_independent_search(name: str, count: Count) -> None:
    plain = Plain(read_puzzle_file(LIBRARY / f"{name}.toml"))
    spec = catalog.get(f"{name}@{count.key}")
    result, _ = spec.oracle.analysis()
    start = spec.oracle.distance(spec.puzzle.start)
    assert (result.positions, result.max_distance, result.hardest_count, start) == plain.figures(count)
    if name == "klotski":
        assert result.positions == 25_955


# the donkey out of its box: 1,132,514 positions once it can leave, too many for the plain search's figures;
# its start's distance by the plain search from the start (the engine's tests/puzzles/test_doors.py)
OUT_OF_THE_BOX = {"red-donkey": {CELL: 118, LINE: 91, PATH: 81}}


@pytest.mark.slow
@pytest.mark.parametrize("count", list(COUNTS), ids=lambda c: c.key)
@pytest.mark.parametrize("name", sorted(OUT_OF_THE_BOX))
def test_a_large_components_start_by_an_independent_search(name: str, count: Count) -> None:
    assert Plain(read_puzzle_file(LIBRARY / f"{name}.toml")).distance(count) == OUT_OF_THE_BOX[name][count]


def test_every_library_file_is_proven() -> None:
    assert sorted(SMALL + LARGE + list(OUT_OF_THE_BOX)) == FILES


@pytest.mark.parametrize("count", [LINE, PATH], ids=lambda c: c.key)
def test_our_own_traffic_puzzle_starts_at_the_hardest_position_of_its_component(count: Count) -> None:
    spec = catalog.get(f"traffic@{count.key}")
    result, _ = spec.oracle.analysis()
    assert spec.oracle.distance(spec.puzzle.start) == result.max_distance == 31
    assert spec.puzzle.start in result.hardest
