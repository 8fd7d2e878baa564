"""The Sokoban searches (game/families/sokoban/search.py) against the plain model (plain.py), which shares
nothing with them: on random levels made by reverse play, the fewest moves, the fewest pushes and the
steps of the shortest such line are the plain model's, and every line is legal; the matching bound never
exceeds the true pushes left and the deadlock tests never cut a position that can reach the goal; a
search stopped at a limit claims only a proven lower bound."""
from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.limits import LimitReached, Limits, Watch

from game.catalog import registry as catalog
from game.families.sokoban.bounds import INFINITE, MatchingBound, NearestBound
from game.families.sokoban.counts import PUSHES, STEPS
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.level import BOX, KEEPER, read_level
from game.families.sokoban.rules import SokobanPuzzle, make_sokoban
from game.families.sokoban.scramble import scrambled
from game.families.sokoban.oracle import SokobanSearchOracle
from game.families.sokoban.search import fewest_pushes, solve
from game.families.sokoban.tour import TourBound
from game.files.model import Common
from game.oracles.base import QUIET
from game.oracles.limits import StoppedAtLimit
from tests.families.sokoban.plain import Plain
from tests.families.sokoban.test_library import FIGURES
from tests.families.sokoban.test_rules import walked

FREE = Limits(None, None)


def _level(seed: int, boxes: int, width: int = 5, height: int = 4) -> tuple[str, ...] | None:
    return scrambled(random.Random(seed), boxes, width, height, 12 * boxes)


def _puzzle(rows: tuple[str, ...], count) -> SokobanPuzzle:   # noqa: ANN001
    return make_sokoban("test", SokobanDef(Common("test"), read_level(list(rows)).rows), count)


def _state(puzzle: SokobanPuzzle, position) -> bytes:   # noqa: ANN001
    keeper, boxes = position
    state = bytearray(len(puzzle.board))
    for rc in boxes:
        state[puzzle.board.index[rc]] = BOX
    state[puzzle.board.index[keeper]] = KEEPER
    return bytes(state)


LEVELS = st.builds(_level, st.integers(0, 10_000), st.integers(1, 3)).filter(lambda rows: rows is not None)


@settings(max_examples=15, deadline=None)
@given(LEVELS)
def test_the_searches_find_the_plain_models_optima_in_legal_lines(rows: tuple[str, ...]) -> None:
    plain = Plain(rows)
    for count in (STEPS, PUSHES):
        puzzle = _puzzle(rows, count)
        for bound in (MatchingBound(puzzle), NearestBound(puzzle)):
            line = solve(puzzle, puzzle.start, Watch(FREE), bound)
            assert line is not None   # reverse play makes solvable levels
            squares = walked(puzzle, puzzle.start, line.moves)
            assert plain.is_goal(plain.replay(squares)) and puzzle.is_goal(line.states[-1])
            if count is STEPS:
                assert len(squares) == len(line.moves) == plain.fewest_moves()
            else:
                assert (len(line.moves), len(squares)) == plain.best()
    by_push = _puzzle(rows, PUSHES)
    line = fewest_pushes(by_push, by_push.start, Watch(FREE))
    assert line is not None
    squares = walked(by_push, by_push.start, line.moves)
    assert plain.is_goal(plain.replay(squares)) and by_push.is_goal(line.states[-1])
    assert line.states == [by_push.start] + [by_push.play(a, m) for a, m in zip(line.states, line.moves)]
    assert len(line.moves) == plain.best()[0]


@settings(max_examples=15, deadline=None)
@given(LEVELS)
def test_the_bound_never_overestimates_and_the_deadlock_tests_never_cut_a_solvable_position(rows) -> None:  # noqa: ANN001
    plain = Plain(rows)
    puzzle = _puzzle(rows, PUSHES)
    bound = MatchingBound(puzzle)
    left = plain.pushes_to_goal()
    for position in plain.reach():
        state = _state(puzzle, position)
        h = bound(state)
        frozen = any(bound.frozen(state, cell) for cell, code in enumerate(state) if code == BOX)
        if position in left:
            assert h <= left[position] and not frozen, (position, h, left[position])
        assert (h >= INFINITE or frozen) <= (position not in left)


_LEVELS = st.builds(_level, st.integers(0, 10_000), st.integers(1, 4), st.just(6), st.just(5)).filter(
    lambda rows: rows is not None)


@settings(max_examples=4, deadline=None)
@given(_LEVELS)
def test_the_tour_bound_never_overestimates_the_moves_left(rows) -> None:  # noqa: ANN001
    _tour_within_moves_left(rows)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(_LEVELS)
def test_the_tour_bound_never_overestimates_the_moves_left_on_many_levels(rows) -> None:  # noqa: ANN001
    _tour_within_moves_left(rows)


def _tour_within_moves_left(rows: tuple[str, ...]) -> None:
    """Every position the plain model reaches: the tour bound at most its true moves left, and infinite
    only where no goal is reachable."""
    plain = Plain(rows)
    puzzle = _puzzle(rows, STEPS)
    tour = TourBound(puzzle, MatchingBound(puzzle).dead)
    left = plain.moves_to_goal()
    cut = 0
    for position in plain.reach():
        state = _state(puzzle, position)
        h = tour(state, puzzle.board.index[position[0]])
        if position in left:
            assert h <= left[position], (position, h, left[position])
        cut += h >= INFINITE
    assert cut <= len(plain.reach()) - len(left)


