"""Background searches: the UI thread never runs a search, it only looks at a :class:`Job`.

A :class:`Searcher` takes (puzzle name, position, label) and hands back a Job at once; the
Job fills in its progress text and, later, its result or a one-sentence error. The UI polls
it every frame (``job.done``) and may cancel it. Three searchers share one search routine
(:func:`run_search`) and one wire format, so the cheap ones test the same code path as the
real one:

* :class:`ProcessSearcher` (the game's): one persistent worker process. Solvers are pure
  Python; in a thread a long search would hold the GIL and make the UI stutter, a separate
  process cannot. Started lazily, replaced if it dies, stopped at exit.
* :class:`ThreadSearcher`: one persistent daemon thread; a fallback where processes are
  unavailable, and a quick check of the threading logic in tests.
* :class:`SyncSearcher`: computes inside ``submit`` so session tests are deterministic.

One job at a time everywhere: a new submit cancels the running job. The game only ever
wants the answer for the position on screen, and a hint-then-solve double press must not
run two searches side by side.

Dead ends: a search may carry ``fallbacks`` (earlier positions, newest first). If the
position has no solution, the same job then looks for the first fallback that still has
one, so the UI can offer "undo to the last winnable position" without a second round trip.
"""
from __future__ import annotations

import atexit
import multiprocessing
import queue
import signal
import threading
import time
from typing import Callable, Protocol, Sequence

from game.puzzles.base import Move
from game.solving import NoSolution, Solution, solve, uses_fifteen_solver
from solvers.problem import Cancelled
from solvers.search import CHECK_EVERY

PROGRESS_EVERY = 0.1  # seconds between two progress messages; keeps the reply queue short

CANCELLED = "The search was cancelled."

# -- the wire format: plain tuples of ints/bytes/str, cheap to pickle -----------------------

Outcome = tuple  # ("solved", sol) | ("dead_end", message, index | None, sol | None) | ("cancelled",) | ("error", message)

# search(puzzle_name, position, fallbacks, cancelled, report) -> Outcome. Searchers take one so tests can
# run a search of known length; for ProcessSearcher it must be a module-level function (sent by name).
SearchFn = Callable[[str, bytes, Sequence[bytes], Callable[[], bool], Callable[[str], None]], Outcome]


def encode_solution(solution: Solution) -> tuple:
    """A Solution as plain data: moves as (src, dst, rule) triples, so the rule index survives."""
    moves = tuple((m.src, m.dst, m.rule) for m in solution.moves)
    return moves, tuple(solution.states), solution.nodes, solution.seconds, solution.algorithm


def decode_solution(data: tuple) -> Solution:
    moves, states, nodes, seconds, algorithm = data
    return Solution([Move(s, d, r) for s, d, r in moves], list(states), nodes, seconds, algorithm)


class _Ticker:
    """The cancel callback handed to the solver; it doubles as the node counter for progress.

    The generic searches call it once every CHECK_EVERY expansions, so calls x CHECK_EVERY is
    the node count to within one batch. The 15-puzzle's solver checks by time instead and
    reports its own count, so for it the ticker stays silent (``report`` None).
    """

    def __init__(self, cancelled: Callable[[], bool], report: Callable[[str], None] | None,
                 what: str = "searching") -> None:
        self.cancelled = cancelled
        self.report = report
        self.what = what
        self.calls = 0
        self.last = time.monotonic()

    def __call__(self) -> bool:
        self.calls += 1
        now = time.monotonic()
        if self.report is not None and now - self.last >= PROGRESS_EVERY:
            self.last = now
            self.report(f"{self.what}… {self.calls * CHECK_EVERY:,} nodes")
        return self.cancelled()


