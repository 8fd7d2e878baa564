"""The TOML puzzle format of PUZZLE-FILES.md: one puzzle per file, checked before the game sees it.

``tomllib`` reads the syntax; everything a file can get wrong in structure (keys, grids, pieces,
goals, figures) becomes one :class:`PuzzleFileError` naming the key, so a player who writes a
puzzle by hand learns exactly what to fix. Whether a goal can be reached is left to the search.
"""
from __future__ import annotations

import difflib
import re
import tomllib
from typing import NoReturn

from game.files import toml_families
from game.files.errors import PuzzleFileError
from game.files.model import Common, PuzzleDef
from game.files.shapes import MAX_SIDE, is_cell, is_plain_text
from game.untrusted import shown

FAMILIES = ("blocks", "frogs", "knights", "pairs")
COMMON_KEYS = ("format", "title", "subtitle", "family", "start", "goal", "source", "published",
               "group", "variant")
FAMILY_KEYS = {
    "blocks": ("moves", "same", "axis"),
    "frogs": ("black", "white", "jump"),
    "knights": (),
    "pairs": ("goal_block", "either_order"),
}
TEXT_LIMITS = {"title": 80, "subtitle": 120, "source": 1000, "group": 60, "variant": 16}
PUBLISHED_MAX = 100_000
_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


class TomlFile:
    """The parsed table of one file with the name used in every sentence about it."""

    def __init__(self, data: dict[str, object], origin: str) -> None:
        self.data = data
        self.origin = origin

    def fail(self, where: str, problem: str) -> NoReturn:
        raise PuzzleFileError(self.origin, where, problem)

    def get(self, key: str, default: object = None) -> object:
        return self.data.get(key, default)

    def has(self, key: str) -> bool:
        return key in self.data

    def text(self, key: str, *, required: bool = False) -> str:
        """A plain one-line string: titles and sources are shown in menus and messages."""
        where = f"key '{key}'"
        value = self.data.get(key)
        if value is None:
            if required:
                self.fail(where, f"is missing: every puzzle file needs a {key}")
            return ""
        if not isinstance(value, str):
            self.fail(where, f"must be text in quotes, not {describe(value)}")
        if required and not value.strip():
            self.fail(where, "is empty")
        if not is_plain_text(value):
            self.fail(where, "contains a control character (such as a tab or a line break): write plain text on one line")
        if len(value) > TEXT_LIMITS[key]:
            self.fail(where, f"is {len(value)} characters long, more than {TEXT_LIMITS[key]}")
        return value

    def grid(self, key: str) -> tuple[str, ...]:
        """A grid: rows of equal length, one printable character per cell, at most 16x16."""
        where = f"key '{key}'"
        value = self.data.get(key)
        if value is None:
            self.fail(where, "is missing")
        if not isinstance(value, str):
            self.fail(where, f"must be a grid written as a multi-line string, not {describe(value)}")
        rows = value.replace("\r\n", "\n").split("\n")
        while rows and not rows[0].strip():
            rows.pop(0)
        while rows and not rows[-1].strip():
            rows.pop()
        if not rows:
            self.fail(where, "the grid is empty")
        if len(rows) > MAX_SIDE:
            self.fail(where, f"the grid has {len(rows)} rows, more than {MAX_SIDE}")
        for n, row in enumerate(rows, 1):
            bad = next((ch for ch in row if not is_cell(ch)), None)
            if not row:
                self.fail(where, f"row {n} is empty")
            if bad is not None:
                what = "a space" if bad == " " else f"the character {shown(repr(bad))}"
                self.fail(where, f"row {n} contains {what}: write one visible character per cell, without spaces")
            if len(row) > MAX_SIDE:
                self.fail(where, f"row {n} has {len(row)} cells, more than {MAX_SIDE}")
            if len(row) != len(rows[0]):
                self.fail(where, f"row {n} has {len(row)} cells, but row 1 has {len(rows[0])}")
        return tuple(rows)

    def choice(self, key: str, allowed: tuple[str, ...], default: str, what: str) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or value not in allowed:
            self.fail(f"key '{key}'", f"{describe(value)} is not {what}: use {either(allowed)}")
        return value

    def published(self, allowed: tuple[str, ...]) -> dict[str, int]:
        """Figures from the literature, each by the move count it was published for."""
        value = self.data.get("published")
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail("key 'published'", f"must be a table such as [published] with {allowed[-1]} = 81")
        out = {}
        for key, number in value.items():
            where = f"key 'published.{shown(key)}'"
            if key not in allowed:
                self.fail(where, f"is not a move count of this family: use {either(allowed)}")
            if type(number) is not int or not 1 <= number <= PUBLISHED_MAX:
                self.fail(where, f"must be a whole number from 1 to {PUBLISHED_MAX:,}, not {describe(number)}")
            out[key] = number
        return out


