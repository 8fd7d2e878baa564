"""Kinds of move: what a move looks, sounds and reads like, declared by the family that has it.

The rules give every move a label (:attr:`solvers.rules.Rule.kind`, plain text: the solvers know
nothing else); a puzzle maps each label to a :class:`MoveKind`, and a label it does not declare is
refused when the puzzle is built, so a new kind of move never silently borrows a slide's sound
and timing. The play screen, the help card, the sound and the hint's words all read the kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.common.i18n import N_
from game.common.synth import SLIDE as SLIDE_SOUND, Sound

Step = tuple[int, int]

__all__ = ["MoveKind", "SLIDE", "SLIDES", "Step"]

# a straight slide in words for a hint, one phrase for each way so that each reads whole in any language
SLIDES: Mapping[Step, str] = {
    (0, 1): N_("slide the {piece} right"), (0, -1): N_("slide the {piece} left"),
    (1, 0): N_("slide the {piece} down"), (-1, 0): N_("slide the {piece} up"),
}
# Translators: {src} and {dst} are cells named like on a chessboard ("b1")
FROM_TO = N_("move the {piece} from {src} to {dst}")
# Translators: a move in a list (the review, a solution): the piece as the board shows it, from a cell to a cell
NAMED = N_("{piece} {src}→{dst}")


@dataclass(frozen=True, eq=False)
class MoveKind:
    """One kind of move. Words are English, marked with ``N_``: translated where they are shown."""

    label: str                   # what the rules call it (``Rule.kind``): one label, one kind, per puzzle
    caption: str                 # the help card's title over a move of this kind: "A jump"
    sound: Sound                 # what it sounds like when played
    seconds: float               # how long it takes on the play screen (a glide: for its first cell)
    help_seconds: float          # ... and on the help card, where it is shown slowly
    arc: float = 0.0             # a leap's height at its top, in cells; 0 glides along the board
    ways: Mapping[Step, str] = field(default_factory=dict)   # a straight move in words, by its direction
    any_way: str = FROM_TO       # any other move in words: {piece}, {src}, {dst}
    named: str = NAMED           # the move in a list of moves: {piece}, {src}, {dst}
    chained: str = ""            # a move that lands on its way (a peg's chain of jumps) in words: {piece}, {stops}
                                 # (the cells of its route, arrows between); empty: moves land only at their end

    @property
    def glides(self) -> bool:
        """Along the board, cell by cell (a longer slide takes longer), rather than leaping."""
        return self.arc == 0.0

    def __repr__(self) -> str:
        return f"<MoveKind {self.label}>"


SLIDE = MoveKind("slide", N_("A slide"), SLIDE_SOUND, 0.17, 0.35, ways=SLIDES)
