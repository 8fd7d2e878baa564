"""Complete distance tables: every position of a small puzzle solved once, every hint a lookup.

A table is the uint8 array of :func:`solvers.sweep.distance_table` (one byte per position,
indexed by a perfect rank, ``UNREACHED`` for positions that cannot reach the goal: the
dead ends of one-way puzzles) together with the ranker that indexes it. Tables are built
by a sweep and kept in the user's cache folder through :mod:`solvers.cache`, which stores
a format version and a checksum; a missing, outdated or damaged file is rebuilt.

This module knows nothing of the game: a "puzzle-like" is anything with
``successors(state) -> Iterable[(move, next_state)]``.
"""
from __future__ import annotations

import hashlib
import time
from typing import Any, Callable, Iterable, Mapping, Protocol

import numpy as np

from solvers import cache
from solvers.ranking import BitmaskRanker, DigitRanker, MultisetRanker, Ranker, SlotRanker, SparseRanker
from solvers.rules import RuleMatrix, RuleSet
from solvers.sweep import UNREACHED, Progress, SlotSweep, unreached_in

TABLE_VERSION = 1          # bump when the table layout or the sweep's meaning changes
PROGRESS_DELAY = 0.5       # seconds a build runs silently before it reports progress
# a loaded table is checked against the rules: every entry where that costs little, else a sample
RANK_SPACE_CHECK = 8_000_000   # entries of a slot-ranked table (checked in rank space: about 20 ns each)
FULL_CHECK = 20_000            # entries of another table (checked by their boards: 5 to 25 microseconds each)
SAMPLE_CHECK = 10_000          # entries checked, at random, in a larger one (its goals are checked whole)
CHECK_CHUNK = 1 << 14          # entries checked at once (bounds the boards and successors in memory) ...
CHECK_PAIRS = 1 << 20          # ... and fewer where a board has many rules: (board, rule) candidates at once

CLOSER, FARTHER, SAME, DEAD_END = "closer", "farther", "same", "dead end"


class PuzzleLike(Protocol):
    def successors(self, state: bytes) -> Iterable[tuple[Any, bytes]]: ...


class DistanceTable:
    """Optimal distance of every position of a puzzle, with the ranker that indexes it. One byte per
    position, or two where distances pass 254 (the Tower of Hanoi's 255 moves and more): the largest
    value of its type marks a position that cannot reach the goal."""

    def __init__(self, table: np.ndarray, ranker: Ranker) -> None:
        if table.dtype not in (np.uint8, np.uint16) or table.ndim != 1 or len(table) != ranker.size:
            raise ValueError("a distance table is one or two bytes per ranked position")
        self.table = table
        self.ranker = ranker
        self.unreached = unreached_in(table)
        self._rank_one: Callable[[bytes], int | None] = ranker.rank_state

    def __len__(self) -> int:
        return len(self.table)

    def rank(self, state: bytes) -> int | None:
        """The position's index in the table; None if the ranker cannot place it."""
        return self._rank_one(bytes(state))

    def distance(self, state: bytes) -> int | None:
        """Optimal number of moves to the goal; None for a dead end (no path to the goal)."""
        r = self._rank_one(bytes(state))
        if r is None:
            return None
        d = int(self.table[r])
        return None if d == self.unreached else d

    def classify(self, puzzle: PuzzleLike, state: bytes) -> list[tuple[Any, str]]:
        """Every legal move with what it does: closer, farther, same (distance) or dead end."""
        here = self.distance(state)
        out = []
        for move, nxt in puzzle.successors(state):
            d = self.distance(nxt)
            if d is None:
                verdict = DEAD_END
            elif here is None:  # cannot happen for exact tables: a dead end leads only to dead ends
                verdict = FARTHER
            else:
                verdict = CLOSER if d < here else FARTHER if d > here else SAME
            out.append((move, verdict))
        return out

    def best_moves(self, puzzle: PuzzleLike, state: bytes) -> list[Any]:
        """The moves that go one step closer to the goal (empty at the goal and at dead ends)."""
        here = self.distance(state)
        if not here:
            return []
        return [move for move, nxt in puzzle.successors(state) if self.distance(nxt) == here - 1]

    def path(self, puzzle: PuzzleLike, state: bytes) -> tuple[list[Any], list[bytes]] | None:
        """An optimal solution by walking downhill, or None from a dead end.

        Each step takes the first move (in the puzzle's move order) that is one closer.
        """
        d = self.distance(state)
        if d is None:
            return None
        moves, states = [], [bytes(state)]
        while d > 0:
            for move, nxt in puzzle.successors(states[-1]):
                if self.distance(nxt) == d - 1:
                    moves.append(move)
                    states.append(nxt)
                    break
            else:  # pragma: no cover - a table that is not a distance table
                raise ValueError("the table has no downhill move here: it does not match the puzzle")
            d -= 1
        return moves, states


