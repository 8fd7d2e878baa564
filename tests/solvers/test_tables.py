"""Complete distance tables: they agree with breadth-first search, their hints and solutions are
optimal, and a missing or damaged cache file is rebuilt."""
from __future__ import annotations

import random

import numpy as np
import pytest

from game.catalog import registry as catalog
from game.oracles.base import Build, NoSolution
from game.oracles.table import TableOracle
from game.families.tiles.rules import is_solvable
from solvers import cache
from solvers.ranking import SlotRanker
from solvers.search import bfs, bidirectional_bfs
from solvers.sweep import UNREACHED, distance_table, reachable_mask
from solvers.tables import (CLOSER, DEAD_END, FARTHER, SAME, TABLE_VERSION, DistanceTable, after_delay,
                            load_or_build)

from tests.helpers import random_walk, replay


def fresh(name: str) -> TableOracle:
    """An oracle with nothing in memory, as in a new run of the game."""
    return TableOracle(catalog.puzzle(name))


def table_for(name: str, progress=None) -> DistanceTable:
    oracle = fresh(name)
    if progress is None:
        assert oracle.prepare(Build.ALWAYS)
    else:
        assert oracle.prepare(Build.ALWAYS, Progress(progress))
    return oracle.table


class Progress:
    def __init__(self, callback):
        self.progress = callback

    def cancelled(self):
        return False

SMALL = ["eight", "goat", "frogs-line-3", "frogs-line-5", "frogs-a", "frogs-b", "frogs-c", "frogs-small-diagonal",
         "frogs-small-backward", "pairs", "pairs-open", "knights"]


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("tables")
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(folder))
    yield folder


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, DistanceTable]:
    """Every small puzzle's table, built once for the module (in its own cache folder)."""
    import os
    old = os.environ.get("FEWEST_MOVES_CACHE")
    os.environ["FEWEST_MOVES_CACHE"] = str(tmp_path_factory.mktemp("module-tables"))
    try:
        return {name: table_for(name) for name in SMALL}
    finally:
        if old is None:
            os.environ.pop("FEWEST_MOVES_CACHE", None)
        else:
            os.environ["FEWEST_MOVES_CACHE"] = old


def _search(puzzle, state):
    return bidirectional_bfs(puzzle, state) if puzzle.reversible else bfs(puzzle, state)


