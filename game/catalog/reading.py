"""Puzzle files: the TOML format of PUZZLE-FILES.md and whatever other formats the families read,
one file or every file of a folder, and a definition written back as TOML.

A file names its family; the family's keys are its own (:meth:`game.families.base.Family.read`).
Files come from players and the internet, so reading is bounded (regular files, 256 KiB) and a
folder scan never raises: each bad file becomes its one-sentence error beside the good ones.
"""
from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from game.families import registry
from game.families.base import Family, Importer
from game.files.errors import PuzzleFileError
from game.files.model import FileDef
from game.files.toml_file import COMMON_KEYS, TomlFile, describe, either, load, read_common
from game.files.toml_text import key as toml_key, string
from game.common.i18n import N_, _
from game.common.untrusted import UnreadableFile, read_text, shown

FILE_LIMIT = 256 * 1024
MAX_FILES = 500
Parser = Callable[[str, str], FileDef]
_TOML_KEY = re.compile(r"\s*(format|family|title)\s*=")


@dataclass(frozen=True)
class Collection:
    """The puzzles of one collection file (a format whose files hold several), in order: each its
    definition, or the one sentence saying why it cannot be used."""

    puzzles: tuple[FileDef | PuzzleFileError, ...]


def read_puzzle_file(path: str | os.PathLike[str]) -> FileDef:
    """The definition in one file. PuzzleFileError (a bad puzzle) or UnreadableFile (not a
    readable regular text file within the size bound), each one sentence naming the file."""
    path = Path(path)
    return _one(_read(path), path.name)


def _one(text: str, name: str) -> FileDef:
    parse = parser_for(text, name)
    defn = parse(text, name)
    return defn if parse is parse_toml else as_toml_reads(defn, name)


def read_puzzles(path: str | os.PathLike[str]) -> FileDef | Collection:
    """What one file holds: its puzzle, or, for a collection of several, each of them (a collection of
    one is that one puzzle). Raises as :func:`read_puzzle_file` for a file that cannot be read at all."""
    path = Path(path)
    text = _read(path)
    importer = _importer(text, path.name)
    if importer is None or importer.many is None:
        return _one(text, path.name)
    puzzles = tuple(importer.many(text, path.name))
    if len(puzzles) == 1:
        if isinstance(puzzles[0], PuzzleFileError):
            raise puzzles[0]
        return as_toml_reads(puzzles[0], path.name)
    return Collection(tuple(_checked(got, f"{path.name}#{n}") for n, got in enumerate(puzzles, 1)))


def as_toml_reads(defn: FileDef, origin: str) -> FileDef:
    """A definition another format gave, put through the TOML reader's checks as the file ``convert``
    prints for it: one reader, one set of checks, so what one command refuses every command refuses, in
    the same sentence, and what ``convert`` prints reads back. PuzzleFileError naming ``origin``."""
    parse_toml(to_toml(defn), origin)
    return defn


def _checked(got: FileDef | PuzzleFileError, origin: str) -> FileDef | PuzzleFileError:
    """One puzzle of a collection through :func:`as_toml_reads` (a refusal: its sentence, as a bad puzzle's)."""
    if isinstance(got, PuzzleFileError):
        return got
    try:
        return as_toml_reads(got, origin)
    except PuzzleFileError as err:
        return err


def _read(path: Path) -> str:
    return read_text(path, FILE_LIMIT, N_("puzzle file")).removeprefix("\ufeff")


def _importer(text: str, name: str) -> Importer | None:
    """The other format a file is in: by its extension, else by its content (None: TOML, or unknown)."""
    suffix = os.path.splitext(name)[1].lower()
    if suffix == ".toml":
        return None
    imported = registry.importers()
    for _family, importer in imported:
        if suffix in importer.extensions:
            return importer
    lines = [line for line in text.split("\n", 2000)[:2000] if line.strip()]
    return next((importer for _family, importer in imported if importer.sniff(lines)), None)


def parser_for(text: str, name: str) -> Parser:
    """The reader for a file: by extension (.toml, or one a family imports), otherwise by its content."""
    if os.path.splitext(name)[1].lower() == ".toml":
        return parse_toml
    importer = _importer(text, name)
    if importer is not None:
        return importer.parse
    imported = registry.importers()
    lines = [line for line in text.split("\n", 2000)[:2000] if line.strip()]
    if any(_TOML_KEY.match(line) for line in lines):
        return parse_toml
    kinds = [N_("TOML puzzle")] + [importer.kind for _family, importer in imported if importer.kind]
    # Translators: {formats} lists the formats the game reads: "TOML puzzle, jim'slide configuration or ..."
    raise PuzzleFileError(name, "", _("this is not a puzzle file in a known format ({formats})")
                          .format(formats=listed([_(kind) for kind in kinds])))


