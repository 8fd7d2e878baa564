"""Benchmark: how long the game takes to start, as whole processes, against ``python -c "import numpy"``.

Each command runs as a fresh process several times (medians reported, with the peak resident memory
of each run read from the kernel's accounting of that child): ``solve eight``, ``code eight`` and
``list`` with a warm cache (a first run fills it and is not counted); ``analyze goat`` into an empty
cache each time, against a plain dictionary breadth-first search of Goat in CPython (``bench tables``'
reference); and the window's first frame (the menu, headless: ``FEWEST_MOVES_FIRST_FRAME`` makes the
window say when its first frame was drawn, measured from the moment the process was started, and close).
The reference, an interpreter that imports numpy and does nothing else, runs in the same session, so
the ratios carry across machines. Private data, settings and state folders keep the player's own out
of it.

Usage: python main.py bench startup [--runs N] [--json] [--no-bfs]   (Linux and macOS: children by posix_spawn)
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median
from typing import Callable

from game.cli import OneSentenceParser, UsageError, guarded

ROOT = Path(__file__).resolve().parent.parent
MAIN = str(ROOT / "main.py")
FIRST_FRAME = "FEWEST_MOVES_FIRST_FRAME"   # read by game.ui.app: the time the process was started
MAX_RUNS = 50
# The targets of each figure, as ratios to the reference (None: none set).
TARGETS: dict[str, float | None] = {"solve eight": 4.0, "code eight": 4.0, "list": 10.0}


# The children are started by this small interpreter (no site, three modules), never by the benchmark's own
# process: a child's peak memory counts the memory of the process it was forked from, so a parent of 50 MB
# would hide every peak below that.
_RUNNER = r"""
import json, os, sys, time
jobs = json.loads(sys.argv[1])
out = []
for job in jobs:
    actions = [(os.POSIX_SPAWN_OPEN, 1, job["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
               (os.POSIX_SPAWN_OPEN, 2, job["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
    env = job["env"]
    if job.get("clock"):   # the child is told when it was started, to say when its first frame came
        env = {**env, job["clock"]: repr(time.time())}
    started = time.perf_counter()
    pid = os.posix_spawn(job["argv"][0], job["argv"], env, file_actions=actions)
    _pid, status, usage = os.wait4(pid, 0)
    out.append({"seconds": time.perf_counter() - started, "maxrss": usage.ru_maxrss,
                "status": os.waitstatus_to_exitcode(status)})
print(json.dumps(out))
"""


def _peak_mb(maxrss: int) -> float:
    return maxrss / (1 << 20) if sys.platform == "darwin" else maxrss / 1024


def timed(command: list[str], env: dict[str, str], clock: str = "") -> dict:
    """One whole process: its wall seconds, its own peak memory, its exit status and its output (``clock``:
    an environment variable that tells it the time it was started)."""
    with tempfile.TemporaryDirectory(prefix="fewest-moves-run-") as folder:
        out, err = Path(folder) / "out", Path(folder) / "err"
        job = {"argv": command, "env": env, "out": str(out), "err": str(err), "clock": clock}
        done = subprocess.run([sys.executable, "-S", "-c", _RUNNER, json.dumps([job])], capture_output=True,
                              text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"the benchmark's runner failed: {done.stderr.strip()[-400:]}")
        got = json.loads(done.stdout)[0]
        said = out.read_text(encoding="utf-8", errors="replace")
        trouble = err.read_text(encoding="utf-8", errors="replace")
    if got["status"] != 0:
        raise RuntimeError(f"{' '.join(command[1:])} failed ({got['status']}): {trouble.strip()[-400:]}")
    return {"seconds": got["seconds"], "peak_mb": _peak_mb(got["maxrss"]), "stdout": said, "stderr": trouble}


def _medians(runs: list[dict]) -> dict:
    return {"seconds": median(r["seconds"] for r in runs), "peak_mb": median(r["peak_mb"] for r in runs),
            "runs": [round(r["seconds"], 3) for r in runs]}


class Session:
    """The private folders of one run of the benchmark, and the environment its children get."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.cache = folder / "cache"
        self.env = {**os.environ, "FEWEST_MOVES_CACHE": str(self.cache), "SDL_VIDEODRIVER": "dummy",
                    "SDL_AUDIODRIVER": "dummy"}
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)   # as installed: the modules' bytecode kept, not compiled each run
        for name in ("DATA", "CONFIG", "STATE"):
            path = folder / name.lower()
            path.mkdir()
            self.env[f"FEWEST_MOVES_{name}"] = str(path)

    def game(self, *args: str) -> list[str]:
        return [sys.executable, MAIN, *args]

    def runs(self, command: list[str], count: int, env: dict[str, str] | None = None) -> list[dict]:
        return [timed(command, env or self.env) for _ in range(count)]

    def cold(self, command: list[str], count: int) -> list[dict]:
        """``command`` into an empty cache each time."""
        out = []
        for n in range(count):
            env = {**self.env, "FEWEST_MOVES_CACHE": str(self.folder / f"empty-{n}")}
            out.append(timed(command, env))
        return out

    def first_frames(self, count: int) -> list[dict]:
        """The window's first frame: the seconds from the process's start to its first frame, as it says."""
        out = []
        for _ in range(count):
            run = timed(self.game("play"), self.env, clock=FIRST_FRAME)
            said = [line for line in run["stdout"].splitlines() if line.startswith("first frame:")]
            if not said:
                raise RuntimeError(f"the window did not say when its first frame was drawn: {run['stderr'][-300:]}")
            run["frame_seconds"] = float(said[-1].split()[2])
            out.append(run)
        return out


def measure(runs: int, bfs: bool, log: Callable[[str], None]) -> dict:
    with tempfile.TemporaryDirectory(prefix="fewest-moves-startup-") as folder:
        session = Session(Path(folder))
        log("warming the cache (eight's table) ...")
        session.runs(session.game("solve", "eight"), 1)
        session.runs(session.game("list"), 1)
        figures: dict[str, dict] = {}
        log("reference: python -c 'import numpy' ...")
        reference = _medians(session.runs([sys.executable, "-c", "import numpy"], runs))
        for args in (("solve", "eight"), ("code", "eight"), ("list",)):
            log(f"main.py {' '.join(args)} ...")
            figures[" ".join(args)] = _medians(session.runs(session.game(*args), runs))
        log("main.py analyze goat, empty cache ...")
        figures["analyze goat (empty cache)"] = _medians(session.cold(session.game("analyze", "goat"), runs))
        log("the window's first frame ...")
        frames = session.first_frames(runs)
        whole = _medians(frames)   # to the first frame, as the window says: the figure; the whole process beside it
        figures["window: first frame"] = {**whole, "seconds": median(r["frame_seconds"] for r in frames),
                                          "process_seconds": whole["seconds"]}
        for name, got in figures.items():
            got["ratio"] = got["seconds"] / reference["seconds"]
            got["target"] = TARGETS.get(name)
        result: dict = {"reference": {"what": "python -c 'import numpy'", **reference}, "commands": figures}
        if bfs:
            from bench.tables import reference as dictionary_bfs
            log("reference: plain dictionary BFS of goat in CPython (child process, about half a minute) ...")
            ref = dictionary_bfs("goat")
            goat = figures["analyze goat (empty cache)"]
            result["goat_bfs"] = {"seconds": ref["wall_seconds"], "search_seconds": ref["seconds"],
                                  "peak_mb": ref["peak_mb"], "positions": ref["positions"],
                                  "times_faster": ref["wall_seconds"] / goat["seconds"],
                                  "targets": {"times_faster": ">= 15", "peak_mb": "<= 100"}}
        return result


def report(result: dict) -> None:
    ref = result["reference"]
    print(f"Reference: {ref['what']}: {ref['seconds']:.3f} s, {ref['peak_mb']:.0f} MB (median of "
          f"{len(ref['runs'])})")
    print(f"\n{'command (whole process)':32s} {'seconds':>8s} {'x ref':>7s} {'target':>7s} {'peak MB':>8s}")
    for name, got in result["commands"].items():
        target = f"<= {got['target']:g}" if got["target"] is not None else ""
        print(f"{name:32s} {got['seconds']:>8.3f} {got['ratio']:>7.1f} {target:>7s} {got['peak_mb']:>8.0f}")
    frame = result["commands"]["window: first frame"]
    print(f"\nthe window's first frame (the menu) was drawn {frame['seconds']:.3f} s after the process started "
          f"(the whole process: {frame['process_seconds']:.3f} s) [target: within 1 s]")
    bfs = result.get("goat_bfs")
    if bfs is not None:
        goat = result["commands"]["analyze goat (empty cache)"]
        print(f"plain dictionary BFS of Goat in CPython, whole process: {bfs['seconds']:.2f} s "
              f"({bfs['positions']:,} positions, {bfs['peak_mb']:.0f} MB); 'analyze goat' with an empty cache: "
              f"{goat['seconds']:.2f} s, {goat['peak_mb']:.0f} MB = {bfs['times_faster']:.1f}x faster "
              "[targets: >= 15x, <= 100 MB]")


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench startup", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (default 5; medians)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-bfs", dest="bfs", action="store_false",
                        help="leave out the dictionary BFS of Goat (half a minute, half a gigabyte)")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= MAX_RUNS:
        raise UsageError(f"--runs takes a number from 1 to {MAX_RUNS}")
    log = (lambda text: None) if args.json else (lambda text: print(text, file=sys.stderr, flush=True))
    result = measure(args.runs, args.bfs, log)
    if args.json:
        print(json.dumps(result))
    else:
        report(result)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
