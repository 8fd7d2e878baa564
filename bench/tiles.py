"""Benchmark: tiles on the boards beyond the 15-puzzle's (3x4, 3x5, 4x5, 5x5) and what their answers prove.

Per board: its pattern databases (loaded, or built and timed with the process's peak memory),
the compiled search's warm-up, then uniformly random positions solved for the shortest line,
each given at most ``--limit`` seconds (nodes, node rate, lengths). On 5x5, where a random
position is beyond reach, instead: the scrambles a deal at a distance solves (how far the deal
reaches, and how long a solve takes), and random positions answered by the bounded search (its
length against the proven lower bound; never called optimal). Boards of up to ten cells have
complete tables: ``bench tables`` times them.

Absolute seconds depend on the machine, so the run also times the reference of ``bench
fifteen`` (the table-free Manhattan + linear-conflict search on korf-55, korf-12 and korf-30)
in the same process, and reports every figure against it.

Usage: python main.py bench tiles [--json] [--boards 3x4,4x5] [--count N] [--limit S] [--seed N]
"""
from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import time
from fractions import Fraction
from statistics import mean, median

from bench.fifteen import REFERENCE, REFERENCE_NAME, _peak_mb, _solve
from game.catalog import registry as catalog
from game.cli import OneSentenceParser, UsageError, guarded
from game.families.tiles.boards import BOUNDED, REACH
from game.families.tiles.dealing import random_tiles, scramble
from game.families.tiles.family import SEARCHED_SCRAMBLE
from solvers import fifteen, tiles
from solvers.problem import Cancelled

BOARDS = ("3x4", "3x5", "4x5", "5x5")
_SIZE = re.compile(r"([2-5])x([2-5])")


def _tables(layout: tiles.Layout, quiet: bool) -> tuple[tiles.Tables, dict]:
    """The board's tables, loaded or built (timed, with the peak memory then)."""
    started = time.perf_counter()
    found = tiles.load_tables(layout, build=False)
    built = found is None
    if found is None:
        shown = [-1]

        def show(fraction: float, message: str) -> None:
            if not quiet and int(fraction * 100) != shown[0]:
                shown[0] = int(fraction * 100)
                print(f"\rbuilding {layout.width}x{layout.height} tables {shown[0]:3d}%  {message:<44}", end="",
                      file=sys.stderr, flush=True)

        found = tiles.load_tables(layout, show)
        if not quiet:
            print(file=sys.stderr)
    return found, {"built": built, "seconds": time.perf_counter() - started, "peak_mb_then": _peak_mb(),
                   "megabytes": sum(t.nbytes for t in found) / 1e6}


def _optimal(solver: tiles.Solver, boards: list[bytes], limit: float) -> list[dict]:
    """Each board solved for the shortest line within ``limit`` seconds (None: it ran out of time)."""
    rows = []
    for board in boards:
        started = time.perf_counter()
        try:
            found = solver.solve(board, cancel=tiles.timed(limit))
            rows.append({"length": len(found), "nodes": found.nodes, "seconds": time.perf_counter() - started,
                         "lower_bound": solver.lower_bound(board)})
        except Cancelled:
            rows.append({"length": None, "nodes": None, "seconds": limit, "lower_bound": solver.lower_bound(board)})
    return rows


def _bounded(solver: tiles.Solver, boards: list[bytes], limit: float) -> list[dict]:
    """Each board by the bounded search the game uses beyond reach (weights in turn, as the oracle)."""
    rows = []
    for board in boards:
        started = time.perf_counter()
        for weight, seconds in BOUNDED:
            try:
                found = solver.solve(board, weight=weight, cancel=tiles.timed(seconds or limit))
                break
            except Cancelled:
                continue
        rows.append({"length": len(found), "at_least": found.at_least, "weight": str(found.weight),
                     "ratio": len(found) / found.at_least, "nodes": found.nodes,
                     "seconds": time.perf_counter() - started, "optimal": found.optimal})
    return rows


def _summary(rows: list[dict], reference: float) -> dict:
    done = [r for r in rows if r["length"] is not None]
    seconds = [r["seconds"] for r in rows]
    nodes = sum(r["nodes"] or 0 for r in done)
    total = sum(seconds)
    return {"count": len(rows), "solved": len(done), "total": total, "median": median(seconds), "max": max(seconds),
            "nodes": nodes, "nodes_per_second": nodes / max(1e-9, sum(r["seconds"] for r in done)),
            "mean_length": mean(r["length"] for r in done) if done else None,
            "longest": max((r["length"] for r in done), default=None),
            "total_over_reference": total / reference, "median_over_reference": median(seconds) / reference}


