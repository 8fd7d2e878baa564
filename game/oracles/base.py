"""The oracle protocol and the small types it speaks in.

An oracle answers for one puzzle: at once when it can (``distance``, ``verdicts``,
``instant_answer``: never a search, safe on the UI thread), or by a search that may take a
while (``answer``: run by the background service, cancellable through its :class:`Report`).
Some oracles need tables before they answer well; ``start_preparing`` gets them ready in
the background (loaded in a thread, else built in a process) and ``status`` says how far
that got. Whatever an oracle builds elsewhere comes back as a *payload* that ``install``
takes in, so a table built in a worker process is used by the game without a reload.
"""
from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Protocol, Sequence

from solvers.limits import Limits
from solvers.problem import Path
from solvers.sweep import Analysis

from game.common.background import Job, JobState, Lane, Service, Task, Where
from game.common.i18n import N_
from game.common.phrase import Phrase
from game.rules.puzzle import Move, PositionError, Puzzle


PROGRESS_EVERY = 0.1   # seconds between two progress reports of a search


class Phase(Enum):
    IDLE = "idle"            # not ready, nothing under way (searches answer meanwhile)
    LOADING = "loading"
    BUILDING = "building"
    READY = "ready"
    FAILED = "failed"


@dataclass(frozen=True)
class OracleStatus:
    phase: Phase
    fraction: float = 0.0
    text: str = ""

    @property
    def busy(self) -> bool:
        return self.phase in (Phase.LOADING, Phase.BUILDING)


READY = OracleStatus(Phase.READY, 1.0)


class Verdict(Enum):
    """What one move does to the distance to the goal (the move marks)."""

    CLOSER = "closer"
    FARTHER = "farther"
    SAME = "same"
    DEAD_END = "dead end"


class Build(Enum):
    """How much preparing may build (loading what is cached is always allowed)."""

    NEVER = "never"
    FOR_ANSWERS = "answers"   # what answering positions needs: cheap tables, a search's own tables
    ALWAYS = "always"


class NoSolution(PositionError):
    """The position is legal but can never reach the goal (a dead end of a one-way puzzle)."""


class TooLarge(PositionError):
    """The puzzle has too many positions for what was asked (a whole-space table)."""


WRONG_ANSWER = N_("The solution found for this position does not reach the goal when it is played out, so it is "
                  "not shown.")


class WrongAnswer(PositionError):
    """An answer that does not hold when it is played out (a table that does not fit its puzzle):
    said in one sentence, never shown."""

    def __init__(self) -> None:
        super().__init__(Phrase(WRONG_ANSWER))


@dataclass(frozen=True)
class Line:
    """A solution: the moves, every position from the start to the goal, and its cost. A shortest one,
    unless ``proven`` is False: then it is the shortest found, not proven (where an optimal search
    would take hours), at most ``within`` times as long as the shortest, which needs at least
    ``at_least`` moves."""

    moves: tuple[Move, ...]
    states: tuple[bytes, ...]
    nodes: int
    seconds: float
    algorithm: str
    proven: bool = True
    at_least: int = 0
    within: float = 1.0

    def __len__(self) -> int:
        return len(self.moves)

    def lower_bounds(self) -> tuple[int, ...]:
        """For each position along the line, the fewest moves its shortest line may have: its own length
        where the line is proven, else what the first position's bound leaves after the moves made."""
        n = len(self.moves)
        if self.proven:
            return tuple(n - i for i in range(n + 1))
        return tuple(max(1, self.at_least - i) if i < n else 0 for i in range(n + 1))

    @classmethod
    def of(cls, path: Path, started: float, algorithm: str) -> Line:
        return cls(tuple(path.moves), tuple(path.states), path.nodes, time.perf_counter() - started, algorithm)


@dataclass(frozen=True)
class Answer:
    """A shortest line from the position; for a dead end (``line`` None), the first of the
    earlier positions that can still win (its index in ``earlier``) and its line."""

    line: Line | None
    winnable_index: int | None = None
    winnable_line: Line | None = None

    @property
    def dead_end(self) -> bool:
        return self.line is None


