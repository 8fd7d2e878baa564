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
fresh game, and the file kept aside under a ``.broken`` name, never written over. The
:class:`Journal` is the window's side of it: what is known now, what is still to be written.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import platformdirs

from game.common.background import Job, Lane, Service, Task
from game.common.i18n import N_, _
from game.rules.puzzle import PositionError
from game.keeping.records import Records
from game.keeping.saves import HEADER, MAX_BYTES, SavedGame, game_text, read_game
from game.midend.session import Win
from game.catalog.spec import PuzzleSpec
from game.common import untrusted
from game.common.untrusted import UnreadableFile, keep_aside, sentence, shown, write_atomically

APP = "fewest-moves"
RECORDS_BYTES = 4 * 1024 * 1024   # records of every puzzle and distance fit in far less
MENU_BYTES = 64 * 1024
SETTLE = 0.2     # seconds after a change before a game is written ...
EVERY = 0.5      # ... and at least this long after its last write: at most two writes a second
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
        text = _read(path, RECORDS_BYTES, N_("records file"))
        return Records.from_json(text), (), False
    except (UnreadableFile, ValueError) as err:
        reason = _clause(err)
    aside = keep_aside(path)
    if aside is None:
        said = _("Your records could not be read ({reason}), nor moved aside: they are left as they are, and no new "
                 "record is written over them.").format(reason=reason)
        return Records(), (sentence(said),), True
    return Records(), (sentence(_("Your records could not be read ({reason}): they are kept as {file}, and "
                                  "new records begin.").format(reason=reason, file=aside.name)),), False


