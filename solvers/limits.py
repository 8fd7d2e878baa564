"""The player's limits on a long search, and the watch that keeps a search within them.

A limit is the player's to raise: how long a search may run and how much memory it may fill: the
positions it keeps as it counts them, or what the process has grown by since the search began where the
system says and that is more (sorting, merging and the allocator's slack take more than the arrays kept,
up to twice as much on the large sliding-block levels, and a limit the player set holds the process).
A search that reaches one stops with :class:`LimitReached`, which says how far it got (positions, depth,
the lower bound it proved, seconds, bytes held), so the sentence at the limit can tell the player what
was done and what to raise; a limit never turns into a claim of optimal. The watch also reports
progress (:class:`Status`) a few times a second and honours cancelling.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Callable

from solvers.problem import Cancel, Cancelled

__all__ = ["DEFAULT_MEMORY_CAP", "DEFAULT_SECONDS", "LimitReached", "Limits", "Status", "Watch", "default_memory",
           "machine_memory"]

DEFAULT_SECONDS = 60.0          # a terminal's patience: a minute, then the sentence says how to allow more
DEFAULT_MEMORY_CAP = 3 << 30    # and at most this much of the machine's memory (a quarter of it where less)
REPORT_EVERY = 0.25             # seconds between two progress reports
RESIDENT_EVERY = 0.05           # seconds between two readings of the process's resident memory


def machine_memory() -> int | None:
    """The machine's physical memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


def resident_bytes() -> int | None:
    """The process's resident memory in bytes, where the system says (Linux's /proc; None elsewhere)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read(200).split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def default_memory() -> int:
    """A quarter of the machine's memory, at most DEFAULT_MEMORY_CAP (the cap where the system cannot say)."""
    total = machine_memory()
    return DEFAULT_MEMORY_CAP if total is None else min(DEFAULT_MEMORY_CAP, total // 4)


@dataclass(frozen=True)
class Limits:
    """``seconds``: how long a search may run (None: until it is done or cancelled); ``memory``: bytes its
    own arrays may hold (None: no bound but the machine's); ``positions``: how many it may find (a
    caller's own bound, e.g. on what a quick first attempt may cost)."""

    seconds: float | None = DEFAULT_SECONDS
    memory: int | None = None
    positions: int | None = None

    @classmethod
    def terminal(cls, seconds: float | None = None, memory: int | None = None) -> "Limits":
        """The command line's limits: those given, else a minute and :func:`default_memory`."""
        return cls(DEFAULT_SECONDS if seconds is None else seconds, default_memory() if memory is None else memory)

    @classmethod
    def window(cls) -> "Limits":
        """The window's: no time limit (the player cancels), the default memory."""
        return cls(None, default_memory())


@dataclass(frozen=True)
class Status:
    """How far a search has got: ``depth`` searched in full (a sweep's layers, or the bound of an
    iterative search: no answer is shorter), positions seen, the rate, bytes held; ``fraction`` of the
    current layer or bound done where known."""

    what: str            # "sweep", "search", "bound"
    depth: int
    positions: int
    seconds: float
    held: int
    fraction: float | None = None
    estimate: float | None = None   # seconds the current layer or bound may still take

    @property
    def rate(self) -> float:
        return self.positions / self.seconds if self.seconds > 0 else 0.0


class LimitReached(Exception):
    """A search stopped at a limit (``which``: "time", "memory" or "positions"), having got as far as
    ``status`` says; ``lower_bound``: moves every answer needs (proven by what was searched)."""

    def __init__(self, which: str, limit: float, status: Status, lower_bound: int) -> None:
        super().__init__(f"stopped at the {which} limit after {status.positions:,} positions")
        self.which = which
        self.limit = limit
        self.status = status
        self.lower_bound = lower_bound


class Watch:
    """Checks a search makes between chunks of work: cancelled, out of time, over its memory or past a cap
    on the positions found; and progress reported to ``report`` every REPORT_EVERY seconds. ``found``
    counts the positions every sweep under this watch has found."""

    def __init__(self, limits: Limits, cancel: Cancel | None = None,
                 report: Callable[[Status], None] | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.cancel = cancel
        self.report = report
        self.clock = clock
        self.started = clock()
        self.last_report = self.started
        self.status = Status("search", 0, 0, 0.0, 0)
        self.lower_bound = 0
        self.found = 0
        self.cap: int | None = limits.positions   # found past this: LimitReached("positions")
        self.resident_at_start = resident_bytes() if limits.memory is not None else None
        self.grown = 0
        self.grown_read = self.started - RESIDENT_EVERY

    def _grown(self, now: float) -> int:
        """Bytes the process has grown by since the watch began (read at most every RESIDENT_EVERY)."""
        if self.resident_at_start is not None and now - self.grown_read >= RESIDENT_EVERY:
            self.grown_read = now
            resident = resident_bytes()
            if resident is not None:
                self.grown = resident - self.resident_at_start
        return self.grown

    def seconds(self) -> float:
        return self.clock() - self.started

    def fits(self, held: int) -> bool:
        """Whether ``held`` bytes are within the memory limit."""
        return self.limits.memory is None or held <= self.limits.memory

    def check(self, what: str, depth: int, held: int, fraction: float | None = None,
              estimate: float | None = None) -> None:
        """Raise Cancelled or LimitReached where due; report progress when it is time. ``held``: the bytes
        the search counts; the memory limit holds the larger of it and the process's growth."""
        now = self.clock()
        held = max(held, self._grown(now))
        self.status = Status(what, depth, self.found, now - self.started, held, fraction, estimate)
        if self.cancel is not None and self.cancel():
            raise Cancelled
        if self.limits.seconds is not None and now - self.started > self.limits.seconds:
            raise LimitReached("time", self.limits.seconds, self.status, self.lower_bound)
        if not self.fits(held):
            assert self.limits.memory is not None
            raise LimitReached("memory", self.limits.memory, self.status, self.lower_bound)
        if self.cap is not None and self.found > self.cap:
            raise LimitReached("positions", self.cap, self.status, self.lower_bound)
        if self.report is not None and now - self.last_report >= REPORT_EVERY:
            self.last_report = now
            self.report(self.status)
