"""path_along: a search's own list of states turned into a Path of the problem's own moves."""

import pytest

from game.catalog import registry as catalog
from game.rules.puzzle import Move
from solvers.problem import path_along


def test_moves_come_from_the_problem():
    eight = catalog.puzzle("eight")
    start = eight.parse("1 2 3/4 5 6/7 0 8")
    middle = eight.parse("1 2 3/4 5 6/0 7 8")
    path = path_along(eight, [middle, start, eight.goal_states[0]], nodes=7)
    assert path.states == [middle, start, eight.goal_states[0]] and path.nodes == 7
    assert path.moves == [Move(7, 6), Move(8, 7)]  # tile 7 slides left, then tile 8
    assert all(eight.play(a, m) == b for a, m, b in zip(path.states, path.moves, path.states[1:]))
    assert len(path) == 2


def test_a_lone_state_is_an_empty_path():
    eight = catalog.puzzle("eight")
    path = path_along(eight, [eight.start], nodes=0)
    assert path.moves == [] and path.states == [eight.start]


def test_states_not_one_move_apart_are_rejected():
    eight = catalog.puzzle("eight")
    goal = eight.goal_states[0]
    with pytest.raises(ValueError):
        path_along(eight, [eight.parse("1 2 3/4 5 6/0 7 8"), goal], nodes=0)
    with pytest.raises(ValueError):
        path_along(eight, [], nodes=0)
