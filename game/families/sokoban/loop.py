"""The compiled search's arrays and the Python around its loop (:mod:`game.families.sokoban.engine`): the
table and queue made and grown, the player's limits checked between chunks, the line read back as
positions and pushes. :func:`game.families.sokoban.search.solve` runs it where numba is installed.
"""
from __future__ import annotations

import numpy as np

from solvers.limits import Watch
from solvers.problem import Path

from game.families.sokoban import engine
from game.families.sokoban.bounds import INFINITE, MatchingBound
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.pushes import Pushes
from game.families.sokoban.rules import SokobanPuzzle
from game.families.sokoban.tour import MAX_BOXES, TourBound, tour_work
from game.rules.puzzle import Move

__all__ = ["TooLong", "compiled_search"]

CHUNK = 2048                 # positions expanded between two looks at the watch
FIRST_ROWS = 1 << 14         # the table's first size (it doubles as it fills)
MEMO = 1 << 18               # box placements whose bound is remembered


class TooLong(Exception):
    """A cost passed what the compiled queue's keys hold: the search is run in Python instead."""


class _Table:
    """The rows of the positions found and the queue, in arrays that double when full."""

    def __init__(self, boxes: int, rows: int) -> None:
        self.boxes = np.zeros((rows, boxes), np.int16)       # a level has at most 50x50 cells
        self.keepers = np.zeros(rows, np.int16)
        self.cost_steps = np.zeros(rows, np.int32)           # costs and bounds below the queue key's 2,048
        self.cost_pushes = np.zeros(rows, np.int32)
        self.parents = np.full(rows, -1, np.int32)
        self.bounds = np.zeros(rows, np.int32)
        self.refined = np.zeros(rows, np.int8)               # engine.LAZY, BOUNDED or WALKED
        self.hashes = np.zeros(rows, np.int64)
        self.slots = np.full(2 * rows, -1, np.int32)          # at most half full
        self.heads = np.full((engine.BUCKETS, engine.BUCKETS), -1, np.int32)   # the queue: a stack a bucket
        self.lowest2 = np.full(engine.BUCKETS, engine.BUCKETS, np.int64)
        self.count_f = np.zeros(engine.BUCKETS, np.int64)
        self.entry_row = np.zeros(2 * rows, np.int32)
        self.entry_cost = np.zeros(2 * rows, np.int64)
        self.entry_next = np.zeros(2 * rows, np.int32)

    def grown(self, held: int, queued: int) -> None:
        """The rows doubled (and the slots with them, rehashed) where they are half full or more, the queue's
        entries where they are."""
        if 2 * held >= len(self.hashes):
            rows = 2 * len(self.hashes)
            for name in ("boxes", "keepers", "cost_steps", "cost_pushes", "parents", "bounds", "refined", "hashes"):
                old = getattr(self, name)
                new = np.zeros((rows,) + old.shape[1:], old.dtype)
                new[:len(old)] = old
                setattr(self, name, new)
            self.slots = np.full(2 * rows, -1, np.int32)
            engine.rehash(self.slots, self.hashes, held)
        if 2 * queued >= len(self.entry_row):
            for name in ("entry_row", "entry_cost", "entry_next"):
                old = getattr(self, name)
                new = np.zeros(2 * len(old), old.dtype)
                new[:len(old)] = old
                setattr(self, name, new)

    def rows(self) -> tuple:
        return (self.boxes, self.keepers, self.cost_steps, self.cost_pushes, self.parents, self.bounds,
                self.refined, self.hashes, self.slots)

    def heap(self) -> tuple:
        return self.heads, self.lowest2, self.count_f, self.entry_row, self.entry_cost, self.entry_next

    def bytes_held(self) -> int:
        return sum(int(array.nbytes) for array in self.rows() + self.heap())


