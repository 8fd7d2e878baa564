"""The player's time, game by game: a history holds several games (a start, each restart and deal
begins one), and each keeps its own clock, so undo across a restart brings back the time the game
had (it showed 0:00). No clock is read here: time comes in through :meth:`PlayClock.tick`."""
from __future__ import annotations

__all__ = ["PlayClock"]


class PlayClock:
    """The time of the game the history's cursor is in, and the times of the games it left."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.running = False                 # from the game's first move (until it is solved: the session says)
        self._left: dict[int, float] = {}    # anchor index -> the time of a game left (restart, deal, undo)

    def tick(self, dt: float) -> None:
        if self.running:
            self.seconds += dt

    def reset(self) -> None:
        """This game's time back to 0:00 (a restart where there is nothing to take back)."""
        self.seconds, self.running = 0.0, False

    def crossed(self, left: int, entered: int, moves: int) -> None:
        """The cursor went from the game that began at ``left`` into the one at ``entered`` (``moves`` into
        it): the time of the one is kept, the other's comes back (a new game: 0:00)."""
        if left == entered:
            return
        self._left[left] = self.seconds
        self.seconds = self._left.pop(entered, 0.0)
        self.running = moves > 0

    def forget_after(self, index: int) -> None:
        """The games after ``index`` are gone (a new entry drops the redo tail)."""
        for game in [g for g in self._left if g > index]:
            del self._left[game]

    def resume(self, seconds: float, moves: int, earlier: int | None = None) -> None:
        """A game from elsewhere (a saved game, a recount) at its time; ``earlier``: the anchor of the game it
        follows, whose time is kept (None: nothing comes before it)."""
        if earlier is None:
            self._left.clear()
        else:
            self._left[earlier] = self.seconds
        self.seconds, self.running = seconds, moves > 0
