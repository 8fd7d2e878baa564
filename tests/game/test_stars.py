"""Par and stars, from games played on a real 8-puzzle session: the solver's line played by hand is at
par (three stars), a detour within the margin two, a longer one one, and a hint marks the star helped."""
from __future__ import annotations

import random

import pytest

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.records import START, Record, Records
from game.midend.session import Session
from game.keeping.stars import MIN_MARGIN, Stars, at_par, margin, stars_of
from game.oracles.base import Build
from tests.helpers import assert_optimal_and_legal, climb_to_move


def played(detour_pairs: int, hinted: bool = False) -> Records:
    """The 8-puzzle from its start: ``detour_pairs`` moves made and taken back by another move (two moves
    each, over par), then the optimal line; with ``hinted``, its first move played from the hint ladder."""
    spec = catalog.get("eight")
    assert spec.oracle.prepare(Build.ALWAYS)
    s = Session(spec, service=Service(Where.INLINE), rng=random.Random(5))
    for _ in range(detour_pairs):
        move = s.legal_moves()[0]
        s.play(move)
        back = next(m for m in s.legal_moves() if s.puzzle.play(s.position, m) == s.history[s.cursor - 1].position)
        s.play(back)
    if hinted:
        climb_to_move(s)
        s.request_hint()
    line = s.oracle.solve(s.position).moves
    assert_optimal_and_legal(s.puzzle, s.position, line)
    for move in line:
        s.play(move)
    win = s.result()
    assert win is not None and win.from_start
    return Records().add(win)


def par_of_eight() -> int:
    puzzle = catalog.puzzle("eight")
    return len(catalog.get("eight").oracle.solve(puzzle.start).moves)


def test_margin_is_a_tenth_of_par_rounded_up_and_never_under_two():
    assert [margin(p) for p in (None, 1, 20, 21, 31, 80)] == [MIN_MARGIN, 2, 2, 3, 4, 8]


def test_solved_at_par_earns_three_stars_and_the_record_keeps_par():
    row = played(0).of("eight")[START]
    assert row.par == par_of_eight() and row.best_over == 0
    assert stars_of(row) == Stars(3, False)


def test_off_par_within_the_margin_earns_two_stars_and_beyond_it_one():
    par = par_of_eight()
    within = played(margin(par) // 2).of("eight")[START]          # over par by an even number within the margin
    assert 0 < within.best_over <= margin(par) and stars_of(within) == Stars(2, False)
    beyond = played(margin(par) // 2 + 1).of("eight")[START]      # two moves more: past the margin
    assert beyond.best_over > margin(par) and stars_of(beyond) == Stars(1, False)


def test_a_helped_solve_earns_one_star_marked_even_at_par():
    row = played(0, hinted=True).of("eight")[START]
    assert row.own == 0 and row.solved == 1 and stars_of(row) == Stars(1, True)
    assert stars_of(Record()) == Stars(0, False)


@pytest.mark.parametrize("over, want", [(0, 3), (2, 2), (3, 1)])
def test_an_older_record_without_par_uses_the_least_margin(over, want):
    assert stars_of(Record(1, 1, int(over == 0), over, 20 + over)).count == want


def test_a_shelf_counts_its_puzzles_at_par_of_all_of_them():
    at_par_eight = played(0)
    off_par = played(margin(par_of_eight()) // 2 + 1)
    shelf = ["eight", "klotski", "goat"]
    assert at_par(at_par_eight, shelf) == (1, 3)
    assert at_par(off_par, shelf) == (0, 3)
    assert at_par(Records(), []) == (0, 0)
