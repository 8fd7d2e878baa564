"""Benchmark: solve every 15-puzzle position of an instances file optimally.

Tables are loaded (or built) before timing starts. Absolute seconds depend on the
machine, so the run also times a fixed reference solve (Manhattan + linear conflict on
the three easiest Korf positions) in the same process and reports the ratios.
"""

from __future__ import annotations

import argparse
import json
import math
import re
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

DEFAULT_INSTANCES = assets() / "fifteen10.tsv"
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


def _solve(board: bytes, limit: float | None = None, heuristic=None) -> Run:
    """Solve and time one position, checking the path ends at the goal; give up after ``limit`` seconds."""
    puzzle = catalog.puzzle("fifteen")
    start = time.perf_counter()
    deadline = None if limit is None else start + limit
    cancel = None if deadline is None else (lambda: time.perf_counter() > deadline)
    try:
        path = fifteen.solve15(puzzle, board, cancel=cancel, heuristic=heuristic)
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


def run(args: argparse.Namespace) -> int:
    instances = read_instances(Path(args.instances))
    log = sys.stderr

    shown = [-1]

    def show(fraction: float, message: str) -> None:
        percent = int(fraction * 100)
        if not args.json and percent != shown[0]:
            shown[0] = percent
            end = "" if log.isatty() else "\n"
            print(f"\rbuilding tables {percent:3d}%  {message:<44}", end=end, file=log, flush=True)

    start = time.perf_counter()
    tables = fifteen.load_tables(build=False)
    needed_build = tables is None
    if tables is None:
        tables = fifteen.load_tables(progress=show)
    fifteen.install(tables)
    prepare = time.perf_counter() - start
    if needed_build and not args.json and log.isatty():
        print(file=log)

    puzzle = catalog.puzzle("fifteen")
    ref_runs = [_solve(puzzle.parse(t), heuristic=fifteen.manhattan_heuristic()) for t in REFERENCE]
    ref_seconds = sum(r.seconds for r in ref_runs)
    ref_nodes = sum(r.nodes for r in ref_runs)
    rows = []
    failures = 0
    if not args.json:
        print(f"{'name':<12}{'length':>7}{'expected':>9}{'nodes':>11}{'seconds':>9}")
    for inst in instances:
        outcome = _solve(inst.board, args.limit)
        length, nodes = outcome.length, outcome.nodes
        seconds = args.limit if length is None else outcome.seconds
        if length is None or (inst.expected is not None and length != inst.expected):
            failures += 1
        rows.append({"name": inst.name, "length": length, "expected": inst.expected, "nodes": nodes, "seconds": seconds})
        if not args.json:
            shown = "timeout" if length is None else str(length)
            exp = "?" if inst.expected is None else str(inst.expected)
            print(f"{inst.name:<12}{shown:>7}{exp:>9}{nodes or 0:>11}{seconds:>9.3f}", flush=True)

    summary = _summary([r["seconds"] for r in rows])
    summary.update(
        {
            "count": len(rows),
            "failures": failures,
            "nodes": int(sum(r["nodes"] or 0 for r in rows)),
            "heuristic": fifteen.best_heuristic().name,
            "tables_built": needed_build,
            "tables_seconds": prepare,
            "reference": {"name": REFERENCE_NAME, "seconds": ref_seconds, "nodes": ref_nodes},
            "total_over_reference": summary["total"] / ref_seconds,
            "median_over_reference": summary["median"] / ref_seconds,
        }
    )
    if args.json:
        print(json.dumps({"instances": rows, "summary": summary}, indent=2))
    else:
        verb = "built" if needed_build else "loaded"
        print(
            f"total {summary['total']:.3f} s, median {summary['median']:.3f} s, "
            f"90th percentile {summary['p90']:.3f} s, max {summary['max']:.3f} s "
            f"({len(rows)} positions, {summary['nodes']} nodes, {failures} not optimal or timed out)"
        )
        print(f"tables {verb} in {prepare:.2f} s (not included above)")
        print(
            f"reference ({REFERENCE_NAME}): {ref_seconds:.3f} s, {ref_nodes} nodes; "
            f"total = {summary['total_over_reference']:.1f} x reference, median = {summary['median_over_reference']:.2f} x reference"
        )
    return 1 if failures else 0


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench fifteen", description=__doc__.splitlines()[0])
    parser.add_argument("--instances", default=str(DEFAULT_INSTANCES), metavar="FILE",
                        help="tab-separated name, optimal, position (default: the ten Korf positions)")
    parser.add_argument("--limit", type=float, default=None, metavar="SECONDS",
                        help="give up on a position after this many seconds")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    if args.limit is not None and not (math.isfinite(args.limit) and args.limit > 0):
        raise UsageError("--limit must be a positive number of seconds")
    try:
        return run(args)
    except KeyboardInterrupt:
        print("interrupted.", file=sys.stderr)
        return 130
