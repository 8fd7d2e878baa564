"""A Sokoban collection in the player's folder is one group, a grid of levels: named after its file (apart
from another of the same name), each level numbered in it, with its rows to sketch from and its words known,
and not one level's rules built to read the folder; a level that names its own group keeps it."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.catalog import library
from game.families.sokoban import family as sokoban_family

ROOMS = """; 1
#####
#@$.#
#####

; 2
######
#@$ .#
######

; 3
#######
#@ $ .#
#######
"""
GROUPED = '''format = 1
title = "Side room"
family = "sokoban"
group = "My rooms"
variant = "a"
level = """
#####
#@$.#
#####
"""
'''


@pytest.fixture
def builds(monkeypatch):
    built: list[str] = []
    make = sokoban_family.make_sokoban
    monkeypatch.setattr(sokoban_family, "make_sokoban",
                        lambda name, defn, count=None: built.append(name) or make(name, defn, count))
    return built


def _file(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


def test_a_collection_is_one_group_of_numbered_levels_read_without_building_one(tmp_path, builds):
    folder = tmp_path / "puzzles"
    _file(folder, "rooms.xsb", ROOMS)
    _file(folder / "more", "rooms.sok", ROOMS)            # the same name in a subfolder: a group of its own
    _file(folder, "single.xsb", ROOMS.split("\n\n")[0])   # a file of one level: a puzzle, no group
    _file(folder, "side.toml", GROUPED)
    specs, problems = library.load_folder(folder, set())
    assert not problems and builds == []
    shown = {spec.name: (spec.presentation.group, spec.presentation.variant, spec.presentation.grid) for spec in specs}
    assert shown == {"rooms-1": ("Rooms", "1", True), "rooms-2": ("Rooms", "2", True), "rooms-3": ("Rooms", "3", True),
                     "side": ("My rooms", "a", True), "single": ("", "", True),
                     "rooms-1-2": ("Rooms (2)", "1", True), "rooms-2-2": ("Rooms (2)", "2", True),
                     "rooms-3-2": ("Rooms (2)", "3", True)}
    first = next(spec for spec in specs if spec.name == "rooms-1")
    assert first.presentation.sketch == ("#####", "#@$.#", "#####")   # its picture, from its rows
    assert first.said.title == "Rooms 1" and builds == []             # its words, without its rules
    assert first.puzzle.title == first.said.title and first.puzzle.move_rule == first.said.move_rule
    assert first.puzzle.goal_text == first.said.goal and builds == ["rooms-1"]


def test_a_collection_of_other_families_keeps_a_card_a_puzzle(tmp_path):
    folder = tmp_path / "puzzles"
    _file(folder, "lots.rush", "BBCGHoJoCGHoJAAEHoooIEKKooIDDFoooooF\nooooooooooooAAoooooooooooooooooooooo\n")
    specs, problems = library.load_folder(folder, set())
    assert not problems and [spec.presentation.group for spec in specs] == ["", ""]
