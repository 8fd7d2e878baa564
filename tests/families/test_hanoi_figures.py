"""The Tower of Hanoi's figures, proven by plain breadth-first searches written in tests/families/hanoi_plain.py
(never the game's own moves): 2^n - 1 on three pegs for 1 to 10 discs, the Frame-Stewart numbers on four
pegs for 1 to 8 (optimal: Bousch, 2014), every figure of the library; the game's table agreeing with them
everywhere, and every solution it shows legal and ending at the goal."""
from __future__ import annotations

import random

import pytest

from game.catalog import registry as catalog
from game.families.hanoi.files import HanoiDef
from game.families.registry import family
from game.files.model import Common
from game.catalog.spec import PuzzleSpec
from solvers.ranking import DigitRanker

from tests.families import hanoi_plain as plain
from tests.helpers import replay

FRAME_STEWART = (1, 3, 5, 9, 13, 17, 25, 33)


def tower(pegs: int, discs: int, start: int = 0, goal: int | None = None) -> PuzzleSpec:
    """The game's puzzle of a whole tower moved from one peg to another."""
    goal = pegs - 1 if goal is None else goal
    defn = HanoiDef(Common(f"Tower of {discs} on {pegs} pegs"), discs, pegs, (start,) * discs, (goal,) * discs)
    return ready(family("hanoi").spec(f"test-hanoi-{pegs}-{discs}-{start}-{goal}", defn))


def ready(spec: PuzzleSpec) -> PuzzleSpec:
    """The puzzle with its table of every position built (or loaded)."""
    assert spec.oracle.prepare()
    return spec


def solved_in(spec: PuzzleSpec, state: bytes) -> int:
    """The game's solution from ``state``: played out move by move, each legal, to the goal; its length."""
    line = spec.oracle.solve(state)
    assert spec.puzzle.is_goal(replay(spec.puzzle, state, list(line.moves)))
    return len(line)


@pytest.mark.parametrize("discs", range(1, 11))
def test_three_pegs_take_two_to_the_n_minus_one_moves(discs: int) -> None:
    found = plain.fewest((0,) * discs, (2,) * discs, 3)
    assert found == 2 ** discs - 1
    spec = tower(3, discs)
    assert spec.oracle.distance(spec.puzzle.start) == found == solved_in(spec, spec.puzzle.start)


def test_the_frame_stewart_recurrence_gives_the_numbers_of_the_issue() -> None:
    assert tuple(plain.frame_stewart(n) for n in range(1, 9)) == FRAME_STEWART


@pytest.mark.parametrize("discs", range(1, 9))
def test_four_pegs_follow_the_frame_stewart_numbers(discs: int) -> None:
    found = plain.fewest((0,) * discs, (3,) * discs, 4)
    assert found == FRAME_STEWART[discs - 1] == plain.frame_stewart(discs)
    spec = tower(4, discs)
    assert spec.oracle.distance(spec.puzzle.start) == found == solved_in(spec, spec.puzzle.start)


LIBRARY = sorted(spec.name for spec in catalog.specs() if spec.family is family("hanoi"))


def test_the_library_has_three_and_four_pegs_from_three_to_eight_discs_and_other_starts() -> None:
    for n in range(3, 9):
        assert f"hanoi-{n}" in LIBRARY and f"reve-{n}" in LIBRARY
    assert {"hanoi-middle", "hanoi-scattered", "reve-almost-home"} <= set(LIBRARY)
    groups = {catalog.get(name).presentation.group for name in LIBRARY}
    assert groups == {"Tower of Hanoi", "Reve's puzzle"}   # two menu cards, each with a chooser


