"""Records-screen benchmark: peak memory and frame times of the records screen of a long records file.

    python main.py bench records [--rows 1000,10000,50000] [--size 1280x800] [--frames 600]

For each count of rows, a child process writes a records file of that many puzzles (the shelved ones,
their other counts, and puzzle files no longer there, which a player keeps records of after removing
them; every kind of row: own solves at and over par, help of every kind, games dealt elsewhere, the
daily puzzles, keys of a newer version), reads it as the game does and opens the records screen
headless. It reports how long opening took, the process's peak resident memory, how many rows were
drawn, and whole frames while the wheel scrolls down through the table and while the arrows jump from
its first puzzle to its last (a glide across the whole table, a new screenful every frame), against
a frame that draws only the background in the same process. The goals: at most 400 MB for 10,000
rows, and a worst frame (p99) within 16 ms.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.cli import OneSentenceParser, UsageError, guarded, parse_size

ROOT = Path(__file__).resolve().parent.parent
MEMORY_GOAL = 400 * 2 ** 20      # bytes resident for 10,000 rows
FRAME_GOAL = 0.016               # seconds, the p99 of frames while scrolling
MAX_ROWS = 100_000
MAX_FRAMES = 100_000


def records_text(rows: int, seed: int = 1, newer: bool = True) -> str:
    """A records file of ``rows`` puzzles: every shelved puzzle first, then other counts and puzzle files
    no longer there, one in twenty with every kind of row and field, the rest one solve each (as a
    player's removed files mostly are), and two years of daily puzzles; compact, about 50 bytes a row.
    ``newer``: with keys a newer version of the game wrote, at the top and in rows."""
    from game.catalog import registry as catalog
    from game.catalog.spec import counted_name

    rnd = random.Random(seed)
    shelved = list(catalog.names())
    counted = [counted_name(spec.base, count) for spec in catalog.specs() for count in spec.counts
               if counted_name(spec.base, count) != spec.name]
    names = shelved[:rows] + counted[:max(0, rows - len(shelved)) // 10]
    names += [f"levels/gone-{i:06d}.toml" for i in range(rows - len(names))]
    puzzles = {}
    for i, name in enumerate(names):
        full = i < len(shelved) or i % 20 == 0
        puzzles[name] = _rows(rnd, full, i, newer)
    daily = {f"{2025 + d // 336}-{d // 28 % 12 + 1:02d}-{d % 28 + 1:02d}":
             {"puzzle": shelved[d % len(shelved)], "moves": 30 + d % 3, "optimum": 30, "hints": d % 2}
             for d in range(672)}
    data: dict[str, object] = {"format": 1, "puzzles": puzzles, "daily": daily}
    if newer:
        data["stars"] = {"kept": "by a newer version"}
    return json.dumps(data, separators=(",", ":"))


def _rows(rnd: random.Random, full: bool, i: int, newer: bool) -> dict[str, dict[str, object]]:
    """One puzzle's rows: from the start, and (for a full one) a deal and other positions."""
    if not full:   # solved once with help, or on one's own (at par, near it, far over it)
        return {"start": {"solved": 1} if i % 4 == 0 else {"solved": 1, "own": 1, "best_over": i % 4 * 2 - 2}}
    solved = rnd.randint(2, 9)
    own = rnd.randint(1, solved - 1)
    par = rnd.randint(10, 90)
    over = rnd.randint(0, 12)
    start = {"solved": solved, "own": own, "optimal": int(over == 0), "best_over": over, "best_moves": par + over,
             "best_time": float(rnd.randint(10, 900)), "par": par, "ladder": [1, 1, 0, 1], "solver": 1,
             "marks": 1, **({"newer": [i]} if newer else {})}
    return {"start": start, str(par // 2): {"solved": 1, "own": 1, "optimal": 1, "best_over": 0,
                                              "best_moves": par // 2, "best_time": 30.0, "par": par // 2},
            "deal": {"solved": 2}}


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench records", description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="1000,10000,50000", help="counts of rows, one child process each")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--frames", type=int, default=600, help="frames of wheel scrolling measured")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)   # a child process: one count, as JSON
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    if not 1 <= args.frames <= MAX_FRAMES:
        raise UsageError(f"--frames takes a number from 1 to {MAX_FRAMES:,}")
    if args.one is not None:
        print(json.dumps(_measure(args.one, size, args.frames)))
        return 0
    try:
        counts = [int(n) for n in args.rows.split(",")]
    except ValueError:
        raise UsageError(f"--rows takes counts of rows, e.g. 1000,10000, not '{args.rows[:40]}'") from None
    if not all(1 <= n <= MAX_ROWS for n in counts):
        raise UsageError(f"--rows takes counts from 1 to {MAX_ROWS:,}")
    print(f"the records screen at {size[0]}x{size[1]}, headless, one process per file; "
          f"{args.frames} frames of wheel scrolling, then a glide from the first puzzle to the last")
    print(f"  {'rows':>7s} {'file':>9s} {'open s':>7s} {'peak MB':>8s} {'drawn':>6s} {'kept':>5s} "
          f"{'p50 ms':>7s} {'p99 ms':>7s} {'max ms':>7s} {'p99/ref':>8s}")
    verdicts = []
    for n in counts:
        got = _child(n, args.size, args.frames)
        print(f"  {n:7,d} {got['file'] / 1024:7.0f}KB {got['open']:7.2f} {got['peak'] / 2 ** 20:8.0f} "
              f"{got['drawn']:6d} {got['kept']:5d} {got['p50'] * 1000:7.2f} {got['p99'] * 1000:7.2f} "
              f"{got['max'] * 1000:7.2f} {got['p99'] / got['ref']:8.1f}")
        if n == 10_000:
            verdicts.append(f"peak {got['peak'] / 2 ** 20:.0f} MB for 10,000 rows "
                            f"{'meets' if got['peak'] <= MEMORY_GOAL else 'misses'} the 400 MB goal")
        verdicts.append(f"p99 {got['p99'] * 1000:.2f} ms for {n:,} rows "
                        f"{'meets' if got['p99'] <= FRAME_GOAL else 'misses'} the 16 ms goal")
    for line in verdicts:
        print(line + ".")
    return 0


