"""The 15-puzzle solver: optimal answers as legal Paths, sound heuristics, tables on disk, benchmark.

The default run uses a cheap 4-4-4-3 partition (tables build in well under a second)
installed through the same code path as the real 7-7-1 tables; building those takes
about a minute, so it happens once per session and only in the slow set. Answers of the
compiled search are checked against the numpy search, the table-free search and
breadth-first search.
"""

import json
import random
import shutil

import numpy as np
import pytest

from bench import fifteen as bench
from game.catalog import registry as catalog
from solvers import cache, fifteen, sliding, tiles, tiles_pdb
from solvers.compiled import available
from solvers.problem import Cancelled
from solvers.search import bidirectional_bfs

PUZZLE = catalog.puzzle("fifteen")
KORF = {
    "korf-55": ("5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3", 41),
    "korf-12": ("1 3 5 6/0 13 14 9/11 4 8 12/10 7 15 2", 45),
    "korf-30": ("5 7 3 6/0 9 13 11/8 12 2 15/10 14 1 4", 47),
}
CHEAP = ((1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15))
needs_numba = pytest.mark.skipif(not available(), reason="numba is not installed")


@pytest.fixture(autouse=True)
def no_installed_tables(monkeypatch):
    """Every test starts without pattern tables; what a test installs is undone after it."""
    monkeypatch.setattr(fifteen, "_heuristic", None)
    monkeypatch.setattr(fifteen, "_compiled", None)


@pytest.fixture(scope="session")
def cheap(tmp_path_factory):
    """The cheap tables, built once into a private cache; the folder and the progress calls."""
    folder = tmp_path_factory.mktemp("fifteen-cheap")
    calls = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FEWEST_MOVES_CACHE", str(folder))
        tables = fifteen.load_tables(CHEAP, lambda f, m: calls.append((f, m)))
    return tables, folder, calls


@pytest.fixture
def cheap_installed(cheap):
    fifteen.install(cheap[0])
    return fifteen.best_heuristic()


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The real 6-6-3 tables, built once per session into a private cache."""
    folder = tmp_path_factory.mktemp("fifteen-cache")
    calls = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FEWEST_MOVES_CACHE", str(folder))
        mp.setattr(fifteen, "_heuristic", None)
        mp.setattr(fifteen, "_compiled", None)
        tables = fifteen.load_tables(progress=lambda f, m: calls.append((f, m)))
        assert tables is not None
        fifteen.install(tables)
    assert tables is not None
    return tables, folder, calls


@pytest.fixture
def full_installed(built):
    fifteen.install(built[0])
    return fifteen.best_heuristic()


def random_walk(rng: random.Random, length: int) -> bytes:
    """The position after ``length`` random moves from the goal, never straight back."""
    state, previous = fifteen.GOAL15, None
    for _ in range(length):
        options = [nxt for _, nxt in PUZZLE.successors(state) if nxt != previous]
        previous, state = state, rng.choice(options)
    return state


def check_path(start: bytes, path, length: int | None = None) -> None:
    """The Path starts at ``start``, every move is legal and gives the next state, and it ends at the goal."""
    assert path.states[0] == start and len(path.states) == len(path.moves) + 1
    state = start
    for move, after in zip(path.moves, path.states[1:]):
        state = PUZZLE.play(state, move)
        assert state == after
    assert PUZZLE.is_goal(state)
    if length is not None:
        assert len(path) == length


def bfs_distance(board: bytes) -> int:
    """Exact distance by the project's bidirectional breadth-first search (no heuristic involved)."""
    return len(bidirectional_bfs(PUZZLE, board))


# ---------------------------------------------------------------------------
# Tables: build, cache, install


def test_build_reports_progress_and_caches(cheap):
    tables, folder, calls = cheap
    fractions = [f for f, _ in calls]
    assert fractions[-1] == 1.0 and all(0.0 <= f <= 1.0 for f in fractions)
    assert fractions == sorted(fractions)
    assert all(isinstance(m, str) for _, m in calls)
    assert list(tables) == list(CHEAP)
    assert len(list(folder.glob("*.npt"))) == len(CHEAP)


