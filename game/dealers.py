"""New games: where a fresh deal of a puzzle starts.

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

Every other family starts from its one classic start position.
"""
from __future__ import annotations

import random

from game.puzzles.base import Puzzle
from game.puzzles.tiles import goal_state, is_solvable


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


def deal(puzzle: Puzzle, rng: random.Random) -> bytes:
    """The start of a new game of ``puzzle``: a random solvable board for tiles, else the classic start."""
    if puzzle.family == "tiles":
        return random_tiles(puzzle.board.width, puzzle.board.height, rng)
    return puzzle.start


def positions_at(table, distance: int, reachable=None):
    """Ranks of the positions exactly ``distance`` moves from the goal (and reachable, if a mask is given)."""
    import numpy as np

    wanted = table.table == distance
    if reachable is not None:
        wanted &= reachable
    return np.flatnonzero(wanted)


def deal_at_distance(puzzle: Puzzle, table, distance: int, rng: random.Random, reachable=None) -> bytes:
    """A position exactly ``distance`` optimal moves from the goal, uniformly among all such positions.

    ``table`` is the puzzle's complete :class:`solvers.tables.DistanceTable`; for one-way
    puzzles ``reachable`` (a mask over the same ranks) keeps only positions a player can
    reach from the start. Raises ValueError if there is no such position.
    """
    import numpy as np

    if distance < 1:
        raise ValueError("a deal needs at least one move to go.")
    ranks = positions_at(table, distance, reachable)
    if len(ranks) == 0:
        raise ValueError(f"{puzzle.title} has no position {distance} moves from the goal.")
    rank = int(ranks[rng.randrange(len(ranks))])
    return bytes(table.ranker.unrank(np.array([rank], dtype=np.int64))[0])
