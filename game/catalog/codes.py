"""Share codes: any position of any of the game's own puzzles as a short code, ``K7Q00-3ZD8X5``.

A code is the puzzle (four characters from a digest of its name, so adding a puzzle never
changes another's), the way moves are counted (one character), the position's rank (fixed width
per puzzle) and a check character. The alphabet is Crockford's base 32: digits and capitals
without I, L, O and U, read in either case, with O read as 0 and I, L as 1, hyphens and spaces
ignored. The check character is a weighted sum over GF(32) with weights alpha, alpha², ...
(never 1), so any one character changed and any two neighbours swapped are always caught.

A rank needs no table: a sliding-block position is ranked by where each kind of piece stands
(:class:`solvers.components.PlacementKeys`), a position whose pieces may differ from the start's (pegs
taken off, discs on other pegs) by the puzzle's own bitmask or digit rank, any other by its arrangement
of the start's pieces
(a multiset rank in exact integers, the 15-puzzle's 16! included). Decoding checks the position
as a typed one is checked, so a code always opens a position the game accepts.
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass
from math import factorial

import numpy as np

from game.catalog import registry
from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.common.untrusted import shown
from game.rules.puzzle import PositionError, Puzzle
from solvers.ranking import BitmaskRanker, DigitRanker

__all__ = ["CodeError", "Shared", "encode", "decode", "looks_like_code", "normalized"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
ID_DIGITS = 4                    # the puzzle: 1,048,576 numbers, checked apart by the tests
HEAD = ID_DIGITS + 1             # ... and the count
LONGEST = 30                     # the check's weights stay apart from 1 below 31 characters
_FIELD = 0b100101                # x^5 + x^2 + 1, primitive: alpha = x generates GF(32)'s 31 non-zero elements


class CodeError(ValueError):
    """A code that names no position: one sentence for people."""


@dataclass(frozen=True)
class Shared:
    """What a code opens: a puzzle (under its count) and a position of it."""

    spec: PuzzleSpec
    state: bytes


# -- the check character ---------------------------------------------------------------------------

def _times_alpha(value: int) -> int:
    value <<= 1
    return value ^ _FIELD if value & 0b100000 else value


def _times(a: int, b: int) -> int:
    """Product in GF(32)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a, b = _times_alpha(a), b >> 1
    return product


def check_value(values: list[int]) -> int:
    """The weighted sum of ``values`` in GF(32), weights alpha^1, alpha^2, ... (none of them 1)."""
    total, weight = 0, 1
    for value in values:
        weight = _times_alpha(weight)
        total ^= _times(weight, value)
    return total


# -- ranks ------------------------------------------------------------------------------------------

def _multiset_size(counts: Counter[int]) -> int:
    size = factorial(sum(counts.values()))
    for n in counts.values():
        size //= factorial(n)
    return size


def _multiset_rank(state: bytes, counts: Counter[int]) -> int:
    """Lexicographic rank of ``state`` among the arrangements of ``counts``."""
    left, total, rank = Counter(counts), _multiset_size(counts), 0
    for i, code in enumerate(state):
        cells = len(state) - i
        for smaller in sorted(c for c in left if c < code and left[c]):
            rank += total * left[smaller] // cells
        total = total * left[code] // cells
        left[code] -= 1
    return rank


def _multiset_unrank(rank: int, counts: Counter[int], ncells: int) -> bytes:
    left, total, out = Counter(counts), _multiset_size(counts), bytearray()
    for i in range(ncells):
        cells = ncells - i
        for code in sorted(c for c in left if left[c]):
            block = total * left[code] // cells
            if rank < block:
                out.append(code)
                total = block
                left[code] -= 1
                break
            rank -= block
    return bytes(out)


class _Ranks:
    """The ranks of one puzzle's positions: placements of pieces, or arrangements of the start's codes."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        make_keys = getattr(puzzle, "keys", None)
        self.keys = make_keys() if callable(make_keys) else None
        self.counts = Counter(puzzle.start)
        ranker = getattr(puzzle, "ranker", None)   # every subset of holes, every peg of every disc
        self.digits = ranker if isinstance(ranker, (BitmaskRanker, DigitRanker)) else None
        self.size = (self.keys.size if self.keys is not None else self.digits.size if self.digits is not None
                     else _multiset_size(self.counts))
        self.width = max(1, _digits(self.size - 1))

    def rank(self, state: bytes) -> int:
        if self.digits is not None:
            key = self.digits.rank_state(state)
        elif self.keys is None:
            return _multiset_rank(state, self.counts)
        else:
            key = self.keys.encode_one(state)
        if key is None:
            raise PositionError(_("this is not a position of {title}.").format(title=self.puzzle.shown_title()))
        return key

    def unrank(self, rank: int) -> bytes | None:
        """The position of ``rank``, or None where no position has it (a piece over another)."""
        if self.digits is not None:
            state = bytes(self.digits.unrank(np.array([rank], dtype=np.int64))[0])
            return state if self.digits.rank_state(state) == rank else None
        if self.keys is None:
            return _multiset_unrank(rank, self.counts, len(self.puzzle.start))
        state = bytes(self.keys.decode(np.array([rank], dtype=np.int64))[0])
        if Counter(state) != self.counts or self.keys.encode_one(state) != rank:
            return None
        return state


def _digits(value: int) -> int:
    n = 0
    while value:
        value //= 32
        n += 1
    return n


def _spell(value: int, width: int) -> str:
    out = []
    for _i in range(width):
        value, digit = divmod(value, 32)
        out.append(ALPHABET[digit])
    return "".join(reversed(out))


# -- puzzles ----------------------------------------------------------------------------------------

def puzzle_id(base: str) -> int:
    """A puzzle's number in codes, from its name alone (the same on every machine and version)."""
    return int.from_bytes(hashlib.sha256(base.encode("utf-8")).digest()[:4], "big") % 32 ** ID_DIGITS


