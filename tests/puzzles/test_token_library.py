"""The token library (frogs, knights, pairs from files): every published figure reproduced by the
game's search, and every figure of the analysis (positions the start reaches, dead ends, longest
optimal solution and how many positions need it, the start's distance) proven by a plain search
written here from the rules in PUZZLE-FILES.md, independent of the engine."""
from __future__ import annotations


import pytest

from game.catalog import registry as catalog
from game.families.frogs.files import FrogsDef, Jump
from game.families.knights.files import KnightsDef
from game.families.pairs.files import PairsDef
from game.rules.directions import DIRECTIONS
from game.catalog.reading import read_puzzle_file
from game.catalog.library import LIBRARY

from tests.helpers import replay
from tests.puzzles.plain_tokens import Plain

TOKEN_FILES = sorted(p.stem for p in LIBRARY.glob("*.toml")
                     if isinstance(read_puzzle_file(p), (FrogsDef, KnightsDef, PairsDef)))
PUBLISHED = [(name, read_puzzle_file(LIBRARY / f"{name}.toml").common.published["moves"]) for name in TOKEN_FILES
             if read_puzzle_file(LIBRARY / f"{name}.toml").common.published]
LARGE = {"frogs-square"}   # 17 million positions: proven in the slow set
SLOW = {"knights-4x4",     # 900,900 positions: the plain search takes most of a minute
        "knights-3x4", "knights-3x5", "frogs-c", "tait-7", "tait-fixed-7"}   # several seconds each
FEWER_THAN_PUBLISHED = {"frogs-b": 25}   # the published solution is not the shortest


@pytest.mark.parametrize("name,moves", PUBLISHED)
def test_every_published_figure_by_search(name: str, moves: int) -> None:
    spec = catalog.get(name)
    puzzle = spec.puzzle
    line = spec.oracle.solve(puzzle.start)
    assert moves == spec.figures.published
    assert len(line) == FEWER_THAN_PUBLISHED.get(name, moves)
    assert puzzle.is_goal(replay(puzzle, puzzle.start, list(line.moves)))


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n
                                  for n in sorted(set(TOKEN_FILES) - LARGE)])
def test_the_analysis_by_an_independent_search(name: str) -> None:
    spec = catalog.get(name)
    result, _ = spec.oracle.analysis()
    ours = (result.positions, result.dead_ends, result.max_distance, result.hardest_count,
            spec.oracle.distance(spec.puzzle.start))
    assert ours == Plain(read_puzzle_file(LIBRARY / f"{name}.toml")).figures()


def test_the_library_is_the_one_of_library_md() -> None:
    assert {"guarini", "knights-4x4", "frogs-plus", "frogs-1-6", "frogs-4-3", "frogs-5-6", "frogs-square",
            "tait-3", "tait-7", "tait-fixed-4"} <= set(TOKEN_FILES)
    assert dict(PUBLISHED) == {"guarini": 16, "knights": 16, "frogs-a": 23, "frogs-b": 26, "frogs-c": 46,
                               "frogs-small-diagonal": 8, "frogs-small-backward": 15, "frogs-1-6": 13,
                               "frogs-4-3": 19, "frogs-5-6": 41, "pairs": 4, "pairs-open": 3, "tait-4": 4}


def _dag_distances(grid: tuple[str, ...], black: tuple[str, ...], white: tuple[str, ...], sign: int):
    """Fewest moves from ``grid`` to every position it reaches, for frogs whose every move raises
    the potential (``sign`` times black row + column minus white row + column) by one or two: positions are
    taken in order of potential, so only three levels are held as dicts at a time. Returns the
    positions (as integers, two bits a cell) sorted, and their distances."""
    import numpy as np

    height, width = len(grid), len(grid[0])
    cells = [(r, c) for r in range(height) for c in range(width)]
    index = {rc: i for i, rc in enumerate(cells)}
    code = {".": 0, "B": 1, "W": 2, "#": 3}
    rise = {1: lambda r, c: sign * (r + c), 2: lambda r, c: -sign * (r + c)}

    def steps(names):
        return [DIRECTIONS[n] for n in names]

    moves_into = []   # per empty cell: (from, over or None, colour) of every move that could end there
    for r, c in cells:
        here = []
        for colour, dirs in ((1, steps(black)), (2, steps(white))):
            for dr, dc in dirs:
                one, two = (r - dr, c - dc), (r - 2 * dr, c - 2 * dc)
                if one in index:
                    here.append((index[one], None, colour))
                    if two in index:
                        here.append((index[two], index[one], colour))
        moves_into.append(here)
    start = sum(code[ch] << 2 * i for i, ch in enumerate("".join(grid)))

    def potential(position: int) -> int:
        return sum(rise[v](*cells[i]) for i in range(len(cells)) if (v := position >> 2 * i & 3) in rise)

    levels: dict[int, dict[int, int]] = {potential(start): {start: 0}}
    done_codes, done_dists = [], []
    while levels:
        p = min(levels)
        level = levels.pop(p)
        for position, d in level.items():
            for empty in range(len(cells)):
                if position >> 2 * empty & 3:
                    continue
                for src, over, colour in moves_into[empty]:
                    if position >> 2 * src & 3 != colour:
                        continue
                    if over is not None and position >> 2 * over & 3 != 3 - colour:
                        continue   # a jump goes over a stone of the other colour
                    nxt = position & ~(3 << 2 * src) | colour << 2 * empty
                    gain = 1 if over is None else 2
                    bucket = levels.setdefault(p + gain, {})
                    if bucket.get(nxt, 255) > d + 1:
                        bucket[nxt] = d + 1
        done_codes.append(np.fromiter(level.keys(), dtype=np.int64, count=len(level)))
        done_dists.append(np.fromiter(level.values(), dtype=np.uint8, count=len(level)))
    codes, dists = np.concatenate(done_codes), np.concatenate(done_dists)
    order = np.argsort(codes)
    return codes[order], dists[order], start


@pytest.mark.slow
def test_the_5x5_square_by_an_independent_search() -> None:
    """Forward from the start and forward from the goal with every direction reversed (the moves
    undone): the positions both reach can win, and the second pass gives their distances."""
    import numpy as np

    defn = read_puzzle_file(LIBRARY / "frogs-square.toml")
    assert isinstance(defn, FrogsDef) and defn.jump is Jump.OTHER
    back = {"right": "left", "left": "right", "up": "down", "down": "up"}
    reached, _, start = _dag_distances(defn.start, defn.black, defn.white, 1)
    undone, to_goal, _ = _dag_distances(defn.goal, tuple(back[n] for n in defn.black),
                                        tuple(back[n] for n in defn.white), -1)
    live = np.isin(undone, reached)
    longest = int(to_goal[live].max())
    plain = (len(reached), len(reached) - int(live.sum()), longest, int((to_goal[live] == longest).sum()),
             int(to_goal[np.searchsorted(undone, start)]))
    spec = catalog.get("frogs-square")
    result, _ = spec.oracle.analysis()
    ours = (result.positions, result.dead_ends, result.max_distance, result.hardest_count,
            spec.oracle.distance(spec.puzzle.start))
    assert ours == plain == (17_443_218, 17_375_404, 47, 1, 47)
