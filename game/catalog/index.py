"""The catalog's index: what each puzzle says of itself (title, move rule, goal) without building its rules.

A menu of every puzzle, or ``list``, needs each puzzle's words, and the rules that say them take seconds to
build for the whole library. So the words are kept apart:

- the game's own puzzles (the families' and the library's, each under its own count) in a shipped file,
  ``assets/puzzle-words.tsv``, made by ``python -m game.catalog.reindex --write`` (``make index``) from the
  built rules and checked against them by the tests, as the ratings are;
- the player's own files in the cache folder (``puzzle-index.json``), each under its stamp (size,
  modification time, inode): a file the index knows is not built when the game starts; a file that
  changed, or is new, is built once (which checks it, as before) and its words kept.

A row that is missing or wrong costs time, never a wrong answer: the rules are built and asked. Both files
are untrusted: bounded, a regular file, every value checked; anything wrong means no index at all.
"""
from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from game.catalog.spec import PuzzleSpec, Words
from game.common.phrase import Phrase
from game.common.resources import assets
from game.common.untrusted import UnreadableFile, read_text, replace_file, write_atomically

__all__ = ["FILE", "PLAYERS_FILE", "FolderIndex", "Row", "Stamp", "compute", "decode", "encode", "listed_positions",
           "parse", "render", "shipped", "stamp_of", "write"]

FILE = "puzzle-words.tsv"
PLAYERS_FILE = "puzzle-index.json"
FORMAT = 1
MAX_BYTES = 1 << 21            # a row is about 200 bytes: room for ten thousand puzzles
MAX_TEXT = 2000                # characters of one message or field
MAX_DEPTH = 8                  # phrases within phrases

QUICK_SWEEP = 500_000         # ranks a forward sweep from the start goes through to count what it reaches
Stamp = tuple[int, int, int]   # a file's size, modification time (ns) and inode


@dataclass(frozen=True)
class Row:
    """One puzzle of the shipped index: its words, the positions ``list`` says it has (None: unsaid), and for a
    puzzle of the library's files, where it is (``klotski.toml``; ``traffic-pack.rush#3``, a collection's third)
    and what else the menu knows of it without reading the file (``card``: see :mod:`game.catalog.indexed`)."""

    words: Words
    positions: int | None
    place: str = ""
    card: Mapping[str, object] | None = None


# -- words as JSON ----------------------------------------------------------------------------------

def encode(text: str) -> object:
    """A text as JSON: a plain string, or a phrase as its message and fields."""
    if isinstance(text, Phrase):
        return {"message": text.message,
                "fields": {key: encode(value) if isinstance(value, str) else value
                           for key, value in text.fields.items()}}
    return str(text)


