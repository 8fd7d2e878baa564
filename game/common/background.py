"""One background service for every long task: searches, table loads and builds, analyses.

The UI thread never runs a search and never reads a file: it submits a :class:`Task` and
looks at the :class:`Job` it gets back (state, progress, typed result), which it may cancel.
Tasks run where the service was told (:class:`Where`): in worker processes (the game: a long
pure-Python search in a thread would hold the GIL and make the window stutter), in threads
(tests, machines without processes) or inline inside ``submit`` (deterministic tests,
headless screenshots). Every place runs the same :func:`run_task`, so the cheap modes test
the code path of the real one.

Lanes keep work apart:

* ``SEARCH``: one search at a time in a persistent worker; a new submit cancels the running
  one (the game only ever wants the answer for the position on screen). A service given a
  ``worker_memory`` (the unattended demo's) ends that worker after a task that left it larger, and the
  next submit starts a fresh one: whatever a puzzle's tables or a compiler took goes back to the system;
* ``BUILD``: long table builds, in turn, each in a fresh process whose memory goes back to
  the system when it ends;
* ``LIGHT``: loading cached tables and counting, in turn, in a thread of this process.

Cancelling is immediate for the UI (the job is over at once; a late answer is dropped); the
worker notices within one batch of nodes. If a worker process dies its job fails with one
sentence and the next submit starts a fresh one; if no process can be started at all the
lane runs in a thread instead.
"""
from __future__ import annotations

import functools
import multiprocessing
import os
import queue
import signal
import threading
import time
import weakref
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Generic, TypeVar

from solvers.problem import Cancelled

from game.common.i18n import N_, _
from game.common.memory import give_back, resident_bytes
from game.common.phrase import Phrase, translated

T = TypeVar("T")
PROGRESS_EVERY = 0.1   # seconds between two progress messages from a process: keeps the pipe short
POLL = 0.2             # seconds a waiting reader sleeps before it checks that its process lives
ORPHAN_CHECK = 0.25    # seconds between a worker's looks at whether the game that started it still lives


class Where(Enum):
    PROCESS = "process"
    THREAD = "thread"
    INLINE = "inline"


class Lane(Enum):
    SEARCH = "search"
    BUILD = "build"
    LIGHT = "light"


class JobState(Enum):
    WAITING = "waiting"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


FINISHED = frozenset({JobState.DONE, JobState.FAILED, JobState.CANCELLED})


@dataclass(frozen=True)
class Task(Generic[T]):
    """``run(report, *args)``; a module-level function when it may run in another process. Its label
    is a marked message ("The search"): the sentences about the task translate it."""

    run: Callable[..., T]
    args: tuple[Any, ...] = ()
    label: str = N_("The task")


@dataclass(frozen=True)
class Succeeded(Generic[T]):
    result: T


@dataclass(frozen=True)
class Failed:
    message: str   # for people: English, composed again in the window's language when the job takes it (a Phrase)


@dataclass(frozen=True)
class WasCancelled:
    pass


Outcome = Succeeded[Any] | Failed | WasCancelled


def run_task(task: Task[T], report: Any) -> Outcome:
    """Run a task to an outcome; never raises, so a bug never kills a worker."""
    try:
        return Succeeded(task.run(report, *task.args))
    except Cancelled:
        return WasCancelled()
    except (ValueError, KeyError) as exc:   # PositionError and kin: their messages are written for people
        said = exc.args[0] if exc.args else None
        if isinstance(said, Phrase):          # a sentence the window composes again in its language
            return Failed(said)
        text = str(exc).strip().strip("'\"") or type(exc).__name__
        return Failed(text[:1].upper() + text[1:])
    except MemoryError:
        return Failed(Phrase(N_("{task} ran out of memory."), task=Phrase(task.label)))
    except Exception as exc:  # noqa: BLE001 - one sentence back, never a dead worker
        # Translators: {task} is what failed ("The search"); {error} and {detail} are the program's own words
        return Failed(Phrase(N_("{task} failed ({error}: {detail})."), task=Phrase(task.label),
                             error=type(exc).__name__, detail=str(exc)))


