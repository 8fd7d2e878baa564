"""Complete distance tables for the game, loaded and built off the UI thread.

Every puzzle except the 15-puzzle has at most a few million positions, so its whole table
(one byte per position, see :mod:`solvers.tables`) makes every hint, every "moves to
solve" figure and every closer/farther mark a lookup. The UI thread must never wait for
one, so :class:`TablesService` hands out what is ready and works in the background:

* a table already in the cache is **loaded in a thread** (tens of milliseconds);
* a missing table is **built in a separate process** ('spawn': a sweep is numpy and Python
  and must not compete with the frame loop for the GIL); the builder writes the cache
  through ``table_for`` and reports progress; the game then loads the file;
* for one-way puzzles the positions reachable from the start are swept once (in the loading
  thread), so "deal at distance" picks only positions a player could reach;
* whole-space figures for the analysis screen come from ``game.solving.analyze`` in a
  thread, once the table is there (so that thread never builds);
* the 15-puzzle has no table; its pattern databases (first build about half a minute)
  are built once per run in a separate process, with progress, while hints fall back to
  the weaker heuristic in the search worker.

Status is plain attributes read by the UI every frame: ``status(name)`` gives the state,
a 0..1 fraction and one line of text. Modes: "process" (the game), "thread" (builds in a
thread: tests, machines without processes) and "sync" (everything inside the call, for
headless screenshots).
"""
from __future__ import annotations

import functools
import multiprocessing
import queue
import threading
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from game import catalog
from game.solving import TooLarge, analyze, cached_table, reachable_from_start, table_for
from solvers.sweep import UNREACHED, Analysis, distance_counts
from solvers.tables import DistanceTable

IDLE, LOADING, BUILDING, READY, FAILED, NONE = "idle", "loading", "building", "ready", "failed", "none"
FIFTEEN = "fifteen"


@dataclass
class Status:
    state: str = IDLE       # idle | loading | building | ready | failed | none (no table for this puzzle)
    fraction: float = 0.0   # 0..1 while building
    text: str = ""

    @property
    def busy(self) -> bool:
        return self.state in (LOADING, BUILDING)


@dataclass
class Entry:
    status: Status
    table: DistanceTable | None = None
    reachable: np.ndarray | None = None      # one-way puzzles: positions reachable from the start
    counts: list[int] | None = None          # reachable positions at distance 0, 1, 2...
    analysis: tuple[Analysis, float] | None = None
    analysis_status: Status | None = None


# -- what the build processes run (module level: 'spawn' sends them by name) ---------------------

def build_table_process(name: str, replies) -> None:
    """Build (and cache) one puzzle's table, reporting ("progress", fraction, text) then ("done",)."""
    def progress(fraction: float, text: str) -> None:
        replies.put(("progress", float(fraction), str(text)))
    try:
        table_for(catalog.get(name), progress)
        replies.put(("done",))
    except Exception as exc:  # noqa: BLE001 - one sentence back to the game, never a dead pipe
        replies.put(("error", f"{type(exc).__name__}: {exc}"))


def build_fifteen_process(replies) -> None:
    """Build (and cache) the 15-puzzle pattern databases, reporting progress."""
    from solvers.fifteen import ensure_tables

    def progress(fraction: float, text: str) -> None:
        replies.put(("progress", float(fraction), str(text)))
    try:
        ensure_tables(progress)
        replies.put(("done",))
    except Exception as exc:  # noqa: BLE001
        replies.put(("error", f"{type(exc).__name__}: {exc}"))


def fifteen_tables_ready() -> bool:
    from solvers.fifteen import tables_ready
    return tables_ready()


