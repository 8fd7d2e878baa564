"""The "midend": one game in progress, everything except drawing and input.

A :class:`Session` owns the position history (undo/redo), the move counter and play timer,
hints and auto-solve playback (the help in :mod:`game.midend.helping`, the record of the game in
:mod:`game.midend.played`). Answers come from the puzzle's oracle: at once where it can
(a table lookup), else from a search the session hands to the background service. The UI
turns input into calls (``play``, ``undo``, ``request_hint``, ``start_solve``...) and calls
``update(dt)`` once a frame; ``update`` returns :class:`Event` values saying what happened
so the UI can animate moves and celebrate a win. Nothing here imports pygame or reads a
clock: time advances only through ``update(dt)``, so tests drive it exactly.

Design choices (after Simon Tatham's midend):

* History is a list of entries plus a cursor (:mod:`game.midend.history`). Restart and new deal are
  entries too, so they can be undone; a new move drops the redo tail. Which new game to deal is
  :mod:`game.midend.dealing`'s business (``session.deals``); a saved game's history comes in through
  :meth:`Session.follow_with` (:mod:`game.keeping.kept` reads and writes it).
* Hints and solutions always come from an optimal answer, never from a greedy step. Finished
  searches are remembered position by position (:mod:`game.midend.memory`).
* A change of position never throws a running search away: it goes on for the position it was
  asked from, the panel asks whether to keep it (:attr:`Session.keep_asked`), and its answer is
  remembered, so a hint or solve there later is instant (and where the player's position lies on
  the line it found, the count shows at once). Player input (move, undo, redo, restart, deal)
  stops auto-solve playback; playback's own moves do not. The play timer runs only while the
  player plays: never while the computer searches or plays its solution.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from game.midend.events import Event, EventKind
from game.midend.helping import HelpedGame, Hint
from game.midend.history import Entry, EntryKind, Notes
from game.midend.memory import Memory
from game.midend.playback import Playback
from game.midend.sayings import illegal_words, solved_words
from game.midend.searches import Purpose
from game.rules.puzzle import Move

__all__ = ["Entry", "EntryKind", "Event", "EventKind", "Hint", "Memory", "Notes", "Playback", "Purpose", "Session",
           "Win"]


@dataclass(frozen=True)
class Win:
    """A game just solved, as the records see it."""

    puzzle: str                 # the spec's name (a sliding-block puzzle: per move count)
    from_start: bool            # the game began at the puzzle's own start (else: a deal, a paste, --from)
    moves: int
    par: int | None             # the fewest moves from where the game began, if known
    seconds: float
    notes: Notes                # the help the game had
    by_solver: bool             # the last move was the solver's
    daily: str = ""             # the date (ISO) whose daily puzzle this game was, if it was one

    @property
    def own(self) -> bool:
        return not self.notes.assisted

    @property
    def optimal(self) -> bool:
        """The player's own solve in the fewest moves possible, played under the count it is counted by
        (a game whose count changed on the way claims no optimum)."""
        return self.own and not self.notes.recounted and self.par is not None and self.moves <= self.par


class Session(HelpedGame):
    """One game in progress. See the module docstring for the rules it keeps; the computer's help (answers,
    hints, auto-solve) is :class:`~game.midend.helping.HelpedGame`'s, the record of the game
    :class:`~game.midend.played.PlayedGame`'s."""

    # -- moves and history ---------------------------------------------------------------------

    def play(self, move: Move, *, kind: EntryKind = EntryKind.MOVE, step: bool = False) -> bool:
        """Play ``move`` if legal; False and an "illegal" event if not. Drops the redo tail.

        ``step``: the player moves a piece a little at a time; where the puzzle counts a whole
        slide as one move, a step continuing the piece's last move joins it (and a piece brought
        back where its move began takes the move back)."""
        if kind not in (EntryKind.MOVE, EntryKind.SOLVE):
            raise ValueError(f"play() makes MOVE or SOLVE entries, not {kind.name}.")
        before = self.position
        after = next((nxt for legal, nxt in self.puzzle.successors(before) if legal == move), None)
        if after is None:
            said = illegal_words(self.spec, before, move, self.timeline.identities(self.spec))
            self._emit(Event(EventKind.ILLEGAL, move, before, None, said))
            return False
        if kind is EntryKind.MOVE:
            self.player_acts()
        if step and self.timeline.join(self.puzzle, move, after):
            self._position_changed(before)
        else:
            self._push(Entry(after, move, kind))
            self.clock.running = True
        self._emit(Event(EventKind.MOVED, move, before, after))
        if self.puzzle.is_goal(after):
            self.autosolve.stop()
            self._emit(Event(EventKind.SOLVED, move, before, after, solved_words(self.moves)))
        return True

    def undo(self) -> bool:
        if not self.timeline.can_undo():
            return False
        self.player_acts()
        self._goto(self.cursor - 1, EventKind.UNDO, self.timeline.current.move)
        return True

    def redo(self) -> bool:
        if not self.timeline.can_redo():
            return False
        self.player_acts()
        self._goto(self.cursor + 1, EventKind.REDO, self.history[self.cursor + 1].move)
        return True

    def rewind_to(self, index: int) -> bool:
        """Back to history entry ``index`` as repeated undo would go (redo returns), e.g. to the
        position before a game's first mistake. False if ``index`` is not behind the cursor."""
        if not 0 <= index < self.cursor:
            return False
        self.player_acts()
        self._goto(index, EventKind.UNDO, None)
        return True

    def restart(self) -> None:
        """Back to where this game began (last start or deal), as an entry that undo can take back (its clock
        too: undo brings back the time the game had)."""
        self.player_acts()
        anchor = self.history[self.timeline.anchor_index()].position
        if self.moves == 0 and self.position == anchor:
            self.clock.reset()
            return  # nothing to take back: only the timer resets
        before, notes = self.position, self.timeline.game_notes
        self._push(Entry(anchor, None, EntryKind.RESTART))
        if notes.assisted:   # the help a game had stays with it when it starts over
            self.timeline.notes[self.cursor] = notes.again()
        self._emit(Event(EventKind.RESTART, None, before, anchor))

    def new_deal(self, position: bytes | None = None, message: str = "") -> None:
        """A new game: ``position``, else what the puzzle's dealer deals. Undoable."""
        self.player_acts()
        self.deals.forget()
        if position is not None:
            self.puzzle.check(position)
        else:
            position = self.spec.dealer.deal(self.puzzle, self.rng)
        before = self.position
        self._push(Entry(position, None, EntryKind.DEAL))
        self._emit(Event(EventKind.DEAL, None, before, self.position, message))

    def undo_to_last_winnable(self) -> bool:
        """From a dead end, jump back (like repeated undo: redo returns) to the latest position that can still win."""
        index = None
        if self.hint_info is not None and self.hint_info.dead_end:
            index = self.hint_info.last_winnable
        elif self.known_dead_end():
            known = self.answers.last_winnable(self.timeline)
            index = known if isinstance(known, int) else None
        if index is None or index >= self.cursor:
            return False
        self.player_acts()
        self._goto(index, EventKind.UNDO, None)
        self._helped()
        return True

    def _push(self, entry: Entry) -> None:
        before, game = self.position, self.timeline.anchor_index()
        self.clock.forget_after(self.cursor)
        self.timeline.push(entry)
        self.clock.crossed(game, self.timeline.anchor_index(), self.moves)
        self._position_changed(before)

    def _goto(self, index: int, kind: EventKind, move: Move | None) -> None:
        before, game = self.position, self.timeline.anchor_index()
        self.timeline.cursor = index
        self.clock.crossed(game, self.timeline.anchor_index(), self.moves)
        self._position_changed(before)
        self._emit(Event(kind, move, before, self.position))
        if kind is EventKind.REDO and self.solved and not self.puzzle.is_goal(before):
            self._emit(Event(EventKind.SOLVED, move, before, self.position, solved_words(self.moves)))

    # -- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> list[Event]:
        """Advance by ``dt`` seconds: timer, search results, playback. Returns the events since last call."""
        self.oracle.status()   # takes in tables a background preparation has finished
        self._ask_again()
        self.poll_search()
        if not self.solved and not self.computer_plays:
            self.clock.tick(dt)
        playback = self.playback
        if playback is not None:
            for _step in range(playback.due(dt)):
                if self.playback is not playback:
                    break
                self._advance()
        events = list(self._events)
        self._events.clear()
        return events

    # -- the win -------------------------------------------------------------------------------------

    def par(self) -> int | None:
        """The fewest moves from where this game began, if known without a search."""
        return self.answers.distance(self.game_start)

    def result(self) -> Win | None:
        """The current game as the records see it, once solved (None: not solved, or solved as it began)."""
        notes = self.notes
        if not self.solved or self.moves == 0:
            return None
        return Win(self.spec.name, self.game_start == self.puzzle.start, self.moves, self.par(), self.elapsed,
                   notes, self.timeline.current.kind is EntryKind.SOLVE)

    # -- a history from elsewhere -------------------------------------------------------------------

    def follow_with(self, entries: Sequence[Entry], cursor: int, notes: Mapping[int, Notes], seconds: float,
                    message: str = "") -> None:
        """Another game's whole history (a saved game, read and replayed by the puzzle's rules) as the game
        on the board, its clock with it. Nothing is lost: it follows the history so far as a new game
        (:meth:`History.follow_with`), so undo past its first position comes back to the game there was."""
        self.player_acts()
        self.deals.forget()
        before, game = self.position, self.timeline.anchor_index()
        self.clock.forget_after(self.cursor)
        earlier = game if len(self.history) > 1 else None   # a history of one position is taken as it is
        self.timeline.follow_with(entries, cursor, notes)
        self.clock.resume(seconds, self.moves, earlier)
        self._position_changed(before)
        self._emit(Event(EventKind.DEAL, None, before, self.position, message))

    def resume_clock(self, seconds: float) -> None:
        """A loaded game: its play time so far; it shows its position without replaying animations."""
        self.clock.resume(seconds, self.moves)
        self._events.clear()

