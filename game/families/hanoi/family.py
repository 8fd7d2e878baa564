"""The Tower of Hanoi (``family = "hanoi"``): three pegs, Reve's four, or more, any number of discs
up to a table of two million positions, from any position to any other."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from game.catalog.spec import EditMode, Presentation, Shelf
from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.base import Family
from game.families.hanoi import files
from game.families.hanoi.files import HanoiDef
from game.families.hanoi.kinds import KINDS
from game.families.hanoi.oracle import HanoiOracle
from game.families.hanoi.rules import DISC_NAMES, make_hanoi
from game.families.registry import register
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

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
    oracle = HanoiOracle
    edit = EditMode.PIECES
    noun = N_("disc")
    pieces = DISC_NAMES
    subtitled = False

    def build(self, name: str, defn: HanoiDef, count: Count) -> Callable[[], Puzzle]:
        return partial(make_hanoi, name, defn)

    def card_blurb(self, defn: HanoiDef, count: Count) -> str:
        return defn.common.subtitle or blurb(defn)

    def presentation(self, defn: HanoiDef, count: Count, **more: Any) -> Presentation:
        """With its own line of keys and help card rows: a disc is lifted and set down."""
        return super().presentation(defn, count, keys_line=KEYS_LINE, key_rows=KEY_ROWS, **more)


FAMILY = register(HanoiFamily())
