"""The game on the play screen as the player keeps it, without drawing: resumed from its file when the
screen opens, written as it changes, its wins recorded, saved to the player's saves folder (Ctrl+S, asking
before a save of another game is replaced) and opened from there (Ctrl+O).

It is also where a session and a saved game meet: :mod:`game.keeping.saves` knows games as data and text,
:mod:`game.midend.session` knows nothing of files, and the functions here turn one into the other.

The play screen asks and shows what it is told: each :class:`Said` is a sentence for its message line, and
a game taken in wholesale (resumed, opened) is shown as it is, nothing gliding. Every read and write goes
through the :class:`~game.keeping.journal.Journal`, off the window's thread.
"""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.common.background import Job, Service
from game.common.i18n import N_, _
from game.common.untrusted import sentence
from game.keeping.journal import Journal
from game.keeping.journal_files import Exported, Opened
from game.keeping.saves import SavedGame, game_text, read_game
from game.midend.daily import Daily, is_daily_game, result_line
from game.midend.lines import line_entries, watch_line
from game.midend.intent import Intent
from game.midend.sayings import Said, Tone
from game.midend.recount import recounted
from game.midend.session import Session, Win
from game.rules.puzzle import PositionError

__all__ = ["TAKEN", "KeptGame", "Said", "Taken", "Turn", "adopt", "load_text", "restored", "save_text", "saved_game"]


# -- a session and a saved game --------------------------------------------------------------------

def saved_game(session: Session) -> SavedGame:
    """A copy of the session's game that stays as it is while the session plays on."""
    timeline = session.timeline
    return SavedGame(session.spec, tuple(timeline.entries), timeline.cursor, session.elapsed, dict(timeline.notes))


def save_text(session: Session) -> str:
    """The session's game as text (see :mod:`game.keeping.saves`)."""
    return game_text(saved_game(session))


def restored(game: SavedGame, *, service: Service, rng: random.Random | None = None) -> Session:
    """The session of a saved game (replayed and checked by :func:`~game.keeping.saves.read_game`), its whole
    history with it: undo goes on where it stopped, the clock where it stood."""
    session = Session(game.spec, game.entries[0].position, service=service, rng=rng)
    session.timeline.follow_with(game.entries, game.cursor, game.notes)
    session.resume_clock(game.seconds)
    return session


def load_text(text: str, *, service: Service, rng: random.Random | None = None) -> Session:
    """A session from :func:`save_text`'s text; bad text raises PositionError with one sentence."""
    return restored(read_game(text), service=service, rng=rng)


def adopt(session: Session, game: SavedGame, message: str = "") -> None:
    """A saved game of the session's puzzle as the game on the board, its whole history with it, after the
    history so far (undo past its first position comes back to the game there was)."""
    if game.spec.name != session.spec.name:
        raise ValueError(f"a saved game of {game.spec.title} cannot be opened in {session.spec.title}.")
    session.follow_with(game.entries, game.cursor, game.notes, game.seconds, message)


# -- the play screen's kept game -------------------------------------------------------------------

class Taken:
    """The game on the board was taken in wholesale (resumed, opened): it is shown as it is, nothing glides."""


TAKEN = Taken()
Turn = Said | Taken   # what the play screen is told, in turn
NOT_KEPT = N_("Games are not kept in this window.")


