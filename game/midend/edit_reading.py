"""The position editor's reading of its position: goal, distance or dead end, at once where the puzzle's table
holds the position, else by a search in the background that starts a moment after the last edit, is
superseded by the next one, and can be stopped (:class:`EditorReading`). :class:`~game.midend.editor.Editor`
adds the edits on top. Nothing here imports pygame or reads a clock: time advances through ``update(dt)``."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.catalog.spec import PuzzleSpec
from game.common.background import Job, JobState, Lane, Service, Task
from game.common.i18n import N_, _
from game.common.phrase import translated
from game.common.untrusted import sentence
from game.oracles import tasks
from game.oracles.base import READY, Answer, Oracle, OracleStatus
from game.rules.counts import MOVES
from game.rules.puzzle import Puzzle

__all__ = ["Found", "KNOWN_LIMIT", "EditorReading", "Reading", "ReadingKind", "SEARCH_DELAY"]

SEARCH_DELAY = 0.3      # seconds after the last edit before a search starts (keys held down edit fast)
KNOWN_LIMIT = 5_000     # searched positions remembered


class ReadingKind(Enum):
    ILLEGAL = "illegal"        # not a position of this puzzle: the sentence says why
    GOAL = "goal"
    SOLVABLE = "solvable"
    DEAD_END = "dead end"
    WAITING = "waiting"        # for the table of every position, which answers at once
    SEARCHING = "searching"
    STOPPED = "stopped"        # the player stopped the search
    FAILED = "failed"          # the search could not answer (too large...): the sentence says why


@dataclass(frozen=True)
class Reading:
    """What the editor says about the position: one sentence, and how it is known or how far the search is."""

    kind: ReadingKind
    text: str
    detail: str = ""
    distance: int | None = None
    fraction: float | None = None     # a table's preparation, while waiting for it


@dataclass(frozen=True)
class Found:
    """A search's answer about one position: its distance (None: a dead end) and how long it took."""

    distance: int | None
    seconds: float
    at_least: int | None = None   # the line found is not proven shortest: the fewest moves the position may need


