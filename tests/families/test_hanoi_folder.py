"""A Tower of Hanoi file in the player's folder: loaded beside hostile ones (each of those one sentence that
names its file and key, and nothing else lost), put on the menu's Tower of Hanoi shelf and played from its
card, and solved and analysed on the command line in the position text of PUZZLE-FILES.md."""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.catalog import library
from game.catalog import registry as catalog
from game.catalog.reading import read_puzzle_file
from game.cli import main
from game.families.hanoi.ui.view import HanoiView
from game.ui.play.scene import PlayScene
from game.ui.scenes.menu import MenuScene

from tests.families import hanoi_plain as plain
from tests.files.support import one_sentence
from tests.ui.helpers import click, frames, key

HEAD = 'format = 1\ntitle = "{title}"\nfamily = "hanoi"\n'
MINE = HEAD.format(title="My Reve") + 'discs = 6\npegs = 4\nstart = "1 2 3 4 1 2"\ngoal = "444444"\n'
HOSTILE = {   # file: (its keys, the key its sentence names)
    "countless": ("discs = 100000000000000000000\n", "'discs'"),
    "too-many": ("discs = 64\npegs = 9\n", "'discs'"),
    "no-discs": ("pegs = 4\n", "'discs'"),
    "words": ('discs = "six"\n', "'discs'"),
    "negative-pegs": ("discs = 3\npegs = -1\n", "'pegs'"),
    "million-pegs": ("discs = 3\npegs = 1000000\n", "'pegs'"),
    "wide-digits": ('discs = 3\nstart = "\uff11\uff11\uff11"\n', "'start'"),
    "peg-zero": ('discs = 3\ngoal = "330"\n', "'goal'"),
    "short-goal": ('discs = 3\ngoal = "33"\n', "'goal'"),
}


def write(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, (keys, _key) in HOSTILE.items():
        (folder / f"{name}.toml").write_text(HEAD.format(title=name) + keys, encoding="utf-8")
    mine = folder / "my-reve.toml"
    mine.write_text(MINE, encoding="utf-8")
    return mine


def test_the_players_file_loads_and_each_hostile_one_beside_it_is_one_sentence(tmp_path: Path) -> None:
    write(tmp_path / "puzzles")
    specs, problems = library.load_folder(tmp_path / "puzzles", set())
    assert [spec.name for spec in specs] == ["my-reve"] and specs[0].family.key == "hanoi"
    assert len(problems) == len(HOSTILE)
    for name, (_keys, key_named) in HOSTILE.items():
        (said,) = [p for p in problems if p.startswith(f"{name}.toml")]
        one_sentence(said, f"{name}.toml", key_named)


def test_solve_and_analyze_a_file_speak_its_position_text(tmp_path: Path, capsys) -> None:
    mine = str(write(tmp_path / "puzzles"))
    assert main(["solve", mine, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    truth = plain.distances((3,) * 6, 4)
    assert answer["optimal"] and answer["length"] == truth[(0, 1, 2, 3, 0, 1)] == len(answer["moves"])
    assert answer["positions"][0] == "1 2 3 4 1 2" and answer["positions"][-1] == "4 4 4 4 4 4"
    for before, after in zip(answer["positions"], answer["positions"][1:]):   # each step one legal move
        here = tuple(int(p) - 1 for p in before.split())
        assert tuple(int(p) - 1 for p in after.split()) in set(plain.moves(here, 4))
    assert main(["analyze", mine, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    longest = max(truth.values())
    assert figures["positions"] == len(truth) == 4 ** 6 and figures["max_distance"] == longest
    assert sorted(figures["hardest"]) == sorted(plain.text(p) for p, d in truth.items() if d == longest)
    assert main(["solve", mine, "--from", "1 2 3 4 1"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_menu_shelves_it_with_the_tower_of_hanoi_and_its_card_opens_it_to_play(folder, app) -> None:
    path = write(folder)
    spec = catalog.shelve(path, read_puzzle_file(path))
    menu = MenuScene(app)
    app.replace(menu)
    assert [s.title for s in menu.shelves].count("Tower of Hanoi") == 1
    card = next(c for c in menu.flat if c.name == spec.name)
    assert card in menu.cards[catalog.YOURS] and card.yours   # the player's own shelf, the last: scrolled into sight
    menu.select_name(spec.name)
    click(app, card.rect.move(0, -int(menu.scroll)).center)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.spec is spec and isinstance(scene.view, HanoiView)
    assert scene.oracle.prepare()
    key(app, pygame.K_h)
    hint = scene.session.hint_info
    assert hint is not None and hint.distance == plain.distances((3,) * 6, 4)[(0, 1, 2, 3, 0, 1)]
    key(app, pygame.K_s, settle=1)
    frames(app, 60 * 12)
    assert scene.session.solved and scene.session.moves == hint.distance
