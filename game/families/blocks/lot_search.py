"""The search that finds Rush Hour lots of the game's own: random lots of cars and trucks, each
started at the hardest position of its component (no position of it needs more moves).

Morning Traffic was found this way; the pack (``assets/puzzles/traffic-pack.rush``) is its output,
kept because it was proven and graded, and read back by :mod:`game.families.blocks.rush_hour`.
A lot is kept when its red car can leave, its hardest start needs at least ``shortest`` moves, and
it differs from every lot kept before.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator

from game.families.blocks.family import FAMILY
from game.families.blocks.rush_hour import CELLS, SIDE, line_of, lot
from game.files.model import Common
from game.oracles.rating import Rating, rate
from game.oracles.base import Build
from game.oracles.table import TableOracle

LETTERS = "BCDEFGHIJKLMNPQRSTUVWYZ"   # cars besides the red A (no O, X: the format's own letters)


@dataclass(frozen=True)
class Found:
    """A lot started at the hardest position of its component, with its rating."""

    line: str
    rating: Rating


def random_lot(rng: random.Random, pieces: int) -> str:
    """A lot of 36 cells: the red car in the third row, then up to ``pieces`` cars and trucks placed at random."""
    board = ["o"] * CELLS
    red = 2 * SIDE + rng.randrange(0, SIDE - 2 - 1)
    board[red] = board[red + 1] = "A"
    for letter in LETTERS[:pieces]:
        _place(board, letter, rng)
    return "".join(board)


def _place(board: list[str], letter: str, rng: random.Random) -> None:
    """Put a car or truck lettered ``letter`` where there is room, if there is within a few tries."""
    for _try in range(20):
        length = 3 if rng.random() < 0.25 else 2
        across = rng.random() < 0.5
        r, c = rng.randrange(SIDE - (0 if across else length - 1)), rng.randrange(SIDE - (length - 1 if across else 0))
        cells = [r * SIDE + c + (i if across else i * SIDE) for i in range(length)]
        if across and r == 2:
            continue   # a car across the red car's row would never let it out
        if all(board[i] == "o" for i in cells):
            for i in cells:
                board[i] = letter
            return


def mutated(line: str, rng: random.Random) -> str:
    """The lot with one car taken away, or one more (or both: a car moved elsewhere)."""
    board = list(line)
    cars = sorted(set(line) - set("oxA"))
    change = rng.randrange(3)
    if change != 1 and cars:
        gone = rng.choice(cars)
        board = ["o" if ch == gone else ch for ch in board]
    if change != 0:
        free = [letter for letter in LETTERS if letter not in board]
        if free:
            _place(board, free[0], rng)
    return "".join(board)


def climb(line: str, seed: int, tries: int) -> Iterator[Found]:
    """From a lot, changes of one car kept whenever the hardest start rates no lower: each better lot found."""
    rng = random.Random(seed)
    best = hardest_start(line)
    for _try in range(tries):
        if best is None:
            return
        found = hardest_start(mutated(best.line, rng))
        if found is not None and found.rating.rating >= best.rating.rating:
            if found.rating.rating > best.rating.rating:
                yield found
            best = found


def hardest_start(line: str) -> Found | None:
    """The lot started at the first of its component's hardest positions, rated; None if the red car cannot leave."""
    spec = FAMILY.spec("lot", lot(line, Common("lot")))
    oracle = spec.oracle
    if not isinstance(oracle, TableOracle) or not oracle.prepare(Build.ALWAYS):
        return None
    analysis, _seconds = oracle.analysis()
    if not analysis.solvable or not analysis.hardest or spec.as_file is None:
        return None
    start = analysis.hardest[0]   # in the same component: the same table rates it
    return Found(line_of(spec.as_file(start)), rate(spec.puzzle, oracle, start))


def search(seed: int, shortest: int = 5) -> Iterator[Found]:
    """Lots found one after another (endless): each a hardest start of at least ``shortest`` moves."""
    rng = random.Random(seed)
    seen: set[str] = set()
    while True:
        found = hardest_start(random_lot(rng, rng.randrange(8, 14)))
        if found is not None and found.rating.optimum >= shortest and found.line not in seen:
            seen.add(found.line)
            yield found
