"""Token puzzles (frogs, knights, pairs) the plain way, written from the rules in PUZZLE-FILES.md
with nothing of the engine: what the engine's answers are proven against."""
from __future__ import annotations

from collections import deque

from game.families.frogs.files import FrogsDef, Jump
from game.families.knights.files import KnightsDef
from game.families.pairs.files import PairsDef
from game.rules.directions import DIRECTIONS

KNIGHT_STEPS = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]


class Plain:
    """A token puzzle the plain way: a position is the grid as one string, row after row; moves
    are found by looking at the grid. Nothing of the engine is used."""

    def __init__(self, defn: FrogsDef | KnightsDef | PairsDef) -> None:
        self.defn = defn
        self.height, self.width = len(defn.start), len(defn.start[0])
        self.start = "".join(defn.start)

    def cell(self, position: str, r: int, c: int) -> str:
        """The character at (r, c), '#' off the board."""
        return position[r * self.width + c] if 0 <= r < self.height and 0 <= c < self.width else "#"

    def moved(self, position: str, changes: dict[tuple[int, int], str]) -> str:
        cells = list(position)
        for (r, c), ch in changes.items():
            cells[r * self.width + c] = ch
        return "".join(cells)

    def moves(self, position: str):
        d = self.defn
        for r in range(self.height):
            for c in range(self.width):
                me = self.cell(position, r, c)
                if me not in "BW":
                    continue
                if isinstance(d, KnightsDef):
                    for dr, dc in KNIGHT_STEPS:
                        if self.cell(position, r + dr, c + dc) == ".":
                            yield self.moved(position, {(r, c): ".", (r + dr, c + dc): me})
                elif isinstance(d, FrogsDef):
                    for name in (d.black if me == "B" else d.white):
                        dr, dc = DIRECTIONS[name]
                        over = self.cell(position, r + dr, c + dc)
                        if over == ".":
                            yield self.moved(position, {(r, c): ".", (r + dr, c + dc): me})
                        elif over in "BW" and self.cell(position, r + 2 * dr, c + 2 * dc) == "." and (
                                d.jump is Jump.ANY or (d.jump is Jump.OTHER and over != me)):
                            yield self.moved(position, {(r, c): ".", (r + 2 * dr, c + 2 * dc): me})
                else:   # pairs: this stone and its right neighbour, into two empty cells of a row
                    right = self.cell(position, r, c + 1)
                    if right not in "BW":
                        continue
                    for r2 in range(self.height):
                        for c2 in range(self.width - 1):
                            if self.cell(position, r2, c2) == self.cell(position, r2, c2 + 1) == ".":
                                yield self.moved(position, {(r, c): ".", (r, c + 1): ".",
                                                            (r2, c2): me, (r2, c2 + 1): right})

    def is_goal(self, position: str) -> bool:
        d = self.defn
        if isinstance(d, PairsDef) and d.goal is None:
            blocks = {d.goal_block}
            if d.either_order:   # the colours in the other order: the block's runs the other way round
                blocks.add(d.goal_block[::-1])
            rows = [position[r * self.width:(r + 1) * self.width] for r in range(self.height)]
            stones = sum(ch in "BW" for ch in position)
            return any(block in row.split("#")[i] for row in rows for i in range(len(row.split("#")))
                       for block in blocks) and stones == len(d.goal_block)
        goal = "".join(d.goal)
        return all(g == "?" or g == p for g, p in zip(goal, position))

    def distances(self) -> tuple[set[str], dict[str, int]]:
        """Every position the start reaches, and the fewest moves to a goal from those that can win."""
        seen, todo = {self.start}, deque([self.start])
        children: dict[str, list[str]] = {}
        while todo:
            here = todo.popleft()
            children[here] = list(set(self.moves(here)))
            for nxt in children[here]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        parents: dict[str, list[str]] = {p: [] for p in seen}
        for p, kids in children.items():
            for k in kids:
                parents[k].append(p)
        dist = {p: 0 for p in seen if self.is_goal(p)}
        todo = deque(dist)
        while todo:   # backwards from the goals, over the moves found above (one-way puzzles too)
            here = todo.popleft()
            for back in parents[here]:
                if back not in dist:
                    dist[back] = dist[here] + 1
                    todo.append(back)
        return seen, dist

    def figures(self) -> tuple[int, int, int, int, int | None]:
        """(positions the start reaches, dead ends among them, longest optimal solution of those
        that can win, how many need it, the start's distance or None)."""
        seen, dist = self.distances()
        longest = max(dist.values(), default=0)
        return (len(seen), len(seen) - len(dist), longest, sum(1 for v in dist.values() if v == longest),
                dist.get(self.start))