@pytest.mark.parametrize("name", [n for n in SMALL if n != "goat"])
def test_table_agrees_with_breadth_first_search_on_random_positions(name: str, built) -> None:
    puzzle, table = catalog.puzzle(name), built[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    ranks = rng.integers(0, table.ranker.size, 25)
    for state in [bytes(b) for b in table.ranker.unrank(ranks)] + [puzzle.start]:
        d = table.distance(state)
        if name == "eight" and not is_solvable(state, 3):
            assert d is None  # the unreachable half; a search would have to exhaust 181,440 positions
            continue
        path = _search(puzzle, state)
        if path is None:
            assert d is None, puzzle.format(state)
        else:
            assert d == len(path), puzzle.format(state)


def test_goat_table_agrees_with_breadth_first_search(built) -> None:
    puzzle, table = catalog.puzzle("goat"), built["goat"]
    rng = random.Random(2024)
    states = [random_walk(puzzle, puzzle.goal_states[0], steps, rng) for steps in (0, 3, 10, 25, 60, 200)]
    ranks = np.random.default_rng(9).integers(0, table.ranker.size, 2)
    states += [bytes(b) for b in table.ranker.unrank(ranks)]
    for state in states:
        path = bidirectional_bfs(puzzle, state)
        assert path is not None
        assert table.distance(state) == len(path), puzzle.format(state)


@pytest.mark.parametrize("name", ["eight", "knights", "pairs-open", "frogs-b"])
def test_table_equals_the_generic_sweep_position_by_position(name: str, built) -> None:
    """The rank-space sweep (slot ranks) and the board sweep (the puzzle's ranks) give the same distances."""
    puzzle, table = catalog.puzzle(name), built[name]
    generic = distance_table(puzzle.rules, puzzle.ranker, puzzle.goals())
    boards = table.ranker.unrank(np.arange(table.ranker.size))
    assert (generic[puzzle.ranker.rank(boards)] == table.table).all()


@pytest.mark.slow
def test_goat_table_equals_the_generic_sweep(built) -> None:
    puzzle, table = catalog.puzzle("goat"), built["goat"]
    generic = distance_table(puzzle.rules, puzzle.ranker, puzzle.goals())
    for at in range(0, table.ranker.size, 1 << 19):
        ranks = np.arange(at, min(at + (1 << 19), table.ranker.size))
        assert (generic[puzzle.ranker.rank(table.ranker.unrank(ranks))] == table.table[ranks]).all()


def test_fast_sweep_is_used_where_it_applies(built) -> None:
    assert isinstance(built["goat"].ranker, SlotRanker)
    assert isinstance(built["eight"].ranker, SlotRanker)
    assert not isinstance(built["frogs-c"].ranker, SlotRanker)


def test_reachable_mask_in_rank_space_matches_the_board_sweep() -> None:
    puzzle = catalog.puzzle("eight")
    ranker = fresh("eight").layout()[0]
    fast = reachable_mask(puzzle.rules, ranker, puzzle.start)
    slow = reachable_mask(puzzle.rules, puzzle.ranker, puzzle.start)
    boards = ranker.unrank(np.arange(ranker.size))
    assert (slow.has(puzzle.ranker.rank(boards)) == fast.mask(0, ranker.size)).all()
    assert fast.count() == slow.count() == 181_440


@pytest.mark.parametrize("name", ["eight", "goat", "frogs-line-5", "frogs-b", "pairs-open", "knights"])
def test_hints_and_move_classes(name: str, built) -> None:
    puzzle, table = catalog.puzzle(name), built[name]
    rng = random.Random(7)
    for i, steps in enumerate(range(0, 40, 3)):
        state = random_walk(puzzle, puzzle.start, steps, rng)
        here = table.distance(state)
        best = table.best_moves(puzzle, state)
        classes = dict(table.classify(puzzle, state))
        assert set(classes) == set(puzzle.legal_moves(state))
        for move, verdict in classes.items():
            there = table.distance(puzzle.play(state, move))
            if there is None:
                assert verdict == DEAD_END
            else:
                assert verdict == (CLOSER if there < here else FARTHER if there > here else SAME)
        if here:
            assert best and set(best) == {m for m, v in classes.items() if v == CLOSER}
            if i % 4 == 0:  # a search confirms a best move (searches are the slow part of this test)
                assert len(_search(puzzle, puzzle.play(state, best[-1]))) == here - 1
        else:
            assert best == []


@pytest.mark.parametrize("name", ["eight", "goat", "frogs-b", "frogs-c", "knights", "pairs-open"])
def test_solve_walks_a_cached_table_to_an_optimal_solution(name: str, built, fresh_cache) -> None:
    puzzle = catalog.puzzle(name)
    oracle = fresh(name)
    ranker, key, digest = oracle.layout()
    cache.save_array(key, built[name].table, TABLE_VERSION, meta={"fingerprint": digest})  # as if built earlier
    solution = oracle.solve(puzzle.start)
    assert solution.algorithm == "table"
    assert puzzle.is_goal(replay(puzzle, puzzle.start, solution.moves))
    assert len(solution) == len(_search(puzzle, puzzle.start))


def test_solve_reports_dead_ends_from_the_table(built) -> None:
    puzzle = catalog.puzzle("frogs-line-3")
    table = built["frogs-line-3"]
    dead = next(bytes(b) for b in table.ranker.unrank(np.arange(table.ranker.size))
                if table.distance(bytes(b)) is None)
    assert bfs(puzzle, dead) is None
    with pytest.raises(NoSolution):
        fresh("frogs-line-3").solve(dead)


def test_solve_does_not_build_expensive_tables(fresh_cache) -> None:
    puzzle = catalog.puzzle("goat")
    solution = fresh("goat").solve(puzzle.start)
    assert solution.algorithm != "table" and len(solution) == 20
    assert not list(fresh_cache.iterdir())  # nothing was built behind the player's back


def test_analyze_builds_and_caches_then_loads(fresh_cache) -> None:
    first, _ = fresh("eight").analysis()
    files = list(fresh_cache.iterdir())
    assert len(files) == 1
    second, _ = fresh("eight").analysis()
    assert first == second and first.max_distance == 31 and first.positions == 181_440


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "wrong-size"])
def test_a_damaged_cache_file_is_rebuilt(damage: str, fresh_cache, built) -> None:
    puzzle = catalog.puzzle("knights")
    original = table_for("knights").table.copy()
    ranker, key, digest = fresh("knights").layout()
    path = cache.array_path(key)
    data = bytearray(path.read_bytes())
    if damage == "flip":
        data[-100] ^= 0x5A
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "garbage":
        data = bytearray(b"not a table at all\n" * 10)
    if damage == "wrong-size":
        cache.save_array(key, np.zeros(10, dtype=np.uint8), TABLE_VERSION, meta={"fingerprint": digest})
    else:
        path.write_bytes(bytes(data))
    again = table_for("knights")
    assert (again.table == original).all()
    assert again.distance(puzzle.start) == 16
    reloaded = cache.load_array(key, TABLE_VERSION, meta={"fingerprint": digest})  # the rebuilt file is whole again
    assert reloaded is not None and (reloaded == original).all()