class Job(Generic[T]):
    """One task as the UI sees it: written by a runner, read by the UI thread.

    The runner sets the result before the state says it is over, so a reader that sees
    ``done`` also sees the answer.
    """

    def __init__(self, task: Task[T]) -> None:
        self.task = task
        self.state = JobState.WAITING
        self.fraction: float | None = None
        self.text = N_("waiting…")   # what the task says it is doing: English, shown through translated()
        self.result: T | None = None
        self.error: str | None = None
        self.started = time.monotonic()
        self.finished: float | None = None
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._on_cancel: Callable[[], None] | None = None

    @property
    def label(self) -> str:
        return self.task.label

    @property
    def done(self) -> bool:
        return self.state in FINISHED

    @property
    def cancelled(self) -> bool:
        return self.state is JobState.CANCELLED

    @property
    def elapsed(self) -> float:
        """Seconds since submit, frozen when over: for the progress display, never game logic."""
        return (self.finished if self.finished is not None else time.monotonic()) - self.started

    def cancel(self) -> None:
        with self._lock:
            if self.done:
                return
            self.state, self.error, self.finished = JobState.CANCELLED, _("Cancelled."), time.monotonic()
        self._cancel.set()
        if self._on_cancel is not None:
            self._on_cancel()

    def is_cancelled(self) -> bool:
        """For the runner: has anyone asked this job to stop?"""
        return self._cancel.is_set()

    def progress(self, fraction: float | None, text: str) -> None:
        if not self.done:
            self.state = JobState.RUNNING
            self.fraction = None if fraction is None else max(0.0, min(1.0, float(fraction)))
            self.text = text

    def finish(self, outcome: Outcome) -> bool:
        """Record the outcome; False if the job was already over (cancelled)."""
        with self._lock:
            if self.done:
                return False
            if isinstance(outcome, Succeeded):
                self.result, self.fraction, state = outcome.result, 1.0, JobState.DONE
            elif isinstance(outcome, Failed):
                self.error, state = translated(outcome.message), JobState.FAILED
            else:
                self.error, state = _("Cancelled."), JobState.CANCELLED
            self.finished = time.monotonic()
            self.state = state
            return True

    def __repr__(self) -> str:
        return f"<Job {self.label} {self.state.value} {self.text!r}>"


class _JobReport:
    """The Report a task sees when it runs in this process."""

    def __init__(self, job: Job[Any]) -> None:
        self.job = job

    def progress(self, fraction: float | None, text: str) -> None:
        self.job.progress(fraction, text)

    def cancelled(self) -> bool:
        return self.job.is_cancelled()


def _run_here(job: Job[Any]) -> None:
    if job.done:
        return
    job.progress(None, N_("working…"))
    job.finish(run_task(job.task, _JobReport(job)))


# -- threads ----------------------------------------------------------------------------------------


class _ThreadLane:
    """Runs jobs in turn on one long-lived daemon thread (per-job threads would pile up behind
    cancelled searches that have not noticed yet, all competing for the GIL)."""

    def __init__(self, name: str, replace: bool, run: Callable[[Job[Any]], None] = _run_here) -> None:
        self.name = name
        self.replace = replace
        self._run = run
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[Job[Any] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._jobs: list[Job[Any]] = []

    def submit(self, job: Job[Any]) -> None:
        with self._lock:
            if self.replace:
                for old in self._jobs:
                    old.cancel()
            self._jobs = [j for j in self._jobs if not j.done] + [job]
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=f"fewest-moves-{self.name}", daemon=True)
                self._thread.start()
        self._queue.put(job)

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if not job.done:
                self._run(job)

    def shutdown(self) -> None:
        with self._lock:
            thread, self._thread = self._thread, None
            jobs, self._jobs = self._jobs, []
        for job in jobs:
            job.cancel()
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=5)


# -- processes ----------------------------------------------------------------------------------------


