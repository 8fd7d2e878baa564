"""Moves as rewrite rules over a row of cells.

Most puzzles in the collection move pieces into empty cells: a tile slides, a frog
slides or jumps, a pair of stones is carried, a knight hops, a two-cell block shifts; some
have no empty cell at all (Sixteen rotates a whole row). Each of these is a *rule*: a few
cells, a set of allowed contents per cell (:data:`ANY`: no test), and a permutation saying
where each cell's content goes; a rule may also take pieces off the board (a peg jumped
over is removed), setting cells to a fixed content. One representation serves the
scalar search (states are ``bytes``) and the vectorised numpy sweep (states are rows
of a ``uint8`` array), and the predecessor rule is derived exactly, which is what
one-way puzzles such as frogs need for searching backwards from the goal.

Code 0 is always the empty cell. A rule set finds the rules that apply to a position by
each rule's most selective cell test (:meth:`Rule.anchor`: fewest allowed codes, an empty
cell first among equals), so a position is matched only against the rules whose anchor
it fills; rules that test nothing narrowly (a rotation that moves whatever is there) are
tried on every position.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

import numpy as np

EMPTY = 0
ANY = frozenset(range(256))   # a cell a rule moves whatever it holds: no test
INDEXED = 16                  # a test of more codes than this is no anchor: the rule is tried on every position

Anchor = tuple[int, frozenset[int]]   # a cell and the codes a rule allows there


@dataclass(frozen=True)
class Rule:
    """If ``state[cells[i]] in allowed[i]`` for all i, the move sets
    ``new[cells[i]] = old[cells[perm[i]]]``, then each cell of ``sets`` to its code (a piece
    taken off: the cell set empty). ``src``/``dst`` name the move for people: where the
    moving piece (its anchor cell) starts and where it ends.

    A set cell keeps its place in the permutation and allows one code before the move, so the
    move read backwards is a rule too (:meth:`inverse` puts that code back)."""

    cells: tuple[int, ...]
    allowed: tuple[frozenset[int], ...]
    perm: tuple[int, ...]
    src: int
    dst: int
    kind: str = "slide"
    sets: tuple[tuple[int, int], ...] = ()
    _writes: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (len(self.cells) == len(self.allowed) == len(self.perm)):
            raise ValueError("rule cells, allowed sets and permutation differ in length")
        if sorted(self.perm) != list(range(len(self.perm))):
            raise ValueError("rule permutation is not a permutation")
        for cell, _code in self.sets:
            i = self.cells.index(cell) if cell in self.cells else -1
            if i < 0 or self.perm[i] != i or len(self.allowed[i]) != 1:
                raise ValueError("a rule sets only cells it tests for one code and leaves in place")
        writes = tuple(
            (c, self.cells[p]) for c, p in zip(self.cells, self.perm) if self.cells[p] != c
        )
        object.__setattr__(self, "_writes", writes)

    def matches(self, state: bytes) -> bool:
        return all(state[c] in ok for c, ok in zip(self.cells, self.allowed))

    def apply(self, state: bytes) -> bytes:
        out = bytearray(state)
        for dst, src in self._writes:
            out[dst] = state[src]
        for cell, code in self.sets:
            out[cell] = code
        return bytes(out)

    def mask(self, boards: np.ndarray, skip: int = -1) -> np.ndarray | None:
        """Which rows of ``boards`` the rule applies to (None: all), not testing cell ``skip``."""
        mask = None
        for c, ok in zip(self.cells, self.allowed):
            if c == skip or ok == ANY:
                continue
            hit = boards[:, c] == next(iter(ok)) if len(ok) == 1 else _lookup(ok)[boards[:, c]]
            mask = hit if mask is None else mask & hit
        return mask

    def apply_rows(self, boards: np.ndarray) -> np.ndarray:
        """The rule applied to every row of ``boards`` (rows it matches)."""
        out = boards.copy()
        for dst, src in self._writes:
            out[:, dst] = boards[:, src]
        for cell, code in self.sets:
            out[:, cell] = code
        return out

    def inverse(self) -> "Rule":
        """The rule that undoes this one, matched against the position *after* it.

        After the move, cell i holds what cell perm[i] held, so its content lies in
        allowed[perm[i]]; applying the inverse permutation restores the old position.
        Because conditions are per cell, this characterises predecessors exactly.
        """
        n = len(self.perm)
        inv = [0] * n
        for i, p in enumerate(self.perm):
            inv[p] = i
        allowed = [self.allowed[self.perm[i]] for i in range(n)]
        sets = []
        for cell, code in self.sets:   # afterwards the cell holds the code it was set to; before, its one code
            i = self.cells.index(cell)
            allowed[i] = frozenset({code})
            sets.append((cell, next(iter(self.allowed[i]))))
        return Rule(
            cells=self.cells,
            allowed=tuple(allowed),
            perm=tuple(inv),
            src=self.dst,
            dst=self.src,
            kind=self.kind,
            sets=tuple(sets),
        )

    @property
    def conserves(self) -> bool:
        """Whether the move keeps every piece on the board (it only moves them)."""
        return not self.sets

    def empty_anchor(self) -> int:
        """A cell that must be empty for the rule to apply (ValueError for a rule that needs none)."""
        for c, ok in zip(self.cells, self.allowed):
            if ok == {EMPTY}:
                return c
        raise ValueError("this rule needs no empty cell")

    def anchor(self) -> Anchor | None:
        """The rule's most selective cell test, by which a rule set finds it: the cell allowing the fewest
        codes, one that must be empty first among equals (few cells are empty in most puzzles), then the
        first in the rule's order; None when every test allows more than INDEXED codes."""
        best: Anchor | None = None
        for c, ok in zip(self.cells, self.allowed):
            if len(ok) > INDEXED:
                continue
            if best is None or (len(ok), ok != {EMPTY}) < (len(best[1]), best[1] != {EMPTY}):
                best = (c, ok)
        return best


