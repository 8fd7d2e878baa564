"""What a game in progress tells the window, frame by frame (:meth:`game.midend.session.Session.update`):
what happened, so that the window can animate a move, say a hint or celebrate a win."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.rules.puzzle import Move

__all__ = ["EVENT_LIMIT", "Event", "EventKind"]

EVENT_LIMIT = 1_000     # events kept for update(); a UI that stops polling must not grow memory


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
    FOUND = "found"            # a search from a position the player has left finished: its answer is kept


@dataclass(frozen=True)
class Event:
    kind: EventKind
    move: Move | None = None
    before: bytes | None = None
    after: bytes | None = None
    message: str = ""
