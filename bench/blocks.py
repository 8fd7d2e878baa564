"""Benchmark: sliding-block move generators, sweeps and tables.

First the move generators on the same positions (a sample of the start's component: Klotski in each
count, the Red Donkey with its door in two): today's rules one position at a time (what a plain search
runs), the rules' numpy matrix a block at a time (what the numpy tables ran), and the compiled engine;
then the whole component swept by the compiled layered sweep against the plain dictionary breadth-first
search (CPython, a child process), in positions a second and bytes a position held; then a large
component by the numpy table sweep and the compiled one. Ratios are within this run.

Then each table figure is a whole process with an empty cache (``main.py analyze ... --json``; the
compiled kernels, built once per installation, kept): Klotski in every move count, and a large 4x5
component of the Klotski family in the path and cell counts; then the latency of a hint (the best moves
of a position) once a table is loaded, and the time to load Klotski's table, checked against the rules
and trusted unchecked. The same run times a reference: a plain dictionary breadth-first search of
Klotski's component in CPython, in a child process; ratios are against it.

With ``--level FILE`` it measures a player's file instead: breadth-first layers from its start for
``--seconds`` of processor time on one thread (each layer's positions and growth, the positions found a processor-second),
then the move generator on a sample of the last layer. Processor time, so the machine's other load counts
little; a file the game does not ship can be measured so without copying it anywhere. With ``--threads
LIST`` the same layers are swept again to the depth the first sweep reached, on each number of threads
in turn (a layer's chunks, sorts and merges shared among them), in wall time: positions a second against
the first count given, in the same run, and the layers compared (they must be the same).

Usage: python main.py bench blocks [--json] [--quick] [--large GRID] [--hints N]
       python main.py bench blocks --level FILE [--seconds S] [--threads 1,2] [--json]
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import TYPE_CHECKING, Callable

from bench.tables import analyze_cold, child
from game.cli import OneSentenceParser, UsageError, guarded

if TYPE_CHECKING:
    import numpy as np

    from game.families.blocks.engine import Engine

ROOT = Path(__file__).resolve().parent.parent
# 4x5: the 2x2, three distinct upright two-cell pieces, one lying, six identical single cells
LARGE = "CBBD/CBBD/EFFG/EHIJ/KL.."
LARGE_SAME = "GHIJKL"
MAX_HINTS = 1_000_000
# the generators' puzzles: Klotski in each count; the Red Donkey (Klotski's box with its exit, 7 rows and a
# door) in two, its million positions swept whole by the compiled sweep, the plain search timed on the first
# PLAIN_CAP of them
GENERATED = ("klotski@cell", "klotski@line", "klotski", "red-donkey@cell", "red-donkey")

# a child runs this: a plain dictionary breadth-first search over the puzzle's own moves
_REFERENCE = r"""
import json, resource, sys, time
from collections import deque
sys.path.insert(0, {root!r})
from game.catalog import registry as catalog
puzzle = catalog.puzzle({name!r})
list(puzzle.successors(puzzle.start))
started = time.perf_counter()
seen = {{puzzle.start}}
todo = deque(seen)
while todo and len(seen) < {cap}:
    for _, nxt in puzzle.successors(todo.popleft()):
        if nxt not in seen:
            seen.add(nxt)
            todo.append(nxt)
