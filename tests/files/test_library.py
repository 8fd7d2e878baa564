"""The built-in library: one file per sliding-block puzzle of LIBRARY.md, read back exactly as
LIBRARY.md describes it (grids, identical pieces, goals, published figures)."""
from __future__ import annotations

import pytest

from tests.families.test_pegs_family import LARGE, SMALL

from game.families.blocks.model import BlocksDef, DoorsDef
from game.families.frogs.files import FrogsDef
from game.families.knights.files import KnightsDef
from game.families.pairs.files import PairsDef
from game.families.tiles.files import TilesDef
from game.families.robots.files import RobotsDef
from game.catalog.reading import read_puzzle_file
from game.files.shapes import piece_cells

from .support import FAMILY_PUZZLES, LIBRARY

# name: (start as LIBRARY.md writes it, identical groups, goal, published figures). A goal is
# either {piece: (row, column) of its top-left cell} (everything else free) or a whole grid.
EXPECTED = {
    "klotski": ("ABBC/ABBC/DEEF/DGHF/I..J", ["ACDF", "GHIJ"], {"B": (3, 1)}, {"path": 81}),
    "huarong-four-generals": ("1165/1175/89../4400/2233", ["0234", "6789"], {"1": (3, 1)}, {}),
    "huarong-five-generals": ("4400/3115/3115/6228/7..9", ["35", "024", "6789"], {"1": (3, 1)}, {}),
    "pennant": ("AABB/AACC/DE../FGHH/FGII", ["BCHI", "FG", "DE"], {"A": (3, 0)}, {"path": 59}),
    "century": ("aKKb/VKKW/VX.W/cX.d/HHII", ["abcd", "VWX", "HI"], {"K": (3, 1)}, {"path": 99, "line": 111}),
    "century-and-a-half": ("aKKb/VKKW/VX.W/cX.d/HHII", ["abcd", "VWX", "HI"],
                           "HHII/cX.d/VX.W/VKKW/aKKb", {"path": 149}),
    "supercentury": ("Vabc/VWKK/XWKK/XHHd/..II", ["abcd", "VWX", "HI"], {"K": (3, 1)},
                     {"path": 138, "line": 150, "cell": 179}),
    "motor-car": ("123/#.#/..#/#.#/456", ["123", "456"], "456/#.#/..#/#.#/123", {"path": 17}),
    "moving-day": ("11..AA/11..AA/2233BB/2233BB", ["123"], {"B": (0, 4), "A": (2, 4)}, {"path": 17}),
    "hughes": ("A.1/A.2/633/554", ["1246", "35"], {"A": (2, 2)}, {"path": 21}),
    # Klotski's box with its exit under it, two cells wide and two deep, that only the donkey may enter
    "red-donkey": ("ABBC/ABBC/DEEF/DGHF/I..J/#..#/#..#", ["ACDF", "GHIJ"], {"B": (5, 1)}, {}),
}
DOORS = {"red-donkey": DoorsDef(((5, 1), (5, 2), (6, 1), (6, 2)), "B")}   # every other file has none


