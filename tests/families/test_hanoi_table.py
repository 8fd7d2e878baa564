"""The Tower of Hanoi's table: swept in rank space, two bytes a position (three pegs and eight discs need
255 moves), checked against the moves when loaded (a rewritten one is built again), within the memory it
estimates, stopped when asked; and the command line's answers in the position text of PUZZLE-FILES.md."""
from __future__ import annotations

import json
import random
import tracemalloc

import numpy as np
import pytest

from game.catalog import registry as catalog
from game.cli import main
from game.families.hanoi import sweep
from game.families.hanoi.files import HanoiDef
from game.families.hanoi.oracle import HanoiOracle
from game.families.registry import family
from game.files.model import Common
from game.oracles.base import Build, TooLarge
from game.oracles.table import MEMORY_VARIABLE
from solvers import cache
from solvers.problem import Cancelled
from solvers.tables import TABLE_VERSION

from tests.families import hanoi_plain as plain


def spec_of(pegs: int, discs: int, name: str = "test-hanoi-table"):
    defn = HanoiDef(Common(f"{discs} on {pegs}"), discs, pegs, (0,) * discs, (pegs - 1,) * discs)
    return family("hanoi").spec(f"{name}-{pegs}-{discs}", defn)


def test_the_sweep_in_rank_space_is_the_plain_search() -> None:
    goal = (2, 0, 1, 1, 0)
    table = sweep.distances(3, 5, sum(p * 3 ** k for k, p in enumerate(goal)))
    truth = plain.distances(goal, 3)
    for position, distance in truth.items():
        assert table[sum(p * 3 ** k for k, p in enumerate(position))] == distance


def test_three_pegs_and_eight_discs_need_255_moves_which_a_byte_would_not_hold() -> None:
    spec = catalog.get("hanoi-8")
    oracle = spec.oracle
    assert isinstance(oracle, HanoiOracle) and oracle.prepare()
    assert oracle.table is not None and oracle.table.table.dtype == np.uint16
    assert oracle.distance(spec.puzzle.start) == 255 == oracle.max_distance()
    figures, _seconds = oracle.analysis()
    assert figures.max_distance == 255 and figures.hardest_count == 256 and figures.positions == 3 ** 8
    far = oracle.position_at(255, random.Random(1))
    assert far is not None and oracle.distance(far) == 255


def test_a_rewritten_table_in_the_cache_is_found_out_and_built_again(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))   # the forgery in a folder no other test reads
    spec = spec_of(4, 5, "test-hanoi-forged")
    oracle = spec.oracle
    assert oracle.prepare()
    key = oracle.layout()[1]
    meta = {"fingerprint": oracle.layout()[2]}
    stored = cache.load_array(key, TABLE_VERSION, meta=meta, dtype=np.dtype(np.uint8), shape=(2 * 4 ** 5,))
    assert stored is not None and oracle._matches(stored)
    forged = stored.view("<u2").copy()
    forged[123] += 2                                   # one entry wrong, the checksum made anew
    assert not oracle._matches(forged.view(np.uint8))
    cache.save_array(key, forged.view(np.uint8), TABLE_VERSION, meta=meta)
    cache.take_notices()
    assert HanoiOracle(spec.puzzle).prepare(Build.NEVER) is False   # not taken: thrown away, and said
    assert any("did not match its puzzle" in notice for notice in cache.take_notices())
    rebuilt = HanoiOracle(spec.puzzle)
    assert rebuilt.prepare(Build.ALWAYS) and rebuilt.distance(spec.puzzle.start) == 13
    assert oracle.table is not None and rebuilt.table is not None
    assert rebuilt.table.table[123] == oracle.table.table[123] != forged[123]


def test_the_sweep_stops_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sweep, "CANCEL_EVERY", -1.0)
    with pytest.raises(Cancelled):
        sweep.distances(4, 6, 0, cancel=lambda: True)


@pytest.mark.parametrize("pegs,discs", [(4, 8), (6, 5), (3, 10)])
def test_the_memory_estimate_lies_above_the_sweeps_peak(pegs: int, discs: int) -> None:
    oracle = spec_of(pegs, discs, "test-hanoi-memory").oracle
    assert isinstance(oracle, HanoiOracle)
    tracemalloc.start()
    try:
        sweep.distances(pegs, discs, 0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= oracle.memory_needed()


def test_beyond_the_memory_allowed_the_analysis_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(MEMORY_VARIABLE, "1")
    oracle = spec_of(4, 7, "test-hanoi-budget").oracle
    with pytest.raises(TooLarge, match="more than the 1 MiB this game allows"):
        oracle.analysis()


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_and_analyze_speak_the_position_text_of_the_puzzle_files(capsys) -> None:
    code, out, _ = run(capsys, "solve", "reve-6", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["length"] == 17 and answer["optimal"]
    assert answer["positions"][0] == "1 1 1 1 1 1" and answer["positions"][-1] == "4 4 4 4 4 4"
    assert answer["moves"][0] in ("1 1-2", "1 1-3", "1 1-4")
    code, out, _ = run(capsys, "solve", "hanoi-3", "--from", "3 3 1", "--json")   # the largest disc still home
    assert code == 0 and json.loads(out)["length"] == 7
    code, out, _ = run(capsys, "analyze", "reve-5", "--json")
    figures = json.loads(out)
    assert code == 0 and figures["positions"] == 4 ** 5 and figures["max_distance"] == 13
    assert "1 1 1 1 1" in figures["hardest"]
    code, _, err = run(capsys, "solve", "hanoi-3", "--from", "1 1 4")
    assert code == 2 and err.count("\n") == 1 and "the pegs are 1 to 3" in err
