"""How a Sokoban solution is counted: by moves (every step of the keeper, a push included) or by
pushes (walking is free; of the solutions with fewest pushes, the one with fewest steps).

Files say which is theirs (``moves``, default ``moves``); the player may switch, and every figure
follows. The two optima are the two famous figures of a level: move-optimal and push-optimal.
"""
from __future__ import annotations

from game.common.i18n import N_, ngettext, pgettext
from game.rules.counts import Count

__all__ = ["COUNTS", "PUSHES", "STEPS"]


def _steps_word() -> str:
    # Translators: a way of counting Sokoban moves: every step of the keeper
    return pgettext("move count", "moves")


def _pushes_word() -> str:
    # Translators: a way of counting Sokoban moves: pushes only, walking free
    return pgettext("move count", "pushes")


def _steps_solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} move to the goal (every step counted).",
                    "Solvable: {n:,} moves to the goal (every step counted).", n).format(n=n)


def _pushes_solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} push to the goal (walking free).",
                    "Solvable: {n:,} pushes to the goal (walking free).", n).format(n=n)


def _pushes_amount(n: int) -> str:
    return ngettext("{n:,} push", "{n:,} pushes", n).format(n=n)


STEPS = Count(
    "moves", _steps_word,
    rule=N_("A move steps the keeper to the next cell, pushing the box there one cell on if it can go."),
    # Translators: a button: every step of the keeper is counted; pressed, pushes are counted instead
    button=N_("Counted: moves ›"),
    now=N_("Every step of the keeper is counted now; K counts pushes only."),
    recounted=N_("Now every step is counted: the same game, each push split into its steps."),
    solvable=_steps_solvable,
    published=(N_("Published: {moves:,} move."), N_("Published: {moves:,} moves.")))
PUSHES = Count(
    "pushes", _pushes_word,
    rule=N_("A move is one push of a box, the keeper walking to it free; of the fewest pushes, the fewest steps."),
    # Translators: a button: only pushes are counted; pressed, every step is counted instead
    button=N_("Counted: pushes ›"),
    now=N_("Only pushes are counted now (walking is free); K counts every step."),
    recounted=N_("Now only pushes are counted: the same game, each walk joined to its push."),
    solvable=_pushes_solvable, amount=_pushes_amount,
    published=(N_("Published: {moves:,} push."), N_("Published: {moves:,} pushes.")))
COUNTS = (STEPS, PUSHES)


def count_named(key: str) -> Count:
    """The count a file's ``moves`` key names."""
    return next(c for c in COUNTS if c.key == key)
