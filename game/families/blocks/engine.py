"""The sliding blocks' compiled move generator: positions as a few packed words, successors in every
count, for the sweeps and searches of :mod:`solvers.frontier` and :mod:`solvers.bounded`.

The rules (:mod:`game.families.blocks.rules`) stay the reference: they say what a move is, and this
engine is proven against them (the same successors, as sets of positions, in every count). Here a
position is each piece's anchor, pieces of one kind sorted, packed into combination ranks; the tables
below are built once per puzzle and the kernels (:mod:`game.families.blocks.kernels`) allocate nothing
per position.

Each kind of piece may stand only where its shape fits the board and the cells its kind may enter (a
door admits only the pieces it names); the cells it could ever reach are found by letting each piece
roam the board alone from where the seed positions put it, so a key spends bits only on those.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from math import comb
from typing import Iterable, Mapping, Sequence

import numpy as np

from game.families.blocks import bitboards, kernels
from game.families.blocks.counts import CELL, LINE
from game.families.blocks.model import Axis
from game.families.blocks.rules import BlocksPuzzle

__all__ = ["Engine", "NotEncodable", "door_bars"]

WORD_BITS = 63          # keys are int64 words, never negative: sorted as signed, they sort as the packed fields
FIELD_BITS = 62         # one combination rank at most
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
AXIS_DIRECTIONS = {None: (0, 1, 2, 3), Axis.Y: (0, 1), Axis.X: (2, 3)}
BUFFER_ROWS = 1 << 16   # children one call of the kernel may write (at least one parent's worth)


def door_bars(puzzle: BlocksPuzzle) -> dict[int, frozenset[tuple[int, int]]]:
    """For each kind's index, the door cells (row, column) its pieces may not stand on."""
    cells = puzzle.board.cells
    return {k: frozenset(cells[c] for c in kind.barred) for k, kind in enumerate(puzzle.layout.kinds) if kind.barred}


class NotEncodable(ValueError):
    """A position with a piece where its kind cannot stand, or not a position of this puzzle's pieces."""


@dataclass(frozen=True)
class Field:
    kind: int
    first: int      # the piece index of its first piece
    length: int     # how many pieces of the kind it packs
    word: int
    shift: int
    bits: int


class Scratch:
    """One thread's working arrays for the kernels: a board, flood-fill marks, a piece's anchors, the
    children written by one call and their parents' rows."""

    def __init__(self, engine: "Engine") -> None:
        grid = engine.height * engine.width
        npieces = len(engine.piece_kind)
        self.occ = np.zeros(grid, dtype=np.int16)   # piece number from 1, times 256, plus the cell's code
        self.near = np.zeros(npieces, dtype=np.int64)
        self.mark = np.zeros(grid, dtype=np.int64)
        self.queue = np.zeros(grid, dtype=np.int64)
        self.idx = np.zeros(npieces, dtype=np.int64)
        self.cells = np.zeros(npieces, dtype=np.int64)
        self.covers = np.zeros((npieces, 2), dtype=np.uint64)   # each piece's cells on the bitboards
        self.work = np.zeros(npieces, dtype=np.int64)
        self.sums = np.zeros((3, npieces + len(engine.kind_n)), dtype=np.int64)   # a kind's rank terms' prefix sums
        self.summed = np.zeros(len(engine.kind_n), dtype=np.int64)   # the row they are of, for each kind
        self.ranks = np.zeros(len(engine.f_kind), dtype=np.int64)   # each field's rank in the row decoded last
        self.state = np.zeros(4, dtype=np.int64)
        self.seen = np.zeros(len(engine.kind_n), dtype=np.int64)
        rows = max(BUFFER_ROWS, 2 * engine.most_children)
        self.out = np.zeros((rows, engine.words), dtype=np.int64)
        self.rows = np.zeros(rows, dtype=np.int64)


