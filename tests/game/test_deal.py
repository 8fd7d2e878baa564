"""Deals: uniform over solvable positions (never a random walk), never the goal, never unsolvable."""
from __future__ import annotations

import itertools
import random

import pytest

from game.catalog import registry as catalog
from game.families.tiles.dealing import random_tiles
from game.families.tiles.rules import goal_state, is_solvable


def deal(name: str, rng: random.Random) -> bytes:
    spec = catalog.get(name)
    return spec.dealer.deal(spec.puzzle, rng)


def _solvable_non_goal(width: int, height: int) -> set[bytes]:
    goal = goal_state(width, height)
    return {bytes(p) for p in itertools.permutations(range(width * height))
            if is_solvable(bytes(p), width) and bytes(p) != goal}


def _chi_square(counts: dict[bytes, int], support: set[bytes], samples: int) -> float:
    expected = samples / len(support)
    return sum((counts.get(s, 0) - expected) ** 2 / expected for s in support)


def test_2x2_deals_are_uniform_over_solvable_positions():
    support = _solvable_non_goal(2, 2)
    assert len(support) == 11  # 4!/2 solvable, minus the goal
    rng = random.Random(1234)
    samples = 22_000
    counts: dict[bytes, int] = {}
    for _ in range(samples):
        s = random_tiles(2, 2, rng)
        counts[s] = counts.get(s, 0) + 1
    assert set(counts) == support
    # 10 degrees of freedom: P(chi2 > 29.6) = 0.001
    assert _chi_square(counts, support, samples) < 29.6


def test_3x2_deals_are_uniform_over_solvable_positions():
    support = _solvable_non_goal(3, 2)
    assert len(support) == 359
    rng = random.Random(99)
    samples = 359 * 60
    counts: dict[bytes, int] = {}
    for _ in range(samples):
        s = random_tiles(3, 2, rng)
        counts[s] = counts.get(s, 0) + 1
    assert set(counts) <= support
    # 358 degrees of freedom: mean 358, sd ~26.8; 3.5 sd above the mean
    assert _chi_square(counts, support, samples) < 358 + 3.5 * (2 * 358) ** 0.5
    # and the blank is spread evenly too (a walk from the goal would favour the last cell)
    blanks = [0] * 6
    for s, n in counts.items():
        blanks[s.index(0)] += n
    assert max(blanks) - min(blanks) < 0.1 * samples / 6


@pytest.mark.parametrize("name", ["eight", "fifteen"])
def test_many_deals_are_solvable_and_accepted_by_the_puzzle(name):
    puzzle = catalog.puzzle(name)
    rng = random.Random(7)
    seen = set()
    for _ in range(400):
        s = deal(name, rng)
        assert is_solvable(s, puzzle.board.width)
        assert not puzzle.is_goal(s)
        assert sorted(s) == list(range(len(puzzle.board)))
        puzzle.check(s)  # raises PositionError for an unsolvable or malformed position
        seen.add(s)
    assert len(seen) >= 395  # 400 draws from 181,440 (or 10^13) positions: hardly any repeats


def test_eight_deals_are_far_from_the_goal_like_random_positions():
    """Uniform 8-puzzle positions need 21.97 moves on average; a short random walk would need far fewer."""
    oracle = catalog.get("eight").oracle
    rng = random.Random(2024)
    lengths = [len(oracle.solve(deal("eight", rng))) for _ in range(12)]
    assert 18.5 <= sum(lengths) / len(lengths) <= 25.5


def test_deals_use_only_the_given_generator_and_classic_puzzles_use_the_start():
    random.seed(1)
    first = [deal("eight", random.Random(5)) for _ in range(3)]
    random.seed(2)   # the global generator must not matter
    again = [deal("eight", random.Random(5)) for _ in range(3)]
    assert first == again and len(set(first)) == 1
    assert len({deal("eight", random.Random(seed)) for seed in range(20)}) > 15
    for name in ("goat", "frogs-line-3", "frogs-a", "pairs", "knights"):
        assert deal(name, random.Random(1)) == catalog.puzzle(name).start


def test_too_small_boards_are_refused():
    with pytest.raises(ValueError):
        random_tiles(1, 2, random.Random(0))


# -- "New" on a puzzle with one start: a random position the start can reach -----------------------

def _solvable_reach(name: str) -> set[bytes]:
    """By plain search, independent of any table: positions the start reaches from which the goal
    can still be reached, the goal left out."""
    puzzle = catalog.puzzle(name)
    reach, frontier = {puzzle.start}, [puzzle.start]
    while frontier:
        frontier = [after for p in frontier for _, after in puzzle.successors(p) if after not in reach]
        reach.update(frontier)
    winnable = {p for p in reach if puzzle.is_goal(p)}
    grew = True
    while grew:
        grew = False
        for p in reach - winnable:
            if any(after in winnable for _, after in puzzle.successors(p)):
                winnable.add(p)
                grew = True
    return {p for p in winnable if not puzzle.is_goal(p)}


@pytest.mark.parametrize("name", ["frogs-line-2", "moving-day"])
def test_random_positions_of_a_one_start_puzzle_are_uniform_over_its_solvable_reach(name):
    spec = catalog.get(name)
    assert spec.oracle.prepare()
    support = _solvable_reach(name)
    rng = random.Random(99)
    samples = 60 * len(support)
    counts: dict[bytes, int] = {}
    for _ in range(samples):
        p = spec.oracle.random_position(rng)
        counts[p] = counts.get(p, 0) + 1
    assert set(counts) == support
    # chi-square with len(support) - 1 degrees of freedom: mean k, sd sqrt(2k); 6 sd is far beyond chance
    k = len(support) - 1
    assert _chi_square(counts, support, samples) < k + 6 * (2 * k) ** 0.5


def test_new_on_a_one_start_puzzle_deals_a_random_position_or_the_chosen_distance():
    from game.common.background import Service, Where
    from game.midend.session import Session

    spec = catalog.get("frogs-line-3")
    assert spec.oracle.prepare()
    s = Session(spec, service=Service(Where.INLINE), rng=random.Random(3))
    said = s.deals.new_game()
    assert s.position in _solvable_reach("frogs-line-3")
    assert "random position" in said and "Shift+R" in said
    assert s.deals.new_game(5).startswith("A random position 5 moves from the goal")
    assert spec.oracle.distance(s.position) == 5
    s.deals.classic_start()
    assert s.position == spec.puzzle.start and s.undo()   # a new game like any other: undo takes it back
    eight = Session(catalog.get("eight"), service=Service(Where.INLINE), rng=random.Random(3))
    assert eight.deals.new_game(5) == "A new shuffle."   # tiles shuffle: the distance is D's business
