"""Every published figure of PUZZLES.md, reproduced by running the searches and sweeps."""
from __future__ import annotations

import pytest

import numpy as np

from game.catalog import registry as catalog
from solvers.search import bfs, bidirectional_bfs
from solvers.sweep import distance_table

from tests.helpers import assert_optimal_and_legal, replay

# name -> optimal number of moves from the classic start (PUZZLES.md)
OPTIMA = {
    "eight": 31,
    "goat": 20,
    "frogs-a": 23,
    "frogs-c": 46,
    "frogs-small-diagonal": 8,
    "frogs-small-backward": 15,
    "pairs": 4,
    "pairs-open": 3,
    "knights": 16,
    **{f"frogs-line-{n}": n * n + 2 * n for n in range(1, 9)},
}


def analyze(name: str):
    return catalog.get(name).oracle.analysis()


@pytest.mark.parametrize("name", sorted(OPTIMA))
def test_optimum_from_start(name: str) -> None:
    spec = catalog.get(name)
    puzzle = spec.puzzle
    solution = spec.oracle.solve(puzzle.start)
    assert len(solution) == OPTIMA[name] == spec.figures.published
    assert_optimal_and_legal(puzzle, puzzle.start, list(solution.moves))


def test_frogs_b_is_25_not_the_published_26() -> None:
    spec = catalog.get("frogs-b")
    puzzle = spec.puzzle
    path = bfs(puzzle, puzzle.start)  # plain breadth-first: the first goal found is the nearest
    assert path is not None
    assert len(path) == 25 < spec.figures.published == 26
    assert_optimal_and_legal(puzzle, puzzle.start, path.moves)
    assert _start_distance(puzzle) == 25  # the whole-space sweep agrees on the start's distance
    assert len(spec.oracle.solve(puzzle.start)) == 25


def _start_distance(puzzle) -> int:
    table = distance_table(puzzle.rules, puzzle.ranker, puzzle.goals())
    return int(table[puzzle.ranker.rank(np.frombuffer(puzzle.start, dtype=np.uint8)[None])[0]])


# README: reachable positions and the longest optimal solution (and how many positions need it)
README = {
    "eight": (181_440, 31, 2), "goat": (5_443_200, 52, 7), "knights": (18_480, 22, None),
    "frogs-line-1": (6, 3, 1), "frogs-line-8": (5_093, 80, 1),
    "frogs-a": (1_154, 23, 1), "frogs-b": (1_147, 25, 1), "frogs-c": (133_864, 46, 1),
    "frogs-small-diagonal": (136, 8, 1), "frogs-small-backward": (140, 15, None),
    "pairs": (140, 6, None), "pairs-open": (1_820, 7, None),
}


@pytest.mark.parametrize("name", sorted(README))
def test_the_figures_the_readme_states(name: str) -> None:
    positions, longest, count = README[name]
    result, _ = analyze(name)
    assert result.positions == positions and result.max_distance == longest
    if count is not None:
        assert result.hardest_count == count


def test_eight_puzzle_space() -> None:
    result, _ = analyze("eight")
    assert result.positions == 181_440
    assert result.max_distance == 31
    assert result.hardest_count == 2
    assert "8 6 7/2 5 4/3 . 1" in [catalog.puzzle("eight").format(s) for s in result.hardest]
    assert sum(result.by_distance) == 181_440


GOAT_HARDEST = "W ∥ ┐ ▭/┘ S │ ─/. ─ └ ┌"   # the published hardest position, as PUZZLES.md draws it


def test_goat_space() -> None:
    puzzle = catalog.puzzle("goat")
    result, _ = analyze("goat")
    assert result.positions == 3 * 1_814_400
    assert result.solvable == result.positions and result.dead_ends == 0
    assert result.max_distance == 52
    assert result.hardest_count == 7
    assert puzzle.parse(GOAT_HARDEST) in result.hardest


@pytest.mark.slow   # a search in Python, 15 s or more: the table's figures above stay in the default run
def test_goat_hardest_position_takes_52_moves_by_a_search_that_knows_nothing_of_the_table() -> None:
    puzzle = catalog.puzzle("goat")
    start = puzzle.parse(GOAT_HARDEST)
    path = bidirectional_bfs(puzzle, start)
    assert path is not None and len(path) == 52
    assert puzzle.is_goal(replay(puzzle, start, path.moves))


def test_knights_space() -> None:
    result, _ = analyze("knights")
    assert result.positions == 18_480
    assert result.dead_ends == 0
    assert result.max_distance == 22


@pytest.mark.parametrize("n", range(1, 9))
def test_frogs_line_dead_ends_exist_beyond_one(n: int) -> None:
    result, _ = analyze(f"frogs-line-{n}")
    assert result.max_distance == n * n + 2 * n  # the start is the farthest solvable position
    assert (result.dead_ends > 0) == (n > 1)
    assert result.solvable + result.dead_ends == result.positions


def test_reachable_counts_match_a_plain_enumeration() -> None:
    """perft-style: count positions reachable from the start with a dictionary BFS, compare with the sweep."""
    for name in ("frogs-a", "frogs-b", "frogs-small-diagonal", "frogs-small-backward", "pairs", "pairs-open",
                 "knights", "frogs-line-4"):
        puzzle = catalog.puzzle(name)
        seen = {puzzle.start}
        frontier = [puzzle.start]
        while frontier:
            nxt = []
            for s in frontier:
                for _, t in puzzle.successors(s):
                    if t not in seen:
                        seen.add(t)
                        nxt.append(t)
            frontier = nxt
        result, _ = analyze(name)
        assert result.positions == len(seen), name
