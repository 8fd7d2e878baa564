"""Sokoban's kinds of move: the keeper's step (a soft footfall) and a push (a crate scraping one cell
over the floor, then settling with a thud)."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, attack, decay, knock, noise, place, smooth, timeline, tone
from game.rules.kinds import MoveKind, Step

__all__ = ["KINDS", "PUSH", "WALK"]

WALKS: dict[Step, str] = {(0, 1): N_("walk the {piece} right"), (0, -1): N_("walk the {piece} left"),
                          (1, 0): N_("walk the {piece} down"), (-1, 0): N_("walk the {piece} up")}
PUSHES: dict[Step, str] = {(0, 1): N_("push the {piece} right"), (0, -1): N_("push the {piece} left"),
                           (1, 0): N_("push the {piece} down"), (-1, 0): N_("push the {piece} up")}
# Translators: {src} and {dst} are cells named like on a chessboard ("b1")
WALK_FROM_TO = N_("walk the {piece} from {src} to {dst}")


def step_sound(rate: int) -> Wave:
    """A footfall on a wooden floor: a muffled low tap."""
    t = timeline(0.09, rate)
    thud = tone(t, 140.0 * np.exp(-t * 6), ((1.0, 1.0), (2.1, 0.25))) * decay(t, 0.07) * attack(t, 0.002)
    scuff = smooth(noise(t, 11), 24) * decay(t, 0.03) * 0.35
    return thud + scuff


def push_sound(rate: int) -> Wave:
    """A crate pushed one cell: a dry scrape of wood on the floor, then it settles with a thud."""
    out = np.zeros(len(timeline(0.3, rate)))
    t = timeline(0.16, rate)
    scrape = smooth(noise(t, 7), 9) * np.abs(np.sin(np.pi * t / t[-1])) ** 0.7 * 0.5   # abs: sin(pi) may be -1e-16
    grain = np.sign(np.sin(2 * np.pi * 38.0 * t)) * 0.5 + 0.5   # the boards' grain: a judder
    place(out, scrape * (0.6 + 0.4 * grain), 0.0, rate)
    place(out, knock(timeline(0.14, rate), 150.0, 0.12, 0.5, 8) * 0.9, 0.15, rate)
    return out


WALK = MoveKind("walk", N_("A step"), Sound("step", step_sound, 0.3), 0.13, 0.35, ways=WALKS,
                any_way=WALK_FROM_TO)
PUSH = MoveKind("push", N_("A push"), Sound("push", push_sound, 0.55), 0.2, 0.5, ways=PUSHES)
KINDS = (WALK, PUSH)
