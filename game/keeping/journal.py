"""What the game keeps for the player between runs: every game in progress with its whole history,
the games they save themselves, their records against the optimum, and which card the menu last
played.

Where: games in progress in the user state folder (``games/NAME.txt``, one per puzzle name, so a
sliding-block puzzle has one per move count: ``klotski@line.txt``) and the menu's memory there
(``menu.json``); the player's own saves (``saves/NAME.txt``) and the records (``records.json``) in
the user data folder, beside their puzzle files. FEWEST_MOVES_STATE and FEWEST_MOVES_DATA name
other folders (tests give every run its own).

How: every read and write is a task on the background service's light lane, never on the window's
thread; a game in progress is written as it changes, at most twice a second and once more when it
is left, atomically (a temporary file, then a rename). Every file is untrusted: read bounded and
only if regular, checked by replaying it, and one that is wrong is one sentence for the player, a
fresh game, and the file kept aside under a ``.broken`` name, never written over.

Two windows of the game share these files, so the records, the menu's memory and the player's
saves are written under a lock (:mod:`game.file_lock`), read again there: a write adds this
window's wins and choices to what the file holds now, and a save of another game is replaced only
when the player says so. A write that fails (a read-only folder, a full disk) is one sentence for
the player, once; what it held stays in memory and is tried again after RETRY seconds, on the next
change, and when the game closes. The :class:`Journal` is the window's side of it: what is known
now, what is still to be written.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable

import platformdirs

from game.common.background import Job, JobState, Lane, Service, Task
from game.common.i18n import N_, _
from game.rules.puzzle import PositionError
from game.keeping.file_lock import locked
from game.keeping.records import Records
from game.keeping.saves import HEADER, MAX_BYTES, SavedGame, game_text, holds, read_game
from game.midend.session import Win
from game.catalog.spec import PuzzleSpec
from game.common import untrusted
from game.common.untrusted import UnreadableFile, keep_aside, replace_file, sentence, shown, writable

APP = "fewest-moves"
RECORDS_BYTES = 4 * 1024 * 1024   # records of every puzzle and distance fit in far less
MENU_BYTES = 64 * 1024
SETTLE = 0.2     # seconds after a change before a game is written ...
EVERY = 0.5      # ... and at least this long after its last write: at most two writes a second
RETRY = 5.0      # seconds after a write that failed before it is tried again
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
    last, chosen, menu_blocked = _read_menu(folders.menu)
    return Store(frozenset(keys), records, last, chosen, problems, records_blocked, menu_blocked)


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
    else:
        return _writable_records(path, records)
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


def _read_menu(path: Path) -> tuple[str | None, dict[str, str], bool]:
    """The last card played, each group's chosen variant, and whether the file must never be written."""
    if not os.path.lexists(path):
        return None, {}, False
    try:
        data = json.loads(_read(path, MENU_BYTES, N_("menu file")).removeprefix("\ufeff"))
    except (UnreadableFile, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        return None, {}, keep_aside(path) is None
    last = data.get("last")
    chosen = data.get("chosen")
    plain = (lambda s: isinstance(s, str) and 0 < len(s) <= 400 and writable(s))
    return (last if plain(last) else None,
            {g: n for g, n in chosen.items() if plain(g) and plain(n)} if isinstance(chosen, dict) else {}, False)


def read_game_file(report: Any, path: Path, spec: PuzzleSpec | None, what: str,
                   after: tuple[Job[Any], SavedGame | None] | None = None) -> Opened:
    """The saved game at ``path`` (of ``spec``, if given). A missing file is no game and no problem;
    a damaged one is kept aside. ``after``: the write of this game just before this read, and what it
    wrote; if it failed, the file is older than the game, so the game is what is read back (the light
    lane runs its tasks in turn, in this process, so that write is over when this runs)."""
    if after is not None and not written(after[0]):
        return Opened(after[1])
    if not os.path.lexists(path):
        return Opened(None)
    try:
        return Opened(read_game(_read(path, MAX_BYTES, what), spec))
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


def write_game_file(report: Any, path: Path, game: SavedGame | None) -> Written:
    """Write a game in progress (None: the game is over, so its file goes)."""
    try:
        if game is None:
            if path.is_file() and not path.is_symlink():
                path.unlink()
        else:
            replace_file(path, game_text(game))
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
            was, choices, blocked = _read_menu(path)
            if blocked:
                return Written(blocked=True)
            replace_file(path, json.dumps({"last": last or was, "chosen": {**choices, **chosen}}, indent=1,
                                          sort_keys=True, ensure_ascii=False) + "\n")
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


# -- the window's side -----------------------------------------------------------------------------

class Journal:
    """What is known of the kept games, records and menu now, and what is still to be written.

    The window calls :meth:`update` every frame (time comes only from it), a game tells it when it
    changed (:meth:`changed`), the window says what :meth:`take_notices` gives (a write that failed),
    and closing waits for the last writes (:meth:`wait`). Disabled (for screenshots and benchmarks),
    it keeps nothing and reads nothing.
    """

    def __init__(self, service: Service, enabled: bool = True, folders: Folders | None = None) -> None:
        self.service = service
        self.enabled = enabled
        self.folders = folders or Folders.here()
        self.records = Records()               # the file's records as last read, and this window's wins since
        self.last: str | None = None
        self.chosen: dict[str, str] = {}
        self.problems: list[str] = []
        self.clock = 0.0
        self._keys: set[str] = set()           # file keys of games in progress
        self._blocked: set[str] = set()        # names whose damaged file could not be moved aside
        self._unwritten: list[Win] = []        # wins not in the records file yet, oldest first
        self._last_unwritten: str | None = None            # the last card played, not in the menu's file yet
        self._choices_unwritten: dict[str, str] = {}       # choices of variants not in it yet
        self._records_blocked = False          # their damaged file is still there: never written over
        self._menu_blocked = False
        self._dirty: dict[str, tuple[float, Callable[[], SavedGame]]] = {}
        self._written: dict[str, float] = {}   # name -> when its game was last written
        self._game_writes: dict[str, tuple[Job[Written], SavedGame | None]] = {}   # name -> its last write, and what
        self._held: dict[str, SavedGame | None] = {}   # name -> the game its file should hold, whose write failed
        self._writing: dict[str, Job[Written]] = {}     # "records", "menu" -> the write under way (one at a time)
        self._retry: dict[str, float] = {}     # "records", "menu" or a game's name -> when it is tried again
        self._told: set[str] = set()           # the kinds of write that failed and were said, till one succeeds
        self._notices: list[str] = []          # sentences for the window to say now
        self._jobs: list[tuple[Job[Any], Callable[[Job[Any]], None] | None]] = []
        self._loading: Job[Store] | None = None
        if enabled:
            self._loading = service.submit(Task(read_store, (self.folders,), N_("Reading your games")), Lane.LIGHT)
        self.poll()

    # -- reading ---------------------------------------------------------------------------------
    @property
    def loaded(self) -> bool:
        return self._loading is None

    def poll(self) -> None:
        """Take in what the start-up read found, once it is in."""
        job = self._loading
        if job is None or not job.done:
            return
        self._loading = None
        store = job.result
        if store is None:   # what the files hold is not known: none of them is written over
            store = Store(problems=(job.error or _("Your games could not be read."),), records_blocked=True,
                          menu_blocked=True)
        self._keys |= store.in_progress
        self._records_blocked, self._menu_blocked = store.records_blocked, store.menu_blocked
        self.records = self._with_unwritten(store.records)
        self.last = self.last or store.last
        merged = {**store.chosen, **self.chosen}
        self.chosen.clear()       # in place: the menus hold this very dict
        self.chosen.update(merged)
        self.problems += store.problems
        self._write_records()     # wins and choices of the first moments: written now, with the files' own
        self._write_menu()
        self._collect()

    def in_progress(self, name: str) -> bool:
        """A game of this puzzle is kept to come back to."""
        return file_key(name) in self._keys

    def open(self, spec: PuzzleSpec) -> Job[Opened] | None:
        """Read back the game in progress of ``spec``, after any write of it still to come (None: the
        journal is off). Read even if the start-up listing had none: a file there that was not read
        (another window of the game wrote it) must not be written over unseen. A game whose file could
        not be written comes back from memory."""
        if not self.enabled:
            return None
        self.flush(spec.name)
        self._collect()
        if spec.name in self._held:
            return self._submit(Task(held, (self._held[spec.name],), N_("Reading your game")))
        path = game_path(self.folders.games, spec.name)
        what = N_("saved game in progress")
        return self._submit(Task(read_game_file, (path, spec, what, self._game_writes.get(spec.name)),
                                 N_("Reading your game")))

    def opened(self, spec: PuzzleSpec, result: Opened) -> None:
        """What reading a game found: a damaged file is gone from the games in progress (or, if it could
        not be moved aside, never written over)."""
        if result.game is None:
            self._keys.discard(file_key(spec.name))
        else:   # found even where the start-up listing had none
            self._keys.add(file_key(spec.name))
        if result.blocked:
            self._blocked.add(spec.name)

    def load_saved(self, spec: PuzzleSpec) -> Job[Opened]:
        """The player's own save of ``spec`` (Ctrl+O), read on the light lane."""
        return self._submit(Task(read_game_file, (self.saved_path(spec), spec, N_("saved game")),
                                 N_("Opening your save")))

    def saved_path(self, spec: PuzzleSpec) -> Path:
        return game_path(self.folders.saves, spec.name)

    # -- writing games ------------------------------------------------------------------------------
    def changed(self, name: str, snapshot: Callable[[], SavedGame]) -> None:
        """The game of ``name`` changed: it is written soon (``snapshot`` is asked for it then)."""
        if not self.enabled or name in self._blocked:
            return
        due = self._dirty[name][0] if name in self._dirty else max(self.clock + SETTLE,
                                                                   self._written.get(name, -EVERY) + EVERY)
        self._dirty[name] = (due, snapshot)

    def flush(self, name: str | None = None) -> None:
        """Write now what is still to be written (of ``name``, or of every game)."""
        for dirty in [n for n in self._dirty if name is None or n == name]:
            _, snapshot = self._dirty.pop(dirty)
            self._write(dirty, snapshot())
        self._collect()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.poll()
        for name in [n for n, (due, _) in self._dirty.items() if due <= self.clock]:
            _, snapshot = self._dirty.pop(name)
            self._write(name, snapshot())
        self._retry_due(self.clock)
        self._collect()

    def _write(self, name: str, game: SavedGame | None) -> None:
        """Write a game in progress, or take its file away (``None``, or a game not worth keeping)."""
        key = file_key(name)
        keep = game is not None and game.in_progress
        if not keep and key not in self._keys and self.loaded and name not in self._held:
            return   # nothing kept, nothing to remove
        self._written[name] = self.clock
        if keep:
            self._keys.add(key)
        else:
            self._keys.discard(key)
        path = game_path(self.folders.games, name)
        kept = game if keep else None
        job = self._submit(Task(write_game_file, (path, kept), N_("Keeping your game")),
                           partial(self._game_written, name))
        self._game_writes[name] = (job, kept)

    def _game_written(self, name: str, job: Job[Written]) -> None:
        last = self._game_writes.get(name)
        if last is None or last[0] is not job:
            return   # a later write of this game says how it went
        del self._game_writes[name]
        if written(job):
            self._held.pop(name, None)
            self._fine("game")
        else:
            self._held[name] = last[1]
            self._failed("game", name, trouble(job))

    def export(self, game: SavedGame, replace: str = "") -> Job[Exported]:
        """The player's own save (Ctrl+S), written on the light lane; over a save of another game only
        if ``replace`` is the digest the last try asked about."""
        return self._submit(Task(export_game, (self.saved_path(game.spec), game, replace), N_("Saving your game")))

    # -- writing records and the menu's memory ------------------------------------------------------
    def record(self, win: Win) -> None:
        """A game won: into the records, and the records to their file (once it was read: with its own)."""
        if not self.enabled:
            return
        self.records = self.records.add(win)
        self._unwritten.append(win)
        self._write_records()
        self._collect()

    def _with_unwritten(self, records: Records) -> Records:
        for win in self._unwritten:
            records = records.add(win)
        return records

    def _write_records(self) -> None:
        if not self.loaded or self._records_blocked or not self._unwritten or "records" in self._writing:
            return
        sent = tuple(self._unwritten)
        self._writing["records"] = self._submit(Task(write_records, (self.folders.records, sent),
                                                     N_("Keeping your records")), partial(self._records_written, sent))

    def _records_written(self, sent: tuple[Win, ...], job: Job[Written]) -> None:
        del self._writing["records"]
        if not written(job):
            self._failed("records", "records", trouble(job))
            return
        self._fine("records")
        result = job.result
        assert result is not None
        self.problems += result.problems
        self._notices += result.problems
        if result.blocked:   # a damaged file found there and left as it is: this window's wins stay in memory
            self._records_blocked = True
            return
        del self._unwritten[:len(sent)]   # the oldest, as sent: wins only ever join at the end
        assert result.records is not None
        self.records = self._with_unwritten(result.records)   # another window's wins too, from now on
        self._write_records()

    def played(self, name: str, group: str = "") -> None:
        """The menu's memory: ``name`` was the last card played (and, in a group, its chosen variant)."""
        if not self.enabled:
            return
        self.last = self._last_unwritten = name
        if group:
            self.chosen[group] = self._choices_unwritten[group] = name
        self._write_menu()
        self._collect()

    def _write_menu(self) -> None:
        """The menu's memory to its file: what changed since it was last written, over what it holds
        (before the file was read, once it is)."""
        if (not self.loaded or self._menu_blocked or "menu" in self._writing
                or not (self._last_unwritten or self._choices_unwritten)):
            return
        last, chosen = self._last_unwritten, dict(self._choices_unwritten)
        self._writing["menu"] = self._submit(Task(write_menu, (self.folders.menu, last, chosen), N_("Keeping the menu")),
                                             partial(self._menu_written, last, chosen))

    def _menu_written(self, last: str | None, chosen: dict[str, str], job: Job[Written]) -> None:
        del self._writing["menu"]
        if not written(job):
            self._failed("menu", "menu", trouble(job))
            return
        self._fine("menu")
        if job.result is not None and job.result.blocked:
            self._menu_blocked = True
            return
        if self._last_unwritten == last:
            self._last_unwritten = None
        for group, name in chosen.items():
            if self._choices_unwritten.get(group) == name:
                del self._choices_unwritten[group]
        self._write_menu()

    # -- writes that fail -----------------------------------------------------------------------------
    def _failed(self, kind: str, what: str, reason: str) -> None:
        """A write of ``what`` failed: tried again after RETRY seconds, and said once until one of its
        kind succeeds."""
        self._retry[what] = self.clock + RETRY
        if kind not in self._told:
            self._told.add(kind)
            self._notices.append(sentence(_(TROUBLE[kind]).format(reason=reason)))

    def _fine(self, kind: str) -> None:
        self._told.discard(kind)

    def _retry_due(self, now: float) -> None:
        for what in [w for w, when in self._retry.items() if when <= now]:
            del self._retry[what]
            if what == "records":
                self._write_records()
            elif what == "menu":
                self._write_menu()
            elif what in self._held and what not in self._dirty:
                self._write(what, self._held[what])

    def take_notices(self) -> list[str]:
        """What the window should say now (a write that failed): each a sentence, said once."""
        notices, self._notices = self._notices, []
        return notices

    # -- the jobs --------------------------------------------------------------------------------------
    def _submit(self, task: Task[Any], then: Callable[[Job[Any]], None] | None = None) -> Job[Any]:
        job = self.service.submit(task, Lane.LIGHT)
        self._jobs.append((job, then))
        return job

    def _collect(self) -> None:
        """Take in the writes that are over (their follow-ups may start others)."""
        while any(job.done for job, _ in self._jobs):
            over = [(job, then) for job, then in self._jobs if job.done]
            self._jobs = [(job, then) for job, then in self._jobs if not job.done]
            for job, then in over:
                if then is not None:
                    then(job)

    def busy(self) -> bool:
        return bool(self._dirty) or any(not job.done for job, _ in self._jobs)

    def wait(self, seconds: float) -> None:
        """Closing: write what is left, try once more what failed, and wait (at most ``seconds``) for
        every write to end. Wins and the menu's memory that waited for the start-up read are written
        once it is in, if it comes."""
        deadline = time.monotonic() + seconds
        while not self.loaded and time.monotonic() < deadline:
            time.sleep(0.01)
            self.poll()
        self.flush()
        self._retry_due(float("inf"))
        self._collect()
        while self._jobs and time.monotonic() < deadline:
            time.sleep(0.01)
            self._collect()


# what the window says when a write fails
TROUBLE = {
    # Translators: {reason} is the system's own words for what went wrong ("Read-only file system")
    "records": N_("Your records could not be written ({reason}); they are kept, and the game will try again "
                  "shortly."),
    # Translators: {reason} is the system's own words for what went wrong ("Read-only file system")
    "game": N_("Your game could not be written ({reason}); it is kept, and the game will try again shortly."),
    # Translators: {reason} is the system's own words for what went wrong ("Read-only file system")
    "menu": N_("The menu's memory could not be written ({reason}); the game will try again shortly."),
}