class _PipeReport:
    """The Report a task sees in a worker process: progress goes back through the reply queue."""

    def __init__(self, replies: Any, job_id: int, cancelled: Callable[[], bool]) -> None:
        self.replies = replies
        self.job_id = job_id
        self._cancelled = cancelled
        self._last = float("-inf")

    def progress(self, fraction: float | None, text: str) -> None:
        now = time.monotonic()
        if now - self._last >= PROGRESS_EVERY:
            self._last = now
            self.replies.put(("progress", self.job_id, fraction, text))

    def cancelled(self) -> bool:
        return self._cancelled()


def _become_worker() -> None:
    """What every worker process does first: leave Ctrl+C to the game, and end with it.

    A game killed outright (SIGKILL, a crash) runs no shutdown, and a worker busy with a long
    task never asks for its next request; nor could a finished one leave, blocked on writing to a
    pipe nobody reads. So a watchdog thread looks at the parent process id a few times a second and
    ends this process at once when the game is gone (the process is adopted: its parent changes).
    The multiprocessing resource tracker ends by itself once no process holds its pipe.
    """
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl+C in the terminal is for the game, which stops us
    except ValueError:   # not the main thread
        pass
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK)
        os._exit(1)   # nothing of ours is left to save: a half-written table is never renamed into place

    threading.Thread(target=watch, name="fewest-moves-watchdog", daemon=True).start()


def _serve(requests: Any, replies: Any, cancel_upto: Any, memory: int | None = None,
           setup: Callable[[], None] | None = None) -> None:
    """The persistent worker: take (job id, task), answer with its outcome; with a ``memory`` limit, end
    (saying so with None) after a task that left this process larger than that. ``setup`` runs first (a
    module-level function: the demo's worker keeps one puzzle's oracle, not two).

    Cancelling is a shared counter "every job up to this id is cancelled" rather than one
    Event: a cancel-then-submit could otherwise clear the flag before the worker saw it, or
    leave it set for the next job. Ids only grow, so the counter has no race.
    """
    _become_worker()
    if setup is not None:
        setup()
    parent = multiprocessing.parent_process()
    while True:
        try:
            request = requests.get(timeout=1.0)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return   # the game was killed: do not linger
            continue
        if request is None:
            replies.put(None)
            return
        job_id, task = request

        def cancelled(job_id: int = job_id) -> bool:
            return bool(cancel_upto.value >= job_id)

        if cancelled():
            replies.put(("done", job_id, WasCancelled()))
            continue
        replies.put(("progress", job_id, None, N_("working…")))
        replies.put(("done", job_id, run_task(task, _PipeReport(replies, job_id, cancelled))))
        del request, task   # its arguments (an oracle, its tables) are not kept while the worker waits
        give_back()
        if memory is not None and (resident_bytes() or 0) > memory:
            replies.put(None)
            return


def _one_shot(task: Task[Any], replies: Any) -> None:
    """A fresh process for one long task (a table build)."""
    _become_worker()
    replies.put(("done", 0, run_task(task, _PipeReport(replies, 0, lambda: False))))


def _check_sendable(task: Task[Any]) -> None:
    if "<" in getattr(task.run, "__qualname__", "<"):
        raise ValueError(f"{task.label}: a task for another process must be a module-level function.")


def _run_in_fresh_process(ctx: Any, counter: Callable[[], None], job: Job[Any]) -> None:
    """Run one job in a new process and mirror its messages into the job; cancel terminates it."""
    if job.done:
        return
    replies = ctx.Queue()
    process = ctx.Process(target=_one_shot, args=(job.task, replies), name="fewest-moves-build", daemon=True)
    try:
        process.start()
    except Exception:  # noqa: BLE001 - no processes here: run in this thread instead
        replies.close()
        _run_here(job)
        return
    counter()
    job._on_cancel = process.terminate
    job.progress(None, N_("working…"))
    try:
        while not job.done:
            try:
                message = replies.get(timeout=POLL)
            except queue.Empty:
                if process.is_alive():
                    continue
                try:   # the last message may still be in the pipe
                    message = replies.get(timeout=0.5)
                except queue.Empty:
                    job.finish(Failed(Phrase(N_("{task} stopped unexpectedly (exit code {code})."),
                                             task=Phrase(job.label), code=str(process.exitcode))))
                    break
            if message[0] == "progress":
                job.progress(message[2], message[3])
            else:
                job.finish(message[2])
    finally:
        process.join(timeout=2)
        if process.is_alive():
            process.terminate()
            process.join(timeout=2)
        replies.close()


