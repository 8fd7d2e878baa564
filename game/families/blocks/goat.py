"""Goat: a 3x4 sliding-block puzzle of fence parts, a sheep, a wolf and one two-cell piece.

Built by the blocks engine like any other: the two-cell piece is a 1x2 piece with two faces
(the pen's top-right corner and a plain block), the two horizontal fence sides are identical
pieces. What is Goat's own is its art (its faces, drawn in the terminal and read in position
text, with their ASCII stand-ins), and one check with a sentence of its own (the two-cell piece
can never leave the top row). Its position text names each piece by one character, as every
sliding-block puzzle's does.
"""
from __future__ import annotations

from game.families.blocks.model import BlocksDef
from game.files.model import Common
from game.common.i18n import N_, _
from game.rules.puzzle import PositionError
from game.families.blocks.rules import BlocksPuzzle, make_blocks
from solvers.rules import EMPTY

# codes, in the order the engine gives them (kinds by first appearance in the start)
TOP_LEFT, SIDE_H, BLOCK_L, BLOCK_R, SIDE_V, GATE, SHEEP, BOTTOM_LEFT, BOTTOM_RIGHT, WOLF = range(1, 11)

# one character per piece, as in a puzzle file: the position text (corners a, b, c; sides h, i and v;
# the two-cell piece T; the door d; the sheep S and the wolf W), never clashing with the ASCII stand-ins
DEFINITION = BlocksDef(
    Common(N_("Goat"), source=N_("This game's own.")),
    start=("ahTT", "v.dS", "bicW"),
    goal=("ahTT", "vSd.", "bicW"),
    same=("hi",),
    moves="cell",
)
FACES = {"a": "┌", "h": "─", "T": "┐▭", "v": "│", "d": "∥", "S": "S", "b": "└", "c": "┘", "W": "W"}
# ASCII stand-ins, documented in the README: corners by where they sit, '-' and '|' sides, 'g' the gate.
ASCII = {
    "tl": TOP_LEFT, "-": SIDE_H, "tr": BLOCK_L, "=": BLOCK_R, "|": SIDE_V, "g": GATE,
    "s": SHEEP, "bl": BOTTOM_LEFT, "br": BOTTOM_RIGHT, "w": WOLF, "0": EMPTY, "_": EMPTY,
}
DESCRIBE = {
    EMPTY: N_("empty"), TOP_LEFT: N_("pen corner ┌"), SIDE_H: N_("pen side ─"),
    BLOCK_L: N_("two-cell piece ┐▭ (left half)"), BLOCK_R: N_("two-cell piece ┐▭ (right half)"),
    SIDE_V: N_("pen side │"), GATE: N_("gate ∥"), SHEEP: N_("sheep S"),
    BOTTOM_LEFT: N_("pen corner └"), BOTTOM_RIGHT: N_("pen corner ┘"), WOLF: N_("wolf W"),
}
# the pieces in words, for hints, as the board draws them (the two-cell piece: a corner of the pen joined to a hay bale)
PIECE_WORDS = {
    TOP_LEFT: N_("corner"), SIDE_H: N_("fence"), BLOCK_L: N_("hay bale"), SIDE_V: N_("fence"), GATE: N_("gate"),
    SHEEP: N_("sheep"), BOTTOM_LEFT: N_("corner"), BOTTOM_RIGHT: N_("corner"), WOLF: N_("wolf"),
}


def _block_in_top_row(state: bytes) -> None:
    """Goat's own sentences: the two-cell piece written in order, and in the top row."""
    for cell, code in enumerate(state):
        if code == BLOCK_L and (cell % 4 == 3 or state[cell + 1] != BLOCK_R):
            raise PositionError(_("the two-cell piece must be written ┐ ▭, left half then right half, in one row."))
    if BLOCK_L in state and state.index(BLOCK_L) >= 4:
        raise PositionError(
            _("this Goat position cannot be solved: with one empty cell the two-cell piece can never leave "
              "its row, and it must be in the top row."))


def make_goat() -> BlocksPuzzle:
    return make_blocks("goat", DEFINITION, faces=FACES, aliases=ASCII, describe=DESCRIBE,
                       move_rule=N_("A move slides one piece (the two-cell piece too) by one cell into empty space."),
                       goal_text=N_("the sheep inside the closed pen"), checks=(_block_in_top_row,))
