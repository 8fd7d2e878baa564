"""The journal keeps the player's games in progress, records and the menu's memory between runs:
written off the window's thread, at most twice a second, atomically; every file read back is
untrusted, and one that is wrong is one sentence, a fresh start and the file kept aside, never
written over."""
from __future__ import annotations

import json
import os
import threading
import time

import pytest

from game.catalog import registry as catalog
from game.keeping import journal as journal_module
from game.common.background import Service, Where
from game.midend.history import Notes
from game.keeping import journal_files
from game.keeping.journal import EVERY, SETTLE, Journal
from game.keeping.journal_files import file_key, game_path, read_saved_file
from game.rules.puzzle import PositionError
from game.keeping.records import START, Badge, Records
from game.keeping.kept import saved_game
from game.keeping.saves import SavedGame, game_text, read_game
from game.midend.session import Session
from tests.game.journal_support import FRAME, inline, one_sentence, played, run, win


def solved_game(name: str = "eight") -> SavedGame:
    spec = catalog.get(name)
    puzzle = spec.puzzle
    goal = puzzle.goals()[0]
    move, before = next(puzzle.predecessors(goal))
    s = Session(spec, before, service=Service(Where.INLINE))
    assert s.play(next(m for m, after in puzzle.successors(before) if puzzle.is_goal(after)))
    return saved_game(s)


# -- writing games in progress ----------------------------------------------------------------------

def test_a_changed_game_is_written_after_it_settles_and_at_most_twice_a_second(folders):
    j = inline(folders)
    s = played()
    path = game_path(folders.games, "eight")
    taken: list[float] = []

    def snapshot() -> SavedGame:
        taken.append(j.clock)
        return saved_game(s)

    j.changed("eight", snapshot)
    run(j, SETTLE - 2 * FRAME)
    assert not path.exists() and j.busy()
    run(j, 3 * FRAME)
    assert path.is_file() and len(taken) == 1 and not j.busy()
    assert read_game(path.read_text(encoding="utf-8")).position == s.position
    for _ in range(180):                  # three seconds of a change every frame
        s.play(s.legal_moves()[0])
        j.changed("eight", snapshot)
        j.update(FRAME)
    assert 5 <= len(taken) <= 7
    assert all(b - a >= EVERY - 1e-9 for a, b in zip(taken, taken[1:]))
    j.flush()
    assert read_game(path.read_text(encoding="utf-8")).position == s.position   # the last change, once flushed


def test_flush_writes_now_and_only_what_was_asked(folders):
    j = inline(folders)
    eight, goat = played("eight"), played("goat")
    j.changed("eight", lambda: saved_game(eight))
    j.changed("goat", lambda: saved_game(goat))
    j.flush("goat")
    assert game_path(folders.games, "goat").is_file() and not game_path(folders.games, "eight").exists()
    j.flush()
    assert game_path(folders.games, "eight").is_file()
    assert j.in_progress("eight") and j.in_progress("goat") and not j.in_progress("knights")


def test_a_game_with_nothing_played_is_not_kept(folders):
    j = inline(folders)
    s = Session(catalog.get("eight"), service=Service(Where.INLINE))
    j.changed("eight", lambda: saved_game(s))
    j.flush()
    assert not folders.games.exists() or not any(folders.games.iterdir())
    assert not j.in_progress("eight")


def test_a_game_solved_takes_its_file_away(folders):
    j = inline(folders)
    s = played()
    j.changed("eight", lambda: saved_game(s))
    j.flush()
    path = game_path(folders.games, "eight")
    assert path.is_file()
    done = solved_game()
    j.changed("eight", lambda: done)
    j.flush()
    assert not path.exists() and not j.in_progress("eight")
    job = inline(folders).open(catalog.get("eight"))            # next run: nothing to resume
    assert job is not None and job.result is not None and job.result.game is None and job.result.problem == ""


