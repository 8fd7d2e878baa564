"""A game killed outright (SIGKILL: no shutdown runs) leaves no process behind: the search worker and
a table build in its fresh process notice that their parent is gone and end, and with them the
multiprocessing resource tracker."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GONE_WITHIN = 5.0   # seconds after the kill


def endless(report, mark: str) -> None:
    """A long task that never ends by itself and ignores nothing but death: it says where it runs,
    then reports progress as a build would (module level, so a worker process can be sent it)."""
    Path(mark).write_text(str(os.getpid()), encoding="ascii")
    n = 0
    while True:
        n += 1
        report.progress(None, f"step {n:,}")
        report.cancelled()
        time.sleep(0.001)


GAME = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from game.common.background import Lane, Service, Task, Where
    from tests.game.test_orphans import endless

    if __name__ == "__main__":
        service = Service(Where.PROCESS)
        service.submit(Task(endless, ({search!r},), "The search"), Lane.SEARCH)
        service.submit(Task(endless, ({build!r},), "The build"), Lane.BUILD)
        time.sleep(600)
""")


def _parents() -> dict[int, int]:
    """pid -> parent pid of every process now."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            found[int(entry)] = int(stat.rpartition(")")[2].split()[1])
    return found


def descendants(pid: int) -> set[int]:
    parents = _parents()
    out, todo = set(), [pid]
    while todo:
        here = todo.pop()
        children = {p for p, parent in parents.items() if parent == here}
        todo.extend(children - out)
        out |= children
    return out


def alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper that may never come has ended all the same)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_killed_game_leaves_no_worker_and_no_resource_tracker(tmp_path):
    search, build = tmp_path / "search.pid", tmp_path / "build.pid"
    script = tmp_path / "game.py"
    script.write_text(GAME.format(root=str(ROOT), search=str(search), build=str(build)), encoding="utf-8")
    game = subprocess.Popen([sys.executable, str(script)], cwd=tmp_path, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    children: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while not (search.exists() and build.exists() and search.read_text() and build.read_text()):
            assert time.monotonic() < deadline and game.poll() is None, "the workers never started"
            time.sleep(0.05)
        children = descendants(game.pid)
        workers = {int(search.read_text()), int(build.read_text())}
        assert workers <= children and len(children) >= 3, children   # both workers and the resource tracker
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=10)
        deadline = time.monotonic() + GONE_WITHIN
        while any(alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = {pid: Path(f"/proc/{pid}/cmdline").read_bytes()[:80] for pid in children if alive(pid)}
        assert not left, f"still running {GONE_WITHIN} s after the game was killed: {left}"
    finally:
        if game.poll() is None:
            game.kill()
        for pid in children:   # only what this test started
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
