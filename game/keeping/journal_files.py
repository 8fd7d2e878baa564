"""The files the game keeps for the player, and the tasks that read and write them: games in progress,
the player's own saves, the records and the menu's memory.

Where they are (:class:`Folders`), and each read or write as a task the journal
(:mod:`game.keeping.journal`) runs on the background service's light lane: every file untrusted (read
bounded, only if regular, checked by replaying it; one that is wrong is one sentence and kept aside under
a ``.broken`` name, never written over), every write atomic, and the shared ones (records, the menu's
memory, the player's saves) written under a lock, read again there, so two windows of the game never
lose each other's. Keys of the records and the menu's memory that this version does not know (a newer
version's) are written back as they were (:mod:`game.common.unknown`).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec
from game.common import untrusted
from game.common.background import Job, JobState
from game.common.i18n import N_, _
from game.common.unknown import Unknown, dumps, kept, restored
from game.common.untrusted import UnreadableFile, keep_aside, replace_file, sentence, shown, writable
from game.keeping.file_lock import locked
from game.keeping.records import Records
from game.keeping.saves import HEADER, MAX_BYTES, SavedGame, game_text, holds, read_game
from game.midend.session import Win
from game.rules.puzzle import PositionError

__all__ = ["Exported", "Folders", "MAX_BYTES", "Opened", "Store", "Written", "data_dir", "export_game", "file_key",
           "game_path", "held", "read_game_file", "read_records", "read_saved_file", "read_store", "state_dir",
           "trouble", "write_game_file", "write_menu", "write_records", "written"]

APP = "fewest-moves"
RECORDS_BYTES = 4 * 1024 * 1024   # records of every puzzle and distance fit in far less
MENU_BYTES = 64 * 1024
REPLACED = "replaced"   # the mark of a save replaced by another game's, kept beside it (eight.txt.replaced)
_PLAIN_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,80}(@[a-z]{1,8})?")


def state_dir() -> Path:
    override = os.environ.get("FEWEST_MOVES_STATE")
    return Path(override) if override else Path(platformdirs.user_state_dir(APP))


def data_dir() -> Path:
    override = os.environ.get("FEWEST_MOVES_DATA")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP))


@dataclass(frozen=True)
class Folders:
    games: Path      # games in progress, one file per puzzle name
    menu: Path       # the menu's memory: the last card played, each group's chosen variant
    saves: Path      # the player's own saved games (Ctrl+S, Ctrl+O)
    records: Path    # the records file

    @classmethod
    def here(cls) -> Folders:
        state, data = state_dir(), data_dir()
        return cls(state / "games", state / "menu.json", data / "saves", data / "records.json")


def file_key(name: str) -> str:
    """A puzzle name as a file name: itself where it is plain (``klotski@line``), else a digest
    (a puzzle file named on the command line is named by its path)."""
    if _PLAIN_NAME.fullmatch(name):
        return name
    return "puzzle-" + hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:20]


def game_path(folder: Path, name: str) -> Path:
    return folder / f"{file_key(name)}.txt"


# -- the tasks: run on the light lane ------------------------------------------------------------

@dataclass(frozen=True)
class Opened:
    """A saved game read back: the game, or why not (one sentence) and where the file went."""

    game: SavedGame | None
    problem: str = ""
    aside: Path | None = None
    blocked: bool = False     # a damaged file that could not be moved aside: it must never be written over


@dataclass(frozen=True)
class Store:
    """What the journal reads when the game starts."""

    in_progress: frozenset[str] = frozenset()     # file keys of the games in progress
    records: Records = Records()
    last: str | None = None
    chosen: dict[str, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    records_blocked: bool = False   # a damaged records file that could not be moved aside: never written over
    menu_blocked: bool = False      # the same for the menu's memory


def read_store(report: Any, folders: Folders) -> Store:
    keys: set[str] = set()
    try:
        with os.scandir(folders.games) as listing:
            for item in listing:
                if item.name.endswith(".txt") and not item.name.startswith("."):
                    keys.add(item.name[:-4])
    except OSError:   # no folder yet, or one that cannot be listed: no games in progress
        pass
    with contextlib.ExitStack() as lock:   # a damaged file is moved aside under the lock, never another's good one
        if os.path.lexists(folders.records):
            with contextlib.suppress(OSError):   # without the lock, if it cannot be had: reading goes on
                lock.enter_context(locked(folders.records))
        records, problems, records_blocked = read_records(folders.records)
    menu = _read_menu(folders.menu)
    return Store(frozenset(keys), records, menu.last, menu.chosen, problems, records_blocked, menu.blocked)


def _read(path: Path, limit: int, what: str) -> str:
    """One of the journal's files, read bounded. A link is refused: the game writes none, so one there
    is not its file, and reading through it could show another file's text."""
    if os.path.islink(path):
        # Translators: {what} is a kind of file ("records file", "saved game")
        raise UnreadableFile(_("the {what} {name} is a link, not a file.").format(what=_(what),
                                                                                 name=shown(str(path), 80)))
    return untrusted.read_text(path, limit, what)


