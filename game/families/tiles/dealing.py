"""Sliding tiles are dealt by a real shuffle, or, where a shuffled board is beyond what the game can
answer (5x5), by a scramble it can answer.

Sliding tiles are dealt as a uniformly random solvable position. A short random walk from
the goal would be easy to write but is biased towards easy positions (a 100-move walk on
the 15-puzzle rarely lands more than ~40 moves out, while random positions need ~53), so a
"shuffle" would not be a real shuffle. Instead we shuffle the cells and repair the parity:

* a uniformly random permutation of all n cells (blank included);
* if it is in the unreachable half, swap the first two non-blank tiles. That swap flips
  the permutation parity without moving the blank, so it maps the unsolvable half onto the
  solvable half one-to-one (it is its own inverse). Every solvable position therefore has
  probability exactly 2/n!, i.e. the result is uniform over solvable positions;
* the goal itself is rejected (a deal that is already solved is no game); rejection keeps
  the distribution uniform over the remaining positions.

A shuffled 5x5 board needs about a hundred moves, and proving its shortest line can take hours. There
"New" deals a scramble: the board after a random walk of the blank from the goal, never straight back,
so it is at most that many moves from the goal (the walk backwards solves it) and within what the
search proves shortest; the game says it is a scramble, not a shuffle. A deal at a distance d solves
longer scrambles optimally and starts d moves from the goal along the shortest line found: exactly d
moves out (a part of a shortest line is a shortest line), though not uniformly among all such positions.
"""
from __future__ import annotations

import random

from solvers.sliding import goal_state, reaches

from game.common.i18n import N_
from game.rules.puzzle import Puzzle

__all__ = ["ScrambledTiles", "ShuffledTiles", "random_tiles", "scramble"]

# The largest lower bound whose optimal search usually ends within seconds on each board whose random
# positions lie beyond it (measured by `bench tiles`: on 4x5 a lower bound of 50 is proven in about a
# second, one of 55 and more, as most random positions have, not in 40 s); a board not named here is
# always searched for the shortest line first (the board oracle's searches,
# game.families.tiles.boards, and the deals here go by it).
REACH = {(4, 5): 50, (5, 4): 50, (5, 5): 56}


class ShuffledTiles:
    """A uniformly random solvable tiles position (see the module docstring)."""

    # Translators: a button: shuffle the tiles for a new game
    new_label = N_("Shuffle")
    new_message = N_("A new shuffle.")
    one_start = False

    def __init__(self, searched_limit: int | None = None) -> None:
        self.searched_limit = searched_limit

    def deal(self, puzzle: Puzzle, rng: random.Random) -> bytes:
        return random_tiles(puzzle.board.width, puzzle.board.height, rng, puzzle.goal_states[0])

    def random_position(self, puzzle: Puzzle, rng: random.Random) -> bytes | None:
        return self.deal(puzzle, rng)


class ScrambledTiles:
    """A scramble the game can answer (see the module docstring): ``walk`` random moves for a new game,
    ``search_walk`` for the boards a deal at a distance (up to ``searched_limit``) solves."""

    # Translators: a button: scramble the tiles by random moves for a new game
    new_label = N_("Scramble")
    new_message = N_("A new scramble of random moves (a shuffled board of this size is beyond what the game can "
                     "prove shortest).")
    one_start = False

    def __init__(self, walk: int, search_walk: int, searched_limit: int) -> None:
        self.walk = walk
        self.search_walk = search_walk
        self.searched_limit: int | None = searched_limit

    def deal(self, puzzle: Puzzle, rng: random.Random) -> bytes:
        return scramble(puzzle, self.walk, rng)

    def random_position(self, puzzle: Puzzle, rng: random.Random) -> bytes | None:
        return scramble(puzzle, self.search_walk, rng)


def random_tiles(width: int, height: int, rng: random.Random, goal: bytes | None = None) -> bytes:
    """A uniformly random position (row-major, 0 = blank) that can reach ``goal`` (default: reading order,
    the blank last) and is not the goal."""
    n = width * height
    if width < 1 or height < 1 or n < 3:
        raise ValueError(f"a {width}x{height} tiles board is too small to deal: it needs at least 3 cells.")
    goal = goal if goal is not None else goal_state(width, height)
    while True:
        cells = sorted(goal)
        rng.shuffle(cells)
        if not reaches(bytes(cells), goal, width):
            i, j = [k for k, v in enumerate(cells) if v != 0][:2]
            cells[i], cells[j] = cells[j], cells[i]
        state = bytes(cells)
        if state != goal:
            return state


def scramble(puzzle: Puzzle, moves: int, rng: random.Random) -> bytes:
    """The goal after ``moves`` random moves of the blank, never straight back (not the goal itself)."""
    width, height = puzzle.board.width, puzzle.board.height
    goal = puzzle.goal_states[0]
    while True:
        cells = bytearray(goal)
        blank, previous = cells.index(0), -1
        for _step in range(moves):
            row, col = divmod(blank, width)
            options = [cell for cell, ok in ((blank - width, row > 0), (blank + width, row < height - 1),
                                             (blank - 1, col > 0), (blank + 1, col < width - 1))
                       if ok and cell != previous]
            cell = rng.choice(options)
            cells[blank], cells[cell], previous, blank = cells[cell], 0, blank, cell
        if bytes(cells) != goal:
            return bytes(cells)
