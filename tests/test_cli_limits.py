"""The command line's limits on a sliding-block search (--time-limit, --memory-limit): a search stopped at
one says so in one sentence (how far it got, how to allow more), exits with status 2 and never claims an
optimal answer; given room, the same file is solved optimally. Bad limits are one sentence too."""
from __future__ import annotations

import json

import pytest

from game.catalog import registry as catalog
from game.cli import main
from game.families.blocks.engine import Engine
from solvers import compiled, frontier, limits
from solvers.limits import Limits, Watch
from tests.game.test_search_bounds import century_wide

pytestmark = pytest.mark.skipif(not compiled.available(), reason="numba is not installed")


@pytest.mark.slow
def test_a_wider_century_is_solved_as_short_as_breadth_first_search_finds(tmp_path, capsys):
    path = century_wide(tmp_path)
    assert main(["solve", str(path), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    puzzle = catalog.puzzle(str(path))
    engine = Engine(puzzle)
    plain = frontier.shortest_line(engine, engine.key(puzzle.start), Watch(Limits(None, None)))
    assert plain is not None
    assert answer["optimal"] is True and answer["length"] == len(plain) - 1 == 13


@pytest.mark.parametrize("option, value, which, advice", [
    ("--time-limit", "0.2", "time limit", "--time-limit SECONDS"),
    ("--memory-limit", "1", "memory limit", "--memory-limit MB"),
])
def test_a_search_stopped_at_a_limit_says_how_far_it_got_in_one_sentence(tmp_path, capsys, option, value, which,
                                                                          advice):
    path = century_wide(tmp_path)
    assert main(["solve", str(path), "--json", option, value]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    error = err.splitlines()[-1]
    assert error.startswith("error: The search of Century, wider stopped at its " + which + " after ")
    assert advice in error and error.endswith(".") and "optimal" not in err


def test_a_long_search_says_how_far_it_has_got_before_its_answer_or_its_limit(tmp_path, capsys, monkeypatch):
    """On stderr, as the window shows it: the proven bound and the positions, then the sentence at the limit
    (progress reported at every check, so a search however fast says something before its limit)."""
    monkeypatch.setattr(limits, "REPORT_EVERY", 0.0)
    path = century_wide(tmp_path)
    assert main(["solve", str(path), "--json", "--time-limit", "0.2"]) == 2
    lines = capsys.readouterr().err.splitlines()
    at = lines.index("Searching Century, wider...")   # after the table's attempt, too large: a search answers
    assert lines[at + 1].startswith("   ... none shorter than ") and " positions" in lines[at + 1]
    assert lines[-1].startswith("error: The search of Century, wider stopped at its time limit after ")


def test_an_analysis_stopped_at_a_limit_says_so(tmp_path, capsys):
    assert main(["analyze", str(century_wide(tmp_path)), "--memory-limit", "1"]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.startswith("error: The table of Century, wider stopped at its memory limit after ")
    assert error.endswith("; allow more memory with --memory-limit MB.")


@pytest.mark.parametrize("option, value", [("--time-limit", "0"), ("--time-limit", "soon"), ("--time-limit", "nan"),
                                           ("--memory-limit", "-5"), ("--memory-limit", "1.5"),
                                           ("--memory-limit", "9" * 40)])
def test_a_bad_limit_is_one_sentence(capsys, option, value):
    assert main(["solve", "klotski", option, value]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and option in err


def test_the_kernels_are_ready_before_a_limit_s_clock_starts(monkeypatch):
    """numba's first compile may take a minute on a busy machine: it must not eat the player's time limit,
    so the engine runs its kernels once before the watch (and its clock) is made, for a search and a table."""
    from game.families.blocks import oracle as blocks_oracle
    from game.oracles.base import Quiet

    order: list[str] = []
    warm = Engine.warm
    monkeypatch.setattr(Engine, "warm", lambda self: (order.append("warm"), warm(self))[1])

    class Clocked(Watch):
        def __init__(self, *args, **kwargs) -> None:   # type: ignore[no-untyped-def]
            order.append("clock")
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(blocks_oracle, "Watch", Clocked)
    monkeypatch.setattr(blocks_oracle, "SMALL", 10)   # Klotski's table by the engine, not numpy
    puzzle = catalog.puzzle("klotski")
    oracle = blocks_oracle.blocks_oracle(puzzle)
    assert isinstance(oracle, blocks_oracle.ComponentTableOracle)
    oracle.limits = Limits.terminal(None, None)
    line = oracle.search(puzzle.start, Quiet())
    assert line is not None and len(line.moves) == 81
    keys, _table = oracle.sweep(1 << 40, False, Quiet(), None)
    assert len(keys) == 25_955
    assert order.count("clock") == 2 and order[0] == "warm"
    assert all(order[at - 1] == "warm" for at, step in enumerate(order) if step == "clock")
