"""Robots that slide until something stops them (``family = "robots"``): Lunar Lockout's 5x5 layouts of
this game's own, and boards with walls where the edge stops a robot, as in Ricochet Robots."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from game.catalog.spec import EditMode, InputMode, Presentation, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.registry import register
from game.families.robots import files
from game.families.robots.files import RobotsDef
from game.families.robots.kinds import KINDS
from game.families.robots.oracle import robots_oracle
from game.families.robots.rules import make_robots, robot_words
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

__all__ = ["FAMILY", "ROBOTS", "RobotsFamily", "robots_oracle"]

ROBOTS = Shelf("robots", N_("Robots"), (120, 164, 222))
BLURB = N_("Bring the red robot to its hatch.")


class RobotsFamily(Family):
    key = "robots"
    shelf = ROBOTS
    order = 70
    definition = RobotsDef
    files = files.KEYS
    kinds = KINDS
    keys = ("same", "edge")
    oracle = robots_oracle
    input = InputMode.SEND
    edit = EditMode.PIECES
    blurb = BLURB
    noun = N_("robot")
    subtitled = False

    def build(self, name: str, defn: RobotsDef, count: Count) -> Callable[[], Puzzle]:
        return partial(make_robots, name, defn)

    def presentation(self, defn: RobotsDef, count: Count, **more: Any) -> Presentation:
        """Its robots by their colours, each helper of one colour by a name of its own."""
        names, roles = robot_words(defn)
        return super().presentation(defn, count, piece_names=names, piece_roles=roles, **more)


FAMILY = register(RobotsFamily())
