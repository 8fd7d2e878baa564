"""Searches that cannot finish stop within seconds and a few hundred megabytes, with one sentence:
a breadth-first search of the game remembers no more states than SEARCH_MEMORY holds (fewer when
each state is large) and runs no longer than SEARCH_SECONDS. The hostile files are built here: the
knights exchange on 16x16, and Century on a board one column wider with a far goal (which the
sliding blocks' compiled engine now solves: tests/test_cli_limits.py)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from game.catalog import registry as catalog
from game.common import i18n
from game.common.phrase import translated
from game.oracles.base import TooLarge
from game.oracles.search import SearchOracle
from solvers.problem import OutOfTime, TooManyStates
from solvers.search import SEARCH_MEMORY, SEARCH_SECONDS, STATE_BYTES, bfs, bidirectional_bfs, states_within
from tests.helpers import run_measured

SECONDS = SEARCH_SECONDS + 12   # processor seconds: the bound, and the start of a process and its catalog
PEAK_MB = 400                   # SEARCH_MEMORY and the game around it


def knights_16(folder: Path) -> Path:
    path = folder / "knights-16.toml"
    empty = ["." * 16] * 14
    path.write_text('format = 1\ntitle = "Knights 16x16"\nfamily = "knights"\n'
                    'start = """\n' + "\n".join(["B" * 16, *empty, "W" * 16]) + '\n"""\n'
                    'goal = """\n' + "\n".join(["W" * 16, *empty, "B" * 16]) + '\n"""\n', encoding="utf-8")
    return path


def century_wide(folder: Path) -> Path:
    """Conway's Century with an empty column on the right: a component of millions of positions, and a
    goal (the big block bottom right, the bars at the top) far from the start."""
    path = folder / "century-wide.toml"
    path.write_text('format = 1\ntitle = "Century, wider"\nfamily = "blocks"\nmoves = "path"\n'
                    'start = """\naKKb.\nVKKW.\nVX.W.\ncX.d.\nHHII.\n"""\nsame = ["abcd", "VWX", "HI"]\n'
                    'goal = """\nHHII?\n?????\n?????\n???KK\n???KK\n"""\n', encoding="utf-8")
    return path


@pytest.mark.slow   # it runs for the search's own bound, SEARCH_SECONDS, by design
@pytest.mark.parametrize("make, first", [(knights_16, 0.0)], ids=["knights 16x16"])
def test_a_search_that_cannot_finish_is_one_sentence_within_seconds(tmp_path, make, first):
    """``first``: the component table an answer tries before it searches (Century's: a million positions)."""
    code, err, seconds, peak = run_measured(tmp_path, "solve", str(make(tmp_path)))
    *tried, error = err.splitlines()   # before the sentence, what was tried as it went (a table, given up)
    assert code == 2 and error.startswith("error: A search from this position of ") and err.endswith(".\n"), err
    assert "than this game allows" in error
    assert not tried or (tried[0].startswith("Building the tables of ") and tried[-1].startswith("  stopped after")
                         and all(line.startswith("  ") for line in tried[1:])), err
    assert seconds < SECONDS + first and peak < PEAK_MB, (round(seconds, 1), round(peak))


def test_large_states_mean_fewer_of_them():
    small, large = b"x" * 20, b"x" * 256
    assert states_within(small, 2_000_000, SEARCH_MEMORY) == SEARCH_MEMORY // (sys.getsizeof(small) + STATE_BYTES)
    assert states_within(large, 2_000_000, SEARCH_MEMORY) < states_within(small, 2_000_000, SEARCH_MEMORY)
    assert states_within(large, 2_000_000, None) == 2_000_000
    assert states_within(small, 1_000, SEARCH_MEMORY) == 1_000


@pytest.mark.parametrize("search", [bfs, bidirectional_bfs])
def test_a_search_out_of_memory_or_time_stops(search, tmp_path):
    puzzle = catalog.puzzle(str(knights_16(tmp_path)))
    with pytest.raises(TooManyStates) as raised:
        search(puzzle, puzzle.start, memory=20_000 * (sys.getsizeof(puzzle.start) + STATE_BYTES))
    assert raised.value.limit == 20_000
    started = time.thread_time()   # the work done here: a busy machine stretches the wall clock, not this
    with pytest.raises(OutOfTime) as late:
        search(puzzle, puzzle.start, seconds=0.5)
    assert time.thread_time() - started < 3 and late.value.nodes > 0


def test_the_game_says_which_bound_stopped_it(tmp_path, monkeypatch):
    import game.oracles.search as searching

    puzzle = catalog.puzzle(str(knights_16(tmp_path)))
    oracle = SearchOracle(puzzle)
    monkeypatch.setattr(searching, "SEARCH_SECONDS", 0.5)
    with pytest.raises(TooLarge, match=r"looked at [0-9,]+ positions in 0.5 seconds without reaching the goal"):
        oracle.solve(puzzle.start)
    monkeypatch.setattr(searching, "SEARCH_SECONDS", 60.0)
    monkeypatch.setattr(searching, "SEARCH_MEMORY", 5_000 * (sys.getsizeof(puzzle.start) + STATE_BYTES))
    with pytest.raises(TooLarge, match="would have to hold more than 5,000 positions") as held:
        oracle.solve(puzzle.start)
    i18n.activate("ja")   # the search's count reaches the sentence as a number, not in the solver's English
    assert translated(held.value.args[0]).startswith("Knights 16x16のこの局面から探索するには5,000を超える局面を")


@pytest.mark.slow   # a process of its own that builds a table of 900,900 positions
def test_the_knights_exchange_4x4_still_solves_at_once(tmp_path):
    """Once a search may take only SEARCH_SECONDS, a table of up to two million positions is built for an
    answer instead (knights 4x4: a search took 31 s, its table takes about 1.5 s)."""
    code, err, seconds, peak = run_measured(tmp_path, "solve", "knights-4x4", "--json")
    assert code == 0, err
    assert "Building the tables of Knights exchange 4x4" in err and seconds < SECONDS, (err, seconds)
