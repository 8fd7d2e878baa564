"""The menu's shelves, shared by the seed puzzles and the puzzle files of each family."""
from __future__ import annotations

from game.spec import Shelf

TILES = Shelf("tiles", "Sliding tiles", (236, 170, 84))
BLOCKS = Shelf("blocks", "Sliding blocks", (132, 196, 98))
FROGS = Shelf("frogs", "Frogs", (96, 190, 170))
PAIRS = Shelf("pairs", "Pairs", (170, 150, 230))
KNIGHTS = Shelf("knights", "Knights", (230, 120, 120))
