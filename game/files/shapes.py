"""Cells, shapes and limits shared by the three readers, so each format checks pieces the same way.

Cells are ``(row, column)`` from the top-left, 0-based; reading order is tuple order.
"""
from __future__ import annotations

import string
import unicodedata
from typing import Iterable, Iterator, NamedTuple

from game.files.model import Grid
from game.common.i18n import _
from game.common.untrusted import shown

Cell = tuple[int, int]
Shape = frozenset[Cell]

MAX_SIDE = 16          # rows and columns of any grid
BLOCKS_MAX_SIDE = 24   # ... but a sliding-block puzzle's (the large boards of desktop Klotski collections)
MAX_PIECES = 62        # distinct pieces of a blocks puzzle: one letter or digit each
FILE_PIECES = 90       # ... but a puzzle file's, whose pieces may also be punctuation (large desktop Klotski boards)
EMPTY, WALL, ANY = ".", "#", "?"
PIECE_LETTERS = string.ascii_uppercase + string.ascii_lowercase + string.digits
MAX_NUMBER_DIGITS = 9  # longer numbers in the import formats are mistakes, never converted


def piece_cells(grid: Grid) -> dict[str, list[Cell]]:
    """Every piece character with its cells, pieces in order of their first cell."""
    cells: dict[str, list[Cell]] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch not in (EMPTY, WALL, ANY):
                cells.setdefault(ch, []).append((r, c))
    return cells


def neighbours(cell: Cell) -> Iterator[Cell]:
    r, c = cell
    yield from ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def is_connected(cells: Iterable[Cell]) -> bool:
    """True if the cells form one edge-connected piece (the game never splits a piece)."""
    members = set(cells)
    if not members:
        return False
    todo = [next(iter(members))]
    seen = {todo[0]}
    while todo:
        for n in neighbours(todo.pop()):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)


def shape_of(cells: Iterable[Cell]) -> Shape:
    """The cells moved so that their top row and left column are 0: equal shapes compare equal."""
    members = list(cells)
    top = min(r for r, _ in members)
    left = min(c for _, c in members)
    return frozenset((r - top, c - left) for r, c in members)


def copies(cells: Iterable[Cell], shape: Shape) -> int | None:
    """How many disjoint copies of ``shape`` cover exactly ``cells`` (None: they cannot).

    Greedy is exact: the first uncovered cell in reading order can only be the first cell of
    the copy covering it, since any other placement would cover an earlier cell."""
    first = min(shape)
    offsets = [(r - first[0], c - first[1]) for r, c in shape]
    remaining = set(cells)
    count = 0
    while remaining:
        r0, c0 = min(remaining)
        placed = {(r0 + dr, c0 + dc) for dr, dc in offsets}
        if not placed <= remaining:
            return None
        remaining -= placed
        count += 1
    return count


_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_plain_text(text: str) -> bool:
    """No control, separator or direction-changing characters: safe in a menu line and a sentence."""
    return not any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in _BIDI_CONTROLS for ch in text)


def is_cell(ch: str) -> bool:
    """A character that can stand for one cell: visible, so a grid reads as it plays."""
    return ch.isprintable() and not ch.isspace()


class Unplaced(NamedTuple):
    """Why a goal cannot hold the pieces it leaves out: a piece shown too few times where no cell
    is marked '?' (``piece``, ``shown`` of ``total``), or too few '?' cells (``free`` for ``need``)."""

    piece: str = ""
    shown: int = 0
    total: int = 0
    free: int = 0
    need: int = 0


def unplaced(pieces: dict[str, list[Cell]], goal: Grid, same: tuple[str, ...]) -> Unplaced | None:
    """Why the goal cannot hold every piece it does not show (None: it can), by counting cells:
    a goal without '?' must show every piece, and the '?' cells must fit the pieces left out.
    Each reader words it in its own sentence."""
    placed = piece_cells(goal)
    grouped = set("".join(same))
    groups = list(same) + [ch for ch in pieces if ch not in grouped]
    free = sum(row.count(ANY) for row in goal)
    missing = 0
    for group in groups:
        shown_here = sum(ch in placed for ch in group)
        if not free and shown_here != len(group):
            return Unplaced(piece=shown(group[0]), shown=shown_here, total=len(group))
        missing += (len(group) - shown_here) * len(pieces[group[0]])
    if missing > free:
        return Unplaced(free=free, need=missing)
    return None


def plain_title(candidate: str, origin: str, limit: int = 80) -> str:
    """A usable title from an imported file's comment, else from its file name: one plain line."""
    text = " ".join("".join(ch if is_plain_text(ch) else " " for ch in candidate).split())
    if not text:
        stem = origin.rsplit("/", 1)[-1].rsplit(".", 1)[0] if origin else ""
        text = " ".join("".join(ch if is_plain_text(ch) else " " for ch in stem).split()) or _("Imported puzzle")
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
