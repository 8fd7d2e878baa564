"""The named puzzles of the collection, grouped by family, built on first use."""
from __future__ import annotations

from functools import cache
from typing import Callable

from game.puzzles.base import Puzzle
from game.puzzles.blocks import make_goat
from game.puzzles.frogs import frogs_board, frogs_line, frogs_small_backward, frogs_small_diagonal
from game.puzzles.knights import make_knights
from game.puzzles.pairs import make_pairs, make_pairs_open
from game.puzzles.tiles import make_tiles

FAMILIES = {
    "tiles": "Sliding tiles",
    "blocks": "Sliding blocks",
    "frogs": "Frogs",
    "pairs": "Pairs",
    "knights": "Knights",
}

_BUILDERS: dict[str, Callable[[], Puzzle]] = {
    "eight": lambda: make_tiles("eight", "8-puzzle", 3, 3,
                                start=bytes([8, 6, 7, 2, 5, 4, 3, 0, 1])),
    "fifteen": lambda: make_tiles("fifteen", "15-puzzle", 4, 4,
                                  start=bytes([5, 10, 14, 4, 6, 12, 11, 1, 9, 0, 15, 7, 13, 2, 8, 3])),
    "goat": make_goat,
    **{f"frogs-line-{n}": (lambda n=n: frogs_line(n)) for n in range(1, 9)},
    "frogs-a": lambda: frogs_board("frogs-a", "Frogs, board A (11 cells)"),
    "frogs-b": lambda: frogs_board("frogs-b", "Frogs, board B (11 cells)"),
    "frogs-c": lambda: frogs_board("frogs-c", "Frogs, board C (17 cells)"),
    "frogs-small-diagonal": frogs_small_diagonal,
    "frogs-small-backward": frogs_small_backward,
    "pairs": make_pairs,
    "pairs-open": make_pairs_open,
    "knights": make_knights,
}

NAMES: tuple[str, ...] = tuple(_BUILDERS)


class UnknownPuzzle(KeyError):
    def __str__(self) -> str:
        return f"there is no puzzle called '{self.args[0]}' (try 'list' to see them all)."


@cache
def get(name: str) -> Puzzle:
    try:
        builder = _BUILDERS[name]
    except KeyError:
        raise UnknownPuzzle(name) from None
    return builder()


def puzzle(name: str) -> Puzzle:
    """The rules of the named puzzle."""
    return get(name)


def all_puzzles() -> list[Puzzle]:
    return [get(n) for n in NAMES]
