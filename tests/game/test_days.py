"""The daily puzzles in the records: a win of a day's daily keeps that date with its best result, the
records file carries them through JSON, an older file without them still reads, a hostile table is one
sentence, and the streak is counted from them."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from game.keeping.days import Day
from game.keeping.records import Records
from game.midend.daily import streak
from game.midend.history import Notes
from game.midend.session import Win


def daily_win(date: str, moves: int, optimum: int = 20, hints: int = 0, puzzle: str = "klotski") -> Win:
    return Win(puzzle, False, moves, optimum, 40.0, Notes(hints=hints), False, daily=date)


def test_a_daily_win_keeps_its_date_and_the_best_result_of_that_day():
    records = Records().add(daily_win("2026-11-25", 24, hints=1))
    records = records.add(daily_win("2026-11-25", 22))          # better: fewer moves
    records = records.add(daily_win("2026-11-25", 30))          # worse: kept as it was
    assert records.days == {"2026-11-25": Day("klotski", 22, 20, 0)}
    plain = records.add(Win("klotski", False, 21, 20, 9.0, Notes(), False))   # no daily: no day
    assert plain.days == records.days
    assert records.of("klotski")["20"].solved == 3              # and the games count as any other
    solver = Win("klotski", False, 20, 20, 9.0, Notes(solver=True), True, daily="2026-11-26")
    assert "2026-11-26" not in records.add(solver).days         # the solver's solve is no day of the player's


def test_the_days_go_through_the_records_file_and_an_older_file_still_reads():
    records = Records().add(daily_win("2026-11-25", 22)).add(daily_win("2026-11-26", 31, 31, puzzle="eight"))
    again = Records.from_json(records.to_json())
    assert again == records and json.loads(records.to_json())["daily"]["2026-11-26"]["puzzle"] == "eight"
    older = json.dumps({"format": 1, "puzzles": {}})
    assert Records.from_json(older).days == {}
    assert "daily" not in json.loads(Records().to_json())


@pytest.mark.parametrize("daily", [
    [], "2026-11-25", {"2026-13-01": {"puzzle": "eight", "moves": 3, "optimum": 3, "hints": 0}},
    {"25/11/2026": {"puzzle": "eight", "moves": 3, "optimum": 3, "hints": 0}},
    {"2026-11-25": {"puzzle": "eight", "moves": 3, "optimum": 3}},
    {"2026-11-25": {"puzzle": "eight", "moves": 2, "optimum": 3, "hints": 0}},
    {"2026-11-25": {"puzzle": "eight", "moves": -3, "optimum": 3, "hints": 0}},
    {"2026-11-25": {"puzzle": "eight", "moves": True, "optimum": 0, "hints": 0}},
    {"2026-11-25": {"puzzle": "", "moves": 3, "optimum": 3, "hints": 0}},
    {"2026-11-25": {"puzzle": "\udcff", "moves": 3, "optimum": 3, "hints": 0}},
    {"2026-11-25": {"puzzle": "eight", "moves": 3, "optimum": 3, "hints": 10 ** 12}},
])
def test_a_hostile_daily_table_is_one_sentence(daily):
    text = json.dumps({"format": 1, "puzzles": {}, "daily": daily})
    with pytest.raises(ValueError) as err:
        Records.from_json(text)
    said = str(err.value)
    assert said and "\n" not in said and "Traceback" not in said


def test_the_streak_counts_the_recorded_days():
    records = Records()
    for date in ("2026-11-20", "2026-11-22", "2026-11-23", "2026-11-24"):
        records = records.add(daily_win(date, 25))
    days = [dt.date.fromisoformat(d) for d in records.days]
    assert streak(days, dt.date(2026, 11, 25)) == streak(days, dt.date(2026, 11, 24))
    assert (streak(days, dt.date(2026, 11, 25)).current, streak(days, dt.date(2026, 11, 25)).longest) == (3, 3)
    assert streak(days, dt.date(2026, 11, 26)).current == 0


def test_the_records_line_of_the_streak():
    from game.midend.daily import streak_words
    on = dt.date(2026, 11, 25)
    assert streak_words([], on) == "Daily puzzle: none solved yet. D on the menu opens today's."
    days = ["2026-11-20", "2026-11-23", "2026-11-24", "2026-11-25", "not a date"]
    assert streak_words(days, on) == "Daily puzzle: 3 days in a row · longest run 3 · 4 days solved"
    assert streak_words(["2026-11-25"], on) == "Daily puzzle: 1 day in a row · longest run 1 · 1 day solved"
