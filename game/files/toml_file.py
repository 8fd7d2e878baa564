"""One TOML puzzle file as the families read it: its table, the keys every file shares, and the
checks each key gets (text, grids, choices, figures), each mistake one sentence naming the key.

``tomllib`` reads the syntax; everything a file can get wrong in structure (keys, grids, pieces,
goals, figures) becomes one :class:`PuzzleFileError` naming the key, so a player who writes a
puzzle by hand learns exactly what to fix. Whether a goal can be reached is left to the search.
Which family reads the rest of a file is the catalog's business (:mod:`game.catalog.reading`).

Each problem is one translated clause that names its key itself; key names, values and the
format's words in quotes stay as the file spells them.
"""
from __future__ import annotations

import re
import tomllib
from typing import NoReturn

from game.files.errors import PuzzleFileError, at_line
from game.files.model import Common
from game.files.shapes import MAX_SIDE, is_cell, is_plain_text
from game.common.i18n import _, ngettext
from game.common.untrusted import shown

COMMON_KEYS = ("format", "title", "subtitle", "family", "start", "goal", "source", "published",
               "group", "variant")
TEXT_LIMITS = {"title": 80, "subtitle": 120, "source": 1000, "group": 60, "variant": 16}
PUBLISHED_MAX = 100_000
_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


class TomlFile:
    """The parsed table of one file with the name used in every sentence about it."""

    def __init__(self, data: dict[str, object], origin: str) -> None:
        self.data = data
        self.origin = origin

    def fail(self, problem: str) -> NoReturn:
        """Refuse the file: ``problem`` is a translated clause that names its key."""
        raise PuzzleFileError(self.origin, "", problem)

    def get(self, key: str, default: object = None) -> object:
        return self.data.get(key, default)

    def has(self, key: str) -> bool:
        return key in self.data

    def text(self, key: str, *, required: bool = False) -> str:
        """A plain one-line string: titles and sources are shown in menus and messages."""
        value = self.data.get(key)
        if value is None:
            if required:
                self.fail(_("key '{key}' is missing: every puzzle file needs a {key}").format(key=key))
            return ""
        if not isinstance(value, str):
            self.fail(_("key '{key}' must be text in quotes, not {value}").format(key=key, value=describe(value)))
        if required and not value.strip():
            self.fail(_("key '{key}' is empty").format(key=key))
        if not is_plain_text(value):
            self.fail(_("key '{key}' contains a control character (such as a tab or a line break): "
                        "write plain text on one line").format(key=key))
        if len(value) > TEXT_LIMITS[key]:
            self.fail(_("key '{key}' is {length} characters long, more than {limit}")
                      .format(key=key, length=len(value), limit=TEXT_LIMITS[key]))
        return value

    def grid(self, key: str, most: int = MAX_SIDE) -> tuple[str, ...]:
        """A grid: rows of equal length, one printable character per cell, at most ``most`` rows and columns."""
        value = self.data.get(key)
        if value is None:
            self.fail(_("key '{key}' is missing").format(key=key))
        if not isinstance(value, str):
            self.fail(_("key '{key}' must be a grid written as a multi-line string, not {value}")
                      .format(key=key, value=describe(value)))
        rows = value.replace("\r\n", "\n").split("\n")
        while rows and not rows[0].strip():
            rows.pop(0)
        while rows and not rows[-1].strip():
            rows.pop()
        if not rows:
            self.fail(_("key '{key}', the grid is empty").format(key=key))
        if len(rows) > most:
            self.fail(_("key '{key}', the grid has {rows} rows, more than {limit}")
                      .format(key=key, rows=len(rows), limit=most))
        for n, row in enumerate(rows, 1):
            bad = next((ch for ch in row if not is_cell(ch)), None)
            if not row:
                self.fail(_("key '{key}', row {row} is empty").format(key=key, row=n))
            if bad == " ":
                self.fail(_("key '{key}', row {row} contains a space: write one visible character per cell, "
                            "without spaces").format(key=key, row=n))
            if bad is not None:
                self.fail(_("key '{key}', row {row} contains the character {char}: write one visible character "
                            "per cell, without spaces").format(key=key, row=n, char=shown(repr(bad))))
            if len(row) > most:
                self.fail(_("key '{key}', row {row} has {cells} cells, more than {limit}")
                          .format(key=key, row=n, cells=len(row), limit=most))
            if len(row) != len(rows[0]):
                self.fail(ngettext("key '{key}', row {row} has {cells} cell, but row 1 has {first}",
                                   "key '{key}', row {row} has {cells} cells, but row 1 has {first}", len(row))
                          .format(key=key, row=n, cells=len(row), first=len(rows[0])))
        return tuple(rows)

    def choice(self, key: str, allowed: tuple[str, ...], default: str, refusal: str) -> str:
        """One of ``allowed``; else ``refusal`` (an ``N_`` message with {key}, {value} and {choices})."""
        value = self.data.get(key, default)
        if not isinstance(value, str) or value not in allowed:
            self.fail(_(refusal).format(key=key, value=describe(value), choices=either(allowed)))
        return value

    def published(self, allowed: tuple[str, ...]) -> dict[str, int]:
        """Figures from the literature, each by the move count it was published for."""
        value = self.data.get("published")
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail(_("key 'published' must be a table such as [published] with {count} = 81")
                      .format(count=allowed[-1]))
        out = {}
        for key, number in value.items():
            where = f"published.{shown(key)}"
            if key not in allowed:
                self.fail(_("key '{key}' is not a move count of this family: use {choices}")
                          .format(key=where, choices=either(allowed)))
            if type(number) is not int or not 1 <= number <= PUBLISHED_MAX:
                self.fail(_("key '{key}' must be a whole number from 1 to {most:,}, not {value}")
                          .format(key=where, most=PUBLISHED_MAX, value=describe(number)))
            out[key] = number
        return out


