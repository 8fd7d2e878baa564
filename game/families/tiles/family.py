"""Sliding tiles: the 8-puzzle (every position in a table) and the 15-puzzle (IDA* with pattern
databases), dealt by a real shuffle."""
from __future__ import annotations

import functools
from math import factorial
from typing import Sequence

from game.catalog.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.registry import register
from game.families.tiles.dealing import ShuffledTiles
from game.families.tiles.pattern import PatternOracle
from game.families.tiles.rules import TILE_NAMES, make_tiles
from game.oracles.table import TableOracle
from game.rules.kinds import SLIDE

__all__ = ["FAMILY", "TILES", "TilesFamily"]

TILES = Shelf("tiles", N_("Sliding tiles"), (236, 170, 84))
FIFTEEN_NOTE = N_("The 15-puzzle has 16!/2 = 10,461,394,944,000 reachable positions. A table with one byte "
                   "for each would fill about ten terabytes, and sweeping it would take days, so the game "
                   "never solves this puzzle completely. Instead every hint and solution comes from IDA*, a "
                   "depth-first search guided by additive pattern databases (the 7-7-1 split, looked up for "
                   "the board and its mirror image), which proves its answer is the shortest.")
FIFTEEN_DEAL_MAX = 56   # random 15-puzzle boards rarely need more: a searched deal could retry for long
# the tiles' titles and cards, written out: each is a message of its own
TILE_TITLES = {8: N_("8-puzzle"), 15: N_("15-puzzle")}
TILE_BLURBS = {8: N_("Slide tiles into order, 1 to 8."), 15: N_("Slide tiles into order, 1 to 15.")}


def _card(n: int) -> Presentation:
    return Presentation("tiles", TILE_TITLES[n], TILE_BLURBS[n], {t: TILE_NAMES[t] for t in range(1, n + 1)},
                        N_("tile"))


class TilesFamily(Family):
    key = "tiles"
    shelf = TILES
    order = 10
    kinds = (SLIDE,)

    def builtins(self) -> Sequence[PuzzleSpec]:
        eight = functools.partial(make_tiles, "eight", TILE_TITLES[8], 3, 3, start=bytes([8, 6, 7, 2, 5, 4, 3, 0, 1]))
        fifteen = functools.partial(make_tiles, "fifteen", TILE_TITLES[15], 4, 4,
                                    start=bytes([5, 10, 14, 4, 6, 12, 11, 1, 9, 0, 15, 7, 13, 2, 8, 3]))
        return (
            PuzzleSpec("eight", self.shelf, Recipe("eight", eight, TableOracle), ShuffledTiles(), InputMode.SLIDE,
                       _card(8), Figures(published=31, positions=factorial(9) // 2, longest=31), DemoPlan(),
                       family=self, edit=EditMode.SWAP),
            PuzzleSpec("fifteen", self.shelf, Recipe("fifteen", fifteen, PatternOracle),
                       ShuffledTiles(searched_limit=FIFTEEN_DEAL_MAX), InputMode.SLIDE, _card(15),
                       Figures(published=41, positions=factorial(16) // 2, longest=80,
                               rows=((N_("Positions"), N_("10.46 trillion")), (N_("Longest optimal"), N_("80 moves")),
                                     (N_("Random positions"), N_("about 53 moves"))), note=FIFTEEN_NOTE),
                       DemoPlan(deal_distance=(30, 40)), family=self, edit=EditMode.SWAP),
        )


FAMILY = register(TilesFamily())
