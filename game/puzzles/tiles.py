"""Sliding tiles (8- and 15-puzzle): one tile slides into the adjacent empty cell."""
from __future__ import annotations


from solvers.ranking import MultisetRanker
from solvers.rules import EMPTY, RuleSet
from solvers.sliding import goal_state, is_solvable, manhattan_linear_conflict

from game.puzzles.base import Board, PositionError, Puzzle, Symbols, swap_rule

__all__ = ["DIRECTIONS", "goal_state", "is_solvable", "make_tiles"]  # goal and parity live in solvers.sliding

DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def make_tiles(name: str, title: str, width: int, height: int, start: bytes | None = None) -> Puzzle:
    board = Board.rectangle(width, height)
    n = width * height
    tiles = frozenset(range(1, n))
    rules = RuleSet(
        (
            swap_rule(src, dst, tiles)
            for dst in range(n)
            for dr, dc in DIRECTIONS
            if (src := board.step(dst, dr, dc)) is not None
        ),
        n,
    )
    names = {0: "."} | {t: str(t) for t in tiles}

    def solvable(state: bytes) -> None:
        if not is_solvable(state, width):
            raise PositionError(
                f"this {title} position cannot be solved: it is in the unreachable half "
                "(swap any two tiles to fix it).")

    goal = goal_state(width, height)
    return Puzzle(
        name=name,
        title=title,
        move_rule="A move slides one tile into the adjacent empty cell.",
        board=board,
        symbols=Symbols(names, aliases={"0": EMPTY, "_": EMPTY}, describe={0: "empty"} | {t: f"tile {t}" for t in tiles}),
        rules=rules,
        start=start or goal,
        goal_states=(goal,),
        reversible=True,
        ranker=MultisetRanker([1] * n) if n <= 12 else None,
        goal_text="tiles in order, the empty cell last",
        checks=(solvable,),
        heuristic=manhattan_linear_conflict(width, height),
    )

