"""The library's difficulty ratings, computed once and shipped: ``assets/ratings.tsv``.

Rating a start needs the puzzle's whole distance table (hundreds of MB for some, up to 17 s for the frog
square), so the menu cannot rate the library when it opens; ``python main.py ratings --write`` (``make
ratings``) rates every puzzle of the game's own with a table, under its own count, and writes one row each.
A puzzle added to the library (a pack's lots included) gets its row by running the command again.

The menu reads the file as untrusted data: bounded, a regular file only, every row checked; a file that
is missing or wrong in any way means no ratings at all (the menu works without them), never a traceback.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec
from game.common.resources import assets
from game.common.untrusted import UnreadableFile, read_text, replace_file
from game.oracles.base import TooLarge
from game.oracles.rating import GRADES, NotRated, rate
from game.oracles.table import TableOracle

__all__ = ["COLUMNS", "FILE", "MAX_BYTES", "Rated", "compute", "library_specs", "load", "parse", "path", "rate_all",
           "read", "render", "write"]

FILE = "ratings.tsv"
MAX_BYTES = 1 << 20            # a row is about 50 bytes: room for twenty thousand puzzles
MAX_NAME = 80
COLUMNS = ("name", "rating", "grade", "optimum", "positions")
HEADER = """\
# The difficulty rating of the start of every puzzle of the game's own that has a distance table, each
# under its own count: see game/oracles/rating.py (the formula) and README.md, "Difficulty, from the tables".
# Made by `python main.py ratings --write` (or `make ratings`), which builds each table and rates the start:
# run it again when a puzzle is added or its rules change (the tests say so). Do not edit by hand.
# rating: one decimal; grade: Beginner, Intermediate, Advanced or Expert; optimum: moves of an optimal
# solution; positions: the size of the start's component. Columns are separated by tabs.
"""
_GRADES = frozenset(name for _limit, name in GRADES)


@dataclass(frozen=True)
class Rated:
    """One row: a puzzle's name and what its start's rating says."""

    name: str
    rating: float          # rounded to one decimal
    grade: str             # English, as GRADES names it (shown through _())
    optimum: int
    positions: int

    def line(self) -> str:
        return f"{self.name}\t{self.rating:.1f}\t{self.grade}\t{self.optimum}\t{self.positions}"


def path() -> Path:
    return assets() / FILE


def library_specs() -> list[PuzzleSpec]:
    """The game's own puzzles with a table of their positions, in the shelves' order: the ones rated."""
    own = catalog.own_names()
    return [spec for _shelf, specs in catalog.shelves() for spec in specs
            if spec.name in own and isinstance(spec.oracle, TableOracle) and spec.puzzle.start_given]


def compute(spec: PuzzleSpec) -> Rated:
    """The row of ``spec``'s start (builds its table: seconds, not for the window's thread). NotRated if
    the start cannot be rated."""
    oracle = spec.oracle
    if not isinstance(oracle, TableOracle):
        raise NotRated(f"{spec.name} has no table of its positions")
    try:
        got = rate(spec.puzzle, oracle, spec.puzzle.start)
    except TooLarge as err:
        raise NotRated(str(err)) from None
    return Rated(spec.name, round(got.rating, 1), got.grade, got.optimum, got.positions)


def render(rows: list[Rated]) -> str:
    """The file's text: the header, the columns' names, one line a row."""
    return HEADER + "\t".join(COLUMNS) + "\n" + "".join(row.line() + "\n" for row in rows)


def write(rows: list[Rated], where: Path | None = None) -> Path:
    where = where or path()
    replace_file(where, render(rows))
    return where


def _row(fields: list[str], number: int) -> Rated:
    if len(fields) != len(COLUMNS):
        raise ValueError(f"line {number} has {len(fields)} columns, not {len(COLUMNS)}")
    name, rating, grade, optimum, positions = fields
    if not name or len(name) > MAX_NAME or not name.isprintable() or " " in name:
        raise ValueError(f"line {number} has no puzzle name")
    if grade not in _GRADES:
        raise ValueError(f"line {number} has no grade")
    try:
        value, moves, count = float(rating), int(optimum), int(positions)
    except ValueError:
        raise ValueError(f"line {number} has a figure that is not a number") from None
    if not math.isfinite(value) or value < 0 or moves < 0 or count < 1:
        raise ValueError(f"line {number} has a figure out of range")
    return Rated(name, value, grade, moves, count)


def parse(text: str) -> dict[str, Rated]:
    """The rows of a file's text by name; ValueError (one sentence) at the first thing wrong."""
    rows: dict[str, Rated] = {}
    seen_columns = False
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not seen_columns:
            if tuple(fields) != COLUMNS:
                raise ValueError(f"line {number} is not the columns' names")
            seen_columns = True
            continue
        row = _row(fields, number)
        if row.name in rows:
            raise ValueError(f"line {number} rates {row.name} a second time")
        rows[row.name] = row
    if not seen_columns:
        raise ValueError("it has no columns' names")
    return rows


def read(where: Path | None = None) -> dict[str, Rated]:
    """The rows of the ratings file; UnreadableFile or ValueError (one sentence) when it is wrong."""
    return parse(read_text(where or path(), MAX_BYTES))


def load(where: Path | None = None) -> dict[str, Rated]:
    """The rows of the ratings file, or none at all when it is missing or wrong: the menu then shows no
    grades and sorts nothing, and works as before."""
    try:
        return read(where)
    except (UnreadableFile, ValueError):
        return {}


def rate_all(specs: list[PuzzleSpec], said: Callable[[str], None] = lambda _text: None) -> Iterator[Rated]:
    """Each spec's row, in order; a start that cannot be rated is skipped and told through ``said``."""
    for spec in specs:
        started = time.perf_counter()
        try:
            row = compute(spec)
        except NotRated as err:
            said(f"{spec.name}: not rated ({err})")
            continue
        said(f"{spec.name}: {time.perf_counter() - started:.1f} s")
        yield row
