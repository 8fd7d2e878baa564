"""The startup benchmark's own parts: a child's peak memory is its own (not the benchmark's, whose memory a
forked child would count), and the window says when its first frame was drawn, then closes."""
from __future__ import annotations

import os
import sys
import time

from bench.startup import FIRST_FRAME, MAIN, timed


def test_a_childs_peak_is_its_own_not_its_parents():
    ballast = bytearray(150 << 20)   # this process: well over 150 MB resident
    ballast[::4096] = b"x" * len(ballast[::4096])
    small = timed([sys.executable, "-c", "pass"], dict(os.environ))
    large = timed([sys.executable, "-c", "x = bytearray(120 << 20); x[::4096] = b'y' * len(x[::4096])"],
                  dict(os.environ))
    assert small["peak_mb"] < 60 and 120 < large["peak_mb"] < 150, (small["peak_mb"], large["peak_mb"])
    del ballast


def test_the_window_says_when_its_first_frame_was_drawn_and_closes(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "FEWEST_MOVES_DATA": str(tmp_path / "data"), "FEWEST_MOVES_STATE": str(tmp_path / "state"),
           "FEWEST_MOVES_CONFIG": str(tmp_path / "config")}
    started = time.time()
    run = timed([sys.executable, MAIN, "play"], {**env, FIRST_FRAME: repr(started)})
    said = [line for line in run["stdout"].splitlines() if line.startswith("first frame:")]
    assert len(said) == 1 and said[0].endswith(" s")
    assert 0 < float(said[0].split()[2]) <= time.time() - started