def test_a_game_comes_back_whole_in_the_next_run(folders):
    s = played("klotski@line", moves=6, seed=2)
    s.timeline.note(hints=2)
    s.undo()
    j = inline(folders)
    j.changed(s.spec.name, lambda: saved_game(s))
    j.wait(2.0)
    assert (folders.games / "klotski@line.txt").is_file()
    again = inline(folders)
    assert again.in_progress("klotski@line") and not again.in_progress("klotski")
    job = again.open(catalog.get("klotski@line"))
    assert job is not None and job.done and job.result is not None and job.result.problem == ""
    game = job.result.game
    assert game is not None and game.entries == tuple(s.history) and game.cursor == s.cursor
    assert game.notes == {0: Notes(hints=2)}


def test_open_writes_what_is_still_to_be_written_first(folders):
    j = inline(folders)
    s = played()
    j.changed("eight", lambda: saved_game(s))      # not written yet ...
    job = j.open(catalog.get("eight"))               # ... so opening writes it first, then reads it
    assert job is not None and job.result is not None and job.result.game is not None
    assert job.result.game.position == s.position


def test_a_game_written_after_the_start_up_listing_is_read_not_written_over(folders):
    j = inline(folders)                                    # the listing: no game in progress
    other = played(seed=4)
    folders.games.mkdir(parents=True)
    game_path(folders.games, "eight").write_text(game_text(saved_game(other)), encoding="utf-8")
    job = j.open(catalog.get("eight"))                     # another window of the game wrote it meanwhile
    assert job is not None and job.result is not None and job.result.game is not None
    assert job.result.game.position == other.position
    j.opened(catalog.get("eight"), job.result)
    assert j.in_progress("eight")


def test_a_disabled_journal_reads_and_writes_nothing(folders):
    folders.games.mkdir(parents=True)
    game_path(folders.games, "eight").write_text(game_text(saved_game(played())), encoding="utf-8")
    service = Service(Where.INLINE)
    j = Journal(service, enabled=False, folders=folders)
    s = played()
    j.changed("eight", lambda: saved_game(s))
    j.record(win())
    j.played("eight")
    j.flush()
    assert j.open(catalog.get("eight")) is None and not j.in_progress("eight")   # off: nothing is read
    assert service.submitted == 0 and not folders.records.exists() and not folders.menu.exists()


def test_names_of_puzzle_files_become_safe_file_names():
    assert file_key("klotski@line") == "klotski@line" and file_key("frogs-line-3") == "frogs-line-3"
    a, b = file_key("/home/me/puzzles/a.toml"), file_key("/home/me/puzzles/b.toml")
    assert a != b and a.startswith("puzzle-") and "/" not in a and len(a) < 40
    assert file_key("../../etc/passwd").startswith("puzzle-") and file_key("Klotski") != "Klotski"
    assert file_key("\udcff odd bytes").startswith("puzzle-")


# -- damaged files ------------------------------------------------------------------------------------------

def test_a_damaged_game_is_kept_aside_with_one_sentence_and_a_fresh_game_follows(folders):
    folders.games.mkdir(parents=True)
    path = game_path(folders.games, "eight")
    path.write_text("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n1 a1-a2\n", encoding="utf-8")
    j = inline(folders)
    assert j.in_progress("eight")
    spec = catalog.get("eight")
    job = j.open(spec)
    assert job is not None and job.result is not None
    opened = job.result
    assert opened.game is None and not opened.blocked and opened.aside == folders.games / "eight.txt.broken"
    one_sentence(opened.problem)
    assert "eight.txt.broken" in opened.problem and "saved move 1" in opened.problem
    j.opened(spec, opened)
    assert not j.in_progress("eight") and not path.exists()
    assert opened.aside.read_text(encoding="utf-8").endswith("1 a1-a2\n")
    s = played()
    j.changed("eight", lambda: saved_game(s))
    j.flush()
    assert read_game(path.read_text(encoding="utf-8")).position == s.position   # the fresh game is kept
    path.write_bytes(b"\xff\xfe not text")
    again = inline(folders).open(spec)
    assert again is not None and again.result is not None and again.result.aside is not None
    assert again.result.aside.name == "eight.txt.broken.1" and "UTF-8" in again.result.problem
    assert opened.aside.read_text(encoding="utf-8").endswith("1 a1-a2\n")          # the first one untouched