# The token puzzles of LIBRARY.md "Tokens" and the seed boards written as files:
# name: (family, start, goal (a grid, or goal_block with "+" for either order), published moves or None).
TOKENS = {
    "guarini": (KnightsDef, "W.W/.../B.B", "B.B/.../W.W", 16),
    "knights": (KnightsDef, "BBB/.../.../WWW", "WWW/.../.../BBB", 16),
    "knights-3x4": (KnightsDef, "WWWW/..../BBBB", "BBBB/..../WWWW", None),
    "knights-3x5": (KnightsDef, "W...B/W...B/W...B", "B...W/B...W/B...W", None),
    "knights-4x4": (KnightsDef, "WWWW/..../..../BBBB", "BBBB/..../..../WWWW", None),
    "frogs-a": (FrogsDef, "##B##/#BB##/BB.WW/##WW#/##W##", "##W##/#WW##/WW.BB/##BB#/##B##", 23),
    "frogs-b": (FrogsDef, "BB#/BB#/B.W/#WW/#WW", "WW#/WW#/W.B/#BB/#BB", 26),
    "frogs-c": (FrogsDef, "BBB##/BBB##/BB.WW/##WWW/##WWW", "WWW##/WWW##/WW.BB/##BBB/##BBB", 46),
    "frogs-small-diagonal": (FrogsDef, "BB#/B.W/#WW", "WW#/W.B/#BB", 8),
    "frogs-small-backward": (FrogsDef, "BB#/B.W/#WW", "WW#/W.B/#BB", 15),
    "frogs-plus": (FrogsDef, "####B####/" * 4 + "BBBB.WWWW" + "/####W####" * 4,
                   "####W####/" * 4 + "WWWW.BBBB" + "/####B####" * 4, None),
    "frogs-square": (FrogsDef, "BBBWW/BBBWW/BB.WW/BBWWW/BBWWW", "WWWBB/WWWBB/WW.BB/WWBBB/WWBBB", None),
    "frogs-1-6": (FrogsDef, "B.WWWWWW", "WWWWWW.B", 1 * 6 + 1 + 6),
    "frogs-4-3": (FrogsDef, "BBBB.WWW", "WWW.BBBB", 4 * 3 + 4 + 3),
    "frogs-5-6": (FrogsDef, "BBBBB.WWWWWW", "WWWWWW.BBBBB", 5 * 6 + 5 + 6),
    "pairs": (PairsDef, "BWBWBW..", "BBBWWW..", 4),
    "pairs-open": (PairsDef, "BWBWBW....", "+BBBWWW", 3),
    **{f"tait-{n}": (PairsDef, "BW" * n + "..", "+" + "B" * n + "W" * n, 4 if n == 4 else None) for n in range(3, 8)},
    **{f"tait-fixed-{n}": (PairsDef, "BW" * n + "..", "B" * n + "W" * n + "..", None) for n in range(4, 8)},
}


@pytest.mark.parametrize("name", sorted(TOKENS))
def test_each_token_file_is_the_puzzle_library_md_describes(name):
    family, start, goal, published = TOKENS[name]
    defn = read_puzzle_file(LIBRARY / f"{name}.toml")
    assert isinstance(defn, family) and defn.common.title
    assert defn.start == tuple(start.split("/"))
    assert dict(defn.common.published) == ({"moves": published} if published else {})
    if goal.startswith("+"):
        assert isinstance(defn, PairsDef) and defn.goal is None and defn.either_order
        assert defn.goal_block == goal[1:]
    else:
        assert defn.goal == tuple(goal.split("/"))


# The tiles boards: (columns, rows, start); every game of 5x5 beyond its start is dealt.
TILES = {
    "tiles-2x3": (2, 3, "2 1/4 3/. 5"),
    "tiles-2x4": (2, 4, ". 7/6 5/3 4/1 2"),
    "tiles-2x5": (2, 5, ". 8/9 7/5 6/3 4/1 2"),
    "tiles-3x4": (3, 4, "9 . 11/10 8 5/4 6 7/2 1 3"),
    "tiles-4x5": (4, 5, "5 9 6 11/13 7 . 1/14 8 3 15/19 18 2 4/16 17 10 12"),
    "tiles-5x5": (5, 5, "6 1 3 10 4/12 2 7 5 14/9 17 13 20 19/16 . 8 23 24/11 21 18 22 15"),
}


@pytest.mark.parametrize("name", sorted(TILES))
def test_each_tiles_file_is_its_board(name):
    width, height, start = TILES[name]
    defn = read_puzzle_file(LIBRARY / f"{name}.toml")
    assert isinstance(defn, TilesDef) and defn.common.title and defn.common.variant == f"{width}x{height}"
    assert (defn.width, defn.height, defn.goal) == (width, height, None)
    assert defn.start == bytes(0 if t == "." else int(t) for t in start.replace("/", " ").split())


