"""A family added as one folder (tests/families/ring: rules, file keys, a kind of move with its own sound,
a view), played through every layer without a line changed outside that folder: a TOML file of the
family in the player's folder, ``list``, ``solve`` and ``analyze`` on the command line, hint and solve
in the session, the menu's shelf and the play screen under the dummy video driver."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog.reading import parse_toml, read_puzzle_file, to_toml
from game.common.background import Service, Where
from game.families import registry
from game.midend.session import Session
from game.ui.play.scene import PlayScene
from game.ui.scenes.menu import MenuScene
from solvers.search import bfs
from tests.ui.helpers import click, frames, key

ROOT = Path(__file__).resolve().parents[2]
RING = """format = 1
title = "Ring of six"
family = "ring"
start = "RR.GG."
goal = "GG.RR."
"""


@pytest.fixture
def family():
    """The ring family, registered by importing its folder (as discovery imports the game's own)."""
    from tests.families.ring.family import FAMILY
    registry.register(FAMILY)
    before = set(catalog.names())
    yield FAMILY
    registry.unregister(FAMILY.key)
    for name in set(catalog.names()) - before:
        catalog.unregister(name)


@pytest.fixture
def ring_file(tmp_path: Path) -> Path:
    path = tmp_path / "puzzles" / "my-ring.toml"
    path.parent.mkdir()
    path.write_text(RING, encoding="utf-8")
    return path


def optimum(puzzle) -> int:
    path = bfs(puzzle, puzzle.start)
    assert path is not None
    return len(path)


def game(args: list[str], data: Path) -> subprocess.CompletedProcess[str]:
    """The command line in a fresh process whose player's folder is ``data``, with the ring family
    importable as any installed family would be."""
    code = "import sys, tests.families.ring.family; from game.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "FEWEST_MOVES_DATA": str(data), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)


@pytest.mark.slow   # three processes of the command line, each building the ring's table
def test_a_file_of_the_family_in_the_players_folder_is_listed_solved_and_analysed(ring_file):
    data = ring_file.parent.parent
    listed = game(["list"], data)
    assert listed.returncode == 0, listed.stderr
    assert "Your puzzles" in listed.stdout and "my-ring" in listed.stdout and "Ring of six" in listed.stdout
    solved = game(["solve", "my-ring", "--json"], data)
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    assert answer["optimal"] and answer["positions"][0] == "R R . G G ." and answer["positions"][-1] == "G G . R R ."
    analysed = game(["analyze", "my-ring", "--json"], data)
    assert analysed.returncode == 0, analysed.stderr
    figures = json.loads(analysed.stdout)
    assert figures["positions"] == sum(figures["by_distance"]) == 90   # 6!/(2!2!2!): every placement, connected
    wrong = game(["solve", "my-ring", "--from", "R R . G G G"], data)
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1   # one sentence, as for every puzzle


def test_the_family_reads_and_writes_its_own_keys(family, ring_file):
    defn = read_puzzle_file(ring_file)
    assert isinstance(defn, family.definition) and registry.family_of(defn) is family
    assert parse_toml(to_toml(defn), defn.common.origin) == defn
    bad = _written(ring_file, RING.replace('goal = "GG.RR."', 'goal = "GG.RRX"'))
    with pytest.raises(ValueError, match="uses only R, G"):
        read_puzzle_file(bad)


def _written(near: Path, text: str) -> Path:
    path = near.with_name("again.toml")
    path.write_text(text, encoding="utf-8")
    return path


def test_the_session_hints_and_solves_it_optimally(family, ring_file):
    spec = catalog.get(str(ring_file))
    assert spec.family is family and spec.puzzle.move_kind(spec.puzzle.legal_moves(spec.puzzle.start)[0])
    session = Session(spec, service=Service(Where.INLINE))
    session.request_hint()
    assert session.hint_info is not None and session.hint_info.distance == optimum(spec.puzzle)
    session.start_solve()
    for _ in range(100):
        session.update(1.0)
    assert session.solved and session.moves == optimum(spec.puzzle)


class Heard:
    """A sound output that only notes what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def sound(self, effect):
        heard = self

        class Once:
            def play(self):
                heard.played.append(effect.name)
                return None

        return Once()


def test_the_menu_shelves_it_and_the_play_screen_plays_it_with_its_own_sound(family, ring_file, app):
    spec = catalog.shelve(ring_file, read_puzzle_file(ring_file))
    heard = Heard()
    app.sound.output = heard
    menu = MenuScene(app)
    app.replace(menu)
    assert menu.shelves[-1] is catalog.YOURS   # a file of the player's: on their own shelf, marked, a ring still
    card = next(c for c in menu.cards[catalog.YOURS] if c.name == spec.name)
    assert card.yours and card.spec.shelf.title == "Rings"
    menu.select_name(spec.name)                 # the last shelf: scrolled into sight
    click(app, card.rect.move(0, -int(menu.scroll)).center)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.spec is spec
    click(app, scene.view.cell_center(1))   # this token may step or leap back round the ring: it is picked
    assert scene.board_input.selected == 1 and scene.board_input.targets_of(1) == {2, 5}
    click(app, scene.view.cell_center(5))   # ... and a click on a target leaps it there
    assert scene.session.position == bytes([1, 0, 0, 2, 2, 1]) and heard.played[-1] == "leap"
    key(app, pygame.K_u)
    assert scene.session.position == spec.puzzle.start
    key(app, pygame.K_h)
    assert scene.session.hint_info is not None and scene.session.hint_info.distance == optimum(spec.puzzle)
    key(app, pygame.K_s, settle=1)
    frames(app, 60 * 12)
    assert scene.session.solved and scene.session.moves == optimum(spec.puzzle)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
