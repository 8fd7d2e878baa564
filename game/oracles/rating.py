"""How hard a position is, read from the distance table rather than judged by hand.

From the position, every optimal line is followed at once (the positions whose moves keep the
optimum, layer by layer down to the goal). On the way each position's legal moves are sorted into
optimal ones (one closer), dead ends, and the rest. Four figures come out:

- ``choice_bits``: -log2 of the chance that a player who picks among the legal moves at random
  plays an optimal solution, summed exactly over every optimal line (flow down the layers: each
  position passes its share, divided by its number of moves, to each optimal successor). A long
  solution, many moves to choose from and few right ones all raise it;
- ``branching``, the mean number of legal moves at the positions on optimal lines, and
  ``optimal_moves``, the mean number of those that keep the optimum (``first_moves`` at the
  position itself);
- ``dead_end_share``, the share of those moves that lead to a dead end, from which no line wins;
- ``positions``, the size of the component the puzzle's start lies in.

The rating is ``choice_bits * (1 + dead_end_share) + log10(positions)``: the bits of choice, made
heavier where a wrong choice cannot be undone, and a point for every tenfold of positions there
are to lose one's way in. The grades split it at 20, 35 and 50.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from game.common.i18n import N_, _
from game.oracles.base import QUIET, Build, Report
from game.oracles.table import TableOracle
from game.rules.puzzle import Puzzle

GRADES = ((20.0, N_("Beginner")), (35.0, N_("Intermediate")), (50.0, N_("Advanced")), (math.inf, N_("Expert")))
MAX_LAYER = 200_000    # positions on one layer of optimal lines: beyond, a position is not rated


class NotRated(ValueError):
    """The position cannot be rated (no table, a dead end, too many optimal lines): one sentence."""


@dataclass(frozen=True)
class Rating:
    """What the table says of a position's difficulty, and the rating made of it."""

    optimum: int
    first_moves: int          # optimal moves at the position itself
    optimal_moves: float      # mean optimal moves at the positions on optimal lines
    branching: float          # mean legal moves there
    dead_end_share: float     # share of those moves that lead to a dead end
    positions: int            # the start's component
    choice_bits: float
    rating: float

    @property
    def grade(self) -> str:
        """Beginner, Intermediate, Advanced or Expert (English, marked: shown through _())."""
        return next(name for limit, name in GRADES if self.rating < limit)

    def as_dict(self) -> dict[str, object]:
        return {**{k: round(v, 3) if isinstance(v, float) else v for k, v in asdict(self).items()},
                "grade": self.grade}


def score(choice_bits: float, dead_end_share: float, positions: int) -> float:
    """The formula of the rating (see the module's docstring)."""
    return choice_bits * (1.0 + dead_end_share) + math.log10(max(positions, 1))


def rate(puzzle: Puzzle, oracle: TableOracle, state: bytes, report: Report = QUIET) -> Rating:
    """The rating of ``state``: builds the puzzle's table if needed (off the window's thread)."""
    if not oracle.prepare(Build.ALWAYS, report):
        raise NotRated(_("{title} has no table of its positions to rate from.").format(title=puzzle.shown_title()))
    table = oracle.table
    optimum = oracle.distance(state)
    if table is None or optimum is None:
        raise NotRated(_("this position of {title} cannot reach the goal, so it has no rating.")
                       .format(title=puzzle.shown_title()))
    positions = oracle.analysis(report)[0].positions
    layer, distance = {bytes(state): 1.0}, optimum
    moves = optimal = dead = visited = 0
    first = -1
    while distance > 0:
        below: dict[bytes, float] = {}
        for here, flow in layer.items():
            successors = [after for _move, after in puzzle.successors(here)]
            found = [table.distance(after) for after in successors]
            good = [after for after, d in zip(successors, found) if d == distance - 1]
            moves, optimal, visited = moves + len(successors), optimal + len(good), visited + 1
            dead += sum(d is None for d in found)
            first = len(good) if first < 0 else first
            for after in good:
                below[after] = below.get(after, 0.0) + flow / len(successors)
        if len(below) > MAX_LAYER:
            raise NotRated(_("this position of {title} has too many optimal lines to rate.")
                           .format(title=puzzle.shown_title()))
        layer, distance = below, distance - 1
    chance = sum(layer.values())
    bits = max(0.0, -math.log2(chance)) if chance > 0 else 0.0   # never -0.0
    share = dead / moves if moves else 0.0
    return Rating(optimum, max(first, 0), optimal / visited if visited else 0.0, moves / visited if visited else 0.0,
                  share, positions, bits, score(bits, share, positions))
