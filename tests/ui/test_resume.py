"""The player's journey through the window: a game left is there to come back to (in this run and
the next), Ctrl+S and Ctrl+O, a damaged file is one sentence and a fresh game, and a win is recorded
as it was won: by the player, with hints, or by the solver."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.keeping import journal as journal_module
from game.common.background import Where
from game.keeping.journal_files import Opened
from game.keeping.records import START, Badge
from game.keeping.kept import save_text
from game.keeping.saves import read_game
from game.midend.session import Session
from game.midend.sayings import Tone
from game.ui.scenes import menu_card
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene

from .helpers import centre, click, frames, key, open_puzzle, three_moves

NEAR = "1 2 3/4 5 6/7 . 8"          # one move from the goal: tile 8 slides left
TWO = "1 2 3/4 . 6/7 5 8"           # two moves from the goal


@pytest.fixture(autouse=True)
def _own_settings(tmp_path, monkeypatch):
    """Apps made here read and write settings of their own."""
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))


def fmt(scene: PlayScene) -> str:
    return scene.puzzle.format(scene.session.position)


def games_folder() -> Path:
    return Path(os.environ["FEWEST_MOVES_STATE"]) / "games"


def new_app(where: Where = Where.INLINE):
    from game.ui.app import App
    app = App(size=(1280, 800), where=where, headless=True, seed=7)
    app.push(MenuScene(app))
    return app


def in_progress_pills(app, monkeypatch) -> list[tuple[int, int]]:
    """Where the menu draws its "In progress" pills when drawn now."""
    drawn: list[tuple[int, int]] = []
    real = menu_card.draw_in_progress

    def spy(surface, theme, topleft):
        drawn.append(topleft)
        return real(surface, theme, topleft)

    monkeypatch.setattr(menu_card, "draw_in_progress", spy)
    app.scene.draw(app.screen)
    return drawn


# -- coming back to a game ------------------------------------------------------------------------------

def test_a_game_left_for_the_menu_comes_back_with_its_undo_history(app, monkeypatch):
    s = three_moves(app)
    history, cursor, position = list(s.session.history), s.session.cursor, s.session.position
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.journal.in_progress("eight")
    assert (games_folder() / "eight.txt").is_file()
    menu = app.scene
    eight = next(i for i, card in enumerate(menu.flat) if card.name == "eight")
    assert menu.selected == eight                          # the card last played is the one chosen
    assert len(in_progress_pills(app, monkeypatch)) == 1
    t = open_puzzle(app, "eight")
    assert t is not s and t.session.position == position and t.session.cursor == cursor
    assert t.session.history == history
    assert "as you left it" in t.footer.text
    for _ in range(3):
        key(app, pygame.K_u)
    assert t.session.position == t.puzzle.start
    key(app, pygame.K_u, settle=2)
    assert t.session.position == t.puzzle.start and "Nothing to undo" in t.footer.text


def test_a_game_is_kept_across_runs_of_the_game(monkeypatch):
    first = new_app()
    try:
        s = three_moves(first)
        key(first, pygame.K_u)                               # one move taken back: redo brings it
        history, cursor = list(s.session.history), s.session.cursor
    finally:
        first.close()                                        # leaving writes the game, closing waits for it
    second = new_app()
    try:
        frames(second, 2)
        assert second.journal.in_progress("eight")
        assert len(in_progress_pills(second, monkeypatch)) == 1
        t = open_puzzle(second, "eight")
        assert t.session.history == history and t.session.cursor == cursor
        key(second, pygame.K_u, pygame.KMOD_SHIFT)
        assert t.session.cursor == cursor + 1
    finally:
        second.close()


def test_a_game_comes_back_when_its_file_is_read_on_another_thread(monkeypatch):
    app = new_app(Where.THREAD)
    try:
        s = three_moves(app)
        position = s.session.position
        key(app, pygame.K_ESCAPE)
        app.nav.open_puzzle("eight")
        t = app.scene
        deadline = time.monotonic() + 10
        while t.game.resuming and time.monotonic() < deadline:
            frames(app, 1)
            time.sleep(0.002)
        frames(app, 2)
        assert t.session.position == position and t.session.moves == 3
    finally:
        app.close()


def test_a_position_asked_for_follows_the_game_in_progress_as_a_new_game(app):
    s = three_moves(app)
    position = s.session.position
    key(app, pygame.K_ESCAPE)
    t = open_puzzle(app, "eight", NEAR)
    assert fmt(t) == NEAR and t.session.moves == 0
    key(app, pygame.K_u)
    assert t.session.position == position                 # the game there was, one undo away


def test_a_solved_game_is_not_kept(app):
    s = open_puzzle(app, "eight", NEAR)
    click(app, centre(s, 8))
    assert s.session.solved
    key(app, pygame.K_ESCAPE)
    assert not app.journal.in_progress("eight") and not (games_folder() / "eight.txt").exists()


def test_a_damaged_game_is_one_sentence_and_a_fresh_game_and_its_file_is_kept_aside(app):
    games_folder().mkdir(parents=True, exist_ok=True)
    damaged = "puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n4 a1-a2\n"
    (games_folder() / "eight.txt").write_text(damaged, encoding="utf-8")
    s = open_puzzle(app, "eight")
    assert s.session.position == s.puzzle.start and len(s.session.history) == 1
    text = s.footer.text
    assert s.footer.tone is Tone.NOPE and "\n" not in text and text.endswith(".")
    assert "eight.txt.broken" in text and "saved move 1" in text
    assert (games_folder() / "eight.txt.broken").read_text(encoding="utf-8") == damaged
    key(app, pygame.K_LEFT)
    key(app, pygame.K_ESCAPE)                                # the fresh game is kept in its place
    assert read_game((games_folder() / "eight.txt").read_text(encoding="utf-8")).moves == 1
    assert (games_folder() / "eight.txt.broken").read_text(encoding="utf-8") == damaged


def test_a_read_that_fails_outright_never_writes_over_the_file(app, monkeypatch):
    games_folder().mkdir(parents=True, exist_ok=True)
    kept = (games_folder() / "eight.txt")
    kept.write_text("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n8 c3-b3\n", encoding="utf-8")

    def broken(report, path, spec, what, after=None, any_count=False, older=()):
        raise RuntimeError("a bug, not a damaged file")

    monkeypatch.setattr(journal_module, "read_game_file", broken)
    s = open_puzzle(app, "eight")
    assert len(s.session.history) == 1 and s.footer.tone is Tone.NOPE and "RuntimeError" in s.footer.text
    key(app, pygame.K_LEFT)
    key(app, pygame.K_ESCAPE)
    assert kept.read_text(encoding="utf-8").endswith("8 c3-b3\n")


# -- Ctrl+S, Ctrl+O ----------------------------------------------------------------------------------------

def test_ctrl_s_saves_and_ctrl_o_opens_it_as_a_new_game(app):
    s = three_moves(app)
    saved_at = s.session.position
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    path = Path(os.environ["FEWEST_MOVES_DATA"]) / "saves" / "eight.txt"
    assert path.is_file() and str(path) in s.footer.text and "Ctrl+O" in s.footer.text
    assert read_game(path.read_text(encoding="utf-8")).position == saved_at
    key(app, pygame.K_r)                                     # the game goes on: a restart, then a move
    key(app, pygame.K_UP)
    after = s.session.position
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert s.session.position == saved_at and s.session.moves == 3
    assert "Opened eight.txt" in s.footer.text
    for _ in range(4):                                       # its three moves, then its first position
        key(app, pygame.K_u)
    assert s.session.position == after                       # the game before comes back


def test_ctrl_o_with_no_save_says_where_one_would_be(app):
    s = open_puzzle(app, "eight")
    key(app, pygame.K_o, pygame.KMOD_CTRL, settle=2)
    assert "Ctrl+S saves one" in s.footer.text and len(s.session.history) == 1


def test_ctrl_o_on_a_fresh_board_takes_the_save_as_it_is(app):
    s = three_moves(app)
    text = save_text(s.session)
    saves = Path(os.environ["FEWEST_MOVES_DATA"]) / "saves"
    saves.mkdir(parents=True)
    (saves / "goat.txt").write_text(text.replace("puzzle: eight", "puzzle: goat"), encoding="utf-8")
    (saves / "eight.txt").write_text(text, encoding="utf-8")
    t = open_puzzle(app, "goat")
    key(app, pygame.K_o, pygame.KMOD_CTRL, settle=2)     # a goat file holding an eight game: one sentence
    assert t.footer.tone is Tone.NOPE and "goat.txt.broken" in t.footer.text and len(t.session.history) == 1
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    (games_folder() / "eight.txt").unlink()                  # no game in progress of eight: a fresh board
    app.journal.opened(s.spec, Opened(None))
    u = open_puzzle(app, "eight")
    assert len(u.session.history) == 1
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert u.session.history == s.session.history and "game before" not in u.footer.text


# -- wins, as they were won ----------------------------------------------------------------------------------

def test_the_players_own_optimal_solve_is_recorded_celebrated_and_badged(app, monkeypatch):
    s = open_puzzle(app, "eight", NEAR)
    click(app, centre(s, 8), settle=1)
    assert s.session.solved
    assert s.footer.text.startswith("Solved in 1 move. That is optimal!") and s.footer.tone is Tone.GOOD
    assert s.effects.celebrate is not None or s.effects.pending is not None
    record = app.journal.records.of("eight")["1"]
    assert (record.solved, record.own, record.optimal, record.best_over) == (1, 1, 1, 0)
    assert app.journal.records.badge("eight") is Badge.OPTIMAL
    key(app, pygame.K_u)
    click(app, centre(s, 8))                                 # the same game solved again: recorded once
    assert app.journal.records.of("eight")["1"].solved == 1
    drawn: list = []
    monkeypatch.setattr(menu_card, "draw_badge", lambda surface, theme, badge, at: drawn.append(badge))
    key(app, pygame.K_ESCAPE)
    app.scene.draw(app.screen)
    assert Badge.OPTIMAL in drawn


def test_a_win_by_the_solver_is_recorded_as_assisted_and_not_celebrated(app):
    s = open_puzzle(app, "eight", TWO)
    key(app, pygame.K_s, settle=1)
    frames(app, 120)
    assert s.session.solved
    assert s.footer.text == "Solved by the solver, in 2 moves."
    assert s.effects.celebrate is None and s.effects.pending is None
    record = app.journal.records.of("eight")["2"]
    assert (record.solved, record.own, record.optimal, record.best_moves) == (1, 0, 0, None)
    assert app.journal.records.badge("eight") is Badge.ASSISTED


def test_hints_are_counted_and_the_win_says_so(app):
    s = open_puzzle(app, "eight", TWO)
    for _ in range(3):                                       # the piece, the move (the count is on screen), played
        key(app, pygame.K_h)
    key(app, pygame.K_r)                                     # a restart keeps the help the game had
    for _ in range(3):
        key(app, pygame.K_h)
    assert s.session.notes.hints == 4 and s.session.notes.ladder == (0, 0, 2, 2)
    click(app, centre(s, 8), settle=1)                       # the last move is the player's own
    assert s.session.solved
    assert s.footer.text == "Solved in 2 moves, with hints: the piece hint twice, the move hint twice."
    assert s.effects.celebrate is None and s.effects.pending is None
    record = app.journal.records.of("eight")["2"]
    assert (record.solved, record.own) == (1, 0)


def test_a_game_from_the_start_is_recorded_under_the_start(app):
    s = open_puzzle(app, "frogs-line-1")
    key(app, pygame.K_s, settle=1)
    frames(app, 200)
    assert s.session.solved
    assert app.journal.records.of("frogs-line-1")[START].solved == 1
    assert app.journal.records.of("frogs-line-1")[START].own == 0


def test_wins_are_kept_for_the_next_run():
    first = new_app()
    try:
        s = open_puzzle(first, "eight", NEAR)
        click(first, centre(s, 8))
    finally:
        first.close()
    second = new_app()
    try:
        assert second.journal.records.badge("eight") is Badge.OPTIMAL
    finally:
        second.close()


def test_move_marks_on_the_board_are_help(app):
    app.settings.move_marks = True
    s = open_puzzle(app, "eight", NEAR)
    frames(app, 2)
    assert s.session.notes.marks
    click(app, centre(s, 8))
    assert s.footer.text == "Solved with move marks on, in 1 move."
    assert app.journal.records.of("eight")["1"].own == 0


def test_a_saved_game_named_at_start_opens_over_the_game_in_progress(app):
    s = three_moves(app)
    before = s.session.position
    other = Session(s.spec, s.puzzle.parse(NEAR), service=app.service)
    other.play(next(m for m in other.legal_moves() if not other.puzzle.is_goal(other.puzzle.play(other.position, m))))
    key(app, pygame.K_ESCAPE)
    app.nav.open_puzzle("eight", load=read_game(save_text(other)))
    frames(app, 2)
    t = app.scene
    assert t.session.position == other.position and t.session.moves == 1
    assert "undo past its start brings back your game" in t.footer.text
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert t.session.position == before


def test_a_game_an_older_version_kept_per_count_still_comes_back(app):
    """Older versions kept a sliding-block game per count (``klotski@line.txt``): with no game of the puzzle
    kept now, that one is read, under its count."""
    from game.catalog import registry as catalog
    games_folder().mkdir(parents=True, exist_ok=True)
    spec = catalog.get("klotski@line")
    old = Session(spec, service=app.service)
    old.play(old.legal_moves()[0])
    (games_folder() / "klotski@line.txt").write_text(save_text(old), encoding="utf-8")
    s = open_puzzle(app, "klotski")
    assert s.spec.name == "klotski@line" and s.session.history == old.history
    key(app, pygame.K_ESCAPE)
    assert read_game((games_folder() / "klotski.txt").read_text(encoding="utf-8")).spec.name == "klotski@line"
