"""A line to the goal from any position, depth first, for boards without a table (or positions
outside it): every jump takes a peg, so a line is at most as long as the pegs, and what matters is
to avoid exploring the same dead positions again (they are remembered, in their least symmetric
form, while memory allows). Under the jump count every line from a position has the same length, so
the first found is shortest; a line counted by chains is the shortest this search found, not more.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from game.families.pegs import kernels
from game.families.pegs.geometry import Geometry
from game.families.pegs.sweeps import Problem

__all__ = ["DeadMemo", "Outcome", "PegSearch", "SearchTimeout"]

NODES_AT_ONCE = 200_000          # positions tried by one compiled call (progress and cancelling between calls)
MEMO_SLOTS = 1 << 23             # 64 MiB of remembered dead positions (half of the slots are used at most)


class SearchTimeout(Exception):
    """The search ran past its time without deciding."""

    def __init__(self, nodes: int, seconds: float) -> None:
        super().__init__(f"{nodes:,} positions in {seconds:.1f} s")
        self.nodes = nodes
        self.seconds = seconds


@dataclass(frozen=True)
class Outcome:
    """A line of jumps ((from, over, to) holes) to the goal, or None: none exists; and the work done."""

    jumps: tuple[tuple[int, int, int], ...] | None
    nodes: int
    seconds: float


def inward(geometry: Geometry) -> np.ndarray:
    """The jumps in the order a search tries them: towards the middle of the board first (pegs left
    at the edges are the ones that strand)."""
    rows = [r for r, _ in geometry.cells]
    cols = [c for _, c in geometry.cells]
    mid = ((min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2)

    def off(hole: int) -> float:
        r, c = geometry.cells[hole]
        return abs(r - mid[0]) + abs(c - mid[1])

    gain = [off(t) - off(a) for a, _, t in geometry.jumps]
    return np.argsort(np.array(gain), kind="stable").astype(np.int64)


class PegSearch:
    """Depth-first searches over one puzzle, sharing what they learnt of dead positions."""

    def __init__(self, problem: Problem, solved: np.ndarray | None = None, floor: int = -1,
                 memo_slots: int = MEMO_SLOTS) -> None:
        self.problem = problem
        geometry = problem.geometry
        self.perms = problem.symmetry()
        self.tables, self.flips = geometry.tables(self.perms), geometry.flips(self.perms)
        self.need, self.land, self.to, self.starts = geometry.jump_arrays
        self.order = inward(geometry)
        self.dead = np.zeros(memo_slots, dtype=np.uint64)
        self.stored = 0
        self.solved = solved if solved is not None else np.zeros(1, dtype=np.uint64)
        self.floor = floor          # positions with this many pegs or fewer are solvable only if in ``solved``

    def run(self, mask: int, cancelled: Callable[[], bool] = lambda: False, seconds: float = 10.0,
            progress: Callable[[int], None] | None = None) -> Outcome:
        """A line from ``mask`` (its jumps), None if there is none; SearchTimeout past ``seconds``."""
        geometry = self.problem.geometry
        holes = geometry.holes
        path = np.zeros(holes + 1, dtype=np.int64)
        masks = np.zeros(holes + 2, dtype=np.uint64)
        nexts = np.zeros(holes + 2, dtype=np.int64)
        images = np.zeros((holes + 2, len(self.perms)), dtype=np.uint64)
        masks[0] = mask
        images[0] = [geometry.permute(mask, perm) for perm in self.perms]
        out = np.array([0, 0, 0, self.stored], dtype=np.int64)
        started, depth, nodes = time.perf_counter(), 0, 0
        while True:
            kernels.search(path, masks, nexts, images, depth, self.problem.goal_array(), self.need, self.land,
                           self.to, self.starts, self.order, self.tables, self.flips, self.dead, self.solved,
                           mask.bit_count() - self.floor if self.floor >= 0 else holes + 2, NODES_AT_ONCE, out)
            status, depth, nodes, self.stored = int(out[0]), int(out[1]), nodes + int(out[2]), int(out[3])
            if status != kernels.PAUSED:
                break
            if progress is not None:
                progress(nodes)
            if cancelled():
                from solvers.problem import Cancelled
                raise Cancelled
            if time.perf_counter() - started > seconds:
                raise SearchTimeout(nodes, time.perf_counter() - started)
        spent = time.perf_counter() - started
        if status == kernels.EXHAUSTED:
            return Outcome(None, nodes, spent)
        return Outcome(tuple(geometry.jumps[int(j)] for j in path[:depth]), nodes, spent)
