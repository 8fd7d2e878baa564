"""The seed puzzles that are code rather than files: the tiles, Goat (its art and ASCII
stand-ins) and the frog lines (one family of eight sizes). The others are files in
assets/puzzles, read by :mod:`game.library`."""
from __future__ import annotations

import functools
from math import factorial

from game import catalog
from game.dealers import ClassicStart, ShuffledTiles
from game.i18n import N_
from game.oracles.pattern import PatternOracle
from game.oracles.table import TableOracle
from game.puzzles import goat
from game.puzzles.frogs import BLACK, WHITE, frogs_line, line_title
from game.puzzles.tiles import TILE_NAMES, make_tiles
from game.shelves import BLOCKS, FROGS, TILES
from game.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec
from game.startfile import blocks_file, frog_line_file


FIFTEEN_NOTE = N_("The 15-puzzle has 16!/2 = 10,461,394,944,000 reachable positions. A table with one byte "
                   "for each would fill about ten terabytes, and sweeping it would take days, so the game "
                   "never solves this puzzle completely. Instead every hint and solution comes from IDA*, a "
                   "depth-first search guided by additive pattern databases (the 7-7-1 split, looked up for "
                   "the board and its mirror image), which proves its answer is the shortest.")
FIFTEEN_DEAL_MAX = 56   # random 15-puzzle boards rarely need more: a searched deal could retry for long


# the tiles' titles and cards, and the frog lines' cards, written out: each is a message of its own
TILE_TITLES = {8: N_("8-puzzle"), 15: N_("15-puzzle")}
TILE_BLURBS = {8: N_("Slide tiles into order, 1 to 8."), 15: N_("Slide tiles into order, 1 to 15.")}
LINE_CARDS = {
    1: (N_("Line of 1 each"), N_("1 frog a side swap places.")),
    2: (N_("Line of 2 each"), N_("2 frogs a side swap places.")),
    3: (N_("Line of 3 each"), N_("3 frogs a side swap places.")),
    4: (N_("Line of 4 each"), N_("4 frogs a side swap places.")),
    5: (N_("Line of 5 each"), N_("5 frogs a side swap places.")),
    6: (N_("Line of 6 each"), N_("6 frogs a side swap places.")),
    7: (N_("Line of 7 each"), N_("7 frogs a side swap places.")),
    8: (N_("Line of 8 each"), N_("8 frogs a side swap places.")),
}
FROG_WORDS = {BLACK: N_("black frog"), WHITE: N_("white frog")}


def _tiles(n: int) -> Presentation:
    return Presentation("tiles", TILE_TITLES[n], TILE_BLURBS[n], {t: TILE_NAMES[t] for t in range(1, n + 1)},
                        N_("tile"))


def _frog_line(n: int) -> Presentation:
    title, blurb = LINE_CARDS[n]
    return Presentation("frogs", title, blurb, FROG_WORDS, N_("frog"), N_("Frogs in a line"), str(n))


SPECS = [
    PuzzleSpec("eight", TILES,
               lambda: make_tiles("eight", TILE_TITLES[8], 3, 3, start=bytes([8, 6, 7, 2, 5, 4, 3, 0, 1])),
               TableOracle, ShuffledTiles(), InputMode.SLIDE, _tiles(8),
               Figures(published=31, positions=factorial(9) // 2, longest=31), DemoPlan(), edit=EditMode.SWAP),
    PuzzleSpec("fifteen", TILES,
               lambda: make_tiles("fifteen", TILE_TITLES[15], 4, 4,
                                  start=bytes([5, 10, 14, 4, 6, 12, 11, 1, 9, 0, 15, 7, 13, 2, 8, 3])),
               PatternOracle, ShuffledTiles(searched_limit=FIFTEEN_DEAL_MAX), InputMode.SLIDE, _tiles(15),
               Figures(published=41, positions=factorial(16) // 2, longest=80,
                       rows=((N_("Positions"), N_("10.46 trillion")), (N_("Longest optimal"), N_("80 moves")),
                             (N_("Random positions"), N_("about 53 moves"))), note=FIFTEEN_NOTE),
               DemoPlan(deal_distance=(30, 40)), edit=EditMode.SWAP),
    PuzzleSpec("goat", BLOCKS, goat.make_goat, TableOracle, ClassicStart(), InputMode.SLIDE,
               Presentation("goat", N_("Goat"), N_("Build the pen round the sheep."), goat.PIECE_WORDS),
               Figures(published=20, positions=3 * 1_814_400, longest=52), DemoPlan(),
               edit=EditMode.PIECES, as_file=functools.partial(blocks_file, goat.DEFINITION, None)),
    *[PuzzleSpec(f"frogs-line-{n}", FROGS, functools.partial(frogs_line, n), TableOracle, ClassicStart(), InputMode.CURSOR,
                 _frog_line(n),
                 Figures(published=n * n + 2 * n), DemoPlan(), edit=EditMode.PALETTE,
                 as_file=functools.partial(frog_line_file, n, line_title(n)))
      for n in range(1, 9)],
]

for _spec in SPECS:
    catalog.register(_spec)
catalog.set_demo_playlist(["eight", "goat", "fifteen", "frogs-line-3", "knights", "frogs-a", "pairs",
                           "frogs-small-diagonal", "eight", "pairs-open", "frogs-b", "frogs-line-4",
                           "frogs-small-backward", "klotski"])
