"""Sokoban in the position editor: the keeper and the boxes put anywhere on the floor, what is wrong
said with the pieces' own names ("2 boxes", never "2 boxs"), and a position saved as a level of its own."""
from __future__ import annotations

from game.catalog.reading import parse_toml, to_toml
from game.catalog.spec import EditMode
from game.common import i18n
from game.common.background import Service, Where
from game.families.sokoban.level import BOX, KEEPER
from game.midend.edit_panel import _palette_label
from game.midend.edit_problems import problem_of
from game.midend.editor import Editor
from tests.families.sokoban.levels import spec
from tests.families.sokoban.plain import Plain


def test_the_editor_puts_keeper_and_boxes_and_names_what_is_missing():
    s = spec("yard")
    assert s.edit is EditMode.PALETTE
    editor = Editor(s, service=Service(Where.INLINE))
    assert set(editor.palette) == {0, KEEPER, BOX}
    free = next(c for c, code in enumerate(s.puzzle.start) if code == 0 and c not in s.puzzle.on_target)
    assert editor.place(free, BOX) is None
    assert problem_of(s, editor.position) == "Test level has 1 keeper and 2 boxes: take away 1 box."
    editor.undo()
    box = s.puzzle.start.index(BOX)
    editor.place(box, 0)
    assert problem_of(s, editor.position) == "Test level has 1 keeper and 2 boxes: place 1 more box."


def test_a_position_of_the_editor_becomes_a_level_file_that_reads_back():
    s = spec("yard")
    line = s.oracle.solve(s.puzzle.start)
    middle = line.states[len(line.states) // 2]
    assert s.as_file is not None
    defn = s.as_file(middle)
    again = parse_toml(to_toml(defn), "saved.toml")
    assert again.level == defn.level and again.moves == defn.moves and Plain(again.level).best() is not None
    assert s.family is not None and s.family.spec("saved", again).puzzle.start == middle


def test_the_palette_names_keeper_and_box_in_the_players_language():
    editor = Editor(spec("yard"), service=Service(Where.INLINE))
    assert [_palette_label(editor, code) for code in (KEEPER, BOX, 0)] == ["Keeper", "Box", "Floor"]
    i18n.activate("ja")
    try:
        assert [_palette_label(editor, code) for code in (KEEPER, BOX, 0)] == ["作業員", "荷物", "床"]
    finally:
        i18n.deactivate()
