"""Benchmark: the English board's 18 found and proven shortest, from nothing.

The proof: every position on any solution of the central game is one the start reaches and that can
still finish in the centre, so the sweep that finds all of those (1,679,072, each once per symmetric
family) and then every one's distance in chains, fewest pegs first, gives the start's exact distance:
no line of fewer chains exists. A shortest line is then walked out of the table, played through the
rules move by move, and checked to end with one peg in the centre. Nothing is read from the cache.

The same run times a reference: a plain depth-first search in CPython for any line of the central
game (jumps, dead positions remembered), on the same machine at the same moment; the proof's time is
reported against it and against its target, 60 s. A proof that runs past ``--budget`` is reported as
not finished: the 18 is then only the shortest known.

Usage: python main.py bench pegs [--json] [--budget SECONDS]
"""
from __future__ import annotations

import json
import sys
import time

from game.catalog import registry as catalog
from game.cli import OneSentenceParser, UsageError, guarded

TARGET = 60.0          # seconds the proof should take at most on a 2-core machine
PUZZLE = "pegs-english"


def reference(puzzle) -> tuple[float, int]:
    """Seconds and positions of a plain CPython depth-first search for a line of the central game."""
    started = time.perf_counter()
    dead: set[bytes] = set()
    looked = 0

    def solve(state: bytes) -> bool:
        nonlocal looked
        looked += 1
        if puzzle.is_goal(state):
            return True
        for _move, after in puzzle.rules.successors(state):
            if after not in dead and solve(after):
                return True
        dead.add(state)
        return False

    assert solve(puzzle.start)
    return time.perf_counter() - started, looked


def prove(budget: float) -> dict:
    """The sweep, the distances, a shortest line walked and played out."""
    from game.families.pegs import sweeps
    from game.families.pegs.oracle import SetRanker, problem_of
    from game.families.pegs.rules import Chain
    from solvers.tables import DistanceTable

    spec = catalog.get(PUZZLE)   # its own count: chains
    puzzle = spec.puzzle
    problem = problem_of(puzzle)
    started = time.perf_counter()
    keys = sweeps.solvable_set(problem, cancel=lambda: time.perf_counter() - started > budget)
    swept = time.perf_counter() - started
    values = sweeps.values_over(problem, keys, True, cancel=lambda: time.perf_counter() - started > budget)
    valued = time.perf_counter() - started
    table = DistanceTable(values, SetRanker(puzzle.geometry, problem.symmetry(), keys))
    shortest = table.distance(puzzle.start)
    walked = table.path(puzzle, puzzle.start)
    assert shortest is not None and walked is not None
    moves, states = walked
    at = puzzle.start
    for move in moves:   # every move legal where it is played, chains of single jumps by the rules
        assert isinstance(move, Chain)
        for hop_from, hop_to in zip([move.src, *move.via], move.landings):
            jump = next(i for i, rule in enumerate(puzzle.rules.rules) if rule.src == hop_from and rule.dst == hop_to)
            at = puzzle.rules.rules[jump].apply(at) if puzzle.rules.rules[jump].matches(at) else b""
            assert at, "an illegal jump in the line"
    assert at == states[-1] and puzzle.is_goal(at) and len(moves) == shortest
    return {"shortest": shortest, "positions": int(len(keys)), "line": [puzzle.move_text(s, m) for s, m in
                                                                        zip(states, moves)],
            "sweep_seconds": round(swept, 2), "distance_seconds": round(valued - swept, 2),
            "seconds": round(time.perf_counter() - started, 2)}


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench pegs", description="The English board's 18, proven shortest.")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--budget", type=float, default=600.0, help="seconds the proof may run (default 600)")
    args = parser.parse_args(argv)
    if args.budget <= 0:
        raise UsageError("--budget must be a number of seconds above 0")
    from solvers.problem import Cancelled

    puzzle = catalog.get(PUZZLE).puzzle
    ref_seconds, ref_positions = reference(puzzle)
    try:
        result = prove(args.budget)
        finished = True
    except Cancelled:
        result, finished = {"seconds": args.budget}, False
    result.update(finished=finished, reference_seconds=round(ref_seconds, 2), reference_positions=ref_positions,
                  ratio=round(result["seconds"] / ref_seconds, 1), target_seconds=TARGET)
    if args.json:
        print(json.dumps(result))
        return 0 if finished else 1
    print(f"reference: a plain depth-first search for any line of the central game: {ref_seconds:.2f} s, "
          f"{ref_positions:,} positions")
    if not finished:
        print(f"the proof did not finish within {args.budget:g} s: 18 is only the shortest known.")
        return 1
    print(f"solvable positions the start reaches: {result['positions']:,} (each once per symmetric family), "
          f"swept in {result['sweep_seconds']} s")
    print(f"their distances in chains: {result['distance_seconds']} s")
    print(f"the start needs {result['shortest']} moves: proven shortest (no line of {result['shortest'] - 1} exists)")
    print(f"a shortest line, played through the rules and ending in the centre: {', '.join(result['line'])}")
    print(f"proof: {result['seconds']} s in all, {result['ratio']}x the reference; target {TARGET:g} s: "
          + ("met" if result["seconds"] <= TARGET else "missed"))
    return 0


if __name__ == "__main__":   # pragma: no cover
    sys.exit(main(sys.argv[1:]))