class EditorReading:
    """What the editor knows of its position and the search it runs for it (the editor sets the puzzle and the
    state below; a change of puzzle clears what was known)."""

    spec: PuzzleSpec
    puzzle: Puzzle
    oracle: Oracle
    service: Service
    delay: float                     # seconds of rest after an edit before a search starts

    def __init__(self) -> None:
        self._idle = self.delay          # seconds since the last change: the first search starts at once
        self._known: dict[bytes, Found] = {}
        self._failed: dict[bytes, str] = {}
        self._stopped: set[bytes] = set()
        self.job: Job[Answer] | None = None
        self._status: OracleStatus = READY

    @property
    def position(self) -> bytes:
        raise NotImplementedError

    def problem(self) -> str | None:
        raise NotImplementedError

    # -- the reading ----------------------------------------------------------------------------------
    def reading(self) -> Reading:
        """What is known about the position now (never a search on this thread)."""
        state = self.position
        problem = self.problem()
        if problem is not None:
            return Reading(ReadingKind.ILLEGAL, problem)
        if self.puzzle.is_goal(state):
            return Reading(ReadingKind.GOAL, _("This is the goal: solved, 0 moves."), distance=0)
        try:
            distance = self.oracle.distance(state)   # first: a table whose entry here does not hold covers nothing
            if self.oracle.covers(state):
                return self._found(distance, _("Exact, from the table of every position."))
        except (ValueError, IndexError, KeyError):
            return Reading(ReadingKind.FAILED, _("The rules of {title} cannot rank this position, so its distance "
                                                 "is unknown.").format(title=self.spec.shown_title()))
        found = self._known.get(state)
        if found is not None and found.at_least is not None and found.distance is not None:
            # Translators: the editor's reading where the line found is not proven shortest
            return Reading(ReadingKind.SOLVABLE, _("Solvable: the shortest line found has {n:,} moves, not proven; "
                                                   "the shortest needs at least {least:,}.")
                           .format(n=found.distance, least=found.at_least),
                           _("Found in {seconds:.1f} s; a search that proves the shortest would take too long.")
                           .format(seconds=found.seconds))
        if found is not None:
            return self._found(found.distance, _("Found by an optimal search in {seconds:.1f} s.")
                               .format(seconds=found.seconds))
        if state in self._failed:
            return Reading(ReadingKind.FAILED, self._failed[state], _("S tries again."))
        if state in self._stopped:
            return Reading(ReadingKind.STOPPED, _("Search cancelled: the distance is not known."),
                           _("S searches again."))
        if self.waiting_for_table():
            status = self._status
            said = translated(status.text) if status.text else _("It answers at once when it is ready.")
            detail = (_("{status} {fraction:.0%}").format(status=said, fraction=status.fraction) if status.fraction
                      else said)
            return Reading(ReadingKind.WAITING, _("Waiting for the table of every position…"), detail,
                           fraction=status.fraction)
        job = self.job
        if job is not None and not job.done:
            # Translators: seconds a search has run, and what it reports ("2.5 s, searching 40 moves… 1,200 nodes")
            progress = _("{seconds:.1f} s, {progress}").format(seconds=job.elapsed, progress=translated(job.text))
        else:
            # Translators: a search in the editor about to begin
            progress = _("starting…")
        return Reading(ReadingKind.SEARCHING, _("Searching… (Esc cancels)"), progress)

    def _found(self, distance: int | None, how: str) -> Reading:
        if distance is None:
            return Reading(ReadingKind.DEAD_END, _("Dead end: the goal cannot be reached from here."), how)
        return Reading(ReadingKind.SOLVABLE, (self.spec.count if self.spec.counts else MOVES).solvable(distance), how, distance)

    def waiting_for_table(self) -> bool:
        """The complete table is on its way: it will answer at once, and beats any search meanwhile."""
        return self.oracle.exact and self._status.busy

    @property
    def searching(self) -> bool:
        job = self.job
        return job is not None and not job.done

    # -- time and the background search ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Take in a finished table or search; start a search once the position has rested."""
        self._status = self.oracle.status() if not self.oracle.ready() else READY
        self._take_job()
        self._idle += dt
        if self._idle >= self.delay and self._needs_search():
            self._submit()

    def stop_search(self) -> bool:
        """Stop the running search (the position shows as not known); False if none runs."""
        if not self.searching:
            return False
        self._cancel_job()
        self._stopped.add(self.position)
        return True

    def search_again(self) -> bool:
        """Search the position now (after a stop or a failure); False if it needs no search."""
        self._stopped.discard(self.position)
        self._failed.pop(self.position, None)
        if not self._needs_search():
            return False
        self._submit()
        return True

    def _needs_search(self) -> bool:
        state = self.position
        if self.problem() is not None or self.puzzle.is_goal(state) or state in self._known:
            return False
        if state in self._failed or state in self._stopped or self.waiting_for_table():
            return False
        if self.job is not None and self._job_position() == state:
            return False
        try:
            return not self.oracle.covers(state)
        except (ValueError, IndexError, KeyError):
            return False

    def _submit(self) -> None:
        self._cancel_job()
        state = self.position
        task = Task(tasks.answer, (self.spec.oracle, state, ()), N_("The search"))
        self.job = self.service.submit(task, Lane.SEARCH)
        self._take_job()

    def _job_position(self) -> bytes | None:
        return self.job.task.args[1] if self.job is not None else None

    def _take_job(self) -> None:
        job = self.job
        if job is None or not job.done:
            return
        state = self._job_position()
        self.job = None
        if state is None or job.state is JobState.CANCELLED:
            return
        if job.state is JobState.DONE and job.result is not None:
            line = job.result.line
            if len(self._known) >= KNOWN_LIMIT:
                self._known.clear()
            self._known[state] = Found(None if line is None else len(line), job.elapsed,
                                       None if line is None or line.proven else line.at_least)
        else:
            self._failed[state] = sentence(job.error or _("The search failed."))

    def _cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
