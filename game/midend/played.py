"""One game's record, apart from the computer's help: its history of positions (undo and redo, each
restart and deal a game of its own), the player's clock game by game, and the help each game had.
:class:`game.midend.session.Session` plays on it with the oracle's answers."""
from __future__ import annotations

from game.catalog.spec import PuzzleSpec
from game.midend.clock import PlayClock
from game.midend.history import Entry, History, Notes
from game.rules.puzzle import Move

__all__ = ["PlayedGame"]


class PlayedGame:
    def __init__(self, spec: PuzzleSpec, position: bytes | None = None) -> None:
        puzzle = spec.puzzle
        if position is None:
            position = puzzle.start
        else:
            puzzle.check(position)
        self.spec = spec
        self.puzzle = puzzle
        self.timeline = History(position)
        self.clock = PlayClock()                 # the player's time, game by game

    # -- where the game is ------------------------------------------------------------------------

    @property
    def elapsed(self) -> float:
        """The player's time in this game."""
        return self.clock.seconds

    @elapsed.setter
    def elapsed(self, seconds: float) -> None:
        self.clock.seconds = seconds

    @property
    def history(self) -> list[Entry]:
        return self.timeline.entries

    @property
    def cursor(self) -> int:
        return self.timeline.cursor

    @property
    def position(self) -> bytes:
        return self.timeline.position

    @property
    def solved(self) -> bool:
        return self.puzzle.is_goal(self.position)

    @property
    def moves(self) -> int:
        """Moves along the current line since the last start, deal or restart."""
        return self.timeline.moves

    def legal_moves(self) -> list[Move]:
        return self.puzzle.legal_moves(self.position)

    @property
    def game_start(self) -> bytes:
        """The position the current game began from (its start, deal or restart)."""
        return self.history[self.timeline.anchor_index()].position

    # -- what helped ----------------------------------------------------------------------------------

    @property
    def notes(self) -> Notes:
        """The help this game has had so far (and whether its win is recorded)."""
        return self.timeline.game_notes

    def _helped(self) -> None:
        self.timeline.note(hints=self.timeline.game_notes.hints + 1)

    def note_marks(self) -> None:
        """Move marks are on the board in this game: they tell every move's worth, so they are help."""
        if not self.timeline.game_notes.marks:
            self.timeline.note(marks=True)

    def mark_recorded(self) -> None:
        self.timeline.note(recorded=True)
