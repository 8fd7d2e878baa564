"""The ring family: its shelf, its file keys, its puzzles and its kinds; it registers itself below."""
from __future__ import annotations

from functools import partial

from game.catalog.dealers import ClassicStart
from game.catalog.spec import DemoPlan, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.families.base import Family
from game.families.registry import register
from game.oracles.table import TableOracle
from game.rules.counts import Count
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

    def spec(self, name: str, defn: RingDef, count: Count | None = None) -> PuzzleSpec:
        return PuzzleSpec(name, self.shelf, Recipe(name, partial(make_ring, name, defn), TableOracle),
                          ClassicStart(), InputMode.CURSOR,
                          Presentation("ring", defn.common.title, "Swap the colours round the ring.",
                                       {RED: "red token", GREEN: "green token"}, "token"),
                          Figures(), DemoPlan(), family=self, as_file=partial(files.with_start, defn))


FAMILY = register(RingFamily())
