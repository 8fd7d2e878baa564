"""Robots that slide until something stops them (``family = "robots"``): Lunar Lockout's 5x5 layouts of
this game's own, and boards with walls where the edge stops a robot, as in Ricochet Robots."""
from __future__ import annotations

from functools import partial

from game.catalog.dealers import ClassicStart
from game.catalog.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.registry import register
from game.families.robots import files
from game.families.robots.files import RobotsDef
from game.families.robots.kinds import KINDS
from game.families.robots.oracle import robots_oracle
from game.families.robots.rules import make_robots, robot_words
from game.families.stone_specs import card_title
from game.rules.counts import Count

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

    def spec(self, name: str, defn: RobotsDef, count: Count | None = None) -> PuzzleSpec:
        common = defn.common
        names, roles = robot_words(defn)
        return PuzzleSpec(name, self.shelf, Recipe(name, partial(make_robots, name, defn), robots_oracle),
                          ClassicStart(), InputMode.SEND,
                          Presentation("robots", card_title(common.title, self.shelf), common.subtitle or BLURB,
                                       names, N_("robot"), common.group, common.variant, piece_roles=roles),
                          Figures(published=common.published.get("moves"), note=common.source), DemoPlan(),
                          family=self, edit=EditMode.PIECES, as_file=partial(files.with_start, defn))


FAMILY = register(RobotsFamily())
