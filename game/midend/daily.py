"""The daily puzzle: one position a day, the same for every player on that date, with no network.

The date alone decides it. The days since an epoch pick the puzzle from a fixed rotation and the
weekday a share of that puzzle's longest optimal solution (Monday the nearest, Sunday its hardest
positions); a SHA-256 digest of the date picks one position among those the start reaches at
that distance, in the table's rank order. No ``hash()`` (salted per process) and no ``random``
(whose algorithms may change between versions): the same date gives the same position on any
machine. Also here, as pure functions the menu and the records use: the line a player shares,
and streaks over the dates of solved dailies.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Iterable

from game.catalog import registry
from game.catalog.codes import encode
from game.catalog.spec import PuzzleSpec
from game.common.i18n import _, ngettext
from game.common.words import moves_text
from game.oracles.base import QUIET, Build, Report
from game.oracles.table import TableOracle

EPOCH = dt.date(2026, 1, 1)
ROTATION = ("klotski", "eight", "traffic", "goat", "pennant", "knights", "huarong-four-generals", "hughes",
            "century", "frogs-c")
SHARES = (0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 1.0)   # Monday .. Sunday: of the puzzle's longest solution


class NoDaily(ValueError):
    """The day's puzzle has no table to draw from (it could not be built): one sentence."""


@dataclass(frozen=True)
class Daily:
    """One day's puzzle: the puzzle (under its own count), the position, and its optimum."""

    date: dt.date
    spec: PuzzleSpec
    state: bytes
    optimum: int

    @property
    def code(self) -> str:
        """The position's share code."""
        return encode(self.spec, self.state)


def seed(date: dt.date) -> int:
    """A number from the date alone, the same everywhere."""
    return int.from_bytes(hashlib.sha256(f"fewest-moves daily {date.isoformat()}".encode()).digest()[:8], "big")


def puzzle_of(date: dt.date) -> str:
    """The name of the date's puzzle: the rotation, a puzzle a day."""
    return ROTATION[(date - EPOCH).days % len(ROTATION)]


def target_distance(date: dt.date, longest: int) -> int:
    """How far from the goal the date's position lies: the weekday's share of ``longest``, at least 1."""
    return max(1, min(longest, round(SHARES[date.weekday()] * longest)))


def daily(date: dt.date, report: Report = QUIET) -> Daily:
    """The date's puzzle and position. Builds the puzzle's table if it is not cached (a second or two:
    off the window's thread)."""
    spec = registry.get(puzzle_of(date))
    oracle = spec.oracle
    number = seed(date)
    for _attempt in range(2):   # a table whose picked entry does not hold is dropped: built again, it picks again
        if not isinstance(oracle, TableOracle) or not oracle.prepare(Build.ALWAYS, report):
            raise NoDaily(_("the daily puzzle {title} has no table of its positions.").format(title=spec.shown_title()))
        longest = oracle.max_distance() or 0
        for distance in range(target_distance(date, longest), 0, -1):   # the nearest distance any position has
            state = oracle.position_picked(distance, lambda n: number % n)
            if state is not None:
                return Daily(date, spec, state, distance)
            if not oracle.ready():
                break
        else:
            break
    raise NoDaily(_("the daily puzzle {title} has no position to offer.").format(title=spec.shown_title()))


def today() -> dt.date:
    """The player's date: the daily changes at their midnight."""
    return dt.date.today()


def daily_task(report: Report, date: dt.date) -> Daily:
    """:func:`daily` as a background task (the window's: its table is then ready in this process)."""
    return daily(date, report)


def is_daily_game(the_daily: Daily | None, name: str, game_start: bytes) -> bool:
    """Whether a game of puzzle ``name`` that began at ``game_start`` is ``the_daily``'s."""
    return the_daily is not None and the_daily.spec.name == name and the_daily.state == game_start


# -- what a player shares --------------------------------------------------------------------------

def result_line(date: dt.date, title: str, moves: int, optimum: int, hints: int, solver: bool = False,
                marks: bool = False) -> str:
    """The line a player copies: 'Fewest Moves 2026-11-25, Klotski daily: 34 moves, optimal 31, no hints'.
    It says every help the game had: hints, move marks, the solver."""
    played = moves_text(moves)
    if solver:
        helped = _("with the solver")
    elif hints:
        helped = ngettext("{n} hint", "{n} hints", hints).format(n=hints)
    else:
        helped = _("no hints")
    if marks and not solver:
        # Translators: the result line's help: "2 hints" or "no hints", and the move marks were on
        helped = _("{helped}, move marks on").format(helped=helped)
    # Translators: the line a player shares after the daily puzzle; {date} is 2026-11-25, {played} '34 moves'
    return _("Fewest Moves {date}, {title} daily: {played}, optimal {optimum}, {helped}").format(
        date=date.isoformat(), title=title, played=played, optimum=optimum, helped=helped)


# -- streaks -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Streak:
    """Days in a row with the daily solved: the run still alive, and the longest ever."""

    current: int
    longest: int
    days: int            # different days solved in all


def streak(solved: Iterable[dt.date], today: dt.date) -> Streak:
    """Streaks over the dates of solved dailies. A date solved twice counts once, a date after
    ``today`` (a clock set wrong) not at all; the current run ends today, or yesterday while today's
    daily is still to play, and any day missed before that ends it."""
    days = sorted({day for day in solved if day <= today})
    longest = run = 0
    for before, day in zip([None, *days], days):
        run = run + 1 if before is not None and (day - before).days == 1 else 1
        longest = max(longest, run)
    alive = bool(days) and (today - days[-1]).days <= 1
    return Streak(run if alive else 0, longest, len(days))


def streak_words(days: Iterable[str], on: dt.date) -> str:
    """The records' line about the daily puzzle on date ``on``: the streak, its longest run, the days solved
    (``days``: the dates solved, ISO; a wrong one is left out)."""
    dates = []
    for text in days:
        try:
            dates.append(dt.date.fromisoformat(text))
        except ValueError:
            continue
    if not dates:
        return _("Daily puzzle: none solved yet. D on the menu opens today's.")
    run = streak(dates, on)
    in_a_row = ngettext("{n:,} day in a row", "{n:,} days in a row", run.current).format(n=run.current)
    solved = ngettext("{n:,} day solved", "{n:,} days solved", run.days).format(n=run.days)
    # Translators: the records' line about the daily puzzle: {in_a_row} is "3 days in a row" (up to today),
    # {longest} the longest such run, {solved} "12 days solved" (days whose daily was solved, in all)
    return _("Daily puzzle: {in_a_row} · longest run {longest:,} · {solved}").format(
        in_a_row=in_a_row, longest=run.longest, solved=solved)
