"""The 15-puzzle: a setting of the tiles solver (:mod:`solvers.tiles`, layout ``FIFTEEN``), and the
searches that answer without its compiled one: iterative deepening over whole frontiers in numpy.

The tables and the compiled search are the tiles stack's (the 7-7-1 partition with its mirror image,
:mod:`solvers.tiles_search`). What stays here: installing them for the process, the table-free
heuristic, and the numpy search for a computer without numba, which also answers before the tables are
in. Plain recursive IDA* in CPython manages well under a million nodes a second, too slow for hints, so
each numpy IDA* iteration expands nodes a block at a time as numpy arrays
(boards packed into uint64, heuristic updated incrementally from the moved tile) and
goes depth-first over blocks, so memory stays small and the search stops at the first
solution. Pruning f = g + h > bound with an admissible h keeps every answer optimal.

Heuristics: additive pattern databases (the 7-7-1 partition, or 6-6-3 where numba is
missing to build 7-tile tables) looked up for the position and its reflection about the
main diagonal, taking the larger; until tables are installed, Manhattan distance plus
linear conflict as defined in :mod:`solvers.sliding`. With tables and numba, the search
runs compiled; the numpy search stays as the fallback.
Cached tables are checked on load: the partitions' own tables byte for byte against the digests of
the tables built (:data:`solvers.tiles.BUILT_DIGESTS`), any other by :func:`solvers.tiles.plausible` and
against the optimal lengths of a few positions; the goal is recognised by comparing boards, so a
forged table cannot make an answer wrong by claiming the goal.
The answer is a :class:`solvers.problem.Path` of the puzzle's own moves and states.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import cache as memoised
from typing import Callable, Protocol, Sequence

import numpy as np

from solvers import cache, sliding, tiles, tiles_pdb, tiles_search
from solvers.compiled import available
from solvers.problem import Cancel, Cancelled, Path, Problem, path_along

GOAL15 = sliding.goal_state(4, 4)
TABLE_VERSION = 2          # 2: ranked tables (one byte per placement), checked on load
# The bottom two rows, the top two rows but tile 1, and tile 1 (its table is its Manhattan distance).
STRONG_PARTITION: tuple[tuple[int, ...], ...] = tiles.FIFTEEN.partitions[0]
# Without numba 7-tile tables cannot be built in reasonable time and memory.
NUMPY_PARTITION: tuple[tuple[int, ...], ...] = ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4))
PARTITION = STRONG_PARTITION if available() else NUMPY_PARTITION
BLOCK = 1 << 14

Tables = dict[tuple[int, ...], np.ndarray]  # one pattern database per tile group
Ext = tuple[np.ndarray, ...]                 # a heuristic's per-node arrays for a block of nodes
Pruned = tuple[np.ndarray, Ext, np.ndarray, np.ndarray]   # kept indices, their arrays, every h, kept h


class SearchHeuristic(Protocol):
    """What the search needs of a heuristic: h of the start with its per-node arrays, then
    h of children updated from their parents' arrays (see :func:`children`)."""

    name: str

    def root(self, cells: Sequence[int]) -> tuple[Ext, int]: ...

    def children(self, ext: Ext, sel: np.ndarray, d: int, tile: np.ndarray, limit: int, a: np.ndarray,
                 b: np.ndarray, st_new: np.ndarray, st_old: np.ndarray) -> Pruned: ...


# ---------------------------------------------------------------------------
# Board geometry

