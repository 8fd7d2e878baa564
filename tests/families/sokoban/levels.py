"""Small levels for the tests, drawn here: each small enough for a plain search of every position."""
from __future__ import annotations

from game.catalog.spec import PuzzleSpec
from game.families.sokoban.counts import PUSHES, STEPS
from game.families.sokoban.family import FAMILY
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.level import read_level
from game.files.model import Common
from game.rules.counts import Count

CORRIDOR = """
#######
#@ $ .#
#######
"""
# two boxes side by side, a target in a niche
YARD = """
#######
#  @. #
# $ $ #
### . #
#######
"""
# where the fewest pushes take more steps than the fewest moves: the two counts play different lines
DETOUR = """
######
#@   #
# $ .#
#    #
###$ #
### .#
######
"""
LEVELS = {"corridor": CORRIDOR, "yard": YARD, "detour": DETOUR}


def definition(text: str, title: str = "Test level") -> SokobanDef:
    return SokobanDef(Common(title), read_level(text.split("\n")).rows)


def spec(name: str, count: Count = STEPS) -> PuzzleSpec:
    """The level's spec under ``count`` (made by the family, as a file's would be)."""
    return FAMILY.spec(name, definition(LEVELS[name]), count)


__all__ = ["LEVELS", "PUSHES", "STEPS", "definition", "spec"]
