"""The robots library of this game's own, found by search: Lunar Lockout layouts on 5x5 (the target
robot to the centre, three to five identical helpers) and 8x8 boards with wall blocks whose edge stops
a robot (Ricochet Robots' rule; the target robot and two helpers).

Each puzzle starts from a random layout: its robots are placed at random, every position they can
reach is swept (a complete distance table of the rank space, then the layout's reach), and the
puzzle's start is the farthest of those from the goal. So no position the start can reach needs
more moves than the start itself, as the analysis shows (Morning Traffic was made the same way).
The Lunar Lockout layouts are then chosen to climb evenly from the easiest to the hardest depth
found, and numbered by their optimum; the Ricochet-style boards are the deepest of those tried.

Usage: python -m bench.robots_library [--seed N] [--tries N] [--lunar N] [--boards N] [--ricochet N]
                                      [--write FOLDER] [--json]

Without --write it prints what it found and how long each part took; with --write it writes each
puzzle as a TOML file into FOLDER (the library is ``--write assets/puzzles`` with the defaults).
"""
from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.catalog.reading import to_toml
from game.cli import OneSentenceParser, UsageError, guarded
from game.families.robots.files import RobotsDef, with_start
from game.families.robots.rules import RobotsPuzzle, make_robots
from game.files.model import Common
from solvers.sweep import UNREACHED, distance_table, reachable_mask

SEED = 20
TRIES = 4000            # random Lunar Lockout layouts
LUNAR = 24              # Lunar Lockout puzzles kept
BOARDS = 24             # random 8x8 boards with walls
RICOCHET = 3            # ... of which the deepest are kept
HELPERS = (3, 4, 5)
SIDE, BOARD_SIDE = 5, 8
TARGET, HELPER = 1, 2   # the codes of the target robot and the helpers (the target stands first)
LETTERS = "ABCDEFGH"

LUNAR_SOURCE = ("This game's own: a random layout found by search, started at the hardest position its robots "
                "can reach (the analysis finds none there farther from the goal).")
RICOCHET_SOURCE = ("This game's own, with Ricochet Robots' rule: a random board with walls found by search, started "
                   "at the hardest position its robots can reach (the analysis finds none there farther from the goal).")
LUNAR_SUBTITLE = "Bring the red robot to the hatch in the centre."
RICOCHET_SUBTITLE = "Bring the red robot to its hatch: walls and the edge stop a robot."


@dataclass(frozen=True)
class Found:
    """A start found by search: its optimum, how many positions it reaches, and the puzzle it is."""

    moves: int
    reach: int
    defn: RobotsDef


def grid(cells: bytes, walls: set[int], side: int) -> tuple[str, ...]:
    """A board as a file writes it: the target A, the helpers B, C ... in reading order, walls '#'."""
    helpers = iter(LETTERS[1:])
    board = []
    for at in range(side * side):
        code = cells[at] if at not in walls else None
        board.append("#" if code is None else "A" if code == TARGET else next(helpers) if code == HELPER else ".")
    return tuple("".join(board[r * side:(r + 1) * side]) for r in range(side))


def puzzle_of(start: tuple[str, ...], goal: tuple[str, ...], helpers: int, edge: str) -> RobotsPuzzle:
    return make_robots("search", RobotsDef(Common("search"), start, goal, (LETTERS[1:helpers + 1],), edge))


def hardest_reached(puzzle: RobotsPuzzle, table: np.ndarray, start: bytes) -> tuple[int, int, bytes] | None:
    """(optimum, positions reached, position) of the farthest solvable position ``start`` reaches (the lowest
    rank of them), None if ``start`` cannot win."""
    ranker = puzzle.ranker
    assert ranker is not None
    reach = reachable_mask(puzzle.rules, ranker, start, within=table)
    ranks = np.flatnonzero(reach.mask(0, ranker.size))
    if not len(ranks):
        return None
    distances = table[ranks]
    top = int(distances.max())
    rank = int(ranks[distances == top][0])
    hardest = bytes(ranker.unrank(np.array([rank], dtype=np.int64))[0])
    own = reachable_mask(puzzle.rules, ranker, hardest, within=table).count()
    return top, own, hardest