def read_records(path: Path) -> tuple[Records, tuple[str, ...], bool]:
    """The records, what to say if they could not be read, and whether their file must never be
    written (damaged, and it could not be moved aside)."""
    if not os.path.lexists(path):
        return Records(), (), False
    try:
        records = Records.from_json(_read(path, RECORDS_BYTES, N_("records file")))
    except (UnreadableFile, ValueError) as err:
        reason = _clause(err)
    else:   # a puzzle once called otherwise: its records under its name (written so with the next win)
        return _writable_records(path, records.renamed(catalog.renamed()))
    aside = keep_aside(path)
    if aside is None:
        said = _("Your records could not be read ({reason}), nor moved aside: they are left as they are, and no new "
                 "record is written over them.").format(reason=reason)
        return Records(), (sentence(said),), True
    return Records(), (sentence(_("Your records could not be read ({reason}): they are kept as {file}, and "
                                  "new records begin.").format(reason=reason, file=aside.name)),), False


def _writable_records(path: Path, records: Records) -> tuple[Records, tuple[str, ...], bool]:
    """Records that can be written back: a puzzle name no file can hold (JSON can spell a lone
    surrogate) would make every later write fail, so its rows are left out, the file as it was is
    kept aside and the rest written in its place at once."""
    odd = records.unwritable()
    if not odd:
        return records, (), False
    kept = records.without(odd)
    aside = keep_aside(path)
    if aside is not None:
        try:
            replace_file(path, kept.to_json())
        except OSError:
            with contextlib.suppress(OSError):
                os.replace(aside, path)   # as it was: the records stay whole in their file
            aside = None
    if aside is None:
        said = _("Your records name a puzzle no file can hold ('{name}'), and they could not be moved aside: they "
                 "are left as they are, and no new record is written over them.").format(name=shown(odd[0]))
        return kept, (sentence(said),), True
    said = _("Your records name a puzzle no file can hold ('{name}'): its records are left out, and the file as "
             "it was is kept as {file}.").format(name=shown(odd[0]), file=aside.name)
    return kept, (sentence(said),), False


@dataclass(frozen=True)
class _Menu:
    """What the menu's file holds: the last card played, each group's chosen variant, the keys this version
    does not know (a newer version's, written back as they were), and whether the file must never be
    written (damaged, and it could not be moved aside)."""

    last: str | None = None
    chosen: dict[str, str] = field(default_factory=dict)
    blocked: bool = False
    unknown: Unknown = ()


MENU_KEYS = ("last", "chosen")


def _read_menu(path: Path) -> _Menu:
    if not os.path.lexists(path):
        return _Menu()
    try:
        data = json.loads(_read(path, MENU_BYTES, N_("menu file")).removeprefix("\ufeff"))
        unknown = kept(data, MENU_KEYS) if isinstance(data, dict) else ()
    except (UnreadableFile, ValueError, RecursionError):   # a key nested too deep to keep: damaged too
        data = None
    if not isinstance(data, dict):
        return _Menu(blocked=keep_aside(path) is None)
    last = data.get("last")
    chosen = data.get("chosen")
    plain = (lambda s: isinstance(s, str) and 0 < len(s) <= 400 and writable(s))
    now = catalog.renamed()   # a puzzle once called otherwise: by its name
    return _Menu(now.get(last, last) if isinstance(last, str) and plain(last) else None,
                 {g: now.get(n) or n for g, n in chosen.items() if plain(g) and plain(n)} if isinstance(chosen, dict)
                 else {}, False, unknown)


def read_game_file(report: Any, path: Path, spec: PuzzleSpec | None, what: str,
                   after: tuple[Job[Any], SavedGame | None] | None = None, any_count: bool = False,
                   older: tuple[Path, ...] = ()) -> Opened:
    """The saved game at ``path`` (of ``spec``, if given; ``any_count``: of its puzzle under any count).
    A missing file is no game and no problem (``older``: files to read instead, the first there is); a
    damaged one is kept aside. ``after``: the write of this game just before this read, and what it
    wrote; if it failed, the file is older than the game, so the game is what is read back (the light
    lane runs its tasks in turn, in this process, so that write is over when this runs)."""
    if after is not None and not written(after[0]):
        return Opened(after[1])
    if not os.path.lexists(path):
        path = next((other for other in older if os.path.lexists(other)), path)
        if not os.path.lexists(path):
            return Opened(None)
    try:
        return Opened(read_game(_read(path, MAX_BYTES, what), spec, any_count))
    except (UnreadableFile, PositionError) as err:
        reason = _clause(err)
    aside = keep_aside(path)
    if aside is None:
        # Translators: {what} is a kind of file ("saved game"); {reason} says what is wrong with it
        return Opened(None, sentence(_("The {what} could not be used, as {reason}, nor moved aside, so it is left "
                                       "as it is.").format(what=_(what), reason=reason)), None, True)
    # Translators: {what} is a kind of file ("saved game"); {reason} says what is wrong with it
    return Opened(None, sentence(_("The {what} could not be used, as {reason}: it is kept as {file}.")
                                 .format(what=_(what), reason=reason, file=aside.name)), aside)


