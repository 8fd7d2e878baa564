"""Admissible heuristics for sliding tiles, over positions as ``bytes`` (0 = blank, goal 1..n-1 then blank)."""
from __future__ import annotations

from typing import Callable


def manhattan_linear_conflict(width: int, height: int) -> Callable[[bytes], int]:
    """Manhattan distance plus two moves for every pair of tiles reversed in their goal row or column.

    Admissible and consistent (Hansson, Mayer and Yung 1992): each conflict forces one of
    the two tiles off the line and back. Conflicts per line are counted as the fewest tiles
    to remove so that the rest are in order (line length minus its longest increasing run).
    """
    n = width * height
    goal_rc = {t: ((t - 1) // width, (t - 1) % width) for t in range(1, n)}
    dist = [[0] * n for _ in range(n)]
    for t in range(1, n):
        gr, gc = goal_rc[t]
        for cell in range(n):
            dist[t][cell] = abs(cell // width - gr) + abs(cell % width - gc)
    rows = [[r * width + c for c in range(width)] for r in range(height)]
    cols = [[r * width + c for r in range(height)] for c in range(width)]

    def line_extra(keys: list[int]) -> int:
        if len(keys) < 2:
            return 0
        # longest increasing subsequence on a handful of tiles
        best = [1] * len(keys)
        for i in range(len(keys)):
            for j in range(i):
                if keys[j] < keys[i] and best[j] + 1 > best[i]:
                    best[i] = best[j] + 1
        return 2 * (len(keys) - max(best))

    def h(state: bytes) -> int:
        total = 0
        for cell, t in enumerate(state):
            if t:
                total += dist[t][cell]
        for r, line in enumerate(rows):
            keys = [goal_rc[t][1] for t in (state[c] for c in line) if t and goal_rc[t][0] == r]
            total += line_extra(keys)
        for c, line in enumerate(cols):
            keys = [goal_rc[t][0] for t in (state[x] for x in line) if t and goal_rc[t][1] == c]
            total += line_extra(keys)
        return total

    return h
