"""Benchmark: the robots' tables, built as the game builds them against the generic way, in one run.

The game sweeps a robots puzzle with its slides found whole, per robot cell and direction
(:mod:`game.families.robots.slides`), and ranks positions by the cells their robots stand on
(:class:`solvers.ranking.SparseRanker`). The reference is the same sweep over the same rules the
generic way: rules looked up by an empty cell and tested cell by cell, positions ranked cell by cell
(:class:`solvers.ranking.MultisetRanker`). Each puzzle's table and the start's reach are built both
ways in this process (no cache), and the two tables must count the same positions at each distance.
Besides the library's boards, an 8x8 board with four robots (1.47 million positions) shows the
difference where it matters (``--quick`` leaves it out).

Usage: python main.py bench robots [--json] [--quick] [--puzzles NAMES]
"""
from __future__ import annotations

import json
import time

import numpy as np

from game.cli import OneSentenceParser, UsageError, guarded
from solvers.ranking import MultisetRanker, Ranker
from solvers.rules import RuleSet
from solvers.sweep import UNREACHED, distance_table, reachable_mask

PUZZLES = ("lunar-lockout-24", "ricochet-1", "ricochet-3")
# four robots (the target A, three identical helpers) on an 8x8 board with eight wall blocks
LARGE = ("format = 1\ntitle = \"Four robots on 8x8\"\nfamily = \"robots\"\nedge = \"stop\"\n"
         "start = \"\"\"\n..#.....\n.B....#.\n....#...\n.#...C..\n......#.\n#..D....\n.....#..\nA.....#.\n\"\"\"\n"
         "same = [\"BCD\"]\n"
         "goal = \"\"\"\n??#?????\n??????#?\n????#???\n?#??????\n??????#?\n#???????\n?????#??\n??A???#?\n\"\"\"\n")


def build(rules: RuleSet, ranker: Ranker, goals, start: bytes) -> tuple[float, np.ndarray, int]:
    """(seconds, table, positions the start reaches that can win) of one table and the start's reach."""
    started = time.perf_counter()
    table = distance_table(rules, ranker, goals)
    reach = reachable_mask(rules, ranker, start, within=table).count()
    return time.perf_counter() - started, table, reach


def measure(name: str, puzzle) -> dict:
    goals = puzzle.goals()
    fast, table, reach = build(puzzle.rules, puzzle.ranker, goals, puzzle.start)
    generic_rules = RuleSet(puzzle.rules.rules, puzzle.rules.ncells)
    generic, reference, reference_reach = build(generic_rules, MultisetRanker(puzzle.ranker.counts), goals, puzzle.start)
    counts = np.bincount(table[table != UNREACHED])
    if not np.array_equal(counts, np.bincount(reference[reference != UNREACHED])) or reach != reference_reach:
        raise AssertionError(f"{name}: the two ways give different tables")
    return {"puzzle": name, "positions": int(puzzle.ranker.size), "rules": len(puzzle.rules.rules),
            "solvable": int(counts.sum()), "reached": reach, "game_seconds": round(fast, 3),
            "reference_seconds": round(generic, 3), "ratio": round(generic / fast, 1) if fast else None}


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench robots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="leave out the 8x8 board with four robots")
    parser.add_argument("--puzzles", default=",".join(PUZZLES), help="comma-separated robots puzzles")
    args = parser.parse_args(argv)

    from game.catalog import registry as catalog
    from game.catalog.reading import parse_toml
    from game.families.robots.rules import RobotsPuzzle, make_robots

    puzzles = []
    for name in (n for n in args.puzzles.split(",") if n):
        puzzle = catalog.puzzle(name)
        if not isinstance(puzzle, RobotsPuzzle) or puzzle.ranker is None:
            raise UsageError(f"{name} is not a robots puzzle with a table.")
        puzzles.append((name, puzzle))
    if not args.quick:
        puzzles.append(("four robots on 8x8", make_robots("large", parse_toml(LARGE, "large.toml"))))
    rows = [measure(name, puzzle) for name, puzzle in puzzles]
    if args.json:
        print(json.dumps({"puzzles": rows}))
        return 0
    print(f"{'puzzle':22s} {'positions':>10s} {'rules':>6s} {'solvable':>10s} {'reached':>9s} {'game s':>8s} "
          f"{'generic s':>10s} {'ratio':>6s}")
    for r in rows:
        print(f"{r['puzzle']:22s} {r['positions']:>10,} {r['rules']:>6,} {r['solvable']:>10,} {r['reached']:>9,} "
              f"{r['game_seconds']:>8.2f} {r['reference_seconds']:>10.2f} {r['ratio'] or 0:>6.1f}")
    print("\nEach: the table of every position and the start's reach, swept as the game does (slides found whole, "
          "sparse ranks) and the generic way (rules tested cell by cell, multiset ranks) in this run; 'ratio': "
          "generic seconds over the game's.")
    return 0
