"""Threads for the compiled sweeps: how many the machine gives this process, and one pool of them kept for
the process. The kernels (numba's, compiled without the GIL) and numpy's sorts release the GIL, so parts
of one layer run at once; every part's result is put back in the order of the parts, so what a sweep finds
never depends on how many threads found it."""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Iterable, TypeVar

__all__ = ["in_order", "machine_threads"]

T = TypeVar("T")
R = TypeVar("R")
_POOLS: dict[int, ThreadPoolExecutor] = {}


def machine_threads() -> int:
    """The processors this process may run on (as numba counts them for its own threads)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def in_order(work: Callable[[T], R], items: Iterable[T], threads: int) -> list[R]:
    """``work`` of each item, on up to ``threads`` threads (one: on the calling thread), in the items' order."""
    items = list(items)
    if threads <= 1 or len(items) <= 1:
        return [work(item) for item in items]
    pool = _POOLS.get(threads)
    if pool is None:
        pool = _POOLS[threads] = ThreadPoolExecutor(threads, thread_name_prefix="sweep")
    return list(pool.map(work, items))