def lunar_candidates(seed: int, tries: int) -> list[Found]:
    """Every distinct start the random layouts lead to (one table per number of helpers)."""
    rng = random.Random(seed)
    goal = tuple("??A??" if r == SIDE // 2 else "?????" for r in range(SIDE))
    spaces = {}
    for helpers in HELPERS:
        canonical = puzzle_of(grid(bytes([TARGET] + [HELPER] * helpers + [0] * (24 - helpers)), set(), SIDE),
                              goal, helpers, "fall")
        assert canonical.ranker is not None
        spaces[helpers] = canonical, distance_table(canonical.rules, canonical.ranker, canonical.goals())
    found: dict[bytes, Found] = {}
    for _ in range(tries):
        helpers = rng.choice(HELPERS)
        puzzle, table = spaces[helpers]
        cells = rng.sample(range(SIDE * SIDE), helpers + 1)
        layout = bytearray(SIDE * SIDE)
        layout[cells[0]] = TARGET
        for at in cells[1:]:
            layout[at] = HELPER
        got = hardest_reached(puzzle, table, bytes(layout))
        if got is not None and got[0] >= 2 and got[2] not in found:
            moves, reach, start = got
            found[start] = Found(moves, reach, RobotsDef(Common(""), grid(start, set(), SIDE), goal,
                                                         (LETTERS[1:helpers + 1],), "fall"))
    return list(found.values())


def climb(candidates: list[Found], count: int, seed: int) -> list[Found]:
    """``count`` of them climbing evenly from the easiest optimum to the hardest, easiest first (an optimum
    with several takes those with fewer robots first, then those that reach more positions)."""
    rng = random.Random(seed)
    pool = sorted(candidates, key=lambda f: (f.moves, robots(f.defn), -f.reach, rng.random()))
    if len(pool) < count:
        raise UsageError(f"only {len(pool)} layouts were found; try more (--tries).")
    low, high = pool[0].moves, pool[-1].moves
    chosen: list[Found] = []
    for i in range(count):
        wanted = low + (high - low) * i / max(1, count - 1)
        best = min((f for f in pool if f not in chosen), key=lambda f: abs(f.moves - wanted))
        chosen.append(best)
    return sorted(chosen, key=lambda f: (f.moves, f.reach))


def robots(defn: RobotsDef) -> int:
    return sum(ch not in ".#" for row in defn.start for ch in row)


def ricochet_boards(seed: int, tries: int, count: int) -> list[Found]:
    """The ``count`` deepest of ``tries`` random 8x8 boards: 8 to 12 wall blocks, a target cell, the target
    robot and two identical helpers placed at random, started at the hardest position they reach."""
    rng = random.Random(seed)
    found: list[Found] = []
    for _ in range(tries):
        cells = rng.sample(range(BOARD_SIDE * BOARD_SIDE), 16)
        walls = set(cells[:rng.randint(8, 12)])
        free = [c for c in cells if c not in walls]
        target_cell, robots = free[0], free[1:4]
        layout = bytearray(BOARD_SIDE * BOARD_SIDE)
        layout[robots[0]] = TARGET
        layout[robots[1]] = layout[robots[2]] = HELPER
        goal = tuple("".join("#" if r * BOARD_SIDE + c in walls else "A" if r * BOARD_SIDE + c == target_cell
                             else "?" for c in range(BOARD_SIDE)) for r in range(BOARD_SIDE))
        board = RobotsDef(Common(""), grid(bytes(layout), walls, BOARD_SIDE), goal, ("BC",), "stop")
        puzzle = make_robots("search", board)
        assert puzzle.ranker is not None
        table = distance_table(puzzle.rules, puzzle.ranker, puzzle.goals())
        got = hardest_reached(puzzle, table, puzzle.start)
        if got is not None:
            moves, reach, position = got
            found.append(Found(moves, reach, with_start(board, position)))
    return sorted(sorted(found, key=lambda f: (-f.moves, -f.reach))[:count], key=lambda f: (f.moves, f.reach))


def library(lunar: list[Found], ricochet: list[Found]) -> dict[str, RobotsDef]:
    """The files by name: titled, grouped and numbered easiest first."""
    out = {}
    for n, f in enumerate(lunar, 1):
        out[f"lunar-lockout-{n:02d}"] = _named(f.defn, f"Lunar Lockout {n}", LUNAR_SUBTITLE, LUNAR_SOURCE,
                                               "Lunar Lockout", str(n))
    for n, f in enumerate(ricochet, 1):
        out[f"ricochet-{n}"] = _named(f.defn, f"Ricochet board {n}", RICOCHET_SUBTITLE, RICOCHET_SOURCE,
                                      "Ricochet boards", str(n))
    return out


def _named(defn: RobotsDef, title: str, subtitle: str, source: str, group: str, variant: str) -> RobotsDef:
    common = Common(title, subtitle, source, group=group, variant=variant)
    return RobotsDef(common, defn.start, defn.goal, defn.same, defn.edge)


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="python -m bench.robots_library", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--tries", type=int, default=TRIES, help="random Lunar Lockout layouts")
    parser.add_argument("--lunar", type=int, default=LUNAR, help="Lunar Lockout puzzles to keep")
    parser.add_argument("--boards", type=int, default=BOARDS, help="random boards with walls")
    parser.add_argument("--ricochet", type=int, default=RICOCHET, help="boards to keep")
    parser.add_argument("--write", metavar="FOLDER", help="write the puzzles as TOML files here")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if min(args.tries, args.lunar, args.boards, args.ricochet) < 1 or args.ricochet > args.boards:
        raise UsageError("--tries, --lunar, --boards and --ricochet must be at least 1, and --ricochet at most --boards.")
    started = time.perf_counter()
    candidates = lunar_candidates(args.seed, args.tries)
    lunar = climb(candidates, args.lunar, args.seed)
    lunar_seconds = time.perf_counter() - started
    ricochet = ricochet_boards(args.seed, args.boards, args.ricochet)
    seconds = time.perf_counter() - started
    files = library(lunar, ricochet)
    if args.write:
        folder = Path(args.write)
        for name, defn in files.items():
            (folder / f"{name}.toml").write_text(to_toml(defn), encoding="utf-8")
    found = {name: f for name, f in zip(files, lunar + ricochet)}
    report = {"seed": args.seed, "lunar_layouts": args.tries, "distinct_starts": len(candidates),
              "lunar_seconds": round(lunar_seconds, 2), "boards": args.boards,
              "ricochet_seconds": round(seconds - lunar_seconds, 2),
              "puzzles": {name: {"moves": f.moves, "positions": f.reach, "start": "/".join(f.defn.start)}
                          for name, f in found.items()}}
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{args.tries:,} Lunar Lockout layouts led to {len(candidates):,} distinct starts in {lunar_seconds:.1f} s; "
              f"{args.boards} boards with walls in {seconds - lunar_seconds:.1f} s")
        for name, f in found.items():
            print(f"  {name:20} {f.moves:3} moves  {f.reach:9,} positions  {'/'.join(f.defn.start)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
