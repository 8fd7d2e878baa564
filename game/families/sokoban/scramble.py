"""Random levels solvable by construction, for benchmarks and tests: a random room, its boxes placed on
their targets, then pulled about at random (the keeper walking between pulls). Every pull played
backwards is a push, so the level drawn at the end can be solved, in at most as many pushes as pulls.
Reproducible from the seed of the ``random.Random`` given.
"""
from __future__ import annotations

import random

__all__ = ["scrambled"]

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def scrambled(rng: random.Random, boxes: int, width: int, height: int, pulls: int,
              walls: float = 0.15) -> tuple[str, ...] | None:
    """A level's XSB rows: ``boxes`` boxes pulled ``pulls`` times from their targets in a room of about
    ``width`` x ``height`` (None: the room came out too small, or the boxes ended where they began)."""
    floor = _room(rng, width, height, walls)
    if len(floor) < boxes + 4:
        return None
    targets = set(rng.sample(sorted(floor), boxes))
    placed = set(targets)
    keeper = rng.choice(sorted(floor - placed))
    for _ in range(pulls):
        choices = []
        for cell in _reach(floor, placed, keeper):
            for dr, dc in STEPS:
                box, to = (cell[0] - dr, cell[1] - dc), (cell[0] + dr, cell[1] + dc)
                if box in placed and to in floor and to not in placed:
                    choices.append((box, cell, to))
        if not choices:
            break
        box, cell, keeper = rng.choice(choices)
        placed.remove(box)
        placed.add(cell)
    if placed == targets:
        return None
    return _drawn(floor, targets, placed, keeper, width, height)


def _room(rng: random.Random, width: int, height: int, walls: float) -> set[tuple[int, int]]:
    """The largest connected piece of a rectangle of floor with walls dropped in at random."""
    open_cells = {(r, c) for r in range(1, height + 1) for c in range(1, width + 1) if rng.random() >= walls}
    best: set[tuple[int, int]] = set()
    left = set(open_cells)
    while left:
        piece = _reach(left, set(), next(iter(sorted(left))))
        left -= piece
        if len(piece) > len(best):
            best = piece
    return best


def _reach(floor: set[tuple[int, int]], boxes: set[tuple[int, int]], start: tuple[int, int]) -> set[tuple[int, int]]:
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            near = (r + dr, c + dc)
            if near in floor and near not in boxes and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen


def _drawn(floor: set[tuple[int, int]], targets: set[tuple[int, int]], boxes: set[tuple[int, int]],
           keeper: tuple[int, int], width: int, height: int) -> tuple[str, ...]:
    rows = []
    for r in range(height + 2):
        line = ""
        for c in range(width + 2):
            if (r, c) not in floor:
                line += "#"
            elif (r, c) == keeper:
                line += "+" if (r, c) in targets else "@"
            elif (r, c) in boxes:
                line += "*" if (r, c) in targets else "$"
            else:
                line += "." if (r, c) in targets else "-"
        rows.append(line)
    return tuple(rows)
