"""Sokoban (``family = "sokoban"``): levels in TOML files or straight from ``.xsb`` and ``.sok``
collections (a ``.sok`` level's solutions with it), counted by moves or by pushes, their lines written in
LURD (:mod:`game.families.sokoban.lurd`)."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from game.catalog.spec import InputMode, Presentation, PuzzleSpec, Shelf, Words
from game.common.i18n import N_
from game.families.base import Family, Importer
from game.families.registry import register
from game.families.sokoban import files
from game.families.sokoban.counts import COUNTS, STEPS, count_named
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.kinds import KINDS
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.lurd import Lurd
from game.families.sokoban.oracle import sokoban_oracle
from game.families.sokoban.rules import GOAL, SokobanPuzzle, make_sokoban
from game.families.sokoban.xsb import parse_collection, parse_level, sniff
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

__all__ = ["FAMILY", "SOKOBAN", "SokobanFamily"]

SOKOBAN = Shelf("sokoban", N_("Sokoban"), (214, 168, 96))
BLURB = N_("Push every box onto a target.")
PIECE_WORDS = {KEEPER: N_("keeper"), BOX: N_("box")}
PLURALS = {KEEPER: N_("keepers"), BOX: N_("boxes")}


def build(name: str, defn: SokobanDef, count: str) -> SokobanPuzzle:
    """The rules of a level under the count spelt ``count`` (module level: a worker rebuilds it)."""
    return make_sokoban(name, defn, count_named(count))


def _lurd(puzzle: Puzzle) -> Lurd:
    """The notation of the level's lines (a level's rules are always Sokoban's own)."""
    assert isinstance(puzzle, SokobanPuzzle)
    return Lurd(puzzle)


class SokobanFamily(Family):
    key = "sokoban"
    shelf = SOKOBAN
    order = 60
    definition = SokobanDef
    files = files.KEYS
    counts = COUNTS
    default = STEPS
    kinds = KINDS
    keys = ("level", "moves")
    importers = (Importer((".xsb", ".sok"), parse_level, sniff, N_("Sokoban level collection"), many=parse_collection),)
    grid = True   # a collection's levels are a grid of pictures, as Sokoban players know them
    oracle = sokoban_oracle
    input = InputMode.WALK
    blurb = BLURB
    noun = N_("box")
    pieces = PIECE_WORDS
    card_titles = False

    def spec(self, name: str, defn: SokobanDef, count: Count | None = None) -> PuzzleSpec:
        """The level's spec. Its words are known without the rules (the title, the count's rule, the goal every
        level shares), and reading its file checked everything building them would (:func:`read_level`), so a
        collection of a thousand levels builds none of them until each is played or asked about."""
        count = count or self.own_count(defn)
        return self.made(name, defn, count, writes=_lurd, solutions=defn.solutions,
                         words=Words(defn.common.title, count.rule, GOAL))

    def build(self, name: str, defn: SokobanDef, count: Count) -> Callable[[], SokobanPuzzle]:
        return partial(build, name, defn, count.key)

    def presentation(self, defn: SokobanDef, count: Count, **more: Any) -> Presentation:
        """With the plurals of its pieces, and the level's rows for its picture in a collection's grid."""
        return super().presentation(defn, count, piece_plurals=PLURALS, sketch=defn.level, **more)


FAMILY = register(SokobanFamily())
