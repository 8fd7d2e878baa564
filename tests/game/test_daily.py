"""The daily puzzle: the same position for a date in any process, at the distance it states (proven by a
breadth-first search written here), the line a player shares, and the rules of a streak."""
from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from game.catalog import registry as catalog
from game.cli import main
from game.midend import daily as days
from game.oracles.base import Build
from game.oracles.table import TableOracle
from game.rules.puzzle import Puzzle

ROOT = Path(__file__).resolve().parents[2]
WEEK = [dt.date(2026, 11, 23) + dt.timedelta(days=i) for i in range(len(days.ROTATION))]   # Monday on


def plain_distance(puzzle: Puzzle, state: bytes) -> int | None:
    """Fewest moves from ``state`` to a goal, breadth first over the puzzle's moves."""
    seen, frontier, distance = {state}, deque([state]), 0
    while frontier:
        if any(puzzle.is_goal(s) for s in frontier):
            return distance
        layer: deque[bytes] = deque()
        for s in frontier:
            for _move, after in puzzle.successors(s):
                if after not in seen:
                    seen.add(after)
                    layer.append(after)
        frontier, distance = layer, distance + 1
    return None


@pytest.mark.slow   # builds the table of every puzzle of the rotation
def test_the_rotation_names_puzzles_with_tables() -> None:
    for name in days.ROTATION:   # a table of its positions, built when asked for
        oracle = catalog.get(name).oracle
        assert isinstance(oracle, TableOracle) and oracle.prepare(Build.ALWAYS), name
    assert sorted(days.puzzle_of(date) for date in WEEK) == sorted(days.ROTATION)   # each once in ten days


def test_a_date_gives_the_same_position_every_time_in_this_process() -> None:
    first = [days.daily(date) for date in WEEK[:4]]
    again = [days.daily(date) for date in WEEK[:4]]
    assert [(d.spec.name, d.state, d.optimum) for d in first] == [(d.spec.name, d.state, d.optimum) for d in again]
    assert len({d.state for d in first}) == 4


def test_a_date_gives_the_same_position_in_other_processes_and_what_it_gave_when_written() -> None:
    """The figures below were printed when the daily was written: a change of rule shows here."""
    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        got = subprocess.run([sys.executable, "main.py", "daily", "--date", "2026-11-25", "--json"], cwd=ROOT,
                             env=env, capture_output=True, text=True, timeout=120, check=True)
        outputs.append(json.loads(got.stdout))
    assert outputs[0] == outputs[1]
    assert (outputs[0]["puzzle"], outputs[0]["optimum"], outputs[0]["code"]) == ("century", 76, "M87T2-7R7F6ZW5")
    assert outputs[0]["position"] == "V K K W/V K K W/a H H b/I I c X/. d . X"


def test_the_distance_follows_the_weekday() -> None:
    assert days.target_distance(dt.date(2026, 11, 23), 100) == 35        # a Monday
    assert days.target_distance(dt.date(2026, 11, 29), 100) == 100       # a Sunday: the hardest
    assert days.target_distance(dt.date(2026, 11, 23), 1) == 1


SEARCHED = ["eight", "traffic", "knights", "hughes", "frogs-c", "pennant", "goat"]


@pytest.mark.parametrize("date", [d for d in WEEK if days.puzzle_of(d) in SEARCHED], ids=str)
def test_the_position_lies_at_the_stated_distance_by_a_plain_search(date: dt.date) -> None:
    today = days.daily(date)
    oracle = today.spec.oracle
    assert today.optimum == days.target_distance(date, oracle.max_distance() or 0)
    assert plain_distance(today.spec.puzzle, today.state) == today.optimum


@pytest.mark.slow
@pytest.mark.parametrize("date", [d for d in WEEK if days.puzzle_of(d) not in SEARCHED], ids=str)
def test_the_larger_puzzles_position_lies_at_the_stated_distance_by_a_plain_search(date: dt.date) -> None:
    today = days.daily(date)
    assert plain_distance(today.spec.puzzle, today.state) == today.optimum


def test_the_start_reaches_the_position() -> None:
    """A one-way puzzle's daily is a position the start can reach, not just any that can win."""
    date = next(d for d in WEEK if days.puzzle_of(d) == "frogs-c")
    today = days.daily(date)
    puzzle = today.spec.puzzle
    seen, frontier = {puzzle.start}, [puzzle.start]
    while frontier and today.state not in seen:
        frontier = [a for s in frontier for _m, a in puzzle.successors(s) if a not in seen]
        seen.update(frontier)
    assert today.state in seen


def test_the_result_line() -> None:
    line = days.result_line(dt.date(2026, 11, 25), "Klotski", 34, 31, 0)
    assert line == "Fewest Moves 2026-11-25, Klotski daily: 34 moves, optimal 31, no hints"
    assert days.result_line(dt.date(2026, 1, 2), "8-puzzle", 1, 1, 1).endswith(": 1 move, optimal 1, 1 hint")
    assert days.result_line(dt.date(2026, 1, 2), "8-puzzle", 12, 10, 3).endswith(", 3 hints")
    assert days.result_line(dt.date(2026, 1, 2), "8-puzzle", 10, 10, 0, solver=True).endswith(", with the solver")
    assert days.result_line(dt.date(2026, 1, 2), "8-puzzle", 10, 10, 0, marks=True).endswith(
        ", no hints, move marks on")


def test_the_result_line_in_japanese() -> None:
    from game.common import i18n
    i18n.activate("ja")
    line = days.result_line(dt.date(2026, 11, 25), "クロツキ", 34, 31, 0)
    assert "2026-11-25" in line and "34" in line and "31" in line and "Fewest Moves" in line and "hint" not in line


D = dt.date(2026, 11, 25)


def before(n: int) -> dt.date:
    return D - dt.timedelta(days=n)


@pytest.mark.parametrize("solved,current,longest,count", [
    ([], 0, 0, 0),
    ([D], 1, 1, 1),
    ([before(2), before(1), D], 3, 3, 3),
    ([before(2), before(1)], 2, 2, 2),                   # today still to play: yesterday's run lives
    ([before(3), before(2)], 0, 2, 2),                   # a day missed: the run is over
    ([before(6), before(5), before(4), before(1), D], 2, 3, 5),
    ([D, D, before(1), before(1)], 2, 2, 2),             # a day solved twice counts once
    ([D + dt.timedelta(days=1), D], 1, 1, 1),            # a day after today (a clock set wrong) not at all
    ([before(1), before(3)], 1, 1, 2),
])
def test_streak_rules(solved: list[dt.date], current: int, longest: int, count: int) -> None:
    assert days.streak(solved, D) == days.Streak(current, longest, count)


def test_the_command_line_prints_the_days_puzzle_and_refuses_a_bad_date(capsys) -> None:
    assert main(["daily", "--date", "2026-11-28", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["date"] == "2026-11-28" and got["puzzle"] == days.puzzle_of(dt.date(2026, 11, 28))
    assert main(["solve", got["code"], "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["length"] == got["optimum"]
    assert main(["daily", "--date", "2026-11-28"]) == 0
    assert f"play {got['code']}" in capsys.readouterr().out
    for bad in ("2026-02-30", "yesterday", "2026-1-5"):
        assert main(["daily", "--date", bad]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("error: ") and err.count("\n") == 1
