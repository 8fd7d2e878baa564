"""A process's own memory: how much it holds, and handing back what it freed.

A process that runs for hours (the demo's window, a search worker) frees the tables and rules of one puzzle
after another; the C allocator keeps much of what was freed for later, so the resident size shows the
high-water mark rather than what is in use. :func:`give_back` asks it to return the free pages (glibc's
``malloc_trim``; elsewhere nothing happens), :func:`hand_back_large_blocks` has it return large blocks as they
are freed, and :func:`resident_bytes` says what the process holds.
"""
from __future__ import annotations

import sys

from solvers import heap
from solvers.heap import give_back
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


LARGE_BLOCK = 256 << 10   # bytes from which a block is mapped apart, and unmapped when freed
FREE_TOP = 1 << 20        # free bytes at the heap's top past which they go back to the system


def hand_back_large_blocks() -> None:
    """Have the allocator give large blocks (a screen's worth of pixels, a board drawn supersampled) back to the
    system as soon as they are freed, and the heap's free top past FREE_TOP: for a process that runs for hours
    (the demo's window), whose resident size should say what it holds. glibc's default raises the size it maps
    apart each time such a block is freed (up to 32 MB), so the surfaces of a celebration or of a board drawn
    once stay in the heap as free memory, 5 to 10 MB in the demo's window, until the next trim. Setting either
    parameter fixes both; nothing happens off glibc."""
    heap.map_apart_from(LARGE_BLOCK)
    heap.trim_top_past(FREE_TOP)