@pytest.mark.parametrize("name", LIBRARY)
def test_every_library_figure_by_a_plain_search(name: str) -> None:
    spec = ready(catalog.get(name))
    puzzle, oracle = spec.puzzle, spec.oracle
    pegs, discs = puzzle.board.width, puzzle.board.height
    start = tuple(int(p) - 1 for p in puzzle.format(puzzle.start).split())
    goal = tuple(int(p) - 1 for p in puzzle.format(puzzle.goals()[0]).split())
    truth = plain.distances(goal, pegs)               # every position's fewest moves to the goal
    found = truth[start]
    assert oracle.distance(puzzle.start) == found == solved_in(spec, puzzle.start)
    if spec.figures.published is not None:
        assert spec.figures.published == found
    assert len(truth) == pegs ** discs and sum(oracle.counts() or ()) == pegs ** discs   # every position connected
    longest = max(truth.values())
    figures, _seconds = oracle.analysis()
    assert figures.max_distance == longest and figures.positions == len(truth)
    assert figures.hardest_count == sum(1 for d in truth.values() if d == longest)


def test_the_library_starts_that_are_not_the_classic_tower() -> None:
    middle = ready(catalog.get("hanoi-middle"))
    assert middle.oracle.distance(middle.puzzle.start) == 63
    scattered = ready(catalog.get("hanoi-scattered"))
    assert scattered.oracle.distance(scattered.puzzle.start) == 242
    home = ready(catalog.get("reve-almost-home"))   # seven of eight discs home, yet as far as the whole tower
    assert home.oracle.distance(home.puzzle.start) == 33 == catalog.get("reve-8").figures.published
    figures, _seconds = home.oracle.analysis()      # the farthest: three towers, and the largest disc alone
    truth = plain.distances((3,) * 8, 4)
    longest = max(truth.values())
    farthest = {plain.text(p) for p, d in truth.items() if d == longest}
    assert {home.puzzle.format(h) for h in figures.hardest} == farthest == {
        "1 1 1 1 1 1 1 1", "2 2 2 2 2 2 2 2", "3 3 3 3 3 3 3 3", "4 4 4 4 4 4 4 1", "4 4 4 4 4 4 4 2", "4 4 4 4 4 4 4 3"}


@pytest.mark.parametrize("pegs,discs", [(3, 7), (4, 6), (5, 4)])
def test_the_table_is_the_plain_search_at_every_position(pegs: int, discs: int) -> None:
    spec = tower(pegs, discs)
    truth = plain.distances((pegs - 1,) * discs, pegs)
    assert len(truth) == pegs ** discs
    for position, distance in truth.items():
        state = spec.puzzle.parse(plain.text(position))
        assert spec.oracle.distance(state) == distance, plain.text(position)


def test_from_random_positions_to_a_scattered_goal_the_table_and_its_solutions_are_the_plain_search() -> None:
    rng = random.Random(20)
    goal = (1, 0, 3, 3, 2, 0, 1)
    defn = HanoiDef(Common("Scattered goal"), 7, 4, (0,) * 7, goal)
    spec = ready(family("hanoi").spec("test-hanoi-scattered-goal", defn))
    truth = plain.distances(goal, 4)
    for position in rng.sample(sorted(truth), 60):
        state = spec.puzzle.parse(plain.text(position))
        assert spec.oracle.distance(state) == truth[position] == solved_in(spec, state)


def test_the_moves_are_the_rules_on_every_position() -> None:
    """The puzzle finds its moves from the tops of its pegs, not by matching its rules: the same moves, rule
    for rule, both ways (its rules also match positions that are not legal, with a disc in the air)."""
    puzzle = tower(4, 4).puzzle
    ranker = puzzle.ranker
    assert isinstance(ranker, DigitRanker)
    for rank in range(ranker.size):
        state = ranker.board([rank // 4 ** k % 4 for k in range(4)])
        ours = sorted((m.rule, after) for m, after in puzzle.successors(state))
        assert ours == sorted(puzzle.rules.successors(state))
        back = sorted((m.rule, before) for m, before in puzzle.predecessors(state))
        legal = [(i, before) for i, before in puzzle.rules.predecessors(state) if ranker.rank_state(before) is not None]
        assert back == sorted(legal)
        assert len(ours) == len(list(plain.moves(tuple(rank // 4 ** k % 4 for k in range(4)), 4)))
