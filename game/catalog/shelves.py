"""The menu's shelves, shared by the seed puzzles and the puzzle files of each family."""
from __future__ import annotations

from game.common.i18n import N_
from game.catalog.spec import Shelf

TILES = Shelf("tiles", N_("Sliding tiles"), (236, 170, 84))
BLOCKS = Shelf("blocks", N_("Sliding blocks"), (132, 196, 98))
FROGS = Shelf("frogs", N_("Frogs"), (96, 190, 170))
PAIRS = Shelf("pairs", N_("Pairs"), (170, 150, 230))
KNIGHTS = Shelf("knights", N_("Knights"), (230, 120, 120))
