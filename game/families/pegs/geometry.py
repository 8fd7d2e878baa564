"""A peg board as bits: hole i of the board (its cells in reading order) is bit i of a mask, a
position is the mask of its pegs, and a jump flips three bits. The board's symmetries (rotations
and reflections of the lattice that keep its holes and its jump directions) are permutations of
the holes, applied to whole arrays of masks through byte-sized lookup tables.

This is the arithmetic every peg search shares (the compiled sweeps, the tables, the tests'
independent searches use none of it): nothing here knows a file, a count or the game.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Sequence

import numpy as np

__all__ = ["CHUNK_BITS", "Geometry", "MAX_HOLES", "Pattern"]

MAX_HOLES = 63          # a mask is one unsigned 64-bit word; larger boards are searched plainly
CHUNK_BITS = 11         # the symmetry tables map 11 holes at a time (2,048 entries each)

Cell = tuple[int, int]
Step = tuple[int, int]


@dataclass(frozen=True)
class Pattern:
    """A set of goal positions: pegs required on some holes, none on others, and (``count`` >= 0)
    exactly so many pegs in all."""

    pegs: int = 0           # mask of holes that must hold a peg
    empty: int = 0          # mask of holes that must be empty
    count: int = -1         # pegs in all (-1: any number)

    def holds(self, mask: int) -> bool:
        return mask & self.pegs == self.pegs and not mask & self.empty and \
            (self.count < 0 or mask.bit_count() == self.count)

    def states(self, holes: int, limit: int) -> list[int] | None:
        """Every mask of ``holes`` holes the pattern holds, ascending; None when there are more than ``limit``."""
        free = [i for i in range(holes) if not (self.pegs | self.empty) >> i & 1]
        base = self.pegs
        if self.count < 0:
            if len(free) > 20 or 1 << len(free) > limit:
                return None
            picks: Iterable[tuple[int, ...]] = (c for k in range(len(free) + 1) for c in itertools.combinations(free, k))
        else:
            extra = self.count - base.bit_count()
            if extra < 0 or extra > len(free):
                return []
            if _binomial(len(free), extra) > limit:
                return None
            picks = itertools.combinations(free, extra)
        return sorted(base | sum(1 << i for i in pick) for pick in picks)


def _binomial(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@dataclass(frozen=True)
class Geometry:
    """The holes of a board (``cells``, (row, column) in reading order) and the directions a peg may
    jump in."""

    cells: tuple[Cell, ...]
    steps: tuple[Step, ...]
    index: dict[Cell, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {rc: i for i, rc in enumerate(self.cells)})

    @property
    def holes(self) -> int:
        return len(self.cells)

    @property
    def full(self) -> int:
        return (1 << self.holes) - 1

    @property
    def fits(self) -> bool:
        """Whether a mask of this board fits one 64-bit word (else only plain searches answer)."""
        return self.holes <= MAX_HOLES

    # -- jumps -------------------------------------------------------------------------------------

    @cached_property
    def jumps(self) -> tuple[tuple[int, int, int], ...]:
        """(from, over, to) holes of every jump the board allows, by the hole it starts from."""
        out = []
        for a, (r, c) in enumerate(self.cells):
            for dr, dc in self.steps:
                b, t = self.index.get((r + dr, c + dc)), self.index.get((r + 2 * dr, c + 2 * dc))
                if b is not None and t is not None:
                    out.append((a, b, t))
        return tuple(out)

    @cached_property
    def jump_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For the compiled sweeps: per jump the mask of its two pegs, the mask of its landing hole and
        its landing hole; and per hole the first of the jumps starting there (``starts[h]`` to
        ``starts[h + 1]``)."""
        jumps = self.jumps
        need = np.array([(1 << a) | (1 << b) for a, b, _ in jumps], dtype=np.uint64)
        land = np.array([1 << t for _, _, t in jumps], dtype=np.uint64)
        to = np.array([t for _, _, t in jumps], dtype=np.int64)
        starts = np.searchsorted(np.array([a for a, _, _ in jumps], dtype=np.int64), np.arange(self.holes + 1))
        return need, land, to, starts.astype(np.int64)

    def children(self, mask: int) -> list[tuple[tuple[int, int, int], int]]:
        """Every jump possible in ``mask`` with the mask after it."""
        out = []
        for jump in self.jumps:
            a, b, t = jump
            if mask >> a & 1 and mask >> b & 1 and not mask >> t & 1:
                out.append((jump, mask ^ (1 << a | 1 << b | 1 << t)))
        return out

    def parents(self, mask: int) -> list[tuple[tuple[int, int, int], int]]:
        """Every jump that leads to ``mask``, with the mask before it."""
        out = []
        for jump in self.jumps:
            a, b, t = jump
            if not mask >> a & 1 and not mask >> b & 1 and mask >> t & 1:
                out.append((jump, mask ^ (1 << a | 1 << b | 1 << t)))
        return out

    # -- symmetry -------------------------------------------------------------------------------------

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """Every permutation of the holes by a rotation or reflection of the lattice (with a shift)
        that keeps the holes and the jump directions: the identity first."""
        steps = set(self.steps)
        holes = set(self.cells)
        found: list[tuple[int, ...]] = []
        for m in itertools.product((-1, 0, 1), repeat=4):
            a, b, c, d = m
            if a * d - b * c not in (1, -1):
                continue
            if {(a * r + b * q, c * r + d * q) for r, q in steps} != steps:
                continue
            image = [(a * r + b * q, c * r + d * q) for r, q in self.cells]
            shift = (min(r for r, _ in self.cells) - min(r for r, _ in image),
                     min(q for _, q in self.cells) - min(q for _, q in image))
            moved = [(r + shift[0], q + shift[1]) for r, q in image]
            if set(moved) != holes:
                continue
            perm = tuple(self.index[cell] for cell in moved)
            if perm not in found:
                found.append(perm)
        identity = tuple(range(self.holes))
        return (identity, *sorted(p for p in found if p != identity))

    def keeping(self, masks: Sequence[int], patterns: Sequence[Pattern] = ()) -> tuple[tuple[int, ...], ...]:
        """The symmetries that map each set of positions given to itself: a mask, or a pattern."""
        kept = []
        for perm in self.symmetries:
            if all(self.permute(m, perm) == m for m in masks) and all(
                    Pattern(self.permute(p.pegs, perm), self.permute(p.empty, perm), p.count) == p for p in patterns):
                kept.append(perm)
        return tuple(kept)

    @staticmethod
    def permute(mask: int, perm: Sequence[int]) -> int:
        out = 0
        for i, j in enumerate(perm):
            if mask >> i & 1:
                out |= 1 << j
        return out

    def tables(self, perms: Sequence[Sequence[int]]) -> np.ndarray:
        """``tables[g, k, v]``: the holes of chunk k (CHUNK_BITS holes) holding pegs ``v``, moved by
        permutation g, as a mask: a permuted mask is the OR of one entry per chunk."""
        chunks = -(-self.holes // CHUNK_BITS)
        out = np.zeros((len(perms), chunks, 1 << CHUNK_BITS), dtype=np.uint64)
        values = np.arange(1 << CHUNK_BITS, dtype=np.uint64)
        for g, perm in enumerate(perms):
            for k in range(chunks):
                for bit in range(CHUNK_BITS):
                    hole = k * CHUNK_BITS + bit
                    if hole < self.holes:
                        out[g, k] |= ((values >> np.uint64(bit)) & np.uint64(1)) << np.uint64(perm[hole])
        return out

    def flips(self, perms: Sequence[Sequence[int]]) -> np.ndarray:
        """``flips[g, j]``: the three holes of jump j moved by permutation g, as a mask (a child's image
        under g is its parent's image with these bits flipped)."""
        return np.array([[self.permute((1 << a) | (1 << b) | (1 << t), perm) for a, b, t in self.jumps]
                         for perm in perms], dtype=np.uint64).reshape(len(perms), len(self.jumps))

    def canonical(self, mask: int, perms: Sequence[Sequence[int]]) -> int:
        """The least image of ``mask`` under ``perms`` (one Python int: for single positions)."""
        return min(self.permute(mask, perm) for perm in perms)

    # -- positions as bytes ---------------------------------------------------------------------------

    @staticmethod
    def mask_of(state: bytes) -> int:
        """The mask of a position (one byte per hole, 1 a peg)."""
        return int(bytes(state[::-1]).translate(_DIGITS) or b"0", 2)

    def state_of(self, mask: int) -> bytes:
        return bytes((mask >> i) & 1 for i in range(self.holes))


_DIGITS = bytes([48, 49] + [48] * 254)   # byte 1 -> "1", anything else -> "0"
