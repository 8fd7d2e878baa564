"""The pairs' one kind of move: two stones lifted together and set down side by side."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, knock, place, timeline
from game.rules.kinds import MoveKind

__all__ = ["KINDS", "PAIR"]


def pair_sound(rate: int) -> Wave:
    """Two stones carried together: lifted with a light tick, set down with two quick clacks."""
    out = np.zeros(len(timeline(0.24, rate)))
    place(out, knock(timeline(0.05, rate), 1900.0, 0.03, 0.5, 6) * 0.35, 0.0, rate)
    place(out, knock(timeline(0.1, rate), 1480.0, 0.05, 1.2, 7), 0.1, rate)
    place(out, knock(timeline(0.1, rate), 1320.0, 0.05, 1.2, 8) * 0.9, 0.135, rate)
    return out


# Translators: two stones side by side, {src} the cell of the first; {dst} where it goes
PAIR = MoveKind("pair", N_("A pair carried"), Sound("pair", pair_sound, 0.5), 0.34, 0.6, arc=0.35,
                any_way=N_("move the pair at {src} to {dst}"),
                # Translators: a move of the pairs puzzle in a list: the two stones at {src} put down at {dst}
                named=N_("pair {src}→{dst}"))
KINDS = (PAIR,)