def test_cached_tables_load_without_building(cheap, monkeypatch):
    tables, folder, _ = cheap
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(folder))
    again = fifteen.load_tables(CHEAP, build=False)
    assert again is not None and all(np.array_equal(again[g], tables[g]) for g in CHEAP)


def test_empty_cache_means_no_tables_and_no_build(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    assert fifteen.load_tables(build=False) is None
    assert not fifteen.installed()
    assert fifteen.best_heuristic().name == "manhattan+lc"
    assert not list(tmp_path.glob("*.npt"))


def test_install_makes_the_tables_current(cheap_installed):
    assert fifteen.installed()
    assert cheap_installed.name == "pdb 4-4-4-3 + reflection"
    board = PUZZLE.parse(KORF["korf-55"][0])
    check_path(board, fifteen.solve15(PUZZLE, board), 41)
    assert (fifteen.compiled_search() is not None) == available()


@pytest.mark.parametrize(
    "groups",
    [((1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14)), ((1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15, 1))],
)
def test_install_rejects_groups_that_do_not_partition_the_tiles(cheap, groups):
    tables = {g: np.zeros(16 ** len(g), dtype=np.uint8) for g in groups}
    with pytest.raises(ValueError):
        fifteen.install(tables)
    assert not fifteen.installed()


def _forge(folder, groups, change):
    """Rewrite each cached table of ``groups`` through the cache itself: valid checksum, other values."""
    for g in groups:
        name = tiles.FIFTEEN.table_name(g)
        header = json.loads(cache.array_path(name).read_bytes().split(b"\n", 1)[0])
        table = cache.load_array(name, header["version"], meta=header["meta"])
        cache.save_array(name, change(table.copy()), header["version"], meta=header["meta"])


def test_forged_tables_with_valid_checksums_are_rebuilt_and_answers_stay_optimal(cheap, tmp_path, monkeypatch):
    """Tables of zeros pass the checksum: they must not make the search say a position is solved."""
    _, folder, _ = cheap
    for f in folder.glob("*.npt"):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    _forge(tmp_path, CHEAP, np.zeros_like)
    tables = fifteen.load_tables(CHEAP)
    fifteen.install(tables)
    board = random_walk(random.Random(21), 16)
    check_path(board, fifteen.solve15(PUZZLE, board), bfs_distance(board))
    assert all(np.array_equal(tables[g], cheap[0][g]) for g in CHEAP)


@pytest.mark.parametrize("change", ["inflated", "shifted", "one in fifty"])
def test_implausible_tables_are_rebuilt(cheap, tmp_path, monkeypatch, change):
    """Values too high (all, all but the goal's, or a scattered few) fail the load checks."""
    _, folder, _ = cheap
    for f in folder.glob("*.npt"):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    rng = np.random.default_rng(4)

    def forge(table):
        if change == "inflated":
            return (table * 2).astype(np.uint8)
        if change == "shifted":
            return np.where(table > 0, table + 2, 0).astype(np.uint8)
        picked = rng.integers(0, table.size, table.size // 50)
        table[picked] += 2
        return table

    _forge(tmp_path, CHEAP[:1], forge)
    assert fifteen.load_tables(CHEAP, build=False) is None
    assert np.array_equal(fifteen.load_tables(CHEAP)[CHEAP[0]], cheap[0][CHEAP[0]])


# The 6-6-3 partition's tile 2, 3, 4 table: small enough to build in a moment, its digest known like the others'.
KNOWN_SMALL = (2, 3, 4)


def _raised_unseen_by_local_checks(table: np.ndarray) -> int:
    """The rank of an entry of a 15-puzzle table that can be raised by two while every entry still passes the
    local checks a sample makes (:func:`tiles.plausible`): no neighbour whose free cells form one region
    lies below it, and each neighbour keeps a lower neighbour of its own."""
    cells = tiles_pdb.unrank(np.arange(table.size, dtype=np.int64), len(KNOWN_SMALL), 16)
    near, whole = tiles._neighbours(tiles.FIFTEEN, cells)
    values = table.astype(np.int64)
    for rank in np.argsort(-values, kind="stable"):   # far entries first: the ones a raise hides best in
        value, seen = int(values[rank]) + 2, near[rank] >= 0
        if (near[rank][seen & whole[rank]].size and values[near[rank][seen & whole[rank]]].min() + 1 < value):
            continue
        if all(min(value if r == rank else int(values[r]) for r in near[q][near[q] >= 0]) < values[q] or values[q] == 0
               for q in near[rank][seen]):
            return int(rank)
    raise AssertionError("every raised entry shows locally")


def test_a_table_whose_digest_is_known_is_used_only_byte_for_byte(tmp_path, monkeypatch):
    """One entry raised by two where no local check can see it (IDA* would then return a line longer than
    the shortest and call it optimal): the digest finds it, and the table is built again."""
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    built = fifteen.load_tables((KNOWN_SMALL,))[KNOWN_SMALL]
    rank = _raised_unseen_by_local_checks(built)
    forged = built.copy()
    forged[rank] += 2
    assert tiles.plausible(tiles.FIFTEEN, KNOWN_SMALL, forged, samples=20_000)   # a sample passes it
    _forge(tmp_path, [KNOWN_SMALL], lambda table: forged)
    assert fifteen.load_tables((KNOWN_SMALL,), build=False) is None
    assert np.array_equal(fifteen.load_tables((KNOWN_SMALL,))[KNOWN_SMALL], built)
    assert tiles.holds(tiles.FIFTEEN, KNOWN_SMALL, built) and not tiles.holds(tiles.FIFTEEN, KNOWN_SMALL, forged)


def test_the_small_known_tables_are_the_ones_built():
    """The digests of the tables built in a moment (the larger: the slow test below)."""
    for group in ((1,), KNOWN_SMALL):
        assert tiles.holds(tiles.FIFTEEN, group, tiles.build_table(tiles.FIFTEEN, group)), group


def test_the_goal_is_the_board_not_a_zero_heuristic():
    """Installed directly (no load checks), tables of zeros only slow the search down."""
    fifteen.install({g: np.zeros(tiles_pdb.placements(len(g), 16), dtype=np.uint8) for g in CHEAP})
    board = random_walk(random.Random(5), 12)
    for compiled in (True, False):
        check_path(board, fifteen.solve15(PUZZLE, board, compiled=compiled), bfs_distance(board))


def test_without_numba_the_numpy_search_and_builder_answer(cheap, monkeypatch):
    from solvers import compiled
    monkeypatch.setattr(compiled, "_jit", None)          # what says whether numba is there
    fifteen.install(cheap[0])
    assert fifteen.compiled_search() is None
    board = PUZZLE.parse(KORF["korf-55"][0])
    check_path(board, fifteen.solve15(PUZZLE, board), 41)
    assert np.array_equal(tiles.build_table(tiles.FIFTEEN, CHEAP[-1]), cheap[0][CHEAP[-1]])
    with pytest.raises(ValueError, match="numba"):
        tiles.build_table(tiles.FIFTEEN, fifteen.STRONG_PARTITION[0])


@needs_numba
def test_both_searches_look_the_tables_up_in_one_buffer(cheap):
    """The 7-7-1 tables are 115 MB: loaded, they lie in one buffer that the compiled and the numpy search
    use as it is; tables that come as separate arrays (from a build in another process) are joined once."""
    tables = cheap[0]
    fifteen.install(tables)
    search = fifteen.compiled_search()
    assert search is not None and all(np.shares_memory(search.table, t) for t in tables.values())
    fifteen.install({g: t.copy() for g, t in tables.items()})
    search = fifteen.compiled_search()
    assert search is not None and all(np.shares_memory(search.table, t) for t in fifteen._heuristic.tables)


def test_install_rejects_a_wrongly_sized_table(cheap):
    tables = dict(cheap[0])
    tables[CHEAP[-1]] = tables[CHEAP[-1]][:-1]
    with pytest.raises(ValueError):
        fifteen.install(tables)


def test_damaged_table_is_detected_and_rebuilt(cheap, tmp_path, monkeypatch):
    _, folder, _ = cheap
    for f in folder.glob("*.npt"):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    small = CHEAP[-1]
    path = cache.array_path(tiles.FIFTEEN.table_name(small))
    original = fifteen.load_tables(CHEAP, build=False)[small].copy()
    path.write_bytes(path.read_bytes()[:-10])  # truncated
    assert fifteen.load_tables(CHEAP, build=False) is None
    assert np.array_equal(fifteen.load_tables(CHEAP)[small], original)
    raw = bytearray(path.read_bytes())
    raw[-1] ^= 1  # damaged payload
    path.write_bytes(bytes(raw))
    assert np.array_equal(fifteen.load_tables(CHEAP)[small], original)
    assert np.array_equal(fifteen.load_tables(CHEAP, build=False)[small], original)


# ---------------------------------------------------------------------------
# Optimal answers


@pytest.mark.parametrize("name", sorted(KORF))
def test_manhattan_search_is_optimal_on_easy_korf_positions(name):
    text, optimum = KORF[name]
    board = PUZZLE.parse(text)
    path = fifteen.solve15(PUZZLE, board)
    check_path(board, path, optimum)
    assert path.nodes > 0


@pytest.mark.parametrize("name", sorted(KORF))
def test_pattern_search_is_optimal_on_easy_korf_positions(cheap_installed, name):
    text, optimum = KORF[name]
    board = PUZZLE.parse(text)
    check_path(board, fifteen.solve15(PUZZLE, board, heuristic=cheap_installed), optimum)


def test_goal_needs_no_moves(cheap_installed):
    for h in (cheap_installed, fifteen.manhattan_heuristic()):
        path = fifteen.solve15(PUZZLE, fifteen.GOAL15, heuristic=h)
        assert path.moves == [] and path.states == [fifteen.GOAL15]


def test_short_positions_match_breadth_first_search(cheap_installed):
    rng = random.Random(5)
    for length in (1, 2, 5, 9, 12, 14, 16):
        board = random_walk(rng, length)
        exact = bfs_distance(board)
        for h in (cheap_installed, fifteen.manhattan_heuristic()):
            check_path(board, fifteen.solve15(PUZZLE, board, heuristic=h), exact)
        check_path(board, fifteen.solve15(PUZZLE, board, compiled=False), exact)


def test_every_search_finds_the_same_length(cheap_installed):
    """Compiled and numpy searches over the tables against the table-free search, up to ~50 moves."""
    rng = random.Random(11)
    for length in (30, 40, 60, 80, 120):
        board = random_walk(rng, length)
        reference = fifteen.solve15(PUZZLE, board, heuristic=fifteen.manhattan_heuristic())
        check_path(board, reference)
        assert len(reference) <= length
        for compiled in (True, False):
            check_path(board, fifteen.solve15(PUZZLE, board, compiled=compiled), len(reference))


@needs_numba
def test_compiled_search_counts_and_reports_like_the_numpy_one(cheap_installed):
    board = PUZZLE.parse(KORF["korf-12"][0])
    seen = []
    path = fifteen.solve15(PUZZLE, board, progress=seen.append)
    check_path(board, path, 45)
    assert path.nodes > 0 and seen and all(m.startswith("searching ") for m in seen)


# ---------------------------------------------------------------------------
# Heuristics


def _check_admissible(h) -> None:
    """h never exceeds the walk length (an upper bound on the distance) or the optimum."""
    rng = random.Random(3)
    for length in list(range(0, 40)) * 3:
        assert h.root(random_walk(rng, length))[1] <= length
    for text, optimum in KORF.values():
        assert h.root(PUZZLE.parse(text))[1] <= optimum


def _check_incremental(h) -> None:
    """The search's per-move heuristic update agrees with computing h from scratch."""
    rng = random.Random(8)
    board = list(random_walk(rng, 80))
    ext, _ = h.root(board)
    st = np.array([fifteen.pack(board)], dtype=np.uint64)
    bl = np.array([board.index(0)], dtype=np.int64)
    pb = np.array([16], dtype=np.int64)
    for _ in range(200):
        options = [d for d in range(4) if fifteen.children(h, st, bl, pb, ext, d, 1000) is not None]
        kids = fifteen.children(h, st, bl, pb, ext, rng.choice(options), 1000)
        a, b = int(bl[0]), int(kids.blank[0])
        board[a], board[b] = board[b], 0
        assert int(kids.st[0]) == fifteen.pack(board)
        assert int(kids.h[0]) == h.root(board)[1]
        st, bl, pb, ext = kids.st, kids.blank, kids.prev, kids.ext


def test_heuristics_admissible_on_walks(cheap_installed):
    for h in (cheap_installed, fifteen.manhattan_heuristic()):
        _check_admissible(h)


def test_incremental_update_matches_fresh_value(cheap_installed):
    for h in (cheap_installed, fifteen.manhattan_heuristic()):
        _check_incremental(h)


def test_vectorised_manhattan_equals_the_shared_definition():
    """The search's tables come from solvers.sliding, so both give the same value everywhere."""
    scalar = sliding.manhattan_linear_conflict(4, 4)
    vector = fifteen.manhattan_heuristic()
    rng = random.Random(2)
    boards = [random_walk(rng, rng.randrange(200)) for _ in range(300)]
    boards += [bytes(rng.sample(range(16), 16)) for _ in range(300)]
    for board in boards:
        assert vector.root(board)[1] == scalar(board)


# ---------------------------------------------------------------------------
# Bad input and cancelling


@pytest.mark.parametrize(
    "board",
    [
        bytes([2, 1] + list(range(3, 16)) + [0]),  # one swap: wrong parity
        bytes(range(16)),
    ],
)
def test_unsolvable_board_rejected(board):
    assert not sliding.is_solvable(board, 4)
    with pytest.raises(ValueError, match="cannot reach the goal"):
        fifteen.solve15(PUZZLE, board)


@pytest.mark.parametrize("board", [bytes(15), bytes(range(1, 17)), bytes([1] * 16), bytes(range(17))])
def test_malformed_board_rejected(board):
    with pytest.raises(ValueError, match="each of 0..15"):
        fifteen.solve15(PUZZLE, board)


def test_problem_with_another_goal_rejected():
    with pytest.raises(ValueError):
        fifteen.solve15(catalog.puzzle("eight"), fifteen.GOAL15)


@pytest.mark.parametrize("search", ["table-free", "compiled"])
def test_cancel_raises_cancelled(request, search):
    if search == "compiled":
        if not available():
            pytest.skip("numba is not installed")
        request.getfixturevalue("cheap_installed")
    board = PUZZLE.parse("0 6 13 9/14 2 11 10/1 7 8 15/4 12 5 3")
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 2

    with pytest.raises(Cancelled):
        fifteen.solve15(PUZZLE, board, cancel=cancel)
    assert len(calls) == 3


def test_progress_reports_the_bound():
    seen = []
    fifteen.solve15(PUZZLE, PUZZLE.parse(KORF["korf-55"][0]), progress=seen.append)
    assert seen and all(m.startswith("searching ") for m in seen)


# ---------------------------------------------------------------------------
# Benchmark command


def _write(tmp_path, text):
    path = tmp_path / "inst.tsv"
    path.write_text(text)
    return str(path)


@pytest.fixture
def bench_tables(cheap, monkeypatch):
    """The bench loads the cheap tables instead of the real ones; with ``missing`` it first finds none."""
    state = {"missing": False, "progress": []}

    def load(groups=fifteen.PARTITION, progress=None, build=True):
        if state["missing"] and not build:
            return None
        if progress:
            progress(1.0, "tables ready")
            state["progress"].append(1.0)
        return cheap[0]

    monkeypatch.setattr(fifteen, "load_tables", load)
    return state


def test_bench_json(bench_tables, tmp_path, capsys):
    lines = "# two positions\nname\toptimal\tposition\n" + "".join(
        f"{n}\t{o}\t{t}\n" for n, (t, o) in sorted(KORF.items())[:2]
    )
    assert bench.main(["--instances", _write(tmp_path, lines), "--json", "--hard", "0", "--compare", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in out["instances"]] == ["korf-12", "korf-30"]
    assert all(r["length"] == r["expected"] and r["nodes"] > 0 and r["seconds"] > 0 for r in out["instances"])
    assert {"total", "median", "p90", "max", "reference", "total_over_reference"} <= set(out["summary"])
    assert out["summary"]["heuristic"] == "pdb 4-4-4-3 + reflection"
    assert out["summary"]["tables_built"] is False and out["summary"]["all_optimal"] is True
    comparison = out["summary"]["compiled_vs_numpy"]
    if available():
        assert comparison["positions"] == 2 and comparison["compiled"]["nodes"] > 0 and comparison["time_ratio"] > 0
    else:
        assert comparison is None


def test_bench_text_builds_missing_tables(bench_tables, tmp_path, capsys):
    bench_tables["missing"] = True
    text, optimum = KORF["korf-55"]
    assert bench.main(["--instances", _write(tmp_path, f"a\t{optimum}\t{text}\n"), "--hard", "0"]) == 0
    out = capsys.readouterr().out
    assert "median" in out and "reference" in out and ") built in" in out and "all optimal" in out
    assert bench_tables["progress"] == [1.0]


def test_bench_timeout_is_a_failure(bench_tables, tmp_path, capsys):
    text = "0 6 13 9/14 2 11 10/1 7 8 15/4 12 5 3"
    assert bench.main(["--instances", _write(tmp_path, f"hard\t?\t{text}\n"), "--limit", "0.05", "--json",
                       "--hard", "0", "--compare", "0"]) == 1
    row = json.loads(capsys.readouterr().out)["instances"][0]
    assert row["length"] is None and row["nodes"] is None


@pytest.mark.parametrize(
    "content",
    [
        None,
        "a\t41\n",
        "a\tforty\t5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3\n",
        "a\t1\t2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0\n",
        "a\t1\t1 2 3 4/5 6 7\n",
        "a\t1\t1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 15\n",
        "# nothing\n",
    ],
)
def test_bench_bad_input(tmp_path, capsys, content):
    path = str(tmp_path / "missing.tsv") if content is None else _write(tmp_path, content)
    assert bench.main(["--instances", path]) == 2
    err = capsys.readouterr().err.strip()
    assert err and "Traceback" not in err and len(err.splitlines()) == 1 and not err.endswith("..")


# ---------------------------------------------------------------------------
# The real tables (slow: built once per session)


@pytest.mark.slow
def test_full_build_reports_progress_caches_and_passes_the_load_checks(built):
    tables, folder, calls = built
    fractions = [f for f, _ in calls]
    assert fractions[-1] == 1.0 and fractions == sorted(fractions)
    assert len(list(folder.glob("*.npt"))) == len(fifteen.PARTITION)
    assert all(tiles.holds(tiles.FIFTEEN, g, t) for g, t in tables.items())


@pytest.mark.slow
@needs_numba
def test_the_tables_built_are_the_ones_whose_digests_are_known():
    """Every table of both partitions, built afresh, is byte for byte the one whose digest the game knows
    (a table that changes must change its digest with it, else every load would build it again)."""
    for group in dict.fromkeys(fifteen.STRONG_PARTITION + fifteen.NUMPY_PARTITION):
        assert tiles.holds(tiles.FIFTEEN, group, tiles.build_table(tiles.FIFTEEN, group)), group
    known = {key[3] for key in tiles.BUILT_DIGESTS if key[:3] == (4, 4, 15)}
    assert known == set(fifteen.STRONG_PARTITION + fifteen.NUMPY_PARTITION)


@pytest.mark.slow
def test_korf_positions_and_an_eighty_move_one(full_installed):
    """Every Korf length from the published table, and the public 80-move position."""
    assert full_installed.name == "pdb 7-7-1 + reflection"
    instances = bench.read_instances(bench.DEFAULT_INSTANCES)
    assert len(instances) == 100
    for inst in instances + bench.read_instances(bench.HARDEST)[:1]:
        check_path(inst.board, fifteen.solve15(PUZZLE, inst.board), inst.expected)


@pytest.mark.slow
def test_fallback_agrees_on_harder_positions():
    for inst in bench.read_instances(bench.assets() / "fifteen10.tsv")[3:6]:
        check_path(inst.board, fifteen.solve15(PUZZLE, inst.board, heuristic=fifteen.manhattan_heuristic()), inst.expected)


@pytest.mark.slow
def test_full_tables_admissible_and_incremental(full_installed):
    _check_admissible(full_installed)
    _check_incremental(full_installed)


@pytest.mark.slow
def test_bench_with_the_real_tables(built, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(built[1]))
    text, optimum = KORF["korf-30"]
    assert bench.main(["--instances", _write(tmp_path, f"a\t{optimum}\t{text}\n"), "--json", "--hard", "0"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["heuristic"] == "pdb 7-7-1 + reflection" and not out["summary"]["tables_built"]
    assert out["instances"][0]["length"] == optimum