class Report(Protocol):
    """What a long task sees of the service running it."""

    def progress(self, fraction: float | None, text: str) -> None: ...

    def cancelled(self) -> bool: ...


class Quiet:
    """A report nobody reads and nothing cancels: for the command line and tests."""

    def progress(self, fraction: float | None, text: str) -> None:
        pass

    def cancelled(self) -> bool:
        return False


QUIET = Quiet()


class Ticker:
    """The cancel callback handed to the generic searches, which call it as they expand positions
    (``nodes`` counts them): it reports them a few times a second."""

    def __init__(self, report: Report, nodes: Callable[[], int], what: str = N_("searching")) -> None:
        self.report = report
        self.nodes = nodes
        self.what = what
        self.last = time.monotonic()

    def __call__(self) -> bool:
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY:
            self.last = now
            # Translators: a search's progress: what it does, and how many positions it has looked at so far
            self.report.progress(None, Phrase(N_("{what}… {nodes:,} nodes"), what=Phrase(self.what),
                                              nodes=self.nodes()))
        return self.report.cancelled()


def replays(puzzle: Puzzle, state: bytes, line: Line) -> bool:
    """Whether ``line`` is a solution from ``state``: played out move by move, each move legal where
    it is played and leading to the position the line names next, the last one a goal."""
    if len(line.states) != len(line.moves) + 1 or line.states[0] != state:
        return False
    at = state
    for move, named in zip(line.moves, line.states[1:]):
        try:
            at = puzzle.play(at, move)
        except PositionError:
            return False
        if at != named:
            return False
    return puzzle.is_goal(at)


def checked(puzzle: Puzzle, state: bytes, line: Line) -> Line:
    """``line`` if it replays from ``state`` (:func:`replays`); WrongAnswer otherwise."""
    if not replays(puzzle, state, line):
        raise WrongAnswer()
    return line


def dead_end_message(puzzle: Puzzle) -> Phrase:
    return Phrase(N_("This position is a dead end in {title}: no sequence of moves reaches the goal from it."),
                  title=Phrase(puzzle.title))


@dataclass(frozen=True)
class Recipe:
    """How to make a puzzle's oracle, in this process or another: its name, the rules' builder and the
    oracle's factory, each a module-level function (or a partial of one) over plain data, so the whole
    recipe travels to a worker process, which makes the same oracle from it (once per name)."""

    key: str                                            # the puzzle's name: one oracle per name per process
    build: Callable[[], Puzzle]
    answered_by: Callable[[Puzzle, "Recipe | None"], "Oracle"]

    def make(self) -> Oracle:
        return self.answered_by(self.build(), self)


MADE_KEPT = 2   # oracles a worker keeps made (with their tables): the puzzle asked about now and the one before
_MADE: OrderedDict[str, Oracle] = OrderedDict()   # oracles a worker process made from recipes sent to it, latest last


def keep_made(count: int) -> None:
    """Keep only the last ``count`` puzzles' oracles made in this process (a worker's setup: the demo's never
    asks about a puzzle again within the hour, so it keeps one, and a new table loads with none other held)."""
    global MADE_KEPT
    MADE_KEPT = max(1, count)
    while len(_MADE) > MADE_KEPT:
        _MADE.popitem(last=False)


def made_from(recipe: Recipe) -> Oracle:
    """The oracle of ``recipe`` in this process, made on first use (how an oracle arrives in a worker). Only the
    last MADE_KEPT puzzles' are kept: a worker that answers for puzzle after puzzle (the demo's, a player's
    going through the menu) lets the older ones' tables go, before it makes the new one (made first, the new
    table was loaded while the two before were still held: the demo's worker peaked a table higher)."""
    oracle = _MADE.get(recipe.key)
    if oracle is None:
        while len(_MADE) >= MADE_KEPT:
            _MADE.popitem(last=False)
        oracle = _MADE[recipe.key] = recipe.make()
    else:
        _MADE.move_to_end(recipe.key)
    return oracle


