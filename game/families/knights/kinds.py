"""The knights' one kind of move: a chess knight's leap, heard as two hoof beats."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, knock, place, timeline
from game.rules.kinds import MoveKind

__all__ = ["HOP", "KINDS"]


def hop_sound(rate: int) -> Wave:
    """A knight moves: two hoof beats, high then lower."""
    out = np.zeros(len(timeline(0.26, rate)))
    place(out, knock(timeline(0.1, rate), 880.0, 0.06, 1.0, 4), 0.0, rate)
    place(out, knock(timeline(0.14, rate), 660.0, 0.08, 1.0, 5) * 0.85, 0.11, rate)
    return out


HOP = MoveKind("hop", N_("A knight's move"), Sound("hop", hop_sound, 0.5), 0.36, 0.6, arc=0.75)
KINDS = (HOP,)
