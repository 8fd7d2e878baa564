"""The compiled search loop (game.families.sokoban.engine) against Python's loop of the same search: the
same optima under both counts on random levels, lines that replay, the same freeze test, and limits
that stop it with a proven lower bound only."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.compiled import available
from solvers.limits import LimitReached, Limits, Watch

from game.families.sokoban import engine
from game.families.sokoban.bounds import MatchingBound
from game.families.sokoban.counts import PUSHES, STEPS
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.scramble import scrambled
from game.families.sokoban.search import solve
from tests.families.sokoban.test_rules import walked
from tests.families.sokoban.test_search import _puzzle

pytestmark = pytest.mark.skipif(not available(), reason="the compiled loop needs numba")

FREE = Limits(None, None)


def _level(seed: int, boxes: int) -> tuple[str, ...] | None:
    return scrambled(random.Random(seed), boxes, 7, 6, 20 * boxes)


LEVELS = st.builds(_level, st.integers(0, 10_000), st.integers(2, 4)).filter(lambda rows: rows is not None)


@settings(max_examples=12, deadline=None)
@given(LEVELS)
def test_the_compiled_loop_finds_python_loops_optima_in_legal_lines(rows: tuple[str, ...]) -> None:
    for count in (STEPS, PUSHES):
        puzzle = _puzzle(rows, count)
        fast = solve(puzzle, puzzle.start, Watch(FREE))
        slow = solve(puzzle, puzzle.start, Watch(FREE), loop=False)
        assert fast is not None and slow is not None
        fast_steps = walked(puzzle, puzzle.start, fast.moves)
        slow_steps = walked(puzzle, puzzle.start, slow.moves)
        assert puzzle.is_goal(fast.states[-1])
        if count is STEPS:
            assert len(fast.moves) == len(slow.moves) == len(fast_steps)
            assert _pushes(fast.states) == _pushes(slow.states)
        else:
            assert (len(fast.moves), len(fast_steps)) == (len(slow.moves), len(slow_steps))


def _pushes(states: list[bytes]) -> int:
    boxes = [state.replace(bytes([KEEPER]), bytes(1)) for state in states]
    return sum(before != after for before, after in zip(boxes, boxes[1:]))


def test_the_compiled_freeze_test_says_what_pythons_says() -> None:
    rng = random.Random(5)
    frozen = 0
    for seed in range(40):
        rows = _level(seed, 4)
        if rows is None:
            continue
        puzzle = _puzzle(rows, STEPS)
        bound = MatchingBound(puzzle)
        size = len(puzzle.board)
        near = np.array([[-1 if c is None else c for c in puzzle.near[at]] for at in range(size)], np.int64)
        dead = np.array([c in bound.dead for c in range(size)], np.bool_)
        target = np.array([c in puzzle.on_target for c in range(size)], np.bool_)
        for _ in range(200):
            cells = rng.sample(range(size), rng.randint(1, min(size, 10)))
            state = bytearray(size)
            for cell in cells:
                state[cell] = BOX
            frames, group = np.empty((len(cells) + 2, 4), np.int64), np.empty(len(cells) + 2, np.int64)
            said = engine._dead_after(np.frombuffer(bytes(state), np.uint8).copy(), cells[0], near, dead, target,
                                      BOX, frames, group)
            assert said == bound.freeze.dead_after(bytes(state), cells[0]), (rows, cells)
            frozen += said
    assert frozen > 100   # the test saw frozen groups, not only free boxes


def test_the_compiled_loop_stopped_at_a_limit_claims_only_a_proven_lower_bound() -> None:
    rows = ("#########", "#-.$-$.-#", "#-$-@-$-#", "#.-$-$-.#", "#-.---.-#", "#########")
    puzzle = _puzzle(rows, STEPS)
    watch = Watch(Limits(None, 1))   # a megabyte: the table stops it
    with pytest.raises(LimitReached) as stopped:
        solve(puzzle, puzzle.start, watch)
    whole = solve(puzzle, puzzle.start, Watch(FREE))
    assert whole is not None
    assert 0 < stopped.value.lower_bound <= len(whole.moves)
