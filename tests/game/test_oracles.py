"""Oracles against hostile caches: a table that passes its checksum but is not this puzzle's, a
cache folder that cannot be written, and a 15-puzzle table whose body is damaged."""
from __future__ import annotations

import functools
import time
from dataclasses import replace

import numpy as np
import pytest

from game.catalog import registry as catalog
from tests.helpers import answered_by
from game.common.background import Service, Where
from game.cli import main
from game.oracles.base import Build, Phase
from game.families.tiles.pattern import PatternOracle
from game.oracles.table import TableOracle
from solvers import cache, fifteen
from solvers.tables import TABLE_VERSION

CHEAP = ((1, 2, 5, 6), (3, 4, 7, 8), (9, 10, 13, 14), (11, 12, 15))   # pattern databases built in a second


def test_a_forged_table_with_a_valid_checksum_is_not_used(tmp_path, monkeypatch):
    """Same size, right fingerprint, wrong contents: the rules catch it and the table is rebuilt."""
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    puzzle = catalog.puzzle("eight")
    ranker, key, digest = TableOracle(puzzle).layout()
    rng = np.random.default_rng(3)
    forged = rng.integers(0, 32, ranker.size, dtype=np.uint8)
    cache.save_array(key, forged, TABLE_VERSION, meta={"fingerprint": digest})
    oracle = TableOracle(puzzle)
    result, _ = oracle.analysis()
    assert result.positions == 181_440 and result.max_distance == 31        # not 361,524 or the forgery's 31
    assert oracle.distance(puzzle.start) == 31
    assert not np.array_equal(cache.load_array(key, TABLE_VERSION, meta={"fingerprint": digest}), forged)


def test_another_puzzles_table_under_this_name_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    puzzle = catalog.puzzle("knights")
    ranker, key, digest = TableOracle(puzzle).layout()
    other = np.zeros(ranker.size, dtype=np.uint8)
    cache.save_array(key, other, TABLE_VERSION, meta={"fingerprint": "another puzzle"})
    oracle = TableOracle(puzzle)
    assert oracle.prepare(Build.ALWAYS) and oracle.distance(puzzle.start) == 16


@pytest.fixture
def fresh():
    """Specs whose oracles hold nothing yet (the catalog's own may have been prepared by other tests)."""
    names = []

    def make(name: str):
        names.append(f"{name}~fresh")
        return catalog.register(replace(catalog.get(name), name=names[-1]))
    yield make
    for name in names:
        catalog.unregister(name)


def test_an_unwritable_cache_folder_is_said_once_and_never_locks_anyone_out(tmp_path, monkeypatch, capsys, fresh):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(blocker / "cache"))   # cannot be created, even by root
    fresh("frogs-line-3")
    assert main(["analyze", "frogs-line-3~fresh", "--json"]) == 0
    out, err = capsys.readouterr()
    assert '"max_distance": 15' in out
    assert err.count("cannot be written") == 1 and err.startswith("note: ")
    assert main(["solve", "knights"]) == 0
    out, err = capsys.readouterr()
    assert "16 moves, optimal" in out and "Traceback" not in err
    spec = fresh("knights")
    service = Service(Where.THREAD)
    spec.oracle.start_preparing(service)
    deadline = time.monotonic() + 30
    while spec.oracle.status().phase is not Phase.READY:
        assert time.monotonic() < deadline and spec.oracle.status().phase is not Phase.FAILED
        time.sleep(0.02)
    assert spec.oracle.distance(spec.puzzle.start) == 16
    service.shutdown()


@pytest.fixture
def cheap_fifteen(tmp_path, monkeypatch):
    """The 15-puzzle answered with a cheap partition, in a private cache, restored afterwards."""
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    monkeypatch.setattr(fifteen, "_heuristic", None)
    spec = catalog.register(answered_by(catalog.get("fifteen"), "fifteen~cheap",
                                        functools.partial(PatternOracle, groups=CHEAP)))
    yield spec
    catalog.unregister("fifteen~cheap")


def test_a_damaged_pattern_table_is_found_before_use_and_rebuilt_in_the_background(cheap_fifteen, tmp_path):
    oracle = cheap_fifteen.oracle
    assert oracle.prepare(Build.ALWAYS)
    path = next(tmp_path.glob("pdb15-11-12-15*.npt"))
    raw = bytearray(path.read_bytes())
    raw[-5] ^= 0x10                     # the body changes, the header stays whole
    path.write_bytes(bytes(raw))
    fifteen._heuristic = None           # a new run of the game
    service = Service(Where.THREAD)
    try:
        oracle.start_preparing(service)
        deadline = time.monotonic() + 30
        while oracle.status().phase is not Phase.READY:
            assert time.monotonic() < deadline and oracle.status().phase is not Phase.FAILED
            time.sleep(0.02)
        assert service.submitted == 2       # the load found nothing usable, so a build followed
    finally:
        service.shutdown()
    board = cheap_fifteen.puzzle.parse("5 10 14 4/6 12 11 1/9 . 15 7/13 2 8 3")
    line = oracle.solve(board)
    assert len(line) == 41 and line.algorithm.startswith("ida* (pdb")
