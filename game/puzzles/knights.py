"""Knights exchange: on a 3-wide, 4-high board, black and white knights swap rows by knight moves."""
from __future__ import annotations

from solvers.ranking import MultisetRanker
from solvers.rules import EMPTY, RuleSet

from game.puzzles.base import Board, Puzzle, Symbols, swap_rule

BLACK, WHITE = 1, 2
JUMPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
SYMBOLS = Symbols({EMPTY: ".", BLACK: "B", WHITE: "W"}, aliases={"b": BLACK, "w": WHITE, "0": EMPTY, "_": EMPTY},
                  describe={EMPTY: "empty", BLACK: "black knight", WHITE: "white knight"})


def make_knights(width: int = 3, height: int = 4) -> Puzzle:
    board = Board.rectangle(width, height)
    knights = frozenset({BLACK, WHITE})
    rules = [swap_rule(src, dst, knights, "hop")
             for dst in range(len(board))
             for dr, dc in JUMPS
             if (src := board.step(dst, dr, dc)) is not None]
    middle = [EMPTY] * (width * (height - 2))
    start = bytes([BLACK] * width + middle + [WHITE] * width)
    goal = bytes([WHITE] * width + middle + [BLACK] * width)
    ranker = MultisetRanker([len(middle), width, width])
    return Puzzle(
        name="knights",
        title="Knights exchange",
        move_rule="A move takes one knight by a chess knight's move to an empty square.",
        board=board,
        symbols=SYMBOLS,
        rules=RuleSet(rules, len(board)),
        start=start,
        goal_states=(goal,),
        reversible=True,
        ranker=ranker,
        goal_text="black and white have swapped rows",
    )
