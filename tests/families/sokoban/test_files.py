"""Sokoban's files: a TOML level (its keys, written back as read, one sentence per mistake), and .xsb /
.sok collections read directly: every level a puzzle, named by its Title:, a bad level one sentence
beside the others; a collection in the player's folder, or a folder of them, becomes a shelf."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.catalog import library
from game.catalog import registry as catalog
from game.cli import main
from game.catalog.reading import Collection, parse_toml, read_puzzle_file, read_puzzles, to_toml
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.xsb import parse_collection
from game.files.errors import PuzzleFileError
from tests.families.sokoban.plain import Plain
from tests.files.support import one_sentence

LEVEL = """format = 1
title = "Short corridor"
family = "sokoban"
moves = "pushes"
level = \"\"\"
  #####
###   #
#@ $ .#
#######
\"\"\"
"""
COLLECTION = """; a few small levels of our own, to read
Title: Three rooms

#####
#@$.#
#####
Title: The first

; second
######
#    #
# $$ #
#  @ #
#.  .#
######
Author: nobody

; 3
5#|#@$.#|5#

#####
#@$$.#
######
Title: too many boxes
"""


def _file(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_level_file_reads_and_writes_back_as_it_was(tmp_path):
    defn = read_puzzle_file(_file(tmp_path, "short.toml", LEVEL))
    assert isinstance(defn, SokobanDef) and defn.moves == "pushes"
    assert defn.level == ("  #####", "###---#", "#@-$-.#", "#######")   # the floor the keeper walks on: '-'
    assert parse_toml(to_toml(defn), defn.common.origin) == defn
    assert catalog.get(str(tmp_path / "short.toml")).puzzle.count.key == "pushes"


@pytest.mark.parametrize("change, words", [
    (('level = """', 'levels = """'), "key 'levels' is not a key"),
    (("#@ $ .#", "#  $ .#"), "no keeper"),
    (("#@ $ .#", "#@@$ .#"), "2 keepers"),
    (("#@ $ .#", "#@$$ .#"), "boxes (2) and targets (1)"),
    (("#@ $ .#", "#@ $ x#"), "character 'x'"),
    (("  #####", "$ #####"), "never reach"),
    (('moves = "pushes"', 'moves = "steps"'), "'steps' is not a way to count"),
    (('moves = "pushes"', 'start = "#@$.#"'), "key 'start' is not used"),
    (("#@ $ .#", "#@ . .#"), "no box"),
])
def test_each_mistake_in_a_level_file_is_one_sentence(tmp_path, change, words):
    path = _file(tmp_path, "bad.toml", LEVEL.replace(*change))
    with pytest.raises(PuzzleFileError) as caught:
        read_puzzle_file(path)
    one_sentence(str(caught.value), "bad.toml", words)


def test_a_collection_holds_its_levels_in_order_named_by_their_titles():
    levels = parse_collection(COLLECTION, "rooms.sok")
    assert len(levels) == 4
    first, second, third, bad = levels
    assert isinstance(first, SokobanDef) and first.common.title == "The first" and first.level == ("#####", "#@$.#",
                                                                                                   "#####")
    assert isinstance(second, SokobanDef) and second.common.title == "second"
    assert isinstance(third, SokobanDef) and third.common.title == "Rooms 3"   # a number alone: the file's, numbered
    assert third.level == first.level                                            # a .sok run and its rows
    assert isinstance(bad, PuzzleFileError)
    one_sentence(str(bad), "rooms.sok", "line 21")
    assert Plain(second.level).best() is not None


def test_a_file_of_one_level_is_that_level_and_a_file_of_several_names_them(tmp_path):
    one = _file(tmp_path, "one.xsb", "#####\n#@$.#\n#####\n")
    assert isinstance(read_puzzles(one), SokobanDef) and read_puzzle_file(one).common.title == "One"
    many = _file(tmp_path, "rooms.sok", COLLECTION)
    assert isinstance(read_puzzles(many), Collection)
    with pytest.raises(PuzzleFileError, match=r"holds 4 levels: name one as rooms.sok#1 to rooms.sok#4"):
        read_puzzle_file(many)
    assert library.read_named(f"{many}#2").common.title == "second"
    for wrong, words in ((f"{many}#4", "line 21"), (f"{many}#9", "holds 4 puzzles, so there is no puzzle 9")):
        with pytest.raises(PuzzleFileError) as caught:
            library.read_named(wrong)
        one_sentence(str(caught.value), "rooms.sok", words)
    none = _file(tmp_path, "empty.xsb", "; nothing here\n")
    with pytest.raises(PuzzleFileError, match="draws no Sokoban level"):
        read_puzzles(none)


def test_a_collection_whose_name_says_nothing_is_known_by_its_levels(tmp_path):
    path = _file(tmp_path, "levels.txt", COLLECTION)
    got = read_puzzles(path)
    assert isinstance(got, Collection) and len(got.puzzles) == 4


def test_collections_and_folders_in_the_players_folder_become_shelves(tmp_path):
    folder = tmp_path / "puzzles"
    _file(folder, "rooms.sok", COLLECTION)
    _file(folder / "Shift work", "night.xsb", COLLECTION.replace("Title: The first", "Title: Night one"))
    _file(folder / "Shift work", "corridor.toml", LEVEL)
    specs, problems = library.load_folder(folder, set())
    shelves = {}
    for spec in specs:
        shelves.setdefault(spec.shelf.title, []).append((spec.name, spec.title))
    assert shelves == {"Rooms": [("rooms-1", "The first"), ("rooms-2", "second"), ("rooms-3", "Rooms 3")],
                       "Shift work": [("corridor", "Short corridor"), ("night-1", "Night one"), ("night-2", "second"),
                                      ("night-3", "Night 3")]}
    assert len(problems) == 2
    one_sentence(problems[0], "rooms.sok", "line 21")
    assert library.retold(problems[0]) == problems[0]
    assert specs[0].recount is not None and specs[0].family is not None
    counted = specs[0].recount(specs[0].family.counts[1])   # the same level counted by pushes
    assert counted.shelf == specs[0].shelf and counted.name == "rooms-1@pushes"


def test_the_command_line_solves_and_converts_one_level_of_a_collection(tmp_path, capsys):
    path = _file(tmp_path, "rooms.sok", COLLECTION)
    assert main(["solve", f"{path}#2", "--moves", "pushes", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["optimal"] and answer["length"] == Plain(parse_collection(COLLECTION, "x")[1].level).best()[0]
    assert answer["positions"][0] == "# # # # # #/# - - - - #/# - $ $ - #/# - - @ - #/# . - - . #/# # # # # #"
    assert main(["convert", f"{path}#1"]) == 0 and 'title = "The first"' in capsys.readouterr().out
    assert main(["solve", str(path)]) == 2
    said = capsys.readouterr().err
    assert "name one as rooms.sok#1" in said and said.count("\n") == 1
