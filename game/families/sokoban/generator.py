"""How the library's levels were designed: random small rooms, searched for their hardest start.

A room is a random rectangle of floor with walls dropped in and dead ends filled, kept when its floor
is one connected piece of a pleasant size. Targets are placed at random on cells a box can leave and
come back to. Then, from every goal (boxes on the targets, the keeper anywhere), boxes are *pulled*
breadth-first (:class:`game.families.sokoban.floor.Floor`): a position pulls-deep is exactly that
many pushes from the goal, so the deepest ones are the level's hardest starts, solvable by
construction. Each candidate's start is then tabled under both counts (as the game does) and kept
when the table is quick, and the level is not easy: the fewest pushes well above what each box needs
alone (the boxes are in each other's way), and many moves. Candidates are graded by their optimum.

``python -m game.families.sokoban.generator --seed 7 --tries 1000 --every > found.jsonl`` prints every
candidate as it is found; ``--choose found.jsonl`` prints the library chosen from them as XSB with
their figures (the first 354 candidates of seed 7 gave the game's 24 warehouses).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from solvers.components import TooManyPositions
from solvers.one_way import SortedRuns

from game.families.sokoban.counts import PUSHES, STEPS
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.floor import Floor
from game.families.sokoban.level import level_text, read_level
from game.families.sokoban.oracle import SokobanTableOracle
from game.families.sokoban.rules import SokobanPuzzle, make_sokoban
from game.families.sokoban.bounds import NearestBound
from game.files.model import Common

__all__ = ["Found", "design", "hardest_start", "room"]

TABLE_POSITIONS = 400_000     # a level's moves table at most this large: built in a few seconds


@dataclass(frozen=True)
class Found:
    """A designed level and its optima (moves; pushes, with the steps of the fewest-steps such line)."""

    rows: tuple[str, ...]
    moves: int
    pushes: int
    bound: int                # pushes the boxes need each alone: the optimum's excess is their interplay
    positions: int            # of its moves table

    @property
    def score(self) -> float:
        return self.moves + 4 * self.pushes + 6 * (self.pushes - self.bound)


def room(rng: random.Random, width: int, height: int, walls: float) -> list[list[str]] | None:
    """A random room of floor ('-') inside a wall ring, its floor connected, no dead ends (None: a
    room too small or too large)."""
    grid = [["#"] * (width + 2) for _ in range(height + 2)]
    for r in range(1, height + 1):
        for c in range(1, width + 1):
            grid[r][c] = "#" if rng.random() < walls else "-"
    changed = True
    while changed:   # fill dead ends: a floor cell with one floor neighbour is a corridor to nowhere
        changed = False
        for r in range(1, height + 1):
            for c in range(1, width + 1):
                if grid[r][c] == "-" and sum(grid[r + dr][c + dc] == "-" for dr, dc in
                                             ((-1, 0), (1, 0), (0, -1), (0, 1))) <= 1:
                    grid[r][c] = "#"
                    changed = True
    floor = [(r, c) for r in range(height + 2) for c in range(width + 2) if grid[r][c] == "-"]
    if not floor:
        return None
    seen, todo = {floor[0]}, [floor[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near not in seen and grid[near[0]][near[1]] == "-":
                seen.add(near)
                todo.append(near)
    for r, c in floor:
        if (r, c) not in seen:
            grid[r][c] = "#"
    return grid if 11 <= len(seen) <= 30 else None


def _level(grid: list[list[str]], targets: Sequence[tuple[int, int]], keeper: tuple[int, int]) -> tuple[str, ...]:
    """The room drawn solved, its walls only where they touch the floor (a warehouse's outline)."""
    rows = [row[:] for row in grid]
    height, width = len(rows), len(rows[0])
    for r in range(height):
        for c in range(width):
            if rows[r][c] == "#" and not any(grid[r + dr][c + dc] == "-" for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                                             if 0 <= r + dr < height and 0 <= c + dc < width):
                rows[r][c] = " "
    for r, c in targets:
        rows[r][c] = "*"
    rows[keeper[0]][keeper[1]] = "@"
    return tuple("".join(row) for row in rows)


def hardest_start(puzzle: SokobanPuzzle, seconds: float = 20.0) -> tuple[bytes, int] | None:
    """A position as far from the goal as any under the puzzle's count (and how far), found breadth-first
    backwards from every goal (the level drawn solved, the keeper anywhere): every position found is
    solvable, the last found the hardest. None past ``seconds`` or 2,000,000 positions."""
    oracle = SokobanTableOracle(puzzle)
    keys = oracle.floor.keys()
    goal = np.frombuffer(puzzle.start, dtype=np.uint8)
    free = [cell for cell in range(len(goal)) if cell not in puzzle.on_target]
    seeds = np.repeat(np.where(goal == 1, 0, goal)[None], len(free), axis=0)
    seeds[np.arange(len(free)), free] = 1
    if oracle.by_push:
        seeds = oracle.floor.normalise(seeds)
    seen = SortedRuns()
    first, index = np.unique(keys.encode(seeds), return_index=True)
    seen.add(first)
    frontier, depth, deadline = seeds[index], 0, time.monotonic() + seconds
    while True:
        if time.monotonic() > deadline or len(seen) > 2_000_000:
            return None
        parents = oracle.backward(frontier)
        k, index = np.unique(keys.encode(parents), return_index=True)
        fresh = ~seen.has(k)
        if not fresh.any():
            return bytes(frontier[0]), depth
        seen.add(k[fresh])
        frontier, depth = parents[index[fresh]], depth + 1


def _optimum(puzzle: SokobanPuzzle) -> tuple[int, int] | None:
    """(the start's distance in the puzzle's table, positions of the table); None when too large."""
    oracle = SokobanTableOracle(puzzle)
    try:
        keys, table = oracle.sweep(TABLE_POSITIONS, answering=True)
    except TooManyPositions:
        return None
    return int(table[oracle.start_rank(keys)]), len(keys)


def candidate(rng: random.Random) -> Found | None:
    """One random room, targets and hardest start, measured (None: not a level worth keeping)."""
    grid = room(rng, rng.randint(5, 8), rng.randint(4, 7), rng.uniform(0.12, 0.3))
    if grid is None:
        return None
    floor = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "-"]
    boxes = rng.randint(2, 4)
    if len(floor) < boxes + 6:
        return None
    targets = rng.sample(floor, boxes)
    keeper = next(rc for rc in floor if rc not in targets)
    rows = _level(grid, targets, keeper)
    solved = make_sokoban("design", SokobanDef(Common("design"), read_level(list(rows)).rows), STEPS)
    found = hardest_start(solved)
    if found is None or found[1] < 12:
        return None
    start, moves = found
    level = read_level(list(rows))
    cells = level.cells
    boxes_at = frozenset(rc for rc, code in zip(cells, start) if code == 2)
    drawn = level_text(level.rows, boxes_at, cells[start.index(1)])
    defn = SokobanDef(Common("design"), read_level(list(drawn)).rows)
    by_push = make_sokoban("design", defn, PUSHES)
    checked, pushes = _optimum(make_sokoban("design", defn, STEPS)), _optimum(by_push)
    if checked is None or pushes is None or checked[0] != moves:
        return None
    return Found(defn.level, moves, pushes[0], NearestBound(by_push)(by_push.start), checked[1])


