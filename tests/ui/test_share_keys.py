"""Share codes in the window: Ctrl+C on the play screen copies the position's code, Ctrl+V on the menu or
the play screen opens a pasted code (another puzzle's too), and a damaged code or a text that is none gets
one sentence. The clipboard is reached through its seam: where the system has none (the dummy video
driver may have none), the game's own copy stands in and nothing crashes."""
from __future__ import annotations

import random

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog.codes import decode, encode
from game.ui import clipboard
from game.ui.clipboard import CLIPBOARD, Clipboard
from game.ui.play.scene import PlayScene
from game.ui.scenes.menu import MenuScene
from tests.helpers import random_walk
from tests.ui.helpers import key, open_puzzle


@pytest.fixture
def no_system_clipboard(monkeypatch):
    """A system without a clipboard: every scrap call fails as SDL's does."""
    def fails(*_args):
        raise pygame.error("no clipboard")
    for name in ("put_text", "get_text", "has_text"):
        monkeypatch.setattr(pygame.scrap, name, fails)
    monkeypatch.setattr(CLIPBOARD, "inside", "")
    monkeypatch.setattr(CLIPBOARD, "detached", False)


def copy_text(text: str) -> None:
    """Text on the clipboard (the game's own copy, as no system clipboard is reachable)."""
    CLIPBOARD.inside, CLIPBOARD.detached = text, True


def test_ctrl_c_copies_the_code_of_the_position_on_the_board(app, no_system_clipboard):
    s = open_puzzle(app, "eight", "8 6 7/2 5 4/3 . 1")
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    shared = decode(CLIPBOARD.inside)
    assert shared.spec.name == "eight" and shared.state == s.session.position
    assert "clipboard" in s.footer.text          # where it went: only inside the game here, said in one sentence


def test_ctrl_v_on_the_menu_opens_the_pasted_code(app, no_system_clipboard):
    spec = catalog.get("klotski")
    state = random_walk(spec.puzzle, spec.puzzle.start, 12, random.Random(4))
    copy_text(encode(spec, state))
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert isinstance(app.scene, PlayScene) and app.scene.spec.name == "klotski"
    assert app.scene.session.position == state


@pytest.mark.parametrize("spelt", [lambda code: code.replace("-", ""), lambda code: code.replace("-", " ").lower()])
def test_ctrl_v_opens_a_code_without_its_hyphen_or_with_a_space(app, no_system_clipboard, spelt):
    spec = catalog.get("klotski")
    state = random_walk(spec.puzzle, spec.puzzle.start, 9, random.Random(5))
    copy_text(spelt(encode(spec, state)))
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert isinstance(app.scene, PlayScene) and app.scene.spec.name == "klotski"
    assert app.scene.session.position == state
    eight = catalog.get("eight")
    there = eight.puzzle.parse("1 2 3/4 . 6/7 5 8")
    copy_text(spelt(encode(eight, there)))
    key(app, pygame.K_v, pygame.KMOD_CTRL)               # on the play screen: another puzzle's code
    assert isinstance(app.scene, PlayScene) and app.scene.spec.name == "eight"
    assert app.scene.session.position == there


def test_ctrl_v_on_the_play_screen_opens_the_position_and_another_puzzle_s(app, no_system_clipboard):
    s = open_puzzle(app, "eight")
    eight = catalog.get("eight")
    there = eight.puzzle.parse("1 2 3/4 . 6/7 5 8")
    copy_text(encode(eight, there))
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert app.scene is s and s.session.position == there
    key(app, pygame.K_u)                                   # undo brings the game before the paste back
    assert s.session.position == eight.puzzle.start
    goat = catalog.get("goat")
    copy_text(encode(goat, goat.puzzle.start))
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert isinstance(app.scene, PlayScene) and app.scene.spec.name == "goat"


def test_a_damaged_code_or_no_code_is_one_sentence_in_the_window(app, no_system_clipboard):
    code = encode(catalog.get("eight"), catalog.puzzle("eight").start)
    damaged = code[:-1] + ("A" if code[-1] != "A" else "B")
    menu = app.scene
    copy_text(damaged)
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert app.scene is menu and "share code" in menu.note and menu.note.count(".") == 1
    copy_text("")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert app.scene is menu and menu.note.startswith("The clipboard holds no share code")
    key(app, pygame.K_RIGHT)                               # the next key puts the sentence away
    assert menu.note == ""
    s = open_puzzle(app, "eight")
    copy_text(damaged)
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert app.scene is s and "share code" in s.footer.text and s.session.position == catalog.puzzle("eight").start


def test_without_a_system_clipboard_copy_and_paste_stay_inside_the_game(no_system_clipboard):
    board = Clipboard()
    said = board.copy("ABCD-EFG")
    assert said == clipboard._(clipboard.NO_SYSTEM) and board.paste() == ("ABCD-EFG", said)


def test_a_players_own_puzzle_copies_as_its_file_text_and_pastes_back(app, no_system_clipboard, tmp_path):
    """A puzzle of the player's own has no code: Ctrl+C copies its TOML text, starting where the board is,
    and Ctrl+V of that text on its play screen is a new game there; another puzzle's file is one sentence."""
    from game.catalog.library import spec_for
    from game.catalog.reading import parse_toml, to_toml
    path = tmp_path / "my-klotski.toml"
    path.write_text(to_toml(catalog.get("klotski").as_file(catalog.puzzle("klotski").start)), encoding="utf-8")
    app.nav.open_puzzle(str(path))
    s = app.scene
    for move in s.session.legal_moves()[:1]:
        s.play(move, animate=False)
    there = s.session.position
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    copied = CLIPBOARD.inside
    assert copied.startswith("format = 1") and spec_for("x", parse_toml(copied, "x")).puzzle.start == there
    key(app, pygame.K_u)
    assert s.session.position != there
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert app.scene is s and s.session.position == there
    copy_text(to_toml(catalog.get("pennant").as_file(catalog.puzzle("pennant").start)))
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert s.session.position == there and "another puzzle's file" in s.footer.text


def test_a_puzzle_file_pasted_on_the_menu_says_where_it_goes(app, no_system_clipboard):
    from game.catalog.reading import to_toml
    menu = app.scene
    copy_text(to_toml(catalog.get("pennant").as_file(catalog.puzzle("pennant").start)))
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert app.scene is menu and menu.note.startswith("The clipboard holds a puzzle file")
