"""The computer's help in a game in progress: answers from the puzzle's oracle, at once where it can (a table
lookup), else from a search handed to the background service; the hint ladder on them; and auto-solve, the
solver's line played on the board. :class:`HelpedGame` keeps it on a played game's record
(:class:`~game.midend.played.PlayedGame`); :class:`~game.midend.session.Session` adds the player's moves and
the frame's update on top. The rules it keeps are the session module's (hints only from optimal answers, a
search never thrown away when the player moves on)."""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, replace

from game.catalog.spec import PuzzleSpec
from game.common.background import Job, Service
from game.common.i18n import N_, _
from game.midend.answers import Answers, Resolved
from game.midend.dealing import Deals
from game.midend.events import EVENT_LIMIT, Event, EventKind
from game.midend.history import EntryKind
from game.midend.ladder import Step, step_message
from game.midend.playback import AutoSolve, Playback
from game.midend.played import PlayedGame
from game.midend.sayings import dead_end_words, found_words
from game.midend.searches import Purpose
from game.oracles.base import WRONG_ANSWER, Answer
from game.rules.identities import Identities
from game.rules.puzzle import Move

__all__ = ["HelpedGame", "Hint"]


@dataclass(frozen=True)
class Hint:
    move: Move | None           # the first move of an optimal line (None when solved or dead end)
    distance: int | None        # optimal moves to the goal from the hinted position (unproven: the line's length)
    dead_end: bool
    last_winnable: int | None   # dead end: history index of the latest earlier position that can still win
    proven: bool = True         # False: the line is the shortest found, not proven shortest
    step: Step = Step.MOVE      # how far up the hint ladder this position's hint has gone
    at_least: int | None = None  # not proven: the fewest moves the shortest may need
    who: Identities | None = None   # which identical piece is which where it was given (History.identities)

    def words(self, spec: PuzzleSpec, position: bytes) -> str:
        """What this hint says at its step of the ladder (a hint with a move)."""
        assert self.move is not None and self.distance is not None
        return step_message(spec, position, self.move, self.distance, self.at_least, self.step, self.who)


