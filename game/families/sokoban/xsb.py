"""Sokoban's collection files, ``.xsb`` and ``.sok``: many levels in one text file, read directly.

A level is a block of lines drawn in XSB characters (``#`` walls, ``@ + $ * .``, floor as a space,
``-`` or ``_``; ``.sok`` files may shorten a run to a count, ``4#``, and join rows with ``|``).
Anything else separates levels: blank lines, ``;`` comments, ``Key: value`` lines. A level is named
by the ``Title:`` line after it (the ``.sok`` convention), else by the line just before it
(``; 12``, ``Level 12``), else by the file and its number. One level that is wrong is one sentence
beside the others; the rest of the collection still loads.

A ``.sok`` file may give a level's solutions in LURD in the lines after it: a ``Solution`` line (``Solution:
...``, ``Solution (moves 112, pushes 37):``, ``Solution/Moves``) with the letters after its colon or on the
lines under it, or lines of LURD letters alone (letters under a ``Snapshot`` line are an unfinished game, not
a solution). Lines in a row make one solution. Each is kept with the level as the file writes it, bounded;
one that cannot be read is kept as its sentence, naming the level and the line, and the level still loads.
"""
from __future__ import annotations

import re
from pathlib import PurePath
from typing import Sequence

from game.common.i18n import _, ngettext
from game.common.untrusted import shown
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.level import CHARACTERS, LevelProblem, read_level
from game.families.sokoban.lurd import checked
from game.files.errors import PuzzleFileError, at_line
from game.files.model import Common, name_words
from game.files.toml_file import TEXT_LIMITS
from game.rules.notation import Written
from game.rules.puzzle import PositionError

__all__ = ["MAX_LEVELS", "parse_collection", "parse_level", "sniff"]

MAX_LEVELS = 1000
MAX_SOLUTIONS = 8       # solutions kept with one level
_RUN = re.compile(r"(\d+)(.)")
_KEY = re.compile(r"\s*([A-Za-z][A-Za-z ]{0,30}):\s?(.*)$")
_SOLUTION = re.compile(r"\s*solution\b[^:]{0,60}(?::(.*))?$", re.IGNORECASE)
_SNAPSHOT = re.compile(r"\s*snapshot\b", re.IGNORECASE)
_LURD_LINE = re.compile(r"[0-9]*[lurdLURD][0-9lurdLURD]*")


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


def _blocks(text: str) -> list[tuple[int, list[str], list[str], int]]:
    """(first line number, rows, the lines before it since the last level, the number of the first of those)
    of every level drawn."""
    out: list[tuple[int, list[str], list[str], int]] = []
    rows: list[str] = []
    first, gap, gap_first = 0, list[str](), 1
    for number, line in enumerate(text.split("\n"), 1):
        drawn = _expanded(line)
        if drawn is not None:
            if not rows:
                first = number
            rows += drawn
            continue
        if rows:
            out.append((first, rows, gap, gap_first))
            rows, gap, gap_first = [], [], number
            if len(out) > MAX_LEVELS:
                break
        gap.append(line.strip())
    if rows:
        out.append((first, rows, gap, gap_first))
    out.append((0, [], gap, gap_first))   # what follows the last level: its title
    return out


def _is_lurd(line: str) -> bool:
    """A line of LURD letters alone (run lengths allowed), so never a level's name."""
    return _LURD_LINE.fullmatch(line) is not None


def _solutions(after: list[str], first: int, title: str) -> tuple[Written, ...]:
    """The solutions the lines after a level give (``first``: the number of the first of them)."""
    found: list[Written] = []
    start, parts, skipping = 0, list[str](), False
    for number, line in enumerate(after + [""], first):
        head = _SOLUTION.match(line)
        if _is_lurd(line) and (parts or not skipping):
            start, parts = start if parts else number, parts + [line]
            continue
        if parts:
            found.append(_written(start, parts, title))
            parts = []
        skipping = _SNAPSHOT.match(line) is not None
        if head is not None:
            start, parts = number, [(head[1] or "").strip()]
    return tuple(found[:MAX_SOLUTIONS])


def _written(line: int, parts: list[str], title: str) -> Written:
    try:
        return Written(line, checked("".join(parts)))
    except PositionError as problem:
        # Translators: {level} is a level's name, {line} a line of its file; {problem} says what is wrong
        return Written(line, "", _("The solution of {level} on line {line} cannot be read: {problem}")
                       .format(level=shown(title, 60), line=line, problem=problem))


def _title(before: list[str], after: list[str], alone: bool) -> str:
    """The level's own name: ``Title:`` after it; before it if it is the file's only level; else the
    line just before it (a comment's words, ``; 12``)."""
    for lines in (after, before) if alone else (after,):
        for line in lines:
            key = _KEY.match(line)
            if key and key[1].strip().lower() == "title" and key[2].strip():
                return key[2].strip()
    plain = [line.lstrip(";' ").strip() for line in before
             if line and not _KEY.match(line.lstrip(";' ")) and not _SOLUTION.match(line) and not _is_lurd(line)]
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
    for index, (line, rows, before, _first) in enumerate(levels):
        after, after_first = blocks[index + 1][2], blocks[index + 1][3]
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
        out.append(SokobanDef(Common(title, origin=name), level, solutions=_solutions(after, after_first, title)))
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
