"""The window's first frame, the menu, as a fresh process draws it: drawn from the shipped index, no puzzle
file of the library read and no other screen's modules imported; the cards' pictures come over the next
frames, each reading its file then."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, sys
from game.catalog import reading
read = []
real = reading._read
def counted(path):
    read.append(path.name)
    return real(path)
reading._read = counted   # every puzzle file the game reads, whatever its format, is read here
from game.ui.app import App
app = App(size=(1280, 800), headless=True)
app.nav.start()
app.tick(1 / 30)
first = {"frames": app.frames_drawn, "read": list(read),
         "screens": sorted(m for m in ("game.ui.play.scene", "game.ui.edit.scene", "game.ui.scenes.analysis",
                                       "game.ui.scenes.records", "game.ui.help") if m in sys.modules)}
menu = app.scene
for _ in range(100):
    if not menu.pictures_owed:
        break
    app.tick(1 / 30)
in_view = [card for card in menu.flat if card.rect.top - int(menu.scroll) < menu.bar_top]
print(json.dumps({"first": first, "later": read, "owed": menu.pictures_owed, "frames": app.frames_drawn,
                  "pictured": sum(card.kept_thumb(card.frame.picture.size) is not None for card in in_view),
                  "in_view": len(in_view)}))
app.close()
"""


def test_the_first_frame_reads_no_puzzle_file_and_the_pictures_follow(tmp_path):
    env = {**os.environ, "FEWEST_MOVES_DATA": str(tmp_path / "data"), "FEWEST_MOVES_CONFIG": str(tmp_path / "config"),
           "FEWEST_MOVES_CACHE": str(tmp_path / "cache"), "FEWEST_MOVES_STATE": str(tmp_path / "state"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["first"] == {"frames": 1, "read": [], "screens": []}
    assert not seen["owed"] and seen["frames"] > 1 and seen["pictured"] == seen["in_view"] > 0
    assert seen["later"], "the cards in view read their files for their pictures"
