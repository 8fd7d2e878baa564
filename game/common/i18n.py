"""The player's language: gettext catalogs in ``assets/locale`` (kept with Babel), chosen once at start
and switchable from the settings screen.

Everything the window shows goes through :func:`_` (or :func:`ngettext` for counts) at the moment it is
drawn, so switching language redraws in the new one. Text fixed at import time (puzzle titles, key
labels) is marked with :func:`N_` where it is written and translated where it is shown. The command line
never activates a catalog: its output is for scripts and stays English.

Catalogs are compiled to ``<lang>.mo`` by ``make`` (and by the wheel's build); a checkout run without
them falls back to compiling the ``.po`` in memory with Babel when it is installed, else to English.
"""
from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from game.common.resources import assets

DOMAIN = "fewest_moves"
ENGLISH = "en"
SYSTEM = "system"   # the setting's value for "follow the system"
LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}   # code -> the language's own name
ENV_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")   # gettext's own order of precedence

_active: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH
_loaded: dict[str, gettext.NullTranslations] = {ENGLISH: _active}   # what ``activate`` last put in place


def _(message: str) -> str:
    """``message`` in the active language (itself in English or when the catalog lacks it)."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The right plural form of a whole sentence for ``n`` (Japanese has one form, English two)."""
    return _active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in a context, for one English word with two meanings (a verb and a noun)."""
    return _active.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it yet (translated where it is shown)."""
    return message


def language() -> str:
    """The code of the language in effect ("en", "ja")."""
    return _language


def locale_folder() -> Path:
    return assets() / "locale"


def available() -> list[str]:
    """Languages the game can show: English, and every language with a catalog."""
    folder = locale_folder()
    found = {p.stem for p in folder.glob("*.po")} | {p.stem for p in folder.glob("*.mo")} if folder.is_dir() else set()
    return [code for code in LANGUAGES if code == ENGLISH or code in found]


def normalise(tag: str) -> str | None:
    """The game's language for a locale name such as "ja_JP.UTF-8", "ja-JP" or "en" (None if unknown)."""
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if base in ("c", "posix"):
        return ENGLISH
    return base if base in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None, preferred: Iterable[str] = ()) -> str:
    """The language the system asks for: the environment variables in gettext's order (LANGUAGE may
    list several, "ja:en"), then the platform's preferred locales (given by the window layer, which
    can ask the operating system), else English."""
    env = os.environ if environ is None else environ
    for name in ENV_ORDER:
        value = env.get(name, "")
        if not value:
            continue
        for tag in value.split(":") if name == "LANGUAGE" else [value]:
            code = normalise(tag)
            if code is not None:
                return code
        if name != "LANGUAGE":
            return ENGLISH   # a set LC_ALL/LANG that we lack a catalog for means English, not the next variable
    for tag in preferred:
        code = normalise(tag)
        if code is not None:
            return code
    return ENGLISH


def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (English: none needed)."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    folder = locale_folder()
    mo, po = folder / f"{code}.mo", folder / f"{code}.po"
    stale = not mo.is_file() or (po.is_file() and po.stat().st_mtime > mo.stat().st_mtime)
    if stale and po.is_file():   # a checkout with a catalog edited since it was compiled
        compiled = compile_in_memory(po)
        if compiled is not None:
            return gettext.GNUTranslations(io.BytesIO(compiled))
    if mo.is_file():   # installed or frozen: the compiled catalog, whatever times the copying gave the files
        with open(mo, "rb") as fh:
            return gettext.GNUTranslations(fh)
    return gettext.NullTranslations()


def compile_in_memory(po: Path) -> bytes | None:
    """A ``.po`` compiled with Babel, for a checkout whose ``.mo`` is missing or stale (None without Babel)."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        return None
    with open(po, "rb") as fh:
        parsed = read_po(fh, locale=po.stem)
    out = io.BytesIO()
    write_mo(out, parsed)
    return out.getvalue()


def activate(choice: str = SYSTEM, environ: Mapping[str, str] | None = None, preferred: Iterable[str] = ()) -> str:
    """Switches the window's language: a code, or ``SYSTEM`` to follow the system. Returns the code in
    effect (English when the choice has no catalog)."""
    global _active, _language
    code = system_language(environ, preferred) if choice == SYSTEM else (normalise(choice) or ENGLISH)
    if code not in available():
        code = ENGLISH
    if code != _language or _active is not _loaded.get(code):   # the file is read once per switch, not per call
        _loaded.clear()
        _loaded[code] = _active = catalog(code)
        _language = code
    return code


def deactivate() -> None:
    """Back to English (tests, and the command line after a window closed)."""
    global _active, _language
    _active, _language = gettext.NullTranslations(), ENGLISH
