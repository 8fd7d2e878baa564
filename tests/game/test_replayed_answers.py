"""No solution is shown that does not end at the goal: every answer (the command line's solve, the
game's hint and solve) is played out from the position before it is shown, and one that fails is
one sentence instead, whether it came from a table or from a search."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.cli import main
from game.oracles.base import Build, Line
from game.oracles.search import SearchOracle
from game.oracles.table import TableOracle
from game.rules.puzzle import Move
from game.midend.session import EventKind, Session

from tests.game.test_session import searched


def stops_short(line: Line) -> Line:
    return replace(line, moves=line.moves[:-1], states=line.states[:-1])


def plays_an_illegal_move(line: Line) -> Line:
    wrong = Move(line.moves[0].src, line.moves[0].src)
    return replace(line, moves=(wrong, *line.moves[1:]))


def names_other_positions(line: Line) -> Line:
    return replace(line, states=(line.states[0], *reversed(line.states[1:])))


CORRUPTIONS = {"stops short of the goal": stops_short, "plays an illegal move": plays_an_illegal_move,
               "names other positions": names_other_positions}


@pytest.fixture(params=sorted(CORRUPTIONS))
def corrupted(request, monkeypatch):
    """Every line a table walk or a search finds, corrupted as the parameter says."""
    corrupt = CORRUPTIONS[request.param]
    walk, search = TableOracle._walk, SearchOracle.search

    def bad_walk(self, table, state):
        line = walk(self, table, state)
        return None if line is None or not line.moves else corrupt(line)

    def bad_search(self, state, report):
        line = search(self, state, report)
        return None if line is None or not line.moves else corrupt(line)

    monkeypatch.setattr(TableOracle, "_walk", bad_walk)
    monkeypatch.setattr(SearchOracle, "search", bad_search)
    return request.param


@pytest.mark.parametrize("name", ["eight", "frogs-line-3", "klotski"])
@pytest.mark.parametrize("as_json", [False, True])
def test_the_command_line_shows_no_solution_that_fails(capsys, corrupted, name, as_json):
    code = main(["solve", name, *(["--json"] if as_json else [])])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    said = [line for line in err.splitlines() if not line.startswith(" ") and "(first time only)" not in line]
    assert len(said) == 1 and said[0].startswith("error: ") and "does not reach the goal" in said[0]   # (a first
    # build of the table may say its progress before)


def _session(name: str) -> Session:
    spec = catalog.get(name)
    assert spec.oracle.prepare(Build.ALWAYS)
    return Session(spec, service=Service(Where.INLINE))


@pytest.mark.parametrize("name", ["eight", "frogs-line-3", "eight~search"])
def test_the_game_shows_no_hint_or_solution_that_fails(corrupted, name):
    session = _session(name) if "~" not in name else Session(searched(name.split("~")[0]),
                                                             service=Service(Where.INLINE))
    start = session.position
    session.request_hint()
    events = session.update(0.1)
    failed = [e for e in events if e.kind is EventKind.SEARCH_FAILED]
    assert len(failed) == 1 and "does not reach the goal" in failed[0].message
    assert session.hint_info is None or session.hint_info.move is None
    session.start_solve()
    for _ in range(40):
        events += session.update(0.5)
    assert session.position == start and session.playback is None
    assert not any(e.kind is EventKind.HINT and e.move is not None for e in events)
