"""What a sliding-block file defines (``family = "blocks"``), as plain data: the rules are built from it
(:mod:`game.families.blocks.rules`), its keys are read and written in :mod:`game.families.blocks.files`."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Mapping

from game.files.model import Common, Grid

__all__ = ["Axis", "BlocksDef"]


class Axis(Enum):
    X = "x"   # the piece moves only horizontally
    Y = "y"   # ... only vertically


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
    moves: str = "path"     # the count its puzzle is played with unless the player switches
