"""A player's records may name thousands of puzzles (files played and since removed among them): the
records screen draws only the rows in view, keeps a screenful or two of them, reads no puzzle file
for a name off the shelves, and a picture of 10,000 rows of records takes at most 400 MB."""
from __future__ import annotations

import pygame
import pytest

from bench.records import records_text
from game.catalog import library
from game.keeping.records import Records
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.records_rows import rows

from .helpers import frames, key

ROWS = 10_000


@pytest.fixture(scope="module")
def long_records() -> Records:
    return Records.from_json(records_text(ROWS))


def wheel(app, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-notches, flipped=False, precise_x=0.0,
                                         precise_y=float(-notches)))


def test_a_long_records_file_draws_only_the_rows_in_view(app, long_records, monkeypatch):
    drawn: list[str] = []
    real = RecordsScene.draw_row
    monkeypatch.setattr(RecordsScene, "draw_row", lambda self, surface, row, y: drawn.append(row.label)
                        or real(self, surface, row, y))
    app.journal.records = long_records
    key(app, pygame.K_r, settle=2)
    scene = app.scene
    assert isinstance(scene, RecordsScene) and len(scene.rows) > ROWS
    assert len(drawn) < 40                                      # a screenful, not the 10,000 rows
    in_view = scene.list.in_view(int(scene.scroll), scene.view.h)
    assert len(drawn) == len(in_view)
    assert drawn == [scene.rows[i].label for i in in_view]
    screen = scene.view.w * scene.view.h
    for _ in range(60):                                         # the wheel down, a notch a frame
        wheel(app, 1)
        frames(app, 1)
        assert scene.list.kept <= scene.list.keep and scene.list.pixels <= 3 * screen
    key(app, pygame.K_DOWN, settle=1)
    key(app, pygame.K_UP, settle=1)                             # round to the last puzzle: a glide to the end
    while scene.animating():
        frames(app, 1)
        assert scene.list.kept <= scene.list.keep and scene.list.pixels <= 3 * screen
    assert scene.selected == scene.playable()[-1]
    assert scene.selected in scene.list.in_view(int(scene.scroll), scene.view.h)
    wheel(app, 10 ** 6)                                         # on to the end of the table (files off the shelves)
    while frames(app, 1) or scene.animating():
        assert scene.list.kept <= scene.list.keep and scene.list.pixels <= 3 * screen
    assert len(scene.rows) - 1 in scene.list.in_view(int(scene.scroll), scene.view.h)
    assert scene.list.rendered == len(drawn) < len(scene.rows) // 4   # drawn on the way, never the whole table


def test_the_totals_and_the_rows_add_up_the_same_as_the_records(app, long_records):
    app.journal.records = long_records
    scene = RecordsScene(app)
    totals = [long_records.total(name) for name in long_records.puzzles]
    solved = sum(1 for t in totals if t.solved)
    assert scene.totals().startswith(f"{solved:,} puzzles solved · {sum(1 for t in totals if t.own):,} on your own")
    assert sum(1 for row in scene.rows if row.kind == "puzzle" and row.record is not None) == len(totals)


def test_a_name_off_the_shelves_is_shown_without_reading_a_file(long_records, monkeypatch):
    read: list[str] = []
    monkeypatch.setattr(library, "from_path", lambda name, *a, **kw: read.append(name))
    table = rows(long_records)
    assert not read
    gone = [row for row in table if row.kind == "puzzle" and row.label.startswith("gone-")]
    assert len(gone) > ROWS // 2 and all(row.name is None for row in gone)   # shown, never played


MEMORY_CHILD = """
import resource, sys
from game.cli import main
code = main(["screenshot", "--records", sys.argv[1]])
print(code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


@pytest.mark.slow
def test_a_picture_of_10000_rows_of_records_takes_at_most_400_mb(tmp_path):
    """The whole command in a process of its own, as the player runs it: its peak resident memory
    (3.3 GB for these 10,000 rows when every row was drawn into one picture)."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    if not sys.platform.startswith("linux"):
        pytest.skip("ru_maxrss is in kilobytes on Linux")
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.json").write_text(records_text(ROWS, newer=False), encoding="utf-8")   # any version reads it
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "FEWEST_MOVES_DATA": str(data), "FEWEST_MOVES_STATE": str(tmp_path / "state"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", MEMORY_CHILD, str(tmp_path / "records.png")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.stdout.split(), done.stderr[-2000:]
    code, peak_kb = map(int, done.stdout.split()[-2:])
    assert code == 0, done.stderr
    assert peak_kb * 1024 <= 400 * 2 ** 20, f"{peak_kb / 1024:.0f} MB"
