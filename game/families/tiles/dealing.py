"""Sliding tiles are dealt by a real shuffle.

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
"""
from __future__ import annotations

import random

from solvers.sliding import goal_state, is_solvable

from game.common.i18n import N_
from game.rules.puzzle import Puzzle

__all__ = ["ShuffledTiles", "random_tiles"]


class ShuffledTiles:
    """A uniformly random solvable tiles position (see the module docstring)."""

    # Translators: a button: shuffle the tiles for a new game
    new_label = N_("Shuffle")
    new_message = N_("A new shuffle.")
    one_start = False

    def __init__(self, searched_limit: int | None = None) -> None:
        self.searched_limit = searched_limit

    def deal(self, puzzle: Puzzle, rng: random.Random) -> bytes:
        return random_tiles(puzzle.board.width, puzzle.board.height, rng)

    def random_position(self, puzzle: Puzzle, rng: random.Random) -> bytes | None:
        return self.deal(puzzle, rng)


def random_tiles(width: int, height: int, rng: random.Random) -> bytes:
    """A uniformly random solvable tiles position (row-major, 0 = blank) that is not the goal."""
    n = width * height
    if width < 1 or height < 1 or n < 3:
        raise ValueError(f"a {width}x{height} tiles board is too small to deal: it needs at least 3 cells.")
    goal = goal_state(width, height)
    while True:
        cells = list(range(n))
        rng.shuffle(cells)
        if not is_solvable(bytes(cells), width):
            i, j = [k for k, v in enumerate(cells) if v != 0][:2]
            cells[i], cells[j] = cells[j], cells[i]
        state = bytes(cells)
        if state != goal:
            return state
