"""A process that runs for hours gives freed large blocks back at once (the demo's window: see
game.common.memory.hand_back_large_blocks), so its resident size says what it holds."""
from __future__ import annotations

import subprocess
import sys

import pytest

from game.common import memory

pytestmark = pytest.mark.skipif(memory._libc() is None, reason="glibc only: elsewhere nothing is asked")

DRAW_AND_DROP = """
import sys
from game.common import memory
if sys.argv[1] == "lean":
    memory.hand_back_large_blocks()
for _ in range(3):          # a board drawn supersampled, then dropped: 6 MB of pixels, three times
    block = bytearray(6 << 20)
    block[::4096] = b"x" * len(block[::4096])
    del block
held = memory.resident_bytes()
block = bytearray(6 << 20)
block[::4096] = b"x" * len(block[::4096])
print(memory.resident_bytes() - held)
"""


def grown_by_a_fourth_block(mode: str) -> int:
    """Resident bytes gained by touching a fourth 6 MB block: whatever the freed blocks left in the heap is
    reused (nothing gained), and what went back to the system is mapped again (6 MB gained)."""
    run = subprocess.run([sys.executable, "-c", DRAW_AND_DROP, mode], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return int(run.stdout)


def test_large_blocks_go_back_to_the_system_when_freed():
    """Before, glibc's default kept a freed 6 MB block in the heap after the first (its mapping threshold rises
    with each large block freed): the process held it, the next block grew nothing."""
    assert grown_by_a_fourth_block("lean") >= 5 << 20
    assert grown_by_a_fourth_block("default") < 1 << 20   # the default keeps them: what the demo no longer does
