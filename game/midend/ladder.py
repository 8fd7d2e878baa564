"""The hint ladder: each press of Hint tells one step more, so a player takes only the help they need.

First how far the goal is, in a band; then the exact count; then which piece to move (highlighted, no
direction); then the move itself; the press after that plays it. Each step reached counts as help, and
a game keeps how often it reached each step (its notes, its save, its review)."""

from __future__ import annotations

from enum import IntEnum

from game.catalog.spec import PuzzleSpec
from game.common.i18n import _, ngettext
from game.midend.notation import move_words
from game.midend.sayings import move_hint_words, unproven_count_words
from game.rules.identities import Identities
from game.rules.puzzle import Move

__all__ = ["BANDS", "Step", "band_words", "step_message", "step_words", "steps_used", "steps_words", "used_words"]


class Step(IntEnum):
    BAND = 0        # the goal is "more than 20 moves" away
    COUNT = 1       # the exact number of moves to go
    PIECE = 2       # the piece to move, highlighted, no direction
    MOVE = 3        # the move itself; the next press plays it


BANDS = (5, 10, 20)     # band edges: "5 moves or fewer", "6 to 10", "11 to 20", "more than 20"


def band_words(n: int) -> str:
    """How far the goal is, roughly: the band holding ``n`` moves (a line not proven shortest: its floor)."""
    low = 1
    for high in BANDS:
        if n <= high:
            if low == 1:
                return ngettext("The goal is {high:,} move or fewer away.", "The goal is {high:,} moves or fewer away.",
                                high).format(high=high)
            return _("The goal is {low:,} to {high:,} moves away.").format(low=low, high=high)
        low = high + 1
    return _("The goal is more than {most:,} moves away.").format(most=BANDS[-1])


def step_words(step: Step) -> str:
    """The name of a step of the ladder, as the review tells what a game used."""
    return {Step.BAND: _("the distance band"), Step.COUNT: _("the exact count"),
            Step.PIECE: _("the piece hint"), Step.MOVE: _("the move hint")}[step]


def steps_used(ladder: tuple[int, ...]) -> list[str]:
    """Each step of the ladder reached, with how often: ["the piece hint twice", "the move hint once"]."""
    parts = []
    for step, times in zip(Step, ladder):
        if times:
            # Translators: {step} is a hint's step ("the piece hint"); {n} how often the player reached it
            parts.append(ngettext("{step} once", "{step} {n:,} times", times).format(step=step_words(step), n=times)
                         if times != 2 else _("{step} twice").format(step=step_words(step)))
    return parts


def steps_words(ladder: tuple[int, ...]) -> str:
    """The steps of the ladder a game reached: "the piece hint twice, the move hint once" ('' if none)."""
    return _(", ").join(steps_used(ladder))


def used_words(ladder: tuple[int, ...]) -> str:
    """What a game used of the ladder: "Used the piece hint twice, the move hint once." ('' if nothing)."""
    steps = steps_words(ladder)
    # Translators: {steps} lists the hint steps used ("the piece hint twice, the move hint once")
    return _("Used {steps}.").format(steps=steps) if steps else ""


def step_message(spec: PuzzleSpec, position: bytes, move: Move, distance: int, at_least: int | None,
                 step: Step, who: Identities | None = None) -> str:
    """A hint's words at ``step``: the band, the count, the piece, or the move (``at_least``: the line is the
    shortest found, not proven, and the shortest needs at least this many moves; ``who``: which identical
    piece is which, see :mod:`game.midend.notation`)."""
    if step is Step.BAND:
        return band_words(distance if at_least is None else at_least)
    if step is Step.COUNT:
        if at_least is not None:
            return unproven_count_words(distance, at_least)
        return ngettext("The goal is exactly {n:,} move away.", "The goal is exactly {n:,} moves away.",
                        distance).format(n=distance)
    if step is Step.PIECE:
        return _("Move the highlighted piece.")
    return move_hint_words(move_words(spec, position, move, who), distance, at_least)
