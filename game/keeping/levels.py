"""What a collection's grid says of each level, from the records: whether it was solved, the player's best
from its start under each of its counts (a Sokoban level's moves and pushes), and its optimum under each,
where it is proven.

A level counted another way is a puzzle of its own name (``warehouse-7@pushes``), so each count has its own
records. Only games from the level's own start count here: a game dealt elsewhere has another optimum. The
optimum is one the game proved: the par its records keep (the distance the game knew exactly when a game of
it was won), or the shipped ratings' optimum of the game's own levels, both from a complete search. A
figure from the literature, or a search that gave up, is never one. Pure data: no pygame, no files.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.catalog.spec import PuzzleSpec, variant_name
from game.keeping.records import START, Badge, Record, Records, badge_of
from game.rules.counts import Count

__all__ = ["Figure", "LevelFigures", "figures_of"]

RANK = {Badge.NONE: 0, Badge.ASSISTED: 1, Badge.SOLVED: 2, Badge.OPTIMAL: 3}


@dataclass(frozen=True)
class Figure:
    """One count of a level: the player's own best from its start, and the proven fewest (None: not known)."""

    count: Count
    best: int | None
    fewest: int | None

    @property
    def optimal(self) -> bool:
        return self.best is not None and self.fewest is not None and self.best <= self.fewest


@dataclass(frozen=True)
class LevelFigures:
    """A level's mark (the best of its counts' badges) and its figures, one per count in the family's order."""

    badge: Badge
    figures: tuple[Figure, ...]

    @property
    def solved(self) -> bool:
        return self.badge is not Badge.NONE


def figures_of(spec: PuzzleSpec, records: Records, shipped: Mapping[str, int]) -> LevelFigures:
    """The figures of the level ``spec`` (under its own count) from ``records``; ``shipped``: the optimum of
    the game's own levels by name, as the shipped ratings prove it. Builds no rules."""
    counts = spec.counts or (spec.count,)
    badge, figures = Badge.NONE, []
    for count in counts:
        name = variant_name(spec.base, count, spec.count)
        row = records.of(name).get(START, Record())
        if RANK[badge_of(row)] > RANK[badge]:
            badge = badge_of(row)
        fewest = row.par if row.par is not None else shipped.get(name)
        figures.append(Figure(count, row.best_moves, fewest))
    return LevelFigures(badge, tuple(figures))
