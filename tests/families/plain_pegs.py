"""Peg solitaire searched plainly, apart from the game: the board read from the file's own grid text
(tomllib, not the game's reader), holes numbered in reading order, a position a Python int of pegs,
jumps listed here from the directions' names. The tests hold the game's figures, solutions and hints
against what these searches find."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

STEPS = {"right": (0, 1), "left": (0, -1), "up": (-1, 0), "down": (1, 0),
         "up-left": (-1, -1), "down-right": (1, 1), "up-right": (-1, 1), "down-left": (1, -1)}


def _rows(text: str) -> list[str]:
    return [row for row in text.strip("\n").split("\n")]


@dataclass
class PlainBoard:
    cells: list[tuple[int, int]]
    jumps: list[tuple[int, int, int]]        # (from, over, to) holes
    start: int
    goal_pegs: int | None
    goal_on: int            # mask of holes that must hold a peg at the end
    goal_off: int           # mask of holes that must be empty

    @classmethod
    def read(cls, path: Path) -> PlainBoard:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        rows = _rows(data["start"])
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#"]
        where = {rc: i for i, rc in enumerate(cells)}
        jumps = []
        for name in data.get("directions", ["right", "left", "up", "down"]):
            dr, dc = STEPS[name]
            for a, (r, c) in enumerate(cells):
                b, t = where.get((r + dr, c + dc)), where.get((r + 2 * dr, c + 2 * dc))
                if b is not None and t is not None:
                    jumps.append((a, b, t))
        start = sum(1 << i for i, (r, c) in enumerate(cells) if rows[r][c] == "o")
        on = off = 0
        if "goal" in data:
            goal = _rows(data["goal"])
            on = sum(1 << i for i, (r, c) in enumerate(cells) if goal[r][c] == "o")
            off = sum(1 << i for i, (r, c) in enumerate(cells) if goal[r][c] == ".")
        pegs = data.get("goal_pegs")
        if pegs is None and "goal" in data and "?" not in data["goal"]:
            pegs = on.bit_count()
        return cls(cells, jumps, start, pegs, on, off)

    def is_goal(self, mask: int) -> bool:
        return mask & self.goal_on == self.goal_on and not mask & self.goal_off and \
            (self.goal_pegs is None or mask.bit_count() == self.goal_pegs)

    def moves(self, mask: int) -> list[tuple[tuple[int, int, int], int]]:
        """Every jump from ``mask`` with the position after it."""
        return [((a, b, t), mask ^ (1 << a | 1 << b | 1 << t)) for a, b, t in self.jumps
                if mask >> a & 1 and mask >> b & 1 and not mask >> t & 1]

    def state(self, mask: int) -> bytes:
        return bytes(mask >> i & 1 for i in range(len(self.cells)))

    def mask(self, state: bytes) -> int:
        return sum(1 << i for i, code in enumerate(state) if code)


class Solvability:
    """Whether a position can still reach the goal, by depth-first search, remembering both answers."""

    def __init__(self, board: PlainBoard) -> None:
        self.board = board
        self.known: dict[int, bool] = {}

    def __call__(self, mask: int) -> bool:
        board, known = self.board, self.known
        floor = board.goal_pegs if board.goal_pegs is not None else 1

        def win(m: int) -> bool:
            if m in known:
                return known[m]
            found = board.is_goal(m) or (m.bit_count() > floor and any(win(after) for _j, after in board.moves(m)))
            known[m] = found
            return found

        return win(mask)


def chain_optimum(board: PlainBoard, start: int | None = None) -> int | None:
    """The fewest chains (one peg's jumps in a row) from ``start`` to a goal, breadth first by chains:
    the first layer that holds a goal is the answer; None if no goal is reached."""
    layer = {board.start if start is None else start}
    seen = set(layer)
    depth = 0
    while layer:
        if any(board.is_goal(m) for m in layer):
            return depth
        after: set[int] = set()
        for mask in layer:
            for a in range(len(board.cells)):
                if mask >> a & 1:
                    after |= _chain_ends(board, mask, a)
        layer = after - seen
        seen |= layer
        depth += 1
    return None


def _chain_ends(board: PlainBoard, mask: int, hole: int) -> set[int]:
    """Every position one chain of the peg on ``hole`` ends in."""
    seen: set[tuple[int, int]] = set()
    todo = [(mask, hole)]
    while todo:
        m, at = todo.pop()
        for (a, _b, t), after in board.moves(m):
            if a == at and (after, t) not in seen:
                seen.add((after, t))
                todo.append((after, t))
    return {after for after, _t in seen}
