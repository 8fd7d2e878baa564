"""The Tower of Hanoi's one kind of move: a disc lifted off its peg and set down on another, heard
as a soft wooden scrape up the peg and a hollow clack where it lands."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, attack, decay, knock, noise, place, smooth, timeline
from game.rules.kinds import MoveKind

__all__ = ["KINDS", "LIFT"]


def lift_sound(rate: int) -> Wave:
    """A disc leaves its peg with a brief rising rub of wood on wood, then lands: a low ring disc's knock."""
    out = np.zeros(len(timeline(0.34, rate)))
    t = timeline(0.1, rate)
    rub = smooth(noise(t, 11), 18) * attack(t, 0.03) * decay(t, 0.1) * 0.35
    place(out, rub, 0.0, rate)
    place(out, knock(timeline(0.2, rate), 300.0, 0.16, 0.7, 12), 0.17, rate)
    place(out, knock(timeline(0.12, rate), 610.0, 0.06, 0.5, 13) * 0.4, 0.175, rate)
    return out


LIFT = MoveKind("lift", N_("A disc onto another peg"), Sound("lift", lift_sound, 0.5), 0.42, 0.9, arc=0.5,
                any_way=N_("move {piece} from peg {src} to peg {dst}"))
KINDS = (LIFT,)
