"""Background searchers: same answers as solve(), cancellable, and nothing leaks over hours of use."""
from __future__ import annotations

import multiprocessing
import threading
import time

import pytest

from game import catalog
from game.puzzles.base import Move
from game.solving import solve
from game.worker import CANCELLED, Job, ProcessSearcher, SyncSearcher, ThreadSearcher, run_search

LONG = "slow"  # a stand-in search that runs until cancelled (real solvers may become fast: tables)


def slow_or_real(puzzle_name, position, fallbacks, cancelled, report):
    """The real search, except for LONG: checks cancel every few ms like the solvers, for at most 20 s.

    Module level, so ProcessSearcher can send it to its worker process by name.
    """
    if puzzle_name != LONG:
        return run_search(puzzle_name, position, fallbacks, cancelled, report)
    deadline = time.monotonic() + 20
    nodes = 0
    while time.monotonic() < deadline:
        nodes += 4096
        if cancelled():
            return ("cancelled",)
        report(f"searching… {nodes:,} nodes")
        time.sleep(0.002)
    return ("error", "the slow search was never cancelled.")


def wait(job: Job, timeout: float = 30.0) -> Job:
    deadline = time.monotonic() + timeout
    while not job.done:
        assert time.monotonic() < deadline, f"{job} did not finish"
        time.sleep(0.005)
    return job


def replay(puzzle, position, solution):
    state = position
    for move, expected in zip(solution.moves, solution.states[1:]):
        state = puzzle.play(state, move)
        assert state == expected
    assert puzzle.is_goal(state)


# -- the shared search routine -------------------------------------------------------------------

def test_run_search_outcomes():
    frogs = catalog.get("frogs-line-3")
    kind, data = run_search("frogs-line-3", frogs.start, (), lambda: False, lambda text: None)
    assert kind == "solved" and len(data[0]) == 15

    after1 = frogs.play(frogs.start, frogs.parse_move(frogs.start, "B c1-d1"))
    dead = frogs.play(after1, frogs.parse_move(after1, "B b1-c1"))
    deader = frogs.play(dead, frogs.parse_move(dead, "B a1-b1"))
    kind, message, index, found = run_search("frogs-line-3", deader, (dead, after1, frogs.start),
                                             lambda: False, lambda text: None)
    assert kind == "dead_end" and index == 1 and "dead end" in message
    assert len(found[0]) == len(solve(frogs, after1))

    assert run_search("frogs-line-3", deader, (dead,), lambda: False, print)[2:] == (None, None)
    assert run_search("no-such-puzzle", b"", (), lambda: False, print)[0] == "error"


def test_run_search_never_raises(monkeypatch):
    from game import worker
    from solvers.problem import Cancelled

    def cancelled(puzzle, state, cancel, progress=None):
        raise Cancelled

    def broken(puzzle, state, cancel, progress=None):
        raise RuntimeError("boom")

    eight = catalog.get("eight").start
    monkeypatch.setattr(worker, "solve", cancelled)
    assert run_search("eight", eight, (), lambda: True, print) == ("cancelled",)
    monkeypatch.setattr(worker, "solve", broken)
    assert run_search("eight", eight, (), lambda: False, print) == ("error", "the search failed (RuntimeError: boom).")


def test_job_cancel_is_immediate_and_final():
    job = Job("Hint", "eight", catalog.get("eight").start)
    assert not job.done and job.error is None and job.progress
    job.cancel()
    assert job.done and job.cancelled and job.error == CANCELLED
    assert not job.finish(("solved", None))  # a late answer is dropped
    assert job.result is None
    elapsed = job.elapsed
    time.sleep(0.01)
    assert job.elapsed == elapsed  # frozen once over


def test_sync_searcher_gives_optimal_solutions_with_rule_indices():
    searcher = SyncSearcher()
    knights = catalog.get("knights")
    job = searcher.submit("knights", knights.start, "Solve")
    assert job.done and job.error is None and searcher.submitted == 1
    assert len(job.result) == 16 == len(solve(knights, knights.start))
    for state, move in zip(job.result.states, job.result.moves):
        assert move in dict(knights.successors(state))
        assert move.rule >= 0
    replay(knights, knights.start, job.result)


# -- threads ----------------------------------------------------------------------------------------

