"""The window as the desktop sees it, without a display: its class taken from the app id before SDL starts
(a player's own kept), the game's icon set before it opens, and a title naming the puzzle on screen in the
window's language. tests/desktop/test_launcher.py checks the same on a real X display."""
from __future__ import annotations

import numpy as np
import pygame

from game.common import resources
from game.common.background import Where
from game.common.identity import APP_ID
from game.ui import window_identity
from game.ui.app import App


def test_the_window_class_is_the_app_id_unless_the_player_chose_another() -> None:
    environ: dict[str, str] = {"SDL_VIDEO_WAYLAND_WMCLASS": "my.own.Class"}
    window_identity.claim(environ, "/opt/bin/fewest-moves")
    assert environ == {"SDL_VIDEO_X11_WMCLASS": APP_ID, "SDL_VIDEO_WAYLAND_WMCLASS": "my.own.Class"}


def test_the_class_pygame_gives_a_window_after_its_program_gives_way_to_the_app_id() -> None:
    environ = {"SDL_VIDEO_X11_WMCLASS": "main.py"}     # what importing pygame with a DISPLAY sets
    window_identity.claim(environ, "/home/me/fewest-moves/main.py")
    assert environ == {"SDL_VIDEO_X11_WMCLASS": APP_ID, "SDL_VIDEO_WAYLAND_WMCLASS": APP_ID}


def test_a_window_gets_the_game_s_icon_before_it_opens(monkeypatch) -> None:
    given: list[tuple[int, int]] = []
    modes: list[tuple[int, int]] = []
    set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: given.append(surface.get_size()))
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: (modes.append(given[:]), set_mode(*a, **k))[1])
    app = App(size=(800, 600), where=Where.INLINE, persist_settings=False, sound=False, first_help=False)
    try:
        assert given == [(128, 128)] and modes[0] == [(128, 128)]
    finally:
        app.close()


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return np.dstack([pygame.surfarray.array3d(surface), pygame.surfarray.array_alpha(surface)])


def test_the_window_s_icon_is_the_kept_one_or_drawn_where_it_is_missing(tmp_path, monkeypatch) -> None:
    from game.ui.icon import draw_icons
    kept = window_identity.window_icon(pygame)
    assert np.array_equal(_pixels(kept), _pixels(pygame.image.load(str(resources.assets() / "icons/icon-128.png"))))
    monkeypatch.setattr(window_identity, "assets", lambda: tmp_path)      # a game without its icon files
    drawn = window_identity.window_icon(pygame)
    assert np.array_equal(_pixels(drawn), _pixels(draw_icons((128,))[128]))


def test_the_title_names_the_puzzle_on_screen_in_the_window_s_language() -> None:
    app = App(size=(800, 600), where=Where.INLINE, headless=True, persist_settings=False)
    try:
        app.nav.start()
        app.tick(0.0)
        assert pygame.display.get_caption()[0] == "Fewest Moves"
        app.nav.open_puzzle("klotski")
        app.tick(0.0)
        assert pygame.display.get_caption()[0] == "Fewest Moves — Klotski"
        app.nav.open_settings()         # a screen without a puzzle, over the game: still the game's
        app.changes.change("language", "ja")
        app.tick(0.0)
        assert pygame.display.get_caption()[0] == "最短手数 — 箱入り娘"
        app.nav.close(app.scene)
        app.nav.back_to_menu()
        app.tick(0.0)
        assert pygame.display.get_caption()[0] == "最短手数"
    finally:
        app.close()