class KeptGame:
    """The play screen's game: ``session``, resumed from its file first if the game is ``kept`` (then a
    ``position`` asked for follows it as a new game), or the saved game ``load`` opened over it.

    ``daily``: the game is the day's daily puzzle (its position is ``position``). A kept game already
    under way from that very position is resumed rather than begun again, and a win of a game from it
    is recorded as that day's daily, with its result line.

    ``watch``: a line of the puzzle's notation (a file's solution), played back from its start as a new
    game once the game in progress is in."""

    def __init__(self, journal: Journal, session: Session, *, kept: bool = False, position: bytes | None = None,
                 load: SavedGame | None = None, message: str | None = None, daily: Daily | None = None,
                 watch: str | None = None) -> None:
        self.journal = journal
        self.session = session
        self.spec = session.spec
        self.daily = daily
        self.kept = kept and journal.enabled
        self.resuming = self.kept or load is not None or watch is not None   # the game in progress still to come
        self._reading: Job[Opened] | None = None
        self._then = (position, load, message)           # what follows once it is in
        self._watch = watch                              # ... and a line of the puzzle's notation to watch then
        self._told: tuple[int, int] | None = None        # the session and version the journal last heard of
        self._file_job: tuple[str, Job[Any]] | None = None   # Ctrl+S or Ctrl+O on its way
        self.asking = ""    # Ctrl+S found a save of another game (this digest): replace it?
        if self.kept:
            journal.played(self.spec.base, self.spec.presentation.group)
            self._reading = journal.open(self.spec)

    def _snapshot(self) -> SavedGame:
        return saved_game(self.session)

    # -- as the screen goes on ------------------------------------------------------------------------
    def poll(self) -> list[Turn]:
        """Once a frame: the game in progress once it is read, and Ctrl+S or Ctrl+O once done."""
        return [*self._resume(), *self._file_done()]

    def _resume(self) -> list[Turn]:
        """Take in the game in progress once it is read (at once if there is none): its whole history,
        then a new game from the position asked for, or the saved game to open."""
        job = self._reading
        if not self.resuming or (job is not None and not job.done):
            return []
        self.resuming, self._reading = False, None
        position, load, message = self._then
        opened = None
        if job is not None:   # a read that failed outright leaves a file not known to be damaged: never written over
            opened = job.result if job.result is not None else Opened(None, job.error or "", blocked=True)
            self.journal.opened(self.spec, opened)
        session = self.session
        said = message
        if opened is not None and opened.game is not None:
            session = restored(opened.game, service=session.service, rng=session.rng)
            wanted = load.spec if load is not None else self.spec if position is not None else session.spec
            if session.spec.name != wanted.name:   # asked for under another count: the kept game is recounted
                session = recounted(session, wanted)
            if position is not None and self._under_way(session, position):
                said = _("Your game of today's puzzle as you left it.")
            elif position is not None:
                session.new_deal(position, message or "")
            elif load is None and not said:
                said = _("Your game as you left it: U takes back its moves, N starts a new one.")
        if load is not None:
            opened_words = (_("Opened a saved game of {title}: undo past its start brings back your game.")
                            if len(session.history) > 1 else _("Opened a saved game of {title}."))
            adopt(session, load, message or opened_words.format(title=_(self.spec.title)))
            said = None
        self._take(session)
        if opened is not None and opened.problem:
            return [TAKEN, Said(opened.problem, Tone.NOPE)]
        if self._watch is not None:
            return [*self._watched(self._watch), TAKEN]
        return [TAKEN, Said(said, Tone.ACCENT)] if said else [TAKEN]

    def _watched(self, text: str) -> list[Turn]:
        """A new game from the puzzle's start, ``text`` (its notation: a file's solution) played back on it."""
        try:
            entries = line_entries(self.spec, self.spec.puzzle.start, text)
        except PositionError as problem:
            return [Said(str(problem), refused=True)]
        watch_line(self.session, entries, _("The file's solution from the level's start: Space pauses it, any move of "
                                            "yours takes over, U brings back your game."))
        return []

    def _take(self, session: Session) -> None:
        if session is not self.session:
            self.session.cancel_search()
            self.session = session
            self.spec = session.spec   # a kept game comes back under the count it was played under
        self._told = None

    def recount(self, session: Session) -> None:
        """The game goes on counted another way (``session``: this game recounted): kept as the same game."""
        self._take(session)

    def keep(self, marks: bool) -> None:
        """Tell the journal when the game changed (once it is in). ``marks``: move marks are on the board,
        which is help in this game."""
        s = self.session
        if not self.kept or self.resuming or (id(s), s.timeline.version) == self._told:
            return
        if marks and not s.solved:
            s.note_marks()
        self._told = (id(s), s.timeline.version)
        self.journal.changed(self.spec.base, self._snapshot)

    def _under_way(self, session: Session, position: bytes) -> bool:
        """The daily's game is the kept one already, begun at its position and not finished."""
        return is_daily_game(self.daily, session.spec.name, position) and session.game_start == position \
            and not session.solved

    def record(self, win: Win) -> Win:
        """A win of a kept game goes into the records, once; a win of the daily as that day's. The win as
        recorded."""
        if self.is_daily():
            assert self.daily is not None
            win = replace(win, daily=self.daily.date.isoformat())
        if self.kept and not win.notes.recorded:
            self.journal.record(win)
            self.session.mark_recorded()
        return win

    def is_daily(self) -> bool:
        """The game on the board is the daily's: begun at its position, of its puzzle."""
        return is_daily_game(self.daily, self.session.spec.name, self.session.game_start)

    def daily_line(self) -> str:
        """The line to share once the daily is solved ('' while it is not, or for any other game)."""
        win = self.session.result()
        if win is None or not self.is_daily() or self.daily is None:
            return ""
        notes = win.notes
        return result_line(self.daily.date, _(self.spec.title), win.moves, self.daily.optimum, notes.hints,
                           notes.solver or win.by_solver, notes.marks)

    def leave(self) -> None:
        """The screen closes: the last state of the game (its clock too) is written now."""
        if self.kept and not self.resuming:
            self.journal.changed(self.spec.base, self._snapshot)
            self.journal.flush(self.spec.base)

    # -- Ctrl+S and Ctrl+O ----------------------------------------------------------------------------
    def save(self, replace: str = "") -> list[Turn]:
        """This game, its whole history, to the player's saves folder. A save there of another game is
        replaced only once the player says so (``replace``: the digest of the one asked about)."""
        if not self.journal.enabled:
            return [Said(_(NOT_KEPT), refused=True)]
        self._file_job = ("save", self.journal.export(self._snapshot(), replace))
        return self._file_done()

    def answer(self, intent: Intent) -> tuple[bool, list[Turn]]:
        """The answer to "replace the save?": Ctrl+S again or Enter replaces it, Esc keeps it (True: the
        key was the answer); any other key withdraws the question and does what it always does."""
        asked, self.asking = self.asking, ""
        if intent in (Intent.SAVE, Intent.CONFIRM):
            return True, self.save(asked)
        if intent is Intent.BACK:
            return True, [Said(_("Your saved game is kept as it was; this game was not saved."))]
        return False, [Said("")]

    def open_saved(self) -> list[Turn]:
        """The saved game of this puzzle from the player's saves folder, as a new game."""
        if not self.journal.enabled:
            return [Said(_(NOT_KEPT), refused=True)]
        self._file_job = ("open", self.journal.load_saved(self.spec))
        return self._file_done()

    def _file_done(self) -> list[Turn]:
        if self._file_job is None or not self._file_job[1].done:
            return []
        (what, job), self._file_job = self._file_job, None
        path = self.journal.saved_path(self.spec)
        if what == "save":
            return [self._saved(path, job.result if job.result is not None
                                else Exported(False, trouble=job.error or ""))]
        opened = job.result if job.result is not None else Opened(None, job.error or "")
        if opened.game is not None:
            said = (_("Opened {file}: undo past its start brings back the game before.")
                    if len(self.session.history) > 1 else _("Opened {file}."))
            adopt(self.session, opened.game, said.format(file=path.name))
            self._told = None
            return [TAKEN]   # shown as it is: no glide from a position of another game
        if opened.problem:
            return [Said(opened.problem, refused=True)]
        return [Said(_("There is no saved game of {title} in {folder} yet: Ctrl+S saves one.")
                     .format(title=_(self.spec.title), folder=path.parent), refused=True)]

    def _saved(self, path: Path, exported: Exported) -> Said:
        """What Ctrl+S did: saved (and where the file it replaced went), a question, or why not."""
        if exported.asks:
            self.asking = exported.asks
            return Said(_("Your saves folder holds another game of {title}: Ctrl+S again or Enter replaces it "
                          "(the old one is kept beside it), Esc keeps it.").format(title=_(self.spec.title)),
                        Tone.ACCENT)
        if exported.written and exported.aside is not None:
            return Said(_("Saved as {path} (Ctrl+O opens it again); the file it replaced is kept as {file}.")
                        .format(path=path, file=exported.aside.name), Tone.ACCENT)
        if exported.written:
            return Said(_("Saved as {path} (Ctrl+O opens it again).").format(path=path), Tone.ACCENT)
        # Translators: {reason} is why, often the system's own words ("Read-only file system")
        return Said(sentence(_("The game could not be saved as {path} ({reason}).")
                             .format(path=path, reason=exported.trouble.rstrip("."))), refused=True)
