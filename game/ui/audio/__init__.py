"""Sound effects: synthesized at start (``synth``), played at the player's volume (``player``)."""
from __future__ import annotations

from game.rules.puzzle import Puzzle
from game.midend.session import Event, EventKind
from game.ui.audio.player import SoundPlayer, open_mixer
from game.ui.audio.synth import MOVE_KINDS

__all__ = ["SoundPlayer", "effect_for", "move_effect", "open_mixer"]


def move_effect(puzzle: Puzzle, move) -> str:
    """The effect of a move: its kind's (a tile's slide, a frog's jump, a knight's hop...)."""
    kind = puzzle.move_kind(move)
    return kind if kind in MOVE_KINDS else "slide"


def effect_for(event: Event, puzzle: Puzzle) -> str | None:
    """What a game event sounds like: a move (played, undone, redone, or by the solver) its kind,
    a refused move the "no", a win the chord; the rest is silent."""
    kind = event.kind
    if kind in (EventKind.MOVED, EventKind.UNDO, EventKind.REDO) and event.move is not None:
        return move_effect(puzzle, event.move)
    if kind is EventKind.ILLEGAL:
        return "no"
    if kind is EventKind.SOLVED:
        return "win"
    return None
