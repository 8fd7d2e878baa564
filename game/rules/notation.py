"""A whole line of moves as other programs write it (Sokoban's LURD), and the lines a puzzle file gives.

A family whose players trade lines of moves in a notation of their own declares it on its puzzles' specs
(:attr:`game.catalog.spec.PuzzleSpec.notation`): the command line prints an answer in it, the clipboard
carries a game in it, and the panel counts a game by what the notation tells side by side (Sokoban's
letters are its moves, its capitals its pushes). Code above the rules asks the spec, never the family.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from game.rules.counts import Count
from game.rules.puzzle import Move

__all__ = ["Notation", "Written"]


@dataclass(frozen=True)
class Written:
    """A line of moves a puzzle file gives for its puzzle (a ``.sok`` file's solution): the file's line
    where it begins, its text as read, and ``problem``, one sentence, where it cannot be read (then
    ``text`` is empty)."""

    line: int
    text: str
    problem: str = ""


class Notation(Protocol):
    """A family's text of a line of moves from a position. Reading is untrusted: every mistake is a
    PositionError with one sentence naming the first letter that cannot be played and why."""

    @property
    def key(self) -> str:
        """Its name as the command line and JSON spell it: ``lurd``."""

    @property
    def counts(self) -> tuple[Count, ...]:
        """What a line's text tells side by side, in this order (moves, pushes)."""

    def looks_like(self, text: str) -> bool:
        """Whether ``text`` is written in this notation (and nothing else)."""

    def write(self, start: bytes, moves: Sequence[Move]) -> str:
        """The text of ``moves`` played from ``start`` (a legal line)."""

    def read(self, start: bytes, text: str) -> list[tuple[Move, bytes]]:
        """The moves ``text`` plays from ``start``, in the puzzle's count, each with the position after it."""

    def start_of(self, end: bytes, text: str) -> bytes:
        """Where ``text`` begins if it ends at ``end`` (a copied game: its position's code and its moves)."""

    def tally(self, start: bytes, moves: Sequence[Move]) -> tuple[int, ...]:
        """The line's figure in each of :attr:`counts`."""