class Engine:
    """The packed positions and compiled moves of one blocks puzzle under its count.

    ``seeds``: positions whose pieces' reach sizes the keys (the start by default); ``barred``: for a
    kind's index, grid cells (row, column) its pieces may not stand on beyond the walls (by default the
    puzzle's doors that do not admit them); ``kept``: the kinds this engine moves (an abstraction for a bound: the others
    taken off the board), all by default."""

    def __init__(self, puzzle: BlocksPuzzle, seeds: Sequence[bytes] = (),
                 barred: Mapping[int, frozenset[tuple[int, int]]] | None = None,
                 kept: Sequence[int] | None = None) -> None:
        self.puzzle = puzzle
        self.seeds = tuple(seeds) or (puzzle.start,)
        self.barred = door_bars(puzzle) if barred is None else dict(barred)
        lay = puzzle.layout
        self.kept = tuple(range(len(lay.kinds))) if kept is None else tuple(sorted(set(kept)))
        self.count = 2 if puzzle.count not in (CELL, LINE) else (0 if puzzle.count is CELL else 1)
        board = puzzle.board
        # the grid: the bounding box of the board's cells (a frame of walls costs nothing)
        self.top = min(r for r, _ in board.cells)
        self.left = min(c for _, c in board.cells)
        self.height = max(r for r, _ in board.cells) - self.top + 1
        self.width = max(c for _, c in board.cells) - self.left + 1
        grid = self.height * self.width
        self.board_grid = np.array([(r - self.top) * self.width + c - self.left for r, c in board.cells],
                                   dtype=np.int64)
        self.grid_board = np.full(grid, -1, dtype=np.int64)
        self.grid_board[self.board_grid] = np.arange(len(board.cells))
        kinds = [lay.kinds[k] for k in self.kept]
        self.kinds = tuple(kinds)
        self._open = np.zeros((len(kinds), grid), dtype=bool)
        for k, original in enumerate(self.kept):
            self._open[k, self.board_grid] = True
            for r, c in self.barred.get(original, ()):
                if 0 <= r - self.top < self.height and 0 <= c - self.left < self.width:
                    self._open[k, (r - self.top) * self.width + c - self.left] = False
        self._build_shapes(kinds)
        self._build_steps(kinds)
        self.anchor_kind = np.full(256, -1, dtype=np.int64)
        for k, kind in enumerate(kinds):
            self.anchor_kind[kind.codes[0]] = k
        self._build_pieces(kinds, self.seeds)
        self._build_fields()
        self._build_goal()
        self._scratch()
        self._build_bits()

    def restricted(self, kept: Sequence[int]) -> "Engine":
        """This puzzle with only the kinds ``kept`` (indices into the puzzle's kinds) on the board."""
        return Engine(self.puzzle, self.seeds, self.barred, kept)

    def lift(self, boards: np.ndarray) -> np.ndarray:
        """Byte positions with the pieces of kinds this engine does not keep taken off."""
        keep = np.zeros(256, dtype=np.uint8)
        for kind in self.kinds:
            keep[list(kind.codes)] = kind.codes
        return keep[np.asarray(boards, dtype=np.uint8)]

    # -- tables ------------------------------------------------------------------------------------

    def _build_shapes(self, kinds: Sequence) -> None:
        most = max(len(k.shape) for k in kinds)
        self.shape_off = np.zeros((len(kinds), most), dtype=np.int64)
        self.shape_len = np.array([len(k.shape) for k in kinds], dtype=np.int64)
        self.codes = np.zeros((len(kinds), most), dtype=np.uint8)
        for k, kind in enumerate(kinds):
            for s, (dr, dc) in enumerate(kind.shape):
                self.shape_off[k, s] = dr * self.width + dc
                self.codes[k, s] = kind.codes[s]
        self.enter_len = np.zeros((len(kinds), 4), dtype=np.int64)
        self.enter_off = np.zeros((len(kinds), 4, most), dtype=np.int64)
        for k, kind in enumerate(kinds):
            shape = set(kind.shape)
            for d, (dr, dc) in enumerate(DIRECTIONS):
                # the cells a piece newly covers, from its new anchor y = x + d: y + s lies under the old
                # piece exactly when s + d is in the shape
                entering = [(r, c) for r, c in kind.shape if (r + dr, c + dc) not in shape]
                self.enter_len[k, d] = len(entering)
                for e, (r, c) in enumerate(entering):
                    self.enter_off[k, d, e] = r * self.width + c

    def _fits(self, k: int, r: int, c: int) -> bool:
        for dr, dc in self.kinds[k].shape:
            rr, cc = r + dr, c + dc
            if not (0 <= rr < self.height and 0 <= cc < self.width) or not self._open[k, rr * self.width + cc]:
                return False
        return True

    def _build_steps(self, kinds: Sequence) -> None:
        grid = self.height * self.width
        self.step = np.full((len(kinds), grid, 4), -1, dtype=np.int64)
        for k, kind in enumerate(kinds):
            fits = np.zeros(grid, dtype=bool)
            for cell in range(grid):
                fits[cell] = self._fits(k, *divmod(cell, self.width))
            for anchor in np.flatnonzero(fits):
                cell = int(anchor)
                r, c = divmod(cell, self.width)
                for d in AXIS_DIRECTIONS[kind.axis]:
                    dr, dc = DIRECTIONS[d]
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < self.height and 0 <= cc < self.width and fits[rr * self.width + cc]:
                        self.step[k, cell, d] = rr * self.width + cc

    def _anchors(self, state: bytes) -> list[list[int]]:
        """Each kind's anchor grid cells in a byte position, ascending."""
        out: list[list[int]] = [[] for _ in self.kinds]
        for cell, code in enumerate(state):
            k = int(self.anchor_kind[code])
            if k >= 0:
                out[k].append(int(self.board_grid[cell]))
        return out

    def _build_pieces(self, kinds: Sequence, seeds: Sequence[bytes]) -> None:
        """Pieces in kind order, and each kind's cells: where its pieces can roam alone from the seeds."""
        reach: list[set[int]] = [set() for _ in kinds]
        for seed in seeds:
            for k, anchors in enumerate(self._anchors(seed)):
                if len(anchors) != kinds[k].count:
                    raise NotEncodable("a seed position does not hold every piece")
                todo = [a for a in anchors if a not in reach[k]]
                reach[k].update(todo)
                while todo:
                    x = todo.pop()
                    for y in self.step[k, x]:
                        if y >= 0 and int(y) not in reach[k]:
                            reach[k].add(int(y))
                            todo.append(int(y))
        self.kind_first = np.zeros(len(kinds), dtype=np.int64)
        self.kind_count = np.array([k.count for k in kinds], dtype=np.int64)
        self.kind_first[1:] = np.cumsum(self.kind_count)[:-1]
        self.piece_kind = np.repeat(np.arange(len(kinds)), self.kind_count).astype(np.int64)
        self.kind_n = np.array([len(r) for r in reach], dtype=np.int64)
        grid = self.height * self.width
        self.anchor_cell = np.zeros((len(kinds), int(self.kind_n.max())), dtype=np.int64)
        self.anchor_index = np.full((len(kinds), grid), -1, dtype=np.int64)
        for k, cells in enumerate(reach):
            ordered = sorted(cells)
            self.anchor_cell[k, :len(ordered)] = ordered
            self.anchor_index[k, ordered] = np.arange(len(ordered))
        # the most children one position may have: each piece anywhere its kind may stand
        self.most_children = int(sum(self.kind_n[k] * self.kind_count[k] for k in range(len(kinds))))

    def _build_fields(self) -> None:
        """Each kind's pieces in runs whose combination ranks fit a field, fields packed into words (the
        first fields into the last word)."""
        fields: list[Field] = []
        word, used = 0, 0
        for k in range(len(self.kind_n)):
            n, left, first = int(self.kind_n[k]), int(self.kind_count[k]), int(self.kind_first[k])
            while left:
                m = left
                while comb(n, m) >= 1 << FIELD_BITS:
                    m -= 1
                bits = max(1, (comb(n, m) - 1).bit_length())
                if used + bits > WORD_BITS:
                    word, used = word + 1, 0
                fields.append(Field(k, first, m, word, used, bits))
                used += bits
                first += m
                left -= m
        # the word filled last, holding the fewest bits, leads: sorted keys then group by a word of a few
        # bits, and within a group by one whole word, which numpy's sort handles at its fastest
        fields = [Field(f.kind, f.first, f.length, word - f.word, f.shift, f.bits) for f in fields]
        self.fields = tuple(fields)
        self.words = word + 1
        self.bits = sum(f.bits for f in fields)
        self.f_kind = np.array([f.kind for f in fields], dtype=np.int64)
        self.f_first = np.array([f.first for f in fields], dtype=np.int64)
        self.f_len = np.array([f.length for f in fields], dtype=np.int64)
        self.f_word = np.array([f.word for f in fields], dtype=np.int64)
        self.f_shift = np.array([f.shift for f in fields], dtype=np.int64)
        self.f_bits = np.array([f.bits for f in fields], dtype=np.int64)
        self.kind_f0 = np.zeros(len(self.kind_n) + 1, dtype=np.int64)
        for f in fields:
            self.kind_f0[f.kind + 1:] += 1
        top_n, top_m = int(self.kind_n.max()), int(self.f_len.max())
        limit = (1 << 63) - 1
        self.binom = np.array([[min(comb(i, j), limit) for j in range(top_m + 1)] for i in range(top_n + 1)],
                              dtype=np.int64)

    def _build_goal(self) -> None:
        """The goal's constrained cells: a cell asking for a piece this engine does not keep asks nothing."""
        codes = {code for kind in self.kinds for code in kind.codes}
        constrained = []
        for cell, ok in self.puzzle.constrained:
            if ok - codes - {0}:   # some piece taken off may stand here: anything goes
                continue
            constrained.append((cell, ok))
        self.goal_cells = np.array([self.board_grid[c] for c, _ in constrained], dtype=np.int64)
        self.goal_ok = np.zeros((len(constrained), 256), dtype=np.bool_)
        for g, (_, ok) in enumerate(constrained):
            self.goal_ok[g, list(ok)] = True
        self._build_requirements()

    def _build_requirements(self) -> None:
        """The goal as (kind, anchor) pairs it needs and cells it needs empty, where it says no more than that
        (``goal_simple``): then a child is tested by the piece that moved alone."""
        requirements = set()
        self.goal_simple = True
        for g, cell in enumerate(self.goal_cells):
            allowed = [int(code) for code in np.flatnonzero(self.goal_ok[g])]
            owner = [(k, s) for k, kind in enumerate(self.kinds) for s, code in enumerate(kind.codes)
                     if allowed == [code]]
            if owner:
                k, s = owner[0]
                requirements.add((k, int(cell) - int(self.shape_off[k, s])))
            elif allowed != [0]:
                self.goal_simple = False
        ordered = sorted(requirements) if self.goal_simple else []
        self.req_kind = np.array([k for k, _ in ordered], dtype=np.int64)
        self.req_anchor = np.array([a for _, a in ordered], dtype=np.int64)

    def _build_bits(self) -> None:
        """The bitboard generator's tables, where the board has at most 128 cells and the goal asks only for
        whole pieces in places and cells left empty (else ``bits`` is False: the cell-by-cell generator)."""
        grid = self.height * self.width
        self.bits_ok = grid <= 2 * 64
        if not self.bits_ok:
            return

        def pair(cells: Iterable[int] | np.ndarray) -> tuple[int, int]:
            word = sum(1 << int(c) for c in cells)
            return word & (2 ** 64 - 1), word >> 64

        kinds = range(len(self.kinds))
        self.fits = np.array([pair(np.flatnonzero(self._fit_cells(k))) for k in kinds], dtype=np.uint64)
        self.placed = np.zeros((len(self.kinds), int(self.kind_n.max()), 4), dtype=np.uint64)   # cells, anchor
        for k in kinds:
            for j in range(int(self.kind_n[k])):
                anchor = int(self.anchor_cell[k, j])
                self.placed[k, j] = (*pair(anchor + self.shape_off[k, :self.shape_len[k]]), *pair([anchor]))
        columns = np.arange(grid) % self.width
        board = pair(self.board_grid)
        right, left = pair(np.flatnonzero(columns != 0)), pair(np.flatnonzero(columns != self.width - 1))
        self.masks = np.array([*right, *left, *board], dtype=np.uint64)
        self.ways = np.array([{None: 3, Axis.Y: 1, Axis.X: 2}[kind.axis] for kind in self.kinds], dtype=np.int64)
        self.steps1 = np.zeros((len(self.kinds), grid, 2), dtype=np.uint64)   # the anchors one step from each
        for k, kind in enumerate(self.kinds):
            for cell in range(grid):
                r, c = divmod(cell, self.width)
                self.steps1[k, cell] = pair((r + dr) * self.width + c + dc for dr, dc in
                                            (DIRECTIONS[d] for d in AXIS_DIRECTIONS[kind.axis])
                                            if 0 <= r + dr < self.height and 0 <= c + dc < self.width)
        if not self.goal_simple:
            self.bits_ok = False
            return
        empty = [int(cell) for g, cell in enumerate(self.goal_cells) if list(np.flatnonzero(self.goal_ok[g])) == [0]]
        self.empty = np.array(pair(empty), dtype=np.uint64)

    def _fit_cells(self, k: int) -> np.ndarray:
        """Which anchors of the grid kind k fits on (walls and barred cells)."""
        return np.array([self._fits(k, *divmod(cell, self.width)) for cell in range(self.height * self.width)])

    def _scratch(self) -> None:
        grid = self.height * self.width
        self.around = np.full((grid, 4), -1, dtype=np.int64)
        for cell in range(grid):
            r, c = divmod(cell, self.width)
            for d, (dr, dc) in enumerate(DIRECTIONS):
                if 0 <= r + dr < self.height and 0 <= c + dc < self.width:
                    self.around[cell, d] = (r + dr) * self.width + c + dc
        self._local = threading.local()
        self._local.scratch = Scratch(self)

    def scratch(self) -> "Scratch":
        """The kernels' working arrays of the calling thread (each thread its own: the kernels release the
        GIL, so several threads expand parts of one layer at once)."""
        here = getattr(self._local, "scratch", None)
        if here is None:
            here = self._local.scratch = Scratch(self)
        return here

    # -- conversions -------------------------------------------------------------------------------

    def encode(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(keys, valid) of rows of byte positions."""
        boards = np.ascontiguousarray(boards, dtype=np.uint8).reshape(-1, len(self.board_grid))
        if not boards.flags.writeable:   # a position's bytes: numba would compile the kernel again for them
            boards = boards.copy()
        out = np.zeros((len(boards), self.words), dtype=np.int64)
        valid = np.zeros(len(boards), dtype=np.bool_)
        here = self.scratch()
        kernels.encode(boards, out, valid, self.board_grid, self.anchor_kind, self.kind_first, self.kind_count,
                       self.kind_f0, self.f_first, self.f_len, self.f_word, self.f_shift, self.f_bits, self.binom,
                       self.anchor_index, here.idx, here.seen)
        return out, valid

    def key(self, state: bytes) -> np.ndarray:
        """One position's key (NotEncodable where a piece stands off its kind's cells)."""
        keys, valid = self.encode(np.frombuffer(state, dtype=np.uint8)[None])
        if not valid[0]:
            raise NotEncodable("the position has a piece where its kind cannot reach from the seeds")
        return keys[0]

    def valid_keys(self, keys: np.ndarray) -> np.ndarray:
        """Which rows are keys this engine packs: no bits outside its fields, each field a rank below its
        combinations' count (a key read from a file is checked so before it is unpacked)."""
        keys = np.asarray(keys, dtype=np.int64).reshape(-1, self.words)
        ok = np.all(keys >= 0, axis=1)
        used = np.zeros(self.words, dtype=np.int64)
        for f in self.fields:
            field = (keys[:, f.word] >> f.shift) & ((1 << f.bits) - 1)
            ok &= field < comb(int(self.kind_n[f.kind]), f.length)
            used[f.word] |= ((1 << f.bits) - 1) << f.shift
        for w in range(self.words):
            ok &= (keys[:, w] & ~used[w]) == 0
        return ok

    def decode(self, keys: np.ndarray) -> np.ndarray:
        """Byte positions (rows) of keys."""
        keys = np.ascontiguousarray(keys, dtype=np.int64).reshape(-1, self.words)
        boards = np.zeros((len(keys), len(self.board_grid)), dtype=np.uint8)
        here = self.scratch()
        kernels.decode(keys, boards, self.grid_board, self.piece_kind, self.kind_n, self.f_kind, self.f_first,
                       self.f_len, self.f_word, self.f_shift, self.f_bits, self.binom, self.anchor_cell,
                       self.shape_off, self.shape_len, self.codes, here.idx)
        return boards

    def warm(self) -> None:
        """Run every kernel once on a seed, so numba compiles them (or loads them from its cache) now: a
        search's clock, started after this, counts the search, not a first compile that takes a minute."""
        keys = self.key(self.seeds[0])[None]
        self.children(keys, find_goal=True)
        self.goal_mask(keys)
        self.decode(keys)

    # -- moves and goals -----------------------------------------------------------------------------

    def expand(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row of ``keys``, child key) of every move from every row (rows ascending)."""
        keys = np.ascontiguousarray(keys, dtype=np.int64).reshape(-1, self.words)
        parts, rows_out = [], []
        at = 0
        here = self.scratch()
        while at < len(keys):
            at = self.expand_into(keys, at, len(keys))
            n = int(here.state[0])
            parts.append(here.out[:n].copy())
            rows_out.append(here.rows[:n].copy())
        if not parts:
            return np.zeros(0, dtype=np.int64), np.zeros((0, self.words), dtype=np.int64)
        return np.concatenate(rows_out), np.concatenate(parts)

    def children(self, keys: np.ndarray, find_goal: bool = False) -> tuple[np.ndarray, int]:
        """Every child of every row of ``keys`` (duplicates allowed); with ``find_goal``, the row of ``keys``
        whose child is a goal, that child last (the rest of the rows not expanded), else -1."""
        keys = np.ascontiguousarray(keys, dtype=np.int64).reshape(-1, self.words)
        parts, at = [], 0
        here = self.scratch()
        while at < len(keys):
            at = self.expand_into(keys, at, len(keys), find_goal)
            hit = int(here.state[3])
            if hit >= 0:
                parts.append(here.out[hit:hit + 1].copy())
                return np.concatenate(parts), int(here.rows[hit])
            parts.append(here.out[:int(here.state[0])].copy())
        kids = np.concatenate(parts) if parts else np.zeros((0, self.words), dtype=np.int64)
        return kids, -1

    def expand_into(self, keys: np.ndarray, lo: int, hi: int, find_goal: bool = False) -> int:
        """Children of keys[lo:] into the thread's ``scratch().out`` / ``.rows`` (``.state[0]`` of them) until
        ``hi`` or the buffer is full (or, ``find_goal``, a goal child is written: ``.state[3]``);
        returns the next row to expand."""
        here = self.scratch()
        if self.bits_ok:
            nxt = bitboards.expand_bits(
                keys, lo, hi, self.count, here.out, here.rows, self.most_children, self.piece_kind, self.kind_first,
                self.kind_count, self.kind_n, self.kind_f0, self.f_kind, self.f_first, self.f_len, self.f_word,
                self.f_shift, self.f_bits, self.binom, self.anchor_cell, self.anchor_index, self.shape_off,
                self.shape_len, self.placed, self.fits, self.ways, self.steps1, self.width, self.masks, self.req_kind,
                self.req_anchor, self.empty, find_goal, bitboards.INDEX, here.idx, here.cells, here.work, here.state,
                here.covers, here.sums, here.summed, here.ranks)
            if here.state[2]:
                raise AssertionError("a piece reached a cell its kind cannot stand on")
            return int(nxt)
        nxt = kernels.expand(keys, lo, hi, self.count, here.out, here.rows, self.most_children, self.piece_kind,
                             self.kind_first, self.kind_count, self.kind_n, self.kind_f0, self.f_kind, self.f_first,
                             self.f_len, self.f_word, self.f_shift, self.f_bits, self.binom, self.anchor_cell,
                             self.anchor_index, self.shape_off, self.shape_len, self.codes, self.step,
                             self.enter_off, self.enter_len, self.goal_cells, self.goal_ok, self.req_kind,
                             self.req_anchor, find_goal, self.board_grid,
                             self.around, here.occ, here.mark, here.queue, here.near, here.idx, here.cells, here.work,
                             here.state)
        if here.state[2]:
            raise AssertionError("a piece reached a cell its kind cannot stand on")
        return int(nxt)

    def goal_mask(self, keys: np.ndarray) -> np.ndarray:
        keys = np.ascontiguousarray(keys, dtype=np.int64).reshape(-1, self.words)
        out = np.zeros(len(keys), dtype=np.bool_)
        here = self.scratch()
        kernels.goals(keys, out, self.piece_kind, self.kind_n, self.f_kind, self.f_first, self.f_len, self.f_word,
                      self.f_shift, self.f_bits, self.binom, self.anchor_cell, self.shape_off, self.shape_len,
                      self.codes, self.goal_cells, self.goal_ok, here.occ, here.idx, here.cells)
        return out
