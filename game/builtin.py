"""The seed puzzles of the collection (PUZZLES.md), declared once each."""
from __future__ import annotations

import functools
from math import factorial

from game import catalog
from game.dealers import ClassicStart, ShuffledTiles
from game.oracles.pattern import PatternOracle
from game.oracles.table import TableOracle
from game.puzzles import goat
from game.puzzles.frogs import BLACK, WHITE, frogs_board, frogs_line, frogs_small_backward, frogs_small_diagonal
from game.puzzles.knights import make_knights
from game.puzzles.pairs import make_pairs, make_pairs_open
from game.puzzles.tiles import make_tiles
from game.spec import DemoPlan, Figures, InputMode, Presentation, PuzzleSpec, Shelf

TILES = Shelf("tiles", "Sliding tiles", (236, 170, 84))
BLOCKS = Shelf("blocks", "Sliding blocks", (132, 196, 98))
FROGS = Shelf("frogs", "Frogs", (96, 190, 170))
PAIRS = Shelf("pairs", "Pairs", (170, 150, 230))
KNIGHTS = Shelf("knights", "Knights", (230, 120, 120))

FIFTEEN_NOTE = ("The 15-puzzle has 16!/2 = 10,461,394,944,000 reachable positions. A table with one byte "
                "for each would fill about ten terabytes, and sweeping it would take days, so the game "
                "never solves this puzzle completely. Instead every hint and solution comes from IDA*, a "
                "depth-first search guided by additive pattern databases (the 6-6-3 split, looked up for "
                "the board and its mirror image), which proves its answer is the shortest.")
FIFTEEN_DEAL_MAX = 56   # random 15-puzzle boards rarely need more: a searched deal could retry for long


def _tiles(n: int) -> Presentation:
    return Presentation("tiles", f"{n}-puzzle", f"Slide tiles into order, 1 to {n}.",
                        {t: f"tile {t}" for t in range(1, n + 1)}, "tile")


def _stones(view: str, noun: str, short: str, blurb: str) -> Presentation:
    return Presentation(view, short, blurb, {BLACK: f"black {noun}", WHITE: f"white {noun}"}, noun)


FROG_BLURB = "Black right/down, white left/up."

SPECS = [
    PuzzleSpec("eight", TILES, lambda: make_tiles("eight", "8-puzzle", 3, 3, start=bytes([8, 6, 7, 2, 5, 4, 3, 0, 1])),
               TableOracle, ShuffledTiles(), InputMode.SLIDE, _tiles(8),
               Figures(optimum=31, positions=factorial(9) // 2, longest=31), DemoPlan()),
    PuzzleSpec("fifteen", TILES,
               lambda: make_tiles("fifteen", "15-puzzle", 4, 4,
                                  start=bytes([5, 10, 14, 4, 6, 12, 11, 1, 9, 0, 15, 7, 13, 2, 8, 3])),
               PatternOracle, ShuffledTiles(searched_limit=FIFTEEN_DEAL_MAX), InputMode.SLIDE, _tiles(15),
               Figures(optimum=41, positions=factorial(16) // 2, longest=80,
                       rows=(("Positions", "10.46 trillion"), ("Longest optimal", "80 moves"),
                             ("Random positions", "about 53 moves")), note=FIFTEEN_NOTE),
               DemoPlan(deal_distance=(30, 40))),
    PuzzleSpec("goat", BLOCKS, goat.make_goat, TableOracle, ClassicStart(), InputMode.SLIDE,
               Presentation("goat", "Goat", "Build the pen round the sheep.", goat.PIECE_WORDS),
               Figures(optimum=20, positions=3 * 1_814_400, longest=52), DemoPlan()),
    *[PuzzleSpec(f"frogs-line-{n}", FROGS, functools.partial(frogs_line, n), TableOracle, ClassicStart(), InputMode.CURSOR,
                 _stones("frogs", "frog", f"Line of {n} each", f"{n} frog{'s' if n > 1 else ''} a side swap places."),
                 Figures(optimum=n * n + 2 * n), DemoPlan())
      for n in range(1, 9)],
    PuzzleSpec("frogs-a", FROGS, lambda: frogs_board("frogs-a", "Frogs, board A (11 cells)"), TableOracle,
               ClassicStart(), InputMode.CURSOR, _stones("frogs", "frog", "Board A (11 cells)", FROG_BLURB),
               Figures(optimum=23), DemoPlan()),
    PuzzleSpec("frogs-b", FROGS, lambda: frogs_board("frogs-b", "Frogs, board B (11 cells)"), TableOracle,
               ClassicStart(), InputMode.CURSOR, _stones("frogs", "frog", "Board B (11 cells)", FROG_BLURB),
               Figures(optimum=25, published_solution=26), DemoPlan()),
    PuzzleSpec("frogs-c", FROGS, lambda: frogs_board("frogs-c", "Frogs, board C (17 cells)"), TableOracle,
               ClassicStart(), InputMode.CURSOR, _stones("frogs", "frog", "Board C (17 cells)", FROG_BLURB),
               Figures(optimum=46), DemoPlan()),
    PuzzleSpec("frogs-small-diagonal", FROGS, frogs_small_diagonal, TableOracle, ClassicStart(), InputMode.CURSOR,
               _stones("frogs", "frog", "Small board, diagonals", "Forward only, diagonals allowed."),
               Figures(optimum=8), DemoPlan()),
    PuzzleSpec("frogs-small-backward", FROGS, frogs_small_backward, TableOracle, ClassicStart(), InputMode.CURSOR,
               _stones("frogs", "frog", "Small board, backwards", "Any way but diagonal."),
               Figures(optimum=15), DemoPlan()),
    PuzzleSpec("pairs", PAIRS, make_pairs, TableOracle, ClassicStart(), InputMode.CURSOR,
               _stones("pairs", "pair", "Pairs", "Move two stones at once."), Figures(optimum=4), DemoPlan()),
    PuzzleSpec("pairs-open", PAIRS, make_pairs_open, TableOracle, ClassicStart(), InputMode.CURSOR,
               _stones("pairs", "pair", "Pairs, open row", "Group both colours, anywhere."),
               Figures(optimum=3), DemoPlan()),
    PuzzleSpec("knights", KNIGHTS, make_knights, TableOracle, ClassicStart(), InputMode.CURSOR,
               _stones("knights", "knight", "Knights exchange", "Swap the rows by knight moves."),
               Figures(optimum=16, positions=18_480, longest=22), DemoPlan()),
]

for _spec in SPECS:
    catalog.register(_spec)
catalog.set_demo_playlist(["eight", "goat", "fifteen", "frogs-line-3", "knights", "frogs-a", "pairs",
                           "frogs-small-diagonal", "eight", "pairs-open", "frogs-b", "frogs-line-4",
                           "frogs-small-backward"])