def test_thread_searcher_solves_and_reports():
    searcher = ThreadSearcher(slow_or_real)
    try:
        goat = catalog.get("goat")
        job = wait(searcher.submit("goat", goat.start, "Hint"))
        assert job.label == "Hint" and job.error is None and not job.dead_end
        assert len(job.result) == 20
        replay(goat, goat.start, job.result)

        job = searcher.submit(LONG, b"", "Solve")
        deadline = time.monotonic() + 10
        while "nodes" not in job.progress:
            assert time.monotonic() < deadline and not job.done
            time.sleep(0.01)
        job.cancel()
        assert job.done and job.cancelled
        small = catalog.get("frogs-line-2")
        assert len(wait(searcher.submit("frogs-line-2", small.start, "Hint"), timeout=5).result) == 8
    finally:
        searcher.shutdown()


def test_thread_searcher_cancel_and_no_leaked_threads():
    searcher = ThreadSearcher(slow_or_real)
    before = threading.active_count()
    first = searcher.submit(LONG, b"", "Solve")
    running = threading.active_count()
    assert running == before + 1
    jobs = [first]
    for _ in range(50):
        job = searcher.submit(LONG, b"", "Solve")
        assert jobs[-1].done and jobs[-1].cancelled  # a new submit cancels the running job
        jobs.append(job)
        job.cancel()
    small = catalog.get("frogs-line-2")
    last = wait(searcher.submit("frogs-line-2", small.start, "Hint"), timeout=10)
    assert len(last.result) == 8
    assert threading.active_count() == running
    assert all(j.done and j.cancelled and j.result is None for j in jobs)
    searcher.shutdown()
    assert threading.active_count() == before


# -- the worker process --------------------------------------------------------------------------

def test_process_searcher_end_to_end_cancel_death_and_cleanup():
    searcher = ProcessSearcher(slow_or_real)
    threads_before = threading.active_count()
    children_before = len(multiprocessing.active_children())
    try:
        assert not searcher.alive  # started lazily
        goat = catalog.get("goat")
        job = wait(searcher.submit("goat", goat.start, "Solve"))
        assert job.error is None, job.error
        assert len(job.result) == 20 and all(isinstance(m, Move) and m.rule >= 0 for m in job.result.moves)
        assert [m.rule for m in job.result.moves] == [
            dict((m, m.rule) for m, _ in goat.successors(s))[m] for s, m in zip(job.result.states, job.result.moves)]
        replay(goat, goat.start, job.result)
        assert searcher.alive and searcher.processes_started == 1
        threads_running = threading.active_count()

        # 50 submit/cancel cycles: one process, no extra threads, and the next job still works
        jobs = [searcher.submit(LONG, b"", "Solve") for _ in range(50)]
        assert all(j.cancelled for j in jobs[:-1])
        jobs[-1].cancel()
        frogs = catalog.get("frogs-a")
        job = wait(searcher.submit("frogs-a", frogs.start, "Hint"))
        assert len(job.result) == 23
        assert searcher.processes_started == 1
        assert len(multiprocessing.active_children()) == children_before + 1
        assert threading.active_count() == threads_running

        # a dying process fails the job in one sentence; the next submit starts a fresh one
        job = searcher.submit(LONG, b"", "Solve")
        deadline = time.monotonic() + 10
        while "nodes" not in job.progress:  # progress arrives through the reply queue
            assert time.monotonic() < deadline and not job.done, job.progress
            time.sleep(0.01)
        searcher._process.kill()
        wait(job, timeout=10)
        assert job.error and "stopped unexpectedly" in job.error and not job.cancelled
        knights = catalog.get("knights")
        job = wait(searcher.submit("knights", knights.start, "Hint"))
        assert len(job.result) == 16 and searcher.processes_started == 2
    finally:
        searcher.shutdown()
    assert not searcher.alive
    assert len(multiprocessing.active_children()) == children_before
    deadline = time.monotonic() + 2
    while threading.active_count() > threads_before and time.monotonic() < deadline:
        time.sleep(0.02)  # the old process's reader thread notices its stop flag within 0.2 s
    assert threading.active_count() == threads_before
    searcher.shutdown()  # twice is harmless


def test_process_searcher_falls_back_to_a_thread_without_processes(monkeypatch):
    searcher = ProcessSearcher()

    def no_processes():
        raise OSError("no processes here")

    monkeypatch.setattr(searcher, "_start", no_processes)
    try:
        frogs = catalog.get("frogs-line-2")
        job = wait(searcher.submit("frogs-line-2", frogs.start, "Hint"), timeout=10)
        assert len(job.result) == 8 and not searcher.alive
    finally:
        searcher.shutdown()