# -- checking a loaded table against the rules ---------------------------------------------

def checked_ranks(size: int, limit: int | None = None, rng: np.random.Generator | None = None) -> np.ndarray:
    """The entries of a table of ``size`` to check: all of them up to ``limit`` (FULL_CHECK), else
    SAMPLE_CHECK drawn at random (a new draw each time: no rewritten table can know which)."""
    if size <= (FULL_CHECK if limit is None else limit):
        return np.arange(size, dtype=np.int64)
    rng = rng or np.random.default_rng()
    return np.unique(rng.integers(0, size, SAMPLE_CHECK, dtype=np.int64))


def fewest(count: int, rows: np.ndarray, child: np.ndarray) -> np.ndarray:
    """Per row (0 .. count-1), the least ``child`` entry of the pairs (``rows[i]``, ``child[i]``);
    UNREACHED for a row with none."""
    best = np.full(count, UNREACHED, dtype=np.int16)
    if len(rows):
        if np.any(rows[1:] < rows[:-1]):
            order = np.argsort(rows, kind="stable")
            rows, child = rows[order], child[order]
        starts = np.flatnonzero(np.concatenate(([True], rows[1:] != rows[:-1])))
        best[rows[starts]] = np.minimum.reduceat(child.astype(np.int16), starts)
    return best


def steps_hold(own: np.ndarray, at_goal: np.ndarray, best: np.ndarray) -> bool:
    """Whether each entry in ``own`` is 0 at a goal and, elsewhere, one more than ``best`` (its best
    successor's entry), UNREACHED where no successor can win. Only a breadth-first sweep from the
    goals gives a table where this holds everywhere."""
    want = np.where(at_goal, 0, np.minimum(best.astype(np.int16) + 1, UNREACHED))
    return bool(np.array_equal(own.astype(np.int16), want))


def consistent(array: np.ndarray, ranker: Ranker, rules: RuleSet, goals: Iterable[bytes]) -> bool:
    """Whether a loaded table is the distance table of these rules and goals: 0 at every goal and
    nowhere else (every entry), and each other entry one more than its best successor (successors,
    not predecessors, so one-way puzzles' dead ends are checked too): every entry where that is
    cheap (RANK_SPACE_CHECK entries in rank space, FULL_CHECK by boards), else a random sample.
    A table of another puzzle, or one rewritten with a valid checksum, fails."""
    boards = [np.frombuffer(bytes(goal), dtype=np.uint8) for goal in goals]
    goal_ranks = np.unique(ranker.rank(np.stack(boards))) if boards else np.empty(0, dtype=np.int64)
    if not (array[goal_ranks] == 0).all() or int(np.count_nonzero(array == 0)) != len(goal_ranks):
        return False
    if isinstance(ranker, SlotRanker):
        return _consistent_in_rank_space(array, SlotSweep(rules, ranker), goal_ranks)
    matrix = RuleMatrix(rules.rules, rules.ncells)
    ranks = checked_ranks(len(array))
    size = check_chunk(len(rules.rules))
    for at in range(0, len(ranks), size):
        chunk = ranks[at:at + size]
        rows, _rules, children = matrix.step(ranker.unrank(chunk))
        best = fewest(len(chunk), rows, array[ranker.rank(children)])
        if not steps_hold(array[chunk], np.isin(chunk, goal_ranks), best):
            return False
    return True


