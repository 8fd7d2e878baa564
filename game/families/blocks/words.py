"""Sliding blocks in words, as the board shows them: each kind of piece by its shape ("tall block",
"car"), the goal's pieces by their lacquer too ("big red block", "red car"), the goal in one sentence,
and the exit, where the goal's one piece must reach an edge of the board (Klotski's bottom, Morning
Traffic's right side), which the board draws as an opening in its frame.

Which kinds the goal pins, and which of them are lacquered, is decided here once for the words and
the drawing alike (the view's colours follow :data:`LACQUER_WORDS` in order).
"""
from __future__ import annotations

from typing import Sequence

from solvers.rules import EMPTY

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.blocks.model import Axis, BlocksDef
from game.families.blocks.rules import Kind, Layout, goal_pattern, kind_placements, layout

__all__ = ["LACQUER_WORDS", "Exit", "exits", "goal_kinds", "goal_text", "piece_word", "piece_words"]

Pattern = Sequence[frozenset[int] | None]
Exit = tuple[Kind, tuple[int, ...], str]     # the goal piece's kind, the cells of its place, the side it leaves by

SHAPE_WORDS = {1: N_("small block"), 4: N_("big block")}
# Translators: the colours of the goal's lacquered pieces, in the order the board paints them
LACQUER_WORDS = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("pink"))
COLOURED = {N_("small block"): N_("small {colour} block"), N_("big block"): N_("big {colour} block"),
            N_("tall block"): N_("tall {colour} block"), N_("wide block"): N_("wide {colour} block"),
            N_("car"): N_("{colour} car"), N_("truck"): N_("{colour} truck")}
# Translators: the goal of a sliding-block puzzle, after "Goal: ": its one lacquered piece at the exit
EXIT_WORDS = {"bottom": N_("the {piece} at the exit at the bottom"), "top": N_("the {piece} at the exit at the top"),
              "left": N_("the {piece} at the exit on the left"), "right": N_("the {piece} at the exit on the right")}
# Translators: the goal of a sliding-block puzzle as its board shows it, after "Goal: "
EVERY_PIECE = N_("the lacquered pieces, each with a ring, on the places tinted in their colour")


def piece_word(kind: Kind) -> str:
    """A kind of piece in words, for hints: 'big block', 'tall block', 'car', or 'piece B'."""
    rows = 1 + max(r for r, _c in kind.shape)
    cols = 1 + max(c for _r, c in kind.shape)
    if kind.axis is not None and 1 in (rows, cols):
        return N_("car") if len(kind.shape) == 2 else N_("truck")
    if rows * cols == len(kind.shape):   # a rectangle
        if rows == cols:
            return SHAPE_WORDS.get(len(kind.shape)) or Phrase(N_("{rows}x{cols} block"), rows=rows, cols=cols)
        return N_("tall block") if rows > cols else N_("wide block")
    # Translators: a piece of a sliding-block puzzle named by its letter in the puzzle file: "piece B".
    return Phrase(N_("piece {letter}"), letter=kind.chars[0])


def goal_kinds(lay: Layout, pattern: Pattern) -> tuple[tuple[Kind, ...], tuple[Kind, ...]]:
    """The kinds the goal pins, and those of them lacquered: all of them, unless the goal pins every
    kind of three or more (an arrangement to rebuild), which stay wood."""
    pinned_codes = {code for ok in pattern if ok is not None for code in ok} - {EMPTY}
    pinned = tuple(k for k in lay.kinds if pinned_codes & set(k.codes))
    lacquered = pinned if len(pinned) < len(lay.kinds) or len(lay.kinds) <= 2 else ()
    return pinned, lacquered


def _coloured(kind: Kind, index: int) -> str:
    word, colour = piece_word(kind), Phrase(LACQUER_WORDS[index % len(LACQUER_WORDS)])
    template = COLOURED.get(word)
    # Translators: a lacquered piece of a sliding-block puzzle: its colour, then its shape ("red 2x3 block")
    return Phrase(template, colour=colour) if template else Phrase(N_("{colour} {piece}"), colour=colour, piece=word)


def piece_words(defn: BlocksDef) -> dict[int, str]:
    """Every piece code of the puzzle in words, the goal's pieces with their lacquer."""
    lay = layout(defn)
    _pinned, lacquered = goal_kinds(lay, goal_pattern(defn, lay))
    colour = {kind: i for i, kind in enumerate(lacquered)}
    return {code: _coloured(kind, colour[kind]) if kind in colour else piece_word(kind)
            for kind in lay.kinds for code in kind.codes}


def places(lay: Layout, pattern: Pattern, kind: Kind) -> list[tuple[int, ...]]:
    """The cells of each place the goal pins ``kind`` to."""
    fits = kind_placements(lay.board, kind)
    return [fits[cell] for cell, ok in enumerate(pattern) if ok == frozenset({kind.codes[0]}) and cell in fits]


def exits(lay: Layout, pattern: Pattern) -> list[Exit]:
    """The exit, where the goal is one lacquered piece on one place touching one edge of the board (not
    a corner), on a side it can move towards: none otherwise."""
    _pinned, lacquered = goal_kinds(lay, pattern)
    if len(lacquered) != 1 or lacquered[0].count != 1:
        return []
    kind = lacquered[0]
    found = places(lay, pattern, kind)
    if len(found) != 1:
        return []
    rows = [lay.board.cells[c][0] for c in found[0]]
    cols = [lay.board.cells[c][1] for c in found[0]]
    sides = [side for side, touches in (("top", min(rows) == 0), ("bottom", max(rows) == lay.height - 1),
                                        ("left", min(cols) == 0), ("right", max(cols) == lay.width - 1)) if touches]
    along = {Axis.X: ("left", "right"), Axis.Y: ("top", "bottom"), None: ("top", "bottom", "left", "right")}[kind.axis]
    if len(sides) != 1 or sides[0] not in along:
        return []
    return [(kind, found[0], sides[0])]


def goal_text(defn: BlocksDef) -> str:
    """The goal in words, after "Goal: ": the piece at the exit, the piece on its tinted place, or every
    lacquered piece on its places."""
    lay = layout(defn)
    pattern = goal_pattern(defn, lay)
    found = exits(lay, pattern)
    words = piece_words(defn)
    if found:
        kind, _cells, side = found[0]
        return Phrase(EXIT_WORDS[side], piece=words[kind.codes[0]])
    _pinned, lacquered = goal_kinds(lay, pattern)
    if len(lacquered) == 1 and lacquered[0].count == 1 and len(places(lay, pattern, lacquered[0])) == 1:
        # Translators: the goal of a sliding-block puzzle, after "Goal: ": its one lacquered piece on its place
        return Phrase(N_("the {piece} on the place tinted in its colour"), piece=words[lacquered[0].codes[0]])
    # Translators: the goal of a sliding-block puzzle whose every piece has its place, after "Goal: "
    return EVERY_PIECE if lacquered else N_("every piece on the place tinted in its colour")
