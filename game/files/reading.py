"""Puzzle files from disk: one file in any supported format, or every file of a folder.

Files come from players and the internet, so reading is bounded (regular files, 256 KiB) and a
folder scan never raises: each bad file becomes its one-sentence error beside the good ones.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from game.files.errors import PuzzleFileError
from game.families.blocks.js2 import parse_js2
from game.files.model import PuzzleDef
from game.families.blocks.sliding import parse_sliding
from game.files.toml_reader import parse_toml
from game.common.i18n import N_, _
from game.common.untrusted import UnreadableFile, read_text

FILE_LIMIT = 256 * 1024
MAX_FILES = 500
Parser = Callable[[str, str], PuzzleDef]
BY_EXTENSION: dict[str, Parser] = {".toml": parse_toml, ".js2": parse_js2, ".sliding": parse_sliding}
_SLIDING_SIZE = re.compile(r"\s*\d+\s*x\s*\d+")
_JS2_COMMAND = re.compile(r"\s*(xsize|ysize|piece|put|win|wall|hwall|vwall)\s*:", re.I)
_TOML_KEY = re.compile(r"\s*(format|family|title)\s*=")


def read_puzzle_file(path: str | os.PathLike[str]) -> PuzzleDef:
    """The definition in one file. PuzzleFileError (a bad puzzle) or UnreadableFile (not a
    readable regular text file within the size bound), each one sentence naming the file."""
    path = Path(path)
    text = read_text(path, FILE_LIMIT, N_("puzzle file")).removeprefix("\ufeff")
    return parser_for(text, path.name)(text, path.name)


def parser_for(text: str, name: str) -> Parser:
    """The reader for a file: by extension (.toml, .js2, .sliding), otherwise by its content."""
    suffix = os.path.splitext(name)[1].lower()
    if suffix in BY_EXTENSION:
        return BY_EXTENSION[suffix]
    lines = [line for line in text.split("\n", 2000)[:2000] if line.strip()]
    if lines and _SLIDING_SIZE.match(lines[0]):
        return parse_sliding
    if any(_JS2_COMMAND.match(line) for line in lines):
        return parse_js2
    if any(_TOML_KEY.match(line) for line in lines):
        return parse_toml
    raise PuzzleFileError(name, "", _("this is not a puzzle file in a known format "
                                      "(TOML puzzle, jim'slide configuration or Knuth's SLIDING input)"))


def scan_folder(folder: str | os.PathLike[str],
                only: str | None = None) -> list[tuple[Path, PuzzleDef | PuzzleFileError]]:
    """Every puzzle file of one folder (or only the one named ``only``), sorted by name, at most
    MAX_FILES: its definition or its error. Subfolders, hidden files, backups (``~``, ``.broken``) and anything not a regular
    file are skipped; a folder that does not exist or cannot be listed gives an empty list."""
    folder = Path(folder)
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries if _is_candidate(entry) and only in (None, entry.name))
    except OSError:
        return []
    found: list[tuple[Path, PuzzleDef | PuzzleFileError]] = []
    for name in names[:MAX_FILES]:
        path = folder / name
        try:
            found.append((path, read_puzzle_file(path)))
        except PuzzleFileError as exc:
            found.append((path, exc))
        except UnreadableFile as exc:
            found.append((path, PuzzleFileError(name, "", str(exc))))
        except Exception as exc:   # noqa: BLE001 - a reader bug must not take the menu down
            problem = _("this file could not be read ({error})").format(error=type(exc).__name__)
            found.append((path, PuzzleFileError(name, "", problem)))
    return found


def _is_candidate(entry: os.DirEntry[str]) -> bool:
    name = entry.name
    if name.startswith(".") or name.endswith("~") or ".broken" in name:
        return False
    try:
        return entry.is_file()
    except OSError:
        return False
