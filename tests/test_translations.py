"""Every message the window can show is translated: the messages are extracted from the source now
(with the same mapping as ``make catalogs``), so a new sentence without a Japanese translation fails
here, as does a translation that lost or renamed a placeholder."""
from __future__ import annotations

import functools
import re
import string
from pathlib import Path

import pytest

from game.common import i18n

babel_extract = pytest.importorskip("babel.messages.extract")
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]


@functools.cache
def source_messages() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(context, msgid) -> every form (singular, plural) of each message in the source and puzzle files
    (extracted when a test first asks, not when the tests are collected: a worker that runs none skips it)."""
    with open(LOCALE / "babel.cfg", encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    out: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in babel_extract.extract_from_dir(
            str(ROOT), method_map, options_map, comment_tags=("Translators:",)):
        forms = message if isinstance(message, tuple) else (message,)
        out[(context, forms[0])] = forms
    return out


def _catalog(code: str):
    with open(LOCALE / f"{code}.po", "rb") as fh:
        return read_po(fh, locale=code)


def _strings(entry) -> list[str]:
    """A catalog entry's translations (one per plural form); none for a message the catalog lacks."""
    if entry is None:
        return [""]
    return list(entry.string) if isinstance(entry.string, tuple) else [entry.string]


def _fields(text: str) -> set[str]:
    """The named fields of a str.format template ("{n:,} moves" -> {"n"})."""
    try:
        return {name.split(".")[0].split("[")[0] for _lit, name, _spec, _conv in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return {"<not a valid template>"}


def test_the_source_has_messages_to_translate():
    assert len(source_messages()) > 300, "the extraction found too few messages: is the mapping file right?"
    assert any(msgid == "Hint" for _ctx, msgid in source_messages())


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_has_a_translation(code):
    catalog = _catalog(code)
    missing = []
    for (context, msgid), _forms in source_messages().items():
        entry = catalog.get(msgid, context=context)
        if entry is None or entry.fuzzy or not all(text.strip() for text in _strings(entry)):
            missing.append(msgid)
    assert not missing, f"{len(missing)} messages lack a {code} translation, e.g. {missing[:8]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_every_placeholder(code):
    catalog = _catalog(code)
    wrong = []
    for (context, msgid), forms in source_messages().items():
        entry = catalog.get(msgid, context=context)
        wanted = _fields(forms[-1])   # the plural's fields: a language with one form uses the plural template
        wrong += [(msgid, text) for text in _strings(entry) if text and _fields(text) != wanted]
    assert not wrong, f"placeholders differ: {wrong[:6]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_catalog_keeps_no_message_the_game_no_longer_has(code):
    stale = [m.id for m in _catalog(code) if m.id and (m.context, m.id if isinstance(m.id, str) else m.id[0])
             not in source_messages()]
    assert not stale, f"{len(stale)} translations of messages no longer in the game (run `make catalogs`): {stale[:5]}"


def test_japanese_reads_as_japanese_in_the_window():
    """Activating the language really translates (the catalog compiles and loads)."""
    assert i18n.activate("ja") == "ja"
    try:
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", i18n._("Hint"))
    finally:
        i18n.deactivate()
    assert i18n._("Hint") == "Hint"