def test_the_library_has_exactly_these_files():
    """These, and the robots' own (tests/families/test_robots_library.py lists those)."""
    pegs = [*SMALL, *LARGE]   # peg solitaire's, proven in tests/families/test_pegs_family.py
    hanoi = [f"{name}-{n}" for name in ("hanoi", "reve") for n in range(3, 9)] + [
        "hanoi-middle", "hanoi-scattered", "reve-almost-home"]   # the Tower of Hanoi's: tests/families/test_hanoi_*
    warehouses = [f"warehouse-{n}" for n in range(1, 25)]   # Sokoban's, proven in tests/families/sokoban
    sixteen = ["sixteen-3x3", "sixteen-4x3", "sixteen-4x4"]   # Sixteen's, proven in tests/families/test_sixteen.py
    files = [p for folder in (LIBRARY, *FAMILY_PUZZLES) for p in folder.glob("*.toml")]   # (a family's own too)
    others = [p.stem for p in files if not isinstance(read_puzzle_file(p), RobotsDef)]
    assert sorted(others) == sorted([*EXPECTED, *TOKENS, *TILES, "traffic", *pegs, *hanoi, *warehouses, *sixteen])


def test_the_traffic_puzzle_has_cars_that_keep_to_their_lanes():
    defn = read_puzzle_file(LIBRARY / "traffic.toml")
    assert isinstance(defn, BlocksDef) and defn.moves == "line" and not defn.same
    cells = piece_cells(defn.start)
    for ch, at in cells.items():   # a flat vehicle moves sideways, an upright one up and down
        rows = {r for r, _ in at}
        assert defn.axis[ch].value == ("x" if len(rows) == 1 else "y"), ch
    assert defn.goal[2] == "????XX" and "hardest position of its component" in defn.common.source
    assert all(p.stem.isascii() and p.stem == p.stem.lower() and " " not in p.stem for p in LIBRARY.iterdir())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_file_is_the_puzzle_library_md_describes(name):
    start, same, goal, published = EXPECTED[name]
    defn = read_puzzle_file(LIBRARY / f"{name}.toml")
    assert isinstance(defn, BlocksDef)
    assert defn.start == tuple(start.split("/"))
    assert sorted(map(sorted, defn.same)) == sorted(map(sorted, same))
    assert dict(defn.common.published) == published
    assert defn.moves == "path" and not defn.axis and defn.common.title
    assert defn.doors == DOORS.get(name)
    if isinstance(goal, str):
        assert _same_up_to_identical(defn, tuple(goal.split("/")))
    else:
        expected = _partial_goal(defn, goal)
        assert defn.goal == expected


def _partial_goal(defn: BlocksDef, tops: dict[str, tuple[int, int]]) -> tuple[str, ...]:
    """'?' everywhere (walls kept) but the named pieces, moved so their top-left cell is there."""
    rows = [["#" if ch == "#" else "?" for ch in row] for row in defn.start]
    for ch, (top, left) in tops.items():
        cells = piece_cells(defn.start)[ch]
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        for r, c in cells:
            rows[r - r0 + top][c - c0 + left] = ch
    return tuple("".join(row) for row in rows)


def _same_up_to_identical(defn: BlocksDef, goal: tuple[str, ...]) -> bool:
    """The goal equals ``goal`` once each piece is replaced by the first piece of its group."""
    first = {ch: group[0] for group in defn.same for ch in group}
    def plain(grid: tuple[str, ...]) -> tuple[str, ...]:
        return tuple("".join(first.get(ch, ch) for ch in row) for row in grid)
    return plain(defn.goal) == plain(goal)


def test_century_and_a_half_is_century_upside_down_and_motor_cars_swap_rows():
    half = read_puzzle_file(LIBRARY / "century-and-a-half.toml")
    assert half.goal == half.start[::-1]
    cars = read_puzzle_file(LIBRARY / "motor-car.toml")
    assert cars.goal[0] == cars.start[-1] and cars.goal[-1] == cars.start[0] and cars.goal[1:-1] == cars.start[1:-1]