def test_load_or_build_builds_once_and_survives_an_unwritable_cache(fresh_cache, monkeypatch) -> None:
    calls = []

    def build():
        calls.append(1)
        return np.arange(50, dtype=np.uint8)

    a = load_or_build("unit-test", build, 7)
    b = load_or_build("unit-test", build, 7)
    assert (a == b).all() and len(calls) == 1
    c = load_or_build("unit-test", build, 8)  # another format version: rebuilt
    assert (c == a).all() and len(calls) == 2

    def refuse(*args, **kwargs):
        raise OSError("read-only file system")

    monkeypatch.setattr(cache, "save_array", refuse)
    d = load_or_build("unit-test-2", build, 7)
    assert (d == a).all() and len(calls) == 3


def test_progress_only_for_slow_builds() -> None:
    heard = []
    quiet = after_delay(lambda f, m: heard.append(f), delay=60.0)
    quiet(0.5, "half")
    assert heard == []
    loud = after_delay(lambda f, m: heard.append(f), delay=0.0)
    loud(0.5, "half")
    assert heard == [0.5]


def test_progress_reports_reach_the_end_of_a_build(fresh_cache, monkeypatch) -> None:
    import game.oracles.table as table_module
    monkeypatch.setattr(table_module, "after_delay", lambda progress: progress)  # no half-second grace
    heard = []
    table_for("eight", progress=lambda f, m: heard.append((f, m)))
    fractions = [f for f, _ in heard]
    assert fractions and fractions == sorted(fractions) and fractions[-1] == pytest.approx(1.0)


def test_dead_end_table_marks_unreached() -> None:
    table = table_for("frogs-line-4")
    dead = int((table.table == UNREACHED).sum())
    result, _ = fresh("frogs-line-4").analysis()
    assert dead >= result.dead_ends > 0


def test_a_table_of_two_bytes_a_position_holds_distances_past_254_and_counts_them() -> None:
    """Three pegs with eight discs need 255 moves: a table of two bytes a position, whose largest value
    marks what cannot reach the goal, read and counted as a byte table is."""
    from solvers.ranking import DigitRanker
    from solvers.sweep import analyse, distance_counts
    ranker = DigitRanker([[0], [1], [2]], 3, [1])        # one item in one of three places
    table = np.array([0, 300, np.iinfo(np.uint16).max], dtype=np.uint16)
    distances = DistanceTable(table, ranker)
    assert distances.distance(bytes([0, 1, 0])) == 300 and distances.distance(bytes([0, 0, 1])) is None
    counts = distance_counts(table)
    assert len(counts) == 65536 and counts[0] == counts[300] == counts[-1] == 1
    figures = analyse(table, None, ranker)
    assert figures.max_distance == 300 and figures.solvable == 2 and figures.hardest == [bytes([0, 1, 0])]
    with pytest.raises(ValueError):
        DistanceTable(table.astype(np.uint32), ranker)
