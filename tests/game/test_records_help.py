"""The help the records keep: per record, how often its assisted games reached each step of the hint
ladder, and how many had the solver or move marks. Counted from real sessions, said in words on the
records screen, kept in the JSON file (older files without it still read, wrong values are refused in
one sentence) and kept when two windows write the same file."""
from __future__ import annotations

import json
import random

import pytest

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.records import (FORMAT, MAX_COUNT, NO_LADDER, START, Record, Records, help_words)
from game.midend.history import Notes
from game.midend.session import Session, Win
from game.oracles.base import Build
from tests.game.journal_support import inline
from tests.helpers import assert_optimal_and_legal, climb_to_move


def helped_win(climbs: int, presses: int = 0) -> Win:
    """The 8-puzzle from its start: Hint pressed up the whole ladder ``climbs`` times (each time the next
    press plays the hinted move), then ``presses`` presses more, then the optimal line played by hand."""
    spec = catalog.get("eight")
    assert spec.oracle.prepare(Build.ALWAYS)
    s = Session(spec, service=Service(Where.INLINE), rng=random.Random(5))
    for _ in range(climbs):
        climb_to_move(s)
        s.request_hint()          # the press after the move step plays it
    for _ in range(presses):
        s.request_hint()
        s.update(0.0)
    line = s.oracle.solve(s.position).moves
    assert_optimal_and_legal(s.puzzle, s.position, line)
    for move in line:
        s.play(move)
    win = s.result()
    assert win is not None and not win.own
    return win


def test_a_session_that_climbed_the_ladder_is_kept_and_said_step_by_step():
    once = Records().add(helped_win(1))
    row = once.of("eight")[START]
    assert row.ladder == (1, 1, 1, 1) and (row.solver, row.marks) == (0, 0)
    assert help_words(row) == ("With help: the distance band once, the exact count once, the piece hint once, "
                               "the move hint once")
    again = once.add(helped_win(2, presses=2)).of("eight")[START]   # two whole climbs and two steps more
    assert again.ladder == (4, 4, 3, 3) and again.assisted == 2
    assert help_words(again) == ("With help: the distance band 4 times, the exact count 4 times, "
                                 "the piece hint 3 times, the move hint 3 times")


def test_the_solver_and_move_marks_are_counted_by_game():
    r = Record()
    for notes, by_solver in ((Notes(marks=True), False), (Notes(solver=True), False), (Notes(solver=True), True),
                             (Notes(hints=2, ladder=(0, 0, 2, 0), marks=True), False)):
        r = r.add(Win("eight", True, 25, 20, 9.0, notes, by_solver))
    assert (r.assisted, r.solver, r.marks, r.ladder) == (4, 2, 2, (0, 0, 2, 0))
    assert help_words(r) == "With help: the piece hint twice, the solver in 2 games, move marks in 2 games"
    assert help_words(Record().add(Win("eight", True, 9, 9, 1.0, Notes(solver=True), True))) == (
        "With help: the solver in 1 game")


def test_an_own_win_adds_no_help_even_with_a_ladder_in_its_notes():
    # a saved game may say "ladder=1/0/0/0" without hints: its win is the player's own, and no help is kept
    r = Record().add(Win("eight", True, 20, 20, 9.0, Notes(ladder=(1, 0, 0, 0)), False))
    assert r.own == 1 and r.ladder == NO_LADDER and help_words(r) == ""


def test_a_ladder_count_never_grows_past_what_the_file_reads_back():
    big = Notes(hints=1, ladder=(MAX_COUNT, 0, 0, 1))
    r = Record().add(Win("eight", True, 20, 20, 9.0, big, False)).add(Win("eight", True, 20, 20, 9.0, big, False))
    assert r.ladder == (MAX_COUNT, 0, 0, 2)
    assert Records.from_json(Records({"eight": {START: r}}).to_json()).of("eight")[START] == r


def test_a_puzzle_total_adds_the_help_of_every_row():
    records = Records().add(Win("eight", True, 20, 20, 9.0, Notes(hints=1, ladder=(1, 0, 0, 0)), False))
    records = records.add(Win("eight", False, 9, 9, 9.0, Notes(hints=2, ladder=(0, 1, 1, 0), marks=True), False))
    total = records.total("eight")
    assert (total.ladder, total.marks, total.assisted) == ((1, 1, 1, 0), 1, 2)


