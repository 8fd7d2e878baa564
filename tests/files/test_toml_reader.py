"""Good TOML files of every family read into the definitions the rules are built from."""
from __future__ import annotations

from game.families.blocks.model import Axis, BlocksDef
from game.families.frogs.files import FrogsDef, Jump
from game.families.knights.files import KnightsDef
from game.families.pairs.files import PairsDef
from game.catalog.reading import parse_toml

FROGS = '''
format = 1
title = "Frogs on a line"
family = "frogs"
start = "BBB.WWW"
goal = "WWW.BBB"
[published]
moves = 15
'''

PLUS = '''
format = 1
title = "Frogs, diagonal rules"
family = "frogs"
black = ["right", "down", "down-right"]
white = ["left", "up", "up-left"]
jump = "any"
start = """
BB#
B.W
#WW
"""
goal = """
WW#
W.B
#BB
"""
'''

KNIGHTS = '''
format = 1
title = "Guarini's knights"
family = "knights"
source = "Guarini, 1512"
start = """
W.W
...
B.B
"""
goal = """
B.B
...
W.W
"""
[published]
moves = 16
'''

PAIRS_BLOCK = '''
format = 1
title = "Tait's coin pairs"
family = "pairs"
start = "BWBWBWBW.."
goal_block = "BBBBWWWW"
either_order = true
'''

PAIRS_GRID = '''
format = 1
title = "Oshidori"
family = "pairs"
start = "BWBWBW.."
goal = "BBBWWW.."
'''

BLOCKS = '''
format = 1
title = "Cars"
subtitle = "車"
family = "blocks"
moves = "line"
start = """
曹曹.┌
AB.┌
"""
axis = { "曹" = "x", A = "y", B = "y" }
same = ["AB"]
goal = """
??曹曹
????
"""
'''


def test_frogs_take_the_default_rules():
    defn = parse_toml(FROGS, "frogs.toml")
    assert isinstance(defn, FrogsDef)
    assert defn.start == ("BBB.WWW",) and defn.goal == ("WWW.BBB",)
    assert (defn.black, defn.white, defn.jump) == (("right", "down"), ("left", "up"), Jump.OTHER)
    assert defn.common.published == {"moves": 15} and defn.common.origin == "frogs.toml"


def test_frogs_with_their_own_directions_holes_and_jumps():
    defn = parse_toml(PLUS, "plus.toml")
    assert isinstance(defn, FrogsDef)
    assert defn.black == ("right", "down", "down-right") and defn.jump is Jump.ANY
    assert defn.start == ("BB#", "B.W", "#WW")


def test_knights():
    defn = parse_toml(KNIGHTS, "guarini.toml")
    assert isinstance(defn, KnightsDef)
    assert defn.goal == ("B.B", "...", "W.W") and defn.common.source == "Guarini, 1512"


def test_pairs_with_a_goal_block_or_a_goal_grid():
    block = parse_toml(PAIRS_BLOCK, "tait.toml")
    assert isinstance(block, PairsDef)
    assert (block.goal, block.goal_block, block.either_order) == (None, "BBBBWWWW", True)
    grid = parse_toml(PAIRS_GRID, "oshidori.toml")
    assert isinstance(grid, PairsDef)
    assert (grid.goal, grid.goal_block, grid.either_order) == (("BBBWWW..",), "", False)


def test_blocks_with_any_characters_axes_and_a_move_count():
    defn = parse_toml(BLOCKS, "cars.toml")
    assert isinstance(defn, BlocksDef)
    assert defn.start == ("曹曹.┌", "AB.┌") and defn.moves == "line"
    assert defn.axis == {"曹": Axis.X, "A": Axis.Y, "B": Axis.Y} and defn.same == ("AB",)
    assert defn.common.subtitle == "車"


def test_grids_ignore_blank_lines_around_them_and_windows_line_ends():
    text = FROGS.replace('start = "BBB.WWW"', 'start = """\r\n\r\n  \r\nBBB.WWW\r\n\r\n"""')
    assert parse_toml(text, "frogs.toml").start == ("BBB.WWW",)


def test_a_goal_may_write_identical_pieces_with_any_of_their_characters():
    text = BLOCKS.replace('??曹曹\n????', '??曹曹\nBA??')
    assert parse_toml(text, "cars.toml").goal == ("??曹曹", "BA??")
