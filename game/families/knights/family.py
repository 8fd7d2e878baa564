"""The knights exchange (``family = "knights"``): black and white knights swap places by chess
knight's moves, on any board with holes a file gives."""
from __future__ import annotations

import functools

from game.catalog.spec import PuzzleSpec, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.knights import files
from game.families.knights.files import KnightsDef
from game.families.knights.kinds import KINDS
from game.families.knights.rules import knights_from
from game.families.registry import register
from game.families.stone_specs import stone_spec
from game.rules.counts import Count

__all__ = ["FAMILY", "KNIGHTS", "KnightsFamily"]

KNIGHTS = Shelf("knights", N_("Knights"), (230, 120, 120))


class KnightsFamily(Family):
    key = "knights"
    shelf = KNIGHTS
    order = 40
    definition = KnightsDef
    files = files.KEYS
    kinds = KINDS

    def spec(self, name: str, defn: KnightsDef, count: Count | None = None) -> PuzzleSpec:
        return stone_spec(self, name, defn, functools.partial(knights_from, name, defn), "knights", N_("knight"),
                          N_("Swap them by knight moves."), (N_("black knight"), N_("white knight")))


FAMILY = register(KnightsFamily())
