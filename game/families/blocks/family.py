"""Sliding blocks of any shape (``family = "blocks"``): Klotski and its kin, Goat, Century,
Rush-Hour-style cars. Files in TOML, jim'slide and Knuth's SLIDING; three ways to count a move."""
from __future__ import annotations

import re
from functools import partial
from typing import Callable, Mapping, Sequence

from game.catalog.dealers import ClassicStart
from game.catalog.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.common.i18n import N_
from game.families.base import Family, Importer
from game.families.blocks import rush_hour
from game.families.blocks import files, goat
from game.families.blocks.counts import COUNTS, PATH
from game.families.blocks.model import BlocksDef
from game.families.blocks.js2 import parse_js2
from game.families.blocks.kinds import KINDS

from game.families.blocks.rules import BlocksPuzzle, count_named, make_blocks
from game.families.blocks.words import goal_text, piece_words
from game.families.blocks.sliding import parse_sliding
from game.families.registry import register
from game.families.blocks.oracle import blocks_oracle
from game.oracles.table import TableOracle
from game.rules.counts import Count
from game.rules.puzzle import Doors

__all__ = ["BLOCKS", "BlocksFamily", "FAMILY"]

BLOCKS = Shelf("blocks", N_("Sliding blocks"), (132, 196, 98))
BLOCKS_BLURB = N_("Sliding blocks.")   # a sliding-block file that says nothing about itself
_SLIDING_SIZE = re.compile(r"\s*\d+\s*x\s*\d+")
_JS2_COMMAND = re.compile(r"\s*(xsize|ysize|piece|put|win|wall|hwall|vwall)\s*:", re.I)


def build(name: str, defn: BlocksDef, count: str) -> BlocksPuzzle:
    """The rules of a file's puzzle under the count spelt ``count`` (module level: a worker rebuilds it)."""
    return make_blocks(name, defn, count=count_named(count), title=defn.common.title, goal_text=goal_text(defn))


class BlocksFamily(Family):
    key = "blocks"
    shelf = BLOCKS
    order = 20
    definition = BlocksDef
    files = files.KEYS
    counts = COUNTS
    default = PATH
    kinds = KINDS
    keys = ("moves", "same", "axis", "doors")
    importers = (
        Importer((".sliding",), parse_sliding, lambda lines: bool(lines) and bool(_SLIDING_SIZE.match(lines[0])),
                 N_("Knuth's SLIDING input")),
        Importer((".js2",), parse_js2, lambda lines: any(_JS2_COMMAND.match(line) for line in lines),
                 N_("jim'slide configuration")),
        Importer((".rush",), rush_hour.parse, rush_hour.sniff, rush_hour.KIND, many=rush_hour.lots),
    )
    more_views = ("goat",)
    oracle = blocks_oracle
    input = InputMode.PIECES
    edit = EditMode.PIECES
    card_titles = False

    def spec(self, name: str, defn: BlocksDef, count: Count | None = None) -> PuzzleSpec:
        count = count or self.own_count(defn)
        return self.made(name, defn, count, redoor=partial(self.redoored, name, defn, count))

    def build(self, name: str, defn: BlocksDef, count: Count) -> Callable[[], BlocksPuzzle]:
        return partial(build, name, defn, count.key)

    def card_blurb(self, defn: BlocksDef, count: Count) -> str:
        """The file's subtitle or published figure, else its source: a sliding-block file rarely says more."""
        return super().card_blurb(defn, count) or defn.common.source or BLOCKS_BLURB

    def piece_words(self, defn: BlocksDef) -> Mapping[int, str]:
        return piece_words(defn)

    def redoored(self, name: str, defn: BlocksDef, count: Count, doors: Doors) -> PuzzleSpec:
        """The same puzzle under the same count with other doors (the editor's)."""
        return self.spec(name, files.with_doors(defn, doors), count)

    def builtins(self) -> Sequence[PuzzleSpec]:
        recipe = Recipe("goat", goat.make_goat, TableOracle)
        card = Presentation(view="goat", short_title=N_("Goat"), blurb=N_("Build the pen round the sheep."),
                            piece_names=goat.PIECE_WORDS)
        return (PuzzleSpec(name="goat", shelf=self.shelf, recipe=recipe, dealer=ClassicStart(), input=InputMode.SLIDE,
                           presentation=card, figures=Figures(published=20, positions=3 * 1_814_400, longest=52),
                           demo=DemoPlan(), family=self, count=count_named(goat.DEFINITION.moves), edit=self.edit,
                           as_file=partial(files.with_start, goat.DEFINITION)),)


FAMILY = register(BlocksFamily())
