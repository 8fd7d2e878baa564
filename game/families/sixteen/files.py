"""The keys of a Sixteen file (``family = "sixteen"``): ``start``, the tiles' numbers row by row (one row a
line, numbers separated by spaces, or rows joined by '/'), and optionally ``goal`` in the same form (by
default the numbers in reading order from 1). Equal numbers are interchangeable tiles."""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.common.i18n import _
from game.common.untrusted import shown
from game.families.base import FileKeys
from game.files.model import Common
from game.files.toml_file import TomlFile, describe

__all__ = ["KEYS", "MAX_SIDE", "MIN_SIDE", "SixteenDef", "grid_text", "position_text", "read", "reaches",
           "reading_order", "with_start", "write"]

MIN_SIDE, MAX_SIDE = 2, 4     # 4x4 is Tatham's own board, and the largest the search answers (see search)
MAX_NUMBER = 99
MAX_TEXT = 400                # a 4x4 grid of two-digit numbers is under 60 characters


@dataclass(frozen=True)
class SixteenDef:
    """family = "sixteen": a ``width`` x ``height`` grid of numbered tiles, row-major, no empty cell."""

    common: Common
    width: int
    height: int
    start: bytes
    goal: bytes


def reading_order(width: int, height: int) -> bytes:
    """The default goal: 1 to width x height in reading order."""
    return bytes(range(1, width * height + 1))


def reaches(start: bytes, goal: bytes, width: int, height: int) -> bool:
    """Whether ``goal`` can be reached from ``start``. Each move is a cycle of a whole row or column, an even
    permutation when its length is odd; so on a board with both sides odd, distinct tiles keep the parity
    of their permutation and only half the arrangements are in reach (equal tiles can make up either
    parity). Every other board reaches every arrangement (the tests count them)."""
    if sorted(start) != sorted(goal):
        return False
    if width % 2 == 0 or height % 2 == 0 or len(set(goal)) < len(goal):
        return True
    where = {tile: cell for cell, tile in enumerate(goal)}
    perm = [where[tile] for tile in start]
    swaps, seen = 0, [False] * len(perm)
    for i in range(len(perm)):
        j, length = i, 0
        while not seen[j]:
            seen[j], j, length = True, perm[j], length + 1
        swaps += max(0, length - 1)
    return swaps % 2 == 0


def _rows(file: TomlFile, key: str) -> list[list[int]]:
    """A grid of numbers: one row a line (or rows joined by '/'), numbers separated by spaces."""
    value = file.get(key)
    if value is None:
        file.fail(_("key '{key}' is missing: write the tiles' numbers, one row a line, e.g. \"1 2 3\"")
                  .format(key=key))
    if not isinstance(value, str):
        file.fail(_("key '{key}' must be the tiles' numbers in quotes, one row a line, not {value}")
                  .format(key=key, value=describe(value)))
    if len(value) > MAX_TEXT:
        file.fail(_("key '{key}' is {length} characters long, more than {limit}")
                  .format(key=key, length=len(value), limit=MAX_TEXT))
    lines = [line for line in value.replace("/", "\n").splitlines() if line.strip()]
    if not MIN_SIDE <= len(lines) <= MAX_SIDE:
        file.fail(_("key '{key}' has {rows} rows: a Sixteen grid has {low} to {high}")
                  .format(key=key, rows=len(lines), low=MIN_SIDE, high=MAX_SIDE))
    rows: list[list[int]] = []
    for number, line in enumerate(lines, 1):
        row: list[int] = []
        for token in line.split():
            if not (token.isascii() and token.isdigit() and len(token) <= 2 and 1 <= int(token) <= MAX_NUMBER):
                file.fail(_("key '{key}', '{token}' in row {row} is not a tile: a tile is a number from 1 to {most}")
                          .format(key=key, token=shown(token), row=number, most=MAX_NUMBER))
            row.append(int(token))
        if not MIN_SIDE <= len(row) <= MAX_SIDE:
            file.fail(_("key '{key}', row {row} has {cells} tiles: a Sixteen grid has {low} to {high} columns")
                      .format(key=key, row=number, cells=len(row), low=MIN_SIDE, high=MAX_SIDE))
        if len(row) != len(rows[0] if rows else row):
            file.fail(_("key '{key}', row {row} has {cells} tiles, but row 1 has {first}")
                      .format(key=key, row=number, cells=len(row), first=len(rows[0])))
        rows.append(row)
    return rows


def read(file: TomlFile, common: Common) -> SixteenDef:
    rows = _rows(file, "start")
    width, height = len(rows[0]), len(rows)
    start = bytes(n for row in rows for n in row)
    goal = reading_order(width, height)
    if file.has("goal"):
        goal_rows = _rows(file, "goal")
        if (len(goal_rows[0]), len(goal_rows)) != (width, height):
            file.fail(_("key 'goal' is {goal_width}x{goal_height}, but the start is {width}x{height}")
                      .format(goal_width=len(goal_rows[0]), goal_height=len(goal_rows), width=width, height=height))
        goal = bytes(n for row in goal_rows for n in row)
    if sorted(start) != sorted(goal):
        tile = next(t for t in sorted(set(start) | set(goal)) if start.count(t) != goal.count(t))
        file.fail(_("keys 'start' and 'goal' do not hold the same tiles: the start has {had} of tile {tile}, the "
                    "goal {wanted}").format(tile=tile, had=start.count(tile), wanted=goal.count(tile)))
    if not reaches(start, goal, width, height):
        file.fail(_("key 'start' can never reach the goal: on a grid with an odd number of rows and of columns "
                    "every move keeps the tiles' parity (swap any two tiles to fix it)"))
    return SixteenDef(common, width, height, start, goal)


def grid_text(state: bytes, width: int) -> str:
    """A grid as a file writes it: one row a line, numbers right-aligned."""
    wide = max(len(str(n)) for n in state)
    return "\n".join(" ".join(str(n).rjust(wide) for n in state[i:i + width]) for i in range(0, len(state), width))


def position_text(state: bytes, width: int) -> str:
    """Position text: rows joined by '/', numbers by spaces."""
    return "/".join(" ".join(str(n) for n in state[i:i + width]) for i in range(0, len(state), width))


def write(defn: SixteenDef) -> list[str]:
    """The start, and the goal where it is not the numbers in reading order."""
    lines = [f'start = """\n{grid_text(defn.start, defn.width)}\n"""']
    if defn.goal != reading_order(defn.width, defn.height):
        lines.append(f'goal = """\n{grid_text(defn.goal, defn.width)}\n"""')
    return lines


def with_start(defn: SixteenDef, state: bytes, count: str | None = None) -> SixteenDef:
    """The same grid from ``state`` (one way to count: ``count`` changes nothing)."""
    return replace(defn, start=bytes(state))


KEYS = FileKeys(read, write, with_start)