def _child(rows: int, size: str, frames: int) -> dict[str, float]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "bench", "records", "--one", str(rows),
                           "--size", size, "--frames", str(frames)], cwd=ROOT, env=env, capture_output=True,
                          text=True)
    if done.returncode != 0:
        raise UsageError(f"the child measuring {rows:,} rows failed: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _measure(rows: int, size: tuple[int, int], frames: int) -> dict[str, float]:
    """In this process: the records screen of a file of ``rows`` rows, measured (see the module's docstring)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.common.background import Where
    from game.keeping.journal_files import read_records
    from game.ui.app import App
    from game.ui.scenes.base import background
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.records import RecordsScene

    app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False)   # the player's files stay theirs
    pg = app.pg
    app.push(MenuScene(app))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.json"
        path.write_text(records_text(rows), encoding="utf-8")
        file_bytes = path.stat().st_size
        records, problems, _blocked = read_records(path)
    if problems:
        raise UsageError(problems[0])
    app.journal.records = records
    ref = []
    for _ in range(300):
        t0 = time.perf_counter()
        pg.event.get()
        app.screen.blit(background(app.theme.palette, app.size), (0, 0))
        pg.display.flip()
        ref.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    app.nav.open_records()
    app.tick(0.0)
    opened = time.perf_counter() - t0
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    dt, times, kept = 1 / 60, [], 0
    for _ in range(frames):   # the wheel, a notch a frame: a few new rows each frame
        pg.event.post(pg.event.Event(pg.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        times.append(_frame(app, dt))
        kept = max(kept, scene.list.kept)
    scene.scroll = scene.scroll_target = 0.0
    scene.selected = None
    for key in (pg.K_DOWN, pg.K_UP):   # the first puzzle, then round to the last: a glide over every row
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pg.event.post(pg.event.Event(pg.KEYUP, key=key, mod=0, unicode="", scancode=0))
        times.append(_frame(app, dt))
        while scene.animating():
            times.append(_frame(app, dt))
            kept = max(kept, scene.list.kept)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024)
    app.close()
    return {"file": file_bytes, "open": opened, "peak": peak, "drawn": scene.list.rendered, "kept": kept,
            "p50": statistics.median(times), "p99": _percentile(times, 0.99), "max": max(times),
            "ref": statistics.median(ref)}


def _frame(app, dt: float) -> float:
    t0 = time.perf_counter()
    app.tick(dt)
    return time.perf_counter() - t0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]
