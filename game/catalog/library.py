"""Puzzles from files: the built-in library (``assets/puzzles``, and the ``puzzles`` folder in a family's own
folder, :func:`shipped_folders`), the player's own folder, and any file named on the command line.

A file becomes a spec like any other puzzle, made by its family; its name is the file's stem
(the player's files never hide a built-in name: theirs get a suffix). A file that cannot be
used is one sentence, and the rest of the library still loads. Its rules are built when first asked
for; whatever building them raises then is that sentence too (:func:`lazy_spec`).

What a card shows is English here and translated where it is shown: a file's own text is a
message of the catalogs (``game.i18n_extract`` takes it from the shipped files, with the card
titles derived from it), the game's words are marked with ``N_``, and a sentence made from data
(a published figure, a frog's directions) is a :class:`~game.common.phrase.Phrase`.
"""
from __future__ import annotations

import os
import re
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, Callable, Protocol, cast

import platformdirs

from game.catalog.reading import Collection, candidates, read_puzzle_file, read_puzzles, scan_folder
from game.catalog.spec import PuzzleSpec, Shelf, Words
from game.common.resources import assets
from game.common.i18n import N_, _, ngettext
from game.common.untrusted import UnreadableFile, shown
from game.families import registry
from game.files.errors import PuzzleFileError
from game.files.model import FileDef, name_words
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

LIBRARY = assets() / "puzzles"
MAX_SHELVES = 50    # subfolders of a puzzle folder read as shelves
SHELF_TITLE = 40    # characters of a shelf's title from a file or folder name
_NAME = re.compile(r"[^a-z0-9]+")
# The names the library's collection files give their shelves and their puzzles' titles, marked for the
# catalogs (the extraction of the shipped files reads TOML files only).
# Translators: the menu's shelf of the game's own Rush Hour lots, and the start of each lot's title ("Traffic pack 3")
COLLECTIONS = (N_("Traffic pack"),)

# A place in the index (a file's path from its folder) under a family's own puzzles folder: family:<key>/<file>
FAMILY_PLACE = "family:"


def shipped_folders() -> list[tuple[str, Path]]:
    """The game's own puzzle folders, each with the prefix of its files' places in the index: ``assets/puzzles``
    (no prefix), then the ``puzzles`` folder beside each family's ``family.py`` where there is one (a family's
    puzzles in its own folder, ``family:<key>/``), families in the order of their shelves."""
    folders = [("", LIBRARY)]
    for family in registry.families():
        module = sys.modules.get(type(family).__module__)
        file = getattr(module, "__file__", None)
        folder = Path(file).parent / "puzzles" if file else None
        if folder is not None and folder.is_dir():
            folders.append((f"{FAMILY_PLACE}{family.key}/", folder))
    return folders


Folders = Path | list[tuple[str, Path]]   # one folder (its places unprefixed), or folders with their prefixes


def _roots(folders: Folders) -> list[tuple[str, Path]]:
    return [("", folders)] if isinstance(folders, Path) else folders


def read_folders(folders: Folders, taken: set[str], known: Known | None = None) -> Loaded:
    """:func:`read_folder` of each folder in turn, named apart from each other: the game's own library is
    ``shipped_folders()``."""
    loaded = Loaded([], [], known)
    for _prefix, folder in _roots(folders):
        _read_into(folder, taken, loaded)
    return loaded


def listings(folders: Folders) -> dict[str, int]:
    """:func:`listing` of each folder, its files' paths under their folder's prefix (``family:hanoi/x.toml``)."""
    return {prefix + name: size for prefix, folder in _roots(folders) for name, size in listing(folder).items()}


def place_of(folders: Folders, path: Path) -> str:
    """The place (prefix and path from its folder) of a file :func:`read_folders` found."""
    for prefix, folder in _roots(folders):
        if path.is_relative_to(folder):
            return prefix + path.relative_to(folder).as_posix()
    raise ValueError(f"{path} is in none of the library's folders")


