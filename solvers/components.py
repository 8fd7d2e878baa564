"""Distance tables over the positions one start can reach, for spaces too sparse to rank whole.

A sliding-block position is an arrangement of pieces of several shapes; nearly every
arrangement of the board's cells is not a position at all (a piece split in two), so a rank
over all cell arrangements wastes almost its whole range. Instead a position is *keyed* by
where each kind of piece stands: for each kind, the set of its pieces' anchor cells (a
combination, ranked in the combinatorial number system), the kinds combined in mixed radix.

The start's component is enumerated breadth-first. Moves can be undone, so a neighbour of
layer d lies in layer d-1, d or d+1: new positions are found by comparing with the two
previous layers only, never with everything seen. The component's sorted keys are the ranks
of a one-byte-per-position table (:class:`ComponentRanker`), and a second breadth-first
search, from the goal positions among them, fills in the distances.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Callable, Sequence

import numpy as np

from solvers.problem import Cancel, Cancelled
from solvers.sweep import UNREACHED, Progress

Expand = Callable[[np.ndarray], np.ndarray]   # boards -> every successor board (duplicates allowed)
CHUNK = 1 << 13                               # frontier rows expanded at once: bounds the children in memory


class TooManyPositions(Exception):
    """The component has more positions than the caller allows for a table."""


@dataclass(frozen=True)
class Kind:
    """One kind of piece: its anchor code (the code of its first cell in reading order), how many
    pieces of it a position holds, and for each cell it may stand on, the cells it covers."""

    anchor_code: int
    count: int
    codes: tuple[int, ...]                      # code of each cell of the shape, in shape order
    covers: tuple[tuple[int, ...] | None, ...]  # per cell: the cells a piece anchored there covers (None: cannot)


class PlacementKeys:
    """Perfect keys of positions: per kind, the combination of its anchor cells, in mixed radix."""

    def __init__(self, ncells: int, kinds: Sequence[Kind]) -> None:
        self.ncells = ncells
        self.kinds = tuple(kinds)
        self.combinations = [comb(ncells, kind.count) for kind in self.kinds]
        self.radix = []
        size = 1
        for n in self.combinations:
            self.radix.append(size)
            size *= n
        if size >= 2 ** 62:
            raise TooManyPositions(f"positions of {ncells} cells and {len(self.kinds)} kinds of pieces cannot be keyed")
        self.size = size
        most = max((kind.count for kind in self.kinds), default=0)
        self._binom = np.array([[comb(n, k) for k in range(most + 1)] for n in range(ncells + 1)], dtype=np.int64)
        self._cover = [self._cover_table(kind) for kind in self.kinds]

    def _cover_table(self, kind: Kind) -> np.ndarray:
        table = np.full((self.ncells, len(kind.codes)), -1, dtype=np.int64)
        for anchor, cells in enumerate(kind.covers):
            if cells is not None:
                table[anchor] = cells
        return table

    # -- boards -> keys ------------------------------------------------------------------------

    def encode(self, boards: np.ndarray) -> np.ndarray:
        """Keys of rows of boards (every row must be a whole position)."""
        boards = np.asarray(boards, dtype=np.uint8)
        keys = np.zeros(len(boards), dtype=np.int64)
        for kind, radix in zip(self.kinds, self.radix):
            cols = np.nonzero(boards == kind.anchor_code)[1].reshape(len(boards), kind.count)  # sorted per row
            rank = np.zeros(len(boards), dtype=np.int64)
            for i in range(kind.count):
                rank += self._binom[cols[:, i], i + 1]
            keys += rank * radix
        return keys

    def encode_one(self, state: bytes) -> int | None:
        """One position's key in pure Python (for hints); None if it is not a position of these kinds."""
        key = 0
        for kind, radix in zip(self.kinds, self.radix):
            rank, i = 0, 0
            at = state.find(kind.anchor_code)
            while at != -1:
                i += 1
                if i > kind.count:
                    return None
                rank += comb(at, i)
                at = state.find(kind.anchor_code, at + 1)
            if i != kind.count:
                return None
            key += rank * radix
        return key

    # -- keys -> boards ------------------------------------------------------------------------

    def decode(self, keys: np.ndarray) -> np.ndarray:
        keys = np.asarray(keys, dtype=np.int64)
        boards = np.zeros((len(keys), self.ncells), dtype=np.uint8)
        rows = np.arange(len(keys))
        for kind, radix, n, cover in zip(self.kinds, self.radix, self.combinations, self._cover):
            rank = (keys // radix) % n
            for i in range(kind.count, 0, -1):
                column = self._binom[:, i]           # C(c, i), non-decreasing in c
                anchor = np.searchsorted(column, rank, side="right") - 1
                rank = rank - column[anchor]
                cells = cover[anchor]
                for j, code in enumerate(kind.codes):
                    boards[rows, cells[:, j]] = code
        return boards


class ComponentRanker:
    """The ranker of a component table: a position's rank is its key's place among the sorted keys."""

    def __init__(self, keys: PlacementKeys, sorted_keys: np.ndarray) -> None:
        self.keys = keys
        self.sorted_keys = np.asarray(sorted_keys, dtype=np.int64)
        self.size = len(self.sorted_keys)

    def rank(self, boards: np.ndarray) -> np.ndarray:
        return np.searchsorted(self.sorted_keys, self.keys.encode(boards)).astype(np.int64)

    def rank_state(self, state: bytes) -> int | None:
        key = self.keys.encode_one(bytes(state))
        if key is None:
            return None
        at = int(np.searchsorted(self.sorted_keys, key))
        return at if at < self.size and int(self.sorted_keys[at]) == key else None

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        return self.keys.decode(self.sorted_keys[np.asarray(ranks, dtype=np.int64)])


def _member(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    """Which ``values`` are in ``sorted_set``."""
    if not len(sorted_set):
        return np.zeros(len(values), dtype=bool)
    at = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[at] == values


def layers(seeds: np.ndarray, expand: Expand, keys: PlacementKeys, *, limit: int,
           cancel: Cancel | None = None, progress: Progress | None = None,
           what: str = "exploring", expected: int | None = None) -> list[np.ndarray]:
    """Breadth-first layers (sorted keys) from the ``seeds`` boards over moves that can be undone.

    Raises TooManyPositions past ``limit`` positions, Cancelled when ``cancel()`` says so.
    ``expected``: how many positions there will be, for the progress fraction.
    """
    seed_keys, first = np.unique(keys.encode(seeds), return_index=True)
    frontier = np.asarray(seeds, dtype=np.uint8)[first]
    out = [seed_keys]
    previous, current = np.empty(0, dtype=np.int64), seed_keys
    total = len(seed_keys)
    while len(frontier):
        if cancel is not None and cancel():
            raise Cancelled
        found_keys, found_boards = [], []
        for at in range(0, len(frontier), CHUNK):
            if at and cancel is not None and cancel():   # a wide layer takes seconds
                raise Cancelled
            children = expand(frontier[at:at + CHUNK])
            if not len(children):
                continue
            k, first = np.unique(keys.encode(children), return_index=True)
            fresh = ~(_member(k, current) | _member(k, previous))
            found_keys.append(k[fresh])
            found_boards.append(children[first[fresh]])
        if not found_keys:
            break
        k, first = np.unique(np.concatenate(found_keys), return_index=True)
        frontier = np.concatenate(found_boards)[first]
        previous, current = current, k
        if len(k):
            out.append(k)
        total += len(k)
        if total > limit:
            raise TooManyPositions(f"more than {limit:,} positions")
        if progress is not None:
            progress(min(1.0, total / expected) if expected else 0.0, f"{what}: {total:,} positions")
    return out


def component_table(start: bytes, is_goal: Callable[[np.ndarray], np.ndarray], expand: Expand,
                    keys: PlacementKeys, *, limit: int, cancel: Cancel | None = None,
                    progress: Progress | None = None, explore: Expand | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(sorted keys of the start's component, distance to the nearest goal of each, UNREACHED for none).

    ``is_goal`` marks the goal rows of a block of boards; ``expand`` gives every successor;
    ``explore``, if given, reaches the same component more cheaply (e.g. the smallest moves,
    when a move is a chain of them) and is used to enumerate it.
    """
    seeds = np.frombuffer(start, dtype=np.uint8)[None]
    half = None if progress is None else (lambda f, m: progress(0.5 * f, m))
    component = np.sort(np.concatenate(layers(seeds, explore or expand, keys, limit=limit, cancel=cancel,
                                              progress=half)))
    goals = []
    for at in range(0, len(component), CHUNK):
        boards = keys.decode(component[at:at + CHUNK])
        goals.append(boards[is_goal(boards)])
    table = np.full(len(component), UNREACHED, dtype=np.uint8)
    seeds = np.concatenate(goals)
    if not len(seeds):
        return component, table
    rest = None if progress is None else (lambda f, m: progress(0.5 + 0.5 * f, m))
    for d, k in enumerate(layers(seeds, expand, keys, limit=limit, cancel=cancel, progress=rest,
                                 what="distances", expected=len(component))):
        if d >= UNREACHED:
            raise TooManyPositions("distances beyond 254 moves do not fit the table")
        table[np.searchsorted(component, k)] = d
    if progress is not None:
        progress(1.0, f"{len(component):,} positions")
    return component, table