def decode(value: object, depth: int = 0) -> str:
    """The text :func:`encode` wrote; ValueError for anything else."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ValueError("a text is too long")
        return value
    if not isinstance(value, dict) or set(value) != {"message", "fields"} or depth >= MAX_DEPTH:
        raise ValueError("a text is neither a string nor a phrase")
    message, fields = value["message"], value["fields"]
    if not isinstance(message, str) or len(message) > MAX_TEXT or not isinstance(fields, dict):
        raise ValueError("a phrase has no message")
    out: dict[str, str | int | float] = {}
    for key, field in fields.items():
        if isinstance(field, bool) or not isinstance(field, (int, float, str, dict)):
            raise ValueError("a phrase has a field that is not text or a number")
        out[key] = field if isinstance(field, (int, float)) else decode(field, depth + 1)
    try:
        return Phrase(message, **out)
    except (KeyError, IndexError, ValueError, AttributeError):
        raise ValueError("a phrase's fields do not fill its message") from None


def _words(value: object) -> Words:
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("a row is not a title, a move rule and a goal")
    title, rule, goal = (decode(v) for v in value)
    return Words(title, rule, goal)


def _row(words: Words) -> list[object]:
    return [encode(words.title), encode(words.move_rule), encode(words.goal)]


# -- the game's own puzzles -------------------------------------------------------------------------

def path() -> Path:
    return assets() / FILE


COLUMNS = ("name", "title", "move_rule", "goal", "positions", "file", "card")
MAX_PLACE = 300   # characters of a file's place in the library
HEADER = """\
# What each puzzle of the game's own says of itself, under its own count, as its rules say it: its title, its
# move rule and its goal (each cell JSON: a string, or a phrase as its message and fields), and the positions
# `list` gives it (empty: none said), so that the menu and `list` build no puzzle's rules; for a puzzle of the
# library's files, its file (and number in a collection) and, as JSON, its card: the file's size, its family,
# counts, shelf, presentation and figures, so that the game reads no file until its puzzle is drawn or opened.
# Made by `python -m game.catalog.reindex --write` (or `make index`): run it again when a puzzle is added or
# its words or its file change (the tests say so). Do not edit by hand. Tab-separated.
"""


def render(rows: Mapping[str, Row]) -> str:
    """The shipped file's text: the header, the columns' names, one line a puzzle in the order given."""
    return HEADER + "\t".join(COLUMNS) + "\n" + "".join(
        "\t".join([name, *(json.dumps(cell, ensure_ascii=False) for cell in _row(row.words)),
                   "" if row.positions is None else str(row.positions), row.place,
                   "" if row.card is None else json.dumps(row.card, ensure_ascii=False)]) + "\n"
        for name, row in rows.items())


def parse(text: str) -> dict[str, Row]:
    """The rows of the shipped file by name; ValueError (one sentence) at the first thing wrong."""
    rows: dict[str, Row] = {}
    seen_columns = False
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not seen_columns:
            if tuple(fields) != COLUMNS:
                raise ValueError(f"line {number} is not the columns' names")
            seen_columns = True
            continue
        if len(fields) != len(COLUMNS):
            raise ValueError(f"line {number} has {len(fields)} columns, not {len(COLUMNS)}")
        name = fields[0]
        if not name or len(name) > 80 or not name.isprintable() or " " in name or name in rows:
            raise ValueError(f"line {number} has no puzzle name, or one named before")
        try:
            words = _words([json.loads(cell) for cell in fields[1:4]])
        except (json.JSONDecodeError, RecursionError):
            raise ValueError(f"line {number} has a cell that is not JSON") from None
        count = fields[4]
        if count and not (count.isascii() and count.isdigit() and len(count) <= 40):
            raise ValueError(f"line {number} has a count of positions that is not a number")
        place, card = _place(fields[5], fields[6], number)
        rows[name] = Row(words, int(count) if count else None, place, card)
    if not seen_columns:
        raise ValueError("it has no columns' names")
    return rows


def _place(place: str, card: str, number: int) -> tuple[str, Mapping[str, object] | None]:
    """A row's file and card: both, or neither (a family's own puzzle). The card's contents are read where
    the library is (:mod:`game.catalog.indexed`); here it is a JSON object, and the place a plain relative path."""
    if not place and not card:
        return "", None
    parts = place.rpartition("#")[0 if "#" in place else 2].split("/")
    if (not place or len(place) > MAX_PLACE or not place.isprintable() or "\\" in place
            or any(part in ("", ".", "..") for part in parts)):
        raise ValueError(f"line {number} has a file that is not a place in the library")
    try:
        got = json.loads(card)
    except (json.JSONDecodeError, RecursionError):
        raise ValueError(f"line {number} has a card that is not JSON") from None
    if not isinstance(got, dict):
        raise ValueError(f"line {number} has a card that is not a JSON object")
    return place, got


@functools.cache
def shipped() -> Mapping[str, Row]:
    """The shipped words of the game's own puzzles, read once (none when the file is missing or wrong:
    then every puzzle's rules say them)."""
    try:
        return parse(read_text(path(), MAX_BYTES))
    except (UnreadableFile, ValueError):
        return {}


def compute(specs: Iterable[PuzzleSpec], rated: Mapping[str, int]) -> dict[str, Row]:
    """Each spec's row as its built rules say it (builds every one, and sweeps the small ones: seconds);
    ``rated``: the size of each rated start's component (the shipped ratings')."""
    out = {}
    for spec in specs:
        puzzle = spec.puzzle
        out[spec.name] = Row(Words(puzzle.title, puzzle.move_rule, puzzle.goal_text),
                             listed_positions(spec, rated.get(spec.name)))
    return out


