"""A process's own memory: how much it holds, and handing back what it freed.

A process that runs for hours (the demo's window, a search worker) frees the tables and rules of one puzzle
after another; the C allocator keeps much of what was freed for later, so the resident size shows the
high-water mark rather than what is in use. :func:`give_back` asks it to return the free pages (glibc's
``malloc_trim``; elsewhere nothing happens), and :func:`resident_bytes` says what the process holds.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from functools import cache
from typing import Callable

__all__ = ["give_back", "resident_bytes"]


def resident_bytes() -> int | None:
    """This process's resident memory now (Linux: ``/proc/self/statm``), else its peak so far (the
    other systems' ``getrusage``); None where neither can tell."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read(200).split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:   # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


@cache
def _trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, where this process runs on glibc."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):   # another C library (musl): nothing to ask
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    trimmed: Callable[[int], int] = trim
    return trimmed


def give_back() -> None:
    """Return the allocator's free pages to the system (a few milliseconds; nothing where it cannot)."""
    trim = _trim()
    if trim is not None:
        trim(0)
