"""Admissible bounds for the sliding blocks' optimal search: pattern databases of a few kinds of piece.

Take every piece off the board but the goal's and a few others: every move of the whole puzzle is a
move of this smaller one (or no move at all, where a piece taken off moves), so the moves the smaller
puzzle needs from a position's abstraction never exceed what the position needs. The smaller puzzle's
component is swept once (:mod:`solvers.frontier`) into a table; a position's bound is a lookup of its
kept kinds' packed fields, which the two engines share (the same cells for each kind, so the same
combination ranks).
"""
from __future__ import annotations

from math import comb, prod
from typing import Sequence

import numpy as np

from solvers import frontier, keysets
from solvers.limits import Watch

from game.families.blocks.engine import Engine

__all__ = ["PatternBound", "pattern_kinds"]

DENSE_BITS = 27          # an abstraction whose keys fit this many bits is tabled by key, one byte each
ABSTRACT_LIMIT = 1 << 26   # abstract positions (by the kinds' placements, an over-estimate) a pattern may have


def pattern_kinds(engine: Engine, limit: int = ABSTRACT_LIMIT) -> list[int]:
    """The kinds a pattern keeps: those the goal names, then the largest pieces while the abstraction's
    placements multiply to at most ``limit``."""
    goal_codes = {code for _, ok in engine.puzzle.constrained for code in ok} - {0}
    sizes = [comb(int(engine.kind_n[k]), int(engine.kind_count[k])) for k in range(len(engine.kinds))]
    chosen = [k for k, kind in enumerate(engine.kinds) if goal_codes & set(kind.codes)]
    others = sorted((k for k in range(len(engine.kinds)) if k not in chosen),
                    key=lambda k: (-len(engine.kinds[k].shape) * int(engine.kind_count[k]), k))
    for k in others:
        if prod(sizes[j] for j in chosen) * sizes[k] <= limit:
            chosen.append(k)
    return [engine.kept[k] for k in chosen]


class PatternBound:
    """Moves the goal needs with only the kinds ``kept`` on the board, from the abstraction of ``start``'s
    component (every position the search can meet from there)."""

    def __init__(self, engine: Engine, kept: Sequence[int], start: bytes, watch: Watch, most: int | None = None) -> None:
        """``most``: positions the abstraction's component may have (more: LimitReached("positions") from
        ``watch``, whose own cap is kept)."""
        self.engine = engine
        self.abstract = engine.restricted(kept)
        lifted = self.abstract.lift(np.frombuffer(start, dtype=np.uint8)[None])
        key, valid = self.abstract.encode(lifted)
        assert valid[0]
        own = watch.cap
        if most is not None:
            watch.cap = watch.found + most if own is None else min(own, watch.found + most)
        try:
            self.keys = frontier.component(self.abstract, key, watch, "pattern")
        finally:
            watch.cap = own
        self.table = frontier.distances(self.abstract, self.keys, watch, "pattern")
        self._moves = self._field_moves()
        self.dense: np.ndarray | None = None
        if self.abstract.words == 1 and self.abstract.bits <= DENSE_BITS:
            self.dense = np.full(1 << self.abstract.bits, frontier.DEAD, dtype=np.uint8)
            self.dense[self.keys[:, 0]] = self.table

    def _field_moves(self) -> list[tuple[int, int, int, int, int]]:
        """(word, shift, mask, word, shift) of each kept field: where it sits in the full key and in the
        abstraction's."""
        ours = {(f.kind, f.first - int(self.abstract.kind_first[f.kind])): f for f in self.abstract.fields}
        moves = []
        for f in self.engine.fields:
            original = self.engine.kept[f.kind]
            if original not in self.abstract.kept:
                continue
            k = self.abstract.kept.index(original)
            g = ours[(k, f.first - int(self.engine.kind_first[f.kind]))]
            assert g.bits == f.bits and g.length == f.length
            moves.append((f.word, f.shift, (1 << f.bits) - 1, g.word, g.shift))
        return moves

    def abstract_keys(self, keys: np.ndarray) -> np.ndarray:
        out = np.zeros((len(keys), self.abstract.words), dtype=np.int64)
        for word, shift, mask, to_word, to_shift in self._moves:
            out[:, to_word] |= ((keys[:, word] >> shift) & mask) << to_shift
        return out

    def __call__(self, keys: np.ndarray) -> np.ndarray:
        """Each position's bound (DEAD: its abstraction cannot reach the goal)."""
        small = self.abstract_keys(np.asarray(keys, dtype=np.int64).reshape(-1, self.engine.words))
        if self.dense is not None:
            return self.dense[small[:, 0]]
        at = keysets.locate(self.keys, small)
        out = np.where(at >= 0, self.table[np.maximum(at, 0)], frontier.DEAD).astype(np.uint8)
        return out