def listed(items: list[str]) -> str:
    """Items in one phrase: "a, b or c"."""
    if len(items) == 1:
        return items[0]
    # Translators: the last of several items: {items} is "a, b", {last} is "c" (as in "a, b or c")
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def parse_toml(text: str, origin: str) -> FileDef:
    """The definition a TOML puzzle file gives; PuzzleFileError (one sentence) if it is wrong."""
    file = TomlFile(load(text, origin), origin)
    version = file.get("format")
    if version is None:
        file.fail(_("key 'format' is missing: write format = 1 at the top of the file"))
    if type(version) is not int or version != 1:
        file.fail(_("key 'format' is {value}, but this game reads format 1 only").format(value=describe(version)))
    family = _family(file)
    allowed = COMMON_KEYS + family.keys
    for key in file.data:
        if key not in allowed:
            near = difflib.get_close_matches(key, allowed, 1) if len(key) <= 40 else []
            if near:
                file.fail(_("key '{key}' is not a key of a {family} puzzle (did you mean '{near}')")
                          .format(key=shown(key), family=family.key, near=near[0]))
            file.fail(_("key '{key}' is not a key of a {family} puzzle").format(key=shown(key), family=family.key))
    return family.read(file, read_common(file, family.published_keys()))


def _family(file: TomlFile) -> Family:
    """The family the file names, among those that read files."""
    known = {f.key: f for f in registry.families() if f.definition is not None}
    keys = tuple(sorted(known))
    name = file.get("family")
    if name is None:
        file.fail(_("key 'family' is missing: write family = {choices}").format(choices=either(keys)))
    if not isinstance(name, str) or name not in known:
        file.fail(_("key 'family', {value} is not a puzzle family: use {choices}")
                  .format(value=describe(name), choices=either(keys)))
    return known[name]


def to_toml(defn: FileDef) -> str:
    """The TOML text of ``defn`` as a person would write it: common keys, the family's own, then figures.
    ``parse_toml(to_toml(d), d.common.origin) == d`` for every definition a reader returns."""
    common = defn.common
    lines = ["format = 1", f"title = {string(common.title)}"]
    if common.subtitle:
        lines.append(f"subtitle = {string(common.subtitle)}")
    family = registry.family_of(defn)
    lines.append(f"family = {string(family.key)}")
    if common.source:
        lines.append(f"source = {string(common.source)}")
    if common.group:
        lines += [f"group = {string(common.group)}", f"variant = {string(common.variant)}"]
    lines += family.write(defn)
    if common.published:
        lines += ["", "[published]"] + [f"{toml_key(k)} = {int(v)}" for k, v in common.published.items()]
    return "\n".join(lines) + "\n"


def scan_folder(folder: str | os.PathLike[str],
                only: str | None = None) -> list[tuple[Path, FileDef | Collection | PuzzleFileError]]:
    """Every puzzle file of one folder (or only the one named ``only``), sorted by name, at most
    MAX_FILES: its definition (a collection's: its puzzles) or its error. Subfolders, hidden files,
    backups (``~``, ``.broken``) and anything not a regular file are skipped; a folder that does not
    exist or cannot be listed gives an empty list."""
    folder = Path(folder)
    found: list[tuple[Path, FileDef | Collection | PuzzleFileError]] = []
    for name in [name for name in candidates(folder) if only in (None, name)]:
        path = folder / name
        try:
            found.append((path, read_puzzles(path)))
        except PuzzleFileError as exc:
            found.append((path, exc))
        except UnreadableFile as exc:
            found.append((path, PuzzleFileError(name, "", str(exc))))
        except Exception as exc:   # noqa: BLE001 - a reader bug must not take the menu down
            problem = _("this file could not be read ({error})").format(error=type(exc).__name__)
            found.append((path, PuzzleFileError(name, "", problem)))
    return found


def candidates(folder: Path, sizes: dict[str, int] | None = None) -> list[str]:
    """The names of the files of ``folder`` a scan reads (see :func:`scan_folder`), sorted, at most MAX_FILES;
    ``sizes`` learns each one's size. none where the folder cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            found = {entry.name: entry for entry in entries if _is_candidate(entry)}
    except OSError:
        return []
    names = sorted(found)[:MAX_FILES]
    if sizes is not None:
        for name in names:
            try:
                sizes[name] = found[name].stat().st_size
            except OSError:
                sizes[name] = -1
    return names


def _is_candidate(entry: os.DirEntry[str]) -> bool:
    name = entry.name
    if name.startswith(".") or name.endswith("~") or ".broken" in name:
        return False
    try:
        return entry.is_file()
    except OSError:
        return False
