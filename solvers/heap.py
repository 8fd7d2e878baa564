"""The C allocator's settings, asked for in one place by whoever needs them (a sweep, the demo's window).

glibc's malloc keeps freed memory for later: a freed block from its heap stays resident, and the size from
which it maps a block apart (and unmaps it when freed) rises to 32 MB once such a block is freed. A sweep's
chunks and a window's surfaces are large blocks freed over and over, so a process that wants its resident
size to say what it holds lowers that size. Several callers may ask in one process with different sizes:
the smallest asked for holds, so one caller never undoes another's. Off glibc nothing happens.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache

__all__ = ["give_back", "map_apart_from", "on_glibc", "trim_top_past"]

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3   # mallopt's parameters (malloc.h)

_asked: dict[int, int] = {}   # parameter -> the smallest size asked for so far


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc, where this process runs on it."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt.argtypes, libc.mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
        libc.malloc_trim.argtypes, libc.malloc_trim.restype = [ctypes.c_size_t], ctypes.c_int
    except (OSError, AttributeError):   # another C library (musl): nothing to ask
        return None
    return libc


def on_glibc() -> bool:
    """Whether the allocator here is glibc's (the only one these settings reach)."""
    return _libc() is not None


def _lower(parameter: int, size: int) -> None:
    """Set ``parameter`` to ``size`` unless a smaller size was asked for already."""
    libc = _libc()
    if libc is None or _asked.get(parameter, size + 1) <= size:
        return
    _asked[parameter] = size
    libc.mallopt(parameter, size)


def map_apart_from(size: int) -> None:
    """Blocks of ``size`` bytes and more are mapped apart and go back to the system as soon as they are freed."""
    _lower(M_MMAP_THRESHOLD, size)


def trim_top_past(size: int) -> None:
    """Free bytes at the heap's top past ``size`` go back to the system."""
    _lower(M_TRIM_THRESHOLD, size)


def give_back() -> None:
    """Return the allocator's free pages to the system (a few milliseconds; nothing where it cannot)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
