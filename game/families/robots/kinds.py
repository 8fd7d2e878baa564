"""The robots' one kind of move: a robot sent one way rolls until something stops it, heard as a
small motor's whine and the clank where it bumps to a halt."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, attack, decay, knock, place, timeline, tone
from game.rules.kinds import MoveKind, Step

__all__ = ["KINDS", "ROLL"]

SENDS: dict[Step, str] = {(0, 1): N_("send the {piece} right"), (0, -1): N_("send the {piece} left"),
                          (1, 0): N_("send the {piece} down"), (-1, 0): N_("send the {piece} up")}


def roll_sound(rate: int) -> Wave:
    """A robot rolls: a motor's whine that rises and falls away, then a metal clank as it stops."""
    out = np.zeros(len(timeline(0.3, rate)))
    t = timeline(0.17, rate)
    pitch = 300.0 + 260.0 * np.sin(np.pi * t / t[-1]) ** 0.5
    whine = tone(t, pitch, ((1.0, 1.0), (2.0, 0.5), (3.0, 0.3), (5.0, 0.12)))
    place(out, whine * attack(t, 0.02) * np.sin(np.pi * t / t[-1]) * 0.3, 0.0, rate)
    clank = timeline(0.13, rate)
    ring = tone(clank, 1370.0, ((1.0, 1.0), (2.41, 0.5), (3.93, 0.3))) * decay(clank, 0.1) * attack(clank, 0.001)
    place(out, knock(clank, 330.0, 0.07, 1.3, 11) + 0.45 * ring, 0.15, rate)
    return out


# glides along the board: a longer slide takes a little longer (see the play screen's effects)
ROLL = MoveKind("roll", N_("A robot slides"), Sound("roll", roll_sound, 0.5), 0.18, 0.45, ways=SENDS)
KINDS = (ROLL,)
