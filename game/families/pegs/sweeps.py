"""Every position of a peg puzzle that the start reaches and that can still reach the goal, found by
sweeping layers of equal peg counts from both ends; and each such position's distance to the goal.

A jump takes one peg off, so the positions the start reaches fall into layers by their number of
pegs, and a sweep is one layer after another. From the goal side the same sweep runs on complements:
a jump read backwards is a jump on the complement of the board (pegs for holes), so the positions that
can reach the goal are the complements of those the goals' complements reach. The two sweeps stop in
the middle, where they are small; the positions of the meeting layer that have a move into the other
side are the solvable ones there, and every other layer's follow (a position is solvable when a move
leads to a solvable one; reached, when it is the start or a move leads to it from a reached one).
Positions are kept in their least symmetric form (the board's rotations and reflections that keep the
start and the goal), so the English board's 33 holes take 1,679,072 positions: 23.5 million are
reached in all, and 8.6 billion masks exist.

Distances follow, fewest pegs first: a position one move after another has one peg or more fewer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from solvers.problem import Cancel, Cancelled

from game.families.pegs import kernels
from game.families.pegs.geometry import Geometry, Pattern

__all__ = ["Problem", "SweepTooLarge", "dense_table", "solvable_set", "values_over"]

Progress = Callable[[float, str], None]
PARENTS_AT_ONCE = 1 << 14     # positions expanded by one compiled call (progress and cancelling between calls)
FIRST_SLOTS = 1 << 16
FULLEST = 0.6                 # a hash set grows when this much of it is full
GOALS_LIMIT = 100_000         # goal positions a sweep from the goal side starts from, at most
VALUES_AT_ONCE = 1 << 16


class SweepTooLarge(Exception):
    """The sweep would hold more positions than its budget allows (then searches answer instead)."""

    def __init__(self, held: int, budget: int) -> None:
        super().__init__(f"about {held >> 20:,} MiB needed, {budget >> 20:,} MiB allowed")
        self.held = held
        self.budget = budget


@dataclass(frozen=True)
class Problem:
    """What the sweeps need to know of a peg puzzle: its board, start and goal."""

    geometry: Geometry
    start: int
    goal: Pattern

    def symmetry(self) -> tuple[tuple[int, ...], ...]:
        """The board's symmetries that keep the start and the goal."""
        return self.geometry.keeping([self.start], [self.goal])

    def goal_array(self) -> np.ndarray:
        g = self.goal
        return np.array([g.pegs, g.empty, g.count if g.count >= 0 else (1 << 64) - 1], dtype=np.uint64)


def popcounts(masks: np.ndarray) -> np.ndarray:
    """Pegs of each mask."""
    counts = np.zeros(len(masks), dtype=np.int64)
    for byte in range(8):
        counts += _BYTE_COUNTS[(masks >> np.uint64(8 * byte)) & np.uint64(255)]
    return counts


_BYTE_COUNTS = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)


def canonical(masks: np.ndarray, tables: np.ndarray) -> np.ndarray:
    """The least image of each mask under the permutations of ``tables`` (see Geometry.tables)."""
    best = None
    low = np.uint64((1 << 11) - 1)
    for g in range(tables.shape[0]):
        image = np.zeros(len(masks), dtype=np.uint64)
        for k in range(tables.shape[1]):
            image |= tables[g, k][(masks >> np.uint64(11 * k)) & low]
        best = image if best is None else np.minimum(best, image)
    return best if best is not None else masks.copy()


def goal_mask(masks: np.ndarray, goal: Pattern) -> np.ndarray:
    ok = ((masks & np.uint64(goal.pegs)) == np.uint64(goal.pegs)) & ((masks & np.uint64(goal.empty)) == 0)
    if goal.count >= 0:
        ok &= popcounts(masks) == goal.count
    return ok


class _Budget:
    """Bytes the sweep may hold: its layers and the hash set it fills."""

    def __init__(self, budget: int | None) -> None:
        self.budget = budget
        self.held = 0

    def check(self, extra: int = 0) -> None:
        if self.budget is not None and self.held + extra > self.budget:
            raise SweepTooLarge(self.held + extra, self.budget)


