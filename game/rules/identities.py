"""Which of several identical pieces is which, for the player's eyes only.

The rules do not tell identical pieces apart: a position is the same whichever of them stands where,
and that keeps its tables small (Lunar Lockout's helpers would otherwise multiply its positions by up
to 120). A player following the board does tell them apart, by the colour a family paints each one. So
a piece's identity is presentation, derived from the game's history, never part of a position: each
piece is named by its place among the pieces of its code in reading order where the game began (its
start, a deal, a restart, a position set without history), and keeps that place as it moves (the piece
a move carries from a to b is the one that stood on a). Replaying the moves from where the game began
gives the identities anywhere in it, so undo, redo, a restart, a solve and a review all agree.
"""
from __future__ import annotations

from typing import Iterable

from solvers.rules import EMPTY

from game.rules.puzzle import Move, Puzzle

__all__ = ["NOBODY", "Identities", "along", "carry", "first_seen", "shifted", "undone"]

Identities = tuple[int, ...]   # per cell: the place of the piece there among its code's pieces (0 first)
NOBODY = -1                    # ... on an empty cell


def first_seen(position: bytes) -> Identities:
    """The identities of a position seen for the first time: each code's pieces in reading order."""
    seen: dict[int, int] = {}
    out = []
    for code in position:
        if code == EMPTY:
            out.append(NOBODY)
        else:
            out.append(seen.get(code, 0))
            seen[code] = out[-1] + 1
    return tuple(out)


def carry(puzzle: Puzzle, who: Identities, before: bytes, move: Move) -> Identities:
    """``who`` (the identities of ``before``) after ``move``: each piece cell it carries keeps its identity."""
    return shifted(who, puzzle.carried(before, move))


def shifted(who: Identities, paths: Iterable[tuple[int, int]]) -> Identities:
    """``who`` with the pieces on each path's first cell moved to its second (all at once)."""
    paths = tuple(paths)
    out = list(who)
    for src, _dst in paths:
        out[src] = NOBODY
    for src, dst in paths:
        out[dst] = who[src]
    return tuple(out)


def undone(who: Identities, paths: Iterable[tuple[int, int]]) -> Identities:
    """The identities before pieces moved along ``paths`` (from, to), given ``who`` after they did."""
    return shifted(who, ((dst, src) for src, dst in paths))


def along(puzzle: Puzzle, who: Identities, steps: Iterable[tuple[bytes, Move]]) -> list[Identities]:
    """``who`` and the identities after each step in turn (a position and the move played from it)."""
    out = [who]
    for before, move in steps:
        out.append(carry(puzzle, out[-1], before, move))
    return out