def _own_puzzles() -> dict[int, str]:
    """Each own puzzle by its number, and by the number of any name it once had (a code shared before)."""
    own = registry.own_names()
    former = {puzzle_id(old): new for old, new in registry.renamed().items() if new in own}
    return former | {puzzle_id(name): name for name in own}


def _count_index(spec: PuzzleSpec) -> int:
    return next((i for i, count in enumerate(spec.counts) if count is spec.count), 0)


# -- codes ------------------------------------------------------------------------------------------

def encode(spec: PuzzleSpec, state: bytes) -> str:
    """The code of ``state`` in ``spec``'s puzzle (under its count). CodeError for a player's own
    puzzle (shared as its file instead); PositionError for a position the puzzle refuses."""
    if not registry.is_own(spec.base):
        raise CodeError(_("{title} is not one of the game's own puzzles: share its puzzle file instead.")
                        .format(title=spec.shown_title()))
    spec.puzzle.check(state)
    ranks = _Ranks(spec.puzzle)
    body = _spell(puzzle_id(spec.base), ID_DIGITS) + ALPHABET[_count_index(spec)] + \
        _spell(ranks.rank(state), ranks.width)
    check = check_value([_VALUE[ch] for ch in body])
    return f"{body[:HEAD]}-{body[HEAD:]}{ALPHABET[check]}"


def normalized(text: str) -> str:
    """A code as the game writes it, from however it was typed or pasted: in either case, with hyphens
    and spaces anywhere or nowhere (``hhw22 867r9epw`` is ``HHW22-867R9EPW``)."""
    return "".join(text.split()).replace("-", "").upper()


def _values(text: str) -> list[int] | None:
    cleaned = normalized(text)
    if not cleaned or any(ch not in _VALUE for ch in cleaned):
        return None
    return [_VALUE[ch] for ch in cleaned]


_SPLIT = re.compile(r"\s*([^\s-]{%d})(?:\s*-\s*|\s+)(\S.*?)\s*" % HEAD, re.DOTALL)


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is written as a code: how the command line and a paste tell a code (a damaged one
    too, which gets its own sentence) from a puzzle's name. Split after its fifth character by a hyphen or
    a space, it is one whatever else it holds; written whole (``HHW22867R9EPW``), only where its check
    character holds and it names one of the game's puzzles, so a misspelt name is never taken for one."""
    split = _SPLIT.fullmatch(text)
    if split is not None:
        return len(normalized(split[2])) >= 2 and _values(split[1] + split[2]) is not None
    values = _values(text)
    if values is None or not HEAD + 2 <= len(values) <= LONGEST or check_value(values[:-1]) != values[-1]:
        return False
    number = 0
    for value in values[:ID_DIGITS]:
        number = number * 32 + value
    return number in _own_puzzles()


def decode(text: str) -> Shared:
    """The puzzle and position a code names; CodeError with one sentence for anything else."""
    values = _values(text)
    damaged = CodeError(_("'{code}' is not a share code of this game: a character is wrong or missing.")
                        .format(code=shown(text, 40)))
    if values is None or not HEAD + 2 <= len(values) <= LONGEST or check_value(values[:-1]) != values[-1]:
        raise damaged
    number = 0
    for value in values[:ID_DIGITS]:
        number = number * 32 + value
    name = _own_puzzles().get(number)
    if name is None:
        raise CodeError(_("the code '{code}' names a puzzle this version of the game does not have.")
                        .format(code=shown(text, 40)))
    spec = registry.get(name)
    count = values[ID_DIGITS]
    if spec.counts and count < len(spec.counts):
        spec = registry.variant(spec, spec.counts[count])
    elif count != 0:
        raise damaged
    ranks = _Ranks(spec.puzzle)
    digits = values[HEAD:-1]
    rank = 0
    for value in digits:
        rank = rank * 32 + value
    state = ranks.unrank(rank) if len(digits) == ranks.width and rank < ranks.size else None
    if state is None:
        raise damaged
    try:
        spec.puzzle.check(state)
    except PositionError:
        raise damaged from None
    return Shared(spec, state)
