"""Pairs (``family = "pairs"``): oshidori and Tait's coin pairs; two stones move at once."""
from __future__ import annotations

import functools

from game.catalog.spec import PuzzleSpec, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.pairs import files
from game.families.pairs.files import PairsDef
from game.families.pairs.kinds import KINDS
from game.families.pairs.rules import pairs_from
from game.families.registry import register
from game.families.stone_specs import stone_spec
from game.rules.counts import Count

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

    def spec(self, name: str, defn: PairsDef, count: Count | None = None) -> PuzzleSpec:
        return stone_spec(self, name, defn, functools.partial(pairs_from, name, defn), "pairs", N_("pair"),
                          N_("Move two stones at once."), (N_("black stone"), N_("white stone")))


FAMILY = register(PairsFamily())