def run_search(puzzle_name: str, position: bytes, fallbacks: Sequence[bytes],
               cancelled: Callable[[], bool], report: Callable[[str], None]) -> Outcome:
    """Solve ``position``; on a dead end, find the first of ``fallbacks`` that can still win.

    Never raises: every failure becomes an outcome the UI can show as one sentence.
    """
    from game import catalog  # here, so a fresh worker process pays the import once, on first use

    try:
        puzzle = catalog.get(puzzle_name)
        try:
            own_count = uses_fifteen_solver(puzzle)
            ticker = _Ticker(cancelled, None if own_count else report)
            solution = solve(puzzle, position, ticker, report if own_count else None)
            return ("solved", encode_solution(solution))
        except NoSolution as dead:
            message = str(dead)
        for index, earlier in enumerate(fallbacks):
            report(f"dead end; checking earlier positions ({index + 1} of {len(fallbacks)})…")
            try:
                found = solve(puzzle, earlier, _Ticker(cancelled, report, "checking earlier positions"))
            except NoSolution:
                continue
            return ("dead_end", message, index, encode_solution(found))
        return ("dead_end", message, None, None)
    except Cancelled:
        return ("cancelled",)
    except (KeyError, ValueError) as exc:  # UnknownPuzzle, PositionError and kin: written for people
        return ("error", str(exc))
    except Exception as exc:  # a bug must not kill the worker; say what happened in one sentence
        return ("error", f"the search failed ({type(exc).__name__}: {exc}).")


# -- the job the UI looks at ------------------------------------------------------------------


class Job:
    """One search as the UI sees it. Written by the worker side, read by the UI thread.

    Fields are plain attributes; the worker sets result/error before ``done``, so a reader
    that sees ``done`` also sees the answer. ``cancel()`` ends the job at once for the UI
    (``done`` and ``cancelled`` become true immediately); the worker stops within one batch
    of nodes and its late answer is dropped.
    """

    def __init__(self, label: str, puzzle_name: str, position: bytes, fallbacks: Sequence[bytes] = ()) -> None:
        self.label = label
        self.puzzle_name = puzzle_name
        self.position = position
        self.fallbacks = tuple(fallbacks)
        self.started = time.monotonic()
        self.finished: float | None = None
        self.progress = "waiting…"
        self.done = False
        self.result: Solution | None = None
        self.error: str | None = None
        self.dead_end = False
        self.winnable_index: int | None = None       # dead end: first fallback that can still win
        self.winnable_result: Solution | None = None  # ...and its optimal solution
        self.cancelled = False
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._on_cancel: Callable[[], None] | None = None

    @property
    def elapsed(self) -> float:
        """Seconds since submit (frozen when done): for the progress panel only, never game logic."""
        return (self.finished if self.finished is not None else time.monotonic()) - self.started

    def cancel(self) -> None:
        with self._lock:
            if self.done:
                return
            self.cancelled = True
            self.error = CANCELLED
            self.finished = time.monotonic()
            self.done = True
        self._cancel.set()
        if self._on_cancel is not None:
            self._on_cancel()

    def is_cancelled(self) -> bool:
        return self._cancel.is_set()

    def report(self, text: str) -> None:
        if not self.done:
            self.progress = text

    def finish(self, outcome: Outcome) -> bool:
        """Record the worker's outcome; False if the job was already over (cancelled)."""
        with self._lock:
            if self.done:
                return False
            kind = outcome[0]
            if kind == "solved":
                self.result = decode_solution(outcome[1])
                self.progress = f"done: {len(self.result)} moves, {self.result.nodes:,} nodes"
            elif kind == "dead_end":
                _, message, index, found = outcome
                self.dead_end = True
                self.error = message
                self.winnable_index = index
                self.winnable_result = decode_solution(found) if found is not None else None
                self.progress = "dead end"
            elif kind == "cancelled":
                self.cancelled = True
                self.error = CANCELLED
            else:
                self.error = outcome[1]
                self.progress = "failed"
            self.finished = time.monotonic()
            self.done = True
            return True

    def __repr__(self) -> str:
        state = "done" if self.done else "running"
        return f"<Job {self.label} {self.puzzle_name} {state} {self.progress!r}>"


class Searcher(Protocol):
    def submit(self, puzzle_name: str, position: bytes, label: str, *, fallbacks: Sequence[bytes] = ()) -> Job:
        """Start a search (cancelling any running one) and return its Job at once."""
        ...

    def shutdown(self) -> None: ...


# -- in-process searchers ---------------------------------------------------------------------