def _clause(err: Exception | str) -> str:
    """An error's sentence as a clause inside another one (its full stop left out)."""
    return str(err).rstrip(".。")


def _reason(err: OSError) -> str:
    """Why a file could not be written, in the system's words ("Read-only file system")."""
    return err.strerror or str(err) or type(err).__name__


@dataclass(frozen=True)
class Written:
    """What a write did: why it failed ("" if it did not); for the records, what their file holds now
    and anything to say of it (a damaged file found there and kept aside)."""

    trouble: str = ""
    records: Records | None = None
    problems: tuple[str, ...] = ()
    blocked: bool = False     # a damaged file there that could not be moved aside: not written over


def written(job: Job[Any]) -> bool:
    """A write's job ended, and its file holds what it wrote."""
    return job.state is JobState.DONE and isinstance(job.result, Written) and not job.result.trouble


def trouble(job: Job[Any]) -> str:
    """Why a write's job did not write (its words, or the program's if the task itself failed)."""
    if isinstance(job.result, Written):
        return job.result.trouble
    return _clause(job.error or _("the task was stopped"))


def held(report: Any, game: SavedGame | None) -> Opened:
    """A game the journal holds because its file could not be written: read back from memory."""
    return Opened(game)


def write_game_file(report: Any, path: Path, game: SavedGame | None, former: tuple[Path, ...] = ()) -> Written:
    """Write a game in progress (None: the game is over, so its file goes); a file of it under a name its puzzle
    once had (``former``) goes too, once this one is written: read in its place, it would bring the game back."""
    try:
        if game is None:
            if path.is_file() and not path.is_symlink():
                path.unlink()
        else:
            replace_file(path, game_text(game))
        for old in former:
            if old.is_file() and not old.is_symlink():
                old.unlink()
    except OSError as err:
        return Written(_reason(err))
    return Written()


@dataclass(frozen=True)
class Exported:
    """What Ctrl+S did: written, or a save of another game there to ask about (its digest), or why not."""

    written: bool
    asks: str = ""              # the digest of the save of another game there: replaced only once the player says so
    aside: Path | None = None   # where the file it replaced went
    trouble: str = ""


def export_game(report: Any, path: Path, game: SavedGame, replace: str = "") -> Exported:
    """The player's own save, under the lock, after a look at what is there now: a save that ``game``
    holds whole (this game, played on) is replaced; a save of another game only if ``replace`` is its
    digest (the player was asked), and it is kept beside as ``NAME.txt.replaced``; a file that is not
    a saved game is kept aside as ``.broken``, never written over."""
    try:
        with locked(path):
            mark = None
            if os.path.lexists(path):
                try:
                    text: str | None = _read(path, MAX_BYTES, N_("saved game"))
                except UnreadableFile:
                    text = None
                if text is None or not text.removeprefix("\ufeff").startswith(HEADER):
                    mark = "broken"
                elif not _holds(game, text):
                    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
                    if replace != digest:
                        return Exported(False, asks=digest)
                    mark = REPLACED
            aside = keep_aside(path, mark) if mark is not None else None
            if mark is not None and aside is None:
                return Exported(False, trouble=_("the file there could not be moved aside"))
            replace_file(path, game_text(game))
    except OSError as err:
        return Exported(False, trouble=_reason(err))
    return Exported(True, aside=aside)


def _holds(game: SavedGame, text: str) -> bool:
    try:
        return holds(game, read_game(text, game.spec))
    except PositionError:
        return False


def write_records(report: Any, path: Path, wins: tuple[Win, ...]) -> Written:
    """Add ``wins`` to the records their file holds now, read again under the lock: what another
    window wrote since this one read them stays."""
    try:
        with locked(path):
            records, problems, blocked = read_records(path)
            for win in wins:
                records = records.add(win)
            if not blocked:
                replace_file(path, records.to_json())
    except OSError as err:
        return Written(_reason(err))
    return Written(records=records, problems=problems, blocked=blocked)


def write_menu(report: Any, path: Path, last: str | None, chosen: dict[str, str]) -> Written:
    """The menu's memory, read again under the lock: this window's last card (if it played one since it
    last wrote) and the choices it made since, over what the file holds now."""
    try:
        with locked(path):
            was = _read_menu(path)
            if was.blocked:
                return Written(blocked=True)
            replace_file(path, dumps({**restored(was.unknown), "last": last or was.last,
                                      "chosen": {**was.chosen, **chosen}}))
    except OSError as err:
        return Written(_reason(err))
    return Written()


def read_saved_file(path: str | os.PathLike[str]) -> SavedGame:
    """A saved game named on the command line (read before any window opens). UnreadableFile or
    PositionError with one sentence; the file is the player's and stays as it is."""
    text = untrusted.read_text(path, MAX_BYTES, N_("saved game"))
    try:
        return read_game(text)
    except PositionError as err:
        raise PositionError(_("the saved game {file} cannot be opened: {reason}.").format(
            file=shown(Path(path).name, 60), reason=_clause(err))) from None
