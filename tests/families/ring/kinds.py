"""The ring's kinds of move: a step to the next cell, and a leap over one token, with a sound of its own."""
from __future__ import annotations

import numpy as np

from game.common.synth import Sound, Wave, knock, place, timeline
from game.rules.kinds import SLIDE, MoveKind


def leap_sound(rate: int) -> Wave:
    """Three quick taps, rising: a token flying over another."""
    out = np.zeros(len(timeline(0.2, rate)))
    for i, freq in enumerate((700.0, 940.0, 1260.0)):
        place(out, knock(timeline(0.06, rate), freq, 0.04, 1.0, 20 + i), 0.05 * i, rate)
    return out


LEAP = MoveKind("leap", "A leap round the ring", Sound("leap", leap_sound, 0.5), 0.25, 0.5, arc=0.6)
KINDS = (SLIDE, LEAP)
