"""The settings screen: opened from the menu (button, F2), every row changes its setting at once,
on every screen, and the change is saved."""
from __future__ import annotations

import pygame

from game.common import i18n
from game.keeping import preferences
from game.keeping.settings import Settings
from tests.ui.helpers import click, frames, key


def _row(scene, field):
    return next(i for i, row in enumerate(scene.rows) if row.field == field)


def test_the_menu_s_button_and_f2_open_the_settings(app):
    from game.ui.scenes.settings import SettingsScene
    click(app, app.scene.settings_button.rect.center)
    assert isinstance(app.scene, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, SettingsScene)
    key(app, pygame.K_F2)
    assert isinstance(app.scene, SettingsScene)


def test_switching_language_redraws_every_screen_in_it(app):
    from game.ui.scenes.menu import MenuScene
    app.nav.open_settings()
    frames(app, 2)
    scene = app.scene
    scene.selected = _row(scene, "language")
    key(app, pygame.K_RIGHT)   # system -> English
    key(app, pygame.K_RIGHT)   # English -> Japanese
    assert app.settings.language == "ja" and i18n.language() == "ja"
    assert i18n._("Settings") != "Settings"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_F2)
    app.scene.selected = _row(app.scene, "language")
    key(app, pygame.K_LEFT)
    assert app.settings.language == "en" and i18n._("Settings") == "Settings"


def test_text_size_grows_the_text_and_not_the_layout_units(app):
    before = app.theme.size_of("body"), app.theme.px(100)
    app.nav.open_settings()
    scene = app.scene
    scene.selected = _row(scene, "text_size")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.settings.text_size == 150
    assert app.theme.size_of("body") >= before[0] * 1.4 and app.theme.px(100) == before[1]


def test_rows_step_through_their_values_and_the_volume_stops_at_its_ends():
    rows = {row.field: row for row in preferences.rows()}
    settings = Settings(volume=100)
    assert rows["volume"].stepped(settings, 1) == 100 and rows["volume"].stepped(settings, -1) == 90
    assert rows["text_size"].stepped(Settings(text_size=150), 1) == 100   # lists wrap round
    assert rows["muted"].shown(Settings(muted=True)) == "Off"
    assert rows["language"].shown(Settings(language="ja")) == "日本語"
