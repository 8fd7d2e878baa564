"""The eight directions of a board as files and rules name them: "right", "up-left" ..."""
from __future__ import annotations

from typing import Mapping

from game.common.i18n import N_

__all__ = ["DIRECTIONS", "WORDS"]

DIRECTIONS: Mapping[str, tuple[int, int]] = {
    "right": (0, 1), "left": (0, -1), "up": (-1, 0), "down": (1, 0),
    "up-right": (-1, 1), "up-left": (-1, -1), "down-right": (1, 1), "down-left": (1, -1),
}
# the directions in words (a file's own keywords are English and stay so)
WORDS = {(0, 1): N_("right"), (0, -1): N_("left"), (-1, 0): N_("up"), (1, 0): N_("down"),
         (-1, 1): N_("up-right"), (-1, -1): N_("up-left"), (1, 1): N_("down-right"), (1, -1): N_("down-left")}
