"""The window never waits for a file: cache files are opened and written, and settings saved,
only off the UI thread; a FIFO where the 15-puzzle's tables belong cannot freeze it; notes from
preparing tables (an unwritable cache folder) are said once in the window."""
from __future__ import annotations

import json
import os
import signal
import threading
import time

import numpy as np
import pygame
import pytest

from game.common.background import Where
from solvers import cache, fifteen, tiles

from .helpers import frames, key, open_puzzle


@pytest.fixture
def threaded_app(tmp_path, monkeypatch):
    """The game as it runs for a player, but headless: background work on real threads."""
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    app = App(size=(1280, 800), where=Where.THREAD, headless=True, seed=3)
    app.push(MenuScene(app))
    yield app
    app.close()


@pytest.fixture
def no_hang():
    """A blocked UI thread fails the test instead of freezing the run."""
    def blocked(*_):
        raise TimeoutError("the UI thread was blocked")
    old = signal.signal(signal.SIGALRM, blocked)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _record_threads(monkeypatch, module, name: str, seen: list[threading.Thread]) -> None:
    real = getattr(module, name)

    def recorded(*args, **kwargs):
        seen.append(threading.current_thread())
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, recorded)


def test_a_fifo_at_the_fifteen_tables_never_blocks_and_the_ui_thread_opens_no_cache_file(
        threaded_app, monkeypatch, tmp_path, no_hang):
    folder = tmp_path / "cache"
    folder.mkdir()
    for group in fifteen.PARTITION:
        os.mkfifo(cache.array_path(tiles.FIFTEEN.table_name(group)))
    touched: list[threading.Thread] = []
    for name in ("_open", "_write"):
        _record_threads(monkeypatch, cache, name, touched)
    # the tables' contents do not matter here, only where the files are handled: an instant build
    monkeypatch.setattr(tiles, "build_table", lambda layout, group, progress=None: np.zeros(layout.size(group), np.uint8))
    monkeypatch.setattr(fifteen, "_heuristic", None)    # whatever gets installed is undone afterwards
    scene = open_puzzle(threaded_app, "fifteen")
    slowest, started = 0.0, time.monotonic()
    while scene.oracle.status().busy and time.monotonic() - started < 30:
        tick = time.monotonic()
        frames(threaded_app, 1)
        slowest = max(slowest, time.monotonic() - tick)
    assert not scene.oracle.status().busy and scene.oracle.ready()
    assert touched and threading.main_thread() not in touched
    assert slowest < 5   # an open of a FIFO blocks until a writer comes: forever here, not a busy machine's second
    assert all(cache.array_path(tiles.FIFTEEN.table_name(g)).is_file() for g in fifteen.PARTITION)   # FIFOs replaced


def test_settings_are_written_off_the_ui_thread_and_the_last_change_wins(threaded_app, monkeypatch, tmp_path):
    from game.keeping import settings
    writers: list[threading.Thread] = []
    _record_threads(monkeypatch, settings, "save_settings", writers)
    before = threaded_app.settings.reduce_motion
    for _ in range(3):
        key(threaded_app, pygame.K_m, settle=1)                      # M: reduce motion, toggled three times
    threaded_app.close()                                             # closing waits for the last write
    assert len(writers) == 3 and threading.main_thread() not in writers
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["reduce_motion"] is (not before)


def test_a_note_from_preparing_is_said_once(app):
    scene = open_puzzle(app, "eight")
    scene.oracle.notices = ("The cache folder cannot be written, so tables are kept in memory only.",)
    frames(app, 2)
    assert scene.footer.text == scene.oracle.notices[0]
    again = open_puzzle(app, "eight")
    frames(app, 2)
    assert again.footer.text != scene.oracle.notices[0]
    scene.oracle.notices = ()
