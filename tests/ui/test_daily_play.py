"""The daily puzzle in the window: D on the menu (or its Daily button) finds today's position off the
window's thread and opens it; solving it records the day (for the streak) and puts the result line on the
clipboard; Ctrl+C on the solved daily copies the line again; opening it again resumes the game under way.
Today is fixed to a date whose daily is the 8-puzzle, so the test runs the search in a second."""
from __future__ import annotations

import datetime as dt

import pygame
import pytest

from game.midend.daily import daily
from game.ui.clipboard import CLIPBOARD
from game.ui.play.scene import PlayScene
from game.ui.scenes import menu_daily
from game.ui.scenes.menu import MenuScene
from tests.helpers import assert_optimal_and_legal
from tests.ui.helpers import click, frames, key
from tests.ui.test_share_keys import no_system_clipboard  # noqa: F401 - a fixture

DAY = dt.date(2026, 11, 28)


@pytest.fixture
def on_day(monkeypatch):
    monkeypatch.setattr(menu_daily, "today", lambda: DAY)
    return daily(DAY)


def open_daily(app) -> PlayScene:
    key(app, pygame.K_d)
    frames(app, 5)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


def solve_by_hand(app, scene: PlayScene) -> list:
    line = list(scene.oracle.solve(scene.session.position).moves)
    assert_optimal_and_legal(scene.puzzle, scene.session.position, line)
    for move in line:
        scene.play(move, animate=False)
        frames(app, 2)
    frames(app, 30)
    return line


def test_d_on_the_menu_opens_today_s_position(app, on_day):
    scene = open_daily(app)
    assert scene.spec.name == on_day.spec.name == "eight"
    assert scene.session.position == on_day.state and scene.session.par() == on_day.optimum
    assert "Today's puzzle, 2026-11-28" in scene.footer.text


def test_the_daily_button_opens_it_too(app, on_day):
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click(app, menu.daily_button.rect.center)
    frames(app, 5)
    assert isinstance(app.scene, PlayScene) and app.scene.session.position == on_day.state


def test_solving_it_records_the_day_and_copies_the_result_line(app, on_day, no_system_clipboard):
    scene = open_daily(app)
    line = solve_by_hand(app, scene)
    want = f"Fewest Moves 2026-11-28, 8-puzzle daily: {len(line)} moves, optimal {on_day.optimum}, no hints"
    assert len(line) == on_day.optimum
    assert CLIPBOARD.inside == want and want in scene.footer.text
    day = app.journal.records.days["2026-11-28"]
    assert (day.puzzle, day.moves, day.optimum, day.hints) == ("eight", on_day.optimum, on_day.optimum, 0)
    CLIPBOARD.inside = ""
    key(app, pygame.K_c, pygame.KMOD_CTRL)     # Ctrl+C on the solved daily: the line again, not a share code
    assert CLIPBOARD.inside == want


def test_a_hint_is_in_the_line_and_another_game_is_no_daily(app, on_day, no_system_clipboard):
    scene = open_daily(app)
    key(app, pygame.K_h)                       # the ladder's first step: the distance band, one hint
    solve_by_hand(app, scene)
    assert CLIPBOARD.inside.endswith(", 1 hint") and app.journal.records.days["2026-11-28"].hints == 1
    key(app, pygame.K_n)                       # a new deal of the same puzzle is not the daily
    frames(app, 10)
    solve_by_hand(app, scene)
    assert app.journal.records.days["2026-11-28"].hints == 1
    assert not scene.game.daily_line()


@pytest.mark.slow   # the solver plays the day's whole line in the window
def test_solved_by_the_solver_it_says_so_and_the_day_is_not_the_player_s(app, on_day, no_system_clipboard):
    scene = open_daily(app)
    key(app, pygame.K_s)
    frames(app, 60 * 30)
    assert scene.session.solved
    assert CLIPBOARD.inside.endswith(f"{on_day.optimum} moves, optimal {on_day.optimum}, with the solver")
    assert "2026-11-28" not in app.journal.records.days


def test_opening_it_again_resumes_the_game_under_way(app, on_day):
    scene = open_daily(app)
    move = scene.session.legal_moves()[0]
    scene.play(move, animate=False)
    frames(app, 10)
    key(app, pygame.K_ESCAPE)
    frames(app, 10)
    assert isinstance(app.scene, MenuScene)
    again = open_daily(app)
    frames(app, 10)
    assert again.session.moves == 1 and again.session.game_start == on_day.state


def test_esc_gives_up_while_it_is_looked_for(app, on_day, monkeypatch):
    menu = app.scene
    monkeypatch.setattr(menu.daily, "start", lambda service: setattr(menu.daily, "job", _Waiting()))
    key(app, pygame.K_d)
    assert menu.daily.busy and "Finding today's puzzle" in menu.note
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu and not menu.daily.busy and menu.note == "Today's puzzle was not opened."
    assert not menu.quitting                     # that Esc only gave up: the next one is not a quit's second


class _Waiting:
    """A job that is never done: the search for today's puzzle still running."""

    done = False
    fraction = None
    state = None

    def cancel(self) -> None:
        self.done = True


def test_the_records_screen_counts_the_streak(app, on_day, monkeypatch):
    from game.ui.scenes import records as records_screen
    from game.ui.scenes.records import RecordsScene
    monkeypatch.setattr(records_screen, "today", lambda: DAY)
    scene = open_daily(app)
    solve_by_hand(app, scene)
    app.nav.back_to_menu()
    key(app, pygame.K_r)
    assert isinstance(app.scene, RecordsScene)
    lines = [text for text, _colour in app.scene.summary()]
    assert lines[1] == "Daily puzzle: 1 day in a row · longest run 1 · 1 day solved"
