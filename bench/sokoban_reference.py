"""The reference of ``bench sokoban --search``: the game's Sokoban search as it was before it went push by
push (kept here, as it was, to be measured against in the same run).

A* over exact positions (:func:`solvers.astar.best_first`, ties to the first queued): under ``moves``
each keeper step is a move, under ``pushes`` each push with the shortest walk to it; the cheapest
matching of boxes to targets by push distance, dead squares, and 2x2 squares of walls and boxes with a
box off target as the only frozen boxes.
"""
from __future__ import annotations

from typing import Iterator

from solvers.astar import best_first
from solvers.limits import Watch
from solvers.problem import Path

from game.families.sokoban.bounds import MatchingBound
from game.families.sokoban.counts import PUSHES
from game.families.sokoban.level import BOX
from game.families.sokoban.rules import SokobanPuzzle
from game.rules.puzzle import Move

__all__ = ["reference_solve"]


class SquaresOnly:
    """The reference's frozen boxes: a 2x2 square of walls and boxes, a box off target in it."""

    def __init__(self, puzzle: SokobanPuzzle) -> None:
        board = puzzle.board
        self.on_target = puzzle.on_target
        squares = []
        for cell in range(len(board)):
            r, c = board.cells[cell]
            squares.append(tuple(tuple(board.at(top + dr, left + dc) for dr in (0, 1) for dc in (0, 1))
                                 for top in (r - 1, r) for left in (c - 1, c)))
        self.squares = tuple(squares)

    def frozen(self, state: bytes, box: int) -> bool:
        for square in self.squares[box]:
            if all(cell is None or state[cell] == BOX for cell in square) and \
                    any(cell is not None and cell not in self.on_target for cell in square):
                return True
        return False


def reference_solve(puzzle: SokobanPuzzle, state: bytes, watch: Watch) -> Path[bytes, Move] | None:
    """The previous search's optimal line from ``state`` under the puzzle's count."""
    bound = MatchingBound(puzzle, freeze=False, compiled=False)
    squares = SquaresOnly(puzzle)
    by_push = puzzle.count is PUSHES

    def expand(at: bytes) -> Iterator[tuple[Move, bytes, int, int]]:
        if by_push:
            for move, after, walked in puzzle.push_moves(at):
                if not squares.frozen(after, move.dst):
                    yield move, after, 1, walked + 1
            return
        for move, after in puzzle.steps(at):
            if at[move.src] != BOX or not squares.frozen(after, move.dst):
                yield move, after, 1, 1

    return best_first(state, expand, bound, puzzle.is_goal, watch, deepest=False)
