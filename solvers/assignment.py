"""The cheapest assignment of rows to columns of a square cost matrix (the Hungarian method), for
admissible bounds that match pieces to goals: each piece needs a goal of its own, so the cheapest
one-to-one matching never overestimates what moving them all costs.

Two forms of one method: :func:`cheapest_assignment` in plain Python over lists, and
:func:`compiled_assignment` over a numpy matrix (with :func:`compiled_matching`, which reads the pieces
off a position's codes), compiled by numba where it is installed: a search that matches boxes at every
new position spends much of its time here, about 150 µs a match of eight boxes in Python, a few µs
compiled. Without numba the compiled forms run as plain Python over numpy, far slower than the lists:
call them only where :func:`available` says numba is there.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from solvers.compiled import available, compiled

__all__ = ["available", "cheapest_assignment", "compiled_assignment", "compiled_matching"]


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


def _assignment_kernel(cost: np.ndarray, infinite: int) -> int:
    """:func:`cheapest_assignment` over an (n, n) int64 matrix, for numba."""
    n = cost.shape[0]
    if n == 0:
        return 0
    big = infinite * (n + 1)
    row_pot = np.zeros(n + 1, np.int64)
    col_pot = np.zeros(n + 1, np.int64)
    owner = np.zeros(n + 1, np.int64)
    slack = np.empty(n + 1, np.int64)
    came = np.zeros(n + 1, np.int64)
    used = np.zeros(n + 1, np.bool_)
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        slack[:] = big
        came[:] = 0
        used[:] = False
        while True:
            used[column] = True
            here = owner[column]
            delta, nxt = big, 0
            for j in range(1, n + 1):
                if used[j]:
                    continue
                reduced = cost[here - 1, j - 1] - row_pot[here] - col_pot[j]
                if reduced < slack[j]:
                    slack[j] = reduced
                    came[j] = column
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
        while column:
            before = came[column]
            owner[column] = owner[before]
            column = before
    total = 0
    for j in range(1, n + 1):
        total += cost[owner[j] - 1, j - 1]
    return min(total, infinite) if total >= infinite else total


def _matching_kernel(codes: np.ndarray, piece: int, costs: np.ndarray, infinite: int) -> int:
    """The cheapest assignment of the cells of ``codes`` holding ``piece`` (rows of ``costs``: a cell's cost
    to each goal) to the goals; ``infinite`` where a piece has no goal it can reach."""
    cells = np.flatnonzero(codes == piece)
    n = len(cells)
    matrix = np.empty((n, costs.shape[1]), np.int64)
    for i in range(n):
        reachable = False
        for j in range(costs.shape[1]):
            matrix[i, j] = costs[cells[i], j]
            reachable = reachable or matrix[i, j] < infinite
        if not reachable:
            return infinite
    return compiled_assignment(matrix, infinite)


compiled_assignment = compiled(_assignment_kernel)
compiled_matching = compiled(_matching_kernel)