class _WorkerLane:
    """One persistent worker process ('spawn', daemon), started on the first submit.

    A reader thread turns replies into job updates, so the UI only reads attributes.
    """

    def __init__(self, ctx: Any, counter: Callable[[], None], memory: int | None = None,
                 setup: Callable[[], None] | None = None) -> None:
        self._ctx = ctx
        self._counter = counter
        self._memory = memory   # bytes past which the worker ends after a task (None: it lives on)
        self._setup = setup     # what each worker runs first (see _serve)
        self._lock = threading.RLock()
        self._next_id = 0
        self._current: tuple[int, Job[Any]] | None = None
        self._process: Any = None
        self._requests: Any = None
        self._replies: Any = None
        self._cancel_upto: Any = None
        self._reader: threading.Thread | None = None
        self._stop_reader: threading.Event | None = None
        self._fallback: _ThreadLane | None = None

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def submit(self, job: Job[Any]) -> None:
        _check_sendable(job.task)
        if self._fallback is not None:
            self._fallback.submit(job)
            return
        with self._lock:
            if self._current is not None:
                self._current[1].cancel()
            if not self.alive:
                try:
                    self._start()
                except Exception:  # noqa: BLE001 - no processes here: a thread will do
                    self._fallback = _ThreadLane("search", replace=True)
                    self._fallback.submit(job)
                    return
            self._next_id += 1
            job_id = self._next_id
            self._current = (job_id, job)
            job._on_cancel = functools.partial(self._cancel, job_id)
            self._requests.put((job_id, job.task))

    def _cancel(self, job_id: int) -> None:
        with self._lock:
            if self._cancel_upto is not None and self._cancel_upto.value < job_id:
                self._cancel_upto.value = job_id

    def _start(self, cancelled_upto: int | None = None) -> None:
        """A fresh worker; jobs up to ``cancelled_upto`` (default: every job sent so far) count as cancelled."""
        self._stop_worker()
        self._requests, self._replies = self._ctx.Queue(), self._ctx.Queue()
        upto = self._next_id if cancelled_upto is None else cancelled_upto
        self._cancel_upto = self._ctx.Value("q", upto, lock=False)
        process = self._ctx.Process(target=_serve, args=(self._requests, self._replies, self._cancel_upto,
                                                         self._memory, self._setup), name="fewest-moves-search",
                                    daemon=True)
        process.start()
        self._process = process
        self._counter()
        self._stop_reader = threading.Event()
        self._reader = threading.Thread(target=self._read, args=(self._replies, self._stop_reader, process),
                                        name="fewest-moves-replies", daemon=True)
        self._reader.start()

    def _read(self, replies: Any, stop: threading.Event, process: Any) -> None:
        while not stop.is_set():
            try:
                message = replies.get(timeout=POLL)
            except (queue.Empty, EOFError, OSError):
                if not process.is_alive() and not stop.is_set():
                    self._worker_died(process)
                    return
                continue
            if message is None:
                self._retired(process)
                return
            with self._lock:
                current = self._current
                if current is None or current[0] != message[1]:
                    continue
                job = current[1]
                if message[0] == "progress":
                    job.progress(message[2], message[3])
                else:
                    job.finish(message[2])
                    self._current = None

    def _retired(self, process: Any) -> None:
        """The worker ended by itself after a task (it had grown past its memory): the next submit starts a
        fresh one, and a job sent to it meanwhile, which it will never read, goes to a fresh one now."""
        with self._lock:
            if self._process is not process:
                return   # stopped on purpose (shutdown, a restart): nothing to take over
            self._process = None
            current = self._current
            if current is None or current[1].done:
                return
            try:
                self._start(cancelled_upto=current[0] - 1)   # the job taken over is not counted as cancelled
            except Exception:  # noqa: BLE001 - no process now: the job fails with one sentence
                self._current = None
                current[1].finish(Failed(Phrase(N_("{task} stopped unexpectedly (the worker process ended, exit "
                                                   "code {code})."), task=Phrase(current[1].label), code="0")))
                return
            self._requests.put((current[0], current[1].task))

    def _worker_died(self, process: Any) -> None:
        with self._lock:
            if self._process is process:
                self._process = None
            current, self._current = self._current, None
        if current is not None:
            current[1].finish(Failed(Phrase(N_("{task} stopped unexpectedly (the worker process ended, exit code "
                                               "{code})."), task=Phrase(current[1].label), code=str(process.exitcode))))

    def _stop_worker(self) -> None:
        process, self._process = self._process, None
        if self._stop_reader is not None:
            self._stop_reader.set()
        if process is not None and process.is_alive():
            try:
                self._requests.put(None)
                process.join(timeout=1)
            except (OSError, ValueError):
                pass
            if process.is_alive():
                process.terminate()
                process.join(timeout=1)
        for q in (self._requests, self._replies):
            if q is not None:
                q.close()
                q.join_thread()
        self._requests = self._replies = None
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(timeout=1)
        self._reader = None

    def shutdown(self) -> None:
        with self._lock:
            if self._current is not None:
                self._current[1].cancel()
                self._current = None
            self._stop_worker()
            if self._fallback is not None:
                self._fallback.shutdown()


