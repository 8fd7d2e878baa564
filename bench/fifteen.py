"""Benchmark: solve every 15-puzzle position of an instances file optimally.

Tables are loaded (or built, timed with the process's peak memory) before timing starts,
and the compiled search is compiled (or loaded from numba's cache) and timed too.
Absolute seconds depend on the machine, so the run also times a fixed reference solve
(Manhattan + linear conflict on the three easiest Korf positions) in the same process
and reports the ratios; the first positions are also solved by the numpy search for the
compiled/numpy ratio, and the hardest positions (80 moves) are solved last. ``--first-build`` first
times what a player's first 15-puzzle solve costs: ``main.py solve fifteen`` as a whole process into an
empty cache (the tables built, the search compiled), with its peak memory and the progress lines it wrote
to a stderr that is not a terminal.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import resource
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.catalog import registry as catalog
from game.cli import OneSentenceParser, UsageError, guarded
from game.rules.puzzle import PositionError
from game.common.resources import assets
from game.common.untrusted import read_text, shown
from solvers import fifteen
from solvers.problem import Cancelled

DEFAULT_INSTANCES = assets() / "korf100.tsv"
HARDEST = assets() / "fifteen80.tsv"
# The reference: Manhattan + linear conflict (no tables) on the three easiest positions.
REFERENCE = (
    "5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3",
    "1 3 5 6/0 13 14 9/11 4 8 12/10 7 15 2",
    "5 7 3 6/0 9 13 11/8 12 2 15/10 14 1 4",
)
REFERENCE_NAME = "manhattan+lc on korf-55, korf-12, korf-30"
MAX_FILE = 1 << 20              # an instances file of a few thousand positions is under 100 kB
_OPTIMAL = re.compile(r"[0-9]{1,3}")


@dataclass
class Instance:
    name: str
    expected: int | None
    board: bytes


@dataclass
class Run:
    """One timed solve: None for length and nodes when it ran out of time."""

    length: int | None
    nodes: int | None
    seconds: float


def read_instances(path: Path) -> list[Instance]:
    """Parse a tab-separated file: name, optimal length (or '?'), position text."""
    text = read_text(path, MAX_FILE, "instances file")
    where = shown(str(path), 60)
    out: list[Instance] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise UsageError(f"{where}:{number}: expected 3 tab-separated fields (name, optimal, position).")
        name, optimal, position = (f.strip() for f in fields)
        if name == "name" and optimal == "optimal":
            continue
        if optimal in ("?", "-", ""):
            expected = None
        elif _OPTIMAL.fullmatch(optimal):
            expected = int(optimal)
        else:
            raise UsageError(f"{where}:{number}: optimal length '{shown(optimal)}' is not a number of moves.")
        try:
            board = catalog.puzzle("fifteen").parse(position)
        except PositionError as exc:
            raise UsageError(f"{where}:{number}: position '{shown(name)}': {str(exc).rstrip('.')}.") from None
        out.append(Instance(name, expected, board))
    if not out:
        raise UsageError(f"the instances file {where} holds no positions.")
    return out


def _solve(board: bytes, limit: float | None = None, heuristic=None, compiled: bool = True) -> Run:
    """Solve and time one position, checking the path ends at the goal; give up after ``limit`` seconds."""
    puzzle = catalog.puzzle("fifteen")
    start = time.perf_counter()
    deadline = None if limit is None else start + limit
    cancel = None if deadline is None else (lambda: time.perf_counter() > deadline)
    try:
        path = fifteen.solve15(puzzle, board, cancel=cancel, heuristic=heuristic, compiled=compiled)
    except Cancelled:
        return Run(None, None, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if not puzzle.is_goal(path.states[-1]):  # pragma: no cover - a solver bug, not bad input
        raise AssertionError("the solver's path does not end at the goal")
    return Run(len(path), path.nodes, seconds)


def _summary(seconds: list[float]) -> dict[str, float]:
    s = np.array(seconds, dtype=float)
    return {
        "total": float(s.sum()),
        "median": float(np.median(s)),
        "p90": float(np.percentile(s, 90)),
        "max": float(s.max()),
    }


def _peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux and macOS count differently)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def _tables(args: argparse.Namespace, log) -> dict:
    """Load the tables, or build them (timed, with the peak memory); then compile the search."""
    shown = [-1]

    def show(fraction: float, message: str) -> None:
        percent = int(fraction * 100)
        if not args.json and percent != shown[0]:
            shown[0] = percent
            end = "" if log.isatty() else "\n"
            print(f"\rbuilding tables {percent:3d}%  {message:<44}", end=end, file=log, flush=True)

    start = time.perf_counter()
    tables = fifteen.load_tables(build=False)
    built = tables is None
    if tables is None:
        tables = fifteen.load_tables(progress=show)
    seconds = time.perf_counter() - start
    if built and not args.json and log.isatty():
        print(file=log)
    fifteen.install(tables)
    started = time.perf_counter()
    fifteen.warm_up()
    return {"built": built, "seconds": seconds, "peak_mb": _peak_mb(),
            "megabytes": sum(t.nbytes for t in tables.values()) / 1e6, "compile_seconds": time.perf_counter() - started,
            "compiled": fifteen.compiled_search() is not None}


def _row(inst: Instance, outcome: Run, limit: float | None) -> dict:
    length = outcome.length
    seconds = limit if length is None and limit is not None else outcome.seconds
    ok = length is not None and (inst.expected is None or length == inst.expected)
    return {"name": inst.name, "length": length, "expected": inst.expected, "nodes": outcome.nodes,
            "seconds": seconds, "optimal": ok}


def _print_row(row: dict) -> None:
    shown = "timeout" if row["length"] is None else str(row["length"])
    exp = "?" if row["expected"] is None else str(row["expected"])
    print(f"{row['name']:<12}{shown:>7}{exp:>9}{row['nodes'] or 0:>12}{row['seconds']:>9.3f}", flush=True)


def _compare(instances: list[Instance], count: int) -> dict | None:
    """The same positions by the compiled and the numpy search over the same tables."""
    if fifteen.compiled_search() is None or count <= 0:
        return None
    chosen = instances[:count]
    runs = {kind: [_solve(i.board, compiled=kind == "compiled") for i in chosen] for kind in ("numpy", "compiled")}
    out: dict = {"positions": len(chosen)}
    for kind, done in runs.items():
        seconds, nodes = sum(r.seconds for r in done), sum(r.nodes or 0 for r in done)
        out[kind] = {"seconds": seconds, "nodes": nodes, "nodes_per_second": nodes / seconds}
    out["time_ratio"] = out["numpy"]["seconds"] / out["compiled"]["seconds"]
    return out


def first_build() -> dict:
    """``main.py solve fifteen`` in a fresh process with an empty cache: seconds, peak memory, and what it
    said on its stderr (a file, not a terminal) while the tables were built."""
    import os
    import tempfile

    from bench.startup import MAIN, timed
    with tempfile.TemporaryDirectory(prefix="fewest-moves-first-") as folder:
        env = {**os.environ, "FEWEST_MOVES_CACHE": folder}
        run = timed([sys.executable, MAIN, "solve", "fifteen"], env)
    said = [line for line in run["stderr"].splitlines() if line.strip()]
    return {"seconds": run["seconds"], "peak_mb": run["peak_mb"], "progress_lines": len(said),
            "first_line": said[0] if said else "", "last_line": said[-1] if said else ""}


def run(args: argparse.Namespace) -> int:
    instances = read_instances(Path(args.instances))
    hardest = read_instances(HARDEST)[:args.hard]
    log = sys.stderr
    first = None
    if args.first_build:
        if not args.json:
            print("the first solve with an empty cache: 'main.py solve fifteen' (child process) ...", file=log, flush=True)
        first = first_build()
    tables = _tables(args, log)
    puzzle = catalog.puzzle("fifteen")
    ref_runs = [_solve(puzzle.parse(t), heuristic=fifteen.manhattan_heuristic()) for t in REFERENCE]
    ref_seconds = sum(r.seconds for r in ref_runs)
    ref_nodes = sum(r.nodes for r in ref_runs)
    rows, hard_rows = [], []
    if not args.json:
        print(f"{'name':<12}{'length':>7}{'expected':>9}{'nodes':>12}{'seconds':>9}")
    for inst in instances:
        rows.append(_row(inst, _solve(inst.board, args.limit), args.limit))
        if not args.json:
            _print_row(rows[-1])
    for inst in hardest:
        hard_rows.append(_row(inst, _solve(inst.board, args.limit), args.limit))
        if not args.json:
            _print_row(hard_rows[-1])
    failures = sum(not r["optimal"] for r in rows + hard_rows)
    comparison = _compare(instances, args.compare)
    summary = _summary([r["seconds"] for r in rows])
    nodes = int(sum(r["nodes"] or 0 for r in rows))
    summary.update(
        {
            "count": len(rows),
            "failures": failures,
            "all_optimal": failures == 0,
            "nodes": nodes,
            "nodes_per_second": nodes / summary["total"] if summary["total"] else 0.0,
            "median_nodes": float(np.median([r["nodes"] or 0 for r in rows])),
            "heuristic": fifteen.best_heuristic().name,
            "search": "compiled" if tables["compiled"] else "numpy",
            "tables_built": tables["built"],
            "tables_seconds": tables["seconds"],
            "tables_megabytes": tables["megabytes"],
            "peak_megabytes_after_tables": tables["peak_mb"],
            "compile_seconds": tables["compile_seconds"],
            "reference": {"name": REFERENCE_NAME, "seconds": ref_seconds, "nodes": ref_nodes},
            "total_over_reference": summary["total"] / ref_seconds,
            "median_over_reference": summary["median"] / ref_seconds,
            "hardest": hard_rows,
            "compiled_vs_numpy": comparison,
            "first_build": first,
            "peak_megabytes": _peak_mb(),
        }
    )
    if args.json:
        print(json.dumps({"instances": rows, "summary": summary}, indent=2))
        return 1 if failures else 0
    verb = "built" if tables["built"] else "loaded"
    print(
        f"total {summary['total']:.3f} s, median {summary['median']:.3f} s, "
        f"90th percentile {summary['p90']:.3f} s, max {summary['max']:.3f} s "
        f"({len(rows)} positions, {nodes:,} nodes, {summary['nodes_per_second']:,.0f} nodes/s, "
        f"{'all optimal' if not failures else f'{failures} not optimal or timed out'})"
    )
    for row in hard_rows:
        print(f"80 moves: {row['name']} {row['seconds']:.2f} s, {row['nodes'] or 0:,} nodes "
              f"({(row['nodes'] or 0) / max(row['seconds'], 1e-9):,.0f} nodes/s) = "
              f"{row['seconds'] / ref_seconds:.1f} x reference")
    print(f"tables ({summary['heuristic']}, {tables['megabytes']:.1f} MB) {verb} in {tables['seconds']:.2f} s, "
          f"process peak {tables['peak_mb']:.0f} MB then; compiled search ready in {tables['compile_seconds']:.2f} s "
          f"(not included above)")
    if comparison is not None:
        c, n = comparison["compiled"], comparison["numpy"]
        print(f"compiled vs numpy on the first {comparison['positions']} positions: {c['seconds']:.3f} s vs "
              f"{n['seconds']:.3f} s = {comparison['time_ratio']:.1f} x faster ({c['nodes_per_second']:,.0f} vs "
              f"{n['nodes_per_second']:,.0f} nodes/s; the numpy search drops duplicates within a block)")
    if first is not None:
        print(f"first solve with an empty cache ('main.py solve fifteen', whole process): {first['seconds']:.1f} s, "
              f"peak {first['peak_mb']:.0f} MB; {first['progress_lines']} lines on a stderr that is not a terminal, "
              f"from '{first['first_line']}' to '{first['last_line'].strip()}'")
    print(
        f"reference ({REFERENCE_NAME}): {ref_seconds:.3f} s, {ref_nodes} nodes; "
        f"total = {summary['total_over_reference']:.1f} x reference, median = {summary['median_over_reference']:.2f} x reference"
    )
    return 1 if failures else 0


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench fifteen", description=__doc__.splitlines()[0])
    parser.add_argument("--instances", default=str(DEFAULT_INSTANCES), metavar="FILE",
                        help="tab-separated name, optimal, position (default: Korf's 100 positions)")
    parser.add_argument("--hard", type=int, default=1, metavar="N",
                        help="also solve the first N of the 17 positions that need 80 moves (default 1, at most 17)")
    parser.add_argument("--compare", type=int, default=10, metavar="N",
                        help="solve the first N positions with the numpy search too, for the ratio (default 10)")
    parser.add_argument("--limit", type=float, default=None, metavar="SECONDS",
                        help="give up on a position after this many seconds")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--first-build", action="store_true",
                        help="first time 'main.py solve fifteen' as a whole process with an empty cache (about a "
                             "minute: every table built)")
    args = parser.parse_args(argv)
    if args.limit is not None and not (math.isfinite(args.limit) and args.limit > 0):
        raise UsageError("--limit must be a positive number of seconds")
    if not 0 <= args.hard <= 17 or args.compare < 0:
        raise UsageError("--hard takes 0 to 17 positions and --compare a count of at least 0")
    try:
        return run(args)
    except KeyboardInterrupt:
        print("interrupted.", file=sys.stderr)
        return 130
