"""What the game keeps for the player between runs: every game in progress with its whole history,
the games they save themselves, their records against the optimum, and which card the menu last
played.

Where: games in progress in the user state folder (``games/NAME.txt``, one per puzzle, whatever the
count it is played under: ``klotski.txt`` may hold a game counted by line, and says so; a game an
older version kept per count, ``klotski@line.txt``, is read when there is none) and the menu's memory there
(``menu.json``); the player's own saves (``saves/NAME.txt``) and the records (``records.json``) in
the user data folder, beside their puzzle files. FEWEST_MOVES_STATE and FEWEST_MOVES_DATA name
other folders (tests give every run its own).

How: every read and write is a task on the background service's light lane, never on the window's
thread; a game in progress is written as it changes, at most twice a second and once more when it
is left, atomically (a temporary file, then a rename). Every file is untrusted: read bounded and
only if regular, checked by replaying it, and one that is wrong is one sentence for the player, a
fresh game, and the file kept aside under a ``.broken`` name, never written over.

Two windows of the game share these files, so the records, the menu's memory and the player's
saves are written under a lock (:mod:`game.keeping.file_lock`), read again there: a write adds this
window's wins and choices to what the file holds now, and a save of another game is replaced only
when the player says so. A write that fails (a read-only folder, a full disk) is one sentence for
the player, once; what it held stays in memory and is tried again after RETRY seconds, on the next
change, and when the game closes. The :class:`Journal` is the window's side of it: what is known
now, what is still to be written; the files and the tasks that read and write them are
:mod:`game.keeping.journal_files`.
"""
from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import Any, Callable

from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec, counted_name
from game.common.background import Job, Lane, Service, Task
from game.common.i18n import N_, _
from game.common.untrusted import sentence
from game.keeping.journal_files import (Exported, Folders, Opened, Store, Written, export_game, file_key, game_path,
                                        held, read_game_file, read_store, trouble, write_game_file, write_menu,
                                        write_records, written)
from game.keeping.records import Records
from game.keeping.saves import SavedGame
from game.midend.session import Win

__all__ = ["EVERY", "Journal", "RETRY", "SETTLE", "TROUBLE"]


def _formerly(folder: Path, name: str) -> tuple[Path, ...]:
    """The files of ``folder`` a puzzle's game had under the names it once had (read where its own is missing)."""
    return tuple(game_path(folder, old) for old in catalog.former_names(name))

SETTLE = 0.2     # seconds after a change before a game is written ...
EVERY = 0.5      # ... and at least this long after its last write: at most two writes a second
RETRY = 5.0      # seconds after a write that failed before it is tried again


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
        """A game of this puzzle is kept to come back to (under its name, or one it once had)."""
        return any(file_key(n) in self._keys for n in (name, *catalog.former_names(name)))

    def open(self, spec: PuzzleSpec) -> Job[Opened] | None:
        """Read back the game in progress of ``spec``, after any write of it still to come (None: the
        journal is off). Read even if the start-up listing had none: a file there that was not read
        (another window of the game wrote it) must not be written over unseen. A game whose file could
        not be written comes back from memory."""
        if not self.enabled:
            return None
        name = spec.base   # one game in progress per puzzle, whatever the count it is played under
        self.flush(name)
        self._collect()
        if name in self._held:
            return self._submit(Task(held, (self._held[name],), N_("Reading your game")))
        path = game_path(self.folders.games, name)
        older = (*(game_path(self.folders.games, counted_name(name, count)) for count in spec.counts),
                 *_formerly(self.folders.games, name))
        what = N_("saved game in progress")
        return self._submit(Task(read_game_file, (path, spec, what, self._game_writes.get(name), True, older),
                                 N_("Reading your game")))

    def opened(self, spec: PuzzleSpec, result: Opened) -> None:
        """What reading a game found: a damaged file is gone from the games in progress (or, if it could
        not be moved aside, never written over)."""
        if result.game is None:
            self._keys.discard(file_key(spec.base))
        else:   # found even where the start-up listing had none
            self._keys.add(file_key(spec.base))
        if result.blocked:
            self._blocked.add(spec.base)

    def load_saved(self, spec: PuzzleSpec) -> Job[Opened]:
        """The player's own save of ``spec`` (Ctrl+O), read on the light lane."""
        return self._submit(Task(read_game_file, (self.saved_path(spec), spec, N_("saved game"), None, False,
                                                  _formerly(self.folders.saves, spec.name)), N_("Opening your save")))

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
        self._keys.difference_update(file_key(old) for old in catalog.former_names(name))   # their files go too
        path = game_path(self.folders.games, name)
        kept = game if keep else None
        job = self._submit(Task(write_game_file, (path, kept, _formerly(self.folders.games, name)),
                                N_("Keeping your game")), partial(self._game_written, name))
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

    def keep_choice(self, key: str, value: str) -> None:
        """Another choice the menu keeps among its chosen variants, written at once (a shelf's order:
        ``key`` names no group)."""
        self.chosen[key] = value
        if self.enabled:
            self._choices_unwritten[key] = value
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