# -- the service ------------------------------------------------------------------------------------------


class Service:
    """Runs tasks off the UI thread (see the module docstring); one per app, or per test."""

    def __init__(self, where: Where = Where.PROCESS, worker_memory: int | None = None,
                 worker_setup: Callable[[], None] | None = None) -> None:
        """``worker_memory``: bytes past which the search worker ends after a task (None: it lives on);
        ``worker_setup``: what the search worker process runs first (a module-level function, or a partial
        of one: it goes to the process by name)."""
        self.where = where
        self.processes_started = 0
        self.submitted = 0
        self._closed = False
        self._live: weakref.WeakSet[Job[Any]] = weakref.WeakSet()   # jobs someone still holds: see pending()
        self._lanes: dict[Lane, _ThreadLane | _WorkerLane] = {}
        if where is Where.PROCESS:
            ctx = multiprocessing.get_context("spawn")
            self._lanes = {
                Lane.SEARCH: _WorkerLane(ctx, self._count_process, worker_memory, worker_setup),
                Lane.BUILD: _ThreadLane("build", False, functools.partial(_run_in_fresh_process, ctx,
                                                                          self._count_process)),
                Lane.LIGHT: _ThreadLane("light", False),
            }
        elif where is Where.THREAD:
            self._lanes = {Lane.SEARCH: _ThreadLane("search", True), Lane.BUILD: _ThreadLane("build", False),
                           Lane.LIGHT: _ThreadLane("light", False)}

    def _count_process(self) -> None:
        self.processes_started += 1

    def submit(self, task: Task[T], lane: Lane = Lane.SEARCH) -> Job[T]:
        """Start ``task`` (a SEARCH cancels the running search) and return its job at once."""
        job: Job[T] = Job(task)
        self.submitted += 1
        if self._closed:
            job.finish(Failed(N_("The game is closing.")))
        elif self.where is Where.INLINE:
            _run_here(job)
        else:
            self._lanes[lane].submit(job)
        if not job.done:
            self._live.add(job)
        return job

    def pending(self) -> int:
        """Jobs submitted and not over yet (a job nobody holds any more is not counted): a benchmark on a
        simulated clock lets real time pass while there are some, as the window would wait for them."""
        return sum(1 for job in list(self._live) if not job.done)

    def shutdown(self) -> None:
        """Stop every lane: running jobs are cancelled and worker processes end."""
        self._closed = True
        for runner in self._lanes.values():
            runner.shutdown()