def listed_positions(spec: PuzzleSpec, component: int | None) -> int | None:
    """The positions ``list`` gives a puzzle: its published count; else those a quick forward sweep from the
    start reaches; else, where every move can be taken back (so every position the start reaches lies in its
    component), the size of that component as its rating found it (``component``); else none said."""
    from game.oracles.table import TableOracle
    if spec.figures.positions is not None:
        return spec.figures.positions
    puzzle = spec.puzzle
    ranker = puzzle.ranker
    if isinstance(spec.oracle, TableOracle) and ranker is not None and ranker.size <= QUICK_SWEEP:
        from solvers.sweep import reachable_mask
        return reachable_mask(puzzle.rules, ranker, puzzle.start).count()
    return component if puzzle.reversible else None


def write(rows: Mapping[str, Row], where: Path | None = None) -> Path:
    where = where or path()
    replace_file(where, render(rows))
    return where


# -- the player's files -----------------------------------------------------------------------------

def stamp_of(file: Path) -> Stamp | None:
    """What tells a file's versions apart without reading it (None: it cannot be looked at)."""
    try:
        info = os.stat(file)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino


class FolderIndex:
    """The words of the player's files as they were when last built, by file and puzzle number, each file
    under its stamp; written back when something was learnt (a file not written is only time lost)."""

    def __init__(self, where: Path, version: str | None = None) -> None:
        self.where = where
        if version is None:
            from game.common import identity   # the package's metadata: read only where a folder is indexed
            version = identity.version()
        self.version = version
        self.files: dict[str, tuple[Stamp, dict[int, Words]]] = {}
        self.changed = False
        self.seen: set[str] = set()
        self._read()

    def _read(self) -> None:
        try:
            data = json.loads(read_text(self.where, MAX_BYTES))
            if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != self.version:
                return
            files = data["files"]
            if not isinstance(files, dict):
                return
            for name, entry in files.items():
                numbers = entry["stamp"]
                if not isinstance(numbers, list) or len(numbers) != 3 or not all(type(v) is int for v in numbers):
                    raise ValueError("a stamp is not three numbers")
                puzzles = {int(number): _words(words) for number, words in entry["puzzles"].items()}
                self.files[name] = ((numbers[0], numbers[1], numbers[2]), puzzles)
        except (UnreadableFile, ValueError, KeyError, TypeError, json.JSONDecodeError, RecursionError):
            self.files = {}

    trusting = False   # a file it does not know is built when the folder is read (see game.catalog.library.Known)

    def words(self, file: Path, number: int, name: str = "") -> Words | None:
        """The words of puzzle ``number`` of ``file`` (0: the file's one puzzle), if the file is as it was."""
        key = str(file)
        self.seen.add(key)
        known = self.files.get(key)
        if known is None or known[0] != stamp_of(file):
            return None
        return known[1].get(number)

    def learn(self, file: Path, number: int, words: Words) -> None:
        """Keep what puzzle ``number`` of ``file`` says, under the file's stamp now."""
        stamp = stamp_of(file)
        if stamp is None:
            return
        key = str(file)
        self.seen.add(key)
        known = self.files.get(key)
        puzzles = known[1] if known is not None and known[0] == stamp else {}
        if puzzles.get(number) != words:
            puzzles[number] = words
            self.files[key] = (stamp, puzzles)
            self.changed = True

    def save(self) -> None:
        """Write the index back if it learnt anything (files no longer seen are left out)."""
        gone = set(self.files) - self.seen
        if not self.changed and not gone:
            return
        for key in gone:
            del self.files[key]
        data = {"format": FORMAT, "version": self.version,
                "files": {key: {"stamp": list(stamp), "puzzles": {str(n): _row(w) for n, w in puzzles.items()}}
                          for key, (stamp, puzzles) in self.files.items()}}
        text = json.dumps(data)   # ASCII: a file name the system could not decode keeps its escapes
        if len(text) <= MAX_BYTES:
            write_atomically(self.where, text)
        self.changed = False
