"""The shipped puzzle files' text for the catalogs: a Babel extraction method for
``assets/puzzles/*.toml`` and a family's own ``game/families/<name>/puzzles/*.toml``, registered in
``assets/locale/babel.cfg``.

A file's title, subtitle, source, group and variant reach the window, so each is a message,
once per file, at the line of its key, with a comment naming the key. A token puzzle's card
title is derived from its title ("Frogs, board A (11 cells)" gives "Board A (11 cells)"), so
it is a message too, made by :mod:`game.catalog.library` exactly as the menu gets it. Everything else
a card says is the game's own words, marked in the Python code.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path, PurePath
from typing import IO, Any

# the keys the window shows, with what a translator should know about each
SHOWN_KEYS = {
    "title": "the puzzle's title",
    "subtitle": "the second line of the puzzle's menu card",
    "source": "where the puzzle comes from, shown with its figures",
    "group": "the title of the menu card the puzzles of one group share",
    "variant": "this puzzle's label in its card's chooser (keep it short)",
}
STRIPPED = ("group", "variant")   # the reader keeps these without surrounding blanks
_KEY = re.compile(r"\s*([A-Za-z_]+)\s*=")

Extracted = tuple[int, str | None, str, list[str]]   # line, function name, message, comments


def extract(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel's extraction method: every shown text of one puzzle file, once."""
    text = fileobj.read().decode("utf-8-sig")
    name = PurePath(str(getattr(fileobj, "name", "puzzle.toml"))).name
    yield from messages(text, name)


def messages(text: str, name: str) -> Iterator[Extracted]:
    """The shown texts of the puzzle file ``name`` (its ``text``), each with its line and a comment."""
    data = tomllib.loads(text)
    lines = key_lines(text)
    seen: set[str] = set()
    for key, what in SHOWN_KEYS.items():
        value = data.get(key)
        if not isinstance(value, str):
            continue
        value = value.strip() if key in STRIPPED else value
        if value.strip() and value not in seen:
            seen.add(value)
            yield lines.get(key, 1), None, value, [f"Translators: {what} (key '{key}')."]
    card = card_title(text, name)
    if card and card not in seen:
        yield lines.get("title", 1), None, card, [
            "Translators: the title of the puzzle's menu card: its title without the shelf's name (key 'title')."]


def key_lines(text: str) -> dict[str, int]:
    """The line of each top-level key (before the first table), counted from 1."""
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("["):
            break
        found = _KEY.match(line)
        if found:
            lines.setdefault(found[1], number)
    return lines


def card_title(text: str, name: str) -> str:
    """The title of the file's menu card, as the library makes it."""
    from game.catalog import library
    from game.catalog.reading import parse_toml

    return library.spec_for(library.name_for(Path(name)), parse_toml(text, name)).presentation.short_title