def test_the_tour_bound_counts_the_walk_between_boxes() -> None:
    rows = ("#########", "#@$.----#", "#-------#", "#----$.-#", "#########")   # one push each, apart
    puzzle = _puzzle(rows, STEPS)
    tour = TourBound(puzzle, MatchingBound(puzzle).dead)
    moves = Plain(rows).fewest_moves()
    assert MatchingBound(puzzle)(puzzle.start) == 2
    assert tour(puzzle.start, puzzle.start.index(KEEPER)) == moves == 6   # push, walk 4 steps, push


def test_the_tour_bound_walks_round_the_box_it_goes_to() -> None:
    rows = ("#######", "#-----#", "#.-@$-#", "#######")   # the keeper goes round the box, then pushes it home
    puzzle = _puzzle(rows, STEPS)
    tour = TourBound(puzzle, MatchingBound(puzzle).dead)
    assert tour(puzzle.start, puzzle.start.index(KEEPER)) == Plain(rows).fewest_moves() == 7


def test_the_tour_bound_counts_a_lone_boxs_turns() -> None:
    rows = ("######", "#----#", "#@$--#", "#---.#", "######")   # two pushes right, round the box, one down
    puzzle = _puzzle(rows, STEPS)
    tour = TourBound(puzzle, MatchingBound(puzzle).dead)
    assert MatchingBound(puzzle)(puzzle.start) == 3
    assert tour(puzzle.start, puzzle.start.index(KEEPER)) == Plain(rows).fewest_moves() == 5


def test_a_frozen_square_is_cut() -> None:
    rows = ("#####", "#@--#", "#-$$#", "#-$$#", "#...#", "#.--#", "#####")  # four boxes locked in a square
    puzzle = _puzzle(rows, PUSHES)
    bound = MatchingBound(puzzle)
    assert bound.frozen(puzzle.start, puzzle.board.index[(2, 2)])
    assert solve(puzzle, puzzle.start, Watch(FREE)) is None
    assert Plain(rows).best() is None


@functools.cache
def _hard() -> tuple[str, ...]:
    """A generated level whose answer takes the search more than a few hundred positions."""
    rng = random.Random(4)
    while True:
        rows = scrambled(rng, 4, 7, 6, 100)
        if rows is None:
            continue
        puzzle = _puzzle(rows, STEPS)
        try:
            solve(puzzle, puzzle.start, Watch(Limits(None, None, positions=500)))
        except LimitReached:
            return rows


def test_a_search_stopped_at_a_limit_claims_only_a_proven_lower_bound() -> None:
    rows = _hard()
    puzzle = _puzzle(rows, STEPS)
    with pytest.raises(LimitReached) as stopped:
        solve(puzzle, puzzle.start, Watch(Limits(None, None, positions=500)))
    optimum = solve(puzzle, puzzle.start, Watch(FREE))
    assert optimum is not None
    assert MatchingBound(puzzle)(puzzle.start) <= stopped.value.lower_bound <= len(optimum.moves)
    assert stopped.value.lower_bound > 0


@pytest.mark.parametrize("count", [STEPS, PUSHES], ids=["moves", "pushes"])
def test_the_games_search_stopped_at_a_limit_gives_its_best_line_not_proven_with_the_bound_it_proved(count) -> None:  # noqa: ANN001
    rows = _hard()
    puzzle = _puzzle(rows, count)
    oracle = SokobanSearchOracle(puzzle)
    oracle.limits = Limits(None, None, positions=500)
    line = oracle.search(puzzle.start, QUIET)
    optimum = solve(puzzle, puzzle.start, Watch(FREE))
    assert line is not None and optimum is not None
    assert not line.proven and 0 < line.at_least <= len(optimum.moves) <= len(line.moves)
    assert line.within == pytest.approx(len(line.moves) / line.at_least)
    squares = walked(puzzle, puzzle.start, line.moves)
    plain = Plain(rows)
    assert plain.is_goal(plain.replay(squares)) and puzzle.is_goal(line.states[-1])
    assert list(line.states) == [puzzle.start] + [puzzle.play(a, m) for a, m in zip(line.states, line.moves)]


def test_the_games_search_says_the_bound_it_proved_where_no_line_is_found_either(monkeypatch) -> None:  # noqa: ANN001
    import game.families.sokoban.oracle as oracle_module

    def out_of_time_too(puzzle, state, watch):   # noqa: ANN001 - the best-line search stopped at its limit as well
        return fewest_pushes(puzzle, state, Watch(Limits(None, None, positions=1)))

    monkeypatch.setattr(oracle_module, "fewest_pushes", out_of_time_too)
    rows = _hard()
    puzzle = _puzzle(rows, STEPS)
    oracle = SokobanSearchOracle(puzzle)
    oracle.limits = Limits(None, None, positions=500)
    with pytest.raises(StoppedAtLimit) as stopped:
        oracle.search(puzzle.start, QUIET)
    assert stopped.value.reached.lower_bound > 0
    assert "no solution is shorter than" in str(stopped.value)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_search_alone_proves_the_warehouses_figures(name: str) -> None:
    moves, pushes, steps, _positions = FIGURES[name]
    for key, length, walk in (("moves", moves, moves), ("pushes", pushes, steps)):
        puzzle = catalog.get(name if key == "moves" else f"{name}@{key}").puzzle
        line = solve(puzzle, puzzle.start, Watch(FREE))
        assert line is not None
        assert (len(line.moves), len(walked(puzzle, puzzle.start, line.moves))) == (length, walk)
        if key == "pushes":
            assert len(fewest_pushes(puzzle, puzzle.start, Watch(FREE)).moves) == pushes
