"""Perfect ranks of positions, vectorised with numpy.

A rank maps each position of a puzzle to a distinct integer in ``range(size)`` so that a
whole state space fits in a flat array (one byte per position for distances). Most
puzzles here are arrangements of a multiset of pieces over cells, so one multiset
ranker covers tiles, frogs, pairs and knights; the slot ranker splits a position into where
its structural pieces stand and the order of the rest (see :class:`SlotRanker`). Where
moves take pieces off the board (peg solitaire) the count of pieces changes, and a
position of one kind of piece is a set of cells: its rank is that set as bits
(:class:`BitmaskRanker`).
"""
from __future__ import annotations

from math import factorial
from typing import TYPE_CHECKING, Protocol, Sequence

import numpy as np

if TYPE_CHECKING:
    from solvers.rules import Rule, RuleSet


class Ranker(Protocol):
    size: int

    def rank(self, boards: np.ndarray) -> np.ndarray: ...

    def unrank(self, ranks: np.ndarray) -> np.ndarray: ...

    def rank_state(self, state: bytes) -> int | None:
        """One position's rank in pure Python (for hints); None if it cannot be ranked."""
        ...


def multinomial(counts: Sequence[int]) -> int:
    total = factorial(sum(counts))
    for c in counts:
        total //= factorial(c)
    return total


def fits(counts: Sequence[int]) -> bool:
    """Whether a :class:`MultisetRanker` can rank these arrangements in 64-bit arithmetic."""
    return multinomial(list(counts)) * max(1, sum(counts)) < 2**63


def multiset_ranker(counts: Sequence[int]) -> "MultisetRanker | None":
    """The ranker of these arrangements, or None when there are too many for 64-bit ranks
    (such a puzzle is answered by searches only)."""
    return MultisetRanker(counts) if fits(counts) else None


def _exact_divisor(d: int) -> tuple[np.uint64, np.uint64]:
    """Dividing by ``d`` a multiple of ``d``, as a shift and a product modulo 2**64 (exact
    whatever the wrap-around of the product before it): much faster than numpy's division."""
    shift = (d & -d).bit_length() - 1
    odd = d >> shift
    return np.uint64(shift), np.uint64(pow(odd, -1, 2**64))


_EXACT_DIVISORS = {d: _exact_divisor(d) for d in range(1, 1025)}


