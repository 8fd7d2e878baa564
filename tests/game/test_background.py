"""The background service: same answers in every place, cancellable, and nothing leaks over hours of use."""
from __future__ import annotations

import multiprocessing
import threading
import time

import pytest

from game.catalog import registry as catalog
from game.oracles import tasks
from game.common.background import (Failed, Job, JobState, Lane, Service, Succeeded, Task, WasCancelled, Where, run_task)
from game.oracles.base import QUIET, Answer
from game.rules.puzzle import Move
from solvers.problem import Cancelled


def slow(report, seconds: float = 20.0) -> str:
    """Checks cancel every few ms like the solvers do, for at most ``seconds``. Module level, so a
    worker process can be sent it by name."""
    deadline = time.monotonic() + seconds
    nodes = 0
    while time.monotonic() < deadline:
        nodes += 4096
        if report.cancelled():
            raise Cancelled
        report.progress(None, f"searching… {nodes:,} nodes")
        time.sleep(0.002)
    raise ValueError("the slow task was never cancelled.")


def counting(report, steps: int) -> int:
    for i in range(steps):
        report.progress((i + 1) / steps, f"step {i + 1}")
    return steps


def broken(report) -> None:
    raise RuntimeError("boom")


def answer(name: str, state: bytes, earlier=()) -> Task[Answer]:
    """The task that solves ``state`` of the puzzle ``name``: the puzzle's own oracle goes with it."""
    return Task(tasks.answer, (catalog.get(name).oracle, state, tuple(earlier)), "Solve")


def wait(job: Job, timeout: float = 30.0) -> Job:
    deadline = time.monotonic() + timeout
    while not job.done:
        assert time.monotonic() < deadline, f"{job} did not finish"
        time.sleep(0.005)
    return job


def replay(puzzle, position, line):
    state = position
    for move, expected in zip(line.moves, line.states[1:]):
        state = puzzle.play(state, move)
        assert state == expected
    assert puzzle.is_goal(state)


# -- one routine everywhere ------------------------------------------------------------------------

def test_run_task_outcomes():
    frogs = catalog.puzzle("frogs-line-3")
    got = run_task(answer("frogs-line-3", frogs.start), QUIET)
    assert isinstance(got, Succeeded) and len(got.result.line) == 15

    after1 = frogs.play(frogs.start, frogs.parse_move(frogs.start, "B c1-d1"))
    dead = frogs.play(after1, frogs.parse_move(after1, "B b1-c1"))
    deader = frogs.play(dead, frogs.parse_move(dead, "B a1-b1"))
    found = run_task(answer("frogs-line-3", deader, (dead, after1, frogs.start)), QUIET).result
    assert found.dead_end and found.winnable_index == 1
    assert len(found.winnable_line) == len(catalog.get("frogs-line-3").oracle.solve(after1))
    nothing = run_task(answer("frogs-line-3", deader, (dead,)), QUIET).result
    assert nothing.dead_end and nothing.winnable_index is None and nothing.winnable_line is None

    assert run_task(Task(broken, (), "The search"), QUIET) == Failed("The search failed (RuntimeError: boom).")

    class Stop:
        def progress(self, fraction, text):
            pass

        def cancelled(self):
            return True

    assert run_task(Task(slow, (), "Slow"), Stop()) == WasCancelled()


def test_job_cancel_is_immediate_and_final():
    job = Job(Task(slow))
    assert not job.done and job.error is None and job.text
    job.cancel()
    assert job.done and job.cancelled and job.state is JobState.CANCELLED
    assert not job.finish(Succeeded(1))   # a late answer is dropped
    assert job.result is None
    elapsed = job.elapsed
    time.sleep(0.01)
    assert job.elapsed == elapsed   # frozen once over


def test_inline_runs_inside_submit_with_rule_indices():
    service = Service(Where.INLINE)
    knights = catalog.puzzle("knights")
    job = service.submit(answer("knights", knights.start))
    assert job.done and job.state is JobState.DONE and service.submitted == 1
    line = job.result.line
    assert len(line) == 16
    for state, move in zip(line.states, line.moves):
        assert move in dict(knights.successors(state)) and move.rule >= 0
    replay(knights, knights.start, line)
    progress = service.submit(Task(counting, (4,), "Count"), Lane.LIGHT)
    assert progress.result == 4 and progress.fraction == 1.0


# -- threads ------------------------------------------------------------------------------------------

def test_thread_service_solves_reports_and_cancels():
    service = Service(Where.THREAD)
    try:
        goat = catalog.puzzle("goat")
        job = wait(service.submit(answer("goat", goat.start)))
        assert job.error is None and len(job.result.line) == 20
        replay(goat, goat.start, job.result.line)

        job = service.submit(Task(slow, (), "Solve"))
        deadline = time.monotonic() + 10
        while "nodes" not in job.text:
            assert time.monotonic() < deadline and not job.done
            time.sleep(0.01)
        job.cancel()
        assert job.done and job.cancelled
        small = catalog.puzzle("frogs-line-2")
        assert len(wait(service.submit(answer("frogs-line-2", small.start)), timeout=5).result.line) == 8
    finally:
        service.shutdown()


