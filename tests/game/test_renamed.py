"""A puzzle the game once shipped under another name (Sixteen's grid 4 wide and 3 high was ``sixteen-3x4``,
now ``sixteen-4x3`` as its title and every board say): what the player kept under the former name, a game in
progress, a save, records, the menu's memory and a shared code, is read as the puzzle's, and written under its
name since."""
from __future__ import annotations

import json

from game.catalog import registry as catalog
from game.cli import main
from game.keeping.journal_files import game_path
from game.keeping.kept import saved_game
from game.keeping.records import START, Records
from game.keeping.saves import game_text, read_game
from tests.game.journal_support import inline, played, win

OLD, NEW = "sixteen-3x4", "sixteen-4x3"


def as_formerly_written(name: str = NEW, moves: int = 3) -> tuple[str, bytes]:
    """A game of the puzzle as the game wrote it under the former name, and the position it reached."""
    session = played(name, moves=moves)
    text = game_text(saved_game(session))
    assert f"puzzle: {NEW}\n" in text
    return text.replace(f"puzzle: {NEW}\n", f"puzzle: {OLD}\n"), session.position


def test_the_former_name_finds_the_puzzle_and_the_title_says_what_its_name_says():
    spec = catalog.get(NEW)
    assert catalog.get(OLD) is spec and catalog.former_names(NEW) == (OLD,)
    assert (spec.puzzle.board.width, spec.puzzle.board.height) == (4, 3)
    assert spec.title == "Sixteen, 4x3" and spec.presentation.variant == "4x3"
    assert OLD not in catalog.names() and NEW in catalog.names()
    assert not set(catalog.renamed()) & catalog.own_names()   # a former name is nobody's name now (its records move)
    assert set(catalog.renamed().values()) <= catalog.own_names()


def test_a_saved_game_naming_the_former_name_is_a_game_of_the_puzzle(capsys):
    text, position = as_formerly_written()
    game = read_game(text, catalog.get(NEW))
    assert game.position == position and game.spec is catalog.get(NEW)
    assert read_game(text).spec is catalog.get(NEW)
    assert main(["solve", OLD, "--json"]) == 0 and json.loads(capsys.readouterr().out)["puzzle"] == NEW


def test_a_game_in_progress_under_the_former_name_opens_and_is_written_under_the_name(folders):
    folders.games.mkdir(parents=True)
    text, position = as_formerly_written()
    old = game_path(folders.games, OLD)
    old.write_text(text, encoding="utf-8")
    j = inline(folders)
    spec = catalog.get(NEW)
    assert j.in_progress(NEW)
    job = j.open(spec)
    assert job is not None and job.result is not None and job.result.game is not None
    assert job.result.game.position == position
    j.opened(spec, job.result)
    session = played(NEW, moves=5, seed=2)
    j.changed(NEW, lambda: saved_game(session))
    j.flush()
    new = game_path(folders.games, NEW)
    assert new.is_file() and not old.exists() and j.in_progress(NEW)   # the former file cannot bring it back
    assert read_game(new.read_text(encoding="utf-8")).position == session.position


def test_a_save_under_the_former_name_opens(folders):
    folders.saves.mkdir(parents=True)
    text, position = as_formerly_written(moves=4)
    game_path(folders.saves, OLD).write_text(text, encoding="utf-8")
    opened = inline(folders).load_saved(catalog.get(NEW))
    assert opened.result is not None and opened.result.game is not None and opened.result.game.position == position


def test_records_under_the_former_name_are_the_puzzles_joined_to_its_own(folders):
    folders.records.parent.mkdir(parents=True)
    kept = Records().add(win(OLD, moves=12, par=10)).add(win(NEW, moves=10, par=10))
    folders.records.write_text(kept.to_json(), encoding="utf-8")
    j = inline(folders)
    row = j.records.of(NEW)[START]
    assert OLD not in j.records.puzzles
    assert (row.solved, row.own, row.optimal, row.best_over, row.best_moves, row.par) == (2, 2, 1, 0, 10, 10)
    j.record(win(NEW, moves=11, par=10))
    j.flush()
    j.wait(1.0)
    on_disk = json.loads(folders.records.read_text(encoding="utf-8"))["puzzles"]
    assert OLD not in on_disk and on_disk[NEW][START]["solved"] == 3


def test_the_menus_memory_of_the_former_name_is_the_puzzles(folders):
    folders.menu.parent.mkdir(parents=True)
    folders.menu.write_text(json.dumps({"last": OLD, "chosen": {"Sixteen": OLD, "Frogs in a line": "frogs-line-3"}}),
                            encoding="utf-8")
    j = inline(folders)
    assert j.last == NEW and j.chosen == {"Sixteen": NEW, "Frogs in a line": "frogs-line-3"}


def test_a_code_shared_under_the_former_name_opens_the_puzzle(monkeypatch):
    from game.catalog import codes
    spec = catalog.get(NEW)
    position = played(NEW, moves=4).position
    numbered = codes.puzzle_id
    monkeypatch.setattr(codes, "puzzle_id", lambda base: numbered(OLD if base == NEW else base))
    before = codes.encode(spec, position)                  # the code as the game gave it under the former name
    monkeypatch.undo()
    assert before != codes.encode(spec, position)
    shared = codes.decode(before)
    assert shared.spec is spec and shared.state == position
