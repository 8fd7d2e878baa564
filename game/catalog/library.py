"""Puzzles from files: the built-in library (``assets/puzzles``), the player's own folder, and
any file named on the command line.

A file becomes a spec like any other puzzle, made by its family; its name is the file's stem
(the player's files never hide a built-in name: theirs get a suffix). A file that cannot be
used is one sentence, and the rest of the library still loads.

What a card shows is English here and translated where it is shown: a file's own text is a
message of the catalogs (``game.i18n_extract`` takes it from the shipped files, with the card
titles derived from it), the game's words are marked with ``N_``, and a sentence made from data
(a published figure, a frog's directions) is a :class:`~game.common.phrase.Phrase`.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

from game.catalog.reading import read_puzzle_file, scan_folder
from game.catalog.spec import PuzzleSpec
from game.common.resources import assets
from game.common.i18n import _
from game.common.untrusted import UnreadableFile, shown
from game.families import registry
from game.files.errors import PuzzleFileError
from game.files.model import FileDef
from game.rules.counts import Count

LIBRARY = assets() / "puzzles"
_NAME = re.compile(r"[^a-z0-9]+")

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


class FileProblem(str):
    """The sentence saying why a puzzle file could not be used, in the language of the moment it was
    read; ``path`` lets it be said again in another (:func:`retold`)."""

    path: Path

    def __new__(cls, text: str, path: Path) -> FileProblem:
        self = super().__new__(cls, text)
        self.path = path
        return self


def load_folder(folder: Path, taken: set[str]) -> tuple[list[PuzzleSpec], list[str]]:
    """Specs of every usable file in ``folder`` (named apart from ``taken``), and a sentence per bad file."""
    specs: list[PuzzleSpec] = []
    problems: list[str] = []
    for path, got in scan_folder(folder):
        if isinstance(got, PuzzleFileError):
            problems.append(FileProblem(str(got), path))
            continue
        name = name_for(path)
        while name in taken:
            name += "-2"
        try:
            spec = built_spec(name, got, path.name)   # checked now, not when the player first opens it
        except PuzzleFileError as err:
            problems.append(FileProblem(str(err), path))
            continue
        taken.add(name)
        specs.append(spec)
    return specs, problems


def retold(problem: str) -> str:
    """A bad file's sentence said again in the active language (the file is read again: its sentences
    are made as it is read); a sentence without a file, or a file that now reads, stays as it was."""
    if not isinstance(problem, FileProblem):
        return problem
    for _path, got in scan_folder(problem.path.parent, only=problem.path.name):
        if isinstance(got, PuzzleFileError):
            return FileProblem(str(got), problem.path)
        try:
            built_spec(name_for(problem.path), got, problem.path.name)
        except PuzzleFileError as err:
            return FileProblem(str(err), problem.path)
    return problem


def file_name_for(title: str) -> str:
    """The file a puzzle titled ``title`` is saved as: its words in lowercase ASCII, hyphenated."""
    return (_NAME.sub("-", title.lower()).strip("-")[:60].strip("-") or "my-puzzle") + ".toml"


def from_path(text: str) -> PuzzleSpec | None:
    """A spec for a puzzle file named on the command line (None if ``text`` names no file); its
    name is the absolute path, so a worker process can read the same file."""
    if "/" not in text and os.sep not in text and "." not in text:
        return None
    path = Path(text)
    try:
        if not path.is_file():
            return None
        defn = read_puzzle_file(path)
    except UnreadableFile as err:
        raise PuzzleFileError(shown(path.name, 60), "", str(err).rstrip(".")) from None
    except OSError:
        return None
    return built_spec(str(path.resolve()), defn, path.name)   # a file that cannot be played: one sentence here


def built_spec(name: str, defn: FileDef, origin: str) -> PuzzleSpec:
    """The spec of a file's definition with its rules built now. Whatever building them raises
    becomes one PuzzleFileError naming ``origin``: one file's fault never stops the game."""
    try:
        spec = spec_for(name, defn)
        spec.puzzle
    except PuzzleFileError:
        raise
    except ValueError as err:
        raise PuzzleFileError(shown(origin, 60), "", str(err).rstrip(".")) from None
    except Exception as err:  # noqa: BLE001 - a fault in the rules of one file: said, and the game goes on
        raise PuzzleFileError(shown(origin, 60), "", _("the puzzle could not be built from this file ({error})")
                              .format(error=type(err).__name__)) from None
    return spec