seconds = time.perf_counter() - started
held = sys.getsizeof(seen) + sys.getsizeof(todo) + sum(sys.getsizeof(s) for s in seen)
print(json.dumps({{"positions": len(seen), "seconds": seconds, "complete": not todo, "held_bytes": held,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""
PLAIN_CAP = 60_000   # positions the plain search of a large component finds before its rate is taken


def reference(name: str = "klotski@cell", cap: int = 1 << 62) -> dict:
    """The plain dictionary BFS of ``name``'s component (the first ``cap`` positions), in a child process:
    positions, seconds, whether it ended, the bytes its set and queue held."""
    with tempfile.TemporaryDirectory() as cache:
        return child(_REFERENCE.format(root=str(ROOT), name=name, cap=cap), dict(os.environ, FEWEST_MOVES_CACHE=cache))


def large_file(folder: str, grid: str, same: str) -> str:
    rows = grid.split("/")
    goal = ["?" * len(r) for r in rows[:-2]] + ["?BB?", "?BB?"]
    text = ('format = 1\ntitle = "A large Klotski-family component"\nfamily = "blocks"\nmoves = "path"\n'
            'start = """\n' + "\n".join(rows) + '\n"""\n' + (f'same = ["{same}"]\n' if same else "")
            + 'goal = """\n' + "\n".join(goal) + '\n"""\n')
    path = Path(folder) / "large.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


# a child runs this: the compiled kernels built from nothing, timed (once per installation)
_FIRST_COMPILE = r"""
import json, sys, time
sys.path.insert(0, {root!r})
from game.catalog import registry as catalog
from game.families.blocks.engine import Engine
puzzle = catalog.puzzle("klotski")
engine = Engine(puzzle)
started = time.perf_counter()
engine.children(engine.key(puzzle.start)[None])
engine.goal_mask(engine.key(puzzle.start)[None])
print(json.dumps({{"seconds": time.perf_counter() - started}}))
"""


def first_compile() -> dict:
    with tempfile.TemporaryDirectory(prefix="fewest-moves-numba-") as folder:
        return child(_FIRST_COMPILE.format(root=str(ROOT)), dict(os.environ, NUMBA_CACHE_DIR=folder))


def _timed(run: Callable[[], object], least: float = 0.5) -> float:
    """Seconds one call of ``run`` takes (repeated until ``least`` seconds have passed; the best of three)."""
    best = float("inf")
    for _ in range(3):
        calls, started = 0, time.perf_counter()
        while True:
            run()
            calls += 1
            spent = time.perf_counter() - started
            if spent >= least:
                break
        best = min(best, spent / calls)
    return best


def peak_watch():   # type: ignore[no-untyped-def]
    """A watch without limits that keeps the most bytes a sweep said it held (its ``peak``)."""
    from solvers.limits import Limits, Watch

    class PeakWatch(Watch):
        peak = 0

        def check(self, what: str, depth: int, held: int, fraction: float | None = None,
                  estimate: float | None = None) -> None:
            self.peak = max(self.peak, held)
            super().check(what, depth, held, fraction, estimate)

    return PeakWatch(Limits(None, None))


def generator_rates(name: str, plain: dict, sample: int = 20_000, python_sample: int = 1_000) -> dict:
    """Positions a second each generator expands, over the same positions of ``name``'s component; the
    compiled layered sweep of the whole component against ``plain`` (the dictionary BFS of it, timed in
    a child process of this run), and the bytes a position the sweep held at most."""
    import numpy as np

    from game.catalog import registry as catalog
    from game.families.blocks.engine import Engine
    from solvers import frontier

    puzzle = catalog.puzzle(name)
    engine = Engine(puzzle)
    engine.children(engine.key(puzzle.start)[None])   # kernels loaded before the clock starts
    watch = peak_watch()
    started = time.perf_counter()
    keys = frontier.component(engine, engine.key(puzzle.start), watch)
    sweep = time.perf_counter() - started
    everything = len(keys)
    keys = keys[np.random.default_rng(1).permutation(len(keys))[:sample]]
    boards = engine.decode(keys)
    states = [bytes(b) for b in boards[:python_sample]]
    children = len(engine.children(keys)[0])
    rules = _timed(lambda: [list(puzzle.successors(s)) for s in states]) / len(states)
    matrix = _timed(lambda: [puzzle.successors_of(boards[at:at + 4096]) for at in range(0, len(boards), 4096)])
    compiled = _timed(lambda: engine.children(keys))
    plain_rate = plain["positions"] / plain["seconds"]
    assert plain["positions"] == everything or not plain["complete"]
    return {"puzzle": name, "positions": len(keys), "children_per_position": round(children / len(keys), 2),
            "rules_per_second": round(1 / rules), "matrix_per_second": round(len(keys) / matrix),
            "compiled_per_second": round(len(keys) / compiled),
            "x_rules": round(rules * len(keys) / compiled, 1), "x_matrix": round(matrix / compiled, 1),
            "component": everything, "plain_sweep_per_second": round(plain_rate),
            "compiled_sweep_per_second": round(everything / sweep), "x_plain_sweep": round(everything / sweep / plain_rate, 1),
            "sweep_bytes_per_position": round(watch.peak / everything, 1),
            "plain_bytes_per_position": round(plain["held_bytes"] / plain["positions"]),
            "plain_positions": plain["positions"]}


def sweep_rates(path: str, count: str) -> dict:
    """The large component swept by the numpy table sweep and the compiled layered sweep (positions a
    second, bytes held a position), in this process."""
    from game.catalog import registry as catalog
    from game.families.blocks.engine import Engine
    from game.families.blocks.rules import BlocksPuzzle
    from solvers import frontier
    from solvers.components import component_table

    puzzle = catalog.puzzle(path if count == "path" else f"{path}@{count}")
    assert isinstance(puzzle, BlocksPuzzle)
    engine = Engine(puzzle)
    engine.children(engine.key(puzzle.start)[None])   # kernels loaded before the clock starts
    started = time.perf_counter()
    watch = peak_watch()
    keys = frontier.component(engine, engine.key(puzzle.start), watch)
    compiled_seconds = time.perf_counter() - started
    frontier.distances(engine, keys, watch)
    table_seconds = time.perf_counter() - started
    started = time.perf_counter()
    numpy_keys, _table = component_table(puzzle.start, puzzle.goal_mask, puzzle.expand, puzzle.keys(), limit=1 << 40,
                                         explore=puzzle.explore)
    numpy_seconds = time.perf_counter() - started
    assert len(numpy_keys) == len(keys)
    return {"count": count, "positions": len(keys), "compiled_seconds": round(compiled_seconds, 2),
            "compiled_per_second": round(len(keys) / compiled_seconds),
            "compiled_bytes_per_position": round(watch.peak / len(keys), 1),
            "compiled_table_seconds": round(table_seconds, 2), "numpy_table_seconds": round(numpy_seconds, 2),
            "x_numpy_table": round(numpy_seconds / table_seconds, 1)}


def hint_latency(name: str, hints: int) -> dict:
    """Microseconds for the best moves of random positions of a loaded table."""
    import numpy as np

    from game.catalog import registry as catalog
    from game.oracles.base import Build

    spec = catalog.get(name)
    assert spec.oracle.prepare(Build.ALWAYS)
    table = getattr(spec.oracle, "table")
    rng = np.random.default_rng(1)
    states = [bytes(b) for b in table.ranker.unrank(rng.integers(0, len(table), hints))]
    times = []
    for state in states:
        started = time.perf_counter()
        table.best_moves(spec.puzzle, state)
        times.append(time.perf_counter() - started)
    times.sort()
    return {"mean_us": round(1e6 * sum(times) / len(times), 1), "median_us": round(1e6 * median(times), 1),
            "p99_us": round(1e6 * times[int(0.99 * (len(times) - 1))], 1), "max_us": round(1e6 * times[-1], 1)}


def load_times(name: str) -> dict:
    """Milliseconds to load a cached component table into a fresh oracle, checked against the rules
    and, as the reference, trusted unchecked (median of five each)."""
    from game.catalog import registry as catalog
    from game.oracles.base import Build
    from game.families.blocks.oracle import ComponentTableOracle

    spec = catalog.get(name)
    assert spec.oracle.prepare(Build.ALWAYS)   # in the cache now

    def load(trusted: bool) -> float:
        oracle = ComponentTableOracle(spec.oracle.puzzle)   # type: ignore[arg-type]
        if trusted:
            oracle._matches = lambda array: True   # type: ignore[method-assign]
        started = time.perf_counter()
        assert oracle.prepare(Build.NEVER)
        return time.perf_counter() - started

    checked = median(load(False) for _ in range(5))
    trusted = median(load(True) for _ in range(5))
    return {"checked_ms": round(1000 * checked, 2), "trusted_ms": round(1000 * trusted, 2)}


def threads_compared(engine: "Engine", start: "np.ndarray", depth: int, counts: list[int]) -> list[dict]:
    """The layers from ``start`` to ``depth`` swept on each number of threads in ``counts``, in wall time, each
    sweep's layer sizes checked against the first's."""
    from solvers import frontier
    from solvers.limits import Limits, Watch

    rows, first = [], None
    for threads in counts:
        layers = frontier.Layers(engine, start, Watch(Limits(None, None)), keep=False, threads=threads)
        sizes = []
        wall, cpu = time.perf_counter(), time.process_time()
        while layers.depth < depth and len(layers.last):
            sizes.append(len(layers.step()))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        first = sizes if first is None else first
        if sizes != first:
            raise AssertionError("a sweep on more threads found other layers")
        rows.append({"threads": threads, "depth": layers.depth, "found": layers.positions, "wall_seconds": round(wall, 2),
                     "cpu_seconds": round(cpu, 2), "found_per_second": round(layers.positions / wall)})
    for row in rows:
        row["ratio"] = round(row["found_per_second"] / rows[0]["found_per_second"], 2)
    return rows


def level_layers(path: str, seconds: float, threads: list[int] | None = None) -> dict:
    """A puzzle file swept breadth-first from its start (its doors barred, as ``solve`` sweeps it) until
    ``seconds`` of processor time: each layer, and the move generator's rate on a sample of the last one."""
    import numpy as np

    from game.catalog import registry as catalog
    from game.families.blocks.rules import BlocksPuzzle
    from game.families.blocks.solve import Solver
    from solvers import frontier
    from solvers.limits import LimitReached, Limits, Watch

    puzzle = catalog.puzzle(path)
    if not isinstance(puzzle, BlocksPuzzle):
        raise UsageError("--level takes a sliding-block puzzle file")
    engine = Solver(puzzle).engine()
    engine.warm()
    started = time.process_time()
    layers = frontier.Layers(engine, engine.key(puzzle.start)[None], Watch(Limits(seconds, None), clock=time.process_time),
                             keep=False, threads=1)
    rows, complete, swept = [], False, 0.0   # swept: processor seconds to the last whole layer
    try:
        while True:
            before = len(layers.last)
            new = layers.step()
            if not len(new):
                complete = True
                break
            swept = time.process_time() - started
            rows.append({"depth": layers.depth, "positions": len(new), "growth": round(len(new) / before, 2),
                         "found": layers.positions, "cpu_seconds": round(swept, 2)})
    except LimitReached:
        pass
    spent = time.process_time() - started
    last = layers.last if len(layers.last) else layers.previous   # a component swept whole ends empty
    sample = last[np.random.default_rng(1).permutation(len(last))[:20_000]]
    children = len(engine.children(sample)[0])
    best = float("inf")
    for _ in range(5):
        calls, began = 0, time.process_time()
        while calls == 0 or time.process_time() - began < 0.1:
            engine.children(sample)
            calls += 1
        best = min(best, (time.process_time() - began) / calls)
    compared = threads_compared(engine, engine.key(puzzle.start)[None], layers.depth, threads) if threads else []
    return {"level": Path(path).name, "layers": rows, "complete": complete, "found": layers.positions,
            "cpu_seconds": round(spent, 1), "swept_cpu_seconds": round(spent if complete else swept, 2),
            # the layers found over the time they took: the layer a limit cut short found nothing yet
            "found_per_cpu_second": round(layers.positions / (spent if complete else swept)) if swept > 0 else 0,
            "words": engine.words, "bitboards": engine.bits_ok, "sample": len(sample),
            "children_per_position": round(children / max(1, len(sample)), 1),
            "generated_per_cpu_second": round(len(sample) / best) if best > 0 else None,
            "threads": compared}


def print_level(result: dict) -> None:
    print(f"{result['level']}: breadth-first layers ({result['words']}-word keys, "
          f"{'bitboards' if result['bitboards'] else 'cell by cell'}; processor seconds)")
    print(f"  {'depth':>5s} {'positions':>12s} {'growth':>7s} {'found':>13s} {'seconds':>8s}")
    for row in result["layers"]:
        print(f"  {row['depth']:>5} {row['positions']:>12,} {row['growth']:>7} {row['found']:>13,} {row['cpu_seconds']:>8}")
    print(f"  {'the component, swept whole' if result['complete'] else 'stopped at the time given'}: "
          f"{result['found']:,} positions in {result['swept_cpu_seconds']} s, {result['found_per_cpu_second']:,} a second")
    print(f"  move generator on {result['sample']:,} positions of the last layer: {result['children_per_position']} "
          f"children each, {result['generated_per_cpu_second']:,} positions a second")
    for row in result["threads"]:
        print(f"  {row['threads']} thread{'s' if row['threads'] > 1 else ''} to depth {row['depth']}: {row['found']:,} positions "
              f"in {row['wall_seconds']} s ({row['cpu_seconds']} s of processor time), {row['found_per_second']:,} a second, "
              f"{row['ratio']} times the first")


def thread_counts(text: str | None) -> list[int]:
    """--threads' numbers (from 1 to 64, by commas)."""
    if text is None:
        return []
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if not counts or not all(1 <= c <= 64 for c in counts):
        raise UsageError("--threads takes numbers of threads from 1 to 64, separated by commas")
    return counts


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench blocks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="leave out the large component")
    parser.add_argument("--large", default=LARGE, metavar="GRID", help="the large component's start, rows by '/'")
    parser.add_argument("--hints", type=int, default=10_000, help="random positions for the hint latency")
    parser.add_argument("--level", metavar="FILE", help="measure this sliding-block file's layers instead")
    parser.add_argument("--seconds", type=float, default=60.0, help="processor seconds for --level's sweep")
    parser.add_argument("--threads", help="--level's layers again on these numbers of threads, e.g. 1,2")
    args = parser.parse_args(argv)
    if args.level is not None:
        if not 1 <= args.seconds <= 86_400:
            raise UsageError("--seconds takes a number of seconds from 1 to 86,400")
        result = level_layers(args.level, args.seconds, thread_counts(args.threads))
        if args.json:
            print(json.dumps(result))
        else:
            print_level(result)
        return 0
    if not 1 <= args.hints <= MAX_HINTS:
        raise UsageError(f"--hints takes a number of positions from 1 to {MAX_HINTS:,}")
    log = (lambda *a: None) if args.json else (lambda *a: print(*a, file=sys.stderr, flush=True))

    log("the compiled kernels built from nothing (child process, once per installation) ...")
    compile_once = first_compile()
    generators, plain = [], {}
    for name in GENERATED:
        log(f"plain dictionary BFS of {name}'s component (child process), then the generators on its positions ...")
        plain[name] = reference(name, PLAIN_CAP)
        generators.append(generator_rates(name, plain[name]))
    ref = plain["klotski@cell"]
    kernels = os.environ.get("NUMBA_CACHE_DIR")
    runs, sweeps, large_ref = [], [], None
    for count in ("cell", "line", "path"):
        log(f"analyze klotski --moves {count}, empty cache (child process) ...")
        runs.append({"puzzle": "klotski", "count": count,
                     **analyze_cold("klotski", "--moves", count, compiled_in=kernels)})
    if not args.quick:
        with tempfile.TemporaryDirectory() as folder:
            path = large_file(folder, args.large, LARGE_SAME if args.large == LARGE else "")
            log(f"reference: plain dictionary BFS of the large component's first {PLAIN_CAP:,} positions (child process) ...")
            large_ref = reference(path, PLAIN_CAP)
            for count in ("path", "cell"):
                log(f"sweeps of the large component --moves {count} ...")
                sweeps.append(sweep_rates(path, count))
                log(f"analyze the large component --moves {count}, empty cache (child process) ...")
                runs.append({"puzzle": args.large, "count": count,
                             **analyze_cold(path, "--moves", count, compiled_in=kernels)})
    hints = {count: hint_latency(f"klotski@{count}", args.hints) for count in ("cell", "line", "path")}
    loads = {count: load_times(f"klotski@{count}") for count in ("cell", "line", "path")}
    for run in runs:
        run["x_reference"] = round(ref["wall_seconds"] / run["wall_seconds"], 1) if run["puzzle"] == "klotski" else None
    if large_ref is not None:
        for sweep in sweeps:
            sweep["plain_per_second"] = round(large_ref["positions"] / large_ref["seconds"])
            sweep["x_plain"] = round(sweep["compiled_per_second"] / sweep["plain_per_second"], 1)
            sweep["plain_bytes_per_position"] = round(large_ref["held_bytes"] / large_ref["positions"])
    summary = {"first_compile_seconds": round(compile_once["seconds"], 1), "generators": generators,
               "sweeps": sweeps, "large_reference": large_ref, "reference": ref, "runs": runs, "hints": hints,
               "loads": loads,
               "targets": {"klotski_seconds": "< 1", "large_seconds": "<= 10", "large_mb": "<= 200",
                           "hint_us": "<= 1000"}}
    if args.json:
        print(json.dumps(summary))
        return 0
    print("Move generators on the same positions (positions expanded a second; x rules: the compiled generator\n"
          "against today's rules one position at a time, as a plain search runs them; x matrix: against the\n"
          "rules' numpy matrix, as the numpy tables ran them):")
    print(f"  {'puzzle':16s} {'children':>8s} {'rules':>9s} {'matrix':>9s} {'compiled':>10s} {'x rules':>8s} "
          f"{'x matrix':>8s}")
    for g in generators:
        print(f"  {g['puzzle']:16s} {g['children_per_position']:>8} {g['rules_per_second']:>9,} "
              f"{g['matrix_per_second']:>9,} {g['compiled_per_second']:>10,} {g['x_rules']:>8} {g['x_matrix']:>8}")
    print(f"  (the kernels' first compile, once per installation: {compile_once['seconds']:.1f} s)")
    print(f"\nWhole sweeps of the start's component (positions found a second, the plain BFS over its first "
          f"{PLAIN_CAP:,} at most;\nbytes a position: the plain BFS's set and queue, the compiled sweep's layers and "
          f"buffers at their peak):")
    print(f"  {'puzzle':16s} {'positions':>9s} {'plain BFS':>10s} {'B/pos':>6s} {'compiled':>10s} {'B/pos':>6s} {'x BFS':>6s}")
    for g in generators:
        print(f"  {g['puzzle']:16s} {g['component']:>9,} {g['plain_sweep_per_second']:>10,} "
              f"{g['plain_bytes_per_position']:>6} {g['compiled_sweep_per_second']:>10,} "
              f"{g['sweep_bytes_per_position']:>6} {g['x_plain_sweep']:>6}")
    if sweeps and large_ref is not None:
        print(f"\nSweeps of the large component ({sweeps[0]['positions']:,} positions): positions a second and "
              "bytes held a position")
        for w in sweeps:
            print(f"  {w['count']:5s} plain dictionary BFS {w['plain_per_second']:>9,} /s {w['plain_bytes_per_position']:>5} B"
                  f"   compiled layered sweep {w['compiled_per_second']:>10,} /s {w['compiled_bytes_per_position']:>5} B"
                  f"   x {w['x_plain']}")
            print(f"        table (component and distances): numpy {w['numpy_table_seconds']:.2f} s, compiled "
                  f"{w['compiled_table_seconds']:.2f} s, x {w['x_numpy_table']}")
    print(f"\nReference: plain dictionary BFS of Klotski in CPython: {ref['positions']:,} positions in "
          f"{ref['seconds']:.2f} s ({ref['wall_seconds']:.2f} s as a whole process), peak {ref['peak_mb']:.0f} MB")
    print(f"\n{'puzzle':26s} {'count':>5s} {'positions':>10s} {'longest':>8s} {'whole s':>8s} {'peak MB':>8s} "
          f"{'x ref':>6s}")
    for r in runs:
        ratio = f"{r['x_reference']:.1f}" if r["x_reference"] is not None else "-"
        print(f"{r['puzzle']:26s} {r['count']:>5s} {r['positions']:>10,} {r['max_distance']:>8} {r['wall_seconds']:>8.2f} "
              f"{r['peak_mb']:>8.0f} {ratio:>6s}")
    print("\nhint latency once the table is loaded (Klotski):")
    for count, h in hints.items():
        print(f"  {count:5s} mean {h['mean_us']:.0f} us, median {h['median_us']:.0f} us, p99 {h['p99_us']:.0f} us, "
              f"max {h['max_us']:.0f} us")
    print("\nloading Klotski's cached table, checked against the rules (trusted unchecked, for reference):")
    for count, t in loads.items():
        print(f"  {count:5s} {t['checked_ms']:.1f} ms ({t['trusted_ms']:.1f} ms)")
    print("\n'whole s': the whole process, interpreter start-up and cache writing included. 'x ref': how many "
          "times faster than the reference (also a whole process) explores the same component. Targets: Klotski < 1 s in every count, "
          "the large component <= 10 s and <= 200 MB, a hint <= 1 ms.")
    return 0
