"""Benchmark: Sokoban's tables, every level of the library under both counts.

Each figure is a whole process with an empty cache (``main.py analyze LEVEL --moves COUNT --json``):
the start's component swept forwards, then backwards from its goals, its dead ends counted; wall
time and peak resident memory, interpreter start-up included. Then a hint's latency once the table
is loaded: under ``moves`` the best steps of a position (a lookup), under ``pushes`` the line with
the fewest steps of those with fewest pushes (a shortest-walk search over the table's downhill
pushes). The same run times a reference: a plain dictionary breadth-first search of the largest
level's component in CPython, in a child process; ratios are against it.

Usage: python main.py bench sokoban [--json] [--levels NAME,NAME] [--hints N]
       python main.py bench sokoban --search [--seconds S] [--per-count N] [--seed N] [--plain]
                                    [--python-loop] [--sets warehouses,small,large]  (see bench/sokoban_search.py)
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from statistics import median

from bench.blocks import reference
from bench.tables import analyze_cold
from game.cli import OneSentenceParser, UsageError, guarded

MAX_HINTS = 100_000
COUNTS = ("moves", "pushes")

def levels() -> list[str]:
    """The library's Sokoban levels, in the menu's order."""
    from game.catalog import registry as catalog
    return [s.name for _shelf, cards in catalog.cards() for card in cards for s in card
            if s.family is not None and getattr(s.family, "key", "") == "sokoban" and s.count.key == "moves"
            and s.presentation.view == "sokoban"]


def hint_latency(name: str, hints: int) -> dict:
    """Milliseconds for a hint's whole answer from random positions of the loaded table."""
    import numpy as np

    from game.catalog import registry as catalog
    from game.oracles.base import Build

    spec = catalog.get(name)
    oracle = spec.oracle
    assert oracle.prepare(Build.ALWAYS)
    table = getattr(oracle, "table")
    rng = np.random.default_rng(1)
    ranks = rng.integers(0, len(table), hints * 4)
    states = [bytes(b) for b in table.ranker.unrank(ranks[table.table[ranks] != 255][:hints])]
    times = []
    for state in states:
        started = time.perf_counter()
        oracle.instant_answer(state)
        times.append(time.perf_counter() - started)
    times.sort()
    return {"hints": len(times), "mean_ms": round(1e3 * sum(times) / len(times), 3),
            "median_ms": round(1e3 * median(times), 3), "p99_ms": round(1e3 * times[int(0.99 * (len(times) - 1))], 3),
            "max_ms": round(1e3 * times[-1], 3)}


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench sokoban", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--levels", default="", help="comma-separated names (default: every library level)")
    parser.add_argument("--hints", type=int, default=300, help="random positions for the hint latency")
    parser.add_argument("--search", action="store_true", help="the searches instead: proven optima within a time "
                        "limit, the library's warehouses and generated levels (bench/sokoban_search.py)")
    parser.add_argument("--seconds", type=float, default=10.0, help="with --search: the time limit a level")
    parser.add_argument("--per-count", type=int, default=6, help="with --search: generated levels per box count")
    parser.add_argument("--seed", type=int, default=1, help="with --search: the generator's seed")
    parser.add_argument("--plain", action="store_true", help="with --search: the game's search in plain Python "
                        "too (numba's kernels left out)")
    parser.add_argument("--python-loop", action="store_true", help="with --search: the game's search with "
                        "Python's loop too (the kernels compiled, the loop not), what the compiled loop earns")
    parser.add_argument("--sets", default="warehouses,small,large", help="with --search: which sets of levels, "
                        "comma-separated: warehouses, small (2 to 4 boxes), large (5 to 8 boxes)")
    args = parser.parse_args(argv)
    if not 1 <= args.hints <= MAX_HINTS:
        raise UsageError(f"--hints takes a number of positions from 1 to {MAX_HINTS:,}")
    names = [n for n in args.levels.split(",") if n] or levels()
    known = set(levels())
    for name in names:
        if name not in known:
            raise UsageError(f"{name} is not a Sokoban level of the library")
    if args.search:
        if not 0 < args.seconds <= 3600 or not 1 <= args.per_count <= 100:
            raise UsageError("--seconds takes 0 to 3600 and --per-count 1 to 100")
        from bench import sokoban_search
        sets = [name for name in args.sets.split(",") if name]
        if not sets or any(name not in sokoban_search.SETS for name in sets):
            raise UsageError("--sets takes warehouses, small and large, comma-separated")
        return sokoban_search.main(argv, names, args.json, args.seconds, args.per_count, args.seed, args.plain, sets,
                                    args.python_loop)
    log = (lambda *a: None) if args.json else (lambda *a: print(*a, file=sys.stderr, flush=True))

    runs = []
    for name in names:
        for count in COUNTS:
            log(f"analyze {name} --moves {count}, empty cache (child process) ...")
            runs.append({"level": name, "count": count, **analyze_cold(name, "--moves", count)})
    largest = max((r for r in runs if r["count"] == "moves"), key=lambda r: r["positions"])
    log(f"reference: plain dictionary BFS of {largest['level']}'s component (child process) ...")
    ref = reference(largest["level"])
    largest["x_reference"] = round(ref["wall_seconds"] / largest["wall_seconds"], 1)
    hints = {}
    with tempfile.TemporaryDirectory() as cache:
        os.environ["FEWEST_MOVES_CACHE"] = cache
        for name in names:
            for count in COUNTS:
                log(f"hints of {name} --moves {count} ...")
                hints[f"{name}@{count}"] = hint_latency(name if count == "moves" else f"{name}@{count}", args.hints)
    summary = {"reference": {"level": largest["level"], **ref}, "runs": runs, "hints": hints,
               "slowest_seconds": max(r["wall_seconds"] for r in runs), "largest_mb": max(r["peak_mb"] for r in runs),
               "targets": {"seconds": "<= 10", "peak_mb": "<= 200"}}
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"Reference: plain dictionary BFS of {largest['level']} in CPython: {ref['positions']:,} positions in "
          f"{ref['seconds']:.2f} s ({ref['wall_seconds']:.2f} s as a whole process), peak {ref['peak_mb']:.0f} MB; "
          f"the game's whole table of it: {largest['x_reference']}x faster")
    print(f"\n{'level':14s} {'count':>6s} {'positions':>10s} {'dead ends':>10s} {'optimum':>8s} {'longest':>8s} "
          f"{'whole s':>8s} {'peak MB':>8s} {'hint ms':>8s} {'p99 ms':>7s}")
    for r in runs:
        h = hints[f"{r['level']}@{r['count']}"]
        print(f"{r['level']:14s} {r['count']:>6s} {r['positions']:>10,} {r['dead_ends']:>10,} {r['start_distance']:>8} {r['max_distance']:>8} "
              f"{r['wall_seconds']:>8.2f} {r['peak_mb']:>8.0f} {h['mean_ms']:>8.2f} {h['p99_ms']:>7.2f}")
    print(f"\nslowest {summary['slowest_seconds']:.2f} s, largest {summary['largest_mb']:.0f} MB. 'whole s': the whole "
          "process (interpreter start-up, both sweeps, the analysis and the cache's file). Targets: every level's "
          "table <= 10 s and <= 200 MB.")
    return 0
