"""The icon's picture: a sliding-block puzzle of the game's own format, a lacquered 2x2 block beside two
wooden ones in a 3x3 tray, its goal (the corner the block must reach) tinted under the one empty cell.

The colour icons are this puzzle drawn by the board view the game plays it with (:mod:`game.ui.icon`);
the symbolic icon is the same grids drawn as flat shapes (:mod:`game.desktop.symbolic`).
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass

from game.catalog.library import built_spec
from game.catalog.reading import parse_toml
from game.catalog.spec import PuzzleSpec

MOTIF = '''\
format = 1
title = "Fewest Moves"
family = "blocks"
moves = "path"
start = """
AAB
AAB
CC.
"""
goal = """
???
?AA
?AA
"""
'''

Cell = tuple[int, int]    # (row, column)


@dataclass(frozen=True)
class Grids:
    """The motif as cells: its size, and each piece's cells by its letter, at the start and in the goal."""
    width: int
    height: int
    pieces: dict[str, frozenset[Cell]]
    goal: dict[str, frozenset[Cell]]


def motif_spec() -> PuzzleSpec:
    """The motif as a puzzle of the game, built as a puzzle file is."""
    return built_spec("icon", parse_toml(MOTIF, "icon"), "icon")


def motif_grids() -> Grids:
    """The motif's start and goal, cell by cell."""
    data = tomllib.loads(MOTIF)
    start = data["start"].split()
    return Grids(len(start[0]), len(start), _letters(start, "."), _letters(data["goal"].split(), "?."))


def _letters(rows: list[str], blank: str) -> dict[str, frozenset[Cell]]:
    """Each letter of a grid and its cells (characters in ``blank`` are no piece)."""
    found: dict[str, set[Cell]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in blank:
                found.setdefault(ch, set()).add((r, c))
    return {letter: frozenset(cells) for letter, cells in found.items()}
