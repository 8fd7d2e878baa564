"""The "midend": one game in progress, everything except drawing and input.

A :class:`Session` owns the position history (undo/redo), the move counter and play timer,
hints and auto-solve playback. Answers come from the puzzle's oracle: at once where it can
(a table lookup), else from a search the session hands to the background service. The UI
turns input into calls (``play``, ``undo``, ``request_hint``, ``start_solve``...) and calls
``update(dt)`` once a frame; ``update`` returns :class:`Event` values saying what happened
so the UI can animate moves and celebrate a win. Nothing here imports pygame or reads a
clock: time advances only through ``update(dt)``, so tests drive it exactly.

Design choices (after Simon Tatham's midend):

* History is a list of entries plus a cursor. Restart and new deal are entries too, so they
  can be undone; a new move drops the redo tail.
* Hints and solutions always come from an optimal search, never from a greedy step. Each
  finished search is remembered position by position (a suffix of a shortest path is itself
  a shortest path), so following hints or resuming a solve costs no new search. The memory
  is keyed by the exact position, so a remembered line is only used where the player is on it.
* Any change of position makes a running search obsolete: it is cancelled (its result, if
  it already arrived, is still remembered). Player input (move, undo, redo, restart, deal)
  also stops auto-solve playback; playback's own moves do not.
"""
from __future__ import annotations

import random
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from enum import Enum
from typing import Sequence

from game import catalog, tasks
from game.background import Job, JobState, Lane, Service, Task
from game.oracles.base import Answer, Line, dead_end_message
from game.puzzles.base import Move, PositionError
from game.spec import PuzzleSpec

MIN_SPEED, MAX_SPEED, DEFAULT_SPEED = 0.5, 16.0, 2.0
MAX_BACKLOG = 2.0       # after a stalled frame playback catches up at most this many moves, it never fast-forwards
MEMORY_LIMIT = 10_000   # remembered positions (each holds its remaining optimal line)
EVENT_LIMIT = 1_000     # events kept for update(); a UI that stops polling must not grow memory
DEAL_TRIES = 12         # searched deals (15-puzzle): random boards tried before settling for the longest


class Purpose(Enum):
    """What a running search is for."""

    HINT = "hint"
    SOLVE = "solve"
    STEP = "step"
    DEAL = "deal"


class EventKind(Enum):
    MOVED = "moved"
    SOLVED = "solved"
    HINT = "hint"
    DEAD_END = "dead_end"
    SEARCH_FAILED = "search_failed"
    ILLEGAL = "illegal"
    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"
    DEAL = "deal"


class EntryKind(Enum):
    START = "start"
    MOVE = "move"
    RESTART = "restart"
    DEAL = "deal"
    SOLVE = "solve"    # a move made by auto-solve playback


_ANCHORS = (EntryKind.START, EntryKind.DEAL, EntryKind.RESTART)


@dataclass(frozen=True)
class Entry:
    position: bytes
    move: Move | None
    kind: EntryKind


@dataclass(frozen=True)
class Hint:
    move: Move | None           # the first move of an optimal line (None when solved or dead end)
    distance: int | None        # optimal moves to the goal from the hinted position
    dead_end: bool
    last_winnable: int | None   # dead end: history index of the latest earlier position that can still win


@dataclass
class Playback:
    speed: float = DEFAULT_SPEED   # moves per second, kept within MIN_SPEED..MAX_SPEED
    paused: bool = False
    remaining: list[Move] = field(default_factory=list)
    clock: float = 1.0             # moves owed; starts at one so the first move plays on the next update


@dataclass(frozen=True)
class Event:
    kind: EventKind
    move: Move | None = None
    before: bytes | None = None
    after: bytes | None = None
    message: str = ""


def _clamp_speed(speed: float) -> float:
    return min(MAX_SPEED, max(MIN_SPEED, float(speed)))


