"""The keys of a tiles file (``family = "tiles"``): the board's size, and optionally its start and its
goal as position text (rows by '/', numbers by spaces, '.' the gap). Without a start the game deals."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from solvers.sliding import goal_state, reaches

from game.common.i18n import _
from game.common.untrusted import shown
from game.families.base import FileKeys
from game.files.model import Common
from game.files.toml_file import TomlFile, describe
from game.files.toml_text import string

__all__ = ["KEYS", "MAX_SIDE", "MIN_SIDE", "TilesDef", "position_text", "read", "with_start", "write"]

MIN_SIDE, MAX_SIDE = 2, 5
GAP = "."
_SIZE = re.compile(r"([0-9])x([0-9])")


@dataclass(frozen=True)
class TilesDef:
    """family = "tiles": numbered tiles on a board of ``width`` x ``height`` cells, one of them the gap."""

    common: Common
    width: int
    height: int
    start: bytes | None = None     # None: every game is dealt
    goal: bytes | None = None      # None: tiles in reading order, the gap last

    @property
    def target(self) -> bytes:
        """The goal position (the standard one unless the file gives another)."""
        return self.goal if self.goal is not None else goal_state(self.width, self.height)


def read(file: TomlFile, common: Common) -> TilesDef:
    width, height = _size(file)
    goal = _position(file, "goal", width, height) if file.has("goal") else None
    if goal == goal_state(width, height):
        goal = None
    defn = TilesDef(common, width, height, goal=goal)
    if file.has("start"):
        start = _position(file, "start", width, height)
        if not reaches(start, defn.target, width):
            file.fail(_("key 'start' is in the half of the positions that can never reach the goal: "
                        "swap any two tiles to fix it"))
        defn = replace(defn, start=start)
    return defn


def _size(file: TomlFile) -> tuple[int, int]:
    value = file.get("size")
    if value is None:
        file.fail(_("key 'size' is missing: write the board's columns and rows, e.g. size = \"4x5\""))
    found = _SIZE.fullmatch(value) if isinstance(value, str) else None
    if found is None or not all(MIN_SIDE <= int(side) <= MAX_SIDE for side in found.groups()):
        file.fail(_("key 'size', {value} is not a board from 2x2 to 5x5: write columns x rows, e.g. \"4x5\"")
                  .format(value=describe(value)))
    return int(found.group(1)), int(found.group(2))


def _position(file: TomlFile, key: str, width: int, height: int) -> bytes:
    """A position: every tile of the board once and one gap, as position text."""
    value = file.get(key)
    if not isinstance(value, str):
        file.fail(_("key '{key}' must be position text in quotes, rows separated by '/', e.g. \"{example}\"")
                  .format(key=key, example=position_text(goal_state(width, height), width)))
    rows = value.strip().split("/")
    if len(rows) != height:
        file.fail(_("key '{key}' has {given} rows separated by '/', but the board has {height}")
                  .format(key=key, given=len(rows), height=height))
    cells: list[int] = []
    for number, row in enumerate(rows, 1):
        tokens = row.split()
        if len(tokens) != width:
            file.fail(_("key '{key}', row {row} has {given} cells, but the board is {width} wide")
                      .format(key=key, row=number, given=len(tokens), width=width))
        for token in tokens:
            tile = 0 if token in (GAP, "0", "_") else int(token) if token.isascii() and token.isdigit() and len(token) < 4 else -1
            if not 0 <= tile < width * height:
                file.fail(_("key '{key}', '{token}' in row {row} is not a tile of this board: its tiles are 1 to "
                            "{last}, and '.' is the gap").format(key=key, token=shown(token), row=number,
                                                                  last=width * height - 1))
            if tile in cells:
                file.fail(_("key '{key}' names {token} twice: every tile and the gap come once")
                          .format(key=key, token=token if tile else GAP))
            cells.append(tile)
    return bytes(cells)


def position_text(state: bytes, width: int) -> str:
    """Position text: rows by '/', numbers by spaces, '.' the gap."""
    tokens = [str(t) if t else GAP for t in state]
    return "/".join(" ".join(tokens[i:i + width]) for i in range(0, len(tokens), width))


def write(defn: TilesDef) -> list[str]:
    """The size, then the start and the goal where the file gives them."""
    lines = [f"size = {string(f'{defn.width}x{defn.height}')}"]
    if defn.start is not None:
        lines.append(f"start = {string(position_text(defn.start, defn.width))}")
    if defn.goal is not None:
        lines.append(f"goal = {string(position_text(defn.goal, defn.width))}")
    return lines


def with_start(defn: TilesDef, state: bytes, count: str | None = None) -> TilesDef:
    """The same board from ``state`` (one way to count: ``count`` changes nothing)."""
    return replace(defn, start=bytes(state))


KEYS = FileKeys(read, write, with_start)
