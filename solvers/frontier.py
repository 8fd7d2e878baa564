"""Breadth-first sweeps over packed positions, layer by layer, for puzzles whose moves can be undone.

A family supplies a :class:`Space`: positions as rows of int64 words (:mod:`solvers.keysets`), a
compiled ``expand`` and a goal test. Because every move can be undone, a child of layer d lies in
layer d-1, d or d+1, so new positions are found by comparing with the two layers before, never with
everything seen: a sweep that keeps only those holds the frontier and its neighbours, and one that
keeps every layer (to walk a shortest line back, or to table the component) holds a few bytes a
position. Each chunk of the frontier is expanded, its children sorted and the known ones dropped by
merging; the chunks' survivors are merged into the next layer. Chunks are expanded and sorted a thread
each, and the merges cut into ranges of keys a thread each (:mod:`solvers.threads`, as many as the machine
gives), every result put back in order, so a layer is the same rows on any number of threads. A sweep that
keeps every layer holds the layers before the last two packed (:mod:`solvers.packed`), about a quarter of
their arrays' bytes on the large boards, unpacked one at a time when a line is walked back.

On top of the layers: a shortest line from a position to a goal pattern (forward until a layer holds
a goal), from both ends where the goal is a list of positions, and the distance to the goal of every
position the start reaches (the component, then a sweep back from its goals). Every search runs under
a :class:`~solvers.limits.Watch` (the player's limits, cancelling, progress).
"""
from __future__ import annotations

import time
from typing import Callable, Protocol, Sequence

import numpy as np

from solvers import heap, keysets, packed
from solvers.limits import Watch
from solvers.threads import in_order, machine_threads
from solvers.sweep import UNREACHED

__all__ = ["DEAD", "THREADS", "GaveUp", "Heuristic", "Layers", "Space", "TooDeep", "Widening", "component",
           "distances", "forward_line", "shortest_line", "walk_back"]

DEAD = UNREACHED      # a bound's value for a position that can never reach the goal
Heuristic = Callable[[np.ndarray], np.ndarray]   # keys -> an admissible bound on each one's moves to the goal

CHUNK = 1 << 16       # frontier rows expanded at once, at most
FIRST_CHUNK = 1 << 10  # rows of a layer's first chunk (its children per row size the chunks after it)
CHILD_BYTES = 1 << 25  # a chunk's children, about: a chunk takes a fraction of a second on any board, so
                       # the watch's checks between chunks keep a search within a second of its limits
FLUSH_AT = 1 << 20    # children gathered before they are compared with the layers before, at least
CHUNK_HELD = 3        # a chunk's children and their sort's arrays, counted as this many times the children
MERGE_HELD = 4        # a merge of sorted runs thinned by the layers before, counted as this many times its rows:
                      # the runs, each key range's merge and its difference, and the ranges joined


MMAP_AT = 1 << 20     # bytes from which glibc's malloc maps an array of its own, handed back when freed: left
                      # to itself it raises that size to 32 MB once such a block is freed, and a sweep's
                      # chunks (sorted children, merges, up to 32 MB) then stay resident after they are freed
                      # (shark's layers to depth 30 peaked 1,033 MB above the process's start, 816 MB so)


THREADS = machine_threads()   # a sweep's chunks expanded at once, by default (1: all on the calling thread)


class Space(Protocol):
    """What a family gives the sweeps: its positions' width in words, moves and goals."""

    words: int

    def expand(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row of ``keys``, child) of every move from every row."""

    def children(self, keys: np.ndarray, find_goal: bool = False) -> tuple[np.ndarray, int]:
        """Every child of every row (duplicates allowed); with ``find_goal``, the row whose child is a goal,
        that child last (the rows after it may be left out), else -1. Called from several threads at once."""

    def goal_mask(self, keys: np.ndarray) -> np.ndarray:
        """Which rows are goals."""


class TooDeep(Exception):
    """Distances beyond what a one-byte table holds."""


class Widening:
    """When a forward search gives up: past ``positions`` found, at the first layer more than ``growth``
    times the one before. A component whose layers have levelled off is nearly swept, and finishing it
    breadth-first costs less than iterative bounds repeating the layers a weak bound cannot prune; a
    search whose layers still widen fast is better left to a bound."""

    def __init__(self, positions: int, growth: float) -> None:
        self.positions = positions
        self.growth = growth

    def stops(self, layers: "Layers") -> bool:
        if layers.positions <= self.positions or len(layers.layers) < 2:
            return False
        return len(layers.layers[-1]) > self.growth * len(layers.layers[-2])


class GaveUp(Exception):
    """A forward search stopped by its :class:`Widening`; ``proven``: no line is shorter; ``layers``: the
    search's layers, for :func:`forward_line` to carry on from."""

    def __init__(self, proven: int, layers: "Layers | None" = None) -> None:
        super().__init__(f"no line shorter than {proven} moves")
        self.proven = proven
        self.layers = layers