def board(size: str, args: argparse.Namespace, reference: float, rng: random.Random) -> dict:
    width, height = (int(x) for x in size.split("x"))
    layout = tiles.Layout(width, height, width * height - 1)
    tables, built = _tables(layout, args.json)
    cuts = layout.partitions
    solver = tiles.Solver(layout, cuts, tables, " + ".join("-".join(str(len(g)) for g in cut) for cut in cuts))
    started = time.perf_counter()
    solver.solve(random_tiles(width, height, random.Random(0)), weight=Fraction(4))   # compiles, or loads the cache
    out: dict = {"board": size, "partitions": [list(map(list, cut)) for cut in cuts], "tables": built,
                 "compile_seconds": time.perf_counter() - started}
    if (width, height) not in REACH:
        rows = _optimal(solver, [random_tiles(width, height, rng) for _ in range(args.count)], args.limit)
        out["random"] = {"rows": rows, **_summary(rows, reference)}
        return out
    puzzle = catalog.puzzle(f"tiles-{size}")
    scrambles = [scramble(puzzle, SEARCHED_SCRAMBLE, rng) for _ in range(args.count)]
    rows = _optimal(solver, scrambles, args.limit)
    out["scrambles"] = {"moves": SEARCHED_SCRAMBLE, "rows": rows, **_summary(rows, reference)}
    bounded = _bounded(solver, [random_tiles(width, height, rng) for _ in range(args.count)], args.limit)
    out["bounded"] = {"rows": bounded, "total": sum(r["seconds"] for r in bounded),
                      "median": median(r["seconds"] for r in bounded), "max": max(r["seconds"] for r in bounded),
                      "mean_ratio": mean(r["ratio"] for r in bounded), "worst_ratio": max(r["ratio"] for r in bounded),
                      "never_optimal": not any(r["optimal"] for r in bounded),
                      "reach": REACH[width, height]}
    return out


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    puzzle = catalog.puzzle("fifteen")
    refs = [_solve(puzzle.parse(t), heuristic=fifteen.manhattan_heuristic()) for t in REFERENCE]
    reference = sum(r.seconds for r in refs)
    results = [board(size, args, reference, rng) for size in args.boards]
    if args.json:
        print(json.dumps({"reference": {"name": REFERENCE_NAME, "seconds": reference}, "boards": results,
                          "peak_megabytes": _peak_mb()}, indent=2))
        return 0
    print(f"reference ({REFERENCE_NAME}): {reference:.3f} s")
    for got in results:
        t = got["tables"]
        cuts = " and ".join("-".join(str(len(g)) for g in cut) for cut in got["partitions"])
        print(f"\n{got['board']}: tables {cuts} ({t['megabytes']:.1f} MB) {'built' if t['built'] else 'loaded'} in "
              f"{t['seconds']:.1f} s, process peak {t['peak_mb_then']:.0f} MB then; search ready in "
              f"{got['compile_seconds']:.2f} s")
        for key, what in (("random", "random positions, shortest line"),
                          ("scrambles", f"scrambles of {got.get('scrambles', {}).get('moves')} moves, shortest line")):
            if key in got:
                s = got[key]
                print(f"  {s['count']} {what}: {s['solved']} solved within {args.limit:g} s; total {s['total']:.3f} s "
                      f"({s['total_over_reference']:.3f} x reference), median {s['median']:.4f} s "
                      f"({s['median_over_reference']:.4f} x reference), max {s['max']:.2f} s; {s['nodes']:,} nodes, "
                      f"{s['nodes_per_second']:,.0f} nodes/s; length mean {s['mean_length'] or 0:.1f}, "
                      f"longest {s['longest']}")
        if "bounded" in got:
            b = got["bounded"]
            print(f"  {len(b['rows'])} random positions beyond reach (lower bound over {b['reach']}), the bounded "
                  f"search: median {b['median']:.2f} s, max {b['max']:.2f} s; length / proven lower bound: mean "
                  f"{b['mean_ratio']:.2f}, worst {b['worst_ratio']:.2f}; none called optimal: {b['never_optimal']}")
    return 0


def _boards(text: str) -> tuple[str, ...]:
    sizes = tuple(part.strip() for part in text.split(",") if part.strip())
    for size in sizes:
        if not _SIZE.fullmatch(size) or size not in BOARDS:
            raise UsageError(f"--boards takes sizes among {', '.join(BOARDS)}, not '{size[:20]}'")
    return sizes


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench tiles", description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=_boards, default=BOARDS, metavar="SIZES",
                        help=f"boards, comma-separated (default: {','.join(BOARDS)})")
    parser.add_argument("--count", type=int, default=20, metavar="N", help="positions per board (default 20)")
    parser.add_argument("--limit", type=float, default=60.0, metavar="SECONDS",
                        help="give up on a shortest line after this many seconds (default 60)")
    parser.add_argument("--seed", type=int, default=1, metavar="N", help="the random positions' seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    if not 1 <= args.count <= 10_000 or not (math.isfinite(args.limit) and args.limit > 0):
        raise UsageError("--count takes 1 to 10,000 positions and --limit a positive number of seconds")
    try:
        return run(args)
    except KeyboardInterrupt:
        print("interrupted.", file=sys.stderr)
        return 130
