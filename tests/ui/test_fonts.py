"""The bundled fonts (assets/fonts): every character the game shows has a glyph in one of them, they
load and draw, and their licences travel beside them. Glyphs are looked up with pygame.freetype, so the
test needs no fontTools (only ``make fonts`` does)."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from game.fontsubset import (JAPANESE, LICENCES, SOURCES, SYMBOLS, UI, catalog_texts, code_texts, drawable,
                              po_texts)
from game.catalog import library
from game.families.blocks.goat import DESCRIBE, FACES
from game.common.resources import assets
from game.ui import theme as T

FONTS = assets() / "fonts"
CATALOGS = sorted((assets() / "locale").glob("*.po"))


@lru_cache(maxsize=None)
def _face(name: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(FONTS / name), 16)


def _undrawn(texts) -> list[str]:
    """The characters of ``texts`` that none of the bundled fonts draws (spaces and marks without a shape aside)."""
    chars = {ch for text in texts for ch in text if drawable(ch) and not ch.isspace()}
    return sorted(f"{ch} U+{ord(ch):04X}" for ch in chars
                  if all(_face(s.name).get_metrics(ch)[0] is None for s in (UI, JAPANESE, SYMBOLS)))


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("po", CATALOGS, ids=[p.name for p in CATALOGS])
def test_every_translation_is_drawn_by_the_bundled_fonts(po):
    texts = po_texts(po)
    assert texts, f"{po.name} has no translations"
    assert not _undrawn(texts), f"rebuild the fonts (make fonts): {po.name} uses {_undrawn(texts)}"


def test_catalogs_are_checked_once_there_are_some():
    if not CATALOGS:
        pytest.skip("no catalog yet in assets/locale")
    assert catalog_texts(assets() / "locale")


def test_every_text_of_the_puzzle_files_is_drawn():
    texts = [s for _prefix, folder in library.shipped_folders() for p in sorted(folder.glob("*.toml"))
             for s in _strings(tomllib.loads(p.read_text(encoding="utf-8")))]
    assert any("横刀立马" in t for t in texts)
    assert not _undrawn(texts)


def test_goat_s_symbols_are_drawn_and_every_string_of_the_game():
    symbols = "".join(FACES.values()) + "".join(DESCRIBE.values())
    assert not _undrawn([symbols, "┌ ─ ┐ ▭ │ ∥ └ ┘ → · … ‹ › ×"])
    assert not _undrawn(code_texts(Path(T.__file__).resolve().parent.parent))


def test_the_window_draws_goat_s_symbols_with_the_bundled_symbols_font():
    assert T.face_of("┐") == T.face_of("▭") == T.face_of("∥") == SYMBOLS.name
    assert T.face_of("A") == UI.name and T.face_of("蛙") == JAPANESE.name and T.face_of("\u200e") is None


@pytest.mark.parametrize("px", [12, 14, 19, 24, 40])
def test_the_bundled_fonts_load_and_draw_at_the_height_of_the_text(px):
    """Lines of Japanese, or mixing it with Latin, are about as tall as Latin ones; Goat's box-drawing
    symbols reach from the bottom of a line to its top, which makes their lines a fifth taller (with the
    system fonts the game used before, both were a third taller)."""
    pygame.font.init()
    theme = T.Theme((1280, 800))
    latin = theme.text("Moves", px).get_height()
    for text, taller in (("Moves", 1.0), ("ゴール：ヤギをかこいのなかへ", 1.15), ("横刀立马 (Huarong Dao)", 1.15),
                         ("F1で、ヘルプ", 1.15), ("┐▭ c1-b1", 1.25)):
        surf = theme.text(text, px)
        assert surf.get_width() > 0 and surf.get_bounding_rect().height > 0, text
        assert latin * 0.8 - 1 <= surf.get_height() <= latin * taller + 1, text
        assert theme.extent(text, px) == surf.get_size(), text
    for source in SOURCES:
        assert pygame.font.Font(str(FONTS / source.name), 14).render("Aa", True, (255, 255, 255)).get_width() > 0


def test_the_licences_travel_beside_the_fonts():
    for source in SOURCES:
        assert (FONTS / source.name).is_file(), source.name
        licence = (FONTS / LICENCES[source]).read_text(encoding="utf-8")
        assert "Copyright" in licence or "(c)" in licence, LICENCES[source]
    assert "SIL Open Font License" in (FONTS / "OFL-Inter.txt").read_text(encoding="utf-8")
    readme = (FONTS / "README.md").read_text(encoding="utf-8")
    assert all(source.name in readme for source in SOURCES)


def test_the_japanese_font_stays_small():
    assert (FONTS / JAPANESE.name).stat().st_size < 1024 * 1024


def test_catalog_texts_reads_translations_only(tmp_path):
    (tmp_path / "ja.po").write_text('msgid ""\nmsgstr ""\n"Language: ja\\n"\n\n#: game/x.py:1\nmsgid "Goal"\n'
                                    'msgstr ""\n"ゴール"\n"です"\n\nmsgid "one"\nmsgid_plural "many"\n'
                                    'msgstr[0] "手 \\"A\\""\n\n#~ msgid "old"\n#~ msgstr "古"\n', encoding="utf-8")
    texts = catalog_texts(tmp_path)
    assert "ゴールです" in texts and '手 "A"' in texts
    assert not any("Goal" in t or "古" in t for t in texts)
