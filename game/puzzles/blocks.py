"""Goat: a 3x4 sliding-block puzzle of fence parts, a sheep, a wolf and one two-cell piece.

The two-cell piece is stored as two codes, its left half (the pen's top-right corner)
and its right half (a plain block); its moves are rules that carry both halves at once,
so no position ever splits it. With one empty cell it can only shift along its row.
"""
from __future__ import annotations

from solvers.ranking import BlockRanker
from solvers.rules import EMPTY, Rule, RuleSet

from game.puzzles.base import Board, PositionError, Puzzle, Symbols, swap_rule

TOP_LEFT, SIDE_H, BLOCK_L, BLOCK_R, SIDE_V, GATE, SHEEP, BOTTOM_LEFT, BOTTOM_RIGHT, WOLF = range(1, 11)

NAMES = {
    EMPTY: ".", TOP_LEFT: "┌", SIDE_H: "─", BLOCK_L: "┐", BLOCK_R: "▭", SIDE_V: "│",
    GATE: "∥", SHEEP: "S", BOTTOM_LEFT: "└", BOTTOM_RIGHT: "┘", WOLF: "W",
}
# ASCII stand-ins, documented in the README: corners by where they sit, '-' and '|' sides, 'g' the gate.
ASCII = {
    "tl": TOP_LEFT, "-": SIDE_H, "tr": BLOCK_L, "=": BLOCK_R, "|": SIDE_V, "g": GATE,
    "s": SHEEP, "bl": BOTTOM_LEFT, "br": BOTTOM_RIGHT, "w": WOLF, "0": EMPTY, "_": EMPTY,
}
DESCRIBE = {
    EMPTY: "empty", TOP_LEFT: "pen corner ┌", SIDE_H: "pen side ─", BLOCK_L: "two-cell piece ┐▭ (left half)",
    BLOCK_R: "two-cell piece ┐▭ (right half)", SIDE_V: "pen side │", GATE: "gate ∥", SHEEP: "sheep S",
    BOTTOM_LEFT: "pen corner └", BOTTOM_RIGHT: "pen corner ┘", WOLF: "wolf W",
}
# the pieces in words, for hints: the window's font has no box-drawing glyphs
PIECE_WORDS = {
    TOP_LEFT: "corner", SIDE_H: "fence", BLOCK_L: "long block", SIDE_V: "fence", GATE: "gate", SHEEP: "sheep",
    BOTTOM_LEFT: "corner", BOTTOM_RIGHT: "corner", WOLF: "wolf",
}
SINGLES = frozenset({TOP_LEFT, SIDE_H, SIDE_V, GATE, SHEEP, BOTTOM_LEFT, BOTTOM_RIGHT, WOLF})

START = "┌ ─ ┐ ▭/│ . ∥ S/└ ─ ┘ W"
GOAL = "┌ ─ ┐ ▭/│ S ∥ ./└ ─ ┘ W"


def block_rules(board: Board) -> list[Rule]:
    """Shifts of the two-cell piece: sideways needs one empty cell, up or down needs two."""
    rules = []
    left, right, free = frozenset({BLOCK_L}), frozenset({BLOCK_R}), frozenset({EMPTY})
    for a in range(len(board)):
        b = board.step(a, 0, 1)
        if b is None:
            continue
        if (c := board.step(b, 0, 1)) is not None:   # shift right: [L R .] -> [. L R]
            rules.append(Rule((a, b, c), (left, right, free), (2, 0, 1), a, b, "block"))
        if (z := board.step(a, 0, -1)) is not None:  # shift left: [. L R] -> [L R .]
            rules.append(Rule((z, a, b), (free, left, right), (1, 2, 0), a, z, "block"))
        for dr in (-1, 1):
            a2, b2 = board.step(a, dr, 0), board.step(b, dr, 0)
            if a2 is not None and b2 is not None:
                rules.append(Rule((a, b, a2, b2), (left, right, free, free), (2, 3, 0, 1), a, a2, "block"))
    return rules


def make_goat() -> Puzzle:
    board = Board.rectangle(4, 3)
    rules = [swap_rule(src, dst, SINGLES)
             for dst in range(len(board))
             for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
             if (src := board.step(dst, dr, dc)) is not None]
    rules += block_rules(board)
    symbols = Symbols(NAMES, aliases=ASCII, describe=DESCRIBE)
    counts = [0] * 11
    for code in _parse_plain(GOAL):
        counts[code] += 1
    counts[BLOCK_L] = counts[BLOCK_R] = 0
    top_row = [(c, c + 1) for c in range(board.width - 1)]
    ranker = BlockRanker(len(board), top_row, (BLOCK_L, BLOCK_R), counts)

    def block_whole(state: bytes) -> None:
        for cell, code in enumerate(state):
            right = board.step(cell, 0, 1)
            if code == BLOCK_L and (right is None or state[right] != BLOCK_R):
                raise PositionError("the two-cell piece must be written ┐ ▭, left half then right half, in one row.")
        left = state.index(BLOCK_L)
        if board.cells[left][0] != 0:
            raise PositionError(
                "this Goat position cannot be solved: with one empty cell the two-cell piece can never leave "
                "its row, and it must be in the top row.")

    return Puzzle(
        name="goat",
        title="Goat",
        move_rule="A move slides one piece (the two-cell piece too) by one cell into empty space.",
        board=board,
        symbols=symbols,
        rules=RuleSet(rules, len(board)),
        start=_parse_plain(START),
        goal_states=(_parse_plain(GOAL),),
        reversible=True,
        ranker=ranker,
        goal_text="the sheep inside the closed pen",
        checks=(block_whole,),
    )


def _parse_plain(text: str) -> bytes:
    lookup = {v: k for k, v in NAMES.items()}
    return bytes(lookup[t] for row in text.split("/") for t in row.split())
