"""Frozen boxes (game/families/sokoban/freeze.py) and PI-corrals (game/families/sokoban/corrals.py) against
the plain model (plain.py): on every position of small generated levels, a position said dead has no way
to the goal, and a PI-corral's pushes always hold a push of a line with the fewest pushes; on levels
drawn to tempt them, the searches still find the plain model's optima."""
from __future__ import annotations

import functools
import random

import pytest

from solvers.limits import Limits, Watch

from game.families.sokoban.bounds import INFINITE, MatchingBound
from game.families.sokoban.corrals import Corrals
from game.families.sokoban.counts import PUSHES, STEPS
from game.families.sokoban.pushes import Pushes
from game.families.sokoban.scramble import scrambled
from game.families.sokoban.search import fewest_pushes, solve
from tests.families.sokoban.plain import Plain
from tests.families.sokoban.test_rules import position_of, state_of, walked
from tests.families.sokoban.test_search import _puzzle

FREE = Limits(None, None)
SEEDS = range(12)


@functools.cache
def _sample(seed: int) -> tuple[str, ...]:
    """A level of 2 or 3 boxes in a room of about 6x4, small enough to know every position's fate."""
    rng = random.Random(seed)
    while True:
        rows = scrambled(rng, 2 + seed % 2, 6, 4, 40)
        if rows is not None:
            return rows


@pytest.mark.parametrize("seed", SEEDS)
def test_frozen_boxes_and_corrals_never_cut_a_line_with_the_fewest_pushes(seed: int) -> None:
    rows = _sample(seed)
    plain = Plain(rows)
    left = plain.pushes_to_goal()
    puzzle = _puzzle(rows, PUSHES)
    bound = MatchingBound(puzzle)
    pushes = Pushes(puzzle)
    corrals = Corrals(puzzle, pushes, bound.dead)
    for position in plain.reach():
        state = state_of(puzzle, position)
        frozen = bound(state) >= INFINITE
        allowed = corrals.allowed(state, pushes.reach(state))
        if position not in left:
            continue
        assert not frozen, position
        if allowed is not None:
            after = {position_of(puzzle, a) for m, a, _w in pushes.moves(state) if m in allowed}
            assert any(left.get(a) == left[position] - 1 for a in after), (rows, position)


def test_the_sample_tempts_both_tests() -> None:
    """Not vacuous: across the sample, frozen boxes cut positions that dead squares alone leave, and corrals
    narrow the pushes of positions that can still be solved."""
    frozen = narrowed = 0
    for seed in SEEDS:
        rows = _sample(seed)
        plain = Plain(rows)
        left = plain.pushes_to_goal()
        puzzle = _puzzle(rows, PUSHES)
        bound, plain_bound = MatchingBound(puzzle), MatchingBound(puzzle, freeze=False)
        pushes = Pushes(puzzle)
        corrals = Corrals(puzzle, pushes, bound.dead)
        for position in plain.reach():
            state = state_of(puzzle, position)
            frozen += bound(state) >= INFINITE > plain_bound(state)
            if position in left:
                allowed = corrals.allowed(state, pushes.reach(state))
                narrowed += allowed is not None and len(allowed) < len(pushes.moves(state))
    assert frozen > 0 and narrowed > 0


# two boxes side by side on the top wall: neither can move, one off its target (the targets on that row
# keep both cells live, so dead squares alone do not see it)
PAIR = ("#######", "#-$$..#", "#-@---#", "#######")
# a box on the wall with one below it: the lower one can still move, so the pair is not frozen
NOT_FROZEN = ("#######", "#-$-..#", "#-$---#", "#-@---#", "#######")


def test_a_pair_frozen_on_a_wall_is_cut() -> None:
    puzzle = _puzzle(PAIR, PUSHES)
    assert Plain(PAIR).best() is None
    assert MatchingBound(puzzle, freeze=False)(puzzle.start) < INFINITE   # the old tests let it through
    assert MatchingBound(puzzle)(puzzle.start) >= INFINITE


def test_boxes_that_only_look_frozen_are_not_cut() -> None:
    for count in (STEPS, PUSHES):
        puzzle = _puzzle(NOT_FROZEN, count)
        assert MatchingBound(puzzle)(puzzle.start) < INFINITE
        line = solve(puzzle, puzzle.start, Watch(FREE))
        assert line is not None
        plain = Plain(NOT_FROZEN)
        if count is STEPS:
            assert len(line.moves) == plain.fewest_moves()
        else:
            assert (len(line.moves), len(walked(puzzle, puzzle.start, line.moves))) == plain.best()


# every line with the fewest pushes begins in the corral on the right (the box on d2 must go in first,
# the box on c3 may wait): the start's PI-corral allows that one push of its three
CORRAL = ("########", "#@-$-.-#", "#-$#####", "#--.---#", "########")


def test_a_level_through_a_corral_keeps_its_fewest_pushes() -> None:
    puzzle = _puzzle(CORRAL, PUSHES)
    pushes = Pushes(puzzle)
    allowed = Corrals(puzzle, pushes, MatchingBound(puzzle).dead).allowed(puzzle.start, pushes.reach(puzzle.start))
    assert allowed is not None and 0 < len(allowed) < len(pushes.moves(puzzle.start))
    line = fewest_pushes(puzzle, puzzle.start, Watch(FREE))
    assert line is not None and line.moves[0] in allowed
    assert len(line.moves) == Plain(CORRAL).best()[0]
    assert puzzle.is_goal(line.states[-1])


# the box on d3 could one day be pushed up onto the live cell d2, along its corral on the right rather
# than into it (were the keeper to reach d4): that corral is no PI-corral, and every push stays
ALONG = ("########", "###.####", "#@-$-$.#", "###-####", "###-####", "########")


def test_a_corral_with_a_push_along_it_narrows_nothing() -> None:
    puzzle = _puzzle(ALONG, PUSHES)
    pushes = Pushes(puzzle)
    corrals = Corrals(puzzle, pushes, MatchingBound(puzzle).dead)
    assert corrals.allowed(puzzle.start, pushes.reach(puzzle.start)) is None
    assert (fewest_pushes(puzzle, puzzle.start, Watch(FREE)) is None) == (Plain(ALONG).best() is None)