class Memory:
    """Finished answers: position -> remaining optimal line, or DEAD for a known dead end. LRU-bounded."""

    DEAD = None

    def __init__(self, limit: int = MEMORY_LIMIT) -> None:
        self.limit = limit
        self._table: OrderedDict[bytes, tuple[Move, ...] | None] = OrderedDict()

    def __len__(self) -> int:
        return len(self._table)

    def __contains__(self, position: bytes) -> bool:
        return position in self._table

    def _put(self, position: bytes, value: tuple[Move, ...] | None) -> None:
        self._table[position] = value
        self._table.move_to_end(position)
        while len(self._table) > self.limit:
            self._table.popitem(last=False)

    def remember(self, line: Line) -> None:
        """Every state on an optimal path, with the rest of the path: each suffix is optimal too."""
        moves = tuple(line.moves)
        for i, state in enumerate(line.states):
            self._put(state, moves[i:])

    def mark_dead(self, position: bytes) -> None:
        self._put(position, self.DEAD)

    def line(self, position: bytes) -> tuple[Move, ...] | None:
        value = self._table.get(position)
        if value is not None:
            self._table.move_to_end(position)
        return value

    def is_dead(self, position: bytes) -> bool:
        return position in self._table and self._table[position] is self.DEAD


class _Unknown:
    """Nothing known (no table, no remembered answer) can tell."""


_UNKNOWN = _Unknown()