class RuleSet:
    """All rules of a puzzle, indexed by their anchors (:meth:`Rule.anchor`): by code, then by cell; the
    rules without one in a list of their own, tried on every position."""

    def __init__(self, rules: Iterable[Rule], ncells: int) -> None:
        self.rules: tuple[Rule, ...] = tuple(rules)
        self.ncells = ncells
        self.inverse_rules: tuple[Rule, ...] = tuple(r.inverse() for r in self.rules)
        self._forward = _Index(self.rules, ncells)
        # forward rule i and inverse rule i are the same move seen from either end
        self._backward = _Index(self.inverse_rules, ncells)

    def successors(self, state: bytes) -> Iterator[tuple[int, bytes]]:
        """(rule index, next state) for every legal move."""
        for i, r in self._forward.matching(state):
            yield i, r.apply(state)

    def predecessors(self, state: bytes) -> Iterator[tuple[int, bytes]]:
        """(rule index, previous state) such that that rule leads from previous to ``state``."""
        for i, r in self._backward.matching(state):
            yield i, r.apply(state)

    # -- vectorised forms, for sweeps over whole layers of positions -------------

    def expand(self, boards: np.ndarray, backward: bool = False) -> Iterator[np.ndarray]:
        """Yield, rule by rule, the successors (or predecessors) of every row of ``boards``."""
        for _, _, children in self.expand_tracked(boards, backward):
            yield children

    def expand_tracked(self, boards: np.ndarray, backward: bool = False,
                       only: Iterable[int] | None = None) -> Iterator[tuple[int, np.ndarray, np.ndarray]]:
        """Yield (rule index, rows of ``boards`` it applies to, their successors), rule by rule
        (``only``: just these rules; ``backward``: predecessors by the inverse rules).

        Rules are grouped by their anchor, so each group first narrows the rows to those
        whose anchor cell holds a code it allows (one contiguous comparison), and only that
        subset is tested against the rules' other cells; rules without an anchor test every row.
        """
        index = self._backward if backward else self._forward
        wanted = None if only is None else set(only)
        anchor_column = np.ascontiguousarray(boards.T)
        for (cell, codes), rules in index.groups:
            if wanted is not None:
                rules = [(i, r) for i, r in rules if i in wanted]
            if not rules:
                continue
            if cell < 0:            # rules without an anchor: every row
                rows, subset = np.arange(len(boards)), boards
            else:
                column = anchor_column[cell]
                hit = column == next(iter(codes)) if len(codes) == 1 else _lookup(codes)[column]
                rows = np.flatnonzero(hit)
                if not len(rows):
                    continue
                subset = boards[rows]
            for i, r in rules:
                mask = r.mask(subset, skip=cell)
                chosen = subset if mask is None else subset[mask]
                if not len(chosen):
                    continue
                yield i, (rows if mask is None else rows[mask]), r.apply_rows(chosen)


