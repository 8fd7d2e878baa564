"""Getting an oracle ready in the background: cached tables load in a thread, missing ones are
built in a process, progress is reported, and nothing blocks the caller."""
from __future__ import annotations

import threading
import time

import pytest

from game.catalog import registry as catalog
from tests.helpers import answered_by
from game.common.background import Service, Where
from game.oracles.base import QUIET, Answer, Build, Oracle, Phase
from game.oracles.table import TableOracle
from game.midend.panel import panel_model
from game.midend.searches import Purpose
from game.midend.session import Session
from game.keeping.settings import Settings


def _wait(predicate, seconds=60.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_a_missing_table_is_built_in_a_process_then_installed(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path / "cache"))
    puzzle = catalog.puzzle("frogs-line-2")
    oracle = catalog.get(puzzle.name).recipe.make()
    service = Service(Where.PROCESS)
    try:
        oracle.start_preparing(service)
        assert oracle.status().busy and oracle.table is None       # it answered at once
        assert _wait(lambda: oracle.status().phase is Phase.READY)
        assert service.processes_started == 1
        assert any((tmp_path / "cache").glob("distances-frogs-line-2-*.npt"))   # written by the builder
        assert oracle.distance(puzzle.start) == 8                  # n^2 + 2n for n = 2
        assert oracle.max_distance() == 8
        assert oracle.reachable is not None                        # one-way: the start's reach is swept
        dead_ends = oracle.analysis()[0].dead_ends                 # the counts leave dead ends out
        assert dead_ends > 0
        assert sum(oracle.counts()) == oracle.reachable.count() == oracle.analysis()[0].positions - dead_ends

        again = catalog.get(puzzle.name).recipe.make()             # a new run: the cache holds it now
        again.start_preparing(service)
        assert _wait(lambda: again.status().phase is Phase.READY, 20)
        assert service.processes_started == 1                      # loaded in a thread, nothing built
        assert again.max_distance() == 8
    finally:
        service.shutdown()


_gate = threading.Event()


class Gated(Oracle):
    """An oracle whose build waits for the test, to watch a preparation from the outside."""

    built = 0

    def ready(self) -> bool:
        return getattr(self, "installed", False)

    def payload(self, build, report=None):
        if build is Build.NEVER:
            return None
        report.progress(0.42, "half way there")
        _gate.wait(10)
        Gated.built += 1
        if getattr(self, "fail", False):
            raise RuntimeError("the disk caught fire")
        return "tables"

    def install(self, payload):
        assert payload == "tables"
        self.installed = True

    def answer(self, state, earlier=(), report=None) -> Answer:
        return Answer(None)


@pytest.fixture
def gated():
    spec = catalog.register(answered_by(catalog.get("frogs-line-1"), "gated", Gated))
    _gate.clear()
    Gated.built = 0
    yield spec
    _gate.set()
    catalog.unregister("gated")


def test_preparing_reports_progress_and_builds_once(gated):
    service = Service(Where.THREAD)
    try:
        oracle = gated.oracle
        oracle.start_preparing(service)
        assert _wait(lambda: oracle.status().fraction == pytest.approx(0.42), 5)
        status = oracle.status()
        assert status.phase is Phase.BUILDING and status.busy and status.text == "half way there"
        submitted = service.submitted
        oracle.start_preparing(service)                             # asked again: nothing new starts
        assert service.submitted == submitted == 2                  # a load, then a build
        _gate.set()
        assert _wait(lambda: oracle.status().phase is Phase.READY, 5)
        assert Gated.built == 1
    finally:
        service.shutdown()


def test_a_failed_preparation_says_so_and_may_be_tried_again(gated):
    service = Service(Where.THREAD)
    try:
        oracle = gated.oracle
        oracle.fail = True
        _gate.set()
        oracle.start_preparing(service)
        assert _wait(lambda: oracle.status().phase is Phase.FAILED, 5)
        assert "disk caught fire" in oracle.status().text
        oracle.fail = False
        oracle.start_preparing(service)
        assert _wait(lambda: oracle.status().phase is Phase.READY, 5)
    finally:
        service.shutdown()