class TablesService:
    """Per-puzzle tables and analyses, prepared in the background. See the module docstring."""

    def __init__(self, mode: str = "process", *, table_builder: Callable = build_table_process,
                 fifteen_builder: Callable = build_fifteen_process,
                 fifteen_ready: Callable[[], bool] = fifteen_tables_ready) -> None:
        if mode not in ("process", "thread", "sync"):
            raise ValueError(f"unknown mode {mode!r}")
        self.mode = mode
        self._table_builder = table_builder
        self._fifteen_builder = fifteen_builder
        self._fifteen_ready = fifteen_ready
        self._ctx = multiprocessing.get_context("spawn")
        self._lock = threading.RLock()
        self._entries: dict[str, Entry] = {}
        self._processes: list = []
        self._fifteen = Status()
        self._closed = False
        self.builds_started = 0

    # -- tables ------------------------------------------------------------------------------

    def _entry(self, name: str) -> Entry:
        with self._lock:
            entry = self._entries.get(name)
            if entry is None:
                entry = self._entries[name] = Entry(Status())
            return entry

    def status(self, name: str) -> Status:
        return self._entry(name).status

    def table(self, name: str) -> DistanceTable | None:
        """The puzzle's table if ready (never waits); None while loading/building or if it has none."""
        entry = self._entries.get(name)
        return entry.table if entry is not None and entry.status.state == READY else None

    def reachable(self, name: str) -> np.ndarray | None:
        """One-way puzzles: the mask of positions reachable from the start (None: every table entry is)."""
        entry = self._entries.get(name)
        return entry.reachable if entry is not None and entry.status.state == READY else None

    def counts(self, name: str) -> list[int] | None:
        """Positions a player can reach at each distance 0..max, once the table is ready."""
        entry = self._entries.get(name)
        return entry.counts if entry is not None and entry.status.state == READY else None

    def max_distance(self, name: str) -> int | None:
        counts = self.counts(name)
        return None if counts is None else len(counts) - 1

    def request(self, name: str) -> Status:
        """Start getting the puzzle's table ready (no-op if under way, ready, or impossible)."""
        entry = self._entry(name)
        with self._lock:
            if entry.status.state not in (IDLE, FAILED) or self._closed:
                return entry.status
            puzzle = catalog.get(name)
            if puzzle.ranker is None:
                entry.status = Status(NONE, 0.0, f"{puzzle.title} has too many positions for a table.")
                return entry.status
            entry.status = Status(LOADING, 0.0, "loading the table…")
        self._run(lambda: self._prepare(name, entry))
        return entry.status

    def _run(self, job: Callable[[], None]) -> None:
        if self.mode == "sync":
            job()
        else:
            threading.Thread(target=job, name="fewest-moves-tables", daemon=True).start()

    def _prepare(self, name: str, entry: Entry) -> None:
        """Load from the cache, else build (in a process unless mode says otherwise), then finish."""
        puzzle = catalog.get(name)
        try:
            table = cached_table(puzzle)            # memory or cache only: never builds
            if table is None:
                entry.status = Status(BUILDING, 0.0, "building the table (first time only)…")
                if self.mode == "process":
                    self._build_in_process(entry, functools.partial(self._table_builder, name), done=LOADING)
                    if entry.status.state == FAILED:
                        return
                    table = table_for(puzzle)           # from the cache the builder just wrote
                else:
                    def progress(fraction: float, text: str) -> None:
                        entry.status = Status(BUILDING, fraction, text)
                    table = table_for(puzzle, progress)
            self._finish(puzzle, entry, table)
        except TooLarge as exc:
            entry.status = Status(NONE, 0.0, str(exc))
        except Exception as exc:  # noqa: BLE001 - the game goes on with searches instead
            entry.status = Status(FAILED, 0.0, f"The table could not be prepared ({type(exc).__name__}: {exc}).")

    def _finish(self, puzzle, entry: Entry, table: DistanceTable) -> None:
        reachable = reachable_from_start(puzzle, table)
        counts = distance_counts(table.table, reachable)[:UNREACHED]
        nonzero = np.flatnonzero(counts)
        top = int(nonzero[-1]) if len(nonzero) else 0
        entry.table, entry.reachable = table, reachable
        entry.counts = [int(c) for c in counts[:top + 1]]
        entry.status = Status(READY, 1.0, "")

    def _build_in_process(self, status_holder, target: Callable, done: str = READY) -> None:
        """Run ``target(replies)`` in a spawned process; mirror its progress into ``status_holder.status``."""
        replies = self._ctx.Queue()
        process = self._ctx.Process(target=_child, args=(target, replies), name="fewest-moves-build", daemon=True)
        try:
            process.start()
        except Exception:  # noqa: BLE001 - no processes here: build in this thread instead
            replies.close()
            _child(target, _ListQueue(status_holder, done))
            return
        self.builds_started += 1
        with self._lock:
            self._processes.append(process)
        try:
            while True:
                try:
                    message = replies.get(timeout=0.2)
                except queue.Empty:
                    if not process.is_alive():
                        try:   # the last message may still be in the pipe
                            message = replies.get(timeout=0.5)
                        except queue.Empty:
                            status_holder.status = Status(
                                FAILED, 0.0, f"The build stopped unexpectedly (exit code {process.exitcode}).")
                            return
                    else:
                        continue
                if _apply(status_holder, message, done):
                    return
        finally:
            process.join(timeout=2)
            with self._lock:
                if process in self._processes:
                    self._processes.remove(process)
            replies.close()

    # -- analysis --------------------------------------------------------------------------------

    def analysis(self, name: str) -> tuple[Analysis, float] | None:
        entry = self._entries.get(name)
        return entry.analysis if entry is not None else None

    def analysis_status(self, name: str) -> Status:
        """The analysis if asked for; while the table is not ready, the table's status."""
        entry = self._entry(name)
        if entry.analysis_status is None or entry.status.state != READY:
            return entry.status
        return entry.analysis_status

    def request_analysis(self, name: str) -> Status:
        """Start the whole-space analysis (after the table, which is requested too)."""
        entry = self._entry(name)
        self.request(name)
        with self._lock:
            if entry.analysis_status is not None and entry.analysis_status.state != FAILED:
                return self.analysis_status(name)
            entry.analysis_status = Status(LOADING, 0.0, "waiting for the table…")

        def work() -> None:
            while entry.status.busy and not self._closed:
                time.sleep(0.02)
            if entry.status.state != READY:
                entry.analysis_status = Status(entry.status.state if entry.status.state == NONE else FAILED,
                                               0.0, entry.status.text)
                return

            def progress(fraction: float, text: str) -> None:
                entry.analysis_status = Status(LOADING, fraction, text)
            entry.analysis_status = Status(LOADING, 0.0, "counting positions…")
            try:
                entry.analysis = analyze(catalog.get(name), progress)
                entry.analysis_status = Status(READY, 1.0, "")
            except Exception as exc:  # noqa: BLE001
                entry.analysis_status = Status(FAILED, 0.0, f"The analysis failed ({type(exc).__name__}: {exc}).")
        self._run(work)
        return self.analysis_status(name)

    # -- the 15-puzzle's pattern databases ------------------------------------------------------

    @property
    def fifteen(self) -> Status:
        return self._fifteen

    def request_fifteen(self) -> Status:
        """Build the 15-puzzle tables once per run if they are not on disk yet."""
        with self._lock:
            if self._fifteen.state not in (IDLE,) or self._closed:
                return self._fifteen
            if self._fifteen_ready():
                self._fifteen = Status(READY, 1.0, "")
                return self._fifteen
            if self.mode == "sync":   # headless screenshots: never half a minute inside one call
                return self._fifteen
            self._fifteen = Status(BUILDING, 0.0, "starting…")
        holder = _FifteenHolder(self)

        def work() -> None:
            try:
                if self.mode == "process":
                    self._build_in_process(holder, self._fifteen_builder)
                else:
                    _child(self._fifteen_builder, _ListQueue(holder))
            except Exception as exc:  # noqa: BLE001
                self._fifteen = Status(FAILED, 0.0, f"{type(exc).__name__}: {exc}")
        self._run(work)
        return self._fifteen

    # -- shutting down -------------------------------------------------------------------------

    def shutdown(self) -> None:
        """Stop running builds (a killed build leaves no file behind: the cache writes atomically)."""
        with self._lock:
            self._closed = True
            processes, self._processes = list(self._processes), []
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join(timeout=1)


class _FifteenHolder:
    """Lets the build helpers write ``.status`` into the service's 15-puzzle status."""

    def __init__(self, service: TablesService) -> None:
        self._service = service

    @property
    def status(self) -> Status:
        return self._service._fifteen

    @status.setter
    def status(self, value: Status) -> None:
        self._service._fifteen = value


class _ListQueue:
    """A stand-in for the reply queue when a build runs in this process: applies messages at once."""

    def __init__(self, holder, done: str = READY) -> None:
        self.holder = holder
        self.done = done

    def put(self, message) -> None:
        _apply(self.holder, message, self.done)


def _apply(holder, message, done: str = READY) -> bool:
    """Mirror one builder message into ``holder.status``; True when the build is over."""
    kind = message[0]
    if kind == "progress":
        _, fraction, text = message
        holder.status = Status(BUILDING, max(0.0, min(1.0, fraction)), text)
        return False
    if kind == "done":
        holder.status = Status(done, 1.0, "" if done == READY else "loading the table…")
        return True
    holder.status = Status(FAILED, 0.0, f"The build failed ({message[1]}).")
    return True


def _child(target: Callable, replies) -> None:
    import signal
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the game, which stops us
    except ValueError:  # not the main thread (thread mode)
        pass
    target(replies)
