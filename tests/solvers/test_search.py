"""Every search agrees with plain breadth-first search, on random positions of every small puzzle."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import registry as catalog
from solvers.sweep import distance_table
from solvers.problem import Cancelled, Counted
from solvers.search import bfs, bidirectional_bfs, ida_star
from solvers.sweep import UNREACHED

from tests.helpers import random_walk, replay

SMALL = ["eight", "goat", "frogs-line-3", "frogs-a", "frogs-b", "frogs-small-diagonal", "frogs-small-backward",
         "pairs", "pairs-open", "knights"]


def _distance(puzzle, table, state: bytes) -> int | None:
    d = int(table[puzzle.ranker.rank(np.frombuffer(state, dtype=np.uint8)[None])[0]])
    return None if d == UNREACHED else d


@pytest.fixture(scope="module")
def tables() -> dict[str, np.ndarray]:
    return {name: distance_table(p.rules, p.ranker, p.goals()) for name in SMALL for p in [catalog.puzzle(name)]}


@pytest.mark.parametrize("name", SMALL)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 14))
def test_searches_agree(name: str, seed: int, steps: int, tables) -> None:
    puzzle = catalog.puzzle(name)
    # near the goal for puzzles whose moves can be undone (keeps plain BFS quick); one-way puzzles walk from the start
    origin = puzzle.goal_states[0] if puzzle.reversible else puzzle.start
    state = random_walk(puzzle, origin, steps, random.Random(seed))
    reference = bfs(puzzle, state)
    expected = _distance(puzzle, tables[name], state)
    if reference is None:
        assert expected is None  # a dead end, and the backward sweep agrees
        assert bidirectional_bfs(puzzle, state) is None
        return
    assert len(reference) == expected
    for path in (bidirectional_bfs(puzzle, state), ida_star(puzzle, state, _table_h(puzzle, tables[name]))):
        assert path is not None and len(path) == len(reference)
        assert path.states[0] == state and puzzle.is_goal(path.states[-1])
        assert replay(puzzle, state, path.moves) == path.states[-1]


def _table_h(puzzle, table):
    return lambda s: _distance(puzzle, table, s) or 0


def test_ida_star_with_manhattan_on_eight_matches_bfs() -> None:
    eight = catalog.puzzle("eight")
    rng = random.Random(7)
    for _ in range(5):
        state = random_walk(eight, eight.goal_states[0], 30, rng)
        a, b = ida_star(eight, state, eight.heuristic), bfs(eight, state)
        assert a is not None and b is not None and len(a) == len(b)


def test_fifteen_easy_position_with_manhattan_linear_conflict() -> None:
    fifteen = catalog.puzzle("fifteen")
    state = random_walk(fifteen, fifteen.goal_states[0], 40, random.Random(3))
    path = ida_star(fifteen, state, fifteen.heuristic)
    assert path is not None
    assert fifteen.is_goal(replay(fifteen, state, path.moves))
    assert len(path) == len(bidirectional_bfs(fifteen, state))


def test_manhattan_linear_conflict_is_admissible_and_consistent_on_eight(tables) -> None:
    eight = catalog.puzzle("eight")
    table = tables["eight"]
    rng = np.random.default_rng(1)
    ranks = rng.choice(np.flatnonzero(table != UNREACHED), 3000, replace=False)
    for board in eight.ranker.unrank(ranks):
        s = bytes(board)
        h = eight.heuristic(s)
        assert h <= _distance(eight, table, s)
        for _, t in eight.successors(s):
            assert abs(h - eight.heuristic(t)) <= 1


def test_nodes_are_counted() -> None:
    eight = catalog.puzzle("eight")
    counted = Counted(eight)
    path = bidirectional_bfs(counted, eight.start)
    assert counted.expanded == path.nodes > 0


def test_cancel_stops_a_search() -> None:
    fifteen = catalog.puzzle("fifteen")
    state = fifteen.parse("15 14 4 11/2 10 13 12/6 9 1 0/7 8 5 3")
    with pytest.raises(Cancelled):
        ida_star(fifteen, state, fifteen.heuristic, cancel=lambda: True)


@pytest.mark.parametrize("name", ["frogs-line-3", "frogs-a", "frogs-small-diagonal"])
def test_dead_ends_agree_with_searching_every_reachable_position(name: str, tables) -> None:
    """The sweep's dead ends are exactly the reachable positions from which plain BFS finds no path."""
    puzzle = catalog.puzzle(name)
    seen, frontier = {puzzle.start}, [puzzle.start]
    while frontier:  # every position a player can reach, by plain enumeration
        frontier = [t for s in frontier for _, t in puzzle.successors(s) if not (t in seen or seen.add(t))]
    by_search = {s for s in seen if bfs(puzzle, s) is None}
    by_sweep = {s for s in seen if _distance(puzzle, tables[name], s) is None}
    assert by_search == by_sweep and by_search  # and dead ends do exist
    for state in list(by_search)[:20]:
        assert bidirectional_bfs(puzzle, state) is None
