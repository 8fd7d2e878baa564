"""Sixteen (``family = "sixteen"``, Simon Tatham's): rows and columns of numbered tiles that rotate, on grids
from 2x2 to 4x4. A table of every arrangement up to 3x3, an optimal search beyond (see ``oracle``)."""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any, Callable, Mapping

from game.catalog.dealers import Dealer
from game.catalog.spec import EditMode, Figures, Presentation, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.registry import register
from game.families.sixteen import files
from game.families.sixteen.files import SixteenDef, reaches
from game.families.sixteen.kinds import KINDS
from game.families.sixteen.oracle import sixteen_oracle
from game.families.sixteen.rules import TABLE_RANKS, arrangements, make_sixteen, reachable_count, tile_name
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

__all__ = ["FAMILY", "SIXTEEN", "SixteenFamily", "Scrambled", "Shuffled"]

SIXTEEN = Shelf("sixteen", N_("Sixteen"), (226, 128, 188))
# Translators: the play screen's line of keys for Sixteen (see its help card)
KEYS_LINE = N_("Arrows choose a tile · Enter takes it, arrows then turn its row or column · F1 every key")
# the help card's keys for the board (the left column names keys as printed, or a mouse action)
KEY_ROWS = ((N_("Click"), N_("an arrow beside the grid: turn that row or column one cell its way")),
            (N_("Drag"), N_("a tile along its row or its column: turn it that way")),
            (N_("Arrows"), N_("choose a tile; once taken, turn its row or its column")),
            (N_("Enter"), N_("take the chosen tile, or let it go")))
SCRAMBLE_MOVES = 12   # a new game beyond a table: this many random moves (its shortest line is proven in seconds)


class Shuffled:
    """A uniformly random arrangement the goal can be reached from (not the goal): where a table answers."""

    # Translators: a button: shuffle the tiles for a new game
    new_label = N_("Shuffle")
    new_message = N_("A new shuffle.")
    one_start = False
    searched_limit: int | None = None

    def deal(self, puzzle: Puzzle, rng: random.Random) -> bytes:
        goal = puzzle.goal_states[0]
        width, height = puzzle.board.width, puzzle.board.height
        while True:
            tiles = list(goal)
            rng.shuffle(tiles)
            if not reaches(bytes(tiles), goal, width, height):
                tiles[0], tiles[1] = tiles[1], tiles[0]   # the other parity: one swap, one to one
            if bytes(tiles) != goal:
                return bytes(tiles)

    def random_position(self, puzzle: Puzzle, rng: random.Random) -> bytes | None:
        return self.deal(puzzle, rng)


class Scrambled:
    """The goal after random moves, where a shuffle would be beyond what the search proves in time."""

    # Translators: a button: scramble the tiles by random moves for a new game
    new_label = N_("Scramble")
    new_message = N_("A new scramble of random moves (a shuffled board of this size is beyond what the game can "
                     "prove shortest).")
    one_start = False
    searched_limit: int | None = SCRAMBLE_MOVES

    def deal(self, puzzle: Puzzle, rng: random.Random) -> bytes:
        goal, state = puzzle.goal_states[0], puzzle.goal_states[0]
        while state == goal:
            for _step in range(SCRAMBLE_MOVES):
                state = rng.choice(list(puzzle.rules.successors(state)))[1]
        return state

    def random_position(self, puzzle: Puzzle, rng: random.Random) -> bytes | None:
        return self.deal(puzzle, rng)


class SixteenFamily(Family):
    key = "sixteen"
    shelf = SIXTEEN
    order = 80
    definition = SixteenDef
    files = files.KEYS
    kinds = KINDS
    oracle = sixteen_oracle
    edit = EditMode.SWAP
    blurb = N_("Turn rows and columns to put the tiles in order.")
    noun = N_("tile")
    subtitled = False
    # the grid 4 wide and 3 high was named rows first; its title and variant always said 4x3, as every board does
    renamed = {"sixteen-3x4": "sixteen-4x3"}

    def build(self, name: str, defn: SixteenDef, count: Count) -> Callable[[], Puzzle]:
        return partial(make_sixteen, name, defn)

    def dealer(self, defn: SixteenDef) -> Dealer:
        """A shuffle where a table answers, a scramble of random moves beyond."""
        return Shuffled() if arrangements(defn.start) <= TABLE_RANKS else Scrambled()

    def card_blurb(self, defn: SixteenDef, count: Count) -> str:
        return defn.common.subtitle or self.blurb

    def piece_words(self, defn: SixteenDef) -> Mapping[int, str]:
        return {t: tile_name(t) for t in set(defn.goal)}

    def presentation(self, defn: SixteenDef, count: Count, **more: Any) -> Presentation:
        return super().presentation(defn, count, keys_line=KEYS_LINE, key_rows=KEY_ROWS, **more)

    def figures(self, defn: SixteenDef, count: Count) -> Figures:
        """With the positions the start reaches (half of every arrangement where each turn is even)."""
        return replace(super().figures(defn, count), positions=reachable_count(defn.width, defn.height, defn.start))


FAMILY = register(SixteenFamily())
