"""The tables service: loads in a thread, builds in a separate process, reports progress, never blocks."""
import threading
import time

import pytest

from game import catalog
from game.solving import analyze, forget_tables, table_for
from game.tables_service import BUILDING, NONE, READY, TablesService


def _wait(predicate, seconds=60.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_a_missing_table_is_built_in_a_process_then_loaded(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path / "cache"))
    forget_tables()
    service = TablesService("process")
    try:
        status = service.request("frogs-line-2")
        assert status.busy and service.table("frogs-line-2") is None   # it answered at once
        assert _wait(lambda: service.status("frogs-line-2").state == READY)
        assert service.builds_started == 1
        assert any((tmp_path / "cache").glob("distances-frogs-line-2-*.npt"))   # written by the builder
        table = service.table("frogs-line-2")
        puzzle = catalog.get("frogs-line-2")
        assert table.distance(puzzle.start) == 8                       # n^2 + 2n for n = 2
        assert service.max_distance("frogs-line-2") == 8
        assert service.reachable("frogs-line-2") is not None           # one-way: the start's reach is swept
        dead_ends = analyze(puzzle)[0].dead_ends                        # the counts leave dead ends out
        assert dead_ends > 0
        assert sum(service.counts("frogs-line-2")) == int(service.reachable("frogs-line-2").sum()) - dead_ends
    finally:
        service.shutdown()
        forget_tables()


def test_a_cached_table_loads_in_a_thread_and_fifteen_has_none():
    table_for(catalog.get("knights"))             # in the (private) cache now
    forget_tables()
    service = TablesService("thread")
    service.request("knights")
    assert _wait(lambda: service.status("knights").state == READY, 20)
    assert service.builds_started == 0
    assert service.max_distance("knights") == 22 and service.reachable("knights") is None
    assert service.request("fifteen").state == NONE and service.table("fifteen") is None


_gate = threading.Event()


def _fake_fifteen_build(replies):
    replies.put(("progress", 0.42, "tiles 1 5 6 9 10 13"))
    _gate.wait(10)
    replies.put(("done",))


def test_fifteen_tables_build_once_with_progress():
    _gate.clear()
    service = TablesService("thread", fifteen_builder=_fake_fifteen_build, fifteen_ready=lambda: False)
    service.request_fifteen()
    assert _wait(lambda: service.fifteen.fraction == pytest.approx(0.42), 5)
    assert service.fifteen.state == BUILDING and service.fifteen.busy
    assert service.request_fifteen() is service.fifteen                # a second request starts nothing
    _gate.set()
    assert _wait(lambda: service.fifteen.state == READY, 5)
    assert service.request_fifteen().state == READY


def test_analysis_waits_for_the_table_then_reports():
    service = TablesService("thread")
    service.request_analysis("frogs-a")
    assert _wait(lambda: service.analysis_status("frogs-a").state == READY, 20)
    result, seconds = service.analysis("frogs-a")
    assert result.max_distance == 23 and seconds >= 0                  # 23: the published optimum
    assert result.dead_ends == analyze(catalog.get("frogs-a"))[0].dead_ends > 0