_U64 = np.uint64
_SHIFT = (np.arange(16, dtype=np.uint64) * _U64(4))
_OFFSETS = (-4, 4, -1, 1)  # blank moves up, down, left, right
_TRANSPOSE = np.array([(c % 4) * 4 + c // 4 for c in range(16)], dtype=np.int64)


def _target_table() -> tuple[np.ndarray, np.ndarray]:
    """For each direction: can the blank move from a cell, and where to."""
    ok = np.zeros((4, 16), dtype=bool)
    to = np.zeros((4, 16), dtype=np.int64)
    for d, off in enumerate(_OFFSETS):
        for c in range(16):
            r, q = divmod(c, 4)
            dest = c + off
            valid = (off == -4 and r > 0) or (off == 4 and r < 3) or (off == -1 and q > 0) or (off == 1 and q < 3)
            ok[d, c] = valid
            to[d, c] = dest if valid else 16  # 16 never matches a previous blank
    return ok, to


_CAN, _TO = _target_table()
_GOAL_PACKED = _U64(sum(t << (4 * c) for c, t in enumerate(GOAL15)))


def pack(board: Sequence[int]) -> int:
    """16 cells -> one integer, 4 bits a cell (cell 0 in the low bits)."""
    return sum(int(t) << (4 * c) for c, t in enumerate(board))


def _board(state: bytes | Sequence[int]) -> bytes:
    """The position as bytes; ValueError (one sentence) unless it is a solvable 15-puzzle board."""
    cells = list(state)
    if len(cells) != 16 or sorted(cells) != list(range(16)):
        raise ValueError("a 15-puzzle position needs each of 0..15 exactly once.")
    board = bytes(cells)
    if not sliding.is_solvable(board, 4):
        raise ValueError("this 15-puzzle position cannot reach the goal (wrong permutation parity).")
    return board


# ---------------------------------------------------------------------------
# Heuristics: each keeps its own per-node arrays and updates them per move.


class _PatternHeuristic:
    """Additive ranked pattern databases of one partition, max of the board and its reflection.

    Each view sums one table lookup per group; the second view looks the tables up on the
    board mirrored about the main diagonal (the goal is its own mirror image). Per node:
    every tile's cell packed in a uint64 (4 bits a tile) and each (view, group) value; a
    move re-ranks the moved tile's group in each view.
    """

    def __init__(self, tables: Tables) -> None:
        self.partition = tuple(tables)
        self.tables = [tables[g] for g in self.partition]
        self.group = np.zeros(16, dtype=np.int64)
        for g, tiles in enumerate(self.partition):
            self.group[list(tiles)] = g
        self.mirror = np.array([0] + [_TRANSPOSE[t - 1] + 1 for t in range(1, 16)], dtype=np.int64)
        self.groups = len(self.partition)
        self.name = "pdb " + "-".join(str(len(g)) for g in self.partition) + " + reflection"

    def _values(self, where: np.ndarray, view: int, g: int) -> np.ndarray:
        """Group g's values in a view for nodes whose tile cells are packed in ``where``."""
        tiles = np.array(self.partition[g], dtype=np.int64)
        source = self.mirror[tiles] if view else tiles  # the mirror's tile u sits where mirror[u] does, transposed
        cells = ((where[:, None] >> (source * 4).astype(np.uint64)) & _U64(15)).astype(np.int64)
        if view:
            cells = _TRANSPOSE[cells]
        return self.tables[g][tiles_pdb.ranks(cells, 16)].astype(np.int16)

    def root(self, cells: Sequence[int]) -> tuple[Ext, int]:
        where = np.array([pack([cells.index(t) for t in range(16)])], dtype=np.uint64)
        parts = np.stack([self._values(where, v, g) for v in (0, 1) for g in range(self.groups)], axis=1)
        sums = parts.reshape(1, 2, self.groups).sum(axis=2)
        return (where, parts), int(sums.max())

    def children(self, ext: Ext, sel: np.ndarray, d: int, tile: np.ndarray, limit: int, a: np.ndarray,
                 b: np.ndarray, st_new: np.ndarray, st_old: np.ndarray) -> Pruned:
        """h for children of nodes ``sel`` moving ``tile`` from ``b`` to ``a``; keep h <= limit."""
        where, parts = ext
        shift = (tile * 4).astype(np.uint64)
        moved = where[sel] - (b.astype(np.uint64) << shift) + (a.astype(np.uint64) << shift)
        old = parts[sel]
        new = old.copy()
        for v, owner in ((0, tile), (1, self.mirror[tile])):
            owners = self.group[owner]
            for g in range(self.groups):
                rows = np.flatnonzero(owners == g)
                if rows.size:
                    new[rows, g + v * self.groups] = self._values(moved[rows], v, g)
        sums = new.reshape(-1, 2, self.groups).sum(axis=2)
        h = sums.max(axis=1).astype(np.int64)
        keep = np.flatnonzero(h <= limit)
        return keep, (moved[keep], new[keep]), h, h[keep]


def _line_conflicts() -> tuple[np.ndarray, np.ndarray]:
    """Penalty tables ``[line, packed 16-bit line]`` for rows and for columns.

    A line's penalty depends only on the goal places of the tiles standing in their own
    goal line, in standing order, so each packed line maps to a code with one base-5
    digit per slot (0: not home here, else goal place + 1), and the penalty of each code
    comes from :func:`solvers.sliding.line_conflict`.
    """
    powers = 5 ** np.arange(4)
    by_code = np.array(
        [sliding.line_conflict([d - 1 for d in (code // powers % 5).tolist() if d]) for code in range(5**4)],
        dtype=np.int16,
    )
    tiles = (np.arange(1 << 16)[:, None] >> (4 * np.arange(4))) & 15  # [packed line, slot]
    goal_row, goal_col = np.divmod(tiles - 1, 4)
    out = []
    for home, order in ((goal_row, goal_col), (goal_col, goal_row)):  # rows, then columns
        table = np.zeros((4, 1 << 16), dtype=np.int16)
        for line in range(4):
            digits = np.where((tiles > 0) & (home == line), order + 1, 0)
            table[line] = by_code[digits @ powers]
        out.append(table)
    return out[0], out[1]


class _ManhattanHeuristic:
    """Manhattan distance plus linear conflict; needs no tables on disk.

    Per node: the transposed board (so columns are 16-bit fields too), the Manhattan sum
    and the conflict sum; a move changes the Manhattan term of one tile and the conflict
    terms of the two lines it leaves and enters.
    """

    name = "manhattan+lc"

    def __init__(self) -> None:
        self.lc_row, self.lc_col = _line_conflicts()
        self.md = np.array(sliding.manhattan_table(4, 4), dtype=np.int64)
        self.t_shift = _SHIFT[_TRANSPOSE]

    def root(self, cells: Sequence[int]) -> tuple[Ext, int]:
        stt = pack([cells[_TRANSPOSE[c]] for c in range(16)])
        md = sum(int(self.md[t, c]) for c, t in enumerate(cells) if t)
        packed, lc = pack(cells), 0
        for line in range(4):
            lc += int(self.lc_row[line, (packed >> (16 * line)) & 0xFFFF])
            lc += int(self.lc_col[line, (stt >> (16 * line)) & 0xFFFF])
        ext = (np.array([stt], np.uint64), np.array([md], np.int16), np.array([lc], np.int16))
        return ext, md + lc

    def children(self, ext: Ext, sel: np.ndarray, d: int, tile: np.ndarray, limit: int, a: np.ndarray,
                 b: np.ndarray, st_new: np.ndarray, st_old: np.ndarray) -> Pruned:
        stt, md, lc = ext
        t64 = tile.astype(np.uint64)
        md_new = md[sel] + self.md[tile, a] - self.md[tile, b]
        stt_old = stt[sel]
        stt_new = stt_old - (t64 << self.t_shift[b]) + (t64 << self.t_shift[a])
        if _OFFSETS[d] in (-1, 1):  # tile changes column: two column terms change
            table, boards_old, boards_new, la, lb = self.lc_col, stt_old, stt_new, a % 4, b % 4
        else:
            table, boards_old, boards_new, la, lb = self.lc_row, st_old, st_new, a // 4, b // 4
        sh_a = (la * 16).astype(np.uint64)
        sh_b = (lb * 16).astype(np.uint64)
        mask = _U64(0xFFFF)
        lc_new = (
            lc[sel]
            - table[la, ((boards_old >> sh_a) & mask).astype(np.int64)]
            - table[lb, ((boards_old >> sh_b) & mask).astype(np.int64)]
            + table[la, ((boards_new >> sh_a) & mask).astype(np.int64)]
            + table[lb, ((boards_new >> sh_b) & mask).astype(np.int64)]
        )
        h = md_new + lc_new
        keep = np.flatnonzero(h <= limit)
        return keep, (stt_new[keep], md_new[keep].astype(np.int16), lc_new[keep].astype(np.int16)), h, h[keep]


# ---------------------------------------------------------------------------
# Search


@dataclass
class Children:
    """Children of a block of nodes for one blank direction, already pruned."""

    parent: np.ndarray  # index of the parent in the block
    st: np.ndarray  # packed boards
    blank: np.ndarray
    prev: np.ndarray  # the parent's blank cell, to forbid the move straight back
    ext: tuple[np.ndarray, ...]  # the heuristic's per-node arrays
    h: np.ndarray
    over: int | None  # smallest pruned h, or None if nothing was pruned


def children(heuristic: SearchHeuristic, st: np.ndarray, bl: np.ndarray, pb: np.ndarray, ext: Ext, d: int,
             limit: int) -> Children | None:
    """Move the blank in direction ``d`` in every node that can; keep h <= limit."""
    to = _TO[d][bl]
    sel = np.flatnonzero(_CAN[d][bl] & (to != pb))
    if not sel.size:
        return None
    a = bl[sel]
    b = to[sel]
    s = st[sel]
    tile64 = (s >> _SHIFT[b]) & _U64(15)
    tile = tile64.astype(np.int64)
    s_new = s - (tile64 << _SHIFT[b]) + (tile64 << _SHIFT[a])
    keep, ext_new, h_all, h = heuristic.children(ext, sel, d, tile, limit, a, b, s_new, s)
    over = None
    if keep.size < sel.size:
        over = int(h_all[h_all > limit].min())
    return Children(sel[keep], s_new[keep], b[keep], a[keep], ext_new, h, over)


class _Search:
    """One IDA* run; iterations walk blocks of frontier nodes depth-first."""

    def __init__(self, heuristic: SearchHeuristic, cancel: Cancel | None, dedup: bool = True, block: int = BLOCK) -> None:
        self.h = heuristic
        self.cancel = cancel
        self.dedup = dedup
        self.block = block
        self.nodes = 0
        self.bound = 0
        self.next_bound = 0
        self._last_check = float("-inf")
        self._last_report = float("-inf")
        self.progress: Callable[[str], None] | None = None
        self.bounds: Callable[[int, int], None] | None = None

    def run(self, cells: Sequence[int], progress: Callable[[str], None] | None,
            bounds: Callable[[int, int], None] | None = None) -> list[int]:
        self.progress, self.bounds = progress, bounds
        ext, h0 = self.h.root(cells)
        if bytes(cells) == GOAL15:
            return []
        st = np.array([pack(cells)], dtype=np.uint64)
        bl = np.array([cells.index(0)], dtype=np.int64)
        pb = np.array([16], dtype=np.int64)
        # Every solution has the parity of the blank's distance from its goal cell,
        # so bounds of the other parity can be skipped.
        blank = cells.index(0)
        parity = (3 - blank // 4 + 3 - blank % 4) % 2
        self.bound = h0 + (h0 - parity) % 2
        while True:
            self._report(force=True)
            self.next_bound = 1 << 30
            found = self._expand(st, bl, pb, ext, 0)
            if found is not None:
                return found[1]
            self.bound = self.next_bound + (self.next_bound - parity) % 2

    def _report(self, force: bool = False) -> None:
        """Progress for people: the bound being tried and the nodes so far, a few times a second."""
        now = time.perf_counter()
        if (self.progress is not None or self.bounds is not None) and (force or now - self._last_report >= 0.25):
            self._last_report = now
            if self.progress is not None:
                self.progress(f"searching {self.bound} moves… {self.nodes:,} nodes")
            if self.bounds is not None:
                self.bounds(self.bound, self.nodes)

    def _expand(self, st: np.ndarray, bl: np.ndarray, pb: np.ndarray, ext: Ext, g: int) -> tuple[int, list[int]] | None:
        """Expand a block of nodes at depth g; return (node index, blank path) or None."""
        self.nodes += st.size
        if self.cancel is not None or self.progress is not None or self.bounds is not None:
            now = time.perf_counter()
            if now - self._last_check > 0.01:
                self._last_check = now
                self._report()
                if self.cancel is not None and self.cancel():
                    raise Cancelled
        limit = self.bound - g - 1
        parts = []
        for d in range(4):
            part = children(self.h, st, bl, pb, ext, d, limit)
            if part is None:
                continue
            if part.over is not None:
                self.next_bound = min(self.next_bound, g + 1 + part.over)
            if part.parent.size:
                parts.append((part.parent, part.st, part.blank, part.prev, part.ext, part.h))
        if not parts:
            return None
        parent = np.concatenate([p[0] for p in parts])
        st_c = np.concatenate([p[1] for p in parts])
        bl_c = np.concatenate([p[2] for p in parts])
        pb_c = np.concatenate([p[3] for p in parts])
        h_c = np.concatenate([p[5] for p in parts])
        ext_c = tuple(np.concatenate([p[4][i] for p in parts]) for i in range(len(parts[0][4])))
        goal = np.flatnonzero(st_c == _GOAL_PACKED)  # the board itself, never h == 0
        if goal.size:
            i = int(goal[0])
            return int(parent[i]), [int(bl_c[i])]
        if self.dedup and st_c.size > 1:
            _, first = np.unique(st_c, return_index=True)
            if first.size < st_c.size:
                first.sort()
                parent, st_c, bl_c, pb_c = parent[first], st_c[first], bl_c[first], pb_c[first]
                ext_c = tuple(e[first] for e in ext_c)
        for start in range(0, st_c.size, self.block):
            block = slice(start, start + self.block)
            found = self._expand(st_c[block], bl_c[block], pb_c[block], tuple(e[block] for e in ext_c), g + 1)
            if found is not None:
                i = start + found[0]
                return int(parent[i]), [int(bl_c[i])] + found[1]
        return None


# ---------------------------------------------------------------------------
# Tables


_lock = threading.RLock()
_heuristic: _PatternHeuristic | None = None
_compiled: tiles_search.TileSearch | None = None
_warm = threading.Event()          # set once the compiled search has run (compiled or loaded from disk)
SPOT_CHECKS = 4                    # positions solved without tables to check a loaded partition against


def load_tables(
    groups: Sequence[Sequence[int]] = PARTITION,
    progress: Callable[[float, str], None] | None = None,
    build: bool = True,
) -> Tables | None:
    """The ranked table of each tile group (:func:`solvers.tiles.load_tables` on the 15-puzzle's layout:
    built where missing, damaged or implausible; with ``build=False``, None as soon as one is not usable
    from the cache). A partition whose digests are not known in advance and whose tables sum to more than
    the optimal length of a position is discarded whole and rebuilt."""
    keys = [tuple(int(t) for t in g) for g in groups]
    for attempt in range(2):
        found = tiles.load_tables(tiles.FIFTEEN, progress, build, keys)
        if found is None:
            return None
        tables = dict(zip(keys, found))
        known = all((4, 4, 15, g) in tiles.BUILT_DIGESTS for g in keys)
        if known or _agrees_with_search(tables):
            return tables   # tables whose digests are known are the tables built: nothing to spot-check
        for g in keys:
            cache.discard(tiles.FIFTEEN.table_name(g))
    raise ValueError("freshly built pattern tables overestimate a distance.")  # pragma: no cover - a builder bug


def _agrees_with_search(tables: Tables) -> bool:
    """The partition's value never exceeds the optimal length of a few random positions,
    each solved by the table-free search (Manhattan distance + linear conflict)."""
    heuristic = _PatternHeuristic(tables)
    rng = np.random.default_rng()
    for length in rng.integers(20, 36, SPOT_CHECKS):
        board = _random_walk(rng, int(length))
        optimum = len(_Search(manhattan_heuristic(), None).run(board, None))
        _, h = heuristic.root(board)
        mirrored = bytes(int(heuristic.mirror[board[_TRANSPOSE[c]]]) for c in range(16))
        if h > optimum or heuristic.root(mirrored)[1] > optimum:
            return False
    return True


def _random_walk(rng: np.random.Generator, length: int) -> bytes:
    """The board after ``length`` random blank moves from the goal, never straight back."""
    cells, blank, previous = bytearray(GOAL15), 15, -1
    for _ in range(length):
        options = [int(_TO[d][blank]) for d in range(4) if _CAN[d][blank] and _TO[d][blank] != previous]
        nxt = options[int(rng.integers(0, len(options)))]
        cells[blank], cells[nxt], previous, blank = cells[nxt], 0, blank, nxt
    return bytes(cells)


def install(tables: Tables) -> None:
    """Make these pattern databases the heuristic of later searches in this process.

    ``tables`` maps each tile group to its ranked table (as :func:`load_tables` returns,
    perhaps in another process); the groups must cover tiles 1..15 once each. With numba,
    the compiled search is compiled (or loaded from numba's cache) in a background thread
    meanwhile, so the first answer does not wait on it for long.
    """
    groups = [tuple(int(t) for t in g) for g in tables]
    if sorted(t for g in groups for t in g) != list(range(1, 16)) or any(len(g) > 8 for g in groups):
        raise ValueError("pattern tables must cover the tiles 1..15 exactly once, at most 8 a group.")
    arrays = {g: np.asarray(tables[key]) for g, key in zip(groups, tables)}
    for g, array in arrays.items():
        if array.dtype != np.uint8 or array.shape != (tiles.FIFTEEN.size(g),):
            raise ValueError(f"the table of tiles {g} is not a ranked 15-puzzle pattern database.")
    joined = tiles_search.joined([arrays[g] for g in groups])   # one buffer for both searches (a view if it is one)
    starts = np.cumsum([0] + [arrays[g].size for g in groups])
    arrays = {g: joined[starts[i]:starts[i + 1]] for i, g in enumerate(groups)}
    heuristic = _PatternHeuristic(arrays)
    compiled = tiles_search.TileSearch(4, 4, 15, (groups,), ([arrays[g] for g in groups],)) if available() else None
    global _heuristic, _compiled
    with _lock:
        _heuristic, _compiled = heuristic, compiled
    if compiled is not None and not _warm.is_set():
        threading.Thread(target=warm_up, name="fifteen-compile", daemon=True).start()


def warm_up() -> float:
    """Compile the compiled search (or load it from numba's cache) by solving a short
    position; the seconds it took. Later calls return at once."""
    with _lock:
        started = time.perf_counter()
        if _compiled is not None and not _warm.is_set():
            _compiled.run(_random_walk(np.random.default_rng(0), 10), lambda bound, nodes: None)
            _warm.set()
        return time.perf_counter() - started


def installed() -> bool:
    """True when a pattern-database heuristic is current in this process."""
    return _heuristic is not None


def compiled_search() -> tiles_search.TileSearch | None:
    """The compiled search over the installed tables, if numba is installed."""
    return _compiled


def best_heuristic() -> SearchHeuristic:
    """The pattern databases if installed, else Manhattan + linear conflict. Never builds."""
    current = _heuristic
    return current if current is not None else manhattan_heuristic()


@memoised
def manhattan_heuristic() -> SearchHeuristic:
    """Manhattan distance plus linear conflict: needs no tables."""
    return _ManhattanHeuristic()


# ---------------------------------------------------------------------------
# Solving


def solve15(
    problem: Problem[bytes, object],
    state: bytes,
    *,
    cancel: Cancel | None = None,
    progress: Callable[[str], None] | None = None,
    heuristic: SearchHeuristic | None = None,
    compiled: bool = True,
    bounds: Callable[[int, int], None] | None = None,
) -> Path:
    """An optimal solution of a 15-puzzle position, as a Path of ``problem``'s own moves.

    ``problem`` is the 15-puzzle (``catalog.puzzle("fifteen")``): the search runs on
    packed boards and the moves are recovered from its successors afterwards.
    ``heuristic`` defaults to :func:`best_heuristic`; the installed pattern databases run
    in the compiled search unless ``compiled`` is False (or numba is missing). ``bounds(bound,
    nodes)`` hears of every new bound as it begins and of the nodes a few times a second. Raises
    :class:`solvers.problem.Cancelled` when ``cancel()`` answers True, and ValueError
    for a board that is not a solvable 15-puzzle position.
    """
    board = _board(state)
    if not problem.is_goal(GOAL15):
        raise ValueError("solve15 needs a problem whose goal is the standard 15-puzzle goal.")
    chosen = heuristic if heuristic is not None else best_heuristic()
    fast = _compiled if compiled and chosen is _heuristic else None
    if fast is not None:
        blank_path, nodes = _run_compiled(fast, board, cancel, progress, bounds)
    else:
        search = _Search(chosen, cancel)
        blank_path, nodes = search.run(board, progress, bounds), search.nodes
    states = sliding.states_along(board, blank_path)
    if states[-1] != GOAL15:  # pragma: no cover - a search bug, never shown as an answer
        raise AssertionError("the search's path does not end at the goal")
    return path_along(problem, states, nodes)


def _run_compiled(search: tiles_search.TileSearch, board: bytes, cancel: Cancel | None,
                  progress: Callable[[str], None] | None,
                  bounds: Callable[[int, int], None] | None = None) -> tuple[list[int], int]:
    warm_up()
    last = [float("-inf")]
    last_bound = [-1]

    def report(length: Fraction, nodes: int) -> None:
        bound = int(length)       # a whole number of moves: the search is not weighted
        if cancel is not None and cancel():
            raise Cancelled
        now = time.perf_counter()
        if bounds is not None and (bound != last_bound[0] or now - last[0] >= 0.25):
            bounds(bound, nodes)
        if now - last[0] >= 0.25 or bound != last_bound[0]:
            last[0], last_bound[0] = now, bound
            if progress is not None:
                progress(f"searching {bound} moves… {nodes:,} nodes")

    outcome = search.run(board, report)
    return outcome.blank_path, outcome.nodes