def hash_set(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``keys`` (nonzero) in a hash set at most half full, with each one's place in ``keys`` beside it."""
    size = 1 << max(4, (2 * len(keys)).bit_length())
    slots = np.zeros(size, dtype=np.uint64)
    index = np.zeros(size, dtype=np.int64)
    kernels.fill(keys, slots, index)
    return slots, index


def bit_filter(keys: np.ndarray) -> np.ndarray:
    """A filter of 8 to 16 bits a key that turns most other keys away before the hash set is looked at."""
    bits = np.zeros(max(64, 1 << (4 * len(keys)).bit_length()) // 64, dtype=np.uint64)
    kernels.bit_filter(keys, bits)
    return bits


def _next_layer(layer: np.ndarray, need: np.ndarray, land: np.ndarray, tables: np.ndarray, flips: np.ndarray,
                budget: _Budget, cancel: Cancel | None, expected: float) -> np.ndarray:
    """Every child of ``layer`` in its least form, sorted (``expected``: about how many, to size the set)."""
    slots = np.zeros(max(FIRST_SLOTS, 1 << int(2 * max(1.0, expected)).bit_length()), dtype=np.uint64)
    out = np.zeros(2, dtype=np.int64)
    count, at = 0, 0
    while at < len(layer):
        if cancel is not None and cancel():
            raise Cancelled
        room = int(len(slots) * FULLEST) - count
        if room < len(need):   # no room for one more parent's children: twice the slots
            budget.check(3 * len(slots) * 8)
            bigger = np.zeros(2 * len(slots), dtype=np.uint64)
            kernels.grow(slots, bigger)
            slots = bigger
            continue
        kernels.expand(layer, at, min(len(layer), at + PARENTS_AT_ONCE), need, land, tables, flips, slots,
                       room - len(need), out)
        count += int(out[0])
        at = int(out[1])
    found = slots[slots != 0]
    found.sort()
    return found


def _sweep(seeds: Sequence[int], down_to: int, geometry: Geometry, tables: np.ndarray, flips: np.ndarray,
           budget: _Budget, progress: Progress | None, cancel: Cancel | None, what: str) -> dict[int, np.ndarray]:
    """Layers of everything ``seeds`` reach, by peg count, from the most pegs down to ``down_to``."""
    need, land, _, _ = geometry.jump_arrays
    by_count: dict[int, list[int]] = {}
    for seed in seeds:
        by_count.setdefault(seed.bit_count(), []).append(seed)
    top = max(by_count)
    layers: dict[int, np.ndarray] = {}
    layer = np.empty(0, dtype=np.uint64)
    growth = 4.0
    for pegs in range(top, down_to - 1, -1):
        made = np.unique(canonical(np.array(by_count.get(pegs, []), dtype=np.uint64), tables))
        if len(layer):
            following = _next_layer(layer, need, land, tables, flips, budget, cancel, len(layer) * growth * 1.25)
            growth = max(1.0, len(following) / len(layer))
            layer = np.union1d(following, made) if len(made) else following
        else:
            layer = made
        layers[pegs] = layer
        budget.held += layer.nbytes
        budget.check()
        if progress is not None:
            progress(0.5 * (top - pegs + 1) / max(1, top - down_to + 1), f"{what}: {pegs} pegs, {len(layer):,}")
    return layers


def _marked(layer: np.ndarray, target: np.ndarray, flip: int, geometry: Geometry, tables: np.ndarray,
            flips: np.ndarray) -> np.ndarray:
    """Which positions of ``layer`` have a child whose least form (after flipping ``flip``) is in ``target``."""
    need, land, _, _ = geometry.jump_arrays
    out = np.zeros(len(layer), dtype=bool)
    if len(layer) and len(target):
        slots, _ = hash_set(target)
        bits = bit_filter(target)
        kernels.marked(layer, need, land, tables, flips, slots, bits, np.uint64(flip), out)
    return out


def solvable_set(problem: Problem, *, budget: int | None = None, progress: Progress | None = None,
                 cancel: Cancel | None = None) -> np.ndarray:
    """The least forms of every position the start reaches that can still reach the goal, sorted (empty
    when the start cannot win). SweepTooLarge past ``budget`` bytes."""
    geometry = problem.geometry
    holes, full = geometry.holes, geometry.full
    goals = problem.goal.states(holes, GOALS_LIMIT)
    if goals is None:
        raise SweepTooLarge(GOALS_LIMIT * 8, 0)
    perms = problem.symmetry()
    tables, flips = geometry.tables(perms), geometry.flips(perms)
    top, low = problem.start.bit_count(), min((g.bit_count() for g in goals), default=0)
    if not goals or low > top:
        return np.empty(0, dtype=np.uint64)
    if low == top:
        return np.unique(canonical(np.array([problem.start], dtype=np.uint64), tables)) \
            if problem.goal.holds(problem.start) else np.empty(0, dtype=np.uint64)
    meet = max(low, min(top - 1, (top + low) // 2))           # the solvable layers at and below it come from the goal
    held = _Budget(budget)

    def least(masks: Sequence[int] | np.ndarray) -> np.ndarray:
        return np.unique(canonical(np.asarray(masks, dtype=np.uint64), tables))

    def marked(layer: np.ndarray, target: np.ndarray, flip: int) -> np.ndarray:
        return _marked(layer, target, flip, geometry, tables, flips)

    ahead = _sweep([problem.start], meet + 1, geometry, tables, flips, held, progress, cancel, "from the start")
    back_seeds = [full ^ g for g in goals]
    mirrored = holes - meet == meet + 1 and np.array_equal(least(back_seeds), least([problem.start]))
    behind = ahead if mirrored else _sweep(back_seeds, holes - meet, geometry, tables, flips, held, progress, cancel,
                                           "from the goal")
    solvable: dict[int, np.ndarray] = {}
    layer = ahead[meet + 1]
    keep = goal_mask(layer, problem.goal) | marked(layer, behind[holes - meet], full)
    solvable[meet + 1] = layer[keep]
    for pegs in range(meet + 2, top + 1):
        layer = ahead[pegs]
        solvable[pegs] = layer[goal_mask(layer, problem.goal) | marked(layer, solvable[pegs - 1], 0)]
    if mirrored:   # start and goal are each other's complements: so are the two halves of the answer
        below = [solvable[holes - pegs] for pegs in range(low, meet + 1)]
    else:
        start_back = least([full ^ problem.start])
        reached: dict[int, np.ndarray] = {}
        for count in range(holes - meet, holes - low + 1):     # complements of the layers at and below ``meet``
            layer = behind.get(count, np.empty(0, dtype=np.uint64))
            first = count == holes - meet
            keep = np.isin(layer, start_back) | marked(layer, solvable[meet + 1] if first else reached[count - 1],
                                                       full if first else 0)
            reached[count] = layer[keep]
        below = list(reached.values())
    parts = list(solvable.values()) + [canonical(layer ^ np.uint64(full), tables) for layer in below]
    if progress is not None:
        progress(1.0, "solvable positions found")
    return np.unique(np.concatenate(parts))


def values_over(problem: Problem, keys: np.ndarray, chains: bool, *, progress: Progress | None = None,
                cancel: Cancel | None = None) -> np.ndarray:
    """Each position's distance to the goal (uint8) over ``keys`` (sorted least forms, every one solvable),
    a move being a jump, or with ``chains`` a chain of one peg's jumps."""
    geometry = problem.geometry
    need, land, to, starts = geometry.jump_arrays
    perms = problem.symmetry()
    tables, flips = geometry.tables(perms), geometry.flips(perms)
    order = np.argsort(popcounts(keys), kind="stable")
    values = np.full(len(keys), kernels.UNSOLVED, dtype=np.uint8)
    slots, index = hash_set(keys)
    bits = bit_filter(keys)
    for at in range(0, len(keys), VALUES_AT_ONCE):
        if cancel is not None and cancel():
            raise Cancelled
        kernels.set_values(keys, order, values, slots, index, bits, problem.goal_array(), chains, need, land, to, starts,
                           tables, flips, geometry.holes, at, min(len(keys), at + VALUES_AT_ONCE))
        if progress is not None:
            progress(min(1.0, (at + VALUES_AT_ONCE) / max(1, len(keys))), f"distances: {at:,} positions")
    return values


def dense_table(problem: Problem, chains: bool, *, progress: Progress | None = None,
                cancel: Cancel | None = None) -> np.ndarray:
    """Every mask's distance to the goal (uint8, UNSOLVED where it cannot win), indexed by the mask: for
    boards small enough to hold one byte per mask."""
    geometry = problem.geometry
    need, land, to, starts = geometry.jump_arrays
    values = np.full(1 << geometry.holes, kernels.UNSOLVED, dtype=np.uint8)
    for pegs in range(geometry.holes + 1):
        if cancel is not None and cancel():
            raise Cancelled
        kernels.dense_values(values, pegs, problem.goal_array(), chains, need, land, to, starts, geometry.holes)
        if progress is not None:
            progress((pegs + 1) / (geometry.holes + 1), f"distances: {pegs} pegs")
    return values


PROBE_LAYER = 20_000          # the layers a forecast sweeps before it extrapolates


def _children(layer: np.ndarray, geometry: Geometry, tables: np.ndarray) -> np.ndarray:
    """The next layer by numpy alone (for small layers: no compiled code to wait for)."""
    need, land, _, _ = geometry.jump_arrays
    parts = [layer[((layer & n) == n) & ((layer & t) == 0)] ^ (n | t) for n, t in zip(need, land)]
    return np.unique(canonical(np.concatenate(parts), tables)) if parts else layer[:0]


def _forecast(seed: Sequence[int], down_to: int, geometry: Geometry, tables: np.ndarray) -> float:
    """About how many positions a sweep from ``seed`` holds down to ``down_to`` pegs: its first layers
    swept, the rest extrapolated (each layer grows by a factor that falls about as much as it last fell)."""
    layer = np.unique(canonical(np.asarray(seed, dtype=np.uint64), tables))
    pegs = max(s.bit_count() for s in seed)
    total = float(len(layer))
    sizes = [float(len(layer))]
    while pegs > down_to and len(layer) < PROBE_LAYER:
        layer = _children(layer, geometry, tables)
        pegs -= 1
        if not len(layer):
            return total
        total += len(layer)
        sizes.append(float(len(layer)))
    if pegs <= down_to or len(sizes) < 3:
        return total
    ratio = sizes[-1] / sizes[-2]
    fall = max(0.0, sizes[-2] / sizes[-3] - ratio)
    size = sizes[-1]
    while pegs > down_to and ratio > 0.05:
        ratio = max(0.0, ratio - fall)
        size *= ratio
        total += size
        pegs -= 1
    return total


def forecast(problem: Problem) -> float:
    """About how many positions :func:`solvable_set` would hold in its layers (inf: it cannot run)."""
    geometry = problem.geometry
    goals = problem.goal.states(geometry.holes, GOALS_LIMIT)
    if not geometry.fits or goals is None:
        return float("inf")
    if not goals:
        return 0.0
    tables = geometry.tables(problem.symmetry())
    top, low = problem.start.bit_count(), min(g.bit_count() for g in goals)
    if low >= top:
        return 1.0
    meet = max(low, min(top - 1, (top + low) // 2))
    ahead = _forecast([problem.start], meet + 1, geometry, tables)
    behind = _forecast([geometry.full ^ g for g in goals], geometry.holes - meet, geometry, tables)
    return ahead + behind


def floor_set(problem: Problem, largest: int = 200_000) -> tuple[np.ndarray, int]:
    """The positions of few pegs that can reach the goal, least forms sorted, and ``floor``: every
    position of ``floor`` pegs or fewer that can is among them (swept from the goal on complements
    while a layer holds at most ``largest`` positions)."""
    geometry = problem.geometry
    holes, full = geometry.holes, geometry.full
    goals = problem.goal.states(holes, GOALS_LIMIT) or []
    perms = problem.symmetry()
    tables, flips = geometry.tables(perms), geometry.flips(perms)
    if not goals:
        return np.empty(0, dtype=np.uint64), holes
    need, land, _, _ = geometry.jump_arrays
    by_count: dict[int, list[int]] = {}
    for goal in goals:
        by_count.setdefault(holes - goal.bit_count(), []).append(full ^ goal)
    count = max(by_count)
    layer = np.unique(canonical(np.array(by_count[count], dtype=np.uint64), tables))
    parts = [layer]
    budget = _Budget(None)
    while count > 1:
        made = np.unique(canonical(np.array(by_count.get(count - 1, []), dtype=np.uint64), tables))
        following = np.union1d(_next_layer(layer, need, land, tables, flips, budget, None, 4.0 * len(layer)), made)
        if len(following) > largest:
            break
        layer, count = following, count - 1
        parts.append(layer)
    keys = np.unique(np.concatenate([canonical(part ^ np.uint64(full), tables) for part in parts]))
    return keys, holes - count