def path_of(folders: Folders, place: str) -> Path:
    """The file at a place in the index (the inverse of :func:`place_of`)."""
    roots = _roots(folders)
    prefix, folder = next(((p, f) for p, f in roots if p and place.startswith(p)), roots[0])
    return folder / place[len(prefix):]


def player_folder() -> Path:
    """Where the player's own puzzle files live (FEWEST_MOVES_DATA names another data folder)."""
    override = os.environ.get("FEWEST_MOVES_DATA")
    base = Path(override) if override else Path(platformdirs.user_data_dir("fewest-moves"))
    return base / "puzzles"


def name_for(path: Path) -> str:
    """A puzzle name from a file name: lowercase ASCII words joined by hyphens."""
    return _NAME.sub("-", path.stem.lower()).strip("-") or "puzzle"


def spec_for(name: str, defn: FileDef, count: Count | None = None) -> PuzzleSpec:
    """The spec of a puzzle file's definition, by its family (under ``count``, where it has several)."""
    return registry.family_of(defn).spec(name, defn, count)


class Known(Protocol):
    """What an index knows of a folder's puzzles (:mod:`game.catalog.index`): a puzzle it knows is not built
    when the folder is read; one it does not is built then (which checks it), and learnt, unless the index is
    ``trusting`` (the game's own library, which the tests build whole): then it is built when first asked."""

    trusting: bool

    def words(self, file: Path, number: int, name: str) -> Words | None: ...

    def learn(self, file: Path, number: int, words: Words) -> None: ...


class FileProblem(str):
    """The sentence saying why a puzzle file could not be used, in the language of the moment it was
    read; ``path`` (and ``number``, the puzzle's in a collection) lets it be said again in another
    (:func:`retold`)."""

    path: Path
    number: int

    def __new__(cls, text: str, path: Path, number: int = 0) -> FileProblem:
        self = super().__new__(cls, text)
        self.path = path
        self.number = number
        return self


def load_folder(folder: Path, taken: set[str], known: Known | None = None) -> tuple[list[PuzzleSpec], list[str]]:
    """Specs of every usable file in ``folder`` (named apart from ``taken``), and a sentence per bad file
    (or bad puzzle of a collection). A collection file's puzzles stand on a shelf of their own, named
    after the file (and where their family shows a collection as a grid of levels, they are one group, so
    one card, named so too); so do the puzzles of each subfolder (its files and collections), named after it.
    Each puzzle's rules are built now, to check them, unless ``known`` says what they say (see :class:`Known`)."""
    loaded = read_folder(folder, taken, known)
    return loaded.specs, loaded.problems


def read_folder(folder: Path, taken: set[str], known: Known | None = None) -> Loaded:
    """:func:`load_folder`'s reading, with the place of each puzzle (:attr:`Loaded.places`)."""
    return _read_into(folder, taken, Loaded([], [], known))


def _read_into(folder: Path, taken: set[str], loaded: Loaded) -> Loaded:
    for path, got in scan_folder(folder):
        shelf = collection_shelf(path.stem, got) if isinstance(got, Collection) else None
        _load(path, got, shelf, taken, loaded)
    for sub in _subfolders(folder):
        found = scan_folder(sub)
        shelf = collection_shelf(sub.name, *(got for _path, got in found))
        for path, got in found:
            _load(path, got, shelf, taken, loaded)
    return loaded


class Loaded:
    """What reading a folder gathers: the specs, the sentences of the files that could not be used, the
    index that spares building the rules of the puzzles it knows, the groups named so far, and where each
    puzzle was found (by name: its file, and its number in a collection, 0 for a file of one puzzle)."""

    def __init__(self, specs: list[PuzzleSpec], problems: list[str], known: Known | None) -> None:
        self.specs, self.problems, self.known = specs, problems, known
        self.groups: set[str] = set()
        self.places: dict[str, tuple[Path, int]] = {}


def listing(folder: Path) -> dict[str, int]:
    """The size of every file :func:`load_folder` reads, by its path under ``folder`` (``sub/x.toml``):
    what tells whether the folder is still as an index of it says, without reading a file."""
    sizes: dict[str, int] = {}
    candidates(folder, sizes)
    for sub in _subfolders(folder):
        found: dict[str, int] = {}
        candidates(sub, found)
        sizes.update((f"{sub.name}/{name}", size) for name, size in found.items())
    return sizes


