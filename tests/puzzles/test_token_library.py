"""The token library (frogs, knights, pairs from files): every published figure reproduced by the
game's search, and every figure of the analysis (positions the start reaches, dead ends, longest
optimal solution and how many positions need it, the start's distance) proven by a plain search
written here from the rules in PUZZLE-FILES.md, independent of the engine."""
from __future__ import annotations

from collections import deque

import pytest

from game.catalog import registry as catalog
from game.families.frogs.files import FrogsDef, Jump
from game.families.knights.files import KnightsDef
from game.families.pairs.files import PairsDef
from game.rules.directions import DIRECTIONS
from game.catalog.reading import read_puzzle_file
from game.catalog.library import LIBRARY

from tests.helpers import replay

TOKEN_FILES = sorted(p.stem for p in LIBRARY.glob("*.toml")
                     if isinstance(read_puzzle_file(p), (FrogsDef, KnightsDef, PairsDef)))
PUBLISHED = [(name, read_puzzle_file(LIBRARY / f"{name}.toml").common.published["moves"]) for name in TOKEN_FILES
             if read_puzzle_file(LIBRARY / f"{name}.toml").common.published]
LARGE = {"frogs-square"}   # 17 million positions: proven in the slow set
SLOW = {"knights-4x4"}     # 900,900 positions: the plain search takes most of a minute
FEWER_THAN_PUBLISHED = {"frogs-b": 25}   # the published solution is not the shortest
KNIGHT_STEPS = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]


@pytest.mark.parametrize("name,moves", PUBLISHED)
def test_every_published_figure_by_search(name: str, moves: int) -> None:
    spec = catalog.get(name)
    puzzle = spec.puzzle
    line = spec.oracle.solve(puzzle.start)
    assert moves == spec.figures.published
    assert len(line) == FEWER_THAN_PUBLISHED.get(name, moves)
    assert puzzle.is_goal(replay(puzzle, puzzle.start, list(line.moves)))


class Plain:
    """A token puzzle the plain way: a position is the grid as one string, row after row; moves
    are found by looking at the grid. Nothing of the engine is used."""

    def __init__(self, defn: FrogsDef | KnightsDef | PairsDef) -> None:
        self.defn = defn
        self.height, self.width = len(defn.start), len(defn.start[0])
        self.start = "".join(defn.start)

    def cell(self, position: str, r: int, c: int) -> str:
        """The character at (r, c), '#' off the board."""
        return position[r * self.width + c] if 0 <= r < self.height and 0 <= c < self.width else "#"

    def moved(self, position: str, changes: dict[tuple[int, int], str]) -> str:
        cells = list(position)
        for (r, c), ch in changes.items():
            cells[r * self.width + c] = ch
        return "".join(cells)

    def moves(self, position: str):
        d = self.defn
        for r in range(self.height):
            for c in range(self.width):
                me = self.cell(position, r, c)
                if me not in "BW":
                    continue
                if isinstance(d, KnightsDef):
                    for dr, dc in KNIGHT_STEPS:
                        if self.cell(position, r + dr, c + dc) == ".":
                            yield self.moved(position, {(r, c): ".", (r + dr, c + dc): me})
                elif isinstance(d, FrogsDef):
                    for name in (d.black if me == "B" else d.white):
                        dr, dc = DIRECTIONS[name]
                        over = self.cell(position, r + dr, c + dc)
                        if over == ".":
                            yield self.moved(position, {(r, c): ".", (r + dr, c + dc): me})
                        elif over in "BW" and self.cell(position, r + 2 * dr, c + 2 * dc) == "." and (
                                d.jump is Jump.ANY or (d.jump is Jump.OTHER and over != me)):
                            yield self.moved(position, {(r, c): ".", (r + 2 * dr, c + 2 * dc): me})
                else:   # pairs: this stone and its right neighbour, into two empty cells of a row
                    right = self.cell(position, r, c + 1)
                    if right not in "BW":
                        continue
                    for r2 in range(self.height):
                        for c2 in range(self.width - 1):
                            if self.cell(position, r2, c2) == self.cell(position, r2, c2 + 1) == ".":
                                yield self.moved(position, {(r, c): ".", (r, c + 1): ".",
                                                            (r2, c2): me, (r2, c2 + 1): right})

    def is_goal(self, position: str) -> bool:
        d = self.defn
        if isinstance(d, PairsDef) and d.goal is None:
            blocks = {d.goal_block}
            if d.either_order:
                blocks.add(d.goal_block.translate(str.maketrans("BW", "WB")))
            rows = [position[r * self.width:(r + 1) * self.width] for r in range(self.height)]
            stones = sum(ch in "BW" for ch in position)
            return any(block in row.split("#")[i] for row in rows for i in range(len(row.split("#")))
                       for block in blocks) and stones == len(d.goal_block)
        goal = "".join(d.goal)
        return all(g == "?" or g == p for g, p in zip(goal, position))

    def figures(self) -> tuple[int, int, int, int, int | None]:
        """(positions the start reaches, dead ends among them, longest optimal solution of those
        that can win, how many need it, the start's distance or None)."""
        seen, todo = {self.start}, deque([self.start])
        children: dict[str, list[str]] = {}
        while todo:
            here = todo.popleft()
            children[here] = list(set(self.moves(here)))
            for nxt in children[here]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        parents: dict[str, list[str]] = {p: [] for p in seen}
        for p, kids in children.items():
            for k in kids:
                parents[k].append(p)
        dist = {p: 0 for p in seen if self.is_goal(p)}
        todo = deque(dist)
        while todo:   # backwards from the goals, over the moves found above (one-way puzzles too)
            here = todo.popleft()
            for back in parents[here]:
                if back not in dist:
                    dist[back] = dist[here] + 1
                    todo.append(back)
        longest = max(dist.values(), default=0)
        return (len(seen), len(seen) - len(dist), longest, sum(1 for v in dist.values() if v == longest),
                dist.get(self.start))


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n
                                  for n in sorted(set(TOKEN_FILES) - LARGE)])
