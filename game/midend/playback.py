"""Auto-solve playback: an optimal line (or the shortest found, where none is proven, or a line a file gives,
to be watched) played one move at a time, at a chosen speed."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.puzzle import Move

MIN_SPEED, MAX_SPEED, DEFAULT_SPEED = 0.5, 16.0, 2.0
MAX_BACKLOG = 2.0   # after a stalled frame playback catches up at most this many moves, it never fast-forwards


def clamp_speed(speed: float) -> float:
    return min(MAX_SPEED, max(MIN_SPEED, float(speed)))


@dataclass
class Playback:
    speed: float = DEFAULT_SPEED   # moves per second, kept within MIN_SPEED..MAX_SPEED
    paused: bool = False
    remaining: list[Move] = field(default_factory=list)
    clock: float = 1.0             # moves owed; starts at one so the first move plays on the next update
    proven: bool = True            # the line is a shortest one (else: the shortest found, not proven)
    given: bool = False            # a line given from outside (a file's solution), played to be watched

    def due(self, dt: float) -> int:
        """How many moves are due after ``dt`` more seconds (paused: none)."""
        if self.paused:
            return 0
        self.clock = min(MAX_BACKLOG, self.clock + dt * clamp_speed(self.speed))
        due = int(self.clock)
        self.clock -= due
        return due


class AutoSolve:
    """What the solver plays on the board: its line (``playback``, None while it plays none) and the speed
    it plays at, which stays from one solve to the next. The session plays the moves it hands out."""

    def __init__(self) -> None:
        self.playback: Playback | None = None
        self._speed = DEFAULT_SPEED

    @property
    def speed(self) -> float:
        """Moves a second (MIN_SPEED..MAX_SPEED)."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        self._speed = clamp_speed(value)
        if self.playback is not None:
            self.playback.speed = self._speed

    def faster(self) -> None:
        self.speed = self._speed * 2

    def slower(self) -> None:
        self.speed = self._speed / 2

    def toggle_pause(self) -> None:
        if self.playback is not None:
            self.playback.paused = not self.playback.paused

    def begin(self, line: list[Move], paused: bool, proven: bool = True, given: bool = False) -> None:
        self.playback = Playback(self._speed, paused, line, proven=proven, given=given)

    def stop(self) -> None:
        self.playback = None
