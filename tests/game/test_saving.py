"""Save as puzzle: a file in the player's folder that reads back to the same puzzle from the
edited position, joins the running game's shelves and is loaded next time; never overwrites."""
from __future__ import annotations

import os
from dataclasses import replace

import pytest

from game.catalog import registry as catalog
from game.catalog import library
from game.common.background import Service, Where
from game.midend.editor import Editor
from game.catalog.reading import read_puzzle_file
from game.rules.puzzle import PositionError
from game.catalog.saving import SaveError, default_title, definition, save_puzzle, unavailable

INLINE = Service(Where.INLINE)



def saved(e: Editor, title: str):
    """Save through the editor (the file is written by a background task: inline here)."""
    e.save(title)
    got = e.take_saved()
    assert isinstance(got, tuple), got
    return got


EDITS = [  # puzzle, then cells swapped (or a piece relocated) to make a position of its own
    ("frogs-a", [(0, 5)]),
    ("frogs-line-3", [(2, 3)]),
    ("knights", [(0, 4)]),
    ("pairs", [(0, 6)]),
    ("tait-4", [(0, 8)]),
    ("goat", [(7, 11)]),
    ("klotski", [(19, 17), (16, 19)]),
    ("klotski@line", [(19, 18)]),
    ("hughes", [(2, 1)]),
]


@pytest.mark.parametrize("name, edits", EDITS)
def test_a_saved_position_reads_back_as_the_same_puzzle_from_it(folder, name, edits):
    spec = catalog.get(name)
    e = Editor(spec, service=INLINE)
    for a, b in edits:
        assert e.swap(a, b) is None, (a, b)
    assert e.position != spec.puzzle.start and e.save_problem() is None
    path, shelved = saved(e, "My own puzzle")
    assert path == folder / "my-own-puzzle.toml" and path.is_file()
    defn = read_puzzle_file(path)
    assert replace(defn, common=replace(defn.common, origin="")) == definition(spec, e.position, "My own puzzle")
    back = library.spec_for("check", defn).puzzle
    old = spec.puzzle
    assert library.spec_for("check", defn).as_file(back.start).start == defn.start
    if name != "goat":   # Goat's art is code, not file: its pieces are letters in the file
        assert back.format(back.start) == old.format(e.position)
    assert defn.common.title == "My own puzzle" and not defn.common.published and not defn.common.group
    assert len(back.legal_moves(back.start)) == len(old.legal_moves(e.position))
    e.update(1.0)
    line = shelved.oracle.answer(shelved.puzzle.start).line           # the same puzzle: the same distance
    assert (None if line is None else len(line)) == e.reading().distance
    assert shelved.name == "my-own-puzzle" and catalog.get("my-own-puzzle") is shelved
    assert shelved.puzzle.start == back.start
    if spec.count is not None:
        assert shelved.count is spec.count                  # the count the player was reading distances in
    next_time, problems = library.load_folder(folder, set())   # what the catalog reads when the game starts
    assert [s.name for s in next_time] == ["my-own-puzzle"] and not problems


def test_a_file_is_never_overwritten_and_titles_are_offered_anew(folder):
    spec = catalog.get("frogs-a")
    e = Editor(spec, service=INLINE)
    e.swap(0, 5)
    assert default_title(spec) == "My frogs 1"
    path, _ = saved(e, "My frogs 1")
    before = path.read_bytes()
    e.swap(1, 0)
    e.save("my frogs 1!")
    assert e.take_saved() == "Your folder already has a file called my-frogs-1.toml: choose another title."
    assert path.read_bytes() == before
    e.suggest_title()
    assert e.suggested_title() == "My frogs 2"
    assert [p.name for p in folder.iterdir()] == ["my-frogs-1.toml"]     # no temporary file left


def test_what_cannot_be_saved_says_why(folder):
    tiles = Editor(catalog.get("eight"), service=INLINE)
    assert "cannot describe the 8-puzzle" in unavailable(tiles.spec) and tiles.save_problem() == unavailable(tiles.spec)
    frogs = Editor(catalog.get("frogs-a"), service=INLINE)
    assert frogs.save_problem() is None
    frogs.place(0, 0)
    assert frogs.save_problem().startswith("Only a position of this puzzle can be saved: Frogs, board A")
    with pytest.raises(SaveError):
        frogs.save("Broken")
    frogs.set_position(frogs.puzzle.goal_states[0])
    assert "goal itself" in frogs.save_problem()
    frogs.undo()
    frogs.undo()
    for title in ("", "   ", "\x1b\x07"):
        with pytest.raises(SaveError, match="Give the puzzle a title"):
            frogs.save(title)
    assert not any(folder.iterdir()) if folder.exists() else True


def test_an_unwritable_folder_is_one_sentence(folder, tmp_path):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    spec = catalog.get("frogs-a")
    state = bytearray(spec.puzzle.start)
    state[0], state[5] = state[5], state[0]
    with pytest.raises(SaveError) as err:
        save_puzzle(spec, bytes(state), "Mine", blocker / "puzzles")
    assert str(err.value).startswith("The puzzle could not be written to") and "\n" not in str(err.value)


def test_a_title_becomes_a_plain_file_name():
    assert library.file_name_for("My frogs 1") == "my-frogs-1.toml"
    assert library.file_name_for("Frogs: the hard one (v2.1)") == "frogs-the-hard-one-v2-1.toml"
    assert library.file_name_for("蛙") == "my-puzzle.toml"
    assert library.file_name_for("../../etc/passwd") == "etc-passwd.toml"
    assert len(library.file_name_for("x" * 300)) <= 65


def test_default_titles_follow_the_shelf(folder):
    assert default_title(catalog.get("klotski"), folder) == "My sliding blocks 1"
    os.makedirs(folder, exist_ok=True)
    (folder / "my-sliding-blocks-1.toml").write_text("")
    assert default_title(catalog.get("goat"), folder) == "My sliding blocks 2"


def test_a_position_that_does_not_fit_the_board_is_refused():
    spec = catalog.get("frogs-a")
    with pytest.raises(PositionError):
        spec.as_file(bytes(3))
    with pytest.raises(PositionError):
        catalog.get("klotski").as_file(bytes(20))
