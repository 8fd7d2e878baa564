"""jim'slide configurations: the commands of its README, read into blocks definitions, and each
mistake as one sentence naming the line."""
from __future__ import annotations

import pytest

from game.families.blocks.js2 import parse_js2
from game.families.blocks.model import Axis, BlocksDef
from game.catalog.reading import read_puzzle_file

from .support import FIXTURES, LIBRARY, error_of, one_sentence, puzzle_only

SMALL = """! Two squares
xsize: 3
ysize: 2
piece: 1 (0,0)
piece: 2 (0,0) (1,0)
put: 1 (0,0)
put: 1 (2,0)
put: 2 (0,1)
win: 1 (2,1)
"""


def test_a_small_configuration():
    defn = parse_js2(SMALL, "small.js2")
    assert isinstance(defn, BlocksDef)
    assert defn.start == ("A.B", "CC.") and defn.goal == ("???", "??A") and defn.same == ("AB",)
    assert defn.common.title == "Two squares" and defn.common.origin == "small.js2"


def test_the_library_klotski_written_for_jimslide_is_the_same_puzzle():
    imported = read_puzzle_file(FIXTURES / "klotski.js2")
    assert imported.common.title == "Klotski"
    assert puzzle_only(imported) == puzzle_only(read_puzzle_file(LIBRARY / "klotski.toml"))


def test_labels_locks_walls_and_remarks():
    defn = read_puzzle_file(FIXTURES / "parking.js2")
    assert defn.start == ("..AAD", "RRB.D", "..BC.", "#..C.")
    assert defn.goal == ("?????", "???RR", "?????", "#????")
    assert defn.same == ("BC",)   # the van has the cars' shape but its own type: not interchangeable
    assert defn.axis == {"R": Axis.X, "A": Axis.X, "B": Axis.Y, "C": Axis.Y, "D": Axis.Y}


def test_keywords_in_any_case_comments_and_ignored_solver_settings():
    text = "# comment\n  ! another\n" + SMALL.replace("xsize", "XSize").replace("put: 2", "  PUT: 2") + \
        "bigmem: 1000\nsmallmem: lots\nnumthreads: 3\nwinonly:\nhexprint:\ncutoff: 9\ndirected: 2\n"
    assert parse_js2(text, "x.js2").start == ("A.B", "CC.")


def test_line_order_does_not_matter_and_hwall_vwall_draw_lines():
    text = """win: 1 (0,0)
put: 1 (2,2)
piece: 1 (0,0)
xsize: 4
ysize: 3
hwall: 0 (3, 1)
vwall: 3 (2, 1)
"""
    defn = parse_js2(text, "walls.js2")
    assert defn.start == (".###", "...#", "..A#") and defn.goal == ("A###", "???#", "???#")


def test_piece_origins_need_not_be_the_top_left_cell():
    text = "xsize: 3\nysize: 2\npiece: 7 (0,0) (-1,1) (0,1) (1,1)\nput: 7 (1,0)\nwin: 0 (0,0)\n"
    defn = parse_js2(text, "t.js2")
    assert defn.start == (".A.", "AAA") and defn.goal == (".??", "???")


LINES = """xsize: 4
ysize: 3
piece: 1 (0,0) (1,0)
piece: 2 (0,0)
put: 1 (0,0)
put: 2 (3,0)
win: 1 (2,2)
"""

