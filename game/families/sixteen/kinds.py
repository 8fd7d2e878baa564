"""Sixteen's two kinds of move: a whole row rotated one cell left or right, a whole column one cell up or
down, heard as a run of small clicks (each tile passing its neighbour's edge), the column's a little lower."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, knock, noise, place, smooth, timeline
from game.rules.kinds import MoveKind

__all__ = ["COLUMN", "KINDS", "ROW"]


def _rotation(rate: int, pitch: float, seed: int) -> Wave:
    """A soft rush of the row sliding in its groove, three small clicks on the way, one firmer as it seats."""
    out = np.zeros(len(timeline(0.3, rate)))
    t = timeline(0.2, rate)
    rush = smooth(noise(t, seed), 20) * np.sin(np.pi * t / t[-1]) * 0.25
    place(out, rush, 0.0, rate)
    for i, at in enumerate((0.04, 0.09, 0.14)):
        place(out, knock(timeline(0.05, rate), pitch * (1.0 + 0.08 * i), 0.03, 0.9, seed + i) * 0.35, at, rate)
    place(out, knock(timeline(0.12, rate), pitch * 0.6, 0.08, 0.7, seed + 5), 0.18, rate)
    return out


def row_sound(rate: int) -> Wave:
    return _rotation(rate, 720.0, 31)


def column_sound(rate: int) -> Wave:
    return _rotation(rate, 560.0, 41)


# the direction of a move is the step from its named cell to the next (see game.families.sixteen.rules)
ROW_WAYS = {(0, 1): N_("rotate the row of the {piece} right"), (0, -1): N_("rotate the row of the {piece} left")}
COLUMN_WAYS = {(1, 0): N_("rotate the column of the {piece} down"), (-1, 0): N_("rotate the column of the {piece} up")}

ROW = MoveKind("row-turn", N_("A row rotates"), Sound("row-turn", row_sound, 0.5), 0.22, 0.5, ways=ROW_WAYS,
               # Translators: a move of Sixteen in a list: the row whose tile on {src} goes to {dst} ("row a1→b1")
               named=N_("row {src}→{dst}"))
COLUMN = MoveKind("column-turn", N_("A column rotates"), Sound("column-turn", column_sound, 0.5), 0.22, 0.5,
                  ways=COLUMN_WAYS,
                  # Translators: a move of Sixteen in a list: the column whose tile on {src} goes to {dst}
                  named=N_("column {src}→{dst}"))
KINDS = (ROW, COLUMN)
