"""Benchmark: complete distance tables of every small puzzle.

Per puzzle: build seconds (sweep + save, into an empty temporary cache), peak memory of
the build (tracemalloc: numpy and Python allocations), load seconds (from the cache into a
ready oracle, with the positions the start reaches; checked against the rules, and, for
reference, trusted unchecked), the check alone, and hint latency (best moves) over 10,000
random positions.

Absolute seconds depend on the machine, so the same run also times a reference: a plain
dictionary breadth-first sweep of Goat from the goal in CPython (``--quick``: of the
8-puzzle instead, clearly labelled) in a child process, and the whole
``main.py analyze goat`` command with an empty cache in another child process; ratios
are reported against the reference.

Usage: python main.py bench tables [--json] [--quick] [--puzzles goat,eight,FILE.toml] [--hints N]
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING, Callable

from game.cli import OneSentenceParser, UsageError, guarded
from solvers import tables

if TYPE_CHECKING:
    from game.oracles.table import TableOracle

ROOT = Path(__file__).resolve().parent.parent

# a child process runs this: a plain dictionary breadth-first sweep from the goals, written the
# way one would without numpy: bytes positions, a dict of distances, moves from the puzzle's rules
# compiled to plain tuples (cells that must hold given codes, cells to copy)
_REFERENCE = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
from game.catalog import registry as catalog
puzzle = catalog.puzzle({name!r})
rules = puzzle.rules
by_empty = [[] for _ in range(rules.ncells)]
for r in rules.inverse_rules:
    anchor = r.empty_anchor()
    checks = tuple((c, ok) for c, ok in zip(r.cells, r.allowed) if c != anchor)
    by_empty[anchor].append((checks, r._writes))
started = time.perf_counter()
dist = {{g: 0 for g in puzzle.goals()}}
frontier = list(dist)
depth = 0
while frontier:
    depth += 1
    nxt = []
    for s in frontier:
        at = s.find(0)
        while at != -1:
            for checks, writes in by_empty[at]:
                for c, ok in checks:
                    if s[c] not in ok:
                        break
                else:
                    b = bytearray(s)
                    for d, src in writes:
                        b[d] = s[src]
                    p = bytes(b)
                    if p not in dist:
                        dist[p] = depth
                        nxt.append(p)
            at = s.find(0, at + 1)
    frontier = nxt
seconds = time.perf_counter() - started
print(json.dumps({{"puzzle": {name!r}, "positions": len(dist), "max_distance": max(dist.values()),
                  "seconds": seconds,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""

_ANALYZE = r"""
import io, json, resource, sys, time, contextlib
started = time.perf_counter()
sys.path.insert(0, {root!r})
from game.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    status = main(["analyze", *{args!r}, "--json"])
seconds = time.perf_counter() - started
report = json.loads(out.getvalue())
print(json.dumps({{"status": status, "seconds": seconds, "analyze_seconds": report["seconds"],
                  "max_distance": report["max_distance"], "positions": report["positions"],
                  "dead_ends": report["dead_ends"], "start_distance": report["start_distance"],
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def child(code: str, env: dict[str, str]) -> dict:
    """Run ``code`` in a fresh interpreter; its last line of output is a JSON object."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"benchmark child failed: {done.stderr.strip()[-500:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["wall_seconds"] = round(time.perf_counter() - started, 3)  # includes interpreter start-up
    return result


def reference(name: str) -> dict:
    return child(_REFERENCE.format(root=str(ROOT), name=name), dict(os.environ))


def analyze_cold(*args: str) -> dict:
    """``main.py analyze ARGS --json`` in a fresh process with an empty cache: the whole cold path."""
    with tempfile.TemporaryDirectory(prefix="fewest-moves-bench-") as folder:
        env = dict(os.environ, FEWEST_MOVES_CACHE=folder)
        return child(_ANALYZE.format(root=str(ROOT), args=list(args)), env)


def measure_puzzle(name: str, hints: int, seed: int = 1) -> dict:
    import numpy as np

    from game.catalog import registry as catalog
    from game.oracles.base import Build
    from game.oracles.table import TableOracle
    from solvers import cache

    spec = catalog.get(name)
    puzzle = spec.puzzle

    def fresh() -> TableOracle:
        """An oracle of the puzzle's own kind with nothing in memory, as in a new run of the game."""
        oracle = spec.recipe.answered_by(puzzle, None)
        assert isinstance(oracle, TableOracle)
        return oracle

    # build: empty cache, no tracing (timing), then again traced (memory)
    oracle = fresh()
    started = time.perf_counter()
    oracle.prepare(Build.ALWAYS)
    build_seconds = time.perf_counter() - started
    cache.array_path(oracle.layout()[1]).unlink(missing_ok=True)
    tracemalloc.start()
    fresh().prepare(Build.ALWAYS)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    def load(trusted: bool) -> tuple[float, TableOracle]:
        """What the game does on opening a puzzle: the table, checked against the rules (or, as the
        reference, trusted unchecked), and what the start reaches."""
        oracle = fresh()
        if trusted:
            oracle._matches = lambda array: True   # type: ignore[method-assign]
        started = time.perf_counter()
        oracle.prepare(Build.NEVER)
        return time.perf_counter() - started, oracle

    loads = [load(False)[0] for _ in range(5)]
    trusted = [load(True)[0] for _ in range(5)]
    oracle = load(False)[1]
    table = oracle.table
    assert table is not None
    checks = []
    for _ in range(5):
        started = time.perf_counter()
        assert oracle._matches(table.table)
        checks.append(time.perf_counter() - started)

    rng = np.random.default_rng(seed)
    ranks = rng.integers(0, table.ranker.size, hints)
    states = [bytes(row) for row in table.ranker.unrank(ranks)]
    times = []
    moves = 0
    for state in states:
        t0 = time.perf_counter()
        best = table.best_moves(puzzle, state)
        times.append(time.perf_counter() - t0)
        moves += len(best)
    times.sort()
    solvable = int((table.table != table.unreached).sum())
    answered = answer_costs(oracle, [s for s in states if table.distance(s) is not None][:CHECKED_ANSWERS])
    return {
        **answered,
        "puzzle": name,
        "positions": len(table),
        "solvable": solvable,
        "ranker": type(table.ranker).__name__,
        "table_bytes": int(table.table.nbytes),
        "build_seconds": round(build_seconds, 4),
        "build_peak_mb": round(peak / 2**20, 1),
        "load_ms": round(1000 * median(loads), 2),
        "load_unchecked_ms": round(1000 * median(trusted), 2),
        "check_ms": round(1000 * median(checks), 2),
        "checked": "every entry" if oracle.checks_every_entry() else f"{tables.SAMPLE_CHECK:,} at random",
        "hint_mean_us": round(1e6 * sum(times) / len(times), 1),
        "hint_p99_us": round(1e6 * times[int(0.99 * (len(times) - 1))], 1),
        "hint_max_us": round(1e6 * times[-1], 1),
        "hints": hints,
    }


MAX_HINTS = 1_000_000
CHECKED_ANSWERS = 300   # random winnable positions whose answers are timed with their entries checked and without


def answer_costs(oracle: "TableOracle", states: list[bytes]) -> dict:
    """Milliseconds, on average over ``states``, for the game's answers as they are shown, every entry they
    rest on checked (:mod:`solvers.entries`), and for the bare lookups: a line walked down the table, and the
    move marks. Each position is new to the table's checks (no entry is remembered from another's), which
    have chosen their way (numpy or one by one) as the game's first answers do."""
    table, puzzle = oracle.table, oracle.puzzle
    assert table is not None

    def mean_ms(ask: Callable[[bytes], object], fresh: bool) -> float:
        total = 0.0
        for state in states:
            if fresh:
                oracle.entries(table).forget()
            started = time.perf_counter()
            ask(state)
            total += time.perf_counter() - started
        return round(1000 * total / max(1, len(states)), 3)

    for state in states[:4]:   # each way of checking tried, as the game's first answers and marks do
        oracle.instant_answer(state)
        oracle.verdicts(state)
    return {"line_ms": mean_ms(lambda s: table.path(puzzle, s), False), "line_checked_ms": mean_ms(oracle.instant_answer, True),
            "marks_ms": mean_ms(lambda s: table.classify(puzzle, s), False), "marks_checked_ms": mean_ms(oracle.verdicts, True)}


def _whole_table(spec) -> bool:
    """Answered by a table of its whole rank space (sliding blocks sweep one component: bench blocks)."""
    from game.families.blocks.oracle import ComponentTableOracle
    from game.oracles.table import TableOracle
    return isinstance(spec.oracle, TableOracle) and spec.oracle.whole_space and \
        not isinstance(spec.oracle, ComponentTableOracle)


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench tables", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true",
                        help="reference: dictionary BFS of the 8-puzzle instead of Goat (about 15 s, 1 GB)")
    parser.add_argument("--puzzles", default="",
                        help="comma-separated names or puzzle files (default: every small puzzle)")
    parser.add_argument("--hints", type=int, default=10_000, help="random positions for the hint latency")
    args = parser.parse_args(argv)
    if not 1 <= args.hints <= MAX_HINTS:
        raise UsageError(f"--hints takes a number of positions from 1 to {MAX_HINTS:,}")

    from game.catalog import registry as catalog

    names = [n for n in args.puzzles.split(",") if n] or [s.name for s in catalog.specs() if _whole_table(s)]
    for n in names:   # every name checked before the reference runs for half a minute
        if not _whole_table(catalog.get(n)):
            raise UsageError(f"the puzzle {n} has no complete table (it is answered by search), so there is "
                             "nothing to measure")
    ref_name = "eight" if args.quick else "goat"

    log = (lambda *a: None) if args.json else (lambda *a: print(*a, file=sys.stderr, flush=True))
    log(f"reference: plain dictionary BFS of {ref_name} in CPython (child process) ...")
    ref = reference(ref_name)
    log("whole 'analyze goat' with an empty cache (child process) ...")
    cold = analyze_cold("goat")

    rows = []
    with tempfile.TemporaryDirectory(prefix="fewest-moves-bench-") as folder:
        saved = os.environ.get("FEWEST_MOVES_CACHE")
        os.environ["FEWEST_MOVES_CACHE"] = folder
        try:
            for n in names:
                log(f"  {n} ...")
                rows.append(measure_puzzle(n, args.hints))
        finally:
            if saved is None:
                os.environ.pop("FEWEST_MOVES_CACHE", None)
            else:
                os.environ["FEWEST_MOVES_CACHE"] = saved

    by_name = {r["puzzle"]: r for r in rows}
    ref_rate = ref["positions"] / ref["seconds"]  # positions per second of the reference
    for r in rows:
        # how many times faster than the reference, per position swept
        r["speedup_vs_reference"] = round((r["solvable"] / r["build_seconds"]) / ref_rate, 1) if r["build_seconds"] else None
    summary = {
        "reference": {
            "what": f"plain dictionary BFS of {ref_name} in CPython"
                    + ("" if ref_name == "goat" else " (smaller puzzle: --quick)"),
            "positions": ref["positions"], "seconds": round(ref["seconds"], 3),
            "peak_mb": round(ref["peak_mb"], 1),
        },
        "analyze_goat_cold": {
            "wall_seconds": round(cold["wall_seconds"], 3), "analyze_seconds": cold["analyze_seconds"],
            "peak_mb": round(cold["peak_mb"], 1),
            "speedup_vs_reference": (round(ref["seconds"] / cold["wall_seconds"], 1) if ref_name == "goat"
                                     else round(ref_rate and (cold["positions"] / cold["wall_seconds"]) / ref_rate, 1)),
            "targets": {"speedup": ">= 15", "peak_mb": "<= 100"},
        },
        "puzzles": rows,
        "targets": {"build_seconds": "<= 10", "build_peak_mb": "<= 200", "load_ms": "<= 50", "hint_us": "<= 1000"},
    }
    if "goat" in by_name:
        summary["goat"] = {k: by_name["goat"][k] for k in ("build_seconds", "build_peak_mb", "load_ms", "hint_mean_us")}
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"Reference: {summary['reference']['what']}: {ref['positions']:,} positions in "
          f"{ref['seconds']:.2f} s, peak {ref['peak_mb']:.0f} MB")
    c = summary["analyze_goat_cold"]
    print(f"'main.py analyze goat', empty cache, whole process: {c['wall_seconds']:.2f} s "
          f"(sweep+analysis {c['analyze_seconds']:.2f} s), peak {c['peak_mb']:.0f} MB, "
          f"{c['speedup_vs_reference']}x faster than the reference{'' if ref_name == 'goat' else ' per position'}"
          f"  [targets: >= 15x, <= 100 MB]")
    print()
    print(f"{'puzzle':22s} {'ranks':>10s} {'solvable':>10s} {'ranker':>14s} {'build s':>8s} {'x ref':>6s} "
          f"{'peak MB':>8s} {'load ms':>8s} {'trusted':>8s} {'check ms':>9s} {'x build':>7s} {'checked':>18s} {'hint us':>8s} "
          f"{'p99 us':>7s}")
    for r in rows:
        share = r["check_ms"] / 1000 / r["build_seconds"] if r["build_seconds"] else 0.0
        print(f"{r['puzzle']:22s} {r['positions']:>10,} {r['solvable']:>10,} {r['ranker']:>14s} {r['build_seconds']:>8.3f} "
              f"{r['speedup_vs_reference'] or 0:>6.1f} {r['build_peak_mb']:>8.1f} {r['load_ms']:>8.2f} "
              f"{r['load_unchecked_ms']:>8.2f} {r['check_ms']:>9.2f} {share:>7.2f} {r['checked']:>18s} {r['hint_mean_us']:>8.1f} {r['hint_p99_us']:>7.1f}")
    print(f"\nanswers as shown, every entry they rest on checked (mean of {CHECKED_ANSWERS} random positions, ms):")
    for r in rows:
        print(f"  {r['puzzle']:22s} a line {r['line_ms']:>7.2f} -> {r['line_checked_ms']:>7.2f}   "
              f"marks {r['marks_ms']:>6.2f} -> {r['marks_checked_ms']:>6.2f}")
    print("\n'x ref': positions swept (solvable) per second, relative to the reference. Peak MB: traced allocations "
          "of the build. 'load ms': the table loaded and checked against the rules ('trusted': the same load "
          "unchecked, for reference; 'check ms': the check alone, 'x build' its share of a rebuild). Targets: build <= 10 s and <= 200 MB, load <= 50 ms, "
          "hint <= 1000 us.")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
