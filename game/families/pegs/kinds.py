"""The pegs' one kind of move: a jump, heard as the peg lifted, a tap on the peg jumped over, and the
peg set down in its new hole."""
from __future__ import annotations

import numpy as np

from game.common.i18n import N_
from game.common.synth import Sound, Wave, attack, decay, knock, place, timeline, tone
from game.rules.kinds import MoveKind

__all__ = ["JUMP", "KINDS"]

JUMPS = {(0, 1): N_("jump the {piece} right"), (0, -1): N_("jump the {piece} left"),
         (1, 0): N_("jump the {piece} down"), (-1, 0): N_("jump the {piece} up")}


def jump_sound(rate: int) -> Wave:
    """A peg jumps: a light wooden lift, a tick as it passes the peg it takes, and a hollow plunk as it
    drops into its new hole (its pitch sinking, as a peg settling in a bored hole does)."""
    out = np.zeros(len(timeline(0.4, rate)))
    place(out, knock(timeline(0.06, rate), 1240.0, 0.03, 0.6, 11) * 0.35, 0.0, rate)
    place(out, knock(timeline(0.05, rate), 1800.0, 0.025, 1.0, 12) * 0.45, 0.1, rate)
    t = timeline(0.2, rate)
    plunk = tone(t, 300.0 - 90.0 * np.clip(t / 0.12, 0.0, 1.0), ((1.0, 1.0), (1.5, 0.35), (3.1, 0.1)))
    place(out, plunk * attack(t, 0.002) * decay(t, 0.17), 0.18, rate)
    return out


# Translators: {src} and {dst} are holes named like on a chessboard ("b1"); a jump along a slant of the board
JUMP_FROM_TO = N_("jump the {piece} from {src} to {dst}")
# Translators: one peg's jumps in a row; {stops}: the holes it starts from and lands in, "d2→d4→f4"
JUMP_CHAIN = N_("jump the {piece} {stops}")
JUMP = MoveKind("peg", N_("A jump"), Sound("peg", jump_sound, 0.5), 0.32, 0.6, arc=0.5, ways=JUMPS,
                any_way=JUMP_FROM_TO, chained=JUMP_CHAIN)
KINDS = (JUMP,)