def describe(value: object) -> str:
    """A TOML value as a sentence may quote it."""
    if isinstance(value, str):
        return f"'{shown(value)}'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return shown(str(value))
    if isinstance(value, dict):
        return "a table"
    return "a list" if isinstance(value, list) else "a date or time"


def either(options: tuple[str, ...]) -> str:
    quoted = [f'"{o}"' for o in options]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def load(text: str, origin: str) -> dict[str, object]:
    """The TOML table, or one sentence naming the line of the first syntax error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = _POSITION.search(message)
        reason = _POSITION.sub("", message).replace("(at end of document)", "").strip()
        reason = reason[:1].lower() + reason[1:]
        where = f"line {at[1]}" if at else "end of file"
        column = f" at column {at[2]}" if at else ""
        raise PuzzleFileError(origin, where, f"this is not valid TOML ({shown(reason, 80)}{column})") from None
    except RecursionError:
        raise PuzzleFileError(origin, "", "this is not a puzzle file: its TOML nests lists or tables too deeply") from None
    except ValueError:
        raise PuzzleFileError(origin, "", "this is not a puzzle file: its TOML holds a number too long to read") from None


def parse_toml(text: str, origin: str) -> PuzzleDef:
    """The definition a TOML puzzle file gives; PuzzleFileError (one sentence) if it is wrong."""
    file = TomlFile(load(text, origin), origin)
    version = file.get("format")
    if version is None:
        file.fail("key 'format'", "is missing: write format = 1 at the top of the file")
    if type(version) is not int or version != 1:
        file.fail("key 'format'", f"is {describe(version)}, but this game reads format 1 only")
    family = file.get("family")
    if family is None:
        file.fail("key 'family'", f"is missing: write family = {either(FAMILIES)}")
    if not isinstance(family, str) or family not in FAMILIES:
        file.fail("key 'family'", f"{describe(family)} is not a puzzle family: use {either(FAMILIES)}")
    allowed = COMMON_KEYS + FAMILY_KEYS[family]
    for key in file.data:
        if key not in allowed:
            near = difflib.get_close_matches(key, allowed, 1) if len(key) <= 40 else []
            hint = f" (did you mean '{near[0]}')" if near else ""
            file.fail(f"key '{shown(key)}'", f"is not a key of a {family} puzzle{hint}")
    title = file.text("title", required=True)
    subtitle, source = file.text("subtitle"), file.text("source")
    counts = ("cell", "line", "path") if family == "blocks" else ("moves",)
    group, variant = file.text("group"), file.text("variant")
    if bool(group.strip()) != bool(variant.strip()):
        file.fail("key 'variant'" if group.strip() else "key 'group'",
                  "must come with the other: a file joins a group (one menu card) under a variant label")
    common = Common(title, subtitle, source, file.published(counts), origin, group.strip(), variant.strip())
    if family == "blocks":
        return toml_families.blocks(file, common)
    if family == "pairs":
        return toml_families.pairs(file, common)
    return toml_families.tokens(file, common, family)