def test_a_damaged_game_that_cannot_be_moved_aside_is_never_written_over(folders, monkeypatch):
    folders.games.mkdir(parents=True)
    path = game_path(folders.games, "eight")
    damaged = "puzzle: eight\nnonsense\n"
    path.write_text(damaged, encoding="utf-8")
    monkeypatch.setattr(journal_files, "keep_aside", lambda p: None)
    j = inline(folders)
    spec = catalog.get("eight")
    job = j.open(spec)
    assert job is not None and job.result is not None
    opened = job.result
    assert opened.blocked and opened.game is None and opened.aside is None
    one_sentence(opened.problem)
    assert "nor moved aside" in opened.problem
    j.opened(spec, opened)
    s = played()
    j.changed("eight", lambda: saved_game(s))
    run(j, 2.0)
    j.wait(1.0)
    assert path.read_text(encoding="utf-8") == damaged


def test_a_game_of_a_larger_size_than_any_game_is_refused_unread(folders):
    folders.games.mkdir(parents=True)
    path = game_path(folders.games, "eight")
    with open(path, "wb") as f:
        f.truncate(journal_files.MAX_BYTES + 1)
    job = inline(folders).open(catalog.get("eight"))
    assert job is not None and job.result is not None and job.result.aside is not None
    assert "larger than" in job.result.problem


def test_a_link_where_a_game_belongs_is_refused_and_never_written_through(folders, tmp_path):
    folders.games.mkdir(parents=True)
    outside = tmp_path / "elsewhere.txt"
    text = game_text(saved_game(played()))
    outside.write_text(text, encoding="utf-8")
    path = game_path(folders.games, "eight")
    path.symlink_to(outside)
    j = inline(folders)
    spec = catalog.get("eight")
    job = j.open(spec)
    assert job is not None and job.result is not None and job.result.game is None
    assert "link" in job.result.problem and job.result.aside is not None and job.result.aside.is_symlink()
    j.opened(spec, job.result)
    s = played(seed=5)
    j.changed("eight", lambda: saved_game(s))
    j.flush()
    assert path.is_file() and not path.is_symlink()
    assert outside.read_text(encoding="utf-8") == text


def test_a_link_is_never_followed_to_remove_a_solved_games_file(folders, tmp_path):
    folders.games.mkdir(parents=True)
    outside = tmp_path / "precious.txt"
    outside.write_text("mine", encoding="utf-8")
    path = game_path(folders.games, "eight")
    path.symlink_to(outside)
    j = inline(folders)
    done = solved_game()
    j.changed("eight", lambda: done)
    j.flush()
    assert outside.read_text(encoding="utf-8") == "mine"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_where_a_game_belongs_never_blocks(folders):
    folders.games.mkdir(parents=True)
    path = game_path(folders.games, "eight")
    os.mkfifo(path)
    done = threading.Event()
    result = {}

    def read() -> None:
        job = inline(folders).open(catalog.get("eight"))
        result["job"] = job
        done.set()

    threading.Thread(target=read, daemon=True).start()
    assert done.wait(10), "reading a FIFO blocked"
    job = result["job"]
    assert job is not None and job.result is not None and "not a regular file" in job.result.problem


# -- records ----------------------------------------------------------------------------------------------

def test_records_are_written_and_read_back_in_the_next_run(folders):
    j = inline(folders)
    j.record(win(moves=31, par=31))
    j.record(win("goat", moves=25, par=20))
    j.record(win("pairs", notes=Notes(hints=1)))
    assert folders.records.is_file()
    again = inline(folders)
    assert again.records == j.records and again.problems == []
    assert again.records.badge("eight") is Badge.OPTIMAL and again.records.badge("goat") is Badge.SOLVED
    assert again.records.badge("pairs") is Badge.ASSISTED and again.records.badge("knights") is Badge.NONE


def test_damaged_records_are_kept_aside_with_one_sentence_and_new_records_begin(folders):
    folders.records.parent.mkdir(parents=True)
    folders.records.write_text('{"format": 1, "puzzles": {"eight": {"start": {"solved": -4}}}}', encoding="utf-8")
    j = inline(folders)
    assert j.records == Records() and len(j.problems) == 1
    one_sentence(j.problems[0])
    assert "records.json.broken" in j.problems[0] and "solved" in j.problems[0]
    aside = folders.records.with_name("records.json.broken")
    kept = aside.read_text(encoding="utf-8")
    j.record(win())
    assert Records.from_json(folders.records.read_text(encoding="utf-8")).of("eight")[START].solved == 1
    assert aside.read_text(encoding="utf-8") == kept