class Oracle(ABC):
    """Answers for one puzzle. Subclasses say how; this class keeps the shared parts.

    An oracle is sent to a background task as itself: within this process the task uses this very
    object (with whatever tables it holds); to a worker process only its :class:`Recipe` travels,
    and the worker makes (or reuses) its own."""

    exact = False         # once ready, every position's distance is known at once (a complete table)
    limits: Limits | None = None   # the player's limits on long searches (None: the window's, see game.oracles.limits)
    build_inline = True   # an inline service (headless screenshots) may build its tables inside one call
    notices: tuple[str, ...] = ()   # one-sentence notes from preparing (e.g. an unwritable cache folder)

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None) -> None:
        self.puzzle = puzzle
        self.recipe = recipe
        self._preparation: Preparation | None = None

    def __reduce__(self) -> tuple[object, ...]:
        if self.recipe is None:
            raise TypeError(f"the oracle of {self.puzzle.name} has no recipe: it cannot go to another process")
        return made_from, (self.recipe,)

    def terminal_limits(self, seconds: float | None, memory: int | None) -> Limits:
        """The command line's limits: those the player gave, else a terminal's defaults (a minute, a quarter of
        the machine's memory at most)."""
        return Limits.terminal(seconds, memory)

    # -- getting ready -------------------------------------------------------------------------

    def ready(self) -> bool:
        """Everything this oracle can prepare is in place (oracles with nothing to prepare: always)."""
        return True

    def payload(self, build: Build, report: Report = QUIET) -> object | None:
        """Load (or, as ``build`` allows, build) what ``install`` takes; None when not cached and not
        allowed to build. May run in another process: it changes nothing here."""
        return None

    def install(self, payload: object) -> None:
        """Take in a payload (from this process or a worker)."""

    def prepare(self, build: Build = Build.ALWAYS, report: Report = QUIET) -> bool:
        """Get ready in this process (the command line, tests); True when ready."""
        if not self.ready():
            got = self.payload(build, report)
            if got is not None:
                self.install(got)
        return self.ready()

    def start_preparing(self, service: Service) -> None:
        """Get ready in the background: load in a thread, else build in a process. Never blocks."""
        if self.ready() or (self._preparation is not None and self._preparation.poll().busy):
            return   # ready, or on its way; one that failed or ended with nothing (an inline service) starts again
        self._preparation = Preparation(self, service)

    def stop_preparing(self) -> None:
        """Stop getting ready in the background: nobody will ask this oracle any more (the editor's puzzle
        with doors it no longer has). Asked again, it starts again."""
        if self._preparation is not None:
            self._preparation.job.cancel()
            self._preparation = None

    def status(self) -> OracleStatus:
        """How ready this oracle is (polling also installs what a finished preparation brought)."""
        if self.ready():
            return READY
        if self._preparation is None:
            return OracleStatus(Phase.IDLE)
        return self._preparation.poll()

    # -- instant answers: never a search ---------------------------------------------------------

    def distance(self, state: bytes) -> int | None:
        """Optimal moves to the goal if known without a search (None: unknown, or a dead end)."""
        return 0 if self.puzzle.is_goal(state) else None

    def dead_end(self, state: bytes) -> bool:
        """Known, without a search, to have no way to the goal."""
        return False

    def covers(self, state: bytes) -> bool:
        """Whether ``distance`` and ``dead_end`` are exact for this position (a table holds it). A
        table over the start's component says nothing of a position outside it: that one is searched."""
        return False

    def verdicts(self, state: bytes) -> list[tuple[Move, Verdict]] | None:
        """Every legal move and what it does, when known without a search."""
        return None

    def instant_answer(self, state: bytes, earlier: Sequence[bytes] = ()) -> Answer | None:
        """``answer`` when it needs no search right now, else None."""
        return None

    def foresight(self, state: bytes) -> Phrase | None:
        """What can be said before searching from ``state``: that its answer will not be proven shortest,
        and why (None: nothing to say; every answer is proven)."""
        return None

    def max_distance(self) -> int | None:
        """The longest optimal solution a player can meet, when known."""
        return None

    def position_at(self, distance: int, rng: random.Random) -> bytes | None:
        """A uniformly random position exactly ``distance`` moves from the goal (None: cannot say)."""
        return None

    def random_position(self, rng: random.Random) -> bytes | None:
        """A uniformly random solvable position other than the goal, among those the start can reach
        (None: cannot say without a complete table)."""
        return None

    # -- searching ----------------------------------------------------------------------------------

    @abstractmethod
    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        """A shortest line from ``state``; for a dead end, the first of ``earlier`` that can win.
        May search (raises solvers.problem.Cancelled when the report says so)."""

    def solve(self, state: bytes, report: Report = QUIET) -> Line:
        """A shortest line; NoSolution for a dead end."""
        line = self.answer(state, (), report).line
        if line is None:
            raise NoSolution(dead_end_message(self.puzzle))
        return line

    def analysis(self, report: Report = QUIET) -> tuple[Analysis, float]:
        """Figures of the whole space and the seconds they took (TooLarge where there is no table)."""
        raise TooLarge(self.no_table_reason())

    def no_table_reason(self) -> Phrase:
        """Why there is no table of every position (a Phrase: show it through ``translated``)."""
        return Phrase(N_("{title} has too many positions to sweep; solve single positions instead."),
                      title=Phrase(self.puzzle.title))