class _Index:
    """Rules by anchor, for one direction: ``by_code[code][cell]`` lists (rule index, rule) whose anchor allows
    ``code`` on ``cell`` (an empty-cell anchor: code 0), ``loose`` the rules without an anchor; ``groups``
    the same rules by anchor for the vectorised forms, by cell, then the loose ones (cell -1)."""

    def __init__(self, rules: Sequence[Rule], ncells: int) -> None:
        by_code: dict[int, list[list[tuple[int, Rule]]]] = {}
        groups: dict[Anchor, list[tuple[int, Rule]]] = {}
        self.loose: list[tuple[int, Rule]] = []
        for i, r in enumerate(rules):
            anchor = r.anchor()
            if anchor is None:
                self.loose.append((i, r))
                continue
            cell, codes = anchor
            for code in sorted(codes):
                by_code.setdefault(code, [[] for _ in range(ncells)])[cell].append((i, r))
            groups.setdefault(anchor, []).append((i, r))
        self.by_code = sorted(by_code.items())
        order = sorted(groups, key=lambda a: (a[0], sorted(a[1])))
        self.groups: list[tuple[Anchor, list[tuple[int, Rule]]]] = [(a, groups[a]) for a in order]
        if self.loose:
            self.groups.append(((-1, ANY), self.loose))

    def matching(self, state: bytes) -> Iterator[tuple[int, Rule]]:
        """The rules that apply to ``state``: those anchored on a cell holding a code they allow there, found
        by looking for each anchoring code in turn (bytes.find: the empty cells of most puzzles), then the
        loose ones."""
        for code, by_cell in self.by_code:
            at = state.find(code)
            while at != -1:
                for i, r in by_cell[at]:
                    if r.matches(state):
                        yield i, r
                at = state.find(code, at + 1)
        for i, r in self.loose:
            if r.matches(state):
                yield i, r


_LUTS: dict[frozenset[int], np.ndarray] = {}


def _lookup(codes: frozenset[int]) -> np.ndarray:
    lut = _LUTS.get(codes)
    if lut is None:
        lut = np.zeros(256, dtype=bool)
        lut[list(codes)] = True
        _LUTS[codes] = lut
    return lut