BANDS = (30, 45, 60)          # the library's four cards: fewest moves below 30, below 45, below 60, the rest
PER_BAND = 6
CHOSEN_POSITIONS = 150_000    # a level kept has at most this many positions (its plain proof takes seconds)


def choose(found: Sequence[Found], bands: Sequence[int] = BANDS, per_band: int = PER_BAND) -> list[list[Found]]:
    """The library from candidates: distinct levels whose boxes are in each other's way (at least two
    pushes more than each needs alone), of at most CHOSEN_POSITIONS positions; in each band of their
    moves optimum the ``per_band`` of best score, each band in order of (moves, pushes)."""
    distinct: dict[tuple[str, ...], Found] = {}
    for f in found:
        if f.pushes >= f.bound + 2 and f.positions <= CHOSEN_POSITIONS:
            distinct.setdefault(tuple(f.rows), f)
    edges = [0, *bands, sys.maxsize]
    chosen = []
    for low, high in zip(edges, edges[1:]):
        band = [f for f in distinct.values() if low <= f.moves < high]
        best = sorted(band, key=lambda f: -f.score)[:per_band]
        chosen.append(sorted(best, key=lambda f: (f.moves, f.pushes)))
    return chosen


def design(seed: int, tries: int, log: Callable[[str], None] | None = None) -> list[list[Found]]:
    """The library chosen (:func:`choose`) from ``tries`` random candidates."""
    rng = random.Random(seed)
    found = []
    for n in range(tries):
        got = candidate(rng)
        if got is not None:
            found.append(got)
            if log is not None:
                log(f"{n}: optimum {got.moves} by moves, {got.pushes} by pushes (alone {got.bound}), "
                    f"table {got.positions:,}")
    return choose(found)


def read_found(path: str) -> list[Found]:
    """The candidates ``--every`` printed, one JSON object a line."""
    found = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                fields = json.loads(line)
                found.append(Found(**{**fields, "rows": tuple(fields["rows"])}))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.families.sokoban.generator", description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--every", action="store_true", help="print every candidate kept, one JSON line each")
    parser.add_argument("--choose", metavar="FILE", help="choose the library from the JSON lines --every printed")
    args = parser.parse_args(argv)
    if args.every:
        rng = random.Random(args.seed)
        for _ in range(args.tries):
            got = candidate(rng)
            if got is not None:
                print(json.dumps(dataclasses.asdict(got)), flush=True)
        return 0
    if args.choose:
        bands = choose(read_found(args.choose))
    else:
        bands = design(args.seed, args.tries, log=lambda text: print(text, file=sys.stderr, flush=True))
    for n, f in enumerate((f for band in bands for f in band), 1):
        print(f"; {n}: optimum {f.moves} by moves, {f.pushes} by pushes (alone {f.bound}), table {f.positions:,}")
        print("\n".join(f.rows))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