def test_damaged_records_that_cannot_be_moved_aside_are_never_written_over(folders, monkeypatch):
    folders.records.parent.mkdir(parents=True)
    folders.records.write_text("{ not json", encoding="utf-8")
    monkeypatch.setattr(journal_files, "keep_aside", lambda p: None)
    j = inline(folders)
    one_sentence(j.problems[0])
    assert "nor moved aside" in j.problems[0]
    j.record(win())
    j.wait(1.0)
    assert j.records.of("eight")[START].solved == 1                       # kept for this run
    assert folders.records.read_text(encoding="utf-8") == "{ not json"   # and never written over


@pytest.mark.parametrize("make", ["directory", "fifo", "link", "huge"])
def test_a_records_path_that_is_not_a_regular_file_is_refused(folders, tmp_path, make):
    folders.records.parent.mkdir(parents=True)
    outside = tmp_path / "outside.json"
    outside.write_text(Records().add(win()).to_json(), encoding="utf-8")
    if make == "directory":
        folders.records.mkdir()
    elif make == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(folders.records)
    elif make == "link":
        folders.records.symlink_to(outside)
    else:
        with open(folders.records, "wb") as f:
            f.truncate(journal_files.RECORDS_BYTES + 1)
    j = inline(folders)
    assert j.records == Records() and len(j.problems) == 1
    one_sentence(j.problems[0])
    j.record(win("goat"))
    assert folders.records.is_file() and not folders.records.is_symlink()
    assert set(Records.from_json(folders.records.read_text(encoding="utf-8")).puzzles) == {"goat"}
    assert Records.from_json(outside.read_text(encoding="utf-8")).of("eight")[START].solved == 1


def gated(monkeypatch) -> threading.Event:
    """The journal's first read waits for the event (as a slow disk would)."""
    gate = threading.Event()
    real = journal_module.read_store

    def slow(report, folders):
        assert gate.wait(10)
        return real(report, folders)

    monkeypatch.setattr(journal_module, "read_store", slow)
    return gate


def settle(j: Journal) -> None:
    deadline = time.monotonic() + 10
    while not j.loaded and time.monotonic() < deadline:
        time.sleep(0.005)
        j.poll()
    assert j.loaded
    j.wait(5.0)


def test_a_win_before_the_records_are_read_joins_them_and_is_written(folders, monkeypatch):
    folders.records.parent.mkdir(parents=True)
    folders.records.write_text(Records().add(win("goat", moves=20, par=20)).to_json(), encoding="utf-8")
    gate = gated(monkeypatch)
    service = Service(Where.THREAD)
    try:
        j = Journal(service, folders=folders)
        j.record(win())
        assert not j.loaded
        gate.set()
        settle(j)
    finally:
        service.shutdown()
    on_disk = Records.from_json(folders.records.read_text(encoding="utf-8"))
    assert on_disk == j.records and set(on_disk.puzzles) == {"goat", "eight"}


def test_closing_waits_for_the_records_to_be_read_to_write_an_early_win(folders, monkeypatch):
    gate = gated(monkeypatch)
    service = Service(Where.THREAD)
    try:
        j = Journal(service, folders=folders)
        j.record(win())
        j.played("frogs-line-3", "Frogs in a line")
        threading.Timer(0.1, gate.set).start()
        j.wait(5.0)                                        # closing: the read comes in, then the writes
    finally:
        service.shutdown()
    assert Records.from_json(folders.records.read_text(encoding="utf-8")).of("eight")[START].solved == 1
    assert json.loads(folders.menu.read_text(encoding="utf-8"))["last"] == "frogs-line-3"


# -- the menu's memory ----------------------------------------------------------------------------------

def test_the_menu_remembers_the_last_card_and_each_groups_choice(folders):
    j = inline(folders)
    j.played("frogs-line-3", "Frogs in a line")
    j.played("knights-3x5", "Knights exchange")
    j.played("eight")
    again = inline(folders)
    assert again.last == "eight"
    assert again.chosen == {"Frogs in a line": "frogs-line-3", "Knights exchange": "knights-3x5"}