def read_member(path: Path, number: int, group: str) -> FileDef:
    """The puzzle ``number`` of the file at ``path`` (0: the file's one puzzle) as :func:`load_folder` gives it
    (a collection's level in the grid's ``group``, where its family shows one); one PuzzleFileError otherwise."""
    try:
        got = _read_number(path, number) if number else read_puzzles(path)
    except UnreadableFile as err:
        raise PuzzleFileError(path.name, "", str(err)) from None   # as a folder's reading says it
    if isinstance(got, Collection):
        raise PuzzleFileError(path.name, "", _("the file holds {count} puzzles now").format(count=len(got.puzzles)))
    return cast(FileDef, _in_group(got, group if number and registry.family_of(got).grid else "", number))


def _subfolders(folder: Path) -> list[Path]:
    """The folder's own folders (not hidden), sorted, at most MAX_SHELVES; none where it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries if not e.name.startswith(".") and e.is_dir(follow_symlinks=False))
    except OSError:
        return []
    return [folder / name for name in names[:MAX_SHELVES]]


def collection_shelf(stem: str, *found: FileDef | Collection | PuzzleFileError) -> Shelf | None:
    """The shelf of a collection or a folder: its name in words, in the colour of its first puzzle's
    family (None when it holds no puzzle)."""
    first = next((d for got in found for d in (got.puzzles if isinstance(got, Collection) else (got,))
                  if not isinstance(d, PuzzleFileError)), None)
    if first is None:
        return None
    title = name_words(stem)[:SHELF_TITLE] or stem[:SHELF_TITLE]
    return Shelf(f"collection:{stem}", title, registry.family_of(first).shelf.colour)


def _load(path: Path, got: FileDef | Collection | PuzzleFileError, shelf: Shelf | None, taken: set[str],
          loaded: Loaded) -> None:
    """The spec (or the sentence) of each puzzle one file holds, on ``shelf`` (None: its family's)."""
    if isinstance(got, Collection):
        group = _grid_group(path, got, loaded)
        items: list[tuple[str, FileDef | PuzzleFileError, int]] = [
            (f"{name_for(path)}-{n}", _in_group(puzzle, group, n), n) for n, puzzle in enumerate(got.puzzles, 1)]
    else:
        items = [(name_for(path), got, 0)]
    for name, puzzle, index in items:
        if isinstance(puzzle, PuzzleFileError):
            loaded.problems.append(FileProblem(str(puzzle), path, index))
            continue
        while name in taken:
            name += "-2"
        try:
            spec = _indexed(name, puzzle, path, index, loaded.known)
        except PuzzleFileError as err:
            loaded.problems.append(FileProblem(str(err), path, index))
            continue
        taken.add(name)
        loaded.specs.append(spec if shelf is None else on_shelf(spec, shelf))
        loaded.places[name] = (path, index)


def _grid_group(path: Path, got: Collection, loaded: Loaded) -> str:
    """The group a collection file's puzzles form where their family shows a collection as a grid of levels
    (:attr:`~game.families.base.Family.grid`): named after the file, apart from the groups named before it
    ('' for any other family: each puzzle a card of its own)."""
    first = next((d for d in got.puzzles if not isinstance(d, PuzzleFileError)), None)
    if first is None or not registry.family_of(first).grid:
        return ""
    title = name_words(path.stem)[:SHELF_TITLE] or path.stem[:SHELF_TITLE]
    group, n = title, 1
    while group in loaded.groups:
        n += 1
        group = f"{title} ({n})"
    loaded.groups.add(group)
    return group


def _in_group(puzzle: FileDef | PuzzleFileError, group: str, number: int) -> FileDef | PuzzleFileError:
    """One puzzle of a collection in the collection's ``group`` under its number (as it was where there is no
    group, or it names its own)."""
    if not group or isinstance(puzzle, PuzzleFileError) or puzzle.common.group:
        return puzzle
    common = replace(puzzle.common, group=group, variant=str(number))
    return cast(FileDef, replace(cast(Any, puzzle), common=common))


def _indexed(name: str, defn: FileDef, path: Path, index: int, known: Known | None) -> PuzzleSpec:
    """A file's spec: with its words where its family says them without the rules (its family's reading of the
    file checked everything building them would) or where ``known`` has them, its rules built when first asked
    for; else with its rules built now, which checks them (and ``known`` learns their words)."""
    origin = origin_of(path, index)
    spec = lazy_spec(name, defn, origin)
    if spec.words is not None:
        return spec
    words = known.words(path, index, name) if known is not None else None
    if words is None and (known is None or not known.trusting):
        spec.puzzle   # built now: a file that cannot be played is one sentence here (lazy_spec's guard)
        if known is not None:
            known.learn(path, index, spec.said)
        return spec
    return spec if words is None else replace(spec, words=words)


def origin_of(path: Path, index: int) -> str:
    """How a sentence names a puzzle's file: the file, and a collection's puzzle by its number."""
    return f"{path.name}#{index}" if index else path.name


def on_shelf(spec: PuzzleSpec, shelf: Shelf) -> PuzzleSpec:
    """``spec`` standing on ``shelf`` (and so is the same puzzle counted another way)."""
    recount = None if spec.recount is None else partial(_recounted, spec.recount, shelf)
    return replace(spec, shelf=shelf, recount=recount)


def _recounted(recount: Callable[[Count], PuzzleSpec], shelf: Shelf, count: Count) -> PuzzleSpec:
    return on_shelf(recount(count), shelf)


def retold(problem: str) -> str:
    """A bad file's sentence said again in the active language (the file is read again: its sentences
    are made as it is read); a sentence without a file, or a file that now reads, stays as it was."""
    if not isinstance(problem, FileProblem):
        return problem
    for _path, got in scan_folder(problem.path.parent, only=problem.path.name):
        if isinstance(got, Collection):
            if not 0 < problem.number <= len(got.puzzles):
                return problem
            got = got.puzzles[problem.number - 1]
        if isinstance(got, PuzzleFileError):
            return FileProblem(str(got), problem.path, problem.number)
        try:
            built_spec(name_for(problem.path), got, origin_of(problem.path, problem.number))
        except PuzzleFileError as err:
            return FileProblem(str(err), problem.path, problem.number)
    return problem


def file_name_for(title: str) -> str:
    """The file a puzzle titled ``title`` is saved as: its words in lowercase ASCII, hyphenated."""
    return (_NAME.sub("-", title.lower()).strip("-")[:60].strip("-") or "my-puzzle") + ".toml"


def from_path(text: str) -> PuzzleSpec | None:
    """A spec for a puzzle file named on the command line (None if ``text`` names no file), or for one
    puzzle of a collection, ``FILE#3``; its name is the absolute path (and number), so a worker process
    can read the same file."""
    if "/" not in text and os.sep not in text and "." not in text:
        return None
    path, index = _numbered(text)
    try:
        if not path.is_file():
            return None
        return _read_built(path, index)[1]
    except UnreadableFile as err:
        raise PuzzleFileError(shown(path.name, 60), "", str(err).rstrip(".")) from None
    except OSError:
        return None


def read_built(text: str | os.PathLike[str]) -> FileDef:
    """The puzzle a file named on the command line holds (``FILE#3``: one puzzle of a collection), read
    and built as :func:`from_path` reads and builds it for every other command, so a puzzle one command
    refuses every command refuses, in the same sentence. PuzzleFileError or UnreadableFile otherwise."""
    return _read_built(*_numbered(str(text)))[0]


def _read_built(path: Path, index: int | None) -> tuple[FileDef, PuzzleSpec]:
    defn = _read_number(path, index)
    number = index or 0
    name = str(path.resolve()) + (f"#{number}" if number else "")
    return defn, built_spec(name, defn, origin_of(path, number))   # a file that cannot be played: one sentence here


def read_each(text: str) -> list[tuple[str, str, FileDef | PuzzleFileError]]:
    """Every puzzle a file named on the command line holds, in order, each as (its name, as :func:`from_path`
    names it; how a sentence names it; its definition, or the sentence saying why it cannot be used):
    ``FILE#3``, that one alone. PuzzleFileError or UnreadableFile for a file that cannot be read at all."""
    path, index = _numbered(text)
    whole = str(path.resolve())
    if index is not None:
        return [(f"{whole}#{index}", origin_of(path, index), _read_number(path, index))]
    got = read_puzzles(path)
    if not isinstance(got, Collection):
        return [(whole, origin_of(path, 0), got)]
    return [(f"{whole}#{n}", origin_of(path, n), defn) for n, defn in enumerate(got.puzzles, 1)]


def _numbered(text: str) -> tuple[Path, int | None]:
    """A file's path and the number of one puzzle of it (None: the file itself): ``levels.xsb#3``."""
    base, mark, number = text.rpartition("#")
    if mark and number.isascii() and number.isdigit() and len(number) <= 6 and not Path(text).exists():
        return Path(base), int(number)
    return Path(text), None


def read_named(path: str | os.PathLike[str]) -> FileDef:
    """The puzzle a file holds, or one puzzle of a collection: ``FILE#3`` as :func:`from_path` reads it
    (without building its rules). PuzzleFileError or UnreadableFile, one sentence, otherwise."""
    return _read_number(*_numbered(str(path)))


def _read_number(path: Path, index: int | None) -> FileDef:
    """The file's puzzle (``index`` None), or its puzzle ``index``: numbered from 1 whatever the file holds,
    so ``FILE#0`` is one sentence for every file."""
    if index is None:
        return read_puzzle_file(path)
    got = read_puzzles(path)   # a file that cannot be read at all says so first
    if index == 0:
        raise PuzzleFileError(shown(path.name, 60), "", _("the puzzles of a file are numbered from 1, so there is "
                                                          "no puzzle 0"))
    puzzles = got.puzzles if isinstance(got, Collection) else (got,)
    if index > len(puzzles):
        raise PuzzleFileError(shown(path.name, 60), "", ngettext(
            "the file holds {count} puzzle, so there is no puzzle {index}",
            "the file holds {count} puzzles, so there is no puzzle {index}", len(puzzles))
            .format(count=len(puzzles), index=index))
    puzzle = puzzles[index - 1]
    if isinstance(puzzle, PuzzleFileError):
        raise puzzle
    return puzzle


def built_spec(name: str, defn: FileDef, origin: str) -> PuzzleSpec:
    """The spec of a file's definition with its rules built now. Whatever building them raises
    becomes one PuzzleFileError naming ``origin``: one file's fault never stops the game."""
    spec = lazy_spec(name, defn, origin)
    spec.puzzle
    return spec


def lazy_spec(name: str, defn: FileDef, origin: str) -> PuzzleSpec:
    """The spec of a file's definition, its rules built when first asked for; whatever building them raises
    then (or making the spec now) is one PuzzleFileError naming ``origin``."""
    try:
        spec = spec_for(name, defn)
    except Exception as err:  # noqa: BLE001 - said as building the rules would say it
        raise _said(origin, err) from None
    return replace(spec, recipe=replace(spec.recipe, build=partial(_guarded_build, origin, spec.recipe.build)))


def _guarded_build(origin: str, build: Callable[[], Puzzle]) -> Puzzle:
    """A file's rules, built; any fault in them one PuzzleFileError (module level: a worker builds it too)."""
    try:
        return build()
    except Exception as err:  # noqa: BLE001 - a fault in the rules of one file: said, and the game goes on
        raise _said(origin, err) from None


def _said(origin: str, err: Exception) -> PuzzleFileError:
    """The one sentence for a fault found while making a file's puzzle."""
    if isinstance(err, PuzzleFileError):
        return err
    if isinstance(err, ValueError):
        return PuzzleFileError(shown(origin, 60), "", str(err).rstrip("."))
    return PuzzleFileError(shown(origin, 60), "", _("the puzzle could not be built from this file ({error})")
                           .format(error=type(err).__name__))
