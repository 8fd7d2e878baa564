"""The ring family: its shelf, its file keys, its puzzles and its kinds; it registers itself below."""
from __future__ import annotations

from functools import partial
from typing import Callable

from game.catalog.spec import Shelf
from game.families.base import Family
from game.families.registry import register
from game.oracles.table import TableOracle
from game.rules.counts import Count
from game.rules.puzzle import Puzzle
from tests.families.ring import files
from tests.families.ring.files import RingDef
from tests.families.ring.kinds import KINDS
from tests.families.ring.rules import GREEN, RED, make_ring

RINGS = Shelf("rings", "Rings", (200, 120, 200))


class RingFamily(Family):
    key = "ring"
    shelf = RINGS
    order = 90
    definition = RingDef
    files = files.KEYS
    kinds = KINDS
    oracle = TableOracle
    blurb = "Swap the colours round the ring."
    noun = "token"
    pieces = {RED: "red token", GREEN: "green token"}
    card_titles = False
    subtitled = False

    def build(self, name: str, defn: RingDef, count: Count) -> Callable[[], Puzzle]:
        return partial(make_ring, name, defn)


FAMILY = register(RingFamily())
