"""The cheapest assignment of rows to columns of a square cost matrix (the Hungarian method), for
admissible bounds that match pieces to goals: each piece needs a goal of its own, so the cheapest
one-to-one matching never overestimates what moving them all costs.

Kept in plain Python: a bound matches a handful of pieces (a Sokoban level's boxes), where an
``O(n^3)`` pass of a few dozen operations a row is cheaper than any call into a library.
"""
from __future__ import annotations

from typing import Sequence

__all__ = ["cheapest_assignment"]


def cheapest_assignment(cost: Sequence[Sequence[int]], infinite: int) -> int:
    """The least total cost of giving every row its own column (``cost[row][column]``, a square matrix);
    ``infinite`` or more where no assignment avoids a cost of ``infinite``."""
    n = len(cost)
    if n == 0:
        return 0
    big = infinite * (n + 1)
    row_pot = [0] * (n + 1)     # potentials, 1-based; column 0 is the free start of each augmenting path
    col_pot = [0] * (n + 1)
    owner = [0] * (n + 1)       # owner[column]: the row it is given (0: none yet)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        slack = [big] * (n + 1)
        came = [0] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            here = owner[column]
            line = cost[here - 1]
            delta, nxt = big, 0
            for j in range(1, n + 1):
                if used[j]:
                    continue
                reduced = line[j - 1] - row_pot[here] - col_pot[j]
                if reduced < slack[j]:
                    slack[j], came[j] = reduced, column
                if slack[j] < delta:
                    delta, nxt = slack[j], j
            for j in range(n + 1):
                if used[j]:
                    row_pot[owner[j]] += delta
                    col_pot[j] -= delta
                else:
                    slack[j] -= delta
            column = nxt
            if owner[column] == 0:
                break
        while column:   # turn the augmenting path
            before = came[column]
            owner[column] = owner[before]
            column = before
    total = sum(cost[owner[j] - 1][j - 1] for j in range(1, n + 1))
    return min(total, infinite) if total >= infinite else total
