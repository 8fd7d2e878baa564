"""TOML values written for people to read and edit: strings, lists, keys and grids drawn as the
board looks. The families write their keys with these (:meth:`game.families.base.Family.write`)."""
from __future__ import annotations

import re

from game.files.model import Grid

__all__ = ["escaped", "grid", "key", "string", "string_list"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def escaped(text: str) -> str:
    """Text safe inside a TOML basic string (single- or multi-line)."""
    return "".join(_ESCAPES.get(ch, f"\\u{ord(ch):04x}" if ord(ch) < 0x20 or ord(ch) == 0x7F else ch)
                   for ch in text)


def string(text: str) -> str:
    return f'"{escaped(text)}"'


def string_list(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(string(item) for item in items) + "]"


def key(name: str) -> str:
    return name if _BARE_KEY.match(name) else string(name)


def grid(rows: Grid) -> str:
    """A grid as a multi-line string, one row per line, so the file shows the board."""
    return '"""\n' + "\n".join(escaped(row) for row in rows) + '\n"""'
