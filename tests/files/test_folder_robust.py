"""One bad file in the player's folder never stops the others or the game: whatever building its
rules raises, it becomes one sentence among the problems and every other puzzle still plays."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.catalog import library
from game.catalog import registry as catalog
from game.families.frogs import family as frogs_family
from game.files.errors import PuzzleFileError
from game.catalog.reading import read_puzzle_file

from .support import ROOT, one_sentence

GOOD = 'format = 1\ntitle = "Good"\nfamily = "frogs"\nstart = "B.W"\ngoal = "W.B"\n'
BOOM = 'format = 1\ntitle = "Boom"\nfamily = "frogs"\nstart = "BB.WW"\ngoal = "WW.BB"\n'
STILL = 'format = 1\ntitle = "Still"\nfamily = "frogs"\nstart = "BB.WW"\ngoal = "WW.BB"\nblack = []\n'
FAULTS = [IndexError("list index out of range"), RuntimeError("no"), KeyError("k"), ZeroDivisionError("x")]


def _folder(tmp_path: Path, **files: str) -> Path:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for name, text in files.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def exploding(monkeypatch):
    """Building the rules of the file titled "Boom" raises the given exception."""
    def arm(fault: Exception) -> None:
        real = frogs_family.frogs_from

        def frogs_from(name, defn):
            if defn.common.title == "Boom":
                raise fault
            return real(name, defn)
        monkeypatch.setattr(frogs_family, "frogs_from", frogs_from)
    return arm


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: type(f).__name__)
def test_a_file_whose_rules_raise_anything_is_one_sentence_and_the_rest_load(tmp_path, exploding, fault):
    exploding(fault)
    folder = _folder(tmp_path, a_good=GOOD, boom=BOOM, z_good=GOOD)
    specs, problems = library.load_folder(folder, set())
    assert sorted(s.title for s in specs) == ["Good", "Good"]
    assert len(problems) == 1
    one_sentence(problems[0], "boom.toml")
    again = library.retold(problems[0])
    one_sentence(again, "boom.toml")


@pytest.mark.parametrize("fault", FAULTS, ids=lambda f: type(f).__name__)
def test_saving_or_naming_such_a_file_is_one_sentence(tmp_path, exploding, fault):
    exploding(fault)
    path = _folder(tmp_path, boom=BOOM) / "boom.toml"
    for call in (lambda: catalog.shelve(path, read_puzzle_file(path)), lambda: library.from_path(str(path))):
        with pytest.raises(PuzzleFileError) as caught:
            call()
        one_sentence(str(caught.value), "boom.toml")


def test_a_frog_colour_that_can_never_move_is_one_sentence_in_the_folder(tmp_path):
    specs, problems = library.load_folder(_folder(tmp_path, good=GOOD, still=STILL), set())
    assert [s.title for s in specs] == ["Good"]
    assert len(problems) == 1
    one_sentence(problems[0], "still.toml", "key 'black'")


CHILD = """
import json, sys
from game.families.frogs import family as frogs_family
real = frogs_family.frogs_from
def frogs_from(name, defn):
    if defn.common.title == "Boom":
        raise RuntimeError("the rules fell over")
    return real(name, defn)
frogs_family.frogs_from = frogs_from
from game.catalog import registry as catalog
from game.cli import main
print(json.dumps({"problems": list(catalog.problems()), "names": list(catalog.names())}))
sys.stdout.flush()
sys.exit(main(sys.argv[1:]))
"""


def _game(data: Path, *args: str, child: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "FEWEST_MOVES_DATA": str(data), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-c", child, *args] if child else [sys.executable, "main.py", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)


def test_the_game_starts_with_a_frog_colour_that_never_moves_in_the_folder(tmp_path):
    _folder(tmp_path, good=GOOD, still=STILL)
    solved = _game(tmp_path, "solve", "goat")
    assert solved.returncode == 0, solved.stderr
    assert "Goat: 20 moves, optimal." in solved.stdout
    listed = _game(tmp_path, "list")
    assert listed.returncode == 0, listed.stderr
    assert " good " in listed.stdout and " still " not in listed.stdout


def test_the_game_starts_whatever_one_file_raises(tmp_path):
    _folder(tmp_path, good=GOOD, boom=BOOM)
    solved = _game(tmp_path, "solve", "goat", child=CHILD)
    assert solved.returncode == 0, solved.stderr
    first, rest = solved.stdout.split("\n", 1)
    seen = json.loads(first)
    assert "good" in seen["names"] and "boom" not in seen["names"]
    boom = [p for p in seen["problems"] if p.startswith("boom.toml")]
    assert len(boom) == 1
    one_sentence(boom[0], "boom.toml")
    assert "Goat: 20 moves, optimal." in rest
    menu = tmp_path / "menu.png"
    drawn = _game(tmp_path, "screenshot", "--menu", str(menu), child=CHILD)
    assert drawn.returncode == 0, drawn.stderr
    assert menu.stat().st_size > 0
