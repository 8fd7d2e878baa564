"""The daily puzzles a player solved, by date: what the records keep of them, for the streak and the
result line. A date keeps its best result (fewest moves, then fewest hints), so playing a day's
puzzle again never makes its record worse.

In the records file they are the ``daily`` table: ``{"2026-11-25": {"puzzle": "klotski", "moves": 34,
"optimum": 31, "hints": 0}}``. Like every file the game reads it is untrusted: a wrong date, name or
count is one sentence (a ValueError), never a traceback. A day's keys this version does not know (a newer
version's) stay with it and are written back as they were, until a better result takes the day: they
told of the result it replaces.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Mapping

from game.common.i18n import _
from game.common.unknown import Unknown, kept, restored
from game.common.untrusted import shown, writable

__all__ = ["Day", "days_from_json", "days_to_json", "with_day"]

MAX_DAYS = 100_000           # dates in one file: centuries of dailies
MAX_MOVES = 10 ** 9
MAX_NAME = 400
OWN = frozenset(("puzzle", "moves", "optimum", "hints"))   # a day's own keys


@dataclass(frozen=True)
class Day:
    """One date's daily puzzle, as the player solved it best."""

    puzzle: str
    moves: int
    optimum: int
    hints: int = 0
    unknown: Unknown = ()   # a newer version's keys of this day, written back as they were

    def better_than(self, other: Day) -> bool:
        return (self.moves, self.hints) < (other.moves, other.hints)


def with_day(days: Mapping[str, Day], date: str, day: Day) -> dict[str, Day]:
    """``days`` with ``day`` for ``date``, where it is the first or better than the one kept."""
    kept = days.get(date)
    return {**days, date: day} if kept is None or day.better_than(kept) else dict(days)


def days_to_json(days: Mapping[str, Day]) -> dict[str, dict[str, Any]]:
    return {date: {**restored(day.unknown), "puzzle": day.puzzle, "moves": day.moves, "optimum": day.optimum,
                   "hints": day.hints} for date, day in sorted(days.items())}


def days_from_json(data: Any) -> dict[str, Day]:
    """The ``daily`` table of a records file; ValueError with one sentence if anything in it is wrong."""
    if not isinstance(data, dict) or len(data) > MAX_DAYS:
        raise ValueError(_("its daily puzzles are not a table of dates"))
    return {_date(date): _day(date, value) for date, value in data.items()}


def _date(text: str) -> str:
    try:
        if len(text) == 10 and dt.date.fromisoformat(text).isoformat() == text:
            return text
    except ValueError:
        pass
    raise ValueError(_("its daily puzzles give '{date}', which is not a date (YYYY-MM-DD)").format(date=shown(text)))


def _day(date: str, value: Any) -> Day:
    if not isinstance(value, dict) or not OWN <= value.keys():
        raise ValueError(_("its daily puzzle of {date} is not a puzzle, moves, optimum and hints").format(date=date))
    try:
        unknown = kept(value, OWN)
    except ValueError as deep:
        # Translators: about the records file: a newer version's key of a daily puzzle, nested too deep to keep
        raise ValueError(_("its daily puzzle of {date} gives '{key}' nested too deep to keep").format(
            date=date, key=shown(str(deep)))) from None
    name, counts = value["puzzle"], [value[k] for k in ("moves", "optimum", "hints")]
    if (not isinstance(name, str) or not 0 < len(name) <= MAX_NAME or not writable(name)
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_MOVES for n in counts)
            or counts[0] < counts[1]):
        raise ValueError(_("its daily puzzle of {date} gives a name or a count that cannot be").format(date=date))
    return Day(name, counts[0], counts[1], counts[2], unknown)
