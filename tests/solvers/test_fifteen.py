"""The 15-puzzle solver: optimal answers, sound heuristics, tables on disk, benchmark."""

import json
import random
import shutil

import numpy as np
import pytest

from bench import fifteen as bench
from game import catalog
from solvers import cache, fifteen
from solvers.search import bidirectional_bfs

KORF = {
    "korf-55": ("5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3", 41),
    "korf-12": ("1 3 5 6/0 13 14 9/11 4 8 12/10 7 15 2", 45),
    "korf-30": ("5 7 3 6/0 9 13 11/8 12 2 15/10 14 1 4", 47),
}


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """Build the real tables once into a private cache; record the progress calls."""
    folder = tmp_path_factory.mktemp("fifteen-cache")
    calls = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FEWEST_MOVES_CACHE", str(folder))
        mp.setattr(fifteen, "_heuristic", None)
        assert not fifteen.tables_ready()
        fifteen.ensure_tables(lambda f, m: calls.append((f, m)))
        yield folder, calls


def random_walk(rng, length):
    """Board after ``length`` random blank moves (never straight back) from the goal."""
    cells = list(fifteen.GOAL15)
    blank, prev = 15, -1
    for _ in range(length):
        options = [c for c in (blank - 4, blank + 4) if 0 <= c < 16]
        options += [c for c in (blank - 1, blank + 1) if 0 <= c < 16 and c // 4 == blank // 4]
        nxt = rng.choice([c for c in options if c != prev])
        cells[blank], cells[nxt] = cells[nxt], 0
        prev, blank = blank, nxt
    return bytes(cells)


def bfs_distance(board: bytes) -> int:
    """Exact distance by the project's bidirectional breadth-first search (no heuristic involved)."""
    return len(bidirectional_bfs(catalog.get("fifteen"), board))


def test_build_reports_progress_and_caches(built):
    folder, calls = built
    fractions = [f for f, _ in calls]
    assert fractions[-1] == 1.0 and all(0.0 <= f <= 1.0 for f in fractions)
    assert fractions == sorted(fractions)
    assert all(isinstance(m, str) for _, m in calls)
    assert fifteen.tables_ready()
    assert len(list(folder.glob("*.npt"))) == len(fifteen.PARTITION)


@pytest.mark.parametrize("name", sorted(KORF))
def test_korf_positions_optimal(built, name):
    text, optimum = KORF[name]
    board = fifteen.parse_position(text)
    sol = fifteen.solve15(board)
    assert sol.heuristic.startswith("pdb")
    assert len(sol.blank_path) == optimum
    assert fifteen.apply_path(board, sol.blank_path) == tuple(fifteen.GOAL15)
    assert sol.nodes > 0 and sol.seconds >= 0


def test_fallback_without_tables_is_optimal(built):
    board = fifteen.parse_position(KORF["korf-55"][0])
    sol = fifteen.solve15(board, use_tables=False)
    assert sol.heuristic == "manhattan+lc"
    assert len(sol.blank_path) == 41
    assert fifteen.apply_path(board, sol.blank_path) == tuple(fifteen.GOAL15)


def test_goal_needs_no_moves(built):
    for use in (True, False):
        assert fifteen.solve15(fifteen.GOAL15, use_tables=use).blank_path == []


def test_short_positions_match_breadth_first_search(built):
    rng = random.Random(5)
    for length in (1, 2, 5, 9, 12, 14, 16):
        board = random_walk(rng, length)
        exact = bfs_distance(board)
        for use in (True, False):
            sol = fifteen.solve15(board, use_tables=use)
            assert len(sol.blank_path) == exact
            assert fifteen.apply_path(board, sol.blank_path) == tuple(fifteen.GOAL15)


def test_both_heuristics_find_the_same_length(built):
    rng = random.Random(11)
    for length in (30, 40, 60):
        board = random_walk(rng, length)
        a = fifteen.solve15(board, use_tables=True)
        b = fifteen.solve15(board, use_tables=False)
        assert len(a.blank_path) == len(b.blank_path) <= length


def _heuristics(built):
    return [fifteen._heuristic, fifteen.make_heuristic("manhattan+lc")]


def test_heuristics_admissible_on_walks(built):
    """h never exceeds the walk length (an upper bound on the distance) or the optimum."""
    rng = random.Random(3)
    for h in _heuristics(built):
        for length in list(range(0, 40)) * 3:
            board = random_walk(rng, length)
            assert h.root(board)[1] <= length
        for text, optimum in KORF.values():
            assert h.root(fifteen.parse_position(text))[1] <= optimum


def test_incremental_update_matches_fresh_value(built):
    """The search's per-move heuristic update agrees with computing h from scratch."""
    rng = random.Random(8)
    for h in _heuristics(built):
        board = list(random_walk(rng, 80))
        ext, value = h.root(board)
        st = np.array([fifteen.pack(board)], dtype=np.uint64)
        bl = np.array([board.index(0)], dtype=np.int64)
        pb = np.array([16], dtype=np.int64)
        for _ in range(200):
            options = [d for d in range(4) if (kids := fifteen.children(h, st, bl, pb, ext, d, 1000)) is not None]
            d = rng.choice(options)
            kids = fifteen.children(h, st, bl, pb, ext, d, 1000)
            a, b = int(bl[0]), int(kids.blank[0])
            board[a], board[b] = board[b], 0
            assert int(kids.st[0]) == fifteen.pack(board)
            assert int(kids.h[0]) == h.root(board)[1]
            st, bl, pb, ext = kids.st, kids.blank, kids.prev, kids.ext


@pytest.mark.parametrize(
    "board",
    [
        bytes([2, 1] + list(range(3, 16)) + [0]),  # one swap: wrong parity
        bytes(range(16)),
    ],
)
def test_unsolvable_board_rejected(board):
    with pytest.raises(ValueError):
        fifteen.solve15(board, use_tables=False)


@pytest.mark.parametrize("board", [bytes(15), bytes(range(1, 17)), bytes([1] * 16)])
def test_malformed_board_rejected(board):
    with pytest.raises(ValueError):
        fifteen.solve15(board, use_tables=False)


@pytest.mark.parametrize("text", ["1 2 3", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 x", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 ."])
def test_parse_position_errors(text):
    with pytest.raises(ValueError):
        fifteen.parse_position(text)


def test_parse_position_accepts_dot():
    assert fifteen.parse_position("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 .") == fifteen.GOAL15


def test_cancel_returns_none():
    board = fifteen.parse_position("0 6 13 9/14 2 11 10/1 7 8 15/4 12 5 3")
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 2

    assert fifteen.solve15(board, use_tables=False, cancel=cancel) is None
    assert len(calls) == 3


def test_damaged_table_is_detected_and_rebuilt(built, tmp_path, monkeypatch):
    folder, _ = built
    for f in folder.glob("*.npt"):
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    small = min(fifteen.PARTITION, key=len)
    name = fifteen._table_name(small)
    original = cache.load_array(name, fifteen.TABLE_VERSION).copy()
    path = cache.array_path(name)
    path.write_bytes(path.read_bytes()[:-10])  # truncated
    tables = fifteen.load_tables(fifteen.PARTITION)
    assert np.array_equal(tables[tuple(small)], original)
    assert np.array_equal(cache.load_array(name, fifteen.TABLE_VERSION), original)
    raw = bytearray(path.read_bytes())
    raw[-1] ^= 1  # damaged payload
    path.write_bytes(bytes(raw))
    tables = fifteen.load_tables(fifteen.PARTITION)
    assert np.array_equal(tables[tuple(small)], original)


def test_tables_not_ready_in_empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    monkeypatch.setattr(fifteen, "_heuristic", None)
    assert not fifteen.tables_ready()
    board = fifteen.parse_position(KORF["korf-55"][0])
    assert fifteen.solve15(board).heuristic == "manhattan+lc"  # falls back, no build


# ---------------------------------------------------------------------------
# Benchmark command


def _write(tmp_path, text):
    path = tmp_path / "inst.tsv"
    path.write_text(text)
    return str(path)


def test_bench_json(built, tmp_path, capsys):
    lines = "# two positions\nname\toptimal\tposition\n" + "".join(
        f"{n}\t{o}\t{t}\n" for n, (t, o) in sorted(KORF.items())[:2]
    )
    assert bench.main(["--instances", _write(tmp_path, lines), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in out["instances"]] == ["korf-12", "korf-30"]
    assert all(r["length"] == r["expected"] for r in out["instances"])
    assert {"total", "median", "p90", "max", "reference", "total_over_reference"} <= set(out["summary"])


def test_bench_text(built, tmp_path, capsys):
    text, optimum = KORF["korf-55"]
    assert bench.main(["--instances", _write(tmp_path, f"a\t{optimum}\t{text}\n")]) == 0
    out = capsys.readouterr().out
    assert "median" in out and "reference" in out


@pytest.mark.parametrize(
    "content",
    [
        None,
        "a\t41\n",
        "a\tforty\t5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3\n",
        "a\t1\t2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0\n",
        "a\t1\t1 2 3 4/5 6 7\n",
        "# nothing\n",
    ],
)
def test_bench_bad_input(tmp_path, capsys, content):
    path = str(tmp_path / "missing.tsv") if content is None else _write(tmp_path, content)
    assert bench.main(["--instances", path]) == 2
    err = capsys.readouterr().err.strip()
    assert err and "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.slow
def test_all_korf_positions_of_the_asset_file(built):
    instances = bench.read_instances(bench.DEFAULT_INSTANCES)
    assert len(instances) == 10
    for inst in instances:
        sol = fifteen.solve15(inst.board)
        assert len(sol.blank_path) == inst.expected, inst.name
        assert fifteen.apply_path(inst.board, sol.blank_path) == tuple(fifteen.GOAL15)


@pytest.mark.slow
def test_fallback_agrees_on_harder_positions(built):
    for inst in bench.read_instances(bench.DEFAULT_INSTANCES)[3:6]:
        sol = fifteen.solve15(inst.board, use_tables=False)
        assert len(sol.blank_path) == inst.expected, inst.name
