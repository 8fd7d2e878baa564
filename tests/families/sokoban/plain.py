"""Sokoban the plain way, written from the rules in PUZZLE-FILES.md with nothing of the engine: a
position is the keeper's (row, column) and the frozenset of the boxes' (row, column), read off the
level's characters; a step moves the keeper to a neighbouring non-wall square, pushing the one box
there on if the square beyond is neither wall nor box. What the game's figures are proven against."""
from __future__ import annotations

import heapq
from collections import deque
from typing import Iterator

Square = tuple[int, int]
Position = tuple[Square, frozenset[Square]]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Plain:
    def __init__(self, level: str | tuple[str, ...]) -> None:
        rows = level.strip("\n").split("\n") if isinstance(level, str) else list(level)
        self.walls = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
        self.targets = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in ".+*")
        boxes = frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "$*")
        keeper = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "@+")
        self.start: Position = (keeper, boxes)

    def is_goal(self, position: Position) -> bool:
        return position[1] == self.targets

    def steps(self, position: Position) -> Iterator[tuple[Position, bool]]:
        """(position after, whether it was a push) for every step."""
        (r, c), boxes = position
        for dr, dc in STEPS:
            near = (r + dr, c + dc)
            if near in self.walls:
                continue
            if near in boxes:
                beyond = (r + 2 * dr, c + 2 * dc)
                if beyond in self.walls or beyond in boxes:
                    continue
                yield (near, boxes - {near} | {beyond}), True
            else:
                yield (near, boxes), False

    def reach(self) -> set[Position]:
        """Every position the start reaches."""
        seen, todo = {self.start}, [self.start]
        while todo:
            for after, _push in self.steps(todo.pop()):
                if after not in seen:
                    seen.add(after)
                    todo.append(after)
        return seen

    def moves_to_goal(self) -> dict[Position, int]:
        """Every position the start reaches that can reach the goal, with its fewest steps to it: from
        the goals backwards over the reach's steps, reversed."""
        reach = self.reach()
        into: dict[Position, list[Position]] = {p: [] for p in reach}
        for p in reach:
            for after, _push in self.steps(p):
                into[after].append(p)
        far = {p: 0 for p in reach if self.is_goal(p)}
        todo = deque(far)
        while todo:
            p = todo.popleft()
            for before in into[p]:
                if before not in far:
                    far[before] = far[p] + 1
                    todo.append(before)
        return far

    def best(self, position: Position | None = None) -> tuple[int, int] | None:
        """Fewest (pushes, steps) to the goal, pushes first: Dijkstra over single steps, a walk costing
        (0, 1) and a push (1, 1), compared as pairs. None: no way to the goal."""
        start = self.start if position is None else position
        done: set[Position] = set()
        queue = [(0, 0, 0, start)]
        count = 0
        while queue:
            pushes, steps, _n, p = heapq.heappop(queue)
            if p in done:
                continue
            if self.is_goal(p):
                return pushes, steps
            done.add(p)
            for after, push in self.steps(p):
                if after not in done:
                    count += 1
                    heapq.heappush(queue, (pushes + push, steps + 1, count, after))
        return None

    def fewest_moves(self, position: Position | None = None) -> int | None:
        """Fewest steps to the goal, by breadth-first search."""
        start = self.start if position is None else position
        seen, todo = {start: 0}, deque([start])
        while todo:
            p = todo.popleft()
            if self.is_goal(p):
                return seen[p]
            for after, _push in self.steps(p):
                if after not in seen:
                    seen[after] = seen[p] + 1
                    todo.append(after)
        return None

    def replay(self, steps: list[Square], position: Position | None = None) -> Position:
        """The position after the keeper walks the squares ``steps`` one by one (each a legal step)."""
        at = self.start if position is None else position
        for square in steps:
            nxt = next((after for after, _push in self.steps(at) if after[0] == square), None)
            assert nxt is not None, f"the keeper cannot step to {square} from {at}"
            at = nxt
        return at

    def pushes_to_goal(self) -> dict[Position, int]:
        """Every position the start reaches that can reach the goal, with its fewest pushes to it (walking
        free): backwards from the goals over the reach's steps, reversed, a walk costing nothing."""
        reach = self.reach()
        into: dict[Position, list[tuple[Position, bool]]] = {p: [] for p in reach}
        for p in reach:
            for after, push in self.steps(p):
                into[after].append((p, push))
        far: dict[Position, int] = {}
        todo: deque[tuple[Position, int]] = deque((p, 0) for p in reach if self.is_goal(p))
        while todo:
            p, d = todo.popleft()
            if p in far:
                continue
            far[p] = d
            for before, push in into[p]:
                if before not in far:
                    if push:
                        todo.append((before, d + 1))
                    else:
                        todo.appendleft((before, d))
        return far
