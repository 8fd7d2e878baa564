"""Sokoban's collection files, ``.xsb`` and ``.sok``: many levels in one text file, read directly.

A level is a block of lines drawn in XSB characters (``#`` walls, ``@ + $ * .``, floor as a space,
``-`` or ``_``; ``.sok`` files may shorten a run to a count, ``4#``, and join rows with ``|``).
Anything else separates levels: blank lines, ``;`` comments, ``Key: value`` lines. A level is named
by the ``Title:`` line after it (the ``.sok`` convention), else by the line just before it
(``; 12``, ``Level 12``), else by the file and its number. One level that is wrong is one sentence
beside the others; the rest of the collection still loads.
"""
from __future__ import annotations

import re
from pathlib import PurePath
from typing import Sequence

from game.common.i18n import _, ngettext
from game.common.untrusted import shown
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.level import CHARACTERS, LevelProblem, read_level
from game.files.errors import PuzzleFileError, at_line
from game.files.model import Common, name_words
from game.files.toml_file import TEXT_LIMITS

__all__ = ["MAX_LEVELS", "parse_collection", "parse_level", "sniff"]

MAX_LEVELS = 1000
_RUN = re.compile(r"(\d+)(.)")
_KEY = re.compile(r"\s*([A-Za-z][A-Za-z ]{0,30}):\s?(.*)$")


def _expanded(line: str) -> list[str] | None:
    """A line's rows of XSB characters (a ``.sok`` run ``4#`` written out, ``|`` a new row), or None if
    the line is not part of a level (it must have a wall)."""
    line = line.rstrip()
    if "#" not in line or len(line) > 4 * MAX_LINE:
        return None
    if any(ch.isdigit() for ch in line):
        line = _RUN.sub(lambda m: m[2] * min(int(m[1]), MAX_LINE), line)
    rows = line.split("|")
    if all(ch in CHARACTERS for row in rows for ch in row):
        return rows
    return None


MAX_LINE = 200


def sniff(lines: Sequence[str]) -> bool:
    """Whether a file whose name says nothing is a collection: some lines draw a level with a keeper."""
    drawn = [line for line in lines if _expanded(line) is not None]
    return len(drawn) >= 3 and any(ch in "@+" for line in drawn for ch in line)


def _blocks(text: str) -> list[tuple[int, list[str], list[str]]]:
    """(first line number, rows, the lines before it since the last level) of every level drawn."""
    out: list[tuple[int, list[str], list[str]]] = []
    rows: list[str] = []
    first, gap = 0, list[str]()
    for number, line in enumerate(text.split("\n"), 1):
        drawn = _expanded(line)
        if drawn is not None:
            if not rows:
                first = number
            rows += drawn
            continue
        if rows:
            out.append((first, rows, gap))
            rows, gap = [], []
            if len(out) > MAX_LEVELS:
                break
        gap.append(line.strip())
    if rows:
        out.append((first, rows, gap))
    out.append((0, [], gap))   # what follows the last level: its title
    return out


def _title(before: list[str], after: list[str], alone: bool) -> str:
    """The level's own name: ``Title:`` after it; before it if it is the file's only level; else the
    line just before it (a comment's words, ``; 12``)."""
    for lines in (after, before) if alone else (after,):
        for line in lines:
            key = _KEY.match(line)
            if key and key[1].strip().lower() == "title" and key[2].strip():
                return key[2].strip()
    plain = [line.lstrip(";' ").strip() for line in before if line and not _KEY.match(line.lstrip(";' "))]
    return plain[-1] if plain and plain[-1] else ""


def _stem(name: str) -> str:
    return name_words(PurePath(name).stem) or _("Level")


def parse_collection(text: str, name: str) -> list[SokobanDef | PuzzleFileError]:
    """Every level of a collection, in order: its definition, or one sentence naming the file, the
    level's line and what is wrong. PuzzleFileError if the file draws no level at all."""
    blocks = _blocks(text)
    levels = blocks[:-1]
    if not levels:
        raise PuzzleFileError(name, "", _("this file draws no Sokoban level (rows of # walls with @ $ and .)"))
    if len(levels) > MAX_LEVELS:
        raise PuzzleFileError(name, "", ngettext("this file holds more than {limit} level",
                                                 "this file holds more than {limit} levels", MAX_LEVELS)
                              .format(limit=MAX_LEVELS))
    out: list[SokobanDef | PuzzleFileError] = []
    for index, (line, rows, before) in enumerate(levels):
        after = blocks[index + 1][2]
        title = _title(before, after, len(levels) == 1)[:TEXT_LIMITS["title"]]
        if not title or not title.isprintable():
            title = f"{_stem(name)} {index + 1}" if len(levels) > 1 else _stem(name)
        elif title.isdigit():
            title = f"{_stem(name)} {title}"
        try:
            level = read_level(rows).rows
        except LevelProblem as problem:
            out.append(PuzzleFileError(shown(name, 60), at_line(line), str(problem)))
            continue
        out.append(SokobanDef(Common(title, origin=name), level))
    return out


def parse_level(text: str, name: str) -> SokobanDef:
    """The one level of a file; PuzzleFileError if it holds several (a collection: its levels are
    puzzles of their own) or its level is wrong."""
    levels = parse_collection(text, name)
    if len(levels) > 1:
        raise PuzzleFileError(name, "", _("this file holds {count} levels: name one as {name}#1 to {name}#{count}")
                              .format(count=len(levels), name=shown(name, 60)))
    level = levels[0]
    if isinstance(level, PuzzleFileError):
        raise level
    return level
