"""Sliding-tile facts, defined once: the goal, which positions can reach it, and Manhattan
distance plus linear conflict.

The puzzle's parity check, its scalar heuristic and the vectorised 15-puzzle search all
read these definitions, so they cannot drift apart. Positions are ``bytes``, row-major,
0 = blank; the goal holds tiles 1..n-1 in reading order with the blank last.
"""
from __future__ import annotations

from typing import Callable, Sequence

from solvers.rules import EMPTY


def goal_state(width: int, height: int) -> bytes:
    """Tiles 1..n-1 in reading order, blank last."""
    n = width * height
    return bytes(list(range(1, n)) + [EMPTY])


def is_solvable(state: bytes, width: int) -> bool:
    """The classic invariant: inversions, plus the blank's row from the bottom on even widths."""
    tiles = [t for t in state if t != EMPTY]
    inversions = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j])
    if width % 2 == 1:
        return inversions % 2 == 0
    height = len(state) // width
    blank_row_from_bottom = height - state.index(EMPTY) // width
    return (inversions + blank_row_from_bottom) % 2 == 1


def reaches(state: bytes, goal: bytes, width: int) -> bool:
    """Whether ``state`` can reach ``goal`` (any arrangement of the same tiles and the blank): the
    permutation between them, blank included, has the parity of the blank's distance between them."""
    if sorted(state) != sorted(goal):
        return False
    where = {tile: cell for cell, tile in enumerate(goal)}
    order, swaps, seen = [where[t] for t in state], 0, [False] * len(state)
    for cell in range(len(order)):   # a cycle of length m is m - 1 swaps
        length = 0
        while not seen[cell]:
            seen[cell], cell, length = True, order[cell], length + 1
        swaps += max(0, length - 1)
    blank, home = state.index(EMPTY), goal.index(EMPTY)
    return (swaps + abs(blank // width - home // width) + abs(blank % width - home % width)) % 2 == 0


def manhattan_table(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """``table[tile][cell]``: rows plus columns between the cell and the tile's goal cell (0 for the blank)."""
    n = width * height
    rows = [(0,) * n]
    for t in range(1, n):
        gr, gc = divmod(t - 1, width)
        rows.append(tuple(abs(c // width - gr) + abs(c % width - gc) for c in range(n)))
    return tuple(rows)


def line_conflict(orders: Sequence[int]) -> int:
    """Extra moves that one row (or column) forces beyond Manhattan distance.

    ``orders`` are the goal places along the line of the tiles standing in their own goal
    line, in the order they stand. Every tile outside the longest increasing run must step
    out of the line and back, two moves the Manhattan distance does not count (Hansson,
    Mayer and Yung 1992), and lines are disjoint, so the penalties add up admissibly.
    """
    best = [1] * len(orders)  # longest increasing run ending at each tile; lines are short
    for i in range(len(orders)):
        for j in range(i):
            if orders[j] < orders[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return 2 * (len(orders) - max(best, default=0))


def manhattan_linear_conflict(width: int, height: int) -> Callable[[bytes], int]:
    """Manhattan distance plus the :func:`line_conflict` penalty of every row and column.

    Admissible and consistent, and needs no tables, so every sliding-tile search can use it.
    """
    dist = manhattan_table(width, height)
    home = [(-1, -1)] + [divmod(t - 1, width) for t in range(1, width * height)]  # goal (row, column)
    rows = [[r * width + c for c in range(width)] for r in range(height)]
    cols = [[r * width + c for r in range(height)] for c in range(width)]

    def h(state: bytes) -> int:
        total = sum(dist[t][cell] for cell, t in enumerate(state))
        for r, cells in enumerate(rows):
            total += line_conflict([home[t][1] for t in (state[c] for c in cells) if home[t][0] == r])
        for c, cells in enumerate(cols):
            total += line_conflict([home[t][0] for t in (state[x] for x in cells) if home[t][1] == c])
        return total

    return h


def states_along(board: bytes, blank_path: Sequence[int]) -> list[bytes]:
    """Every board from ``board`` as the blank visits the cells of ``blank_path`` in turn."""
    cells = bytearray(board)
    blank = cells.index(EMPTY)
    states = [bytes(cells)]
    for cell in blank_path:
        cells[blank], cells[cell] = cells[cell], EMPTY
        blank = cell
        states.append(bytes(cells))
    return states
