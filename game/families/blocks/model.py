"""What a sliding-block file defines (``family = "blocks"``), as plain data: the rules are built from it
(:mod:`game.families.blocks.rules`), its keys are read and written in :mod:`game.families.blocks.files`."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping

from game.files.model import Common, Grid

__all__ = ["Axis", "BlocksDef", "DoorsDef", "cell_name", "column_name"]


class Axis(Enum):
    X = "x"   # the piece moves only horizontally
    Y = "y"   # ... only vertically


@dataclass(frozen=True)
class DoorsDef:
    """The ``[doors]`` table: cells only some pieces may stand on or pass through (a box's exit,
    the gates round a goal). Both as the file lists them, so the file is written back as it was:
    ``cells`` as (row, column) from the top-left, ``pieces`` the characters of those pieces."""

    cells: tuple[tuple[int, int], ...]
    pieces: str


@dataclass(frozen=True)
class BlocksDef:
    """family = "blocks": pieces of any edge-connected shape on a rectangular board with walls.

    ``start`` names each piece by one character (each distinct character is one piece);
    ``same`` groups characters whose pieces are interchangeable (equal shapes); ``goal`` uses
    those characters, ``?`` and ``.``; a goal cell holding a piece's character means that
    piece, or one identical to it, covers that cell in the goal. ``doors``: cells only the
    pieces it names may enter (None: every piece may go anywhere)."""

    common: Common
    start: Grid
    goal: Grid
    same: tuple[str, ...] = ()
    axis: Mapping[str, Axis] = field(default_factory=dict)
    moves: str = "path"     # the count its puzzle is played with unless the player switches
    doors: DoorsDef | None = None


def column_name(column: int) -> str:
    """A column as the board names it: a, b, ... z, then aa, ab, ..."""
    name = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(ord("a") + rest) + name
    return name


def cell_name(row: int, column: int) -> str:
    """A cell as the board names it: column letter from a, row number from 1 at the top ("c7")."""
    return f"{column_name(column)}{row + 1}"