class SyncSearcher:
    """Runs the search inside submit(): the returned Job is already done. For tests and tools."""

    def __init__(self, search: SearchFn | None = None) -> None:
        self.submitted = 0
        self._search = search or run_search

    def submit(self, puzzle_name: str, position: bytes, label: str, *, fallbacks: Sequence[bytes] = ()) -> Job:
        self.submitted += 1
        job = Job(label, puzzle_name, position, fallbacks)
        job.finish(self._search(puzzle_name, position, job.fallbacks, job.is_cancelled, job.report))
        return job

    def shutdown(self) -> None:
        pass


class ThreadSearcher:
    """One persistent daemon thread that runs jobs in turn (a submit cancels the previous job).

    One long-lived thread rather than one per job: a cancelled search may need a moment to
    notice, and per-job threads would then pile up and compete for the GIL.
    """

    def __init__(self, search: SearchFn | None = None) -> None:
        self.submitted = 0
        self._search = search or run_search
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._current: Job | None = None

    def submit(self, puzzle_name: str, position: bytes, label: str, *, fallbacks: Sequence[bytes] = ()) -> Job:
        job = Job(label, puzzle_name, position, fallbacks)
        with self._lock:
            self.submitted += 1
            if self._current is not None:
                self._current.cancel()
            self._current = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="fewest-moves-search", daemon=True)
                self._thread.start()
        self._queue.put(job)
        return job

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if job.done:  # cancelled while waiting
                continue
            job.report("searching…")
            job.finish(self._search(job.puzzle_name, job.position, job.fallbacks, job.is_cancelled, job.report))

    def shutdown(self) -> None:
        with self._lock:
            thread, self._thread = self._thread, None
            if self._current is not None:
                self._current.cancel()
                self._current = None
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=5)


# -- the worker process ---------------------------------------------------------------------------


