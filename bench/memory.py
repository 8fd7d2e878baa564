"""Resident memory of a process and of every process below it, read from ``/proc`` (Linux).

The soak benchmark samples these while the demo runs: the window's own resident set and, for each worker
process below it (searches, table builds, multiprocessing's resource tracker), its resident set now and
its peak so far (``VmRSS`` and ``VmHWM`` in ``/proc/<pid>/status``): a worker's peak is caught even when
it came between two readings. Elsewhere there is no ``/proc``: :func:`sample` says None, and the
benchmark says the figures are missing.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True)
class Usage:
    """One process's resident memory in bytes: now, and the most it has held."""

    now: int
    peak: int


@dataclass(frozen=True)
class Sample:
    """The window's process, and each process below it by pid."""

    own: Usage
    workers: dict[int, Usage]

    @property
    def total(self) -> int:
        """The window and its workers now."""
        return self.own.now + sum(u.now for u in self.workers.values())

    @property
    def bound(self) -> int:
        """At least the most the window and its workers have held together since the workers started: the
        window now and each worker's own peak (an upper bound: the peaks need not have come at once)."""
        return self.own.now + sum(u.peak for u in self.workers.values())


def available() -> bool:
    return (PROC / "self" / "status").is_file()


def usage(pid: int) -> Usage | None:
    """``pid``'s resident memory now and at its peak (None: gone, or no such figures)."""
    try:
        text = (PROC / str(pid) / "status").read_text()
    except OSError:
        return None
    found: dict[str, int] = {}
    for line in text.splitlines():
        key, _colon, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            parts = rest.split()
            if parts and parts[0].isdigit():
                found[key] = int(parts[0]) * 1024
    if "VmRSS" not in found:
        return None
    return Usage(found["VmRSS"], max(found["VmRSS"], found.get("VmHWM", 0)))


def _parents() -> dict[int, int]:
    """pid -> parent pid of every process this user may see (from each ``/proc/<pid>/stat``)."""
    out: dict[int, int] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()   # the command's name may hold spaces and brackets
        if len(fields) >= 2 and fields[1].isdigit():
            out[int(entry.name)] = int(fields[1])
    return out


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children...)."""
    below: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        below.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in below.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def sample(pid: int | None = None) -> Sample | None:
    """This process's (or ``pid``'s) resident memory and its descendants' (None without ``/proc``)."""
    pid = os.getpid() if pid is None else pid
    own = usage(pid) if available() else None
    if own is None:
        return None
    workers = {child: got for child in descendants(pid) if (got := usage(child)) is not None}
    return Sample(own, workers)
