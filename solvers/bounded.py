"""An optimal search beyond what a breadth-first sweep can hold: breadth-first heuristic search with
iterative bounds (BFIDA*), over the layered frontier of :mod:`solvers.frontier`.

Each round sweeps breadth-first from the start but keeps only positions whose depth plus an admissible
bound (never more than the moves they need) stays within the round's limit; a round that ends without
a goal proves that every solution is longer, and the next round allows the least sum it left out. The
first goal met is a shortest line: on a shortest line every position's depth plus bound is at most its
length, so none of it is left out. Duplicates are found as in any layered sweep (two layers back): with
moves that can be undone, a position left out at some depth is left out deeper too.

The search says how far it got: the round's limit is a proven lower bound, reported with the positions
and the rate (:class:`~solvers.limits.Watch`); stopped at a limit it claims nothing but that bound.
"""
from __future__ import annotations

import numpy as np

from solvers.frontier import DEAD, Heuristic, Layers, Space, walk_back
from solvers.limits import Watch

__all__ = ["bounded_line"]


def bounded_line(space: Space, start: np.ndarray, heuristic: Heuristic, watch: Watch,
                 at_least: int = 0) -> list[np.ndarray] | None:
    """A shortest line of keys from ``start`` to a goal (None: no goal can be reached); ``at_least``: moves
    every line is known to need (the first round's limit). Raises LimitReached (its lower bound: the
    last round searched in full, plus one) or Cancelled."""
    start = np.asarray(start, dtype=np.int64).reshape(1, space.words)
    if space.goal_mask(start)[0]:
        return [start[0]]
    bound = int(heuristic(start)[0])
    if bound >= DEAD:
        return None
    bound = max(bound, at_least)
    while True:
        watch.lower_bound = max(watch.lower_bound, bound)
        layers = Layers(space, start, watch, what="bound", bound=bound, heuristic=heuristic)
        while layers.depth < bound:
            layer = layers.step(find_goal=True)
            if layers.goal is not None:
                parent, goal = layers.goal
                return walk_back(space, layers.layers, parent) + [goal]
            if not len(layer):
                break
        if layers.depth >= bound and len(layers.last):   # positions at the limit that are no goal: one more
            layers.over = bound + 1 if layers.over is None else min(layers.over, bound + 1)
        if layers.over is None:
            return None   # nothing was left out, and no goal: the start's component has none
        bound = layers.over