def _read_menu(path: Path) -> tuple[str | None, dict[str, str], bool]:
    """The last card played, each group's chosen variant, and whether the file must never be written."""
    if not os.path.lexists(path):
        return None, {}, False
    try:
        data = json.loads(_read(path, MENU_BYTES, N_("menu file")))
    except (UnreadableFile, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        return None, {}, keep_aside(path) is None
    last = data.get("last")
    chosen = data.get("chosen")
    plain = (lambda s: isinstance(s, str) and 0 < len(s) <= 400)
    return (last if plain(last) else None,
            {g: n for g, n in chosen.items() if plain(g) and plain(n)} if isinstance(chosen, dict) else {}, False)


def read_game_file(report: Any, path: Path, spec: PuzzleSpec | None, what: str) -> Opened:
    """The saved game at ``path`` (of ``spec``, if given). A missing file is no game and no problem;
    a damaged one is kept aside."""
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


def _clause(err: Exception) -> str:
    """An error's sentence as a clause inside another one (its full stop left out)."""
    return str(err).rstrip(".。")


def write_game_file(report: Any, path: Path, game: SavedGame | None) -> bool:
    """Write a game in progress (None: the game is over, so its file goes)."""
    if game is None:
        try:
            if path.is_file() and not path.is_symlink():
                path.unlink()
        except OSError:
            return False
        return True
    return write_atomically(path, game_text(game))


def export_game(report: Any, path: Path, game: SavedGame) -> bool:
    """The player's own save: a file there that is not a saved game is kept aside, not written over."""
    if os.path.lexists(path):
        try:
            ours = _read(path, MAX_BYTES, N_("saved game")).removeprefix("\ufeff").startswith(HEADER)
        except UnreadableFile:
            ours = False
        if not ours and keep_aside(path) is None:
            return False
    return write_atomically(path, game_text(game))


def write_records(report: Any, path: Path, records: Records) -> bool:
    return write_atomically(path, records.to_json())


def write_menu(report: Any, path: Path, last: str | None, chosen: dict[str, str]) -> bool:
    return write_atomically(path, json.dumps({"last": last, "chosen": chosen}, indent=1, sort_keys=True,
                                             ensure_ascii=False) + "\n")


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
    changed (:meth:`changed`), and closing waits for the last writes (:meth:`wait`). Disabled (for
    screenshots and benchmarks), it keeps nothing and reads nothing.
    """

    def __init__(self, service: Service, enabled: bool = True, folders: Folders | None = None) -> None:
        self.service = service
        self.enabled = enabled
        self.folders = folders or Folders.here()
        self.records = Records()
        self.last: str | None = None
        self.chosen: dict[str, str] = {}
        self.problems: list[str] = []
        self.clock = 0.0
        self._keys: set[str] = set()           # file keys of games in progress
        self._blocked: set[str] = set()        # names whose damaged file could not be moved aside
        self._early: list[Win] = []            # wins recorded before the records were read
        self._menu_later = False               # the menu's memory changed before the file's was read
        self._records_blocked = False          # their damaged file is still there: never written over
        self._menu_blocked = False
        self._dirty: dict[str, tuple[float, Callable[[], SavedGame]]] = {}
        self._written: dict[str, float] = {}   # name -> when its game was last written
        self._jobs: list[Job[Any]] = []
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
        records = store.records
        for win in self._early:
            records = records.add(win)
        self.records = records
        self.last = self.last or store.last
        merged = {**store.chosen, **self.chosen}
        self.chosen.clear()       # in place: the menus hold this very dict
        self.chosen.update(merged)
        self.problems += store.problems
        if self._early:           # wins of the first moments: written now, with the file's own
            self._early = []
            self._write_records()
        if self._menu_later:
            self._write_menu()

    def in_progress(self, name: str) -> bool:
        """A game of this puzzle is kept to come back to."""
        return file_key(name) in self._keys

    def open(self, spec: PuzzleSpec) -> Job[Opened] | None:
        """Read back the game in progress of ``spec``, after any write of it still to come (None: the
        journal is off). Read even if the start-up listing had none: a file there that was not read
        (another window of the game wrote it) must not be written over unseen."""
        if not self.enabled:
            return None
        self.flush(spec.name)
        path = game_path(self.folders.games, spec.name)
        return self._submit(Task(read_game_file, (path, spec, N_("saved game in progress")), N_("Reading your game")))

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

    # -- writing ---------------------------------------------------------------------------------
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

    def update(self, dt: float) -> None:
        self.clock += dt
        self.poll()
        for name in [n for n, (due, _) in self._dirty.items() if due <= self.clock]:
            _, snapshot = self._dirty.pop(name)
            self._write(name, snapshot())
        if self._jobs:
            self._jobs = [job for job in self._jobs if not job.done]

    def _write(self, name: str, game: SavedGame) -> None:
        key = file_key(name)
        keep = game.in_progress
        if not keep and key not in self._keys and self.loaded:
            return   # nothing kept, nothing to remove
        self._written[name] = self.clock
        if keep:
            self._keys.add(key)
        else:
            self._keys.discard(key)
        path = game_path(self.folders.games, name)
        self._submit(Task(write_game_file, (path, game if keep else None), N_("Keeping your game")))

    def export(self, game: SavedGame) -> Job[bool]:
        """The player's own save (Ctrl+S), written on the light lane."""
        return self._submit(Task(export_game, (self.saved_path(game.spec), game), N_("Saving your game")))

    def record(self, win: Win) -> None:
        """A game won: into the records, and the records to their file."""
        if not self.enabled:
            return
        self.records = self.records.add(win)
        if not self.loaded:
            self._early.append(win)   # the file's records are still on their way: added to them then
            return
        self._write_records()

    def _write_records(self) -> None:
        if not self._records_blocked:
            self._submit(Task(write_records, (self.folders.records, self.records), N_("Keeping your records")))

    def played(self, name: str, group: str = "") -> None:
        """The menu's memory: ``name`` was the last card played (and, in a group, its chosen variant)."""
        if not self.enabled:
            return
        self.last = name
        if group:
            self.chosen[group] = name
        self._write_menu()

    def _write_menu(self) -> None:
        """The menu's memory to its file; before the file was read, once it is (written with what it holds)."""
        self._menu_later = not self.loaded
        if not self._menu_later and not self._menu_blocked:
            self._submit(Task(write_menu, (self.folders.menu, self.last, dict(self.chosen)), N_("Keeping the menu")))

    def _submit(self, task: Task[Any]) -> Job[Any]:
        job = self.service.submit(task, Lane.LIGHT)
        self._jobs.append(job)
        return job

    def busy(self) -> bool:
        return bool(self._dirty) or any(not job.done for job in self._jobs)

    def wait(self, seconds: float) -> None:
        """Closing: write what is left and wait (at most ``seconds``) for every write to end. Wins and
        the menu's memory that waited for the start-up read are written once it is in, if it comes."""
        deadline = time.monotonic() + seconds
        while not self.loaded and time.monotonic() < deadline:
            time.sleep(0.01)
            self.poll()
        self.flush()
        while any(not job.done for job in self._jobs) and time.monotonic() < deadline:
            time.sleep(0.01)
