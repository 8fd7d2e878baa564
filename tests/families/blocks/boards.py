"""Random sliding-block puzzles for the engine's tests: small boards with walls, pieces of one to four
cells (some declared the same, some bound to an axis), at least one empty cell, a goal naming the first
piece's place somewhere it fits, and often doors (empty cells only some pieces may enter)."""
from __future__ import annotations

import random

from game.families.blocks.counts import COUNTS
from game.families.blocks.model import Axis, BlocksDef, DoorsDef
from game.families.blocks.rules import BlocksPuzzle, make_blocks
from game.files.model import Common

SHAPES = (((0, 0),), ((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 0), (0, 1), (1, 0), (1, 1)), ((0, 0), (1, 0), (1, 1)),
          ((0, 1), (1, 0), (1, 1)), ((0, 0), (0, 1), (0, 2)), ((0, 0), (0, 1), (1, 1), (1, 2)))
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_definition(rng: random.Random) -> BlocksDef:
    height, width = rng.randint(3, 6), rng.randint(3, 6)
    grid = [["." for _ in range(width)] for _ in range(height)]
    for _ in range(rng.randint(0, width * height // 6)):
        grid[rng.randrange(height)][rng.randrange(width)] = "#"
    pieces: dict[str, tuple] = {}
    for letter in LETTERS[:rng.randint(2, 9)]:
        shape = rng.choice(SHAPES)
        for _ in range(20):
            r, c = rng.randrange(height), rng.randrange(width)
            cells = [(r + dr, c + dc) for dr, dc in shape]
            if all(0 <= y < height and 0 <= x < width and grid[y][x] == "." for y, x in cells):
                for y, x in cells:
                    grid[y][x] = letter
                pieces[letter] = shape
                break
    empties = [(r, c) for r in range(height) for c in range(width) if grid[r][c] == "."]
    letters = list(pieces)
    if len(empties) < 1 or len(letters) < 1:
        return random_definition(rng)
    by_shape: dict[tuple, list[str]] = {}
    for letter, shape in pieces.items():
        by_shape.setdefault(shape, []).append(letter)
    same = tuple("".join(group) for group in by_shape.values() if len(group) > 1 and rng.random() < 0.6)
    axis = {}
    for letter in letters:
        if rng.random() < 0.15:
            group = next((g for g in same if letter in g), letter)
            direction = rng.choice((Axis.X, Axis.Y))
            axis.update({ch: direction for ch in group})
    goal = [["#" if ch == "#" else "?" for ch in row] for row in grid]
    first = letters[0]
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == first:
                goal[r][c] = first
    if rng.random() < 0.3:   # a cell the goal wants empty
        r, c = rng.choice(empties)
        goal[r][c] = "."
    start = tuple("".join(row) for row in grid)
    return BlocksDef(Common("A random board"), start, tuple("".join(row) for row in goal), same, axis,
                     rng.choice(COUNTS).key, random_doors(rng, empties, letters, same))


def random_doors(rng: random.Random, empties: list[tuple[int, int]], letters: list[str],
                 same: tuple[str, ...]) -> DoorsDef | None:
    """Half the time, doors on some of the empty cells, passed by some pieces (identical ones together)."""
    if rng.random() < 0.5:
        return None
    cells = tuple(sorted(rng.sample(empties, rng.randint(1, min(3, len(empties))))))
    groups = {next((g for g in same if letter in g), letter) for letter in letters}
    passing = "".join(sorted(g for g in groups if rng.random() < 0.4)) or rng.choice(letters)
    passing = next((g for g in same if passing in g), passing) if len(passing) == 1 else passing
    return DoorsDef(cells, passing)


def random_puzzle(seed: int) -> BlocksPuzzle:
    rng = random.Random(seed)
    defn = random_definition(rng)
    return make_blocks(f"random-{seed}", defn, count=rng.choice(COUNTS))


def walk(puzzle: BlocksPuzzle, steps: int, rng: random.Random) -> list[bytes]:
    """Positions of a random walk from the start (the start first)."""
    states = [puzzle.start]
    for _ in range(steps):
        options = sorted(s for _, s in puzzle.successors(states[-1]))
        if not options:
            break
        states.append(rng.choice(options))
    return states