class MultisetRanker:
    """Lexicographic rank of arrangements of a fixed multiset of codes.

    ``counts[s]`` is how many cells hold code ``s``. The number of arrangements that
    start with code s, given the remaining counts ``rem`` and ``m`` cells left, is
    ``M * rem[s] / m`` where M counts all arrangements of the rest; summing over s below
    the actual code gives the rank contribution of one cell. O(cells x codes) per row.
    """

    def __init__(self, counts: Sequence[int]) -> None:
        self.counts = np.asarray(counts, dtype=np.int64)
        self.ncells = int(self.counts.sum())
        self.size = multinomial(list(counts))
        self._counts = [int(c) for c in counts]
        if not fits(counts):
            raise ValueError("state space too large to rank in 64 bits")

    def rank(self, boards: np.ndarray) -> np.ndarray:
        cols = np.ascontiguousarray(np.asarray(boards, dtype=np.uint8).T)
        codes = [c for c, k in enumerate(self._counts) if k]
        if 2 * len(codes) < self.ncells:
            below, same = self._tallies_by_code(cols, codes)
        else:
            below, same = self._tallies_by_cell(cols)
        n = cols.shape[1]
        total = np.full(n, self.size, dtype=np.uint64)
        ranks = np.zeros(n, dtype=np.uint64)
        for i in range(self.ncells - 1):
            shift, inverse = _EXACT_DIVISORS[self.ncells - i]
            ranks += ((total * below[i]) >> shift) * inverse
            total = ((total * same[i]) >> shift) * inverse
        return ranks.view(np.int64)

    def _tallies_by_cell(self, cols: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each cell, over the cells to its right: how many hold a smaller code (``below``)
        and, plus one, how many hold the same code (``same``). Cell against cell: for few cells
        with many codes (tiles)."""
        below = np.zeros(cols.shape, dtype=np.uint8 if self.ncells < 256 else np.uint16)
        same = np.ones(cols.shape, dtype=below.dtype)
        for i in range(self.ncells - 1):
            x = cols[i]
            for j in range(i + 1, self.ncells):
                np.add(below[i], cols[j] < x, out=below[i], casting="unsafe")
                np.add(same[i], cols[j] == x, out=same[i], casting="unsafe")
        return below, same

    def _tallies_by_code(self, cols: np.ndarray, codes: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """The same tallies from running counts of each code, right to left: for many cells
        holding few codes (frogs, knights, pairs), cells x codes steps instead of cells squared."""
        dtype = np.uint8 if self.ncells < 256 else np.uint16
        seen: dict[int, np.ndarray] = {c: np.zeros(cols.shape[1], dtype=dtype) for c in codes}
        below = np.zeros(cols.shape, dtype=dtype)
        same = np.ones(cols.shape, dtype=dtype)
        for i in range(self.ncells - 1, -1, -1):
            x = cols[i]
            for c in codes:
                is_c: np.ndarray = (x == c).view(np.uint8)
                if c < codes[-1]:
                    below[i] += seen[c] * (x > c).view(np.uint8)
                same[i] += seen[c] * is_c
                seen[c] += is_c
        return below, same

    def rank_state(self, state: bytes) -> int | None:
        """Rank of one position in pure Python (no numpy call overhead); None if it is not an
        arrangement of this multiset."""
        counts = self._counts.copy()
        total, m, r = self.size, len(state), 0
        if m != self.ncells:
            return None
        for x in state:
            if x >= len(counts) or not counts[x]:
                return None
            below = 0
            for c in range(x):
                below += counts[c]
            r += total * below // m
            total = total * counts[x] // m
            counts[x] -= 1
            m -= 1
        return r

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64).copy()
        n = len(ranks)
        rem = np.tile(self.counts, (n, 1))
        total = np.full(n, self.size, dtype=np.int64)
        boards = np.empty((n, self.ncells), dtype=np.uint8)
        rows = np.arange(n)
        for i in range(self.ncells):
            left = self.ncells - i
            # arrangements that start with a code <= s, for each s
            upto = total[:, None] * np.cumsum(rem, axis=1) // left
            x = (upto <= ranks[:, None]).sum(axis=1)
            below = np.where(x > 0, upto[rows, np.maximum(x - 1, 0)], 0)
            ranks -= below
            boards[:, i] = x
            total = total * rem[rows, x] // left
            rem[rows, x] -= 1
        return boards


def sparse_ranker(counts: Sequence[int]) -> "SparseRanker | None":
    """The :class:`SparseRanker` of these arrangements, or None when 64-bit ranks cannot hold them."""
    return SparseRanker(counts) if fits(counts) else None


class SparseRanker:
    """Arrangements of a multiset whose cells are mostly empty (code 0), ranked by which cells hold
    pieces and then the order of the pieces on them.

    rank = (the occupied cells' combination, colexicographic) * (orders of the pieces) + (the pieces'
    codes in reading order, by a :class:`MultisetRanker`). A rank costs a few operations per piece,
    where the multiset rank costs some per cell: robots or boxes on a wide floor rank ten times faster.
    Its ranks differ from the multiset ranker's, so a table names which one it was built by.
    """

    def __init__(self, counts: Sequence[int]) -> None:
        if not fits(counts):
            raise ValueError("state space too large to rank in 64 bits")
        self.counts = np.asarray(counts, dtype=np.int64)
        self.ncells = int(self.counts.sum())
        self.pieces = self.ncells - int(self.counts[0])
        self.order = MultisetRanker([int(c) for c in counts[1:]] or [0])
        self.size = multinomial(list(counts))
        n, k = self.ncells, self.pieces
        self._binomials = np.zeros((n + 1, k + 1), dtype=np.int64)   # [c, i] = C(c, i)
        self._binomials[:, 0] = 1
        for c in range(1, n + 1):
            self._binomials[c, 1:] = self._binomials[c - 1, 1:] + self._binomials[c - 1, :-1]

    def describe(self) -> str:
        return f"sparse:{[int(c) for c in self.counts]}"

    def rank(self, boards: np.ndarray) -> np.ndarray:
        boards = np.asarray(boards, dtype=np.uint8)
        if self.pieces == 0:
            return np.zeros(len(boards), dtype=np.int64)
        flat = np.ascontiguousarray(boards).reshape(-1)
        at = flat.nonzero()[0].reshape(len(boards), self.pieces)   # row by row, cells ascending
        codes = flat[at] - np.uint8(1)
        at -= np.arange(0, len(boards) * self.ncells, self.ncells)[:, None]   # each piece's cell in its row
        at *= self.pieces + 1
        at += np.arange(1, self.pieces + 1)
        combination = self._binomials.reshape(-1)[at].sum(axis=1)
        return combination * self.order.size + self.order.rank(codes)

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64)
        boards = np.zeros((len(ranks), self.ncells), dtype=np.uint8)
        if self.pieces == 0:
            return boards
        combination, order = np.divmod(ranks, self.order.size)
        codes = self.order.unrank(order) + np.uint8(1)
        rows = np.arange(len(ranks))
        for i in range(self.pieces, 0, -1):   # the largest cell first: the largest c with C(c, i) <= what is left
            cell = np.searchsorted(self._binomials[:, i], combination, side="right") - 1
            combination = combination - self._binomials[cell, i]
            boards[rows, cell] = codes[:, i - 1]
        return boards

    def rank_state(self, state: bytes) -> int | None:
        if len(state) != self.ncells:
            return None
        cells = [i for i, code in enumerate(state) if code]
        if len(cells) != self.pieces:
            return None
        order = self.order.rank_state(bytes(state[c] - 1 for c in cells))
        if order is None:
            return None
        return sum(int(self._binomials[c, i]) for i, c in enumerate(cells, 1)) * self.order.size + order


class BitmaskRanker:
    """Positions of one kind of piece (code 1) and empty cells, any number of each: the rank is the
    set of occupied cells as bits, cell i being bit i, so every subset of the cells has a rank."""

    def __init__(self, ncells: int) -> None:
        if not 0 < ncells < 63:
            raise ValueError("a bitmask rank needs 1 to 62 cells")
        self.ncells = ncells
        self.size = 1 << ncells
        self._bits = np.left_shift(np.int64(1), np.arange(ncells, dtype=np.int64))
        self._digits = bytes([48, 49] + [50] * 254)   # code 0 -> "0", 1 -> "1", anything else: not a digit

    def rank(self, boards: np.ndarray) -> np.ndarray:
        boards = np.asarray(boards, dtype=np.uint8)
        if boards.ndim != 2 or boards.shape[1] != self.ncells or (boards > 1).any():
            raise ValueError("boards must be rows of 0 and 1, one per cell")
        return boards.astype(np.int64) @ self._bits

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64)
        return ((ranks[:, None] >> np.arange(self.ncells, dtype=np.int64)) & 1).astype(np.uint8)

    def rank_state(self, state: bytes) -> int | None:
        if len(state) != self.ncells:
            return None
        digits = bytes(state[::-1]).translate(self._digits)
        return None if b"2" in digits else int(digits, 2)

    def describe(self) -> str:
        return f"bitmask:{self.ncells}"


def adjacent_swap_tables(counts: Sequence[int]) -> list[np.ndarray]:
    """``tables[j][r]``: the rank of arrangement r with its cells j and j+1 exchanged.

    No arrangement is built or ranked. In rank order, the arrangements that share their
    first j cells form one run, inside which the rank is an offset plus the rank of the
    rest, so exchanging cells j and j+1 changes a rank by an amount that depends only on
    what is left from cell j on and on the two codes exchanged. Hence, per remaining
    multiset M: the change for swapping the first two cells is one constant per pair of
    leading codes (a run each), and the change for swapping cells j, j+1 is the
    concatenation, over the leading code c, of the changes for cells j-1, j of M - c.
    """
    start = tuple(int(c) for c in counts)
    m = sum(start)
    dtype = np.int32 if multinomial(start) < 2**31 else np.int64
    sizes: dict[tuple[int, ...], int] = {}

    def size(rem: tuple[int, ...]) -> int:
        got = sizes.get(rem)
        if got is None:
            got = sizes[rem] = multinomial(rem)
        return got

    def minus(rem: tuple[int, ...], c: int) -> tuple[int, ...]:
        return rem[:c] + (rem[c] - 1,) + rem[c + 1:]

    offsets: dict[tuple[int, ...], list[int]] = {}

    def offset(rem: tuple[int, ...], c: int) -> int:
        """Arrangements of ``rem`` that start with a code below c."""
        got = offsets.get(rem)
        if got is None:
            got, acc, total, left = [], 0, size(rem), sum(rem)
            for k in rem:
                got.append(acc)
                acc += total * k // left
            offsets[rem] = got
        return got[c]

    memo: dict[tuple[tuple[int, ...], int], np.ndarray] = {}

    def change(rem: tuple[int, ...], j: int) -> np.ndarray:
        key = (rem, j)
        got = memo.get(key)
        if got is not None:
            return got
        codes = [c for c, k in enumerate(rem) if k]
        if j == 0:
            values, runs = [], []
            for a in codes:
                ra = minus(rem, a)
                for b in (c for c, k in enumerate(ra) if k):
                    rb = minus(rem, b)
                    values.append(offset(rem, b) + offset(rb, a) - offset(rem, a) - offset(ra, b))
                    runs.append(size(minus(ra, b)))
            got = np.repeat(np.array(values, dtype=dtype), runs)
        else:
            got = np.concatenate([change(minus(rem, c), j - 1) for c in codes])
        memo[key] = got
        return got

    base = np.arange(size(start), dtype=dtype)
    tables = [base + change(start, j) for j in range(m - 1)]
    memo.clear()   # ``change`` refers to itself, a cycle: without this its arrays wait for the garbage collector
    return tables


FREE = 255  # marks a cell of a slot layout that holds one of the arranged (free) pieces


def apply_to_layout(layout: bytes, rule: Rule, free: set[int] | frozenset[int]) -> bytes | None:
    """The layout after ``rule``, or None if the rule cannot apply to any position of this layout.

    A FREE cell stands for any of the ``free`` codes; for the rule sets a SlotRanker accepts,
    a rule cell either accepts every free code or none, so the answer is exact.
    """
    for c, ok in zip(rule.cells, rule.allowed):
        v = layout[c]
        if v == FREE:
            if not (ok & free):
                return None
        elif v not in ok:
            return None
    out = bytearray(layout)
    for dst, src in rule._writes:
        out[dst] = layout[src]
    return bytes(out)


class SlotRanker:
    """Ranks a position as (slot, arrangement): rank = slot * arrangements + arrangement rank.

    The *slot* is where the structural pieces sit: the empty cells, and pieces whose
    place decides which moves are legal (such as the halves of a two-cell block). The
    *arrangement* is the sequence of the remaining (free) pieces in reading order,
    ranked by a :class:`MultisetRanker`. When every move's legality depends on the slot
    alone, a move maps (slot, arrangement) to (slot', fixed permutation of the
    arrangement); moves that do not change the reading order of the free pieces leave
    the arrangement rank unchanged. The rank-space sweep in :mod:`solvers.sweep` is
    built on that. Only slots reachable by the rules from the seed positions are ranked.
    """

    def __init__(self, ncells: int, layouts: Sequence[bytes], structural: Sequence[int],
                 free_counts: Sequence[int]) -> None:
        self.ncells = ncells
        self.structural = tuple(sorted(set(structural)))
        self.layouts = [bytes(l) for l in layouts]
        self.arrangements = MultisetRanker(free_counts)
        self.nfree = self.arrangements.ncells
        self.slots = len(self.layouts)
        self.size = self.slots * self.arrangements.size
        self._slot_of = {l: i for i, l in enumerate(self.layouts)}
        if len(self._slot_of) != self.slots:
            raise ValueError("slot layouts repeat")
        lay = np.frombuffer(b"".join(self.layouts), dtype=np.uint8).reshape(self.slots, ncells)
        self._layout_array = lay
        self._free_mask = lay == FREE
        if (self._free_mask.sum(axis=1) != self.nfree).any():
            raise ValueError("every slot must leave the same number of cells to the free pieces")
        # bytes.translate tables: free codes -> FREE (layout of a state), structural codes deleted
        free_codes = [c for c in range(256) if c not in self.structural]
        self._to_layout = bytes(FREE if c in free_codes else c for c in range(256))
        self._structural_bytes = bytes(self.structural)
        # vectorised slot lookup: digit per cell (0 free, 1+i structural code i), mixed radix key
        self._digit = np.zeros(256, dtype=np.int64)
        for i, c in enumerate(self.structural):
            self._digit[c] = i + 1
        base = len(self.structural) + 1
        if base ** ncells >= 2 ** 62:
            raise ValueError("too many cells for a slot key")
        self._powers = base ** np.arange(ncells, dtype=np.int64)
        keys = np.where(lay == FREE, 0, self._digit[lay]) @ self._powers
        self._key_order = np.argsort(keys)
        self._sorted_keys = keys[self._key_order]
        self._counts = [int(c) for c in self.arrangements.counts]
        self.free_codes = frozenset(c for c, k in enumerate(self._counts) if k)

    # -- construction from rules ---------------------------------------------------

    @classmethod
    def for_rules(cls, rules: RuleSet, seeds: Sequence[bytes], max_slots: int = 1024) -> "SlotRanker | None":
        """A slot ranker for a rule set, or None when legality is not decided by a few slots.

        Structural codes start as {empty}; a rule cell that accepts some free codes but not
        others makes the ones it rejects structural too (e.g. the halves of a block that
        single pieces cannot enter). Slots are found by closing the seeds' layouts under
        every rule, both ways.
        """
        seeds = [bytes(s) for s in seeds]
        if not seeds or not all(r.conserves for r in rules.rules):   # pieces taken off: no fixed multiset
            return None
        present = set(seeds[0])
        structural = {0} & present
        all_rules = list(rules.rules) + list(rules.inverse_rules)
        while True:
            free = present - structural
            if not free:
                return None
            grow: set[int] = set()
            for r in all_rules:
                for ok in r.allowed:
                    hit = ok & free
                    if hit and hit != free:
                        # make structural whichever side has fewer pieces: few slots
                        miss = free - ok
                        pieces = lambda codes: sum(seeds[0].count(c) for c in codes)  # noqa: E731
                        grow |= hit if pieces(hit) <= pieces(miss) else miss
                        break
                if grow:
                    break
            if not grow:
                break
            structural |= grow
        free = present - structural
        if multinomial([sum(seeds[0].count(c) for c in free)] + [seeds[0].count(c) for c in structural]) > 64 * max_slots:
            return None  # far too many possible layouts to hope for a small closure
        to_layout = bytes(FREE if c in free else c for c in range(256))

        def apply(layout: bytes, r: Rule) -> bytes | None:
            return apply_to_layout(layout, r, free)

        start = {s.translate(to_layout) for s in seeds}
        seen, todo = set(start), list(start)
        while todo:
            layout = todo.pop()
            for r in all_rules:
                nxt = apply(layout, r)
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
                    if len(seen) > max_slots:
                        return None
        counts = [0] * (max(present) + 1)
        for v in seeds[0]:
            if v in free:
                counts[v] += 1
        return cls(len(seeds[0]), sorted(seen), sorted(structural), counts)

    # -- ranks -----------------------------------------------------------------------

    def slot_of(self, boards: np.ndarray) -> np.ndarray:
        """Slot index of every board, -1 where its layout is not a ranked slot."""
        boards = np.asarray(boards, dtype=np.uint8)
        keys = self._digit[boards] @ self._powers
        at = np.minimum(np.searchsorted(self._sorted_keys, keys), self.slots - 1)
        found = self._sorted_keys[at] == keys
        return np.where(found, self._key_order[at], -1)

    def rank(self, boards: np.ndarray) -> np.ndarray:
        boards = np.asarray(boards, dtype=np.uint8)
        if boards.ndim != 2 or boards.shape[1] != self.ncells:
            raise ValueError("boards must be rows of cells")
        slots = self.slot_of(boards)
        if (slots < 0).any():
            raise ValueError("board whose empty cells or blocks are not at a ranked slot")
        free = boards[self._free_mask[slots]].reshape(len(boards), self.nfree)
        return slots * self.arrangements.size + self.arrangements.rank(free)

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        ranks = np.asarray(ranks, dtype=np.int64)
        slots, arr = np.divmod(ranks, self.arrangements.size)
        boards = self._layout_array[slots].copy()
        boards[self._free_mask[slots]] = self.arrangements.unrank(arr).ravel()
        return boards

    def rank_state(self, state: bytes) -> int | None:
        """Rank of one position in pure Python (no numpy call overhead); None if its slot is not ranked."""
        slot = self._slot_of.get(state.translate(self._to_layout))
        if slot is None:
            return None
        arrangement = self.arrangements.rank_state(state.translate(None, self._structural_bytes))
        return None if arrangement is None else slot * self.arrangements.size + arrangement

    def describe(self) -> str:
        """A stable text naming this rank space, for cache keys."""
        return f"slots:{self.ncells}:{self.structural}:{self._counts}:" + ",".join(l.hex() for l in self.layouts)


class DigitRanker:
    """Positions given as a digit per item: each item (codes 1 to ``items``) stands in one of
    ``len(places)`` places (a group of cells each: a peg's slots), and the items of one place always
    fill its cells in the same order (``fill``: the codes in the order they take a place's cells, first
    to last: a peg's discs from the largest up). So the place of each item is the whole position, and
    rank = sum of place(item) * base ** (item - 1): every combination of places is a position."""

    def __init__(self, places: Sequence[Sequence[int]], ncells: int, fill: Sequence[int]) -> None:
        self.base = len(places)
        self.items = len(fill)
        self.ncells = ncells
        if sorted(fill) != list(range(1, self.items + 1)):
            raise ValueError("the fill order must name each item 1 .. n once")
        if any(len(cells) < self.items for cells in places):
            raise ValueError("every place must have a cell for each item")
        self.size = self.base ** self.items
        if self.size >= 2 ** 62:
            raise ValueError("too many positions to rank in 64 bits")
        self.fill = tuple(int(c) for c in fill)
        self._cells = np.array([list(cells)[:self.items] for cells in places], dtype=np.intp)   # place, order
        self._place_of = np.full(ncells, -1, dtype=np.int64)
        for place, cells in enumerate(self._cells):
            self._place_of[cells] = place
        self._powers = self.base ** np.arange(self.items, dtype=np.int64)
        self._place_list = [int(p) for p in self._place_of]
        self._cell_lists = [[int(c) for c in cells] for cells in self._cells]

    def digits(self, ranks: np.ndarray) -> np.ndarray:
        """The place of each item (a column per item, item 1 first) of each rank."""
        ranks = np.asarray(ranks, dtype=np.int64)
        return (ranks[:, None] // self._powers[None, :]) % self.base

    def rank(self, boards: np.ndarray) -> np.ndarray:
        boards = np.asarray(boards, dtype=np.uint8)
        places = np.zeros((len(boards), self.items + 1), dtype=np.int64)
        rows = np.arange(len(boards))[:, None]
        places[rows, boards] = self._place_of[None, :]     # column 0 gathers the empty cells: left out
        return places[:, 1:] @ self._powers

    def unrank(self, ranks: np.ndarray) -> np.ndarray:
        digits = self.digits(ranks)
        n = len(digits)
        rows = np.arange(n)
        boards = np.zeros((n, self.ncells), dtype=np.uint8)
        taken = np.zeros((n, self.base), dtype=np.intp)      # cells of each place filled so far
        for item in self.fill:
            place = digits[:, item - 1]
            boards[rows, self._cells[place, taken[rows, place]]] = item
            taken[rows, place] += 1
        return boards

    def rank_state(self, state: bytes) -> int | None:
        """The rank of one position; None unless each item stands once in the place's cells, in fill order."""
        if len(state) != self.ncells:
            return None
        place_of = [-1] * (self.items + 1)
        for cell, code in enumerate(state):
            if code:
                if code > self.items or place_of[code] != -1 or self._place_list[cell] < 0:
                    return None
                place_of[code] = self._place_list[cell]
        if -1 in place_of[1:]:
            return None
        rank = 0
        for place in reversed(place_of[1:]):
            rank = rank * self.base + place
        return rank if self.board(place_of[1:]) == state else None

    def board(self, places: Sequence[int]) -> bytes:
        """The position whose item k (from 1) stands in place ``places[k - 1]``."""
        out = bytearray(self.ncells)
        taken = [0] * self.base
        for item in self.fill:
            place = places[item - 1]
            out[self._cell_lists[place][taken[place]]] = item
            taken[place] += 1
        return bytes(out)

    def describe(self) -> str:
        """A stable text naming this rank space, for cache keys."""
        return f"digits:{self.ncells}:{self.fill}:" + ";".join(",".join(map(str, cells)) for cells in self._cells)
