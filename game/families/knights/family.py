"""The knights exchange (``family = "knights"``): black and white knights swap places by chess
knight's moves, on any board with holes a file gives."""
from __future__ import annotations

import functools
from typing import Callable

from game.catalog.spec import Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.knights import files
from game.families.knights.files import KnightsDef
from game.families.knights.kinds import KINDS
from game.families.knights.rules import knights_from
from game.families.registry import register
from game.families.stones import BLACK, WHITE
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

__all__ = ["FAMILY", "KNIGHTS", "KnightsFamily"]

KNIGHTS = Shelf("knights", N_("Knights"), (230, 120, 120))


class KnightsFamily(Family):
    key = "knights"
    shelf = KNIGHTS
    order = 40
    definition = KnightsDef
    files = files.KEYS
    kinds = KINDS
    noun = N_("knight")
    blurb = N_("Swap them by knight moves.")
    pieces = {BLACK: N_("black knight"), WHITE: N_("white knight")}

    def build(self, name: str, defn: KnightsDef, count: Count) -> Callable[[], Puzzle]:
        return functools.partial(knights_from, name, defn)


FAMILY = register(KnightsFamily())
