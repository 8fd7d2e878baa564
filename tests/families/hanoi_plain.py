"""The Tower of Hanoi the plain way, for the tests: a position is a tuple giving the peg of each disc,
smallest first; a move takes the smallest disc of one peg onto a peg whose discs are all larger.
Nothing of the game is used: these searches prove what the game claims."""
from __future__ import annotations

from collections import deque
from typing import Iterator

Position = tuple[int, ...]


def moves(position: Position, pegs: int) -> Iterator[Position]:
    tops = [len(position)] * pegs
    for disc in range(len(position) - 1, -1, -1):   # the smallest disc on a peg is its top
        tops[position[disc]] = disc
    for a in range(pegs):
        for b in range(pegs):
            if a != b and tops[a] < tops[b]:
                yield position[:tops[a]] + (b,) + position[tops[a] + 1:]


def distances(goal: Position, pegs: int) -> dict[Position, int]:
    """Every position's fewest moves to ``goal`` (moves can be taken back: the search runs from the goal)."""
    seen = {goal: 0}
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        for there in moves(here, pegs):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def fewest(start: Position, goal: Position, pegs: int) -> int:
    """Breadth-first from the start until the goal."""
    seen = {start}
    layer, depth = [start], 0
    while layer:
        if goal in layer:
            return depth
        depth += 1
        following = []
        for here in layer:
            for there in moves(here, pegs):
                if there not in seen:
                    seen.add(there)
                    following.append(there)
        layer = following
    raise AssertionError("the goal cannot be reached")


def frame_stewart(discs: int) -> int:
    """The Frame-Stewart number for four pegs: move k discs aside on four pegs, the other discs - k on
    three (2 ** (discs - k) - 1), the k back; the best k."""
    best = [0]
    for n in range(1, discs + 1):
        best.append(min(2 * best[k] + 2 ** (n - k) - 1 for k in range(n)))
    return best[discs]


def text(position: Position) -> str:
    """Position text: the peg of each disc, from 1, smallest first."""
    return " ".join(str(p + 1) for p in position)
