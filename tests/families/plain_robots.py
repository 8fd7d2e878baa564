"""Robots the plain way, written from the rules in PUZZLE-FILES.md with nothing of the engine: what the
engine's answers are proven against.

A position is, per kind of robot (a robot alone, or a ``same`` group), the sorted cells of its robots.
A move sends one robot up, down, left or right: it rolls cell by cell while the next cell is on the
board, not a wall and empty; it stops before a robot or a wall, and at the edge it stops (``edge =
"stop"``) or would fall off, so that move does not exist (``edge = "fall"``). A move that goes nowhere
is no move.
"""
from __future__ import annotations

from collections import deque
from typing import Iterator

from game.families.robots.files import RobotsDef
from tests.puzzles.plain_tokens import Plain

Cell = tuple[int, int]
Position = tuple[tuple[str, tuple[Cell, ...]], ...]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class PlainRobots(Plain):
    """The distances and figures are the token puzzles' (a backward sweep over the moves found forward)."""

    def __init__(self, defn: RobotsDef) -> None:   # its own position, not the token grid
        self.height, self.width = len(defn.start), len(defn.start[0])
        self.walls = {(r, c) for r, row in enumerate(defn.start) for c, ch in enumerate(row) if ch == "#"}
        self.kind = {ch: next((g for g in defn.same if ch in g), ch) for row in defn.start for ch in row
                     if ch not in ".#"}
        self.edge = defn.edge
        self.start = self.position(defn.start)
        self.wanted = [(self.kind[ch], (r, c)) for r, row in enumerate(defn.goal) for c, ch in enumerate(row)
                       if ch not in ".#?"]
        self.empty = {(r, c) for r, row in enumerate(defn.goal) for c, ch in enumerate(row) if ch == "."}

    def position(self, grid: tuple[str, ...]) -> Position:
        cells: dict[str, list[Cell]] = {}
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                if ch not in ".#?":
                    cells.setdefault(self.kind[ch], []).append((r, c))
        return tuple(sorted((kind, tuple(sorted(at))) for kind, at in cells.items()))

    def is_goal(self, position: Position) -> bool:
        at = dict(position)
        taken = {cell for _, cells in position for cell in cells}
        return all(cell in at[kind] for kind, cell in self.wanted) and not taken & self.empty

    def moves(self, position: Position) -> Iterator[Position]:
        taken = {cell for _, cells in position for cell in cells}
        for i, (kind, cells) in enumerate(position):
            for j, (r, c) in enumerate(cells):
                for dr, dc in STEPS:
                    stop = self.roll(taken, r, c, dr, dc)
                    if stop is not None:
                        moved = tuple(sorted(cells[:j] + cells[j + 1:] + (stop,)))
                        yield position[:i] + ((kind, moved),) + position[i + 1:]

    def roll(self, taken: set[Cell], r: int, c: int, dr: int, dc: int) -> Cell | None:
        """Where a robot on (r, c) sent that way stops; None if it cannot go (it would not move, or fall)."""
        at = (r, c)
        while True:
            ahead = (at[0] + dr, at[1] + dc)
            if not (0 <= ahead[0] < self.height and 0 <= ahead[1] < self.width):
                if self.edge == "fall":
                    return None
                break
            if ahead in self.walls or ahead in taken:
                break
            at = ahead
        return at if at != (r, c) else None

    def optimum(self) -> int | None:
        """Fewest moves from the start to a goal (breadth-first, forward), None if there is no way."""
        seen, todo = {self.start: 0}, deque([self.start])
        while todo:
            here = todo.popleft()
            if self.is_goal(here):
                return seen[here]
            for nxt in self.moves(here):
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    todo.append(nxt)
        return None