class RuleMatrix:
    """Every rule of a set tested at once on a block of boards, by candidates.

    The loop over rules in :meth:`RuleSet.expand_tracked` costs a few numpy calls per rule,
    which dominates when frontiers are small (sliding-block searches, path moves). Here the
    candidates of each board are found by index (the rules anchored on its cells, :meth:`Rule.anchor`:
    most puzzles' on one of its empty cells; or, following one piece, the rules moving the piece where
    it stands; rules without an anchor on every board), every (board, candidate)
    pair is tested by gathering its condition cells through tables of allowed codes, and each
    match is applied with one gather of a full board permutation.
    """

    def __init__(self, rules: Sequence[Rule], ncells: int) -> None:
        self.ncells = ncells
        # cells that must be empty first: they rule out most candidates, so later columns test fewer; a cell
        # without a test (ANY) is no column at all
        tests = [sorted(((c, ok) for c, ok in zip(r.cells, r.allowed) if ok != ANY),
                        key=lambda cell_ok: cell_ok[1] != {EMPTY}) for r in rules]
        width = max(1, max((len(t) for t in tests), default=1))
        sets: dict[frozenset[int], int] = {ANY: 0}
        self.cells = np.zeros((len(rules), width), dtype=np.intp)
        self.sets = np.zeros((len(rules), width), dtype=np.intp)
        self.gather = np.tile(np.arange(ncells, dtype=np.intp), (len(rules), 1))
        self.fixed = np.zeros((len(rules), ncells), dtype=bool)   # cells a rule sets to a code (pieces taken)
        self.codes = np.zeros((len(rules), ncells), dtype=np.uint8)
        for i, (r, conditions) in enumerate(zip(rules, tests)):
            for j, (c, ok) in enumerate(conditions):
                self.cells[i, j] = c
                self.sets[i, j] = sets.setdefault(ok, len(sets))
            for dst, src in r._writes:
                self.gather[i, dst] = src
            for cell, code in r.sets:
                self.fixed[i, cell], self.codes[i, cell] = True, code
        self.takes = bool(self.fixed.any())
        self.luts = np.zeros((len(sets), 256), dtype=bool)
        for ok, k in sets.items():
            self.luts[k, list(ok)] = True
        self._lut_flat = self.luts.reshape(-1)
        self._sets_at = self.sets * 256                  # a condition's row in the flat lookup table
        self.src = np.array([r.src for r in rules], dtype=np.intp)
        self.dst = np.array([r.dst for r in rules], dtype=np.intp)
        self._by_src = _index([r.src for r in rules], ncells)
        self._anchors(rules)

    def _anchors(self, rules: Sequence[Rule]) -> None:
        """Candidates by anchor: by empty cell where every rule needs one (most puzzles), else by (cell, code)
        for the anchored rules plus every loose rule on every board."""
        anchors = [r.anchor() for r in rules]
        self._plain = all(a is not None and a[1] == {EMPTY} for a in anchors)
        if self._plain:
            self._by_empty = _index([a[0] for a in anchors if a is not None], self.ncells)
            return
        keys, owners = [], []
        self._anchor_codes = np.zeros(256, dtype=bool)
        for i, a in enumerate(anchors):
            cell, codes = a if a is not None else (0, frozenset())
            for code in sorted(codes):
                keys.append(cell * 256 + code)
                owners.append(i)
                self._anchor_codes[code] = True
        order, starts, counts = _index(keys, self.ncells * 256)
        self._by_code = (np.asarray(owners, dtype=np.intp)[order], starts, counts)
        self._loose = np.array([i for i, a in enumerate(anchors) if a is None], dtype=np.intp)

    def _candidates(self, boards: np.ndarray, at: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
        """(row, rule) pairs worth testing: the rules anchored where each board allows them, or moving the
        piece at ``at[row]``; loose rules on every board."""
        if at is not None:
            return _expand(np.arange(len(boards)), np.asarray(at, dtype=np.intp), self._by_src)
        if self._plain:
            rows, cells = np.nonzero(boards == EMPTY)
            return _expand(rows, cells, self._by_empty)
        rows, cells = np.nonzero(self._anchor_codes[boards])
        pair_rows, rules = _expand(rows, cells * 256 + boards[rows, cells], self._by_code)
        if len(self._loose):
            pair_rows = np.concatenate([pair_rows, np.repeat(np.arange(len(boards)), len(self._loose))])
            rules = np.concatenate([rules, np.tile(self._loose, len(boards))])
        return pair_rows, rules

    def step(self, boards: np.ndarray, at: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(rows, rule indices, children) of every rule that applies to a row of ``boards``; with
        ``at``, only rules whose moving piece starts at ``at[row]``."""
        pair_rows, rules = self._candidates(boards, at)
        flat = np.ascontiguousarray(boards).reshape(-1)   # flat indices: one take instead of 2-D fancy indexing
        base = pair_rows * self.ncells
        for j in range(self.cells.shape[1]):             # column by column, keeping the candidates that pass
            codes = np.take(flat, base + np.take(self.cells[:, j], rules))
            ok = np.take(self._lut_flat, np.take(self._sets_at[:, j], rules) + codes)
            pair_rows, rules, base = pair_rows[ok], rules[ok], base[ok]
        children = np.take(flat, base[:, None] + np.take(self.gather, rules, axis=0))
        if self.takes:
            children = np.where(self.fixed[rules], self.codes[rules], children)
        return pair_rows, rules, children


def _expand(rows: np.ndarray, keys: np.ndarray,
            index: tuple[np.ndarray, np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Each row paired with every rule its key indexes: (pair rows, rule indices)."""
    order, starts, counts = index
    n = counts[keys]
    ends = np.cumsum(n)
    pair_rows = np.repeat(rows, n)
    rules = order[np.arange(ends[-1] if len(ends) else 0) + np.repeat(starts[keys] - ends + n, n)]
    return pair_rows, rules


def _index(keys: Sequence[int], ncells: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rules grouped by a cell: (rule order, start of each cell's group, its size)."""
    keys_array = np.asarray(keys, dtype=np.intp)
    order = np.argsort(keys_array, kind="stable")
    counts = np.bincount(keys_array, minlength=ncells).astype(np.intp)
    return order, np.cumsum(counts) - counts, counts