def check_chunk(rule_count: int) -> int:
    """Entries to check at once under ``rule_count`` rules: each board tries at most every rule, so the
    candidate (board, rule) pairs stay within CHECK_PAIRS (a robot puzzle's 556 sliding rules on mostly
    empty boards made 5 million pairs of a chunk of CHECK_CHUNK: a quarter of a gigabyte for a load)."""
    return max(64, min(CHECK_CHUNK, CHECK_PAIRS // max(1, rule_count)))


def _consistent_in_rank_space(array: np.ndarray, sweep: SlotSweep, goal_ranks: np.ndarray) -> bool:
    """:func:`consistent` for a table of slot ranks, moving as the sweep that built it moves: each
    slot's moves map its arrangements by fixed tables, so whole slots are checked at once."""
    count = sweep.arrangement_count
    moves = sweep.moves(backward=False)
    if len(array) > RANK_SPACE_CHECK:
        ranks = checked_ranks(len(array), 0)
    else:
        ranks = np.arange(len(array), dtype=np.int64)
    slots, arrangements = np.divmod(ranks, count)
    bounds = np.searchsorted(slots, np.arange(sweep.ranker.slots + 1))   # ranks are sorted: a run per slot
    for slot in range(sweep.ranker.slots):
        here = arrangements[bounds[slot]:bounds[slot + 1]]
        if not len(here):
            continue
        best = np.full(len(here), UNREACHED, dtype=np.uint8)
        for nxt, perm in moves[slot]:
            moved = here if perm is None else np.take(sweep.table(perm), here)
            np.minimum(best, np.take(array, nxt * count + moved), out=best)
        chosen = slot * count + here
        if not steps_hold(np.take(array, chosen), np.isin(chosen, goal_ranks), best):
            return False
    return True


# -- cache -----------------------------------------------------------------------------

def load_or_build(key: str, build: Callable[[], np.ndarray], version: int = TABLE_VERSION,
                  progress: Progress | None = None, size: int | None = None, *,
                  meta: Mapping[str, str | int] | None = None,
                  validate: Callable[[np.ndarray], bool] | None = None) -> np.ndarray:
    """The uint8 1-D array cached under ``key``, else ``build()`` it and cache it.

    A file is used only if it is current (format ``version``), whole, of length ``size``
    (when given) and describes what ``meta`` says (e.g. the puzzle's fingerprint): a
    table of another puzzle must never pass for this one. ``validate`` can reject a
    loaded array, which then counts as damaged (rebuilt, and said in a notice). Failing to write the cache (read-only or
    full disk) is not an error: a notice is left in :func:`solvers.cache.notices` and the
    built array is still returned. ``progress`` hears about the saving step of slow builds.
    """
    shape = None if size is None else (int(size),)
    array = cache.load_array(key, version, meta=meta, dtype=np.dtype(np.uint8), shape=shape)
    if array is not None and array.ndim == 1:
        if validate is None or validate(array):
            return array
        cache.discard(key)
        cache.note_rebuilt(key)
    started = time.perf_counter()
    array = build()
    if progress is not None and time.perf_counter() - started > PROGRESS_DELAY:
        progress(1.0, "saving the table")
    try:
        cache.save_array(key, array, version, meta=meta)
    except OSError as error:
        cache.note_write_failure(error)
    return array


def after_delay(progress: Progress | None, delay: float = PROGRESS_DELAY) -> Progress | None:
    """A progress callback that stays silent for the first ``delay`` seconds: quick builds show nothing."""
    if progress is None:
        return None
    started = time.perf_counter()

    def report(fraction: float, message: str) -> None:
        if time.perf_counter() - started >= delay:
            progress(fraction, message)

    return report


def fingerprint(rules: RuleSet, ranker: Ranker | None, goals: Iterable[bytes], extra: str = "") -> str:
    """A short digest of everything a table depends on, for its cache name (``extra``: anything
    else it depends on, in words)."""
    h = hashlib.sha256()
    for r in rules.rules:
        h.update(repr((r.cells, [sorted(ok) for ok in r.allowed], r.perm)).encode())
        if r.sets:   # pieces the move takes off (said only where there are some: older digests stay as they were)
            h.update(repr(r.sets).encode())
    h.update(b"|goals|")
    for g in sorted(bytes(g) for g in goals):
        h.update(g.hex().encode() + b",")
    described = "" if ranker is None else ranker_description(ranker)
    h.update(b"|ranker|" + described.encode() + b"|" + extra.encode())
    return h.hexdigest()[:16]


def ranker_description(ranker: Ranker) -> str:
    """A stable text naming the ranker's rank space: tables indexed differently must not share a key."""
    if isinstance(ranker, (SlotRanker, DigitRanker)):
        return ranker.describe()
    if isinstance(ranker, MultisetRanker):
        return f"multiset:{[int(c) for c in ranker.counts]}"
    if isinstance(ranker, (SparseRanker, BitmaskRanker)):
        return ranker.describe()
    return f"{type(ranker).__module__}.{type(ranker).__qualname__}:{ranker.size}"


def table_key(name: str, digest: str) -> str:
    """A cache file name token for a puzzle's table.

    ASCII and bounded in length, so that any puzzle name gives a valid cache name.
    """
    return f"distances-{_token(name, 80)}-{_token(digest, 64)}"


def _token(text: str, limit: int) -> str:
    return "".join(ch if (ch.isascii() and ch.isalnum()) or ch in "-_." else "_" for ch in text[:limit])
