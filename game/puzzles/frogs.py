"""Frogs and toads: black stones move forward, white backward, by a slide or a jump over one stone of the other colour.

"Forward" for black is a direction from a small set (right; right or down on 2D boards);
white uses the opposite directions. The variants differ only in that set, so one
builder serves the line, the 2D boards and both rule sets of the small board.
"""
from __future__ import annotations

from typing import Sequence

from solvers.ranking import MultisetRanker
from solvers.rules import EMPTY, Rule, RuleSet

from game.puzzles.base import Board, Puzzle, Symbols

BLACK, WHITE = 1, 2
STONE_NAMES = {EMPTY: ".", BLACK: "B", WHITE: "W"}
STONE_SYMBOLS = Symbols(STONE_NAMES, aliases={"b": BLACK, "w": WHITE, "0": EMPTY, "_": EMPTY},
                        describe={EMPTY: "empty", BLACK: "black", WHITE: "white"})

RIGHT, DOWN = (0, 1), (1, 0)
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))

PICTURES = {
    "frogs-a": """
    B
  B B
B B . W W
    W W
    W
""",
    "frogs-b": """
B B
B B
B . W
  W W
  W W
""",
    "frogs-c": """
B B B
B B B
B B . W W
    W W W
    W W W
""",
    "frogs-small": """
B B
B . W
  W W
""",
}


def frog_rules(board: Board, black_dirs: Sequence[tuple[int, int]],
               white_dirs: Sequence[tuple[int, int]]) -> list[Rule]:
    rules = []
    for colour, other, dirs in ((BLACK, WHITE, black_dirs), (WHITE, BLACK, white_dirs)):
        me, them, free = frozenset({colour}), frozenset({other}), frozenset({EMPTY})
        for a in range(len(board)):
            for dr, dc in dirs:
                b = board.step(a, dr, dc)
                if b is None:
                    continue
                rules.append(Rule((a, b), (me, free), (1, 0), a, b, "slide"))
                c = board.step(a, dr, dc, 2)
                if c is not None:
                    rules.append(Rule((a, b, c), (me, them, free), (2, 1, 0), a, c, "jump"))
    return rules


def _from_picture(picture: str) -> tuple[Board, bytes]:
    board = Board.from_picture(picture)
    codes = {"B": BLACK, "W": WHITE, ".": EMPTY}
    state = bytes(codes[ch] for ch in picture.split())
    return board, state


def _swapped(state: bytes) -> bytes:
    return bytes({BLACK: WHITE, WHITE: BLACK}.get(v, v) for v in state)


def make_frogs(name: str, title: str, board: Board, start: bytes, move_rule: str,
               black_dirs: Sequence[tuple[int, int]], white_dirs: Sequence[tuple[int, int]],
               reversible: bool = False) -> Puzzle:
    counts = [start.count(EMPTY), start.count(BLACK), start.count(WHITE)]
    return Puzzle(
        name=name,
        title=title,
        move_rule=move_rule,
        board=board,
        symbols=STONE_SYMBOLS,
        rules=RuleSet(frog_rules(board, black_dirs, white_dirs), len(board)),
        start=start,
        goal_states=(_swapped(start),),
        reversible=reversible,
        ranker=MultisetRanker(counts),
        goal_text="black and white have swapped places",
    )


def frogs_line(n: int) -> Puzzle:
    start = bytes([BLACK] * n + [EMPTY] + [WHITE] * n)
    return make_frogs(
        f"frogs-line-{n}", f"Frogs, line of {n} each side", Board.rectangle(2 * n + 1, 1), start,
        "A move slides a stone forward (black right, white left) into the empty cell, "
        "or jumps it over one stone of the other colour into the empty cell behind.",
        (RIGHT,), ((0, -1),))


def frogs_board(key: str, title: str) -> Puzzle:
    board, start = _from_picture(PICTURES[key])
    return make_frogs(
        key, title, board, start,
        "A move slides a stone forward (black right or down, white left or up) into an adjacent empty cell, "
        "or jumps it straight over one stone of the other colour into the empty cell behind.",
        (RIGHT, DOWN), ((0, -1), (-1, 0)))


def frogs_small_diagonal() -> Puzzle:
    board, start = _from_picture(PICTURES["frogs-small"])
    return make_frogs(
        "frogs-small-diagonal", "Frogs, small board with diagonals", board, start,
        "A move slides a stone forward (black to a higher-numbered cell: right, down or diagonally down; "
        "white the opposite) into an empty cell, or jumps it that way over one stone of the other colour.",
        (RIGHT, DOWN, (1, 1), (1, -1)), ((0, -1), (-1, 0), (-1, -1), (-1, 1)))


def frogs_small_backward() -> Puzzle:
    board, start = _from_picture(PICTURES["frogs-small"])
    return make_frogs(
        "frogs-small-backward", "Frogs, small board with backward moves", board, start,
        "A move slides any stone up, down, left or right into an empty cell, or jumps it straight over "
        "one stone of the other colour into the empty cell behind; no diagonal moves.",
        ORTHOGONAL, ORTHOGONAL, reversible=True)
