"""Par and stars: par is a puzzle's optimum from its start in the count in use (the records keep it with
each row). An own solve at par earns three stars; one at most ``margin(par)`` moves over par two; any
solve one. A row solved only with help (hint, solver, move marks) shows its one star marked as helped.

The margin is a tenth of par, rounded up, and never under two moves: tight enough that two stars mean a
nearly optimal solve on a long puzzle, loose enough that a short one allows a small detour."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from game.common.i18n import ngettext
from game.keeping.records import START, Record, Records

__all__ = ["MIN_MARGIN", "Stars", "at_par", "at_par_words", "margin", "stars_from_start", "stars_of"]

MIN_MARGIN = 2


def margin(par: int | None) -> int:
    """How many moves over par still earn two stars (par unknown, as in older records: the minimum)."""
    return MIN_MARGIN if par is None else max(MIN_MARGIN, math.ceil(par / 10))


@dataclass(frozen=True)
class Stars:
    count: int          # 0 to 3
    helped: bool        # solved, but only with help: its star is marked


def stars_of(record: Record) -> Stars:
    """The stars a record earns (see the module docstring)."""
    if record.own and record.best_over is not None:
        if record.best_over == 0:
            return Stars(3, False)
        if record.best_over <= margin(record.par):
            return Stars(2, False)
    if record.own:
        return Stars(1, False)
    return Stars(1, True) if record.solved else Stars(0, False)


def stars_from_start(records: Records, name: str) -> Stars:
    """The stars a puzzle's card shows: those of its games from its own start, where par is its optimum."""
    return stars_of(records.of(name).get(START, Record()))


def at_par(records: Records, names: Iterable[str]) -> tuple[int, int]:
    """Of the puzzles ``names`` (a shelf's), how many the player solved at par from their start on their
    own (three stars), and how many there are: a shelf's "7 of 12 at par"."""
    names = list(names)
    return sum(1 for name in names if stars_from_start(records, name).count == 3), len(names)


def at_par_words(records: Records, names: Iterable[str]) -> str:
    """A shelf's "7 of 12 at par" (see :func:`at_par`), as its heading says it on the menu and in the records."""
    n, total = at_par(records, names)
    # Translators: beside a shelf's heading: of the shelf's puzzles, how many were solved at par (three stars)
    return ngettext("{n:,} of {total:,} at par", "{n:,} of {total:,} at par", total).format(n=n, total=total)
