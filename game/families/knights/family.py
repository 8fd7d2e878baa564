"""The knights exchange (``family = "knights"``): black and white knights swap places by chess
knight's moves, on any board with holes a file gives."""
from __future__ import annotations

import functools

from game.catalog.spec import PuzzleSpec, Shelf
from game.common.i18n import N_
from game.families.base import Family
from game.families.knights import files
from game.families.knights.files import KnightsDef
from game.families.knights.kinds import KINDS
from game.families.knights.rules import knights_from
from game.families.registry import register
from game.families.stone_specs import stone_spec
from game.families.stones import with_start
from game.files.model import Common
from game.files.toml_file import TomlFile
from game.rules.counts import Count

__all__ = ["FAMILY", "KNIGHTS", "KnightsFamily"]

KNIGHTS = Shelf("knights", N_("Knights"), (230, 120, 120))


class KnightsFamily(Family):
    key = "knights"
    shelf = KNIGHTS
    order = 40
    definition = KnightsDef
    kinds = KINDS

    def read(self, file: TomlFile, common: Common) -> KnightsDef:
        return files.read(file, common)

    def write(self, defn: KnightsDef) -> list[str]:
        return files.write(defn)

    def with_start(self, defn: KnightsDef, state: bytes, count: Count | None = None) -> KnightsDef:
        return with_start(defn, state)

    def spec(self, name: str, defn: KnightsDef, count: Count | None = None) -> PuzzleSpec:
        return stone_spec(self, name, defn, functools.partial(knights_from, name, defn), "knights", N_("knight"),
                          N_("Swap them by knight moves."), (N_("black knight"), N_("white knight")))


FAMILY = register(KnightsFamily())