class HelpedGame(PlayedGame):
    """A played game with the computer's help: what it knows of the board's position, the searches it runs
    for the player, the hints it gives and the solution it plays. The moves themselves are the session's."""

    def __init__(self, spec: PuzzleSpec, position: bytes | None = None, *,
                 service: Service, rng: random.Random | None = None) -> None:
        super().__init__(spec, position)
        self.oracle = spec.oracle
        self.service = service
        self.rng = rng if rng is not None else random.Random()
        self.hint_info: Hint | None = None
        self.autosolve = AutoSolve()             # the solver's line on the board, and its speed
        self.answers = Answers(spec, service)
        self.memory = self.answers.memory
        self.searches = self.answers.searches
        self.deals = Deals(self)                 # new games, and a deal at a distance being searched
        self.keep_asked = False                  # the player moved on during a search: keep it? (the panel asks)
        self.hint_presses = 0                    # presses of Hint since it was asked here, its answer on its way
        self._answer_shown = False               # ... and whether the panel shows the count it would repeat
        self._events: deque[Event] = deque(maxlen=EVENT_LIMIT)

    # -- the session's moves, which the help plays (a hint's move, a solution, a dead end's way back, a deal) -

    def play(self, move: Move, *, kind: EntryKind = EntryKind.MOVE, step: bool = False) -> bool:
        raise NotImplementedError

    def undo_to_last_winnable(self) -> bool:
        raise NotImplementedError

    def new_deal(self, position: bytes | None = None, message: str = "") -> None:
        raise NotImplementedError

    # -- state -------------------------------------------------------------------------------

    @property
    def exact(self) -> bool:
        """This position's distance is known at once (the oracle's complete table is ready and holds
        it; a position pasted from outside the start's reach may not be in it)."""
        return self.answers.exact_at(self.position)

    def known_distance(self) -> int | None:
        """Optimal moves to the goal from here, if known without a search (oracle, else remembered lines)."""
        return self.answers.distance(self.position)

    def known_dead_end(self) -> bool:
        """True if this position is known (oracle or an earlier search) to have no way to the goal."""
        return self.answers.dead(self.position)

    @property
    def playback(self) -> Playback | None:
        """The solver's line being played on the board (None while it plays none)."""
        return self.autosolve.playback

    @property
    def job(self) -> Job[Answer] | None:
        """The running search, for its progress (None when nothing runs)."""
        return self.searches.job

    @property
    def waiting(self) -> Purpose | None:
        """What the player asked for while the table was being prepared (answered once it is)."""
        return self.answers.waiting

    @property
    def purpose(self) -> Purpose | None:
        """What the running search is for (None when nothing runs)."""
        return self.searches.purpose

    @property
    def searching_elsewhere(self) -> bool:
        """A search runs for a position other than the one on the board (the player moved on)."""
        job = self.job
        return job is not None and not job.done and self.searches.position != self.position

    @property
    def computer_plays(self) -> bool:
        """The computer has the turn: it searches from the board's position, waits for the table to answer
        what the player asked, or plays its solution (paused too: the turn is the player's again only once
        they move or stop it)."""
        if self.playback is not None or self.waiting is not None:
            return True
        return self.job is not None and self.purpose is not Purpose.DEAL and not self.searching_elsewhere

    def _position_changed(self, before: bytes) -> None:
        """The shown hint and any search for the old position are obsolete now."""
        self.hint_info = None
        if self.purpose is Purpose.DEAL:  # the player moved on: a deal still being searched is void
            self.cancel_search()
        job = self.job
        if job is None:
            return
        if job.done:
            self.poll_search(show=False)  # keep what it found, show nothing
        elif self.searches.position != self.position:
            self.keep_asked = True        # it goes on for where it began: the panel asks whether to keep it
            if self.purpose in (Purpose.SOLVE, Purpose.STEP):
                self.searches.purpose = Purpose.HINT   # its answer gives a hint there, never a solve on its own
        else:
            self.keep_asked = False       # back where it was asked: it is this position's search again

    def keep_searching(self) -> bool:
        """The answer to "keep searching where you were?": yes (the question goes; False if none was open)."""
        asked, self.keep_asked = self.keep_asked, False
        return asked and self.searching_elsewhere

    def player_acts(self) -> None:
        """Player input takes over from auto-solve (a search asked for keeps running: see the docstring)."""
        if self.playback is not None:
            self.autosolve.stop()

    # -- hints ----------------------------------------------------------------------------------

    def request_hint(self, answer_shown: bool = False) -> None:
        """Climb the hint ladder a step (:mod:`game.midend.ladder`), at its top play the move; a dead end: go back.

        ``answer_shown``: the panel shows the live count, so where it is exact the ladder starts at the piece
        (the band and the count would only repeat it, and are not counted as help). A press while the answer
        is on its way (the table being built, a search) is kept: each climbs a step once it comes, up to the
        move itself (never playing it)."""
        if self.solved:
            return self._show_hint(())
        shown = self.hint_info
        if shown is not None:
            if shown.move is not None and shown.step < Step.MOVE:
                self._climb(replace(shown, step=Step(shown.step + 1)))
            elif shown.move is not None:
                self.play(shown.move, step=True)   # a hint played is the player's move: it may continue the last
            elif shown.dead_end and shown.last_winnable is not None:
                self.undo_to_last_winnable()
            return
        if self.hint_on_its_way:
            self.hint_presses += 1
            return
        self.hint_presses, self._answer_shown = 1, answer_shown
        if not self._answer_at_once(Purpose.HINT):
            self._search(N_("Hint"), Purpose.HINT)

    @property
    def hint_on_its_way(self) -> bool:
        """A hint asked for at this position waits for the table or for its search."""
        if self.waiting is not None:
            return self.waiting is Purpose.HINT and self.answers.waiting_at == self.position
        job = self.job
        return job is not None and not job.done and self.purpose is Purpose.HINT and not self.searching_elsewhere

    def _show_hint(self, line: tuple[Move, ...], at_least: int | None = None) -> None:
        presses, self.hint_presses = max(1, self.hint_presses), 0
        if not line:   # at the goal: nothing to climb
            self.hint_info = Hint(None, 0, False, None)
            return self._emit(Event(EventKind.HINT, None, self.position, None, _("Already solved.")))
        counted = self._answer_shown and at_least is None and self.known_distance() == len(line)
        first = Step.PIECE if counted else Step.BAND
        top = Step(min(Step.MOVE, first + presses - 1))
        hint = Hint(line[0], len(line), False, None, proven=at_least is None, step=first, at_least=at_least,
                    who=self.timeline.identities(self.spec))
        for step in range(first, top + 1):
            self._climb(replace(hint, step=Step(step)), said=step == top)

    def _climb(self, hint: Hint, said: bool = True) -> None:
        """Show ``hint`` at its step of the ladder, noted as help in the game (``said``: its words too)."""
        self.hint_info, notes = hint, self.timeline.game_notes.climbed(hint.step)
        self.timeline.note(hints=notes.hints, ladder=notes.ladder)
        if said:
            self._emit(Event(EventKind.HINT, hint.move, self.position, None, hint.words(self.spec, self.position)))

    def _show_dead_end(self, last_winnable: int | None) -> None:
        self.hint_info = Hint(None, None, True, last_winnable)
        self._helped()
        back = self.cursor - last_winnable if last_winnable is not None else None
        self._emit(Event(EventKind.DEAD_END, None, self.position, None, dead_end_words(self.spec, back)))

    # -- auto-solve ------------------------------------------------------------------------------

    def start_solve(self) -> None:
        """Play an optimal solution from here, move by move; pressed while playing, pause or resume."""
        if self.playback is not None:
            self.autosolve.toggle_pause()
            return
        if self.solved:
            return
        if not self._answer_at_once(Purpose.SOLVE):
            self._search(N_("Solve"), Purpose.SOLVE)

    def step(self) -> None:
        """Play exactly one move of the optimal solution and stay paused (starting a paused playback if needed)."""
        if self.playback is None:
            if not self.solved and not self._answer_at_once(Purpose.STEP):
                self._search(N_("Solve"), Purpose.STEP)
            return
        self.playback.paused = True
        self._advance()

    def stop_solve(self) -> None:
        self.autosolve.stop()
        if self.purpose in (Purpose.SOLVE, Purpose.STEP):
            self.cancel_search()

    def _advance(self) -> None:
        playback = self.playback
        if playback is None or not playback.remaining:
            self.autosolve.stop()
            return
        move = playback.remaining.pop(0)
        if not self.timeline.game_notes.solver:
            self.timeline.note(solver=True)
        if not self.play(move, kind=EntryKind.SOLVE):  # cannot happen: any other change stops playback
            self.autosolve.stop()
            self._emit(Event(EventKind.SEARCH_FAILED, move, self.position, None,
                             _("The solution no longer fits the board.")))
            return
        if self.playback is playback and not playback.remaining:
            self.autosolve.stop()

    # -- answers ----------------------------------------------------------------------------------

    def _answer_at_once(self, purpose: Purpose) -> bool:
        """Serve ``purpose`` without a search, if the answer is known."""
        resolved = self.answers.at_once(self.timeline)
        if resolved is None:
            return False
        self._act(purpose, resolved)
        return True

    def _act(self, purpose: Purpose | None, resolved: Resolved) -> None:
        line = resolved.line
        if resolved.wrong:
            self.hint_info = None
            self._emit(Event(EventKind.SEARCH_FAILED, None, self.position, None, _(WRONG_ANSWER)))
        elif line is None:
            self._show_dead_end(resolved.last_winnable)
        elif purpose is Purpose.HINT:
            self._show_hint(line, None if resolved.proven else resolved.at_least)
        elif purpose is Purpose.SOLVE:
            self.autosolve.begin(list(line), paused=False, proven=resolved.proven)
        elif purpose is Purpose.STEP:
            self.autosolve.begin(list(line), paused=True, proven=resolved.proven)
            self._advance()

    def _search(self, label: str, purpose: Purpose) -> None:
        if self.answers.search(self.timeline, label, purpose):
            self.poll_search()

    def cancel_search(self) -> None:
        self.answers.cancel()
        self.deals.forget()
        self.keep_asked = False
        self.hint_presses = 0

    def _ask_again(self) -> None:
        """Answer what was asked while the table was on its way, if the position is still the same."""
        asked = self.answers.asked_again(self.position)
        if asked is not None and not self._answer_at_once(asked[1]):
            self._search(*asked)

    def poll_search(self, show: bool = True) -> None:
        """Take in a finished search: remember what it found and, if still relevant, act on it."""
        finished = self.searches.take()
        if finished is None:
            return
        self.keep_asked = False
        answer = finished.answer
        if answer is None:
            self.deals.forget()
            if show:
                self._emit(Event(EventKind.SEARCH_FAILED, None, self.position, None, finished.error))
        elif finished.purpose is Purpose.DEAL:
            self.deals.take(answer)
        else:
            resolved = self.answers.learn(answer, finished.earlier_at, finished.position, finished.earlier)
            if not resolved.wrong:
                self.answers.mark_dead_before(self.timeline, finished.earlier_at, answer)
            if show and finished.position == self.position:
                self._act(finished.purpose, resolved)
            elif show and not resolved.wrong:
                self._emit(Event(EventKind.FOUND, None, finished.position, None, found_words(resolved.line)))

    def _emit(self, event: Event) -> None:
        self._events.append(event)
