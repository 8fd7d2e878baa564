"""Sliding-tile facts: the goal, the parity rule against real reachability, Manhattan + linear conflict."""

import random
from collections import deque

import pytest

from solvers import sliding


def _neighbours(state: bytes, width: int):
    n = len(state)
    blank = state.index(0)
    r, c = divmod(blank, width)
    for cell, ok in ((blank - width, r > 0), (blank + width, blank + width < n), (blank - 1, c > 0), (blank + 1, c < width - 1)):
        if ok:
            s = bytearray(state)
            s[blank], s[cell] = s[cell], 0
            yield bytes(s)


def _distances(width: int, height: int, goal: bytes | None = None) -> dict[bytes, int]:
    """Exact distance to ``goal`` (default: the standard one) of every reachable position (plain BFS)."""
    goal = goal if goal is not None else sliding.goal_state(width, height)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        for t in _neighbours(s, width):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


def test_goal_state():
    assert sliding.goal_state(3, 2) == bytes([1, 2, 3, 4, 5, 0])


@pytest.mark.parametrize("width,height", [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)])
def test_is_solvable_is_exactly_reachability(width, height):
    reachable = _distances(width, height)
    rng = random.Random(width * 10 + height)
    n = width * height
    boards = [bytes(rng.sample(range(n), n)) for _ in range(3000)]
    for board in boards:
        assert sliding.is_solvable(board, width) == (board in reachable)


@pytest.mark.parametrize(
    "orders,penalty",
    [([], 0), ([2], 0), ([0, 1, 2, 3], 0), ([1, 0], 2), ([3, 2, 1, 0], 6), ([2, 0, 1], 2), ([0, 3, 1, 2], 2)],
)
def test_line_conflict(orders, penalty):
    assert sliding.line_conflict(orders) == penalty


def test_manhattan_table():
    table = sliding.manhattan_table(4, 4)
    assert table[0] == (0,) * 16
    assert table[1][15] == 6 and table[15][14] == 0 and table[15][15] == 1 and table[6][0] == 2


@pytest.mark.parametrize("width,height,sample", [(3, 3, 6000), (4, 2, None), (2, 3, None)])
def test_manhattan_linear_conflict_is_admissible_and_consistent(width, height, sample):
    dist = _distances(width, height)
    h = sliding.manhattan_linear_conflict(width, height)
    states = list(dist) if sample is None else random.Random(1).sample(list(dist), sample)
    for state in states:
        hs = h(state)
        assert hs <= dist[state] and (hs == 0) == (dist[state] == 0)
        assert all(abs(hs - h(t)) <= 1 for t in _neighbours(state, width))
