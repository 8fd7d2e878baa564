"""A table of every position is built only within the memory the game allows (1 GiB, or
FEWEST_MOVES_TABLE_MEMORY in MiB): a puzzle file whose table would need more gets one sentence from
analyze, solves by search, and says so in the window, which goes on. The estimate behind that is
checked against the real peak of small builds, and a sweep whose layers outgrow it stops too."""
from __future__ import annotations

import tracemalloc
from math import factorial
from pathlib import Path

import pytest

from game.catalog import registry as catalog
from game.oracles.base import Build, Phase, TooLarge
from game.oracles.table import DEFAULT_TABLE_MEMORY, MEMORY_VARIABLE, TableOracle, memory_text, table_memory
from solvers import sweep
from solvers.sweep import OverBudget, distance_table, sweep_bytes
from tests.helpers import run_measured

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def tiles_file(folder: Path, width: int, height: int, groups: list[int]) -> Path:
    """Sliding blocks of 1x1 pieces in groups of interchangeable letters, one goal position and the start
    one move from it: the rank-space table covers factorial(cells) / prod(factorial(group)) positions."""
    cells, same, at = [], [], 0
    for size in groups:
        cells += list(LETTERS[at:at + size])
        if size > 1:
            same.append(LETTERS[at:at + size])
        at += size
    assert len(cells) == width * height - 1
    goal, start = cells + ["."], cells[:-1] + [".", cells[-1]]

    def grid(row: list[str]) -> str:
        return "\n".join("".join(row[r * width:(r + 1) * width]) for r in range(height))

    path = folder / f"tiles-{width}x{height}-{'-'.join(map(str, groups))}.toml"
    path.write_text(f'format = 1\ntitle = "Tiles {width}x{height}"\nfamily = "blocks"\nmoves = "cell"\n'
                    f'start = """\n{grid(start)}\n"""\ngoal = """\n{grid(goal)}\n"""\n'
                    + ("same = [" + ", ".join(f'"{g}"' for g in same) + "]\n" if same else ""), encoding="utf-8")
    return path


def ranks(width: int, height: int, groups: list[int]) -> int:
    total = factorial(width * height)
    for size in groups:
        total //= factorial(size)
    return total


HUGE = (4, 4, [2, 2, 2, 2, 2, 2, 3])    # 54.5 billion ranks: 51 GiB for the table alone
LARGE = (4, 4, [3, 3, 3, 3, 3])         # 2.7 billion ranks: 2.5 GiB, and several times that to build


@pytest.mark.parametrize("board", [HUGE, LARGE], ids=["51 GiB", "2.5 GiB"])
def test_analyze_of_a_table_beyond_the_memory_allowed_is_one_sentence_at_once(tmp_path, board):
    path = tiles_file(tmp_path, *board)
    code, err, seconds, peak = run_measured(tmp_path, "analyze", str(path))
    assert code == 2, err
    assert err.startswith("error: A table of every position of Tiles 4x4 would need about ") and err.count("\n") == 1
    assert "more than the 1 GiB this game allows (FEWEST_MOVES_TABLE_MEMORY)" in err
    assert "single positions are solved by search instead." in err
    assert seconds < 20 and peak < 300, (seconds, peak)


def test_the_sentence_names_the_estimate(tmp_path):
    path = tiles_file(tmp_path, *HUGE)
    oracle = catalog.get(str(path)).oracle
    assert isinstance(oracle, TableOracle) and oracle.layout()[0].size == ranks(*HUGE)
    assert oracle.memory_needed() > ranks(*HUGE)   # at least the table's byte a position
    with pytest.raises(TooLarge) as raised:
        oracle.analysis()
    assert f"about {memory_text(oracle.memory_needed())} of memory" in str(raised.value)


def test_solve_answers_by_search_where_the_table_would_be_too_large(tmp_path):
    path = tiles_file(tmp_path, *LARGE)
    code, err, seconds, peak = run_measured(tmp_path, "solve", str(path), "--json")
    assert code == 0, err
    assert seconds < 30 and peak < 300, (seconds, peak)


def test_a_one_way_puzzle_under_a_small_allowance_solves_by_search(monkeypatch):
    import game.oracles.search as searching

    monkeypatch.setenv(MEMORY_VARIABLE, "1")
    # the search's own clock is not what is tested here: on a busy machine its 10 s could run out first
    monkeypatch.setattr(searching, "SEARCH_SECONDS", 600.0)
    spec = catalog.get("frogs-c")
    oracle = TableOracle(spec.puzzle)
    assert not oracle.cheap()
    line = oracle.solve(spec.puzzle.start)
    assert line.algorithm != "table" and len(line) == 46
    with pytest.raises(TooLarge, match="the 1 MiB (of memory )?this game allows"):   # by estimate, or as it grew
        oracle.analysis()


@pytest.mark.parametrize("text, allowed", [("", DEFAULT_TABLE_MEMORY), ("2048", 2 << 30), ("64", 64 << 20),
                                           ("0", DEFAULT_TABLE_MEMORY), ("-5", DEFAULT_TABLE_MEMORY),
                                           ("lots", DEFAULT_TABLE_MEMORY), ("٣", DEFAULT_TABLE_MEMORY),
                                           ("9" * 40, DEFAULT_TABLE_MEMORY)])
def test_the_allowance_is_read_from_the_environment(monkeypatch, text, allowed):
    monkeypatch.setenv(MEMORY_VARIABLE, text)
    assert table_memory() == allowed


# -- the estimate against real builds -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["goat", "knights-3x4", "frogs-c", "pairs-open", "eight"])
def test_the_estimate_lies_above_the_real_peak(name):
    puzzle = catalog.puzzle(name)
    oracle = TableOracle(puzzle)
    ranker = oracle.layout()[0]
    reach = not puzzle.reversible
    tracemalloc.start()
    try:
        distance_table(puzzle.rules, ranker, puzzle.goals())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    estimate = sweep_bytes(puzzle.rules, ranker, reach)
    assert peak <= estimate <= max(8 * peak, 128 << 20), (peak >> 20, estimate >> 20)


def test_layers_that_outgrow_the_allowance_stop_the_sweep(monkeypatch):
    """An estimate can be wrong (a puzzle whose layers are wider than any measured): the sweep then
    stops as soon as what it holds passes the budget."""
    puzzle = catalog.puzzle("knights-3x4")
    monkeypatch.setattr(sweep, "WIDEST_LAYER", 0.0)
    monkeypatch.setattr(sweep, "working_set", lambda rules, ranker: 0)
    monkeypatch.setattr(sweep, "MIN_WORKING_SET", 0)
    budget = puzzle.ranker.size + 4096   # the table and almost nothing else
    with pytest.raises(OverBudget) as raised:
        distance_table(puzzle.rules, puzzle.ranker, puzzle.goals(), budget=budget)
    assert not raised.value.estimated and raised.value.budget == budget
    goat = catalog.puzzle("goat")
    slots = TableOracle(goat).layout()[0]
    with pytest.raises(OverBudget):
        distance_table(goat.rules, slots, goat.goals(), budget=sweep_bytes(goat.rules, slots) - (8 << 20))
