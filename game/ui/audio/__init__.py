"""Sound effects: synthesized at start (``synth``), played at the player's volume (``player``)."""
from __future__ import annotations

from game.rules.puzzle import Puzzle
from game.midend.session import Event, EventKind
from game.ui.audio.player import SoundPlayer, open_mixer
from game.common.synth import NO, WIN, Sound

__all__ = ["SoundPlayer", "effect_for", "move_effect", "open_mixer"]


def move_effect(puzzle: Puzzle, move) -> Sound:
    """The effect of a move: its kind's (a tile's slide, a frog's jump, a knight's hop...)."""
    return puzzle.move_kind(move).sound


def effect_for(event: Event, puzzle: Puzzle) -> Sound | None:
    """What a game event sounds like: a move (played, undone, redone, or by the solver) its kind,
    a refused move the "no", a win the chord; the rest is silent."""
    kind = event.kind
    if kind in (EventKind.MOVED, EventKind.UNDO, EventKind.REDO) and event.move is not None:
        return move_effect(puzzle, event.move)
    if kind is EventKind.ILLEGAL:
        return NO
    if kind is EventKind.SOLVED:
        return WIN
    return None