def test_inline_preparing_never_runs_the_fifteen_build(tmp_path, monkeypatch):
    """Headless screenshots use an inline service: half a minute inside one call is not an option."""
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    from solvers import fifteen
    monkeypatch.setattr(fifteen, "_heuristic", None)
    oracle = catalog.get("fifteen").recipe.make()
    service = Service(Where.INLINE)
    oracle.start_preparing(service)
    assert oracle.status().phase is Phase.IDLE and not oracle.ready()
    assert service.submitted == 1 and not list(tmp_path.iterdir())


class GatedTable(TableOracle):
    """A real table whose preparation waits for the test."""

    def payload(self, build, report=QUIET):
        if build is Build.NEVER:
            return None
        _gate.wait(10)
        return super().payload(Build.ALWAYS, report)


@pytest.fixture
def gated_table(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    spec = catalog.register(answered_by(catalog.get("frogs-line-2"), "gated-table", GatedTable))
    _gate.clear()
    service = Service(Where.THREAD)
    spec.oracle.start_preparing(service)
    session = Session(spec, service=service)
    session.searched = []   # every search submitted: there should be none
    monkeypatch.setattr(session.searches, "submit", lambda *args: session.searched.append(args))
    yield session
    _gate.set()
    service.shutdown()
    catalog.unregister("gated-table")


def _settle(session, seconds=10.0) -> bool:
    return _wait(lambda: session.update(0.02) is not None and not session.waiting and session.job is None
                 and not session.oracle.status().busy, seconds)


def test_a_hint_asked_while_the_table_is_on_its_way_waits_for_it(gated_table):
    s = gated_table
    s.request_hint()
    assert s.waiting is Purpose.HINT and s.job is None            # no search started beside the build
    model = panel_model(s, s.oracle.status(), Settings(), 10)
    assert model.status is not None and "waiting for the table" in model.status.lines[0].text
    _gate.set()
    assert _settle(s)
    assert s.hint_info is not None and s.hint_info.distance == 8   # answered by the table
    assert s.searched == []


def test_a_waiting_hint_can_be_cancelled_and_a_move_drops_it(gated_table):
    s = gated_table
    s.request_hint()
    s.cancel_search()
    assert s.waiting is None
    s.request_hint()
    s.play(s.puzzle.legal_moves(s.position)[0])                  # the position it was asked for is gone
    _gate.set()
    assert _settle(s)
    assert s.hint_info is None and s.searched == []


def test_the_clock_stands_while_a_hint_waits_for_the_table_and_every_press_is_kept(gated_table):
    """The English board with an empty cache added 25 s to the player's time and dropped the presses of H
    made meanwhile: the clock stands while the computer works for the player, and each press is a step."""
    from game.midend.ladder import Step
    s = gated_table
    s.play(s.puzzle.legal_moves(s.position)[0])
    s.update(5.0)
    s.request_hint()
    s.update(25.0)                                                # the table is being built
    assert s.waiting is Purpose.HINT and s.elapsed == 5.0
    s.request_hint()
    s.request_hint()
    assert s.hint_presses == 3
    detail = panel_model(s, s.oracle.status(), Settings(), 10).status.lines[1].text
    assert "H pressed 3 times" in detail
    _gate.set()
    assert _settle(s)
    assert s.hint_info is not None and s.hint_info.step is Step.PIECE   # the band, the count, the piece
    assert s.notes.ladder == (1, 1, 1, 0) and s.searched == []
    assert s.elapsed < 5.5


def test_presses_kept_for_a_hint_never_play_its_move(gated_table):
    from game.midend.ladder import Step
    s = gated_table
    for _ in range(7):
        s.request_hint()
    _gate.set()
    assert _settle(s)
    assert s.hint_info is not None and s.hint_info.step is Step.MOVE and s.moves == 0
