"""Peg solitaire (``family = "pegs"``): the triangle, the English and French boards and any board a file
gives; every jump counted, or one peg's chain of jumps as one move."""
from __future__ import annotations

from functools import partial
from typing import Callable, Mapping

from game.catalog.spec import Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.pegs import files
from game.families.pegs.counts import CHAIN, COUNTS
from game.families.pegs.files import PegsDef
from game.families.pegs.kinds import KINDS
from game.families.pegs.oracle import pegs_oracle
from game.families.pegs.rules import PEG, PegsPuzzle, count_named, make_pegs
from game.families.registry import register
from game.rules.counts import Count

__all__ = ["FAMILY", "PEGS", "PegsFamily"]

PEGS = Shelf("pegs", N_("Peg solitaire"), (206, 150, 92))
PEGS_BLURB = N_("Jump pegs until one is left.")


def build(name: str, defn: PegsDef, count: str) -> PegsPuzzle:
    """The rules of a file's puzzle under the count spelt ``count`` (module level: a worker rebuilds it)."""
    return make_pegs(name, defn, count_named(count))


class PegsFamily(Family):
    key = "pegs"
    shelf = PEGS
    order = 60
    definition = PegsDef
    files = files.KEYS
    counts = COUNTS
    default = CHAIN
    kinds = KINDS
    keys = ("directions", "moves", "goal_pegs")
    oracle = pegs_oracle
    blurb = PEGS_BLURB
    noun = N_("peg")
    pieces = {PEG: N_("peg")}
    card_titles = False
    subtitled = False

    def piece_limits(self, start: bytes) -> Mapping[int, tuple[int, int]]:
        """Pegs only, from one to as many as the start has: a jump takes a peg off, and nothing puts one back."""
        return {PEG: (1, start.count(PEG))}

    def build(self, name: str, defn: PegsDef, count: Count) -> Callable[[], PegsPuzzle]:
        return partial(build, name, defn, count.key)


FAMILY = register(PegsFamily())