def first_winnable(oracle: Oracle, earlier: Sequence[bytes], report: Report) -> Answer:
    """A dead end's answer: the first earlier position whose search finds a line."""
    for index, state in enumerate(earlier):
        report.progress(None, Phrase(N_("dead end; checking earlier positions ({number} of {count})…"),
                                     number=index + 1, count=len(earlier)))
        line = oracle.answer(state, (), report).line
        if line is not None:
            return Answer(None, index, line)
    return Answer(None)


def payload_of(report: Report, oracle: Oracle, build: Build) -> object | None:
    """The oracle's payload, as a background task: its tables, loaded or (as ``build`` allows) built."""
    return oracle.payload(build, report)


# what the status says while a task has said nothing yet (English, marked: shown through translated())
DEFAULT_TEXT = {Phase.LOADING: N_("loading the table…"), Phase.BUILDING: N_("building the table (first time only)…")}


class Preparation:
    """Getting one oracle ready in the background: load what is cached in a thread, and only if that
    finds nothing, build in a process. What a finished job brought is installed on whichever thread next
    asks for the oracle's status (the window's, in the game)."""

    def __init__(self, oracle: Oracle, service: Service) -> None:
        self.oracle = oracle
        self.service = service
        self.failed = False
        self.phase = Phase.LOADING
        self.job: Job[object | None] = self._submit(Build.NEVER, Lane.LIGHT, N_("Loading the table"))

    def _submit(self, build: Build, lane: Lane, label: str) -> Job[object | None]:
        return self.service.submit(Task(payload_of, (self.oracle, build), label), lane)

    def poll(self) -> OracleStatus:
        job = self.job
        if not job.done:
            text = job.text if job.state is JobState.RUNNING and job.text != "working…" else DEFAULT_TEXT[self.phase]
            return OracleStatus(self.phase, job.fraction or 0.0, text)
        if job.state is JobState.DONE:
            if job.result is not None:
                self.oracle.install(job.result)
                return READY
            if self.phase is Phase.LOADING and self._may_build():
                self.phase = Phase.BUILDING
                self.job = self._submit(Build.ALWAYS, Lane.BUILD, N_("Building the table"))
                return self.poll()
            return OracleStatus(Phase.IDLE)
        self.failed = True
        return OracleStatus(Phase.FAILED, 0.0, job.error or N_("The table could not be prepared."))

    def _may_build(self) -> bool:
        """Inline services (headless screenshots) build only what is quick."""
        return self.service.where is not Where.INLINE or self.oracle.build_inline
