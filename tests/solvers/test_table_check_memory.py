"""A loaded table's check holds a bounded number of (board, rule) candidates at once: a puzzle of many
rules (a robot puzzle's sliding moves) is checked in smaller chunks, so loading its table in the demo's
worker stays small (before: 5 million candidates a chunk, a quarter of a gigabyte for Ricochet board 1)."""
from __future__ import annotations

import tracemalloc

import numpy as np

from game.catalog import registry as catalog
from solvers import tables
from solvers.rules import RuleMatrix


def test_the_check_of_a_table_of_many_rules_stays_small(monkeypatch):
    spec = catalog.get("ricochet-1")
    oracle = spec.oracle
    assert oracle.prepare()
    array, ranker = oracle.table.table, oracle.layout()[0]
    rules, goals = spec.puzzle.rules, spec.puzzle.goals()
    assert len(rules.rules) > 500 and len(array) <= tables.FULL_CHECK * 5
    boards_at_once: list[int] = []
    real_step = RuleMatrix.step

    def step(self, boards, at=None):
        boards_at_once.append(len(boards))
        return real_step(self, boards, at)

    monkeypatch.setattr(RuleMatrix, "step", step)
    tracemalloc.start()
    try:
        assert tables.consistent(array, ranker, rules, goals)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert max(boards_at_once) * len(rules.rules) <= tables.CHECK_PAIRS
    assert peak < 80 << 20, f"{peak >> 20} MB"   # numpy's arrays are traced: before, about 260 MB
    broken = array.copy()
    broken[np.flatnonzero((broken > 1) & (broken < 200))[::5]] += 1   # a fifth of them one too far: still caught
    assert not tables.consistent(broken, ranker, rules, goals)