def compiled_search(puzzle: SokobanPuzzle, state: bytes, watch: Watch, bound: MatchingBound, tour: TourBound,
                    by_push: bool) -> Path[bytes, Move] | None:
    """:func:`game.families.sokoban.search.solve`'s line of pushes (each with the keeper's shortest walk to
    it) from ``state``, whose bound is finite, by the compiled loop; None where there is none. Raises
    LimitReached or Cancelled as ``watch`` says, TooLong where a cost passes 2,047."""
    size = len(puzzle.board)
    cells = [cell for cell, code in enumerate(state) if code == BOX]
    keeper = state.index(KEEPER)
    table = _Table(len(cells), FIRST_ROWS)
    rng = np.random.default_rng(size)
    zobrist_box = rng.integers(1, 1 << 63, size, dtype=np.int64)
    zobrist_keeper = rng.integers(1, 1 << 63, size, dtype=np.int64)
    first = bound(state)
    table.boxes[0] = cells
    table.keepers[0] = keeper
    table.bounds[0] = first
    table.refined[0] = engine.BOUNDED
    code = zobrist_keeper[keeper]
    for cell in cells:
        code ^= zobrist_box[cell]
    table.hashes[0] = code
    engine.rehash(table.slots, table.hashes, 1)
    counters = np.array([1, 0, 1, 0, -1, first, engine.BUCKETS, -1, 0, 0, 0, 0, 0], np.int64)
    if first >= engine.BUCKETS:
        raise TooLong()
    engine._queue_push(table.heap(), counters, first, first, 0, 0)
    near = np.array([[-1 if cell is None else cell for cell in puzzle.near[at]] for at in range(size)], np.int64)
    level = (zobrist_box, zobrist_keeper, near, np.array([cell in bound.dead for cell in range(size)], np.bool_),
             np.array([cell in puzzle.on_target for cell in range(size)], np.bool_), np.array(bound.by_cell, np.int64),
             tour.distance, tour.sides, tour.nearest, tour.alone)
    scratch = (np.zeros(size, np.uint8), np.empty(size, np.int64), np.empty((4 * size, 3), np.int64),
               np.empty((len(cells) + 2, 4), np.int64), np.empty(len(cells) + 2, np.int64),
               np.empty(len(cells), np.int64), np.empty((len(cells), len(puzzle.targets) + 1), np.int64),
               tour_work(MAX_BOXES))
    memo = (np.full(MEMO, -1, np.int64), np.zeros((MEMO, len(cells)), np.int16), np.zeros(MEMO, np.int64))
    watch.lower_bound = max(watch.lower_bound, first)
    while True:
        status = engine.run_chunk(counters, CHUNK, by_push, BOX, INFINITE, table.rows(), table.heap(), level, scratch,
                                  memo)
        held = int(counters[engine.ROWS])
        watch.found = held
        watch.lower_bound = max(watch.lower_bound, int(counters[engine.LOWER]))
        if status == engine.GOAL:
            return _line(puzzle, table, int(counters[engine.FOUND]), int(counters[engine.EXPANDED]))
        if status == engine.EMPTY_QUEUE:
            return None
        if status == engine.TOO_LONG:
            raise TooLong()
        if status == engine.FULL:
            table.grown(held, int(counters[engine.HEAP]))
        watch.check("bound", watch.lower_bound, table.bytes_held())


def _line(puzzle: SokobanPuzzle, table: _Table, row: int, expanded: int) -> Path[bytes, Move]:
    """The pushes that reached ``row``, first position first, each found among its position's pushes."""
    rows = []
    while row >= 0:
        rows.append(row)
        row = int(table.parents[row])
    states = []
    for at in reversed(rows):
        codes = bytearray(len(puzzle.board))
        for cell in table.boxes[at].tolist():
            codes[cell] = BOX
        codes[int(table.keepers[at])] = KEEPER
        states.append(bytes(codes))
    pushes = Pushes(puzzle)
    moves = [next(move for move, after, _walked in pushes.moves(before) if after == pushed)
             for before, pushed in zip(states, states[1:])]
    return Path(moves, states, expanded)
