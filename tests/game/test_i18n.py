"""The window's language: which one the system asks for, the setting that overrides it, and that
the command line's text stays English."""
from __future__ import annotations

import pytest

from game.common import i18n
from game.keeping.settings import Settings, load_settings, save_settings


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


def test_a_bad_puzzle_file_is_said_again_in_the_language_just_chosen(tmp_path):
    from game.catalog import library
    bad = tmp_path / "broken.toml"
    bad.write_text('title = "Broken"\nfamily = "frogs"\nboard = ["B.W", "BW"]\n', encoding="utf-8")
    specs, problems = library.load_folder(tmp_path, set())
    assert not specs and len(problems) == 1 and problems[0].startswith("broken.toml: ")
    english = problems[0]
    i18n.activate("ja")
    japanese = library.retold(problems[0])
    assert japanese.startswith("broken.toml") and japanese != english
    assert any("\u3040" <= ch <= "\u9fff" for ch in japanese)
    i18n.deactivate()
    assert library.retold(japanese) == english
    bad.unlink()   # a file gone since: its sentence stays as it was
    assert library.retold(japanese) == japanese


def test_a_compiled_catalog_is_read_whatever_the_files_times_and_a_stale_one_is_compiled_afresh(tmp_path, monkeypatch):
    """An installed or frozen game (no Babel) reads its .mo even when copying left the .po newer; a
    checkout whose .po changed since compiling reads the .po, compiled in memory."""
    import os
    import shutil
    from game.build_catalogs import compile_catalog
    from game.common.resources import assets
    po = tmp_path / "ja.po"
    shutil.copy(assets() / "locale" / "ja.po", po)
    compile_catalog(po, tmp_path / "ja.mo")
    os.utime(tmp_path / "ja.mo", (1_000_000, 1_000_000))   # older than the .po, as a copy may leave it
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path)
    assert i18n.catalog("ja").gettext("Hint") != "Hint"
    monkeypatch.setattr(i18n, "compile_in_memory", lambda path: None)   # no Babel
    assert i18n.catalog("ja").gettext("Hint") != "Hint"
    po.write_text(po.read_text(encoding="utf-8").replace('msgid "Hint"\nmsgstr "ヒント"', 'msgid "Hint"\nmsgstr "ひんと"'),
                  encoding="utf-8")
    monkeypatch.undo()
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path)
    assert i18n.catalog("ja").gettext("Hint") == "ひんと"   # the edited .po, newer than its .mo
