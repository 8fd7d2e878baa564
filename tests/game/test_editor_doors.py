"""Doors in the position editor: made and removed, pieces let through or not, every change an edit
undone like any other; the puzzle's rules, checks and reading follow the doors, and a puzzle made with
doors saves and reads back with them."""
from __future__ import annotations

from game.catalog import library
from game.catalog import registry as catalog
from game.catalog.reading import read_puzzle_file, to_toml
from game.common.background import Service, Where
from game.families.blocks.model import DoorsDef
from game.midend.editor import Editor, ReadingKind
from game.rules.puzzle import Doors

INLINE = Service(Where.INLINE)
B5, C5 = 17, 18          # Klotski's (and the Red Donkey's) cells (reading order): the two empty cells of the bottom row
DONKEY = 1               # the big block's anchor, b1
EXIT = 20                # the Red Donkey's first door, b6
SMALL = 13               # a small block, b4


def editor(name: str) -> Editor:
    e = Editor(catalog.get(name), service=INLINE)
    e.update(1.0)
    return e


def test_a_click_makes_a_door_a_piece_is_let_through_and_undo_takes_both_back():
    e = editor("klotski")
    assert e.doors_editable and e.doors == Doors() and e.doors_said().startswith("No doors")
    assert e.toggle_door(B5) is None and e.doors == Doors(frozenset({B5}))
    assert e.problem() == ("No piece may pass the doors, which makes them walls: click a piece to let it through "
                           "them, or remove them.")
    assert e.reading().kind is ReadingKind.ILLEGAL
    assert e.toggle_door(DONKEY) is None
    donkey = e.position[DONKEY]
    assert e.doors == Doors(frozenset({B5}), frozenset({donkey})) and e.problem() is None
    assert e.doors_said() == "Doors at b5; pieces that may pass them: big red block."
    assert e.spec is not e.original and e.puzzle.doors == e.doors and e.doors_changed
    assert e.relocate(19, B5) == "It may not stand there: only the pieces let through the doors may stand on them."
    assert e.toggle_door(B5) is None and e.doors.cells == frozenset()       # again: no door there
    assert e.undo() and e.doors.cells == {B5} and e.undo() and e.undo()
    assert e.doors == Doors() and e.spec is e.original and not e.doors_changed
    assert e.redo() and e.redo() and e.doors == Doors(frozenset({B5}), frozenset({donkey}))


def test_every_piece_of_a_kind_passes_alike_and_a_kind_on_a_door_keeps_its_way_through():
    e = editor("red-donkey")
    doors = e.doors
    assert doors.cells == frozenset(range(EXIT, EXIT + 4)) and doors.passing == {e.position[DONKEY]}
    assert e.relocate(SMALL, EXIT) == ("It may not stand there: only the pieces let through the doors may stand "
                                       "on them.")
    assert e.relocate(DONKEY, EXIT) is None and e.reading().kind is ReadingKind.GOAL   # out through the exit
    assert e.toggle_door(EXIT) == ("A piece of that kind stands on a door: move it off before you close the doors "
                                   "to it.")
    assert e.toggle_door(SMALL) is None   # the small blocks may pass now: every one of them
    small = e.puzzle.layout.kind_of["G"]
    assert e.puzzle.doors.passing == {e.position[EXIT], small.codes[0]} and not small.barred
    assert e.relocate(EXIT, B5) is None                          # the donkey half back in: b7 is free
    assert e.relocate(16, 22) is None and e.problem() is None    # a small block (a5) on the exit's b7 now


def test_a_puzzle_made_with_doors_saves_and_reads_back_with_them(folder):
    original = catalog.get("hughes")
    e = Editor(original, service=INLINE)
    for cell in (4, 7):   # b2 a door, the wide blocks (c3's) let through
        assert e.toggle_door(cell) is None
    assert e.save_problem() is None
    e.save("Hughes with a gate")
    got = e.take_saved()
    assert isinstance(got, tuple), got
    path, shelved = got
    defn = read_puzzle_file(path)
    assert defn.doors == DoorsDef(((1, 1),), "35")
    assert '[doors]\ncells = "b2"\npieces = "35"\n' in to_toml(defn)
    assert shelved.puzzle.doors == e.doors and shelved.puzzle.start == e.position
    again, problems = library.load_folder(folder, set())   # the next time the game starts
    assert [s.puzzle.doors for s in again] == [e.doors] and not problems
    line = shelved.oracle.solve(shelved.puzzle.start)
    e.update(1.0)
    assert len(line) == e.reading().distance > len(original.oracle.solve(original.puzzle.start))   # the gate costs


def test_a_puzzle_without_doors_of_its_own_has_none_to_place():
    e = editor("frogs-a")
    assert not e.doors_editable and e.toggle_door(0) == "This puzzle has no doors."


def test_the_table_of_a_puzzle_left_behind_stops_being_prepared_but_never_the_menus_own(monkeypatch):
    e = editor("hughes")
    stopped = []
    monkeypatch.setattr(e.original.oracle, "stop_preparing", lambda: stopped.append("the menu's own"))
    assert e.toggle_door(4) is None
    made = e.spec
    monkeypatch.setattr(made.oracle, "stop_preparing", lambda: stopped.append("with a door"))
    assert e.toggle_door(4) is None and e.spec is e.original     # the door removed: the menu's own puzzle
    assert stopped == ["with a door"]
    assert e.undo() and e.spec is made
    e.close()
    assert stopped == ["with a door", "with a door"]
