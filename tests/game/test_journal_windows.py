"""Two windows of the game (or a window and another program of it) keep the player's records, the
menu's memory and saves in the same files: every write reads the file again under a lock and adds
its own changes to what is there, so neither loses what the other wrote."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.journal import Journal
from game.keeping.journal_files import Folders
from game.keeping.records import START, Records
from game.keeping.kept import saved_game
from game.keeping.saves import read_game
from game.midend.session import Session
from tests.game.journal_support import inline, win

ROOT = Path(__file__).resolve().parents[2]


def on_disk(folders: Folders) -> Records:
    return Records.from_json(folders.records.read_text(encoding="utf-8"))


def test_two_windows_each_keep_their_wins(folders):
    first, second = inline(folders), inline(folders)      # both read the records before either won
    first.record(win("eight"))
    second.record(win("goat", 20, 20))
    first.record(win("eight", 33))
    records = on_disk(folders)
    assert records.of("eight")[START].solved == 2 and records.of("goat")[START].solved == 1
    assert first.records == records                         # a window sees the other's wins once it writes
    assert second.records.of("goat")[START].solved == 1


def test_two_windows_each_keep_their_menu_choices(folders):
    first, second = inline(folders), inline(folders)
    first.played("frogs-line-3", "Frogs in a line")
    second.played("knights-3x5", "Knights exchange")
    menu = json.loads(folders.menu.read_text(encoding="utf-8"))
    assert menu["chosen"] == {"Frogs in a line": "frogs-line-3", "Knights exchange": "knights-3x5"}
    assert menu["last"] == "knights-3x5"


def test_a_save_of_another_window_is_not_replaced_unasked(folders):
    spec = catalog.get("eight")
    first, second = inline(folders), inline(folders)
    mine, theirs = Session(spec, service=Service(Where.INLINE)), Session(spec, service=Service(Where.INLINE))
    mine.play(mine.legal_moves()[0])
    theirs.play(theirs.legal_moves()[-1])
    assert first.export(saved_game(mine)).result.written
    asked = second.export(saved_game(theirs)).result
    assert not asked.written and asked.asks
    assert read_game(first.saved_path(spec).read_text(encoding="utf-8")).position == mine.position


def hold_then_write(folders: Folders, journal: Journal, meanwhile) -> None:
    """The lock is held while ``journal`` records a win on another thread: the win waits, ``meanwhile``
    writes the file as another window would under the lock, and the win joins what it wrote."""
    from game.keeping import file_lock
    done = threading.Event()
    with file_lock.locked(folders.records):
        worker = threading.Thread(target=lambda: (journal.record(win("eight")), done.set()), daemon=True)
        worker.start()
        assert not done.wait(0.3), "the write did not wait for the lock"
        meanwhile()
    assert done.wait(10)
    records = on_disk(folders)
    assert records.of("eight")[START].solved == 1 and records.of("goat")[START].solved == 1


def other_window_wins(folders: Folders) -> None:
    folders.records.write_text(Records().add(win("goat", 20, 20)).to_json(), encoding="utf-8")


def test_a_write_waits_for_the_lock_and_reads_the_file_again_under_it(folders):
    journal = inline(folders)
    hold_then_write(folders, journal, lambda: other_window_wins(folders))


def test_the_portable_lock_holds_where_there_is_no_fcntl(folders, monkeypatch):
    from game.keeping import file_lock
    monkeypatch.setattr(file_lock, "fcntl", None)
    journal = inline(folders)
    hold_then_write(folders, journal, lambda: other_window_wins(folders))
    assert not any(p.name.endswith(".lock") for p in folders.records.parent.iterdir())   # gone once let go


def test_a_lock_left_by_a_game_that_died_is_taken_over(folders, monkeypatch):
    from game.keeping import file_lock
    monkeypatch.setattr(file_lock, "fcntl", None)
    folders.records.parent.mkdir(parents=True)
    left = file_lock.lock_path(folders.records)
    left.write_text("")
    old = time.time() - file_lock.STALE - 1
    os.utime(left, (old, old))
    inline(folders).record(win())
    assert on_disk(folders).of("eight")[START].solved == 1 and not left.exists()   # taken, then let go


CHILD = """
import sys, time
from pathlib import Path
from game.common.background import Service, Where
from game.midend.history import Notes
from game.keeping.journal import Journal
from game.keeping.journal_files import Folders
from game.midend.session import Win

root, tag, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
folders = Folders(root / "games", root / "menu.json", root / "saves", root / "records.json")
journal = Journal(Service(Where.INLINE), folders=folders)
(root / ("ready-" + tag)).touch()
while not (root / "go").exists():
    time.sleep(0.002)
for i in range(n):
    journal.record(Win("eight", True, 31 + i, 31, 40.0, Notes(), False))
    journal.record(Win("goat-" + tag, True, 20, 20, 10.0, Notes(), False))
    journal.played("eight", "group " + tag)
journal.wait(10)
assert not journal.problems
"""


def test_two_processes_winning_at_once_lose_nothing(tmp_path):
    n = 15
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path), tag, str(n)], cwd=ROOT, env=env,
                                 stderr=subprocess.PIPE, text=True) for tag in ("a", "b")]
    try:
        deadline = time.monotonic() + 60
        while not all((tmp_path / f"ready-{tag}").exists() for tag in ("a", "b")):
            assert time.monotonic() < deadline and all(c.poll() is None for c in children), "a child did not start"
            time.sleep(0.01)
        (tmp_path / "go").touch()
        for child in children:
            _out, err = child.communicate(timeout=60)
            assert child.returncode == 0, err[-2000:]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
    records = Records.from_json((tmp_path / "records.json").read_text(encoding="utf-8"))
    assert records.of("eight")[START].solved == 2 * n and records.of("eight")[START].own == 2 * n
    assert records.of("goat-a")[START].solved == n and records.of("goat-b")[START].solved == n
    menu = json.loads((tmp_path / "menu.json").read_text(encoding="utf-8"))
    assert menu["chosen"] == {"group a": "eight", "group b": "eight"}
