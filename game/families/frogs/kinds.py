"""The frogs' kinds of move: a step into the next empty cell, and a leap over one frog."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, attack, decay, place, timeline, tone
from game.rules.kinds import SLIDE, MoveKind, Step

__all__ = ["JUMP", "KINDS", "SLIDE"]

JUMPS: dict[Step, str] = {(0, 1): N_("jump the {piece} right"), (0, -1): N_("jump the {piece} left"),
                          (1, 0): N_("jump the {piece} down"), (-1, 0): N_("jump the {piece} up")}


def jump_sound(rate: int) -> Wave:
    """A frog leaps: a rising chirp, then a soft plop where it lands."""
    out = np.zeros(len(timeline(0.3, rate)))
    t = timeline(0.16, rate)
    rise = 330.0 * (2.6 ** (t / t[-1]))
    arch = np.clip(np.sin(np.pi * t / t[-1]), 0.0, 1.0)   # clipped: a rounding below 0 would make NaN at ** 0.6
    chirp = tone(t, rise, ((1.0, 1.0), (2.0, 0.25))) * arch ** 0.6 * 0.7
    place(out, chirp, 0.0, rate)
    tp = timeline(0.12, rate)
    plop = tone(tp, 260.0 * np.exp(-tp * 9), ((1.0, 1.0),)) * decay(tp, 0.1) * attack(tp, 0.003)
    place(out, plop, 0.16, rate)
    return out


JUMP = MoveKind("jump", N_("A jump"), Sound("jump", jump_sound, 0.5), 0.3, 0.55, arc=0.55, ways=JUMPS)
KINDS = (SLIDE, JUMP)
