"""The watch's memory limit holds the process, not only the arrays a search counts: sorting, merging and
the allocator's slack can take as much again, and a player who says --memory-limit means the process."""
import numpy as np
import pytest

from solvers.limits import LimitReached, Limits, Watch, resident_bytes

MB = 1 << 20


@pytest.mark.skipif(resident_bytes() is None, reason="the system does not say the process's memory")
def test_a_process_grown_past_the_limit_stops_a_search_that_counts_little():
    now = [0.0]
    watch = Watch(Limits(None, 64 * MB), clock=lambda: now[0])
    watch.check("sweep", 1, held=MB)                # within: counted 1 MB, the process as it began
    grown = np.ones(160 * MB // 8)                 # 160 MB written, so resident
    now[0] = 1.0
    with pytest.raises(LimitReached) as stopped:
        watch.check("sweep", 2, held=MB)
    assert stopped.value.which == "memory" and stopped.value.status.held >= 100 * MB
    del grown


def test_without_a_memory_limit_the_process_is_not_read():
    watch = Watch(Limits(None, None))
    grown = np.ones(64 * MB // 8)
    watch.check("sweep", 1, held=MB)
    assert watch.status.held == MB
    del grown
