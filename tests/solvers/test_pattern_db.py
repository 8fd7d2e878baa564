"""Pattern databases checked against exact distances of the whole 8-puzzle, and the
memory-lean builder checked against the straightforward one it replaced."""

import tracemalloc
from collections import deque

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


def lookup(table: np.ndarray, tiles, boards: np.ndarray) -> np.ndarray:
    """Database values for rows of boards (row-major tile numbers, 0 = blank)."""
    b = np.asarray(boards)
    pos = np.stack([np.argmax(b == t, axis=1) for t in tiles], axis=1)
    return table[pattern_db.dense_index(pos, b.shape[1])]


def test_bfs_reference_matches_published_figures(eight_puzzle):
    boards, d, _ = eight_puzzle
    assert len(boards) == 181440 and d.max() == 31
    assert (d == 31).sum() == 2


def test_whole_board_pattern_is_exact(eight_puzzle):
    boards, d, _ = eight_puzzle
    table = pattern_db.build(3, 3, range(1, 9))
    assert np.array_equal(lookup(table, range(1, 9), boards), d)
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
    h = sum(lookup(pattern_db.build(3, 3, g), g, boards) for g in partition)
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
        h_min += lookup(pattern_db.build(3, 3, g), g, boards)
    src, dst = moves
    assert (h <= d).all()
    assert (np.abs(h[src] - h[dst]) <= 1).all()
    assert (h_min <= h).all()


def test_single_group_counts_only_its_own_moves(eight_puzzle):
    boards, d, _ = eight_puzzle
    h = lookup(pattern_db.build(3, 3, (8,)), (8,), boards)
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


def test_too_large_board_rejected():
    with pytest.raises(ValueError):
        pattern_db.build(5, 5, (1,))


