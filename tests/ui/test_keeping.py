"""What the window says and does when keeping the player's games goes wrong or would lose one: Ctrl+S
over a save of another game asks first (and keeps the old one even then), and a game, a record or
the menu's memory that cannot be written is one sentence in the window, never silence."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pygame

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.kept import saved_game
from game.keeping.saves import game_text, read_game
from game.midend.session import Session
from game.midend.sayings import Tone
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene
from tests.helpers import Unwritable

from .helpers import centre, click, frames, key, open_puzzle, three_moves

NEAR = "1 2 3/4 5 6/7 . 8"          # one move from the goal: tile 8 slides left


def saves() -> Path:
    return Path(os.environ["FEWEST_MOVES_DATA"]) / "saves"


def another_save() -> str:
    """A save of the 8-puzzle that the game on the board does not hold (written by another window)."""
    spec = catalog.get("eight")
    other = Session(spec, spec.puzzle.parse(NEAR), service=Service(Where.INLINE))
    other.play(other.legal_moves()[0])
    text = game_text(saved_game(other))
    saves().mkdir(parents=True, exist_ok=True)
    (saves() / "eight.txt").write_text(text, encoding="utf-8")
    return text


def ask(app) -> PlayScene:
    theirs = another_save()
    s = three_moves(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert "Ctrl+S again or Enter" in s.footer.text and "Esc" in s.footer.text
    assert (saves() / "eight.txt").read_text(encoding="utf-8") == theirs      # nothing written yet
    return s


def test_ctrl_s_over_a_save_of_another_game_asks_and_esc_keeps_it(app):
    theirs = another_save()
    s = ask(app)
    key(app, pygame.K_ESCAPE)
    assert app.scene is s                                     # Esc answered the question: still playing
    assert "kept" in s.footer.text
    assert (saves() / "eight.txt").read_text(encoding="utf-8") == theirs
    assert not (saves() / "eight.txt.replaced").exists()


def test_ctrl_s_twice_replaces_the_save_and_keeps_the_old_one_aside(app):
    theirs = another_save()
    s = ask(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert read_game((saves() / "eight.txt").read_text(encoding="utf-8")).entries == tuple(s.session.history)
    assert (saves() / "eight.txt.replaced").read_text(encoding="utf-8") == theirs
    assert "eight.txt.replaced" in s.footer.text and s.footer.tone is Tone.ACCENT


def test_enter_replaces_the_save_too(app):
    s = ask(app)
    key(app, pygame.K_RETURN)
    assert read_game((saves() / "eight.txt").read_text(encoding="utf-8")).entries == tuple(s.session.history)
    assert (saves() / "eight.txt.replaced").is_file()


def test_a_move_after_the_question_withdraws_it(app):
    s = ask(app)
    key(app, pygame.K_LEFT)                                   # playing on: the question is gone
    key(app, pygame.K_RETURN)
    assert not (saves() / "eight.txt.replaced").exists()
    key(app, pygame.K_s, pygame.KMOD_CTRL)                    # and Ctrl+S asks again
    assert "Ctrl+S again or Enter" in s.footer.text


def test_a_save_of_this_very_game_played_on_is_replaced_without_a_question(app):
    s = three_moves(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_UP)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert s.footer.text.startswith("Saved as")
    assert read_game((saves() / "eight.txt").read_text(encoding="utf-8")).entries == tuple(s.session.history)


def test_a_save_opened_after_a_game_and_played_on_is_replaced_without_a_question(app):
    s = three_moves(app)
    another_save()
    key(app, pygame.K_o, pygame.KMOD_CTRL)                    # a new game after the three moves ...
    s.play(s.session.legal_moves()[0])
    key(app, pygame.K_s, pygame.KMOD_CTRL)                    # ... holds the save: nothing is lost
    assert s.footer.text.startswith("Saved as") and not (saves() / "eight.txt.replaced").exists()
    assert read_game((saves() / "eight.txt").read_text(encoding="utf-8")).entries == tuple(s.session.history)


# -- writes that fail ------------------------------------------------------------------------------------

def test_a_record_that_cannot_be_written_is_said_in_the_window(app, monkeypatch):
    Unwritable(monkeypatch, Path(os.environ["FEWEST_MOVES_DATA"]))
    s = open_puzzle(app, "eight", NEAR)
    click(app, centre(s, 8))
    assert s.session.solved and app.journal.records.of("eight")["1"].solved == 1
    assert "records could not be written" in s.footer.text and s.footer.tone is Tone.NOPE


def test_a_game_that_cannot_be_kept_is_said_over_the_menu(app, monkeypatch):
    s = three_moves(app)
    assert s.footer.tone is not Tone.NOPE                          # kept as it was played
    Unwritable(monkeypatch, Path(os.environ["FEWEST_MOVES_STATE"]))
    key(app, pygame.K_ESCAPE)                                 # left: its last state cannot be written
    assert isinstance(app.scene, MenuScene)
    assert "could not be written" in app.note and "Read-only file system" in app.note and app.note_time > 0


def test_settings_that_cannot_be_written_are_said_and_written_later(app, monkeypatch):
    config = Path(os.environ["FEWEST_MOVES_CONFIG"])
    blocked = Unwritable(monkeypatch, config)
    key(app, pygame.K_v)                                      # sound off: a setting to keep
    assert app.settings.muted and "settings could not be written" in app.note
    blocked.on = False
    frames(app, 60, dt=0.1)
    assert json.loads((config / "settings.json").read_text(encoding="utf-8"))["muted"] is True
