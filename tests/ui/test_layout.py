"""Every screen, in English and in Japanese, at 800x600 and 1920x1080 and at the larger text sizes:
no text leaves the window, overlaps another text, or is cut short (only excerpts such as a card's
blurb may be). The frames are drawn headless onto a surface that notes where each text landed."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from game.common import i18n
from game.common.background import Where
from game.common.resources import assets
from tests.ui.layout_audit import AuditSurface, problems


def _play(name: str, position: str | None = None) -> Callable:
    def open_(app) -> None:
        from game.catalog import registry as catalog
        state = catalog.puzzle(name).parse(position) if position else None
        app.nav.open_puzzle(name, state)
    return open_


def _help(name: str) -> Callable:
    def open_(app) -> None:
        _play(name)(app)
        app.nav.open_help()
    return open_


def _review(app) -> None:
    from game.keeping.journal_files import read_saved_file
    saved = read_saved_file(str(assets() / "games" / "eight-detours.txt"))
    app.nav.open_puzzle(saved.spec.name, load=saved)
    app.nav.open_review()


SCREENS: dict[str, Callable] = {
    "menu": lambda app: None,
    "settings": lambda app: app.nav.open_settings(),
    "records": lambda app: app.nav.open_records(),
    "play-eight": _play("eight"),
    "play-fifteen": _play("fifteen"),
    "play-goat": _play("goat"),
    "play-frogs-line-3": _play("frogs-line-3"),
    "play-frogs-c": _play("frogs-c"),
    "play-pairs": _play("pairs"),
    "play-knights": _play("knights"),
    "play-klotski": _play("klotski"),
    "play-lunar-lockout-24": _play("lunar-lockout-24"),
    "help-goat": _help("goat"),
    "help-frogs-c": _help("frogs-c"),
    "help-pairs": _help("pairs"),
    "help-lunar-lockout-24": _help("lunar-lockout-24"),
    "analysis-klotski": lambda app: app.nav.open_analysis("klotski"),
    "analysis-fifteen": lambda app: app.nav.open_analysis("fifteen"),
    "editor-frogs-plus": lambda app: app.nav.open_editor("frogs-plus"),
    "review-eight": _review,
}

LOOKS = [("en", (800, 600), 100), ("ja", (800, 600), 100), ("en", (1920, 1080), 100), ("ja", (1920, 1080), 100),
         ("en", (1280, 800), 150), ("ja", (1280, 800), 150), ("ja", (1920, 1080), 125)]


@pytest.fixture(scope="module")
def frames():
    """One app per look, reused by the screens (each screen starts again from the menu). Every surface
    the game makes while the module runs is an audited one, so texts drawn on kept layers count too."""
    import pygame

    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    plain = pygame.Surface
    pygame.Surface = AuditSurface   # type: ignore[misc]
    apps: dict = {}

    def frame(language: str, size: tuple[int, int], text_size: int, screen: str) -> list[str]:
        key = (language, size, text_size)
        app = apps.get(key)
        if app is None:
            app = apps[key] = App(size=size, where=Where.INLINE, headless=True, persist_settings=False, seed=3)
        AuditSurface.theme = app.theme
        app.settings.language, app.settings.text_size = language, text_size
        app.apply_settings()
        app.resized()
        app.clear()
        app.push(MenuScene(app))
        SCREENS[screen](app)
        for _ in range(40):
            app.tick(1 / 30)
        surface = AuditSurface(size)
        app.theme.cuts.clear()
        app.scene.draw(surface)
        return problems(surface, app.theme.cuts)

    yield frame
    pygame.Surface = plain   # type: ignore[misc]
    for app in apps.values():
        app.close()
    i18n.deactivate()


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("language,size,text_size", LOOKS, ids=[f"{l}-{w}x{h}-{t}" for l, (w, h), t in LOOKS])
def test_every_text_fits_its_screen(frames, screen, language, size, text_size):
    found = frames(language, size, text_size, screen)
    assert not found, f"{screen} in {language} at {size[0]}x{size[1]}, text {text_size} %:\n" + "\n".join(found[:12])