class Layers:
    """Breadth-first layers from ``seeds`` (sorted, each position once). ``keep``: every layer (else the
    last two, all that finding new positions needs), those before the last two packed where ``pack``;
    ``threads``: chunks expanded at once (by default THREADS, the machine's processors)."""

    def __init__(self, space: Space, seeds: np.ndarray, watch: Watch, *, keep: bool = True,
                 what: str = "sweep", bound: int | None = None, heuristic: Heuristic | None = None,
                 threads: int | None = None, pack: bool = True) -> None:
        heap.map_apart_from(MMAP_AT)
        self.pack = pack and keep   # layers before the last two packed (solvers.packed) until a line walks back
        self.threads = max(1, THREADS if threads is None else threads)   # chunks expanded at once
        self.space = space
        self.watch = watch
        self.keep = keep
        self.what = what
        self.bound = bound            # with ``heuristic``: only positions whose depth and bound add up to no more
        self.heuristic = heuristic
        self.over: int | None = None  # the least sum of depth and bound left out (the next bound worth trying)
        first = keysets.sort_unique(np.asarray(seeds, dtype=np.int64).reshape(-1, space.words))
        self.layers: list[np.ndarray | packed.Packed] = [first]
        self.depth = 0                 # the last layer's depth
        self.positions = len(first)    # every position found so far
        watch.found += len(first)
        self.expanded = 0
        self.chunk_rows = min(CHUNK, FIRST_CHUNK)   # rows the next chunk expands
        self.row_children = 0                        # bytes of children a row had in the chunk before
        self.goal: tuple[np.ndarray, np.ndarray] | None = None

    @property
    def last(self) -> np.ndarray:
        return packed.unpacked(self.layers[-1])   # never packed

    @property
    def previous(self) -> np.ndarray:
        """The layer before the last (empty at the first): never packed."""
        return packed.unpacked(self.layers[-2]) if len(self.layers) > 1 else keysets.empty(self.space.words)

    def held(self) -> int:
        return sum(layer.nbytes for layer in self.layers)

    def step(self, held_besides: int = 0, find_goal: bool = False) -> np.ndarray:
        """The next layer (empty when there is none), appended. With ``find_goal`` the layer stops at the first
        goal it meets: ``goal`` is then (the parent's key, the goal's key), and the layer is not appended.

        A chunk is sized by the children a row had in the chunk before (CHILD_BYTES of them). Each chunk's
        children are sorted; they are compared with the two layers before only once as many have gathered
        (one walk of those layers then serves many chunks: a walk a chunk cost
        the square of the layer's size), and the new runs are merged as a binary counter merges (a run
        merged with the one before it once it is at least half its size)."""
        front = self.last
        previous = self.previous
        row_bytes = 8 * self.space.words
        flush_at = max(FLUSH_AT, len(front) + len(previous))
        batch: list[np.ndarray] = []   # chunks' children, sorted, not yet compared with the layers before
        parts: list[np.ndarray] = []   # new positions in sorted runs (one may be in two runs)
        gathered = pending = 0
        began = time.monotonic()
        lo = 0
        while lo < len(front):
            done = lo / len(front)
            spent = time.monotonic() - began
            estimate = spent * (1 - done) / done if done > 0.02 else None
            spans = self._spans(lo, len(front))
            self.watch.check(self.what, self.depth, self.held() + held_besides + (gathered + pending) * row_bytes
                             + CHUNK_HELD * self.row_children * (spans[-1][1] - lo), done, estimate)
            for (start, stop), (kids, parent, raw) in zip(spans, self._expanded(front, spans, find_goal)):
                if parent >= 0:
                    self.goal = (front[start + parent], kids[-1])
                    return kids[-1:]
                self.expanded += stop - start
                self.chunk_rows = max(1, min(CHUNK, CHILD_BYTES * (stop - start) // max(row_bytes, raw)))
                self.row_children = raw // (stop - start)
                batch.append(kids)
                gathered += len(kids)
            lo = spans[-1][1]
            if gathered < flush_at and lo < len(front):
                continue
            self.watch.check(self.what, self.depth,
                             self.held() + held_besides + (MERGE_HELD * gathered + pending) * row_bytes)
            parts.append(keysets.merged_difference(batch, self.space.words, (front, previous), self.threads))
            batch, gathered = [], 0
            while len(parts) > 1 and 2 * len(parts[-1]) >= len(parts[-2]):
                last = parts.pop()
                parts[-1] = keysets.merged_difference([parts[-1], last], self.space.words, (), self.threads)
            pending = sum(len(p) for p in parts)
        self.watch.check(self.what, self.depth, self.held() + held_besides + MERGE_HELD * pending * row_bytes)
        new = keysets.merged_difference(parts, self.space.words, (), self.threads)
        self.watch.found += len(new)
        self.watch.check(self.what, self.depth, self.held() + held_besides + new.nbytes)
        if not self.keep and len(self.layers) > 1:
            self.layers.pop(0)
        elif self.pack and len(self.layers) > 1:
            self.layers[-2] = packed.pack(self.previous)
        self.layers.append(new)
        self.depth += 1
        self.positions += len(new)
        return new

    def _spans(self, lo: int, end: int) -> list[tuple[int, int]]:
        """The rows of the frontier the next chunks expand, one a thread, each ``chunk_rows`` long (one chunk
        alone until a chunk has measured its rows' children)."""
        spans: list[tuple[int, int]] = []
        for _ in range(self.threads if self.row_children else 1):
            if lo >= end:
                break
            spans.append((lo, min(end, lo + self.chunk_rows)))
            lo = spans[-1][1]
        return spans

    def _expanded(self, front: np.ndarray, spans: list[tuple[int, int]],
                  find_goal: bool) -> list[tuple[np.ndarray, int, int]]:
        """Each span's (children, bounded where there is a bound, sorted, each once; the row whose child is a
        goal, else -1; the bytes of its children before any was dropped), the spans on threads of their own.
        A goal is taken from the first span that has one, which is the goal the one-thread sweep meets
        first, so the answers do not depend on the threads; the sets of positions are the same anyway."""
        results = in_order(lambda span: self._chunk(front[span[0]:span[1]], find_goal), spans, self.threads)
        for kids, parent, raw, least in results:
            if least is not None:
                self.over = least if self.over is None else min(self.over, least)
            if parent >= 0:
                break
        return [(kids, parent, raw) for kids, parent, raw, _ in results]

    def _chunk(self, chunk: np.ndarray, find_goal: bool) -> tuple[np.ndarray, int, int, int | None]:
        """One span's work (a thread's): its children, their bytes, the least sum a bound left out."""
        kids, parent = self.space.children(chunk, find_goal)
        if parent >= 0:
            return kids, parent, kids.nbytes, None
        raw, least = kids.nbytes, None
        if self.heuristic is not None and self.bound is not None:
            kids, least = self._within_bound(kids)
        return keysets.sort_unique(kids), -1, raw, least

    def _within_bound(self, kids: np.ndarray) -> tuple[np.ndarray, int | None]:
        """The children whose depth and bound add up to no more than the bound, and the least sum of those
        left out (None: none was, or only hopeless ones)."""
        assert self.heuristic is not None and self.bound is not None
        total = self.heuristic(kids).astype(np.int64) + (self.depth + 1)
        keep = total <= self.bound
        left = total[~keep]
        left = left[left < self.depth + 1 + DEAD]
        return kids[keep], (int(left.min()) if len(left) else None)


def walk_back(space: Space, layers: Sequence[np.ndarray | packed.Packed], key: np.ndarray) -> list[np.ndarray]:
    """The keys from layer 0 to ``key`` (in the last layer), each a move from the one before: a
    neighbour in the layer before, found by expanding (every move can be undone; a packed layer is
    unpacked, one at a time)."""
    line = [np.asarray(key, dtype=np.int64).reshape(space.words)]
    for depth in range(len(layers) - 1, 0, -1):
        _, kids = space.expand(line[-1][None])
        at = keysets.locate(packed.unpacked(layers[depth - 1]), kids)
        hit = np.flatnonzero(at >= 0)
        if not len(hit):
            raise AssertionError("a position of a layer has no neighbour in the layer before")
        line.append(kids[hit[0]])
    return line[::-1]


def shortest_line(space: Space, start: np.ndarray, watch: Watch, goals: np.ndarray | None = None,
                  widening: Widening | None = None) -> list[np.ndarray] | None:
    """A shortest line of keys from ``start`` to a goal (None: the start's component has none).

    With ``goals`` (every goal position) the search grows both ends, always the smaller frontier by a
    whole layer; a meeting in the new layer and the other side's last is a shortest line, since a
    shorter one would have met a layer earlier. Else it goes forward until a layer holds a goal, or
    (raising GaveUp) until ``widening`` stops it. Raises LimitReached (with the depth searched in full:
    no line is shorter) or Cancelled."""
    start = np.asarray(start, dtype=np.int64).reshape(1, space.words)
    if space.goal_mask(start)[0]:
        return [start[0]]
    ahead = Layers(space, start, watch, what="search")
    if goals is None:
        return forward_line(space, ahead, watch, widening)
    behind = Layers(space, goals, watch, what="search")
    while len(ahead.last) and len(behind.last):
        forward = len(ahead.last) <= len(behind.last)
        side, other = (ahead, behind) if forward else (behind, ahead)
        layer = side.step(other.held())
        met = np.flatnonzero(keysets.contains(layer, other.last))
        if len(met):
            meeting = layer[met[0]]   # in the last layer of both sides now
            there, back = walk_back(space, ahead.layers, meeting), walk_back(space, behind.layers, meeting)
            return there + back[::-1][1:]
        watch.lower_bound = max(watch.lower_bound, ahead.depth + behind.depth + 1)
    return None


def forward_line(space: Space, ahead: Layers, watch: Watch, widening: Widening | None = None) -> list[np.ndarray] | None:
    """A shortest line from the first layer of ``ahead`` (a search's layers, kept whole) to a goal: layer
    after layer until one holds a goal (None: the component has none), or, raising GaveUp with the
    layers, until ``widening`` stops it."""
    while True:
        watch.lower_bound = max(watch.lower_bound, ahead.depth + 1)
        layer = ahead.step(find_goal=True)
        if ahead.goal is not None:
            parent, goal = ahead.goal
            return walk_back(space, ahead.layers, parent) + [goal]
        if not len(layer):
            return None
        if widening is not None and widening.stops(ahead):
            raise GaveUp(ahead.depth + 1, ahead)


def component(space: Space, start: np.ndarray, watch: Watch, what: str = "sweep") -> np.ndarray:
    """Every position ``start`` reaches, sorted."""
    layers = Layers(space, np.asarray(start, dtype=np.int64).reshape(-1, space.words), watch, what=what, pack=False)
    while len(layers.step()):
        pass
    watch.check(what, layers.depth, 2 * layers.held())
    return keysets.merge([packed.unpacked(layer) for layer in layers.layers], space.words)


def distances(space: Space, keys: np.ndarray, watch: Watch, what: str = "distances") -> np.ndarray:
    """For each of the sorted ``keys`` (a whole component), its moves to the nearest goal among them,
    UNREACHED where none; TooDeep past 254 moves."""
    table = np.full(len(keys), UNREACHED, dtype=np.uint8)
    goals = [keys[lo:lo + CHUNK][space.goal_mask(keys[lo:lo + CHUNK])] for lo in range(0, len(keys), CHUNK)]
    seeds = keysets.merge(goals, space.words)
    if not len(seeds):
        return table
    sweep = Layers(space, seeds, watch, keep=False, what=what)
    layer = sweep.last
    while len(layer):
        if sweep.depth >= UNREACHED:
            raise TooDeep(f"distances beyond {UNREACHED - 1} moves do not fit the table")
        at = keysets.locate(keys, layer)
        if np.any(at < 0):
            raise AssertionError("a sweep from the goals left the component")
        table[at] = sweep.depth
        layer = sweep.step(keys.nbytes + table.nbytes)
    return table
