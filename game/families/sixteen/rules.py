"""Sixteen's rules: a grid of numbered tiles and no empty cell; a move rotates one whole row one cell left
or right, or one whole column one cell up or down, the tile pushed off one end coming back at the other.

Each move is a rule that tests nothing (:data:`solvers.rules.ANY` on every cell) and permutes its row or
column: the rule engine finds such rules without an empty cell to anchor them. A move is named, as every
move is, by a tile's cell before and after: rotating row 1 right moves the tile on a1 to b1 ("a1-b1"),
left the tile on b1 to a1; a column down, a1 to a2, up, a2 to a1. A row of two has one rotation (left
and right are the same move), and so has a column of two.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import factorial, prod

import numpy as np

from solvers.ranking import MultisetRanker
from solvers.rules import ANY, Rule, RuleSet

from game.common.i18n import N_, _
from game.common.phrase import Phrase
from game.families.sixteen.files import SixteenDef, reaches, reading_order
from game.families.sixteen.kinds import COLUMN, KINDS, ROW
from game.rules.kinds import MoveKind
from game.rules.puzzle import Board, PositionError, Puzzle, Symbols

__all__ = ["AxisBound", "SixteenPuzzle", "arrangements", "make_sixteen", "reachable_count", "rotation_rules", "tile_name"]

TABLE_RANKS = 4_000_000   # a table of every arrangement up to this many (3x3: 362,880); beyond, searches


def tile_name(n: int) -> str:
    """A tile in words, for hints and the editor ("tile 5"; in Japanese "5の駒")."""
    return Phrase(N_("tile {n}"), n=n)


def _rotation(cells: tuple[int, ...], forward: bool, kind: MoveKind) -> Rule:
    """The line of ``cells`` rotated one cell along itself (``forward``: towards its last cell)."""
    n = len(cells)
    perm = tuple((i - 1) % n if forward else (i + 1) % n for i in range(n))
    src, dst = (cells[0], cells[1]) if forward else (cells[1], cells[0])
    return Rule(cells, (ANY,) * n, perm, src, dst, kind.label)


def rotation_rules(width: int, height: int) -> list[Rule]:
    """Every row right then left, top to bottom, then every column down then up, left to right."""
    rules = []
    for r in range(height):
        row = tuple(r * width + c for c in range(width))
        rules += [_rotation(row, True, ROW)] + ([_rotation(row, False, ROW)] if width > 2 else [])
    for c in range(width):
        column = tuple(r * width + c for r in range(height))
        rules += [_rotation(column, True, COLUMN)] + ([_rotation(column, False, COLUMN)] if height > 2 else [])
    return rules


def arrangements(tiles: bytes) -> int:
    """Every arrangement of the tiles on the grid (equal tiles interchangeable): the ranks of a table."""
    return factorial(len(tiles)) // prod(factorial(tiles.count(t)) for t in set(tiles))


def reachable_count(width: int, height: int, tiles: bytes) -> int:
    """Arrangements the start reaches: every arrangement of its tiles, but half where both sides are odd and
    the tiles all differ (see :func:`game.families.sixteen.files.reaches`)."""
    half = width % 2 == 1 and height % 2 == 1 and len(set(tiles)) == len(tiles)
    return arrangements(tiles) // 2 if half else arrangements(tiles)


class AxisBound:
    """A lower bound on the moves from a position: a row move shifts ``width`` tiles one column each and moves
    none between rows, so the tiles' column distances to their goal columns (cyclic, the nearest goal cell of
    their number) fall by at most ``width`` a row move, and no column move changes them; likewise the row
    distances and column moves. So at least ceil(columns / width) row moves and ceil(rows / height) column
    moves remain: admissible, though weak (a plain sum over tiles would not be: one move moves many)."""

    def __init__(self, width: int, height: int, goal: bytes) -> None:
        self.width, self.height = width, height
        n = width * height
        self.columns = np.zeros((256, n), dtype=np.int64)   # tile, cell -> its column distance from home
        self.rows = np.zeros((256, n), dtype=np.int64)
        for tile in set(goal):
            homes = [cell for cell in range(n) if goal[cell] == tile]
            for cell in range(n):
                r, c = divmod(cell, width)
                self.columns[tile, cell] = min(min((c - h) % width, (h - c) % width) for h in (x % width for x in homes))
                self.rows[tile, cell] = min(min((r - h) % height, (h - r) % height) for h in (x // width for x in homes))
        self._columns, self._rows = self.columns.tolist(), self.rows.tolist()
        self._cells = np.arange(n)

    def __call__(self, state: bytes) -> int:
        columns = sum(self._columns[tile][cell] for cell, tile in enumerate(state))
        rows = sum(self._rows[tile][cell] for cell, tile in enumerate(state))
        return -(-columns // self.width) - (-rows // self.height)

    def many(self, boards: np.ndarray) -> np.ndarray:
        """The bound of every row of ``boards`` at once."""
        columns = self.columns[boards, self._cells].sum(axis=1)
        rows = self.rows[boards, self._cells].sum(axis=1)
        return -(-columns // self.width) - (-rows // self.height)


@dataclass
class SixteenPuzzle(Puzzle):
    """A Sixteen grid: its rules, and the grid's size for the search and the drawing."""

    width: int = 0
    height: int = 0


def make_sixteen(name: str, defn: SixteenDef) -> SixteenPuzzle:
    """The rules of a Sixteen file."""
    width, height, goal = defn.width, defn.height, defn.goal
    board = Board.rectangle(width, height)
    tiles = sorted(set(goal))
    ranker = MultisetRanker([goal.count(code) for code in range(max(tiles) + 1)])
    title = defn.common.title

    def in_reach(state: bytes) -> None:
        if not reaches(state, goal, width, height):
            raise PositionError(_("this {title} position can never reach the goal: on a grid with an odd number "
                                  "of rows and of columns every move keeps the tiles' parity (swap any two tiles "
                                  "to fix it).").format(title=_(title)))
    return SixteenPuzzle(
        name=name, title=title,
        move_rule=N_("A move rotates one whole row one cell left or right, or one whole column one cell up or "
                     "down; the tile pushed off one end comes back at the other."),
        board=board,
        symbols=Symbols({t: str(t) for t in tiles}, describe={t: tile_name(t) for t in tiles}),
        rules=RuleSet(rotation_rules(width, height), len(board)), start=defn.start, goal_states=(goal,),
        reversible=True, ranker=ranker if ranker.size <= TABLE_RANKS else None,
        goal_text=N_("the numbers in reading order") if goal == reading_order(width, height) else
        N_("the tiles as the goal shows"),
        checks=(in_reach,), heuristic=AxisBound(width, height, goal), kinds=KINDS, width=width, height=height)
