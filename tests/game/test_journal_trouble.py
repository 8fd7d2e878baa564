"""What the journal does when a file cannot be written back: a name in the records that no file can
hold is left out on reading (the file as it was kept aside), and a write that fails (a read-only
folder, a full disk) is one sentence for the player, the data kept in memory, and another try later."""
from __future__ import annotations

import json
import time

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.journal import Journal
from game.keeping.journal_files import Folders, game_path
from game.keeping.records import START, Records
from game.keeping.kept import saved_game
from game.keeping.saves import read_game
from tests.game.journal_support import inline, one_sentence, played, run, win
from tests.helpers import Unwritable

ODD = "\\ud800"      # a lone surrogate, as JSON writes it: valid JSON, no text a file can hold


# -- names no file can hold ---------------------------------------------------------------------------

def odd_records(folders: Folders) -> str:
    good = json.loads(Records().add(win("goat", 20, 20)).to_json())
    text = json.dumps(good)[:-2] + f', "{ODD}odd": {{"start": {{"solved": 1}}}}}}}}'
    assert "\ud800odd" in json.loads(text)["puzzles"]
    folders.records.parent.mkdir(parents=True)
    folders.records.write_text(text, encoding="utf-8")
    return text


def test_a_name_no_file_can_hold_is_left_out_and_the_file_kept_aside(folders):
    text = odd_records(folders)
    j = inline(folders)
    assert set(j.records.puzzles) == {"goat"}
    assert len(j.problems) == 1
    one_sentence(j.problems[0])
    assert "records.json.broken" in j.problems[0]
    assert folders.records.with_name("records.json.broken").read_text(encoding="utf-8") == text
    j.record(win())                                           # later records are written, with the good ones
    assert set(Records.from_json(folders.records.read_text(encoding="utf-8")).puzzles) == {"goat", "eight"}
    assert j.take_notices() == []


def test_a_menu_choice_no_file_can_hold_is_forgotten(folders):
    folders.menu.parent.mkdir(parents=True)
    folders.menu.write_text('{"last": "' + ODD + '", "chosen": {"' + ODD + '": "eight", "Frogs": "frogs-line-3"}}',
                            encoding="utf-8")
    j = inline(folders)
    assert j.last is None and j.chosen == {"Frogs": "frogs-line-3"}
    j.played("goat", "Goats")
    assert json.loads(folders.menu.read_text(encoding="utf-8"))["chosen"] == {"Frogs": "frogs-line-3",
                                                                              "Goats": "goat"}


def test_a_win_of_a_puzzle_file_whose_path_is_not_text_is_still_written(folders):
    j = inline(folders)
    j.record(win("/home/me/\udcffpuzzle.toml"))                   # a path of bytes that are not UTF-8
    j.record(win())
    again = Records.from_json(folders.records.read_text(encoding="utf-8"))
    assert again.of("eight")[START].solved == 1
    assert again.of("/home/me/\\udcffpuzzle.toml")[START].solved == 1      # the odd byte, as its escape
    assert j.take_notices() == []


def test_records_with_a_byte_order_mark_are_read(folders):
    folders.records.parent.mkdir(parents=True)
    folders.records.write_bytes(b"\xef\xbb\xbf" + Records().add(win()).to_json().encode("utf-8"))
    j = inline(folders)
    assert j.problems == [] and j.records.of("eight")[START].solved == 1
    assert not folders.records.with_name("records.json.broken").exists()


def test_a_menu_memory_with_a_byte_order_mark_is_read(folders):
    folders.menu.parent.mkdir(parents=True)
    folders.menu.write_bytes(b"\xef\xbb\xbf" + b'{"last": "goat", "chosen": {"Frogs": "frogs-line-3"}}')
    j = inline(folders)
    assert j.last == "goat" and j.chosen == {"Frogs": "frogs-line-3"}


# -- a write that fails -------------------------------------------------------------------------------

def test_records_that_cannot_be_written_are_said_kept_and_written_later(folders, monkeypatch):
    j = inline(folders)
    blocked = Unwritable(monkeypatch, folders.records.parent)
    j.record(win())
    said = j.take_notices()
    assert len(said) == 1
    one_sentence(said[0])
    assert "records" in said[0] and "Read-only file system" in said[0]
    assert j.records.of("eight")[START].solved == 1 and not folders.records.exists()
    j.record(win("goat", 20, 20))                              # failing again: said once, not again
    assert j.take_notices() == [] and j.records.of("goat")[START].solved == 1
    tries = blocked.tries
    run(j, 1.0)
    assert blocked.tries == tries                              # not every frame: after a while
    blocked.on = False
    run(j, 10.0)
    on_disk = Records.from_json(folders.records.read_text(encoding="utf-8"))
    assert on_disk.of("eight")[START].solved == 1 and on_disk.of("goat")[START].solved == 1
    assert j.records == on_disk


def test_records_not_yet_written_are_tried_once_more_when_the_game_closes(folders, monkeypatch):
    j = inline(folders)
    blocked = Unwritable(monkeypatch, folders.records.parent)
    j.record(win())
    blocked.on = False
    j.wait(2.0)
    assert Records.from_json(folders.records.read_text(encoding="utf-8")).of("eight")[START].solved == 1


def test_a_game_that_cannot_be_kept_is_said_held_and_written_later(folders, monkeypatch):
    j = inline(folders)
    blocked = Unwritable(monkeypatch, folders.games)
    s = played()
    j.changed("eight", lambda: saved_game(s))
    j.flush()
    said = j.take_notices()
    assert len(said) == 1 and "Read-only file system" in said[0]
    one_sentence(said[0])
    job = j.open(catalog.get("eight"))                         # coming back to it: the game as it was left
    assert job is not None and job.done and job.result is not None and job.result.game is not None
    assert job.result.game.entries == tuple(s.history)
    blocked.on = False
    run(j, 10.0)
    assert read_game(game_path(folders.games, "eight").read_text(encoding="utf-8")).entries == tuple(s.history)


def test_a_game_whose_write_is_still_under_way_is_read_back_as_left(folders, monkeypatch):
    service = Service(Where.THREAD)
    try:
        j = Journal(service, folders=folders)
        Unwritable(monkeypatch, folders.games)
        s = played()
        j.changed("eight", lambda: saved_game(s))
        job = j.open(catalog.get("eight"))                     # the write and the read, in turn, on the light lane
        assert job is not None
        for _ in range(1000):
            if job.done:
                break
            j.update(0.01)
            time.sleep(0.005)
        assert job.result is not None and job.result.game is not None
        assert job.result.game.entries == tuple(s.history)
    finally:
        service.shutdown()


def test_the_menus_memory_that_cannot_be_written_is_written_later(folders, monkeypatch):
    j = inline(folders)
    blocked = Unwritable(monkeypatch, folders.menu.parent)
    j.played("frogs-line-3", "Frogs in a line")
    assert len(j.take_notices()) == 1
    blocked.on = False
    run(j, 10.0)
    assert json.loads(folders.menu.read_text(encoding="utf-8"))["chosen"] == {"Frogs in a line": "frogs-line-3"}
