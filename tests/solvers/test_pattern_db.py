"""Pattern databases checked against exact distances of the whole 8-puzzle."""

from collections import deque
from math import perm

import numpy as np
import pytest

from solvers import pattern_db

GOAL8 = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def _neighbours3(blank):
    r, c = divmod(blank, 3)
    if r > 0:
        yield blank - 3
    if r < 2:
        yield blank + 3
    if c > 0:
        yield blank - 1
    if c < 2:
        yield blank + 1


@pytest.fixture(scope="module")
def eight_puzzle():
    """Every reachable 8-puzzle position with its exact distance (plain BFS)."""
    dist = {GOAL8: 0}
    queue = deque([GOAL8])
    while queue:
        s = queue.popleft()
        b = s.index(0)
        for n in _neighbours3(b):
            t = list(s)
            t[b], t[n] = t[n], 0
            t = tuple(t)
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    boards = np.array(list(dist), dtype=np.int64)
    return boards, np.array(list(dist.values()), dtype=np.int64), dist


def test_bfs_reference_matches_published_figures(eight_puzzle):
    boards, d, _ = eight_puzzle
    assert len(boards) == 181440 and d.max() == 31
    assert (d == 31).sum() == 2


@pytest.mark.parametrize("k,n", [(3, 9), (4, 16), (6, 16), (2, 4)])
def test_rank_is_a_bijection(k, n):
    rng = np.random.default_rng(k * n)
    ranks = np.arange(perm(n, k)) if perm(n, k) < 200_000 else rng.integers(0, perm(n, k), 50_000)
    pos = pattern_db.unrank(ranks, k, n)
    assert all(len(set(row)) == k for row in pos[:2000].tolist())
    assert np.array_equal(pattern_db.rank(pos, n), ranks)


def test_whole_board_pattern_is_exact(eight_puzzle):
    boards, d, _ = eight_puzzle
    table = pattern_db.build(3, 3, range(1, 9))
    assert np.array_equal(pattern_db.lookup(table, range(1, 9), boards), d)
    # The other half of the placements cannot be reached.
    assert (table[table != 255].size) == 181440


PARTITIONS = [((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 4, 7), (2, 5, 8), (3, 6)), ((1, 2, 4, 5, 7), (3, 6, 8))]


def _moves(dist):
    """Index pairs (position, neighbour) over every move of the 8-puzzle."""
    index = {b: i for i, b in enumerate(dist)}
    src, dst = [], []
    for s, i in index.items():
        b = s.index(0)
        for n in _neighbours3(b):
            t = list(s)
            t[b], t[n] = t[n], 0
            src.append(i)
            dst.append(index[tuple(t)])
    return np.array(src), np.array(dst)


@pytest.fixture(scope="module")
def moves(eight_puzzle):
    return _moves(eight_puzzle[2])


@pytest.mark.parametrize("partition", PARTITIONS)
def test_additive_partition_is_admissible(eight_puzzle, partition):
    boards, d, _ = eight_puzzle
    h = sum(pattern_db.lookup(pattern_db.build(3, 3, g), g, boards) for g in partition)
    assert (h <= d).all()
    assert h.mean() > 0.5 * d.mean()  # and informative


@pytest.mark.parametrize("partition", PARTITIONS)
def test_region_values_are_admissible_and_consistent(eight_puzzle, moves, partition):
    """Per blank region the values are exact abstract distances: consistent and additive."""
    boards, d, _ = eight_puzzle
    blank = np.argmax(boards == 0, axis=1)
    h = np.zeros(len(boards), dtype=np.int64)
    h_min = np.zeros(len(boards), dtype=np.int64)
    for g in partition:
        by_region = pattern_db.build_by_region(3, 3, g)
        pos = np.stack([np.argmax(boards == t, axis=1) for t in g], axis=1)
        region = pattern_db.region_cell(3, 3, pos, blank)
        h += by_region[pattern_db.dense_index(pos, 9) * 9 + region]
        h_min += pattern_db.lookup(pattern_db.build(3, 3, g), g, boards)
    src, dst = moves
    assert (h <= d).all()
    assert (np.abs(h[src] - h[dst]) <= 1).all()
    assert (h_min <= h).all()


def test_single_group_counts_only_its_own_moves(eight_puzzle):
    boards, d, _ = eight_puzzle
    h = pattern_db.lookup(pattern_db.build(3, 3, (8,)), (8,), boards)
    cells = np.argmax(boards == 8, axis=1)
    manhattan = np.abs(cells // 3 - 2) + np.abs(cells % 3 - 1)
    assert np.array_equal(h, manhattan)


def test_other_goal_and_wide_board():
    # 4x2 board, goal with the blank first: one tile's table is its Manhattan distance.
    goal = (0, 1, 2, 3, 4, 5, 6, 7)
    table = pattern_db.build(4, 2, (7,), goal=goal)
    for cell in range(8):
        assert table[cell] == abs(cell // 4 - 1) + abs(cell % 4 - 3)


def test_progress_reports_fractions():
    seen = []
    pattern_db.build(3, 3, (1, 2, 3), progress=lambda f, m: seen.append((f, m)))
    assert seen[-1][0] == 1.0
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions) and all(0 <= f <= 1 for f in fractions)


def test_compact_matches_dense():
    table = pattern_db.build(3, 3, (1, 2, 3))
    small = pattern_db.compact(table, 3, 9)
    assert small.size == perm(9, 3)
    pos = pattern_db.unrank(np.arange(small.size), 3, 9)
    assert np.array_equal(small, table[pattern_db.dense_index(pos, 9)])


def test_too_large_board_rejected():
    with pytest.raises(ValueError):
        pattern_db.build(5, 5, (1,))
