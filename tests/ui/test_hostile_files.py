"""Puzzle files that once broke the window: opened, drawn on the menu and played with real events."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog.reading import read_puzzle_file
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene

from tests import many_pieces
from tests.ui.helpers import frames, key


def shelve(folder: Path, name: str, text: str) -> str:
    """A file written to the player's folder and put on the running game's shelves, as saving does."""
    path = folder / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return catalog.shelve(path, read_puzzle_file(path)).name


def pairs(start: str, block: str) -> str:
    return f'format = 1\ntitle = "Pairs {start}"\nfamily = "pairs"\nstart = "{start}"\ngoal_block = "{block}"\n' \
           'either_order = true\n'


def solve_in_window(app, name: str):
    app.nav.open_puzzle(name)
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    key(app, pygame.K_s, settle=300)
    return scene.session


def test_solving_pairs_in_either_order_with_unequal_colours_ends_at_a_goal(app, folder):
    """The other order once swapped the colours: a goal the stones could not form."""
    name = shelve(folder, "wbwww", pairs("WBWWW..", "BWWWW"))
    session = solve_in_window(app, name)
    assert session.solved
    assert catalog.puzzle(name).format(session.position).replace(" ", "").strip(".") in ("BWWWW", "WWWWB")


def test_a_dead_end_of_pairs_in_either_order_is_said_not_a_crash(app, folder):
    name = shelve(folder, "bbw", pairs("BB.W.", "BBW"))
    session = solve_in_window(app, name)
    assert not session.solved and session.known_dead_end()
    assert "dead end" in app.scene.footer.text.lower()


@pytest.mark.parametrize("name", sorted(many_pieces.FILES))
def test_more_pieces_than_can_be_keyed_open_hint_and_show_on_the_menu(app, folder, name):
    """Solved by search where a table cannot key the positions; the menu card draws any number of
    kinds of piece (their woods cycle, never darker than black)."""
    path = many_pieces.write(folder, name)
    shown = catalog.shelve(path, read_puzzle_file(path)).name
    app.push(MenuScene(app))
    frames(app, 3)
    app.nav.open_puzzle(shown)
    frames(app, 3)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    if not scene.session.solved:
        key(app, pygame.K_h, settle=120)
        assert scene.session.hint_info is not None and scene.session.hint_info.move is not None