# -- the file ---------------------------------------------------------------------------------------

def helped_records() -> Records:
    return Records().add(helped_win(1)).add(Win("goat", True, 30, 20, 5.0, Notes(solver=True), True))


def test_help_goes_to_json_and_back_and_only_where_there_was_some():
    records = helped_records().add(Win("pairs", True, 4, 4, 3.0, Notes(), False))
    text = records.to_json()
    assert Records.from_json(text) == records
    data = json.loads(text)["puzzles"]
    assert data["eight"][START]["ladder"] == [1, 1, 1, 1] and "solver" not in data["eight"][START]
    assert data["goat"][START]["solver"] == 1 and "ladder" not in data["goat"][START]
    assert set(data["pairs"][START]) == {"solved", "own", "optimal", "best_over", "best_moves", "best_time", "par"}


def test_an_older_records_file_without_help_still_reads():
    older = {"format": FORMAT, "puzzles": {"eight": {START: {"solved": 3, "own": 1, "optimal": 1, "best_over": 0,
                                                             "best_moves": 22, "best_time": 30.0, "par": 22}}}}
    row = Records.from_json(json.dumps(older)).of("eight")[START]
    assert row.assisted == 2 and row.ladder == NO_LADDER and (row.solver, row.marks) == (0, 0)
    assert help_words(row) == ""


def with_help(**fields) -> str:
    row = {"solved": 3, "own": 1, "optimal": 0, **fields}
    return json.dumps({"format": FORMAT, "puzzles": {"eight": {START: row}}})


@pytest.mark.parametrize("fields", [
    {"ladder": [1, 2, 3]}, {"ladder": [1, 2, 3, 4, 5]}, {"ladder": []}, {"ladder": [-1, 0, 0, 0]},
    {"ladder": [0, 0, 0, MAX_COUNT + 1]}, {"ladder": [0, 0, 1.5, 0]}, {"ladder": [True, 0, 0, 0]},
    {"ladder": ["1", 0, 0, 0]}, {"ladder": "1/1/1/1"}, {"ladder": {"band": 1}}, {"ladder": None},
    {"ladder": [[1], 0, 0, 0]}, {"ladder": [10 ** 400, 0, 0, 0]},
    {"solver": -1}, {"solver": "2"}, {"solver": True}, {"solver": 1.0}, {"solver": None}, {"marks": 10 ** 12},
    {"solver": 3},                                  # more games with the solver than the 2 assisted
    {"marks": 3},
])
def test_wrong_help_in_the_file_is_refused_in_one_sentence(fields):
    with pytest.raises(ValueError) as info:
        Records.from_json(with_help(**fields))
    message = str(info.value)
    assert message.startswith("the records of 'eight' (start)") and "\n" not in message and len(message) < 300


def test_help_in_a_row_with_no_assisted_game_is_refused():
    row = {"solved": 2, "own": 2, "optimal": 0, "ladder": [0, 1, 0, 0]}
    with pytest.raises(ValueError, match="more games than were solved with help"):
        Records.from_json(json.dumps({"format": FORMAT, "puzzles": {"eight": {START: row}}}))


def test_help_that_is_right_is_read():
    row = Records.from_json(with_help(ladder=[3, 2, 1, 0], solver=2, marks=1)).of("eight")[START]
    assert (row.ladder, row.solver, row.marks) == ((3, 2, 1, 0), 2, 1)


def test_two_windows_add_their_help_to_what_the_file_holds(folders):
    first, second = inline(folders), inline(folders)     # both read the records before either won
    first.record(helped_win(1))
    second.record(Win("eight", True, 30, 22, 5.0, Notes(hints=2, ladder=(1, 1, 0, 0), marks=True), False))
    on_disk = Records.from_json(folders.records.read_text(encoding="utf-8")).of("eight")[START]
    assert (on_disk.assisted, on_disk.ladder, on_disk.marks) == (2, (2, 2, 1, 1), 1)
    assert second.records.of("eight")[START] == on_disk
