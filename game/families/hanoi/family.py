"""The Tower of Hanoi (``family = "hanoi"``): three pegs, Reve's four, or more, any number of discs
up to a table of two million positions, from any position to any other."""
from __future__ import annotations

from functools import partial

from game.catalog.dealers import ClassicStart
from game.catalog.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.base import Family
from game.families.hanoi import files
from game.families.hanoi.files import HanoiDef
from game.families.hanoi.kinds import KINDS
from game.families.hanoi.oracle import HanoiOracle
from game.families.hanoi.rules import DISC_NAMES, make_hanoi
from game.families.registry import register
from game.families.stone_specs import card_title
from game.rules.counts import Count

__all__ = ["FAMILY", "HANOI", "HanoiFamily"]

# Translators: the play screen's line of keys for the Tower of Hanoi (see its help card)
KEYS_LINE = N_("Left/Right choose a peg · Up lifts, Down sets down · F1 every key")
# the help card's keys for the board (the left column names keys as printed, or a mouse action)
KEY_ROWS = ((N_("Click"), N_("a peg: lift its top disc, or set the lifted disc down")),
            (N_("Drag"), N_("a disc onto another peg")),
            (N_("Left/Right"), N_("choose a peg, carrying the lifted disc")),
            (N_("Up, Enter"), N_("lift the top disc of the chosen peg")),
            (N_("Down, Enter"), N_("set the lifted disc down")),
            (N_("Tab"), N_("the discs that can move, then their pegs")))
HANOI = Shelf("hanoi", N_("Tower of Hanoi"), (222, 150, 96))


def blurb(defn: HanoiDef) -> str:
    """A card's line where the file has no subtitle: the discs and the pegs."""
    return Phrase(N_("A tower of {discs} on {pegs} pegs."), discs=defn.discs, pegs=defn.pegs)


class HanoiFamily(Family):
    key = "hanoi"
    shelf = HANOI
    order = 60
    definition = HanoiDef
    files = files.KEYS
    kinds = KINDS
    keys = ("discs", "pegs")

    def spec(self, name: str, defn: HanoiDef, count: Count | None = None) -> PuzzleSpec:
        common = defn.common
        return PuzzleSpec(name, self.shelf, Recipe(name, partial(make_hanoi, name, defn), HanoiOracle), ClassicStart(),
                          InputMode.CURSOR,
                          Presentation("hanoi", card_title(common.title, self.shelf), common.subtitle or blurb(defn),
                                       DISC_NAMES, N_("disc"), common.group, common.variant, keys_line=KEYS_LINE,
                                       key_rows=KEY_ROWS),
                          Figures(published=common.published.get("moves"), note=common.source), DemoPlan(),
                          family=self, edit=EditMode.PIECES, as_file=partial(files.with_start, defn))


FAMILY = register(HanoiFamily())