def _serve(requests, replies, cancel_upto, search: SearchFn) -> None:
    """The worker process: take (job id, puzzle, position, fallbacks), answer with the outcome.

    Cancellation is a shared counter "every job up to this id is cancelled" rather than a
    single Event: a cancel-then-submit could otherwise clear the flag before the worker has
    seen it, or leave it set for the next job. Ids only grow, so the counter has no race.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C in the terminal is for the game, which shuts us down
    parent = multiprocessing.parent_process()
    while True:
        try:
            request = requests.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # the game was killed: do not linger
            continue
        if request is None:
            replies.put(None)
            return
        job_id, puzzle_name, position, fallbacks = request

        def cancelled(job_id: int = job_id) -> bool:
            return cancel_upto.value >= job_id

        if cancelled():
            replies.put(("done", job_id, ("cancelled",)))
            continue
        replies.put(("progress", job_id, "searching…"))

        def report(text: str, job_id: int = job_id) -> None:
            replies.put(("progress", job_id, text))

        replies.put(("done", job_id, search(puzzle_name, position, fallbacks, cancelled, report)))


class ProcessSearcher:
    """Searches in one persistent worker process ('spawn', daemon), started on the first submit.

    A reader thread in the game process turns replies into Job updates, so the UI only reads
    attributes. If the process dies the running job fails with a sentence and the next submit
    starts a fresh process; if no process can be started at all, searches run in a thread
    instead. ``shutdown()`` (also run at exit) stops it cleanly.
    """

    def __init__(self, search: SearchFn | None = None) -> None:
        self.submitted = 0
        self.processes_started = 0
        self._search = search or run_search
        self._ctx = multiprocessing.get_context("spawn")
        self._lock = threading.RLock()
        self._next_id = 0
        self._current: tuple[int, Job] | None = None
        self._process = None
        self._requests = None
        self._replies = None
        self._cancel_upto = None
        self._reader: threading.Thread | None = None
        self._stop_reader: threading.Event | None = None
        self._fallback: ThreadSearcher | None = None  # used if a worker process cannot be started at all

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def submit(self, puzzle_name: str, position: bytes, label: str, *, fallbacks: Sequence[bytes] = ()) -> Job:
        if self._fallback is not None:
            return self._fallback.submit(puzzle_name, position, label, fallbacks=fallbacks)
        job = Job(label, puzzle_name, position, fallbacks)
        with self._lock:
            self.submitted += 1
            if self._current is not None:
                self._current[1].cancel()
            if not self.alive:
                try:
                    self._start()
                except Exception:  # no processes here (sandbox, frozen app...): the game must still answer
                    self._discard()
                    self._fallback = ThreadSearcher(self._search)
                    return self._fallback.submit(puzzle_name, position, label, fallbacks=fallbacks)
            self._next_id += 1
            job_id = self._next_id
            job._on_cancel = lambda: self._cancel_through(job_id)
            self._current = (job_id, job)
            self._requests.put((job_id, puzzle_name, position, job.fallbacks))
        return job

    def _cancel_through(self, job_id: int) -> None:
        with self._lock:  # the only writer is this process; the worker just reads
            upto = self._cancel_upto
            if upto is not None and upto.value < job_id:
                upto.value = job_id

    def _start(self) -> None:
        self._discard()  # the remains of a dead process, if any
        ctx = self._ctx
        self._requests, self._replies = ctx.Queue(), ctx.Queue()
        # no lock: a worker killed while holding a shared lock would block the game forever
        self._cancel_upto = ctx.Value("q", self._next_id, lock=False)
        self._process = ctx.Process(target=_serve, args=(self._requests, self._replies, self._cancel_upto, self._search),
                                    name="fewest-moves-search", daemon=True)
        self._process.start()
        self.processes_started += 1
        self._stop_reader = threading.Event()
        self._reader = threading.Thread(target=self._read, args=(self._process, self._replies, self._stop_reader),
                                        name="fewest-moves-replies", daemon=True)
        self._reader.start()
        atexit.unregister(self.shutdown)  # at most one registration however often the process is replaced
        atexit.register(self.shutdown)

    def _read(self, process, replies, stop: threading.Event) -> None:
        """The reader thread of one worker process; it owns (and finally closes) the reply queue."""
        try:
            while not stop.is_set():
                try:
                    message = replies.get(timeout=0.2)
                except queue.Empty:
                    if not process.is_alive():
                        self._died(process)
                        return
                    continue
                except (EOFError, OSError, ValueError):
                    self._died(process)
                    return
                if message is None:
                    return  # the worker said goodbye
                kind, job_id, payload = message
                with self._lock:
                    current = self._current
                    job = current[1] if current is not None and current[0] == job_id else None
                    if job is not None and kind == "done":
                        self._current = None
                if job is None:
                    continue  # a late reply for a cancelled job
                if kind == "progress":
                    job.report(payload)
                else:
                    job.finish(payload)
        finally:
            replies.close()

    def _died(self, process) -> None:
        with self._lock:
            if process is not self._process:
                return  # shut down on purpose
            code = process.exitcode
            if self._current is not None:
                self._current[1].finish(
                    ("error", f"The search process stopped unexpectedly (exit code {code}); try again."))
                self._current = None

    def _discard(self) -> threading.Thread | None:
        """Forget the current process and its request queue without blocking; returns its reader to join."""
        process, self._process = self._process, None
        if process is not None:
            process.join(timeout=0.1)  # reap it if it is already gone
        if self._requests is not None:
            self._requests.cancel_join_thread()  # the pipe's reader may be dead: never block flushing it
            self._requests.close()
        self._requests = self._replies = None
        if self._stop_reader is not None:
            self._stop_reader.set()
        reader, self._reader = self._reader, None
        return reader

    def shutdown(self) -> None:
        """Cancel the running job, ask the worker to stop, and wait (briefly) until it has."""
        if self._fallback is not None:
            self._fallback.shutdown()
        with self._lock:
            atexit.unregister(self.shutdown)
            if self._current is not None:
                self._current[1].cancel()
                self._current = None
            process, requests = self._process, self._requests
            if process is None:
                return
            self._cancel_through(2**62)
            try:
                requests.put(None)
            except (OSError, ValueError):
                pass
        process.join(timeout=3)
        if process.is_alive():
            process.terminate()
            process.join(timeout=1)
        if process.is_alive():
            process.kill()
            process.join(timeout=1)
        with self._lock:
            reader = self._discard() if self._process is process else None
        if reader is not None and reader is not threading.current_thread():
            reader.join(timeout=2)
