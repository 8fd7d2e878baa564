"""The ``[doors]`` table of a sliding-block file (PUZZLE-FILES.md, "Doors"): read, every mistake one
sentence naming the key, and written back as it was read."""
from __future__ import annotations

import pytest

from game.catalog.reading import parse_toml, read_puzzle_file, to_toml
from game.families.blocks.model import BlocksDef, DoorsDef, cell_name, column_name

from .support import LIBRARY, error_of, one_sentence

GATE = '''format = 1
title = "Gate"
family = "blocks"
moves = "path"
start = """
...
.Y.
.ZX
"""
goal = """
X??
???
???
"""

[doors]
cells = "c1"
pieces = "Y"
'''

DONKEY = (LIBRARY / "red-donkey.toml").read_text(encoding="utf-8")
DOORS = '[doors]\ncells = "b6 c6 b7 c7"\npieces = "B"\n'


def test_a_door_table_is_read_as_cells_and_pieces():
    defn = parse_toml(GATE, "gate.toml")
    assert isinstance(defn, BlocksDef) and defn.doors == DoorsDef(((0, 2),), "Y")
    donkey = read_puzzle_file(LIBRARY / "red-donkey.toml")
    assert isinstance(donkey, BlocksDef) and donkey.doors == DoorsDef(((5, 1), (5, 2), (6, 1), (6, 2)), "B")


def test_cells_are_named_as_the_board_names_them_in_any_case_and_commas_may_part_them():
    defn = parse_toml(GATE.replace('"c1"', '"C1, a2,b3"').replace('pieces = "Y"', 'pieces = "Y Z"'), "gate.toml")
    assert isinstance(defn, BlocksDef) and defn.doors == DoorsDef(((0, 2), (1, 0), (2, 1)), "YZ")
    assert [column_name(c) for c in (0, 25, 26, 27, 51, 52)] == ["a", "z", "aa", "ab", "az", "ba"]
    assert cell_name(6, 2) == "c7"


def test_a_file_without_doors_has_none():
    defn = parse_toml(GATE.split("\n[doors]")[0], "gate.toml")
    assert isinstance(defn, BlocksDef) and defn.doors is None
    assert "[doors]" not in to_toml(defn)


@pytest.mark.parametrize("text", [GATE, GATE.replace('"c1"', '"b1 a2 c1"'), DONKEY,
                                  DONKEY.replace("[doors]", '[published]\npath = 81\n\n[doors]')])
def test_what_is_read_is_written_back_the_same(text):
    defn = parse_toml(text, "doors.toml")
    written = to_toml(defn)
    assert parse_toml(written, "doors.toml") == defn
    assert to_toml(parse_toml(written, "doors.toml")) == written
    doors = defn.doors
    assert doors is not None
    names = " ".join(cell_name(r, c) for r, c in doors.cells)
    assert f'[doors]\ncells = "{names}"\npieces = "{doors.pieces}"\n' in written


def test_the_library_donkey_writes_its_doors_as_its_file_does():
    assert DOORS in to_toml(read_puzzle_file(LIBRARY / "red-donkey.toml"))


# (what is wrong, the file, the key the sentence must name, words it must contain)
CASES = [
    ("doors not a table", GATE.replace('[doors]\ncells = "c1"\npieces = "Y"', 'doors = "c1"'), "key 'doors'",
     "must be a table"),
    ("several door tables: one set of pieces passes every door", GATE.replace("[doors]", "[[doors]]"), "key 'doors'",
     "must be a table"),
    ("a key [doors] does not have", GATE.replace('pieces = "Y"', 'pieces = "Y"\nopen = true'), "key 'doors.open'",
     "'cells' and 'pieces'"),
    ("cells missing", GATE.replace('cells = "c1"\n', ""), "key 'doors.cells'", "missing"),
    ("pieces missing", GATE.replace('pieces = "Y"\n', ""), "key 'doors.pieces'", "missing"),
    ("cells not text", GATE.replace('"c1"', '["c1"]'), "key 'doors.cells'", "text in quotes"),
    ("pieces not text", GATE.replace('pieces = "Y"', "pieces = 1"), "key 'doors.pieces'", "text in quotes"),
    ("an empty list of cells", GATE.replace('"c1"', '"  "'), "key 'doors.cells'", "empty"),
    ("an empty list of pieces", GATE.replace('pieces = "Y"', 'pieces = ""'), "key 'doors.pieces'", "empty"),
    ("a cell name without a row", GATE.replace('"c1"', '"c"'), "key 'doors.cells'", "'c' is not a cell name"),
    ("a cell name back to front", GATE.replace('"c1"', '"1c"'), "key 'doors.cells'", "'1c' is not a cell name"),
    ("a cell name with more after it", GATE.replace('"c1"', '"c1x"'), "key 'doors.cells'", "'c1x' is not a cell"),
    ("a cell name in another script", GATE.replace('"c1"', '"ｃ1"'), "key 'doors.cells'", "is not a cell name"),
    ("a door right of the board", GATE.replace('"c1"', '"d1"'), "key 'doors.cells'", "d1 is off the board"),
    ("a door below the board", GATE.replace('"c1"', '"a4"'), "key 'doors.cells'", "a4 is off the board"),
    ("a door in row 0", GATE.replace('"c1"', '"a0"'), "key 'doors.cells'", "a0 is off the board"),
    ("a door on a wall", DONKEY.replace('"b6 c6 b7 c7"', '"a6"'), "key 'doors.cells'", "a6 is a wall"),
    ("a door named twice", GATE.replace('"c1"', '"c1 a1 C1"'), "key 'doors.cells'", "names c1 twice"),
    ("an unknown piece", GATE.replace('pieces = "Y"', 'pieces = "Q"'), "key 'doors.pieces'",
     "'Q', which is not a piece of the start"),
    ("a piece named twice", GATE.replace('pieces = "Y"', 'pieces = "YZY"'), "key 'doors.pieces'", "'Y' twice"),
    ("identical pieces told apart", DONKEY.replace('pieces = "B"', 'pieces = "BA"'), "key 'doors.pieces'",
     "names 'A' but not 'C'"),
    ("a piece that starts on a door it may not enter", GATE.replace('"c1"', '"c3"'), "key 'start'",
     "piece 'X' stands on the door c3, which only 'Y' may enter"),
    ("a goal that puts a piece on a door it may not enter", GATE.replace('"c1"', '"a1"'), "key 'goal'",
     "piece 'X' stands on the door a1"),
]


@pytest.mark.parametrize("text, where, words", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_each_mistake_is_one_sentence_naming_the_key(text, where, words):
    message = str(error_of(parse_toml, text, "doors.toml"))
    one_sentence(message, "doors.toml", where)
    assert words in message


def test_a_piece_on_a_door_it_may_enter_is_no_mistake():
    defn = parse_toml(GATE.replace('"c1"', '"c3 b2"').replace('pieces = "Y"', 'pieces = "XY"'), "gate.toml")
    assert isinstance(defn, BlocksDef) and defn.doors == DoorsDef(((2, 2), (1, 1)), "XY")
