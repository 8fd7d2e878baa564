"""Sliding tiles: the 8-puzzle (every position in a table) and the 15-puzzle (IDA* with pattern
databases), dealt by a real shuffle; and boards of any size from 2x2 to 5x5 from files (``family =
"tiles"``): a table up to ten cells, pattern databases built for the board beyond."""
from __future__ import annotations

import functools
import random
from dataclasses import replace
from math import factorial
from typing import Callable, Mapping, Sequence

from game.catalog.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.registry import register
from game.families.tiles import files
from game.families.tiles.dealing import REACH, ScrambledTiles, ShuffledTiles, random_tiles, scramble
from game.families.tiles.files import TilesDef
from game.families.tiles.rules import TABLE_CELLS, TILE_NAMES, goal_state, make_tiles
from game.catalog.dealers import Dealer
from game.oracles.base import Oracle, Recipe as OracleRecipe
from game.oracles.table import TableOracle
from game.rules.counts import Count
from game.rules.kinds import SLIDE
from game.rules.puzzle import Puzzle

__all__ = ["FAMILY", "TILES", "TilesFamily"]

TILES = Shelf("tiles", N_("Sliding tiles"), (236, 170, 84))
FIFTEEN_NOTE = N_("The 15-puzzle has 16!/2 = 10,461,394,944,000 reachable positions. A table with one byte "
                   "for each would fill about ten terabytes, and sweeping it would take days, so the game "
                   "never solves this puzzle completely. Instead every hint and solution comes from IDA*, a "
                   "depth-first search guided by additive pattern databases (the 7-7-1 split, looked up for "
                   "the board and its mirror image), which proves its answer is the shortest.")
FIFTEEN_DEAL_MAX = 56   # random 15-puzzle boards rarely need more: a searched deal could retry for long
# DEMO_FIFTEEN: the 15-puzzle stays out of the unattended demo. Its answers need the pattern databases (115 MB)
# and the compiled search (about 140 MB more) in the worker: more than the demo's whole memory may take
# (400 MB, window included: README, "Demo"). The 8-puzzle and the smaller boards show the family.
# the tiles' titles and cards, written out: each is a message of its own
TILE_TITLES = {8: N_("8-puzzle"), 15: N_("15-puzzle")}
TILE_BLURBS = {8: N_("Slide tiles into order, 1 to 8."), 15: N_("Slide tiles into order, 1 to 15.")}


# a new 5x5 game: a scramble of this many random moves (its shortest line is proven in a moment); a deal
# at a distance solves scrambles this long, whose shortest lines reach about 50 to 65 moves
SCRAMBLE_MOVES = 60
SEARCHED_SCRAMBLE = 90


def _card(n: int) -> Presentation:
    return Presentation(view="tiles", short_title=TILE_TITLES[n], blurb=TILE_BLURBS[n],
                        piece_names={t: TILE_NAMES[t] for t in range(1, n + 1)}, piece_noun=N_("tile"))


def tiles_from(name: str, defn: TilesDef) -> Puzzle:
    """The rules of a tiles file; without a start, a deal that is the same each run (a shuffle, or a
    scramble where a shuffle is beyond reach: see dealing)."""
    start, rng = defn.start, random.Random(f"{defn.width}x{defn.height}")
    if start is None:
        start = random_tiles(defn.width, defn.height, rng, defn.target)
        if (defn.width, defn.height) in REACH:
            start = scramble(make_tiles(name, defn.common.title, defn.width, defn.height, None, defn.goal),
                             SCRAMBLE_MOVES, rng)
    return make_tiles(name, defn.common.title, defn.width, defn.height, start, defn.goal,
                      start_given=defn.start is not None)


def tiles_oracle(puzzle: Puzzle, recipe: OracleRecipe | None = None) -> Oracle:
    """A table up to ten cells; the 15-puzzle's own tables for 4x4 with its goal; else tables built for
    the board."""
    board = puzzle.board
    if len(board) <= TABLE_CELLS:
        return TableOracle(puzzle, recipe)
    if (board.width, board.height) == (4, 4) and puzzle.goal_states[0] == goal_state(4, 4):
        return pattern_oracle(puzzle, recipe)
    from game.families.tiles.boards import BoardOracle   # the searches of large boards: imported when first asked
    return BoardOracle(puzzle, recipe)


def pattern_oracle(puzzle: Puzzle, recipe: OracleRecipe | None = None) -> Oracle:
    """The 15-puzzle's pattern databases and search (a large module, imported when first asked for)."""
    from game.families.tiles.pattern import PatternOracle
    return PatternOracle(puzzle, recipe)


def dealer_for(defn: TilesDef) -> Dealer:
    """A shuffle; a scramble where a shuffled board is beyond what the game can answer (see dealing)."""
    reach = REACH.get((defn.width, defn.height))
    if reach is None:
        return ShuffledTiles(searched_limit=FIFTEEN_DEAL_MAX if defn.width * defn.height > TABLE_CELLS else None)
    return ScrambledTiles(SCRAMBLE_MOVES, SEARCHED_SCRAMBLE, reach)


class TilesFamily(Family):
    key = "tiles"
    shelf = TILES
    order = 10
    definition = TilesDef
    files = files.KEYS
    kinds = (SLIDE,)
    keys = ("size",)
    oracle = tiles_oracle
    input = InputMode.SLIDE
    edit = EditMode.SWAP
    blurb = N_("Slide the tiles into order.")
    noun = N_("tile")
    subtitled = False

    def build(self, name: str, defn: TilesDef, count: Count) -> Callable[[], Puzzle]:
        return functools.partial(tiles_from, name, defn)

    def dealer(self, defn: TilesDef) -> Dealer:
        return dealer_for(defn)

    def piece_words(self, defn: TilesDef) -> Mapping[int, str]:
        return {t: TILE_NAMES[t] for t in range(1, defn.width * defn.height)}

    def figures(self, defn: TilesDef, count: Count) -> Figures:
        """With the board's positions: half of every arrangement is reachable."""
        return replace(super().figures(defn, count), positions=factorial(defn.width * defn.height) // 2)

    def builtins(self) -> Sequence[PuzzleSpec]:
        eight = functools.partial(make_tiles, "eight", TILE_TITLES[8], 3, 3, start=bytes([8, 6, 7, 2, 5, 4, 3, 0, 1]))
        fifteen = functools.partial(make_tiles, "fifteen", TILE_TITLES[15], 4, 4,
                                    start=bytes([5, 10, 14, 4, 6, 12, 11, 1, 9, 0, 15, 7, 13, 2, 8, 3]))
        return (
            PuzzleSpec(name="eight", shelf=self.shelf, recipe=Recipe("eight", eight, TableOracle),
                       dealer=ShuffledTiles(), input=self.input, presentation=_card(8),
                       figures=Figures(published=31, positions=factorial(9) // 2, longest=31), demo=DemoPlan(),
                       family=self, edit=self.edit),
            PuzzleSpec(name="fifteen", shelf=self.shelf, recipe=Recipe("fifteen", fifteen, pattern_oracle),
                       dealer=ShuffledTiles(searched_limit=FIFTEEN_DEAL_MAX), input=self.input, presentation=_card(15),
                       figures=Figures(published=41, positions=factorial(16) // 2, longest=80,
                                       rows=((N_("Positions"), N_("10.46 trillion")),
                                             (N_("Longest optimal"), N_("80 moves")),
                                             (N_("Random positions"), N_("about 53 moves"))), note=FIFTEEN_NOTE),
                       demo=None, family=self, edit=self.edit),   # not in the demo: see DEMO_FIFTEEN
        )


FAMILY = register(TilesFamily())