def test_the_analysis_by_an_independent_search(name: str) -> None:
    spec = catalog.get(name)
    result, _ = spec.oracle.analysis()
    ours = (result.positions, result.dead_ends, result.max_distance, result.hardest_count,
            spec.oracle.distance(spec.puzzle.start))
    assert ours == Plain(read_puzzle_file(LIBRARY / f"{name}.toml")).figures()


def test_the_library_is_the_one_of_library_md() -> None:
    assert {"guarini", "knights-4x4", "frogs-plus", "frogs-1-6", "frogs-4-3", "frogs-5-6", "frogs-square",
            "tait-3", "tait-7", "tait-fixed-4"} <= set(TOKEN_FILES)
    assert dict(PUBLISHED) == {"guarini": 16, "knights": 16, "frogs-a": 23, "frogs-b": 26, "frogs-c": 46,
                               "frogs-small-diagonal": 8, "frogs-small-backward": 15, "frogs-1-6": 13,
                               "frogs-4-3": 19, "frogs-5-6": 41, "pairs": 4, "pairs-open": 3, "tait-4": 4}


def _dag_distances(grid: tuple[str, ...], black: tuple[str, ...], white: tuple[str, ...], sign: int):
    """Fewest moves from ``grid`` to every position it reaches, for frogs whose every move raises
    the potential (``sign`` times black row + column minus white row + column) by one or two: positions are
    taken in order of potential, so only three levels are held as dicts at a time. Returns the
    positions (as integers, two bits a cell) sorted, and their distances."""
    import numpy as np

    height, width = len(grid), len(grid[0])
    cells = [(r, c) for r in range(height) for c in range(width)]
    index = {rc: i for i, rc in enumerate(cells)}
    code = {".": 0, "B": 1, "W": 2, "#": 3}
    rise = {1: lambda r, c: sign * (r + c), 2: lambda r, c: -sign * (r + c)}

    def steps(names):
        return [DIRECTIONS[n] for n in names]

    moves_into = []   # per empty cell: (from, over or None, colour) of every move that could end there
    for r, c in cells:
        here = []
        for colour, dirs in ((1, steps(black)), (2, steps(white))):
            for dr, dc in dirs:
                one, two = (r - dr, c - dc), (r - 2 * dr, c - 2 * dc)
                if one in index:
                    here.append((index[one], None, colour))
                    if two in index:
                        here.append((index[two], index[one], colour))
        moves_into.append(here)
    start = sum(code[ch] << 2 * i for i, ch in enumerate("".join(grid)))

    def potential(position: int) -> int:
        return sum(rise[v](*cells[i]) for i in range(len(cells)) if (v := position >> 2 * i & 3) in rise)

    levels: dict[int, dict[int, int]] = {potential(start): {start: 0}}
    done_codes, done_dists = [], []
    while levels:
        p = min(levels)
        level = levels.pop(p)
        for position, d in level.items():
            for empty in range(len(cells)):
                if position >> 2 * empty & 3:
                    continue
                for src, over, colour in moves_into[empty]:
                    if position >> 2 * src & 3 != colour:
                        continue
                    if over is not None and position >> 2 * over & 3 != 3 - colour:
                        continue   # a jump goes over a stone of the other colour
                    nxt = position & ~(3 << 2 * src) | colour << 2 * empty
                    gain = 1 if over is None else 2
                    bucket = levels.setdefault(p + gain, {})
                    if bucket.get(nxt, 255) > d + 1:
                        bucket[nxt] = d + 1
        done_codes.append(np.fromiter(level.keys(), dtype=np.int64, count=len(level)))
        done_dists.append(np.fromiter(level.values(), dtype=np.uint8, count=len(level)))
    codes, dists = np.concatenate(done_codes), np.concatenate(done_dists)
    order = np.argsort(codes)
    return codes[order], dists[order], start


@pytest.mark.slow
def test_the_5x5_square_by_an_independent_search() -> None:
    """Forward from the start and forward from the goal with every direction reversed (the moves
    undone): the positions both reach can win, and the second pass gives their distances."""
    import numpy as np

    defn = read_puzzle_file(LIBRARY / "frogs-square.toml")
    assert isinstance(defn, FrogsDef) and defn.jump is Jump.OTHER
    back = {"right": "left", "left": "right", "up": "down", "down": "up"}
    reached, _, start = _dag_distances(defn.start, defn.black, defn.white, 1)
    undone, to_goal, _ = _dag_distances(defn.goal, tuple(back[n] for n in defn.black),
                                        tuple(back[n] for n in defn.white), -1)
    live = np.isin(undone, reached)
    longest = int(to_goal[live].max())
    plain = (len(reached), len(reached) - int(live.sum()), longest, int((to_goal[live] == longest).sum()),
             int(to_goal[np.searchsorted(undone, start)]))
    spec = catalog.get("frogs-square")
    result, _ = spec.oracle.analysis()
    ours = (result.positions, result.dead_ends, result.max_distance, result.hardest_count,
            spec.oracle.distance(spec.puzzle.start))
    assert ours == plain == (17_443_218, 17_375_404, 47, 1, 47)