BAD = [
    ("overlapping pieces", LINES + "put: 2 (1,0)\n", "line 8", "overlaps piece 1 put on line 5"),
    ("piece outside the board", LINES + "put: 1 (3,1)\n", "line 8", "piece 1 at (3,1) lies outside the 4x3 board"),
    ("piece on a wall", LINES + "wall: (0,0)\n", "line 5", "overlaps the wall at (0,0)"),
    ("wall outside the board", LINES + "wall: (4,0)\n", "line 8", "outside"),
    ("unknown keyword", LINES + "shuffle: 3\n", "line 8", "'shuffle:' is not a jim'slide command"),
    ("not a command at all", LINES + "put 2 (1,1)\n", "line 8", "not a jim'slide command"),
    ("put of an undefined piece", LINES + "put: 5 (1,1)\n", "line 8", "piece type 5"),
    ("missing size", LINES.replace("ysize: 3\n", ""), "'ysize:'", "size is unknown"),
    ("size given twice", LINES + "xsize: 5\n", "line 8", "already given on line 1"),
    ("board too large", LINES.replace("xsize: 4", "xsize: 17"), "line 1", "1 to 16"),
    ("board of nothing", LINES.replace("ysize: 3", "ysize: 0"), "line 2", "1 to 16"),
    ("piece split in two", LINES.replace("(0,0) (1,0)", "(0,0) (2,0)"), "line 3", "split in two"),
    ("piece naming a cell twice", LINES.replace("(0,0) (1,0)", "(0,0) (0,0)"), "line 3", "twice"),
    ("piece without cells", LINES.replace("piece: 2 (0,0)", "piece: 2"), "line 4", "expected a position (x, y) at the end"),
    ("piece type 0", LINES.replace("piece: 2", "piece: 0").replace("put: 2", "put: 0"), "line 4", "reserved"),
    ("piece defined twice", LINES + "piece: 2 (0,0) (0,1)\n", "line 8", "already defined on line 4"),
    ("win outside the board", LINES.replace("win: 1 (2,2)", "win: 1 (3,2)"), "line 7", "outside"),
    ("win with more pieces than put", LINES + "win: 1 (0,1)\n", "line 8", "asks for 2 pieces of type 1"),
    ("win with an undefined type", LINES + "win: 9 (0,1)\n", "line 8", "piece type 9"),
    ("win with a type never put", LINES + "piece: 9 (0,0)\nwin: 9 (0,1)\n", "line 9", "but none is put"),
    ("wins that overlap", LINES + "win: 0 (3,2)\n", "line 8", "clashes with the one on line 7"),
    ("win on a wall", LINES + "wall: (1,1)\nwin: 0 (1,1)\n", "line 9", "wall"),
    ("no win", LINES.replace("win: 1 (2,2)\n", ""), "'win:'", "no goal"),
    ("no piece put", "xsize: 2\nysize: 2\npiece: 1 (0,0)\nwin: 0 (0,0)\n", "puts no piece", "no piece"),
    ("no empty cell", "xsize: 2\nysize: 1\npiece: 1 (0,0)\nput: 1 (0,0)\nput: 1 (1,0)\nwin: 1 (1,0)\n",
     "no empty cell", "could ever move"),
    ("locked both ways", LINES + "lockx: 1\nlocky: 1\n", "line 9", "locked both in x and in y"),
    ("lock of an undefined type", LINES + "lockx: 4\n", "line 8", "piece type 4"),
    ("xstep", LINES + "xstep: 1 2\n", "line 8", "cannot"),
    ("a huge number", LINES.replace("put: 2 (3,0)", "put: 2 (3," + "9" * 5000 + ")"), "line 6", "far too large"),
    ("a stray position", LINES.replace("put: 2 (3,0)", "put: 2 (3,0) (1,1)"), "line 6", "unexpected '(1,1)'"),
    ("a missing number", LINES.replace("put: 2 (3,0)", "put: (3,0)"), "line 6", "piece type"),
    ("too many pieces", "xsize: 16\nysize: 16\npiece: 1 (0,0)\n" + "".join(
        f"put: 1 ({n % 16},{n // 16})\n" for n in range(63)), "line 66", "at most 62"),
    ("too little room left by the wins", LINES.replace("win: 1 (2,2)", "".join(
        f"win: 0 ({x},{y})\n" for x, y in [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2), (2, 2)])),
     "line 16", "need 3"),
]


@pytest.mark.parametrize("text, where, words", [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_each_mistake_is_one_sentence_naming_the_line(text, where, words):
    message = str(error_of(parse_js2, text, "old.js2"))
    one_sentence(message, "old.js2", where)
    assert words in message


def test_the_example_sentence():
    text = "xsize: 4\nysize: 5\npiece: 3 (0,0) (0,1)\n" + "\n" * 8 + "put: 3 (4,1)\n"
    assert str(error_of(parse_js2, text, "old.js2")) == "old.js2: line 12: piece 3 at (4,1) lies outside the 4x5 board."