def test_thread_searches_replace_each_other_and_leak_no_threads():
    service = Service(Where.THREAD)
    before = threading.active_count()
    jobs = [service.submit(Task(slow, (), "Solve"))]
    running = threading.active_count()
    assert running == before + 1
    for _ in range(50):
        job = service.submit(Task(slow, (), "Solve"))
        assert jobs[-1].done and jobs[-1].cancelled   # a new search cancels the running one
        jobs.append(job)
        job.cancel()
    small = catalog.puzzle("frogs-line-2")
    last = wait(service.submit(answer("frogs-line-2", small.start)), timeout=10)
    assert len(last.result.line) == 8
    assert threading.active_count() == running
    assert all(j.done and j.cancelled and j.result is None for j in jobs)
    light = [service.submit(Task(counting, (3,), "Count"), Lane.LIGHT) for _ in range(5)]
    assert [wait(j).result for j in light] == [3] * 5   # light tasks queue, none replaces another
    service.shutdown()
    deadline = time.monotonic() + 5
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.02)
    assert threading.active_count() == before


# -- worker processes -----------------------------------------------------------------------------------

def test_the_search_worker_end_to_end_cancel_death_and_cleanup():
    service = Service(Where.PROCESS)
    lane = service._lanes[Lane.SEARCH]
    threads_before = threading.active_count()
    children_before = len(multiprocessing.active_children())
    try:
        assert not lane.alive   # started lazily
        goat = catalog.puzzle("goat")
        job = wait(service.submit(answer("goat", goat.start)))
        assert job.error is None, job.error
        line = job.result.line
        assert len(line) == 20 and all(isinstance(m, Move) and m.rule >= 0 for m in line.moves)
        assert [m.rule for m in line.moves] == [
            dict((m, m.rule) for m, _ in goat.successors(s))[m] for s, m in zip(line.states, line.moves)]
        replay(goat, goat.start, line)
        assert lane.alive and service.processes_started == 1
        threads_running = threading.active_count()

        # 50 submit/cancel cycles: one process, no extra threads, and the next job still works
        jobs = [service.submit(Task(slow, (), "Solve")) for _ in range(50)]
        assert all(j.cancelled for j in jobs[:-1])
        jobs[-1].cancel()
        frogs = catalog.puzzle("frogs-a")
        job = wait(service.submit(answer("frogs-a", frogs.start)))
        assert len(job.result.line) == 23
        assert service.processes_started == 1
        assert len(multiprocessing.active_children()) == children_before + 1
        assert threading.active_count() == threads_running

        # a dying process fails the job in one sentence; the next submit starts a fresh one
        job = service.submit(Task(slow, (), "The search"))
        deadline = time.monotonic() + 10
        while "nodes" not in job.text:   # progress arrives through the reply queue
            assert time.monotonic() < deadline and not job.done, job.text
            time.sleep(0.01)
        lane._process.kill()
        wait(job, timeout=10)
        assert job.state is JobState.FAILED and "stopped unexpectedly" in job.error
        knights = catalog.puzzle("knights")
        job = wait(service.submit(answer("knights", knights.start)))
        assert len(job.result.line) == 16 and service.processes_started == 2
    finally:
        service.shutdown()
    assert not lane.alive
    assert len(multiprocessing.active_children()) == children_before
    deadline = time.monotonic() + 3
    while threading.active_count() > threads_before and time.monotonic() < deadline:
        time.sleep(0.02)   # the old reader notices its stop flag within one poll
    assert threading.active_count() == threads_before
    service.shutdown()   # twice is harmless


@pytest.mark.slow   # eight worker processes started
def test_a_lean_worker_ends_after_a_task_that_left_it_large_and_the_next_gets_a_fresh_one():
    """The demo's service: a worker past its memory ends after its task, and every later job still gets
    its answer, in a fresh worker (here every task leaves it "large": the limit is one byte), including
    one sent while the last was ending. Before, the worker kept whatever its tasks had loaded for good."""
    service = Service(Where.PROCESS, worker_memory=1)
    lane = service._lanes[Lane.SEARCH]
    children_before = len(multiprocessing.active_children())
    try:
        for n in range(1, 4):
            job = wait(service.submit(Task(counting, (n,), "Count")))
            assert job.result == n
        assert service.processes_started == 3 or (service.processes_started == 2 and lane.alive)
        deadline = time.monotonic() + 5
        while lane.alive and time.monotonic() < deadline:   # the third worker ends by itself too
            time.sleep(0.02)
        assert not lane.alive
        for n in range(5):   # sent at once after the answer: to a worker that is ending, or a fresh one
            assert wait(service.submit(Task(counting, (n + 1,), "Count"))).result == n + 1
    finally:
        service.shutdown()
    deadline = time.monotonic() + 5
    while len(multiprocessing.active_children()) > children_before and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(multiprocessing.active_children()) == children_before


