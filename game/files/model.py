"""What a puzzle file says, once read and checked: plain data, no rules yet.

A reader (TOML, jim'slide, Knuth's SLIDING) produces one of these definitions; the puzzle
families build their rules from it. Grids are tuples of equal-length strings, one character
per cell: ``.`` empty, ``#`` a wall (blocks) or a hole in the board (tokens), ``?`` (goals
only) any content, anything else a piece.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping

Grid = tuple[str, ...]


class MoveCount(Enum):
    """How a sliding-block move is counted (Knuth's styles 0, 1 and 2)."""

    CELL = "cell"   # one piece one cell up, down, left or right
    LINE = "line"   # one piece any distance in one straight line
    PATH = "path"   # one piece anywhere it can reach through empty cells, turning corners


class Axis(Enum):
    X = "x"   # the piece moves only horizontally
    Y = "y"   # ... only vertically


@dataclass(frozen=True)
class Common:
    """What every puzzle file says besides its rules."""

    title: str
    subtitle: str = ""
    source: str = ""
    published: Mapping[str, int] = field(default_factory=dict)   # e.g. {"path": 81} or {"moves": 16}
    origin: str = ""                                              # the file it came from, for messages
    group: str = ""        # files of one group fold into one menu card (its title) ...
    variant: str = ""      # ... with this label in the card's chooser, e.g. "4" or "4 v 3"


@dataclass(frozen=True)
class BlocksDef:
    """family = "blocks": pieces of any edge-connected shape on a rectangular board with walls.

    ``start`` names each piece by one character (each distinct character is one piece);
    ``same`` groups characters whose pieces are interchangeable (equal shapes); ``goal`` uses
    those characters, ``?`` and ``.``; a goal cell holding a piece's character means that
    piece, or one identical to it, covers that cell in the goal."""

    common: Common
    start: Grid
    goal: Grid
    same: tuple[str, ...] = ()
    axis: Mapping[str, Axis] = field(default_factory=dict)
    moves: MoveCount = MoveCount.PATH


class Jump(Enum):
    OTHER = "other"   # over one stone of the other colour
    ANY = "any"       # over one stone of either colour
    NONE = "none"     # never


DIRECTIONS: Mapping[str, tuple[int, int]] = {
    "right": (0, 1), "left": (0, -1), "up": (-1, 0), "down": (1, 0),
    "up-right": (-1, 1), "up-left": (-1, -1), "down-right": (1, 1), "down-left": (1, -1),
}


@dataclass(frozen=True)
class FrogsDef:
    """family = "frogs": B and W stones slide or jump in their colour's directions."""

    common: Common
    start: Grid
    goal: Grid
    black: tuple[str, ...] = ("right", "down")
    white: tuple[str, ...] = ("left", "up")
    jump: Jump = Jump.OTHER


@dataclass(frozen=True)
class KnightsDef:
    """family = "knights": B and W knights move by a chess knight's move to an empty cell."""

    common: Common
    start: Grid
    goal: Grid


@dataclass(frozen=True)
class PairsDef:
    """family = "pairs": two adjacent stones of one row move, order kept, into two adjacent empty cells.
    The goal is a grid, or ``goal_block`` (the stones in one unbroken block anywhere in the row,
    with ``either_order``: either colour first)."""

    common: Common
    start: Grid
    goal: Grid | None = None
    goal_block: str = ""
    either_order: bool = False


PuzzleDef = BlocksDef | FrogsDef | KnightsDef | PairsDef
