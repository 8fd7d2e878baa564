"""Every published figure of PUZZLES.md, reproduced by running the searches and sweeps."""
from __future__ import annotations

import pytest

from game import catalog
from game.solving import analyze, solve
from solvers.search import bfs, bidirectional_bfs

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


@pytest.mark.parametrize("name", sorted(OPTIMA))
def test_optimum_from_start(name: str) -> None:
    puzzle = catalog.get(name)
    solution = solve(puzzle, puzzle.start)
    assert len(solution) == OPTIMA[name]
    assert_optimal_and_legal(puzzle, puzzle.start, solution.moves)


def test_frogs_b_beats_the_published_26() -> None:
    puzzle = catalog.get("frogs-b")
    path = bfs(puzzle, puzzle.start)  # plain breadth-first: the first goal found is the nearest
    assert path is not None
    assert len(path) < 26
    assert_optimal_and_legal(puzzle, puzzle.start, path.moves)
    assert len(path) == _start_distance(puzzle)  # the whole-space sweep agrees on the start's distance


def _start_distance(puzzle) -> int:
    from game.solving import distances
    import numpy as np

    table = distances(puzzle)
    return int(table[puzzle.ranker.rank(np.frombuffer(puzzle.start, dtype=np.uint8)[None])[0]])


def test_eight_puzzle_space() -> None:
    result, _ = analyze(catalog.get("eight"))
    assert result.positions == 181_440
    assert result.max_distance == 31
    assert result.hardest_count == 2
    assert "8 6 7/2 5 4/3 . 1" in [catalog.get("eight").format(s) for s in result.hardest]
    assert sum(result.by_distance) == 181_440


def test_goat_space() -> None:
    puzzle = catalog.get("goat")
    result, _ = analyze(puzzle)
    assert result.positions == 3 * 1_814_400
    assert result.solvable == result.positions and result.dead_ends == 0
    assert result.max_distance == 52
    assert result.hardest_count == 7
    hardest = [puzzle.format(s) for s in result.hardest]
    assert "W ∥ ┐ ▭/┘ S │ ─/. ─ └ ┌" in hardest
    # the published hardest position, solved by a bidirectional search that knows nothing of the table
    start = puzzle.parse("W ∥ ┐ ▭/┘ S │ ─/. ─ └ ┌")
    path = bidirectional_bfs(puzzle, start)
    assert path is not None and len(path) == 52
    assert puzzle.is_goal(replay(puzzle, start, path.moves))


def test_knights_space() -> None:
    result, _ = analyze(catalog.get("knights"))
    assert result.positions == 18_480
    assert result.dead_ends == 0
    assert result.max_distance == 22


@pytest.mark.parametrize("n", range(1, 9))
def test_frogs_line_dead_ends_exist_beyond_one(n: int) -> None:
    result, _ = analyze(catalog.get(f"frogs-line-{n}"))
    assert result.max_distance == n * n + 2 * n  # the start is the farthest solvable position
    assert (result.dead_ends > 0) == (n > 1)
    assert result.solvable + result.dead_ends == result.positions


def test_reachable_counts_match_a_plain_enumeration() -> None:
    """perft-style: count positions reachable from the start with a dictionary BFS, compare with the sweep."""
    for name in ("frogs-a", "frogs-b", "frogs-small-diagonal", "frogs-small-backward", "pairs", "pairs-open",
                 "knights", "frogs-line-4"):
        puzzle = catalog.get(name)
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
        result, _ = analyze(puzzle)
        assert result.positions == len(seen), name
