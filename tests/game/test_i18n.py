"""The window's language: which one the system asks for, the setting that overrides it, and that
the command line's text stays English."""
from __future__ import annotations

import pytest

from game import i18n
from game.settings import Settings, load_settings, save_settings


@pytest.mark.parametrize("environ,expected", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANGUAGE": "ja:en", "LANG": "en_GB.UTF-8"}, "ja"),
    ({"LANGUAGE": "fr:ja", "LANG": "en_GB.UTF-8"}, "ja"),       # the first listed language we have
    ({"LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"}, "en"),   # LC_ALL comes before LANG
    ({"LC_MESSAGES": "ja_JP", "LANG": "C"}, "ja"),
    ({"LANG": "de_DE.UTF-8"}, "en"),                           # no German catalog: English
    ({"LANG": "C"}, "en"),
    ({}, "en"),
])
def test_the_language_follows_the_environment_in_gettext_s_order(environ, expected):
    assert i18n.system_language(environ) == expected


def test_without_variables_the_platform_s_preferred_locales_decide():
    assert i18n.system_language({}, ["fr_FR", "ja_JP", "en"]) == "ja"
    assert i18n.system_language({"LANG": "en_US.UTF-8"}, ["ja_JP"]) == "en"


def test_the_setting_overrides_the_system_and_unknown_choices_mean_english():
    assert i18n.activate("en", environ={"LANG": "ja_JP.UTF-8"}) == "en"
    assert i18n.activate(i18n.SYSTEM, environ={"LANG": "ja_JP.UTF-8"}) == "ja"
    assert i18n.language() == "ja"
    assert i18n.activate("xx", environ={}) == "en"


def test_deactivating_brings_english_back():
    i18n.activate("ja")
    i18n.deactivate()
    assert i18n.language() == "en" and i18n._("Hint") == "Hint"
    assert i18n.ngettext("{n:,} move", "{n:,} moves", 2) == "{n:,} moves"


def test_the_language_and_text_size_settings_are_kept_and_checked(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(language="ja", text_size=150), path)
    kept = load_settings(path)
    assert (kept.language, kept.text_size) == ("ja", 150)
    path.write_text('{"language": "klingon", "text_size": 130}', encoding="utf-8")
    odd = load_settings(path)
    assert (odd.language, odd.text_size) == ("system", 100)
    path.write_text('{"language": 3, "text_size": "150"}', encoding="utf-8")
    assert (load_settings(path).language, load_settings(path).text_size) == ("system", 100)