def describe(value: object) -> str:
    """A TOML value as a sentence may quote it (TOML's own words, true and false, stay as they are)."""
    if isinstance(value, str):
        return f"'{shown(value)}'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return shown(str(value))
    if isinstance(value, dict):
        # Translators: a kind of TOML value, quoted in "key 'title' must be text in quotes, not a table".
        return _("a table")
    # Translators: kinds of TOML value, as "a table" above.
    return _("a list") if isinstance(value, list) else _("a date or time")


def either(options: tuple[str, ...]) -> str:
    """The allowed values, quoted as the file spells them: '"cell", "line" or "path"'."""
    quoted = [f'"{o}"' for o in options]
    if len(quoted) == 1:
        return quoted[0]
    # Translators: the last of several allowed values: {choices} is '"cell", "line"', {last} is '"path"'.
    return _("{choices} or {last}").format(choices=", ".join(quoted[:-1]), last=quoted[-1])


def load(text: str, origin: str) -> dict[str, object]:
    """The TOML table, or one sentence naming the line of the first syntax error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = _POSITION.search(message)
        reason = _POSITION.sub("", message).replace("(at end of document)", "").strip()
        reason = shown(reason[:1].lower() + reason[1:], 80)
        if at:
            # Translators: {reason} is the TOML reader's own words, in English.
            problem = _("this is not valid TOML ({reason} at column {column})").format(reason=reason, column=at[2])
            raise PuzzleFileError(origin, at_line(int(at[1])), problem) from None
        raise PuzzleFileError(origin, _("end of file"), _("this is not valid TOML ({reason})").format(reason=reason)) \
            from None
    except RecursionError:
        raise PuzzleFileError(origin, "", _("this is not a puzzle file: its TOML nests lists or tables too deeply")) \
            from None
    except ValueError:
        raise PuzzleFileError(origin, "", _("this is not a puzzle file: its TOML holds a number too long to read")) \
            from None


def read_common(file: TomlFile, published_keys: tuple[str, ...]) -> Common:
    """The keys every puzzle file shares: title, subtitle, source, group and variant, and the figures
    published for each way the family counts a move."""
    title = file.text("title", required=True)
    subtitle, source = file.text("subtitle"), file.text("source")
    group, variant = file.text("group"), file.text("variant")
    if bool(group.strip()) != bool(variant.strip()):
        file.fail(_("key '{key}' must come with the other: a file joins a group (one menu card) under a variant "
                    "label").format(key="variant" if group.strip() else "group"))
    return Common(title, subtitle, source, file.published(published_keys), file.origin, group.strip(), variant.strip())
