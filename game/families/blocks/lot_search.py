"""The search that finds Rush Hour lots of the game's own: random lots of cars and trucks, each
started at the hardest position of its component (no position of it needs more moves).

Morning Traffic was found this way; the pack (``assets/packs/traffic-pack.rush``) is its output,
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
                break
    return "".join(board)


def hardest_start(line: str) -> Found | None:
    """The lot started at the first of its component's hardest positions, rated; None if the red car cannot leave."""
    spec = FAMILY.spec("lot", lot(line, Common("lot")))
    oracle = spec.oracle
    if not isinstance(oracle, TableOracle) or not oracle.prepare(Build.ALWAYS):
        return None
    analysis, _seconds = oracle.analysis()
    if not analysis.solvable or not analysis.hardest or spec.as_file is None:
        return None
    start = analysis.hardest[0]
    moved = line_of(spec.as_file(start))
    again = FAMILY.spec("lot", lot(moved, Common("lot")))
    assert isinstance(again.oracle, TableOracle)
    return Found(moved, rate(again.puzzle, again.oracle, again.puzzle.start))


def search(seed: int, shortest: int = 5) -> Iterator[Found]:
    """Lots found one after another (endless): each a hardest start of at least ``shortest`` moves."""
    rng = random.Random(seed)
    seen: set[str] = set()
    while True:
        found = hardest_start(random_lot(rng, rng.randrange(8, 14)))
        if found is not None and found.rating.optimum >= shortest and found.line not in seen:
            seen.add(found.line)
            yield found
