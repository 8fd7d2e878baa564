"""The pushes of the searches (game/families/sokoban/pushes.py), compiled and plain, against the rules'
own: every push the keeper can walk to, the position after it and the steps of the shortest walk to it."""
from __future__ import annotations

import pytest

from solvers.compiled import available

from game.families.sokoban.counts import PUSHES
from game.families.sokoban.pushes import Pushes
from tests.families.sokoban.plain import Plain
from tests.families.sokoban.test_deadlocks import _sample
from tests.families.sokoban.test_rules import state_of
from tests.families.sokoban.test_search import _puzzle


@pytest.mark.parametrize("compiled", [False, pytest.param(True, marks=pytest.mark.skipif(
    not available(), reason="numba is not installed"))])
@pytest.mark.parametrize("seed", range(4))
def test_the_pushes_are_the_rules_own(seed: int, compiled: bool) -> None:
    rows = _sample(seed)
    puzzle = _puzzle(rows, PUSHES)
    pushes = Pushes(puzzle, compiled=compiled)
    assert pushes.fast == compiled
    for position in sorted(Plain(rows).reach(), key=repr)[:300]:
        state = state_of(puzzle, position)
        rules = sorted((move.src, move.dst, after, walked) for move, after, walked in puzzle.push_moves(state))
        ours = sorted((move.src, move.dst, after, walked) for move, after, walked in pushes.moves(state))
        assert ours == rules
        assert pushes.reach(state).first == min(puzzle.walks(state))
