"""A process's own memory: how much it holds, and handing back what it freed.

A process that runs for hours (the demo's window, a search worker) frees the tables and rules of one puzzle
after another; the C allocator keeps much of what was freed for later, so the resident size shows the
high-water mark rather than what is in use. :func:`give_back` asks it to return the free pages (glibc's
``malloc_trim``; elsewhere nothing happens), :func:`hand_back_large_blocks` has it return large blocks as they
are freed, and :func:`resident_bytes` says what the process holds.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache
from typing import Callable

from solvers.limits import resident_bytes as resident_now

__all__ = ["give_back", "hand_back_large_blocks", "resident_bytes"]


def resident_bytes() -> int | None:
    """This process's resident memory now (Linux: ``/proc/self/statm``), else its peak so far (the
    other systems' ``getrusage``); None where neither can tell."""
    now = resident_now()
    if now is not None:
        return now
    try:
        import resource
    except ImportError:   # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3   # glibc's mallopt parameters
LARGE_BLOCK = 256 << 10   # bytes from which a block is mapped apart, and unmapped when freed
FREE_TOP = 1 << 20        # free bytes at the heap's top past which they go back to the system


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc, where this process runs on it."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim, libc.mallopt
    except (OSError, AttributeError):   # another C library (musl): nothing to ask
        return None
    return libc


@cache
def _trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, where this process runs on glibc."""
    libc = _libc()
    if libc is None:
        return None
    trim = libc.malloc_trim
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    trimmed: Callable[[int], int] = trim
    return trimmed


def hand_back_large_blocks() -> None:
    """Have the allocator give large blocks (a screen's worth of pixels, a board drawn supersampled) back to the
    system as soon as they are freed, and the heap's free top past FREE_TOP: for a process that runs for hours
    (the demo's window), whose resident size should say what it holds. glibc's default raises the size it maps
    apart each time such a block is freed (up to 32 MB), so the surfaces of a celebration or of a board drawn
    once stay in the heap as free memory, 5 to 10 MB in the demo's window, until the next trim. Setting either
    parameter fixes both; nothing happens off glibc."""
    libc = _libc()
    if libc is not None:
        libc.mallopt.argtypes, libc.mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
        libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK)
        libc.mallopt(M_TRIM_THRESHOLD, FREE_TOP)


def give_back() -> None:
    """Return the allocator's free pages to the system (a few milliseconds; nothing where it cannot)."""
    trim = _trim()
    if trim is not None:
        trim(0)