def test_a_worker_keeps_the_oracles_of_the_last_two_puzzles_only(monkeypatch):
    """Every answer sent to a worker carries its oracle's recipe; the worker makes the oracle once
    (``made_from``) and keeps it for the next question, but only for the last MADE_KEPT puzzles: a worker
    answering for puzzle after puzzle (the demo's) let none go before, nor their tables."""
    from game.oracles import base
    monkeypatch.setattr(base, "_MADE", type(base._MADE)())
    names = ("frogs-line-3", "hanoi-3", "pairs", "reve-3", "frogs-line-4")
    for name in names:
        base.made_from(catalog.get(name).recipe)
    base.made_from(catalog.get("reve-3").recipe)   # asked again: kept, and now the latest
    assert list(base._MADE) == ["frogs-line-4", "reve-3"][:base.MADE_KEPT]


def _held_while_made(monkeypatch, base) -> list[int]:
    """How many oracles the worker holds as each new one is made, in order (filled as they are made)."""
    held: list[int] = []
    make = base.Recipe.make

    def counted(recipe):
        held.append(len(base._MADE))
        return make(recipe)

    monkeypatch.setattr(base.Recipe, "make", counted)
    return held


def test_a_worker_lets_the_oldest_oracle_go_before_it_makes_a_new_one(monkeypatch):
    """A new puzzle's table is loaded with at most MADE_KEPT - 1 others held: before, the two kept were still
    held while the third loaded (the demo's worker peaked a whole table higher, up to 310 MB)."""
    from game.oracles import base
    monkeypatch.setattr(base, "_MADE", type(base._MADE)())
    held_while_made = _held_while_made(monkeypatch, base)
    for name in ("frogs-line-3", "hanoi-3", "pairs", "reve-3"):
        base.made_from(catalog.get(name).recipe)
    assert held_while_made == [0, 1, 1, 1]
    assert len(base._MADE) == base.MADE_KEPT


def test_the_demos_worker_keeps_one_puzzles_oracle_and_loads_a_new_one_with_none_held(monkeypatch):
    """The demo never asks about a puzzle again within the hour: its worker keeps one oracle (its setup), so a
    new puzzle's table loads with no other table held (before: with one, or two before that)."""
    from game.oracles import base
    monkeypatch.setattr(base, "_MADE", type(base._MADE)())
    monkeypatch.setattr(base, "MADE_KEPT", base.MADE_KEPT)
    held_while_made = _held_while_made(monkeypatch, base)
    base.made_from(catalog.get("frogs-line-3").recipe)
    base.keep_made(1)
    for name in ("hanoi-3", "pairs", "reve-3"):
        base.made_from(catalog.get(name).recipe)
    assert held_while_made == [0, 0, 0, 0] and list(base._MADE) == ["reve-3"]


def test_the_demos_window_gives_its_worker_that_setup(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))
    from game.oracles import base
    from game.ui.app import App
    app = App(size=(640, 480), where=Where.PROCESS, demo=True, headless=True, persist_settings=False, sound=False,
              first_help=False)
    try:
        setup = app.service._lanes[Lane.SEARCH]._setup
        assert setup is not None and setup.func is base.keep_made and setup.args == (1,)
    finally:
        app.close()


def test_builds_run_in_fresh_processes_and_cancel_kills_them():
    service = Service(Where.PROCESS)
    try:
        job = wait(service.submit(Task(counting, (5,), "Count"), Lane.BUILD))
        assert job.result == 5 and service.processes_started == 1
        job = service.submit(Task(slow, (), "Build"), Lane.BUILD)
        deadline = time.monotonic() + 10
        while "nodes" not in job.text:
            assert time.monotonic() < deadline and not job.done, job.text
            time.sleep(0.01)
        job.cancel()
        assert job.cancelled and service.processes_started == 2
        assert wait(service.submit(Task(counting, (2,), "Count"), Lane.BUILD)).result == 2
        assert service.processes_started == 3
        with pytest.raises(ValueError):
            service.submit(Task(lambda report: 1), Lane.SEARCH)   # a closure cannot travel to a process
    finally:
        service.shutdown()


def test_a_search_falls_back_to_a_thread_without_processes(monkeypatch):
    service = Service(Where.PROCESS)

    def no_processes(self):
        raise OSError("no processes here")

    monkeypatch.setattr(type(service._lanes[Lane.SEARCH]), "_start", no_processes)
    try:
        frogs = catalog.puzzle("frogs-line-2")
        job = wait(service.submit(answer("frogs-line-2", frogs.start)), timeout=10)
        assert len(job.result.line) == 8 and service.processes_started == 0
    finally:
        service.shutdown()


def test_a_closed_service_refuses_politely():
    service = Service(Where.THREAD)
    service.shutdown()
    job = service.submit(Task(counting, (1,)))
    assert job.state is JobState.FAILED and job.error.endswith(".")
