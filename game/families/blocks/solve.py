"""Optimal lines and component tables of a sliding-block puzzle by the compiled engine
(:mod:`game.families.blocks.engine`) and the shared sweeps (:mod:`solvers.frontier`, :mod:`solvers.bounded`).

A line from a position: from both ends where the goal is a list of positions; else breadth-first from
the position while that stays small or its layers have levelled off (the component is nearly swept), then by
iterative bounds (BFIDA*) over a pattern database of the
goal's piece and a few large ones (:mod:`game.families.blocks.bounds`), starting at the depth the
breadth-first part proved (where the pattern database is cheap to build and strong enough, else
breadth-first on). A table: the start's component, then every position's distance to the nearest
goal, keyed by the engine's packed keys (:class:`EngineKeys`, one word).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from solvers import frontier
from solvers.bounded import bounded_line
from solvers.limits import LimitReached, Watch

from game.families.blocks.bounds import PatternBound, pattern_kinds
from game.families.blocks.engine import Engine, NotEncodable, door_bars
from game.families.blocks.rules import BlocksPuzzle
from game.rules.puzzle import Move

__all__ = ["EngineKeys", "Solver", "PLAIN_POSITIONS", "PLAIN_GROWTH", "worth_bounding"]

PLAIN_POSITIONS = 1_000_000   # a search goes breadth-first this far before it takes a bound (quick, and proves a depth)
PLAIN_GROWTH = 1.25           # ... and on while each layer is at most this times the one before (nearly swept)
PATTERN_POSITIONS = 2_000_000  # a pattern database whose abstraction has more is given up: the two found larger on
                               # the levels measured took 20 and 85 s to build, for bounds of at most 6 and 5
BOUND_WORTH = 2.0             # a bound is taken where what it prunes outweighs this times the rounds it repeats
BOUND_SAMPLE = 100_000        # frontier positions the bound is weighed on


def worth_bounding(growth: float, mean_bound: float) -> bool:
    """Whether iterative bounds beat carrying on breadth-first, for layers growing ``growth`` times a layer
    and a bound of ``mean_bound`` moves on the frontier: a round to a limit keeps about the layers
    breadth-first search keeps to that limit less the bound (growth ** bound times fewer positions), but
    repeats the rounds before it (growth / (growth - 1) times one round in all)."""
    if growth <= 1:
        return False
    return growth ** mean_bound > BOUND_WORTH * growth / (growth - 1)


class EngineKeys:
    """The engine's one-word keys for a component table (what :class:`solvers.components.ComponentRanker`
    asks of its keys), packed and unpacked with numpy alone: loading a table and answering from it (on
    the window's own thread) never start numba's compiler."""

    def __init__(self, engine: Engine) -> None:
        if engine.words != 1:
            raise ValueError("a table keys positions by one word")
        self.engine = engine
        self.size = 1 << engine.bits
        self._columns = [engine.binom[:, j].copy() for j in range(engine.binom.shape[1])]
        # for one position at a time (hints rank every successor): plain Python lists and dicts
        self._binom = engine.binom.tolist()
        self._anchors = [(kind.codes[0], int(engine.kind_count[k]),
                          {cell: int(engine.anchor_index[k, grid]) for cell, grid in enumerate(engine.board_grid.tolist())
                           if engine.anchor_index[k, grid] >= 0},
                          [(f.length, f.shift) for f in engine.fields if f.kind == k])
                         for k, kind in enumerate(engine.kinds)]

    def _fields(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(keys, valid) of rows of byte positions."""
        engine = self.engine
        boards = np.asarray(boards, dtype=np.uint8).reshape(-1, len(engine.board_grid))
        keys = np.zeros(len(boards), dtype=np.int64)
        valid = np.ones(len(boards), dtype=bool)
        for k, kind in enumerate(engine.kinds):
            count = int(engine.kind_count[k])
            hits = boards == kind.codes[0]
            valid &= hits.sum(axis=1) == count
            rows, cols = np.nonzero(hits & valid[:, None])
            index = engine.anchor_index[k, engine.board_grid[cols]]
            good = np.ones(len(boards), dtype=bool)
            np.logical_and.at(good, rows, index >= 0)
            valid &= good
            chosen = np.zeros((len(boards), count), dtype=np.int64)
            keep = valid[rows]
            chosen[valid] = np.maximum(index[keep], 0).reshape(-1, count)   # ascending: reading order
            for f in engine.fields:
                if f.kind != k:
                    continue
                at = f.first - int(engine.kind_first[k])
                rank = np.zeros(len(boards), dtype=np.int64)
                for t in range(f.length):
                    rank += engine.binom[chosen[:, at + t], t + 1]
                keys |= rank << f.shift
        return np.where(valid, keys, 0), valid

    def encode(self, boards: np.ndarray) -> np.ndarray:
        keys, valid = self._fields(boards)
        if not valid.all():
            raise ValueError("a position outside the pieces' reach")
        return keys

    def encode_one(self, state: bytes) -> int | None:
        """One position's key in plain Python (a hint ranks every successor: microseconds each)."""
        key, binom = 0, self._binom
        for code, count, index_of, fields in self._anchors:
            chosen: list[int] = []
            at = state.find(code)
            while at != -1:
                j = index_of.get(at)
                if j is None or len(chosen) == count:
                    return None
                chosen.append(j)
                at = state.find(code, at + 1)
            if len(chosen) != count:
                return None
            first = 0
            for length, shift in fields:
                key |= sum(binom[chosen[first + t]][t + 1] for t in range(length)) << shift
                first += length
        return key

    def decode(self, keys: np.ndarray) -> np.ndarray:
        """Byte positions of valid keys (checked by the engine's ``valid_keys`` before they are trusted)."""
        engine = self.engine
        keys = np.asarray(keys, dtype=np.int64).ravel()
        boards = np.zeros((len(keys), len(engine.board_grid)), dtype=np.uint8)
        rows = np.arange(len(keys))
        for f in engine.fields:
            k = f.kind
            rank = (keys >> f.shift) & ((1 << f.bits) - 1)
            kind = engine.kinds[k]
            for j in range(f.length, 0, -1):
                anchor = np.searchsorted(self._columns[j], rank, side="right") - 1
                rank = rank - self._columns[j][anchor]
                cells = engine.anchor_cell[k, anchor]
                for s, code in enumerate(kind.codes):
                    boards[rows, engine.grid_board[cells + engine.shape_off[k, s]]] = code
        return boards


class Solver:
    """The engine's searches and sweeps for one puzzle (the puzzle's doors bar the pieces they do not admit)."""

    def __init__(self, puzzle: BlocksPuzzle) -> None:
        self.puzzle = puzzle
        self.barred = door_bars(puzzle)
        self._engines: dict[bytes, Engine] = {}
        self.algorithm = "bfs"   # how the last line was found

    def engine(self, state: bytes | None = None) -> Engine:
        """The engine keyed by the start's reach, or (for a position off it) by the start's and the position's."""
        start = self.puzzle.start
        base = self._engines.get(start)
        if base is None:
            base = self._engines[start] = Engine(self.puzzle, (start,), self.barred)
        if state is None or base.encode(np.frombuffer(state, dtype=np.uint8)[None])[1][0]:
            return base
        if state not in self._engines:
            self._engines = {start: base, state: Engine(self.puzzle, (start, state), self.barred)}
        return self._engines[state]

    # -- lines -----------------------------------------------------------------------------------------

    def line(self, state: bytes, watch: Watch) -> list[bytes] | None:
        """The positions of a shortest line from ``state`` to a goal (None: there is none). Raises
        LimitReached or Cancelled as ``watch`` says."""
        engine = self.engine(state)
        start = engine.key(state)
        if self.puzzle.goal_states:
            goals = [engine.encode(np.frombuffer(g, dtype=np.uint8)[None]) for g in self.puzzle.goal_states]
            usable = np.concatenate([k for k, valid in goals if valid[0]]) if any(v[0] for _, v in goals) else None
            if usable is None:
                return None
            self.algorithm = "bidirectional-bfs"
            keys = frontier.shortest_line(engine, start, watch, goals=usable)
        else:
            keys = self._pattern_line(engine, start, state, watch)
        return None if keys is None else [bytes(b) for b in engine.decode(np.array(keys))]

    def _pattern_line(self, engine: Engine, start: np.ndarray, state: bytes, watch: Watch) -> list[np.ndarray] | None:
        """Breadth-first while it is cheap or its layers have levelled off, then iterative bounds from the
        depth it proved, where a pattern database is cheap to build and strong enough to pay for its rounds
        (:func:`worth_bounding`); else breadth-first on from the layers it has."""
        self.algorithm = "bfs"
        try:
            return frontier.shortest_line(engine, start, watch, widening=frontier.Widening(PLAIN_POSITIONS, PLAIN_GROWTH))
        except frontier.GaveUp as gave_up:
            proven, ahead = gave_up.proven, gave_up.layers
        assert ahead is not None
        watch.lower_bound = max(watch.lower_bound, proven)
        bound = self._pattern_bound(engine, state, watch)
        if bound is None or not worth_bounding(len(ahead.last) / len(ahead.layers[-2]), self._mean_bound(bound, ahead.last)):
            return frontier.forward_line(engine, ahead, watch)
        del ahead
        self.algorithm = "bfida*"
        return bounded_line(engine, start, bound, watch, at_least=proven)

    @staticmethod
    def _pattern_bound(engine: Engine, state: bytes, watch: Watch) -> PatternBound | None:
        """The pattern database's bound, None where its abstraction has more than PATTERN_POSITIONS."""
        try:
            return PatternBound(engine, pattern_kinds(engine), state, watch, most=PATTERN_POSITIONS)
        except LimitReached as reached:
            if reached.which != "positions" or (watch.cap is not None and watch.found > watch.cap):
                raise
            return None

    @staticmethod
    def _mean_bound(bound: PatternBound, frontier_keys: np.ndarray) -> float:
        """The bound's mean over (a sample of) the frontier, a position it proves hopeless counted as 64."""
        step = max(1, len(frontier_keys) // BOUND_SAMPLE)
        return float(np.minimum(bound(frontier_keys[::step]), 64).mean())

    def moves(self, states: Sequence[bytes]) -> list[Move]:
        """The move between each two positions of a line: the anchor the moved piece left and the one it took."""
        engine = self.engine(states[0])
        moves = []
        for before, after in zip(states, states[1:]):
            was = engine.anchor_kind[np.frombuffer(before, dtype=np.uint8)]
            now = engine.anchor_kind[np.frombuffer(after, dtype=np.uint8)]
            left = np.flatnonzero((was >= 0) & (was != now))
            took = np.flatnonzero((now >= 0) & (was != now))
            if len(left) != 1 or len(took) != 1:
                raise AssertionError("two positions of a line are not one move apart")
            moves.append(Move(int(left[0]), int(took[0])))
        return moves

    # -- tables ----------------------------------------------------------------------------------------

    def table(self, watch: Watch) -> tuple[np.ndarray, np.ndarray]:
        """(sorted one-word keys of the start's component, each one's distance to the nearest goal)."""
        engine = self.engine()
        keys = frontier.component(engine, engine.key(self.puzzle.start), watch)
        return keys[:, 0].copy(), frontier.distances(engine, keys, watch)

    def successors_of(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row of ``boards``, child) of every move from every row, as byte positions."""
        engine = self.engine()
        keys, valid = engine.encode(boards)
        if not valid.all():
            raise NotEncodable("a position outside the pieces' reach")
        rows, children = engine.expand(keys)
        return rows, engine.decode(children)
