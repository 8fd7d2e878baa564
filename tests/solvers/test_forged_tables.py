"""A cached distance table rewritten with a valid checksum (so the cache itself cannot tell) is
checked against the rules on load: the goals at 0 and only the goals, every other entry one more
than its best successor (dead ends: no successor that can win). One that fails is rebuilt, with
one sentence, and never answers."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from game.catalog import registry as catalog
from game.cli import main
from game.oracles.base import Build
from game.families.blocks.oracle import ComponentTableOracle
from game.oracles.component import pack as _pack, unpack as _unpack
from game.oracles.table import TableOracle
from solvers import cache, tables
from solvers.sweep import UNREACHED
from solvers.tables import TABLE_VERSION

from tests.helpers import assert_optimal_and_legal

Forge = Callable[[np.ndarray, Callable[[bytes], int], bytes], None]


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder and fresh per-process cache state (no notices said yet)."""
    where = tmp_path / "cache"
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(where))
    monkeypatch.setattr(cache, "_state", cache._State())
    return where


def _rank(oracle: TableOracle) -> Callable[[bytes], int]:
    ranker = oracle.layout()[0]
    return lambda state: int(ranker.rank(np.frombuffer(state, dtype=np.uint8)[None, :])[0])


def forge_table(name: str, forge: Forge) -> TableOracle:
    """Build the puzzle's table, rewrite it in the cache as ``forge`` says (a valid checksum, the
    right fingerprint), and return a fresh oracle, as a new run of the game would make."""
    built = TableOracle(catalog.puzzle(name))
    assert built.prepare(Build.ALWAYS)
    _ranker, key, digest = built.layout()
    array = cache.load_array(key, TABLE_VERSION, meta={"fingerprint": digest})
    assert array is not None
    forged = array.copy()
    forge(forged, _rank(built), built.puzzle.start)
    assert not np.array_equal(forged, array)
    cache.save_array(key, forged, TABLE_VERSION, meta={"fingerprint": digest})
    cache.take_notices()
    return TableOracle(catalog.puzzle(name))


def start_at(value: int) -> Forge:
    def forge(array: np.ndarray, rank: Callable[[bytes], int], start: bytes) -> None:
        array[rank(start)] = value
    return forge


def a_dead_end_winnable(array: np.ndarray, rank: Callable[[bytes], int], start: bytes) -> None:
    puzzle = catalog.puzzle("frogs-line-3")
    dead = next(nxt for _, s in puzzle.successors(start) for _, nxt in puzzle.successors(s)
                if array[rank(nxt)] == UNREACHED)
    array[rank(dead)] = 4


FORGERIES = {   # name: (puzzle, forgery, true distance of the start)
    "eight, the start at 0": ("eight", start_at(0), 31),
    "eight, the start one too far": ("eight", start_at(32), 31),
    "eight, the start a dead end": ("eight", start_at(UNREACHED), 31),
    "frogs, the start a dead end": ("frogs-line-3", start_at(UNREACHED), 15),
    "frogs, the start at 0": ("frogs-line-3", start_at(0), 15),
    "frogs, a dead end that can win": ("frogs-line-3", a_dead_end_winnable, 15),
}


@pytest.mark.parametrize("case", sorted(FORGERIES))
def test_a_forged_table_is_rebuilt_and_said_once(case):
    name, forge, optimum = FORGERIES[case]
    oracle = forge_table(name, forge)
    assert oracle.prepare(Build.ALWAYS)
    puzzle = oracle.puzzle
    assert oracle.distance(puzzle.start) == optimum
    line = oracle.solve(puzzle.start)
    assert_optimal_and_legal(puzzle, puzzle.start, list(line.moves))
    assert len(oracle.notices) == 1 and "built again" in oracle.notices[0]
    again = TableOracle(catalog.puzzle(name))   # the rebuilt file is trusted next time, silently
    assert again.prepare(Build.NEVER) and again.notices == ()


def test_the_command_line_never_answers_from_a_forged_table(capsys, monkeypatch):
    forge_table("eight", start_at(0))
    oracle = catalog.get("eight").oracle   # as in a new run: the table comes from the cache (and all is
    monkeypatch.setattr(oracle, "_loaded", None)   # as it was for the tests that follow)
    monkeypatch.setattr(oracle, "notices", ())
    assert main(["solve", "eight"]) == 0
    out, err = capsys.readouterr()
    assert "8-puzzle: 31 moves, optimal." in out
    assert err.count("note: ") == 1 and "built again" in err


def test_a_large_table_checked_by_sample_still_has_its_goals_checked_whole(monkeypatch):
    """Past the size checked entry by entry, a sample is checked; the goals (0 where and only where a
    goal is) are checked on every entry whatever the size."""
    monkeypatch.setattr(tables, "RANK_SPACE_CHECK", 1_000)
    oracle = forge_table("eight", start_at(0))
    assert oracle.prepare(Build.ALWAYS) and oracle.distance(oracle.puzzle.start) == 31
    assert len(oracle.notices) == 1


@pytest.mark.parametrize("name", ["eight", "frogs-c"])
def test_many_forged_entries_are_found_by_the_sample(monkeypatch, name):
    monkeypatch.setattr(tables, "RANK_SPACE_CHECK", 1_000)
    monkeypatch.setattr(tables, "FULL_CHECK", 1_000)

    def far(array: np.ndarray, rank: Callable[[bytes], int], start: bytes) -> None:
        winnable = np.flatnonzero((array > 1) & (array < UNREACHED))
        chosen = np.random.default_rng(5).choice(winnable, 200, replace=False)
        array[chosen] += 2

    oracle = forge_table(name, far)
    assert oracle.prepare(Build.ALWAYS) and len(oracle.notices) == 1


# -- tables over the start's component (sliding blocks) ----------------------------------------

def forge_component(name: str, change: Callable[[np.ndarray, np.ndarray, Callable[[bytes], int]], None]):
    built = catalog.get(name).oracle
    assert isinstance(built, ComponentTableOracle)
    fresh = ComponentTableOracle(built.blocks)
    assert fresh.prepare(Build.ALWAYS)
    _none, key, digest = fresh.layout()
    array = cache.load_array(key, TABLE_VERSION, meta={"fingerprint": digest})
    assert array is not None
    keys, table = _unpack(array)
    table = table.copy()
    ranker = fresh.table.ranker

    def rank(state: bytes) -> int:
        got = ranker.rank_state(state)
        assert got is not None
        return got
    change(keys, table, rank)
    cache.save_array(key, _pack(keys, table), TABLE_VERSION, meta={"fingerprint": digest})
    cache.take_notices()
    return ComponentTableOracle(built.blocks)


@pytest.mark.parametrize("value", [0, 18, UNREACHED])
def test_a_forged_component_table_is_rebuilt(value):
    name = "motor-car"
    puzzle = catalog.puzzle(name)

    def change(keys, table, rank):
        table[rank(puzzle.start)] = value

    oracle = forge_component(name, change)
    assert oracle.prepare(Build.ALWAYS)
    assert oracle.distance(puzzle.start) == 17
    assert len(oracle.notices) == 1 and "built again" in oracle.notices[0]


def test_a_component_table_past_the_full_check_is_sampled(monkeypatch):
    monkeypatch.setattr(tables, "FULL_CHECK", 100)
    name = "motor-car"
    puzzle = catalog.puzzle(name)

    def change(keys, table, rank):
        table[rank(puzzle.start)] = 0

    oracle = forge_component(name, change)
    assert oracle.prepare(Build.ALWAYS) and oracle.distance(puzzle.start) == 17
    assert len(oracle.notices) == 1
