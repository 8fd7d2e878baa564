"""Frogs that slide and jump (``family = "frogs"``): the lines of the seed puzzles, and any board,
directions and jump rule a file gives."""
from __future__ import annotations

import functools
from typing import Callable, Sequence

from game.catalog.dealers import ClassicStart
from game.catalog.spec import DemoPlan, Figures, Presentation, PuzzleSpec, Recipe, Shelf
from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.base import Family
from game.families.frogs import files
from game.families.frogs.files import FrogsDef
from game.families.frogs.kinds import KINDS
from game.families.frogs.rules import frog_line_file, frogs_from, frogs_line, line_title
from game.families.registry import register
from game.families.stones import BLACK, WHITE
from game.oracles.table import TableOracle
from game.rules.counts import Count
from game.rules.directions import DIRECTIONS, WORDS
from game.rules.puzzle import Puzzle

__all__ = ["FAMILY", "FROGS", "FrogsFamily", "directions"]

FROGS = Shelf("frogs", N_("Frogs"), (96, 190, 170))
FROG_WORDS = {BLACK: N_("black frog"), WHITE: N_("white frog")}
# the frog lines' cards, written out: each is a message of its own
LINE_CARDS = {
    1: (N_("Line of 1 each"), N_("1 frog a side swap places.")),
    2: (N_("Line of 2 each"), N_("2 frogs a side swap places.")),
    3: (N_("Line of 3 each"), N_("3 frogs a side swap places.")),
    4: (N_("Line of 4 each"), N_("4 frogs a side swap places.")),
    5: (N_("Line of 5 each"), N_("5 frogs a side swap places.")),
    6: (N_("Line of 6 each"), N_("6 frogs a side swap places.")),
    7: (N_("Line of 7 each"), N_("7 frogs a side swap places.")),
    8: (N_("Line of 8 each"), N_("8 frogs a side swap places.")),
}


def directions(names: tuple[str, ...]) -> str:
    """A stone's directions as a card says them, 'right/down', each in the words of the rules."""
    listed: str = Phrase(WORDS[DIRECTIONS[names[0]]]) if names else ""
    for name in names[1:]:
        # Translators: directions a frog may move in, on a menu card: "right/down".
        listed = Phrase(N_("{listed}/{direction}"), listed=listed, direction=Phrase(WORDS[DIRECTIONS[name]]))
    return listed


class FrogsFamily(Family):
    key = "frogs"
    shelf = FROGS
    order = 30
    definition = FrogsDef
    files = files.KEYS
    kinds = KINDS
    keys = ("black", "white", "jump")
    noun = N_("frog")
    pieces = FROG_WORDS

    def build(self, name: str, defn: FrogsDef, count: Count) -> Callable[[], Puzzle]:
        return functools.partial(frogs_from, name, defn)

    def card_blurb(self, defn: FrogsDef, count: Count) -> str:
        """The file's subtitle, else the ways its frogs go."""
        return defn.common.subtitle or Phrase(N_("Black {black}, white {white}."), black=directions(defn.black),
                                              white=directions(defn.white))

    def builtins(self) -> Sequence[PuzzleSpec]:
        return tuple(self._line(n) for n in range(1, 9))

    def _line(self, n: int) -> PuzzleSpec:
        title, blurb = LINE_CARDS[n]
        name = f"frogs-line-{n}"
        card = Presentation(view=self.views[0], short_title=title, blurb=blurb, piece_names=FROG_WORDS,
                            piece_noun=self.noun, group=N_("Frogs in a line"), variant=str(n))
        return PuzzleSpec(name=name, shelf=self.shelf, recipe=Recipe(name, functools.partial(frogs_line, n), TableOracle),
                          dealer=ClassicStart(), input=self.input, presentation=card,
                          figures=Figures(published=n * n + 2 * n), demo=DemoPlan(), family=self, edit=self.edit,
                          as_file=functools.partial(frog_line_file, n, line_title(n)))


FAMILY = register(FrogsFamily())
