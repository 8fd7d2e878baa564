"""Records against the optimum: what a win adds (own, assisted, optimal, bests), where it is kept
(the start, a distance, or elsewhere), the badge, what the game says of it, and the JSON file,
which is untrusted: anything wrong in it is a ValueError with one sentence."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.midend.history import Notes
from game.oracles.base import Build
from game.keeping.records import (FORMAT, MAX_SECONDS, START, UNKNOWN, Badge, Record, Records, key_label, key_of,
                          key_order, win_words)
from game.midend.session import Session, Win


def win(puzzle: str = "eight", moves: int = 20, par: int | None = 20, seconds: float = 30.0, *,
        from_start: bool = True, notes: Notes = Notes(), by_solver: bool = False) -> Win:
    return Win(puzzle, from_start, moves, par, seconds, notes, by_solver)


# -- one record ---------------------------------------------------------------------------------------

def test_an_own_optimal_solve_counts_three_times_and_sets_every_best():
    r = Record().add(win(moves=20, par=20, seconds=12.345))
    assert (r.solved, r.own, r.optimal, r.assisted) == (1, 1, 1, 0)
    assert (r.best_over, r.best_moves, r.best_time) == (0, 20, 12.3)


def test_an_own_solve_above_the_optimum_is_own_not_optimal():
    r = Record().add(win(moves=26, par=20))
    assert (r.solved, r.own, r.optimal) == (1, 1, 0) and r.best_over == 6 and r.best_moves == 26


@pytest.mark.parametrize("notes, by_solver", [(Notes(hints=1), False), (Notes(solver=True), True),
                                              (Notes(solver=True), False), (Notes(marks=True), False)])
def test_a_solve_with_help_counts_as_solved_and_assisted_never_as_a_best(notes, by_solver):
    w = win(moves=20, par=20, notes=notes, by_solver=by_solver)
    assert not w.own and not w.optimal
    r = Record().add(w)
    assert (r.solved, r.own, r.optimal, r.assisted) == (1, 0, 0, 1)
    assert (r.best_over, r.best_moves, r.best_time) == (None, None, None)


def test_bests_keep_the_best_of_each_kind_separately():
    r = Record()
    for moves, par, seconds in ((30, 20, 50.0), (24, 20, 90.0), (28, 20, 20.0)):
        r = r.add(win(moves=moves, par=par, seconds=seconds))
    r = r.add(win(moves=20, par=20, seconds=500.0, notes=Notes(hints=2)))   # with help: no best
    assert (r.solved, r.own, r.optimal) == (4, 3, 0)
    assert (r.best_over, r.best_moves, r.best_time) == (4, 24, 20.0)


def test_without_a_known_optimum_a_solve_is_own_but_never_optimal():
    r = Record().add(win(moves=7, par=None))
    assert (r.solved, r.own, r.optimal, r.best_over, r.best_moves) == (1, 1, 0, None, 7)


def test_a_win_below_a_wrong_optimum_still_makes_a_record_that_reads_back():
    r = Records().add(win(moves=18, par=20))
    assert r.of("eight")[START].best_over == 0
    assert Records.from_json(r.to_json()) == r


def test_an_absurd_play_time_is_kept_within_what_reads_back():
    r = Records().add(win(seconds=MAX_SECONDS * 10))
    assert r.of("eight")[START].best_time == MAX_SECONDS
    assert Records.from_json(r.to_json()) == r


# -- where a win is kept, and the badge ------------------------------------------------------------

def test_wins_are_kept_by_where_the_game_began():
    records = Records()
    records = records.add(win(from_start=True, moves=35, par=31))
    records = records.add(win(from_start=False, moves=12, par=10))
    records = records.add(win(from_start=False, moves=10, par=10))
    records = records.add(win(from_start=False, moves=9, par=None))
    records = records.add(win("fifteen", from_start=True, par=None))
    eight = records.of("eight")
    assert set(eight) == {START, "10", UNKNOWN}
    assert (eight["10"].solved, eight["10"].optimal, eight["10"].best_over) == (2, 1, 0)
    assert eight[UNKNOWN].best_moves == 9 and eight[UNKNOWN].best_over is None
    assert set(records.of("fifteen")) == {START} and records.of("goat") == {}
    total = records.total("eight")
    assert (total.solved, total.own, total.optimal, total.best_moves) == (4, 4, 1, 9)
    assert key_of(win(from_start=False, par=7)) == "7" and key_of(win(from_start=False, par=None)) == UNKNOWN


def test_keys_read_and_sort_as_the_screen_shows_them():
    keys = [UNKNOWN, "12", START, "3"]
    assert sorted(keys, key=key_order) == [START, "3", "12", UNKNOWN]
    assert key_label(START) == "From the start" and key_label("1") == "Dealt 1 move out"
    assert key_label("12") == "Dealt 12 moves out" and key_label(UNKNOWN) == "Other positions"


def test_the_badge_is_the_best_of_the_puzzle_anywhere():
    records = Records()
    assert records.badge("eight") is Badge.NONE
    records = records.add(win(notes=Notes(hints=3)))
    assert records.badge("eight") is Badge.ASSISTED
    records = records.add(win(moves=25, par=20, from_start=False))
    assert records.badge("eight") is Badge.SOLVED
    records = records.add(win(moves=9, par=9, from_start=False))
    assert records.badge("eight") is Badge.OPTIMAL
    assert records.badge("goat") is Badge.NONE


def test_a_session_win_is_what_the_records_see():
    spec = catalog.get("eight")
    assert spec.oracle.prepare(Build.ALWAYS)        # its table in memory, as once the game has prepared it
    s = Session(spec, catalog.puzzle("eight").parse("1 2 3/4 5 6/7 . 8"),
                service=Service(Where.INLINE), rng=random.Random(1))
    assert s.result() is None                       # not solved
    s.play(next(m for m in s.legal_moves() if s.puzzle.is_goal(s.puzzle.play(s.position, m))))
    w = s.result()
    assert w is not None and w.moves == 1 and w.par == 1 and w.own and w.optimal and not w.from_start
    assert key_of(w) == "1"


# -- what the game says ------------------------------------------------------------------------------

@pytest.mark.parametrize("w, counted, said", [
    (win(moves=5, notes=Notes(solver=True), by_solver=True), "", "Solved by the solver, in 5 moves."),
    (win(moves=5, notes=Notes(solver=True, hints=2)), "", "Solved with the solver's help, in 5 moves."),
    (win(moves=5, notes=Notes(hints=3)), "", "Solved with 3 hints, in 5 moves."),
    (win(moves=1, par=1, notes=Notes(hints=1)), "", "Solved with 1 hint, in 1 move."),
    (win(moves=4, notes=Notes().climbed(0).climbed(2).climbed(2)), "",
     "Solved in 4 moves, with hints: the distance band once, the piece hint twice."),
    (win(moves=5, notes=Notes(marks=True)), "", "Solved with move marks on, in 5 moves."),
    (win(moves=5, par=None), "", "Solved in 5 moves."),
    (win(moves=81, par=81), "path", "Solved in 81 moves. That is optimal, moves counted by path!"),
    (win(moves=20, par=20), "", "Solved in 20 moves. That is optimal!"),
    (win(moves=23, par=20), "", "Solved in 23 moves; the fewest possible is 20."),
])
def test_the_words_say_how_the_game_was_won(w, counted, said):
    assert win_words(w, counted) == said


# -- the file ------------------------------------------------------------------------------------------

def some_records() -> Records:
    records = Records()
    for w in (win(), win(moves=25, seconds=61.25), win(from_start=False, moves=12, par=10),
              win(notes=Notes(hints=1)), win("klotski@line", moves=95, par=90, from_start=True),
              win("/home/me/puzzles/ünïcode.toml", moves=3, par=None, from_start=False)):
        records = records.add(w)
    return records


def test_records_go_to_json_and_back():
    records = some_records()
    text = records.to_json()
    assert Records.from_json(text) == records
    assert text == Records.from_json(text).to_json()      # one text for the same records
    data = json.loads(text)
    assert data["format"] == FORMAT
    assert data["puzzles"]["eight"][START] == {"solved": 3, "own": 2, "optimal": 1, "best_over": 0,
                                               "best_moves": 20, "best_time": 30.0, "par": 20}
    assert "best_over" not in data["puzzles"]["/home/me/puzzles/ünïcode.toml"][UNKNOWN]
    assert Records.from_json(Records().to_json()) == Records()


def valid() -> dict:
    return json.loads(some_records().to_json())


def with_record(**fields) -> str:
    data = valid()
    data["puzzles"]["eight"][START] = fields
    return json.dumps(data)


def with_puzzles(puzzles) -> str:
    return json.dumps({"format": FORMAT, "puzzles": puzzles})


HOSTILE = [
    "",
    "not json",
    "{",
    "[" * 100_000 + "]" * 100_000,
    "[]",
    "null",
    '"records"',
    json.dumps({"puzzles": {}}),
    json.dumps({"format": 2, "puzzles": {}}),
    json.dumps({"format": "1", "puzzles": {}}),
    json.dumps({"format": True, "puzzles": {}}),
    json.dumps({"format": 1.0, "puzzles": {}}),
    json.dumps({"format": FORMAT, "puzzles": []}),
    with_puzzles({"": {}}),
    with_puzzles({"x" * 5000: {}}),
    with_puzzles({"eight": []}),
    with_puzzles({"eight": {"-1": {}}}),
    with_puzzles({"eight": {"far": {}}}),
    with_puzzles({"eight": {"1234567": {}}}),
    with_puzzles({"eight": {"٣": {}}}),
    with_puzzles({"eight": {START: []}}),
    with_puzzles({"\x1b[2Jeight": {START: 3}}),
    with_record(solved=-1),
    with_record(solved=True),
    with_record(solved=1.5),
    with_record(solved="1"),
    with_record(solved=10 ** 12),
    with_record(solved=1, own=2),
    with_record(solved=2, own=1, optimal=2),
    with_record(solved=1, own=1, best_over=-1),
    with_record(solved=1, own=1, best_moves="ten"),
    with_record(solved=1, own=1, best_time=-1.0),
    with_record(solved=1, own=1, best_time=MAX_SECONDS * 2),
    with_record(solved=1, own=1, best_time=True),
    with_record(solved=1, own=1, best_time="1:00"),
    '{"format": 1, "puzzles": {"eight": {"start": {"solved": 1, "best_time": NaN}}}}',
    '{"format": 1, "puzzles": {"eight": {"start": {"solved": 1, "best_time": Infinity}}}}',
    '{"format": 1, "puzzles": {"eight": {"start": {"solved": 1, "own": 1, "best_over": 1e400}}}}',
    '{"format": 1, "puzzles": {"eight": {"start": {"solved": ' + "9" * 5000 + "}}}}",
    '{"format": 1, "puzzles": {"eight": {"start": {"solved": 1}}, "eight": {"start": {"solved": 9}}}}',
    '{"format": 1, "format": 1, "puzzles": {}}',
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_wrong_records_file_is_a_value_error_of_one_sentence(text):
    with pytest.raises(ValueError) as info:
        Records.from_json(text)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 300
    assert "\x1b" not in message and "Traceback" not in message


def test_counts_that_are_right_are_read():
    got = Records.from_json(with_record(solved=5, own=3, optimal=3, best_over=0, best_moves=31, best_time=7))
    r = got.of("eight")[START]
    assert (r.solved, r.own, r.optimal, r.best_time) == (5, 3, 3, 7.0) and isinstance(r.best_time, float)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10 ** 10) | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(["start", "deal", "12", "solved", "own", "optimal", "best_over", "best_moves", "best_time",
                       "ladder", "solver", "marks"])
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["start", "deal", "3", "eight", "solved", "own", "optimal", "best_over", "best_moves",
                         "best_time", "ladder", "solver", "marks", "format", "puzzles", ""]) | st.text(max_size=4),
        inner, max_size=4),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.one_of(JSONISH.map(lambda v: {"format": FORMAT, "puzzles": {"eight": v}}),
                 JSONISH.map(lambda v: {"format": FORMAT, "puzzles": v}), JSONISH))
def test_any_json_reads_as_records_or_one_sentence(value):
    text = json.dumps(value)
    try:
        records = Records.from_json(text)
    except ValueError as err:
        assert str(err) and "\n" not in str(err)
        return
    assert Records.from_json(records.to_json()) == records
