"""What a newer version of the game writes in the player's files and this one does not know is kept: the
records' top-level keys, a row's fields, a daily puzzle's, the menu's memory and the settings all write
back what they did not understand, as it was, and a write that merges another window's keeps it too."""
from __future__ import annotations

import json

import pytest

from game.common.unknown import MAX_DEPTH
from game.keeping.journal_files import write_menu, write_records
from game.keeping.records import START, Records
from game.keeping.settings import load_settings, save_settings
from game.midend.history import Notes
from game.midend.session import Win
from tests.game.journal_support import inline, win

NEWER = {"format": 1,
         "puzzles": {"eight": {START: {"solved": 2, "own": 1, "optimal": 1, "best_over": 0, "best_moves": 31,
                                       "par": 31, "undos": [3, {"b": 1, "a": "ü"}]}},
                     "goat": {START: {"solved": 1, "own": 1}}},
         "daily": {"2026-11-25": {"puzzle": "eight", "moves": 31, "optimum": 31, "hints": 0, "seconds": 95.5}},
         "stars": {"eight": 3, "goat": 1},
         "future": {"levels": [1, 2, None], "name": "Ωmega"}}


def test_unknown_top_level_keys_survive_a_win_written_back():
    records = Records.from_json(json.dumps(NEWER)).add(win("goat", 20, 20))
    again = json.loads(records.to_json())
    assert again["stars"] == NEWER["stars"] and again["future"] == NEWER["future"]
    assert again["puzzles"]["goat"][START]["solved"] == 2


def test_an_unknown_field_of_a_row_stays_with_its_row_through_a_win():
    records = Records.from_json(json.dumps(NEWER)).add(win("eight", 33, 31))
    row = json.loads(records.to_json())["puzzles"]["eight"][START]
    assert row["undos"] == [3, {"a": "ü", "b": 1}]
    assert (row["solved"], row["own"], row["best_moves"]) == (3, 2, 31)   # the row itself counts on as ever
    assert records.total("eight").solved == 3


def test_an_unknown_field_of_a_day_stays_until_a_better_result_takes_the_day():
    records = Records.from_json(json.dumps(NEWER))
    kept = json.loads(records.add(Win("eight", True, 40, 31, 9.0, Notes(), False, daily="2026-11-25")).to_json())
    assert kept["daily"]["2026-11-25"]["seconds"] == 95.5               # a worse result: the day as it was
    better = Records.from_json(json.dumps({**NEWER, "daily": {"2026-11-25": {**NEWER["daily"]["2026-11-25"],
                                                                              "moves": 35}}}))
    day = json.loads(better.add(Win("eight", True, 31, 31, 9.0, Notes(), False, daily="2026-11-25")).to_json())
    assert day["daily"]["2026-11-25"] == {"puzzle": "eight", "moves": 31, "optimum": 31, "hints": 0}


def test_what_is_kept_reads_back_the_same_and_a_lone_surrogate_still_writes():
    odd = {**NEWER, "future": {"name": "\udcff"}}
    records = Records.from_json(json.dumps(odd))
    text = records.to_json()
    text.encode("utf-8")                                                # a file can hold it
    assert Records.from_json(text) == records and json.loads(text)["future"] == {"name": "\udcff"}


@pytest.mark.parametrize("where", ["top", "row", "day"])
def test_a_value_nested_too_deep_to_be_a_field_is_one_sentence(where):
    deep: object = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    data = json.loads(json.dumps(NEWER))
    target = {"top": data, "row": data["puzzles"]["goat"][START], "day": data["daily"]["2026-11-25"]}[where]
    target["deep"] = deep
    with pytest.raises(ValueError) as err:
        Records.from_json(json.dumps(data))
    said = str(err.value)
    assert "deep" in said and "\n" not in said and len(said) < 300


def test_the_journal_writes_them_back_and_keeps_them_when_another_window_wrote_first(folders):
    folders.records.parent.mkdir(parents=True)
    folders.records.write_text(json.dumps(NEWER), encoding="utf-8")
    first, second = inline(folders), inline(folders)      # both read the file before either won
    first.record(win("goat", 20, 20))
    second.record(win("eight", 31, 31))                   # merged with the first window's write
    on_disk = json.loads(folders.records.read_text(encoding="utf-8"))
    assert on_disk["stars"] == NEWER["stars"] and on_disk["future"] == NEWER["future"]
    assert on_disk["puzzles"]["eight"][START]["undos"] == [3, {"a": "ü", "b": 1}]
    assert on_disk["daily"]["2026-11-25"]["seconds"] == 95.5
    assert on_disk["puzzles"]["goat"][START]["solved"] == 2 and on_disk["puzzles"]["eight"][START]["solved"] == 3
    assert not list(folders.records.parent.glob("*.broken*"))   # nothing kept aside: nothing was wrong


def test_write_records_as_a_task_keeps_them(folders):
    folders.records.parent.mkdir(parents=True)
    folders.records.write_text(json.dumps(NEWER), encoding="utf-8")
    done = write_records(None, folders.records, (win("goat", 20, 20),))
    assert not done.trouble and not done.problems
    assert json.loads(folders.records.read_text(encoding="utf-8"))["future"] == NEWER["future"]


def test_the_menus_memory_keeps_what_it_does_not_know(folders):
    folders.menu.parent.mkdir(parents=True)
    folders.menu.write_text(json.dumps({"last": "eight", "chosen": {"frogs": "frogs-c"}, "pinned": ["goat"],
                                        "layout": {"columns": 4}}), encoding="utf-8")
    assert not write_menu(None, folders.menu, "goat", {"tiles": "tiles-3x4"}).trouble
    on_disk = json.loads(folders.menu.read_text(encoding="utf-8"))
    assert on_disk == {"last": "goat", "chosen": {"frogs": "frogs-c", "tiles": "tiles-3x4"}, "pinned": ["goat"],
                       "layout": {"columns": 4}}


def test_the_settings_keep_what_they_do_not_know(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 30, "font": {"face": "serif", "sizes": [1, 2]}, "haptics": True}))
    settings = load_settings(path)
    settings.muted = True                                  # changed in this version, then saved
    assert save_settings(settings, path)
    on_disk = json.loads(path.read_text())
    assert on_disk["font"] == {"face": "serif", "sizes": [1, 2]} and on_disk["haptics"] is True
    assert on_disk["volume"] == 30 and on_disk["muted"] is True
    assert load_settings(path) == settings
