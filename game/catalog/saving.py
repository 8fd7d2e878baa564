"""Save as puzzle: a position from the editor becomes a puzzle file of its own in the player's
folder (the same rules, board and goal, this start), and joins the running game's shelves.

The file is the TOML of PUZZLE-FILES.md, checked by reading it back before it is written,
written without ever replacing a file that is there, and named after a title the player types.
Every way this can fail is one sentence. The file work runs as background tasks (the window
never waits for a disk); what joins the shelves is made from the file as read back.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.catalog import registry as catalog
from game.catalog import library
from game.files.errors import PuzzleFileError
from game.files.model import Common, FileDef
from game.catalog.reading import read_puzzle_file
from game.catalog.reading import parse_toml
from game.catalog.reading import to_toml
from game.common.i18n import _
from game.rules.puzzle import PositionError
from game.catalog.spec import PuzzleSpec
from game.oracles.base import Report
from game.common.untrusted import UnreadableFile, sentence, shown, write_new

TITLE_LIMIT = 60     # characters of a title (the file name is made from it)


class SaveError(ValueError):
    """The puzzle was not saved; the message is one sentence for the player."""


def unavailable(spec: PuzzleSpec) -> str | None:
    """Why this puzzle cannot be saved as a file at all (None: it can)."""
    if spec.as_file is None:
        return _("Puzzle files cannot describe the {title}, so it cannot be saved as one: Ctrl+C copies the "
                 "position as text instead.").format(title=spec.shown_title())
    return None


def clean_title(text: str) -> str:
    """A title on one line: printable characters, single spaces, at most TITLE_LIMIT long."""
    return " ".join("".join(ch for ch in text if ch.isprintable()).split())[:TITLE_LIMIT].strip()


def numbered_title(spec: PuzzleSpec, number: int) -> str:
    """'My frogs 2': a title for the player's own puzzle of this shelf, in the player's language."""
    # Translators: the title offered for a puzzle the player saves from the editor: "My frogs 1".
    return _("My {shelf} {number}").format(shelf=_(spec.shelf.title).lower(), number=number)


def first_title(spec: PuzzleSpec) -> str:
    """'My frogs 1': the title offered before the folder is looked at."""
    return numbered_title(spec, 1)


def default_title(spec: PuzzleSpec, folder: Path | None = None) -> str:
    """'My frogs 1', or the first number whose file is not in the folder yet."""
    folder = folder if folder is not None else library.player_folder()
    n = 1
    while n < 10_000 and (folder / library.file_name_for(numbered_title(spec, n))).exists():
        n += 1
    return numbered_title(spec, n)


def definition(spec: PuzzleSpec, position: bytes, title: str) -> FileDef:
    """The puzzle's definition starting from ``position``, under its new title. The published
    figures belong to the old start and the menu group to the old puzzles, so neither is kept."""
    reason = unavailable(spec)
    if reason is not None or spec.as_file is None:
        raise SaveError(reason)
    title = clean_title(title)
    if not title:
        raise SaveError(_("Give the puzzle a title first."))
    try:
        spec.puzzle.check(position)
        defn = spec.as_file(position)
    except PositionError as err:
        raise SaveError(sentence(_("Only a position of this puzzle can be saved: {problem}").format(problem=err))) \
            from None
    # written into the file as its source, in the language the player saves it in
    source = _("Made in the position editor from {title}.").format(title=spec.shown_title())
    return replace(defn, common=Common(title, source=shown(source, 1000)))  # type: ignore[type-var]


def file_text(defn: FileDef, name: str) -> str:
    """The TOML text of ``defn``, read back to be sure it is the same puzzle (else SaveError)."""
    text = to_toml(defn)
    try:
        back = parse_toml(text, name)
    except PuzzleFileError as err:
        raise SaveError(sentence(_("This puzzle cannot be written as a file: {problem}").format(problem=err.problem))) \
            from None
    if replace(back, common=replace(back.common, origin="")) != defn:  # type: ignore[type-var]
        raise SaveError(_("This puzzle cannot be written as a file: reading it back gives another puzzle."))
    return text


def save_puzzle(spec: PuzzleSpec, position: bytes, title: str, folder: Path | None = None) -> Path:
    """Write the puzzle file into the player's folder (created if need be); its path. SaveError
    when it cannot be: a title that names a file already there, an unwritable folder..."""
    return save_definition(definition(spec, position, title), folder)


def save_definition(defn: FileDef, folder: Path | None = None) -> Path:
    """Write ``defn`` (made by :func:`definition`) into the player's folder as a file named after its title."""
    folder = folder if folder is not None else library.player_folder()
    path = folder / library.file_name_for(defn.common.title)
    text = file_text(defn, path.name)
    try:
        write_new(path, text)
    except FileExistsError:
        raise SaveError(_("Your folder already has a file called {name}: choose another title.")
                        .format(name=shown(path.name, 70))) from None
    except OSError as err:
        # Translators: {reason} is the system's own words for what went wrong.
        raise SaveError(sentence(_("The puzzle could not be written to {folder} ({reason})")
                                 .format(folder=shown(str(folder), 80), reason=err.strerror or type(err).__name__))) \
            from None
    return path


# -- background tasks (module level, as the service wants them) ----------------------------------------

def write_puzzle(report: Report, defn: FileDef) -> tuple[str, FileDef]:
    """Save the puzzle ``defn`` (the editor's position, doors and title: see :func:`definition`); (the file,
    its definition as read back)."""
    path = save_definition(defn)
    try:
        return str(path), read_puzzle_file(path)
    except (PuzzleFileError, UnreadableFile) as err:
        raise SaveError(sentence(_("Saved as {name}, but it cannot be read back: {problem}")
                                 .format(name=path.name, problem=err))) from None


def suggest_title(report: Report, name: str) -> str:
    """A title for the puzzle ``name`` whose file is not in the player's folder yet."""
    return default_title(catalog.get(name))


def shelve(path: Path, defn: FileDef) -> PuzzleSpec:
    """The saved puzzle on the running game's shelves (no file is read here). SaveError if it cannot be."""
    try:
        return catalog.shelve(path, defn)
    except PuzzleFileError as err:
        raise SaveError(sentence(_("Saved as {name}, but it could not join the menu: {problem}")
                                 .format(name=path.name, problem=err))) from None