class Session:
    """One game in progress. See the module docstring for the rules it keeps."""

    def __init__(self, spec: PuzzleSpec, position: bytes | None = None, *,
                 service: Service, rng: random.Random | None = None) -> None:
        puzzle = spec.puzzle
        if position is None:
            position = puzzle.start
        else:
            puzzle.check(position)
        self.spec = spec
        self.puzzle = puzzle
        self.oracle = spec.oracle
        self.service = service
        self.rng = rng if rng is not None else random.Random()
        self.history: list[Entry] = [Entry(position, None, EntryKind.START)]
        self.cursor = 0
        self.elapsed = 0.0
        self.hint_info: Hint | None = None
        self.playback: Playback | None = None
        self.job: Job[Answer] | None = None
        self.memory = Memory()
        self._speed = DEFAULT_SPEED
        self._deal_goal: int | None = None  # searched deal: the distance wanted
        self._deal_tries = 0
        self._deal_best: Line | None = None
        self._started = False             # the timer runs from the first move until solved
        self._purpose: Purpose | None = None   # what the running job is for
        self._earlier_at: list[int] = []  # history index of each earlier position sent with the job
        self._events: deque[Event] = deque(maxlen=EVENT_LIMIT)

    # -- state -------------------------------------------------------------------------------

    @property
    def position(self) -> bytes:
        return self.history[self.cursor].position

    @property
    def solved(self) -> bool:
        return self.puzzle.is_goal(self.position)

    @property
    def moves(self) -> int:
        """Moves along the current line since the last start, deal or restart."""
        return self.cursor - self._anchor_index()

    def _anchor_index(self) -> int:
        i = self.cursor
        while self.history[i].kind not in _ANCHORS:
            i -= 1
        return i

    def legal_moves(self) -> list[Move]:
        return self.puzzle.legal_moves(self.position)

    @property
    def exact(self) -> bool:
        """Every position's distance is known at once (the oracle's complete table is ready)."""
        return self.oracle.exact and self.oracle.ready()

    def known_distance(self) -> int | None:
        """Optimal moves to the goal from here, if known without a search (oracle, else remembered lines)."""
        return self._distance_of(self.position)

    def _distance_of(self, position: bytes) -> int | None:
        found = self.oracle.distance(position)
        if found is not None or self.exact:
            return found   # exact: None means a dead end (see known_dead_end)
        line = self.memory.line(position)
        return None if line is None else len(line)

    def known_dead_end(self) -> bool:
        """True if this position is known (oracle or an earlier search) to have no way to the goal."""
        return self._dead(self.position)

    def _dead(self, position: bytes) -> bool:
        if self.puzzle.is_goal(position):
            return False
        return self.oracle.dead_end(position) or (not self.exact and self.memory.is_dead(position))

    @property
    def speed(self) -> float:
        """Auto-solve speed in moves a second (MIN_SPEED..MAX_SPEED)."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        self._set_speed(value)

    # -- moves and history ---------------------------------------------------------------------

    def play(self, move: Move, *, kind: EntryKind = EntryKind.MOVE) -> bool:
        """Play ``move`` if legal; False and an "illegal" event if not. Drops the redo tail."""
        if kind not in (EntryKind.MOVE, EntryKind.SOLVE):
            raise ValueError(f"play() makes MOVE or SOLVE entries, not {kind.name}.")
        before = self.position
        for legal, after in self.puzzle.successors(before):
            if legal == move:
                break
        else:
            self._emit(Event(EventKind.ILLEGAL, move, before, None, self._illegal_text(before, move)))
            return False
        if kind is EntryKind.MOVE:
            self._player_acts()
        self._push(Entry(after, legal, kind))
        self._started = True
        self._emit(Event(EventKind.MOVED, legal, before, after))
        if self.puzzle.is_goal(after):
            self.playback = None
            self._emit(Event(EventKind.SOLVED, legal, before, after, f"Solved in {self.moves} moves."))
        return True

    def _illegal_text(self, state: bytes, move: Move) -> str:
        try:
            return f"{self.puzzle.move_text(state, move)} is not a legal move here."
        except (IndexError, KeyError):
            return "That is not a legal move here."

    def undo(self) -> bool:
        if self.cursor == 0:
            return False
        self._player_acts()
        move = self.history[self.cursor].move
        self._goto(self.cursor - 1, EventKind.UNDO, move)
        return True

    def redo(self) -> bool:
        if self.cursor + 1 >= len(self.history):
            return False
        self._player_acts()
        self._goto(self.cursor + 1, EventKind.REDO, self.history[self.cursor + 1].move)
        return True

    def restart(self) -> None:
        """Back to where this game began (last start or deal), as an entry that undo can take back."""
        self._player_acts()
        self.elapsed, self._started = 0.0, False
        anchor = self.history[self._anchor_index()].position
        if self.moves == 0 and self.position == anchor:
            return  # nothing to take back: only the timer resets
        before = self.position
        self._push(Entry(anchor, None, EntryKind.RESTART))
        self._emit(Event(EventKind.RESTART, None, before, anchor))

    def new_deal(self, position: bytes | None = None, message: str = "") -> None:
        """A new game: ``position``, else what the puzzle's dealer deals. Undoable."""
        self._player_acts()
        self._deal_goal = None
        if position is not None:
            self.puzzle.check(position)
        else:
            position = self.spec.dealer.deal(self.puzzle, self.rng)
        self.elapsed, self._started = 0.0, False
        before = self.position
        self._push(Entry(position, None, EntryKind.DEAL))
        self._emit(Event(EventKind.DEAL, None, before, self.position, message))

    def deal_limit(self) -> int | None:
        """The largest distance a deal at a distance can ask for (None: not known yet, or impossible)."""
        if self.oracle.exact:
            return self.oracle.max_distance()
        return self.spec.dealer.searched_limit

    def can_deal_at_distance(self) -> bool:
        return self.exact or (not self.oracle.exact and self.spec.dealer.searched_limit is not None)

    def deal_at_distance(self, distance: int) -> bool:
        """A new game exactly ``distance`` optimal moves from the goal.

        With a complete table: uniformly among all such positions (that the start can reach,
        for one-way puzzles), at once. Otherwise, where the dealer deals random positions (the
        15-puzzle): a random board is solved optimally in the background and the game starts at
        the position of that solution which is ``distance`` moves from the goal (retrying boards
        whose solution is shorter); its "Deal" job shows progress and can be cancelled. False if
        neither is possible.
        """
        distance = max(1, int(distance))
        if self.exact:
            position = self.oracle.position_at(distance, self.rng)
            if position is None:
                return False
            self.new_deal(position, f"A position {distance} moves from the goal.")
            return True
        if not self.can_deal_at_distance():
            return False
        self._player_acts()
        self.cancel_search()
        self._deal_goal, self._deal_tries, self._deal_best = distance, 0, None
        self._submit_deal()
        return True

    def _submit_deal(self) -> None:
        board = self.spec.dealer.random_position(self.puzzle, self.rng)
        if board is None:
            self._deal_goal = None
            return
        self._deal_tries += 1
        self._submit(board, (), "Deal", Purpose.DEAL)

    @property
    def purpose(self) -> Purpose | None:
        """What the running search is for (None when nothing runs)."""
        return self._purpose if self.job is not None else None

    @property
    def dealing(self) -> int | None:
        """The distance a searched deal is looking for, while it runs."""
        return self._deal_goal if self._purpose is Purpose.DEAL else None

    def _take_deal(self, line: Line | None) -> None:
        goal = self._deal_goal
        if line is not None:
            self.memory.remember(line)
            if self._deal_best is None or len(line) > len(self._deal_best):
                self._deal_best = line
        best = self._deal_best
        if goal is None:
            return
        if best is not None and len(best) >= goal:
            self.new_deal(best.states[len(best) - goal], f"A position {goal} moves from the goal.")
        elif self._deal_tries < DEAL_TRIES:
            self._submit_deal()
        elif best is not None:
            self.new_deal(best.states[0], f"No random board needed {goal} moves; this one needs {len(best)}.")
        else:
            self._deal_goal = None

    def undo_to_last_winnable(self) -> bool:
        """From a dead end, jump back (like repeated undo: redo returns) to the latest position that can still win."""
        index = None
        if self.hint_info is not None and self.hint_info.dead_end:
            index = self.hint_info.last_winnable
        elif self.known_dead_end():
            known = self._known_last_winnable()
            index = None if isinstance(known, _Unknown) else known
        if index is None or index >= self.cursor:
            return False
        self._player_acts()
        self._goto(index, EventKind.UNDO, None)
        return True

    def _push(self, entry: Entry) -> None:
        before = self.position
        del self.history[self.cursor + 1:]
        self.history.append(entry)
        self.cursor += 1
        self._position_changed(before)

    def _goto(self, index: int, kind: EventKind, move: Move | None) -> None:
        before = self.position
        self.cursor = index
        self._position_changed(before)
        self._emit(Event(kind, move, before, self.position))
        if kind is EventKind.REDO and self.solved and not self.puzzle.is_goal(before):
            self._emit(Event(EventKind.SOLVED, move, before, self.position, f"Solved in {self.moves} moves."))

    def _position_changed(self, before: bytes) -> None:
        """The shown hint and any search for the old position are obsolete now."""
        self.hint_info = None
        if self._purpose is Purpose.DEAL:  # the player moved on: a deal still being searched is void
            self.cancel_search()
        if self.job is not None:
            if self.job.done:
                self._poll_job(show=False)  # keep what it found, show nothing
            elif self._job_position != self.position:
                self.cancel_search()

    @property
    def _job_position(self) -> bytes | None:
        return self.job.task.args[1] if self.job is not None else None

    def _player_acts(self) -> None:
        """Player input takes over from auto-solve."""
        if self.playback is not None or self._purpose in (Purpose.SOLVE, Purpose.STEP):
            self.stop_solve()

    # -- hints ----------------------------------------------------------------------------------

    def request_hint(self) -> None:
        """Show the first move of an optimal line; pressed again, play it.

        On a dead end the hint says so, and pressing again goes back to the last winnable
        position. Remembered answers show at once; otherwise a "Hint" search starts.
        """
        if self.solved:
            self.hint_info = Hint(None, 0, False, None)
            self._emit(Event(EventKind.HINT, None, self.position, None, "Already solved."))
            return
        shown = self.hint_info
        if shown is not None:
            if shown.move is not None:
                self.play(shown.move)
            elif shown.dead_end and shown.last_winnable is not None:
                self.undo_to_last_winnable()
            return
        if not self._answer_at_once(Purpose.HINT):
            self._search("Hint", Purpose.HINT)

    def _show_hint(self, line: tuple[Move, ...]) -> None:
        move = line[0] if line else None
        self.hint_info = Hint(move, len(line), False, None)
        text = self.puzzle.move_text(self.position, move) if move is not None else "Already solved."
        self._emit(Event(EventKind.HINT, move, self.position, None, f"{text} ({len(line)} moves to go)"))

    def _show_dead_end(self, last_winnable: int | None, message: str) -> None:
        self.hint_info = Hint(None, None, True, last_winnable)
        if last_winnable is not None:
            message += f" Undo {self.cursor - last_winnable} moves to get back to a winnable position."
        else:
            message += " No earlier position of this game can win either: restart."
        self._emit(Event(EventKind.DEAD_END, None, self.position, None, message))

    def _known_last_winnable(self) -> int | None | _Unknown:
        """History index of the latest earlier winnable position, None if none, _UNKNOWN if nothing
        known (no table, no remembered answer) can tell."""
        for i in range(self.cursor - 1, -1, -1):
            p = self.history[i].position
            if self._distance_of(p) is not None:
                return i
            if not self._dead(p):
                return _UNKNOWN
        return None

    # -- auto-solve ------------------------------------------------------------------------------

    def start_solve(self) -> None:
        """Play an optimal solution from here, move by move; pressed while playing, pause or resume."""
        if self.playback is not None:
            self.toggle_pause()
            return
        if self.solved:
            return
        if not self._answer_at_once(Purpose.SOLVE):
            self._search("Solve", Purpose.SOLVE)

    def toggle_pause(self) -> None:
        if self.playback is not None:
            self.playback.paused = not self.playback.paused

    def step(self) -> None:
        """Play exactly one move of the optimal solution and stay paused (starting a paused playback if needed)."""
        if self.playback is None:
            if not self.solved and not self._answer_at_once(Purpose.STEP):
                self._search("Solve", Purpose.STEP)
            return
        self.playback.paused = True
        self._advance()

    def faster(self) -> None:
        self._set_speed(self._speed * 2)

    def slower(self) -> None:
        self._set_speed(self._speed / 2)

    def _set_speed(self, speed: float) -> None:
        self._speed = _clamp_speed(speed)
        if self.playback is not None:
            self.playback.speed = self._speed

    def stop_solve(self) -> None:
        self.playback = None
        if self._purpose in (Purpose.SOLVE, Purpose.STEP):
            self.cancel_search()

    def _start_playback(self, line: tuple[Move, ...], paused: bool) -> None:
        self.playback = Playback(self._speed, paused, list(line))

    def _advance(self) -> None:
        playback = self.playback
        if playback is None or not playback.remaining:
            self.playback = None
            return
        move = playback.remaining.pop(0)
        if not self.play(move, kind=EntryKind.SOLVE):  # cannot happen: any other change stops playback
            self.playback = None
            self._emit(Event(EventKind.SEARCH_FAILED, move, self.position, None,
                             "The solution no longer fits the board."))
            return
        if self.playback is playback and not playback.remaining:
            self.playback = None

    # -- searching --------------------------------------------------------------------------------

    def _earlier(self) -> tuple[list[bytes], list[int]]:
        """Earlier positions of this game, newest first and each once, that may still win (for a
        dead end's answer), with their history indices. Only one-way puzzles have dead ends."""
        if self.puzzle.reversible:
            return [], []
        positions: list[bytes] = []
        at: list[int] = []
        for i in range(self.cursor - 1, -1, -1):
            p = self.history[i].position
            if p not in positions and not self.memory.is_dead(p):
                positions.append(p)
                at.append(i)
        return positions, at

    def _answer_at_once(self, purpose: Purpose) -> bool:
        """Serve ``purpose`` without a search: from the oracle at once, or a remembered answer."""
        earlier, at = self._earlier()
        answer = self.oracle.instant_answer(self.position, earlier)
        if answer is not None:
            self._take_answer(answer, at, purpose, show=True)
            return True
        line = self.memory.line(self.position)
        if line is not None:
            self._serve(purpose, line)
            return True
        if self.memory.is_dead(self.position):
            known = self._known_last_winnable()
            if not isinstance(known, _Unknown):
                self._show_dead_end(known, dead_end_message(self.puzzle))
                return True
        return False

    def _serve(self, purpose: Purpose | None, line: tuple[Move, ...]) -> None:
        if purpose is Purpose.HINT:
            self._show_hint(line)
        elif purpose is Purpose.SOLVE:
            self._start_playback(line, paused=False)
        elif purpose is Purpose.STEP:
            self._start_playback(line, paused=True)
            self._advance()

    def _search(self, label: str, purpose: Purpose) -> None:
        job = self.job
        if job is not None and not job.done and self._job_position == self.position:
            if purpose is not Purpose.HINT:  # a solve or step press upgrades a running hint search
                self._purpose = purpose
            return
        self.cancel_search()
        earlier, self._earlier_at = self._earlier()
        self._submit(self.position, earlier, label, purpose)

    def _submit(self, position: bytes, earlier: Sequence[bytes], label: str, purpose: Purpose) -> None:
        self.job = self.service.submit(Task(tasks.answer, (self.spec.name, position, tuple(earlier)), label),
                                       Lane.SEARCH)
        self._purpose = purpose
        self._poll_job()

    def cancel_search(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self._purpose = None
        self._deal_goal = None

    def _poll_job(self, show: bool = True) -> None:
        """Take in a finished job: remember what it found and, if still relevant, act on it."""
        job = self.job
        if job is None or not job.done:
            return
        position = self._job_position
        purpose, at = self._purpose, self._earlier_at
        self.job, self._purpose, self._earlier_at = None, None, []
        if job.state is JobState.CANCELLED:
            return
        if job.state is JobState.FAILED or job.result is None:
            if purpose is Purpose.DEAL:
                self._deal_goal = None
            if show:
                self._emit(Event(EventKind.SEARCH_FAILED, None, self.position, None, job.error or "The search failed."))
            return
        if purpose is Purpose.DEAL:
            self._take_deal(job.result.line)
            return
        self._take_answer(job.result, at, purpose, show=show and position == self.position, position=position)

    def _take_answer(self, answer: Answer, at: Sequence[int], purpose: Purpose | None, show: bool,
                     position: bytes | None = None) -> None:
        """Remember an answer about ``position`` (default: the current one) and, if ``show``, act on it."""
        position = self.position if position is None else position
        if answer.line is not None:
            self.memory.remember(answer.line)
            if show:
                self._serve(purpose, tuple(answer.line.moves))
            return
        self.memory.mark_dead(position)
        index = answer.winnable_index
        for i in at[:len(at) if index is None else index]:
            self.memory.mark_dead(self.history[i].position)
        if answer.winnable_line is not None:
            self.memory.remember(answer.winnable_line)
        if show:
            self._show_dead_end(None if index is None else at[index], dead_end_message(self.puzzle))

    # -- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> list[Event]:
        """Advance by ``dt`` seconds: timer, search results, playback. Returns the events since last call."""
        self.oracle.status()   # takes in tables a background preparation has finished
        self._poll_job()
        if self._started and not self.solved:
            self.elapsed += dt
        playback = self.playback
        if playback is not None and not playback.paused:
            playback.clock = min(MAX_BACKLOG, playback.clock + dt * _clamp_speed(playback.speed))
            while playback.clock >= 1 and self.playback is playback:
                playback.clock -= 1
                self._advance()
        events = list(self._events)
        self._events.clear()
        return events

    def _emit(self, event: Event) -> None:
        self._events.append(event)

    # -- saved games -----------------------------------------------------------------------------

    def save_text(self) -> str:
        """The current game as text: puzzle, start position, play time, then one move per line.

        The game starts at the last start/deal/restart on the current line; replaying the
        moves through play() rebuilds it, so loading exercises the same code as playing.
        """
        anchor = self._anchor_index()
        lines = ["# Fewest Moves saved game",
                 f"puzzle: {self.puzzle.name}",
                 f"start: {self.puzzle.format(self.history[anchor].position)}",
                 f"time: {self.elapsed:.1f}",
                 "moves:"]
        for i in range(anchor + 1, self.cursor + 1):  # a move's text needs the position before it
            lines.append(self.puzzle.move_text(self.history[i - 1].position, self.history[i].move))
        return "\n".join(lines) + "\n"

    @classmethod
    def load_text(cls, text: str, *, service: Service, rng: random.Random | None = None) -> Session:
        """A session from save_text() output; bad text raises PositionError with one sentence."""
        fields: dict[str, str] = {}
        move_lines: list[str] | None = None
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if move_lines is not None:
                move_lines.append(line)
                continue
            key, colon, value = line.partition(":")
            key = key.strip().lower()
            if not colon or key not in ("puzzle", "start", "time", "moves"):
                raise PositionError(f"the saved game has a line I do not understand: '{line[:40]}'.")
            if key == "moves":
                move_lines = []
            else:
                fields[key] = value.strip()
        if "puzzle" not in fields:
            raise PositionError("the saved game does not say which puzzle it is (no 'puzzle:' line).")
        try:
            spec = catalog.get(fields["puzzle"])
        except KeyError as exc:
            raise PositionError(str(exc)) from None
        puzzle = spec.puzzle
        if "start" not in fields:
            raise PositionError("the saved game has no start position (no 'start:' line).")
        try:
            start = puzzle.parse(fields["start"])
        except PositionError as exc:
            raise PositionError(f"the saved start position is wrong: {exc}") from None
        session = cls(spec, start, service=service, rng=rng)
        for number, move_text in enumerate(move_lines or [], start=1):
            try:
                move = puzzle.parse_move(session.position, move_text)
            except PositionError as exc:
                raise PositionError(f"saved move {number} ('{move_text}') cannot be played: {exc}") from None
            session.play(move)
        try:
            session.elapsed = max(0.0, float(fields.get("time", "0")))
        except ValueError:
            raise PositionError(f"the saved play time '{fields['time']}' is not a number of seconds.") from None
        session._started = session.moves > 0
        session._events.clear()  # a loaded game shows its position; it does not replay animations
        return session
