"""The sliding blocks' kinds of move: a one-cell piece slides like a tile; a larger block scrapes
and knocks, and takes a little longer."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, knock, noise, place, smooth, timeline
from game.rules.kinds import SLIDE, SLIDES, MoveKind

__all__ = ["BLOCK", "KINDS", "SLIDE"]


def block_sound(rate: int) -> Wave:
    """A block slides and stops: a soft scrape, then a low knock."""
    out = np.zeros(len(timeline(0.26, rate)))
    t = timeline(0.09, rate)
    scrape = smooth(noise(t, 2), 14) * np.sin(np.pi * t / t[-1]) * 0.35
    place(out, scrape, 0.0, rate)
    place(out, knock(timeline(0.17, rate), 210.0, 0.14, 0.7, 3), 0.075, rate)
    return out


BLOCK = MoveKind("block", N_("A block moves"), Sound("block", block_sound, 0.55), 0.2, 0.45, ways=SLIDES)
KINDS = (SLIDE, BLOCK)