def test_the_menus_choices_arrive_in_the_dict_the_menu_already_holds(folders, monkeypatch):
    inline(folders).played("frogs-line-3", "Frogs in a line")
    gate = gated(monkeypatch)
    service = Service(Where.THREAD)
    try:
        j = Journal(service, folders=folders)
        held = j.chosen                         # what the window took before the file was read
        j.played("knights-3x5", "Knights exchange")
        gate.set()
        settle(j)
    finally:
        service.shutdown()
    assert j.chosen is held
    assert held == {"Frogs in a line": "frogs-line-3", "Knights exchange": "knights-3x5"}
    on_disk = json.loads(folders.menu.read_text(encoding="utf-8"))   # written once read, with both choices
    assert on_disk["chosen"] == held and on_disk["last"] == "knights-3x5"


@pytest.mark.parametrize("text", ["[1, 2]", "{ nope", "\xff", '"last"'])
def test_a_damaged_menu_memory_is_kept_aside_and_forgotten(folders, text):
    folders.menu.parent.mkdir(parents=True)
    folders.menu.write_bytes(text.encode("latin-1"))
    j = inline(folders)
    assert j.last is None and j.chosen == {}
    assert folders.menu.with_name("menu.json.broken").read_bytes() == text.encode("latin-1")
    j.played("eight")
    assert json.loads(folders.menu.read_text(encoding="utf-8"))["last"] == "eight"


def test_wrong_values_in_the_menu_memory_are_ignored(folders):
    folders.menu.parent.mkdir(parents=True)
    folders.menu.write_text(json.dumps({"last": 7, "chosen": {"A": "a", "B": 3, "": "x", "C": "y" * 999}}),
                            encoding="utf-8")
    j = inline(folders)
    assert j.last is None and j.chosen == {"A": "a"}


def test_a_damaged_menu_memory_that_cannot_be_moved_aside_is_never_written_over(folders, monkeypatch):
    folders.menu.parent.mkdir(parents=True)
    folders.menu.write_text("{ nope", encoding="utf-8")
    monkeypatch.setattr(journal_files, "keep_aside", lambda p: None)
    j = inline(folders)
    j.played("eight")
    assert j.last == "eight" and folders.menu.read_text(encoding="utf-8") == "{ nope"


# -- the player's own saves ---------------------------------------------------------------------------------

def test_a_save_is_written_to_the_saves_folder_and_opened_again(folders):
    j = inline(folders)
    s = played("pairs", moves=2)
    job = j.export(saved_game(s))
    assert job.result is not None and job.result.written and j.saved_path(s.spec) == folders.saves / "pairs.txt"
    opened = j.load_saved(s.spec)
    assert opened.result is not None and opened.result.game is not None
    assert opened.result.game.entries == tuple(s.history)


def test_a_file_that_is_not_a_save_is_kept_aside_before_a_save_takes_its_place(folders):
    folders.saves.mkdir(parents=True)
    path = folders.saves / "eight.txt"
    path.write_text("my notes, not a game", encoding="utf-8")
    j = inline(folders)
    assert j.export(saved_game(played())).result.written
    assert path.with_name("eight.txt.broken").read_text(encoding="utf-8") == "my notes, not a game"
    assert read_game(path.read_text(encoding="utf-8")).moves == 3


def test_no_save_yet_is_no_game_and_no_problem(folders):
    opened = inline(folders).load_saved(catalog.get("eight"))
    assert opened.result is not None and opened.result.game is None and opened.result.problem == ""


def test_a_save_named_on_the_command_line_stays_as_it_is_when_wrong(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n5 a1-a2\n", encoding="utf-8")
    with pytest.raises(PositionError) as info:
        read_saved_file(path)
    assert "mine.txt" in str(info.value) and "\n" not in str(info.value)
    assert path.read_text(encoding="utf-8").endswith("5 a1-a2\n")
    good = tmp_path / "good.txt"
    good.write_text(game_text(saved_game(played())), encoding="utf-8")
    assert read_saved_file(good).moves == 3
