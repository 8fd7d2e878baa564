"""Tiles on boards of any size: which positions reach a goal, the partitions of each board, and the
compiled search over tables built for a board, checked against breadth-first distances: optimal lines
are shortest and legal, bounded ones within their weight, their lower bounds proven."""
from __future__ import annotations

import random
import shutil
from fractions import Fraction

import numpy as np
import pytest

from solvers import cache, sliding, tiles, tiles_pdb
from solvers.problem import Cancelled

from tests.solvers.test_sliding import _distances as distances, _neighbours as neighbours


def _distances(goal: bytes, width: int) -> dict[bytes, int]:
    return distances(width, len(goal) // width, goal)


@pytest.mark.parametrize("width,height,blank", [(2, 3, 0), (3, 2, 2), (2, 4, 3), (3, 3, 4)])
def test_reaches_is_exactly_reachability_of_any_goal(width, height, blank):
    rng = random.Random(blank)
    goal = tiles.Layout(width, height, blank).goal()
    goal = bytes(rng.sample(list(goal), len(goal)))     # any arrangement is a goal
    reachable = _distances(goal, width)
    n = width * height
    for _ in range(2000):
        board = bytes(rng.sample(range(n), n))
        assert sliding.reaches(board, goal, width) == (board in reachable)
    assert not sliding.reaches(bytes(range(n)), bytes(range(1, n + 1)), width)   # other tiles


@pytest.mark.parametrize("size", sorted(tiles.PARTITIONS) + [(4, 3), (5, 3), (5, 4)])
def test_every_partition_holds_every_tile_once(size):
    width, height = size
    for cut in tiles.partitions(width, height):
        assert sorted(t for group in cut for t in group) == list(range(1, width * height))
        assert all(len(group) <= tiles_pdb.MAX_GROUP for group in cut)


def test_a_board_without_partitions_is_refused():
    with pytest.raises(ValueError):
        tiles.partitions(2, 2)


@pytest.fixture(scope="module", params=[(3, 3, 8), (3, 3, 0), (3, 3, 4)], ids=["blank-last", "blank-first", "centre"])
def three(request):
    """A 3x3 board with its tables built for the blank's goal cell, and every position's true distance."""
    width, height, blank = request.param
    layout = tiles.Layout(width, height, blank)
    cut = ((1, 2, 3, 4), (5, 6, 7, 8))
    tables = tuple(tiles_pdb.build(width, height, group, blank) for group in cut)
    solver = tiles.Solver(layout, (cut,), tables, "4-4")
    return layout, solver, _distances(layout.goal(), width)


def _legal(states: tuple[bytes, ...], width: int) -> bool:
    return all(b in set(neighbours(a, width)) for a, b in zip(states, states[1:]))


def test_optimal_lines_are_the_shortest(three):
    layout, solver, dist = three
    for board in random.Random(1).sample(sorted(dist), 150):
        found = solver.solve(board)
        assert found.optimal and len(found) == dist[board] == found.at_least
        assert found.states[0] == board and found.states[-1] == layout.goal() and _legal(found.states, layout.width)
        assert solver.lower_bound(board) <= dist[board]


def test_bounded_lines_keep_their_bound_and_prove_their_floor(three):
    layout, solver, dist = three
    for weight in (Fraction(3, 2), Fraction(2), Fraction(4)):
        longer = 0
        for board in random.Random(2).sample(sorted(dist), 150):
            found = solver.solve(board, weight=weight)
            assert not found.optimal and found.weight == weight
            assert dist[board] <= len(found) <= weight * dist[board]
            assert found.at_least <= dist[board] and (found.at_least - dist[board]) % 2 == 0
            assert found.states[-1] == layout.goal() and _legal(found.states, layout.width)
            longer += len(found) > dist[board]
        if weight == 4:
            assert longer, "a weight of 4 never gave a longer line: the weight is not applied"


def test_a_search_stops_when_cancelled(three):
    layout, solver, dist = three
    far = max(dist, key=dist.__getitem__)
    with pytest.raises(Cancelled):
        solver.solve(far, cancel=lambda: True)


def test_the_manhattan_solver_is_optimal_too():
    layout = tiles.Layout(3, 2, 5)
    solver, dist = tiles.manhattan_solver(layout), _distances(layout.goal(), 3)
    for board in sorted(dist)[::7]:
        assert len(solver.solve(board)) == dist[board]


THREE_BY_FOUR = tiles.Layout(3, 4, 11)


@pytest.fixture(scope="module")
def three_by_four(tmp_path_factory):
    """The tiles-3x4 tables, built once into a cache folder of their own (and the folder)."""
    folder = tmp_path_factory.mktemp("tiles-3x4")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FEWEST_MOVES_CACHE", str(folder))
        built = tiles.load_tables(THREE_BY_FOUR)
    assert built is not None
    return built, folder


def test_a_three_by_four_board_is_solved_shortest_with_its_own_tables(three_by_four):
    """The tiles-3x4 start needs 48 moves: its tables (7-4) prove it."""
    layout = THREE_BY_FOUR
    built = three_by_four[0]
    assert all(tiles.holds(layout, g, t) and tiles.plausible(layout, g, t) for g, t in zip(layout.groups, built))
    solver = tiles.Solver(layout, layout.partitions, built, "7-4")
    start = bytes([9, 0, 11, 10, 8, 5, 4, 6, 7, 2, 1, 3])
    found = solver.solve(start)
    assert found.optimal and len(found) == 48 and _legal(found.states, 3)


def _raised_unseen_by_local_checks(layout: tiles.Layout, group: tuple[int, ...], table: np.ndarray) -> int:
    """The rank of an entry that can be raised by two while every entry still passes the local checks a sample
    makes (:func:`tiles.plausible`): no neighbour whose free cells form one region lies below it, and each
    neighbour keeps a lower neighbour of its own."""
    cells = tiles_pdb.unrank(np.arange(table.size, dtype=np.int64), len(group), layout.cells)
    near, whole = tiles._neighbours(layout, cells)
    values = table.astype(np.int64)
    for rank in np.argsort(-values, kind="stable"):
        value, seen = int(values[rank]) + 2, near[rank] >= 0
        if values[rank] >= tiles_pdb.UNSEEN - 2:
            continue
        one_region = near[rank][seen & whole[rank]]
        if one_region.size and values[one_region].min() + 1 < value:
            continue
        if all(values[q] == 0 or min(value if r == rank else int(values[r]) for r in near[q][near[q] >= 0]) < values[q]
               for q in near[rank][seen]):
            return int(rank)
    raise AssertionError("every raised entry shows locally")


def test_a_library_boards_table_is_used_only_byte_for_byte(three_by_four, tmp_path, monkeypatch):
    """One entry raised by two where no local check can see it (a line longer than the shortest would be
    called optimal): the digest of the table built finds it, and the table is built again."""
    built, folder = three_by_four
    for table_file in folder.glob("*.npt"):
        shutil.copy(table_file, tmp_path / table_file.name)
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    layout, index = THREE_BY_FOUR, 1
    group = layout.groups[index]
    rank = _raised_unseen_by_local_checks(layout, group, built[index])
    forged = built[index].copy()
    forged[rank] += 2
    assert tiles.plausible(layout, group, forged, samples=20_000)     # a sample passes it
    name, meta = layout.table_name(group), {"board": "3x4", "blank": 11, "tiles": ",".join(map(str, group))}
    cache.save_array(name, forged, tiles.TABLE_VERSION, meta=meta)
    assert cache.load_array(name, tiles.TABLE_VERSION, meta=meta) is not None   # its checksum holds
    assert tiles.load_tables(layout, build=False) is None
    again = tiles.load_tables(layout)
    assert again is not None and np.array_equal(again[index], built[index])
    assert not tiles.holds(layout, group, forged)


@pytest.mark.slow
def test_the_library_boards_tables_are_the_ones_whose_digests_are_known():
    """Every table of the library's boards, built afresh, is byte for byte the one whose digest the game
    knows (a table that changes must change its digest with it, else every load would build it again)."""
    for width, height, blank, group in tiles.BUILT_DIGESTS:
        layout = tiles.Layout(width, height, blank)
        if layout == tiles.FIFTEEN:
            continue   # the 15-puzzle's two partitions: test_fifteen builds them
        assert group in layout.groups
        assert tiles.holds(layout, group, tiles_pdb.build(width, height, group, blank)), (layout, group)