def _reference_by_region(width, height, tiles, goal=None):
    """The builder this module used before it became memory-lean, kept as the reference:
    one breadth-first search over whole layers with a byte per (dense placement, region cell)."""
    board = pattern_db._board(width, height)
    n, k = board.n, len(tiles)
    goal = tuple(goal) if goal is not None else pattern_db.standard_goal(width, height)
    nb = tiles_pdb.geometry(width, height)[0]
    weights = pattern_db.dense_weights(k, n)
    dist = np.full(n**k * n, 255, dtype=np.uint8)
    one = np.int64(1)
    pos = np.array([[goal.index(t) for t in tiles]], dtype=np.int64)
    index = pos @ weights
    free = board.full & ~(one << pos).sum(axis=1)
    region = board.region[free * n + goal.index(0)].astype(np.int64)
    dist[index * n + board.lowest[region]] = 0
    depth = 0
    while pos.shape[0]:
        keys, regs = [], []
        for i in range(k):
            p = pos[:, i]
            for d in range(4):
                q = nb[p, d]
                sel = np.flatnonzero((q >= 0) & (((region >> np.maximum(q, 0)) & 1) == 1))
                qs, ps = q[sel], p[sel]
                f = free[sel] ^ (one << qs) ^ (one << ps)
                regs.append(board.region[f * n + ps])
                keys.append(index[sel] + (qs - ps) * weights[i])
        reg = np.concatenate(regs)
        key = np.concatenate(keys) * n + board.lowest[reg]
        fresh = np.flatnonzero(dist[key] == 255)
        key, first = np.unique(key[fresh], return_index=True)
        dist[key] = depth + 1
        region = reg[fresh[first]].astype(np.int64)
        index = key // n
        pos = (index[:, None] // weights) % n
        free = board.full & ~(one << pos).sum(axis=1)
        depth += 1
    return dist


@pytest.mark.parametrize(
    "width,height,tiles,goal",
    [
        (3, 3, (1, 2, 3), None),
        (3, 3, (1, 2, 4, 5, 7), None),
        (3, 3, (8, 6), (0, 1, 2, 3, 4, 5, 6, 7, 8)),
        (4, 3, (1, 2, 5, 6), None),
        (2, 4, (3, 5, 7), None),
        (4, 4, (2, 3, 4), None),
        (4, 4, (1, 5, 9, 13), None),
        (4, 4, (7, 8, 11), (0,) + tuple(range(1, 16))),
    ],
)
def test_builder_matches_the_reference(width, height, tiles, goal, monkeypatch):
    """Same values and dense indexing as the old builder, also when a layer spans many chunks."""
    monkeypatch.setattr(pattern_db, "CHUNK", 97)
    reference = _reference_by_region(width, height, tiles, goal)
    n = width * height
    assert np.array_equal(pattern_db.build_by_region(width, height, tiles, goal), reference)
    assert np.array_equal(pattern_db.build(width, height, tiles, goal), reference.reshape(n ** len(tiles), n).min(axis=1))


def test_builder_memory_stays_near_the_table_size():
    """A 5-tile 15-puzzle table is 1 MB; the old builder peaked at about 80 MB here, the
    lean one at about 20 MB (two bytes of seen-set per placement, one chunk of children)."""
    pattern_db._board(4, 4)  # the shared region table is not part of a build
    tracemalloc.start()
    try:
        table = pattern_db.build(4, 4, (1, 2, 3, 4, 5))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert table.nbytes == 16**5
    assert peak < 40 * table.nbytes


# ---------------------------------------------------------------------------
# Ranked tables, the compiled builder and the load checks

from solvers import tiles, tiles_pdb  # noqa: E402
from solvers.compiled import available  # noqa: E402

needs_numba = pytest.mark.skipif(not available(), reason="numba is not installed")


@pytest.mark.parametrize("k,n", [(1, 16), (2, 16), (3, 16), (3, 12), (2, 25)])
def test_ranks_are_a_bijection_onto_the_placements(k, n):
    size = tiles_pdb.placements(k, n)
    cells = tiles_pdb.unrank(np.arange(size), k, n)
    assert np.array_equal(tiles_pdb.ranks(cells, n), np.arange(size))
    assert len({tuple(row) for row in cells}) == size and all(len(set(row)) == k for row in cells)


@needs_numba
@pytest.mark.parametrize("width,height,blank,group", [
    (4, 4, 15, (15,)), (4, 4, 15, (2, 3, 4)), (4, 4, 15, (1, 5, 9, 13)), (4, 4, 15, (11, 12, 15, 14)),
    (4, 4, 15, (9, 10, 13, 14, 15)), (4, 4, 5, (1, 2, 3, 4)), (3, 4, 0, (1, 4, 7, 10)), (4, 3, 6, (2, 3, 7, 8, 11)),
    (3, 3, 4, (1, 2, 3, 4))])
def test_compiled_build_matches_the_numpy_build(width, height, blank, group):
    """The bit-packed compiled search (regions from its table on these boards) gives the region-aware
    values of the reference builder, whatever the board and the blank's goal."""
    goal = tiles.Layout(width, height, blank).goal()
    expected = pattern_db.dense_to_ranked(pattern_db.build(width, height, group, goal), len(group), width * height)
    assert np.array_equal(tiles_pdb.build(width, height, group, blank), expected)


@needs_numba
def test_compiled_build_reports_progress():
    seen = []
    tiles_pdb.build(4, 4, (1, 2, 3, 4), 15, progress=lambda f, m: seen.append((f, m)))
    fractions = [f for f, _ in seen]
    assert fractions[-1] == 1.0 and fractions == sorted(fractions) and "states" in seen[-1][1]


@pytest.fixture(scope="module")
def small_tables():
    return {g: tiles.build_table(tiles.FIFTEEN, g) for g in ((2, 3, 4), (1, 5, 6, 9, 10), (11, 12, 15))}


def test_true_tables_are_plausible_whatever_the_sample(small_tables):
    for seed in range(5):
        for g, table in small_tables.items():
            assert tiles.plausible(tiles.FIFTEEN, g, table, rng=np.random.default_rng(seed))


@pytest.mark.parametrize("forgery", ["zeros", "double", "plus two but the goal", "one in a hundred plus two",
                                     "far ones plus two", "unseen", "odd", "wrong size"])
def test_forged_tables_are_not_plausible(small_tables, forgery):
    for g, true in small_tables.items():
        table = true.copy()
        rng = np.random.default_rng(1)
        if forgery == "zeros":
            table[:] = 0
        elif forgery == "double":
            table *= 2
        elif forgery == "plus two but the goal":
            table[table > 0] += 2
        elif forgery == "one in a hundred plus two":
            table[rng.integers(0, table.size, table.size // 100)] += 2
        elif forgery == "far ones plus two":
            table[table > np.median(true)] += 2
        elif forgery == "unseen":
            table[rng.integers(0, table.size, 50)] = 255
        elif forgery == "odd":
            table[rng.integers(0, table.size, 50)] += 1
        else:
            table = table[:-1]
        assert not tiles.plausible(tiles.FIFTEEN, g, table, rng=np.random.default_rng(2)), (g, forgery)
