"""Pairs (``family = "pairs"``): oshidori and Tait's coin pairs; two stones move at once."""
from __future__ import annotations

import functools
from typing import Callable

from game.catalog.spec import Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.pairs import files
from game.families.pairs.files import PairsDef
from game.families.pairs.kinds import KINDS
from game.families.pairs.rules import pairs_from
from game.families.registry import register
from game.families.stones import BLACK, WHITE
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

__all__ = ["FAMILY", "PAIRS", "PairsFamily"]

PAIRS = Shelf("pairs", N_("Pairs"), (170, 150, 230))


class PairsFamily(Family):
    key = "pairs"
    shelf = PAIRS
    order = 50
    definition = PairsDef
    files = files.KEYS
    kinds = KINDS
    keys = ("goal_block", "either_order")
    noun = N_("pair")
    blurb = N_("Move two stones at once.")
    pieces = {BLACK: N_("black stone"), WHITE: N_("white stone")}

    def build(self, name: str, defn: PairsDef, count: Count) -> Callable[[], Puzzle]:
        return functools.partial(pairs_from, name, defn)


FAMILY = register(PairsFamily())
