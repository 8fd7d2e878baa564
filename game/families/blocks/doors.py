"""The ``[doors]`` table of a sliding-block file: cells only some pieces may enter.

```toml
[doors]
cells = "c7 d7"     # cells as the board names them: column letter from a, row number from 1 at the top
pieces = "X"        # the only pieces that may stand on or pass through those cells
```

A door is an ordinary empty cell (``.``) in the start, the goal and position text. Read with one
sentence per mistake (a malformed or repeated cell name, a door off the board or on a wall, an empty
list, an unknown piece, identical pieces told apart, a piece that starts on a door, or is placed on one
by the goal, that it may not enter), and written back as it was read. The rules keep every other
piece off the doors (:mod:`game.families.blocks.rules`).
"""
from __future__ import annotations

import re

from game.common.i18n import _
from game.common.untrusted import shown
from game.families.blocks.model import DoorsDef, cell_name, column_name
from game.files.model import Grid
from game.files.shapes import ANY, EMPTY, WALL, piece_cells
from game.files.toml_file import TomlFile, describe
from game.files.toml_text import string

__all__ = ["DOOR_KEYS", "read_doors", "write_doors"]

DOOR_KEYS = ("cells", "pieces")
_CELL = re.compile(r"([a-z]{1,2})([0-9]{1,3})\Z")


def read_doors(file: TomlFile, start: Grid, goal: Grid, same: tuple[str, ...]) -> DoorsDef | None:
    """The file's doors (None without a ``[doors]`` table), checked against its start and goal."""
    value = file.get("doors")
    if value is None:
        return None
    if not isinstance(value, dict):
        file.fail(_('key \'doors\' must be a table: [doors] with cells = "c7 d7" and pieces = "X"'))
    for key in value:
        if key not in DOOR_KEYS:
            file.fail(_("key 'doors.{key}' is not a key of [doors]: use 'cells' and 'pieces'")
                      .format(key=shown(key, 40)))
    doors = DoorsDef(_cells(file, value.get("cells"), start), _pieces(file, value.get("pieces"), start, same))
    _kept_off(file, "start", start, doors)
    _kept_off(file, "goal", goal, doors)
    return doors


def _text(file: TomlFile, key: str, value: object, example: str) -> str:
    if value is None:
        file.fail(_("key 'doors.{key}' is missing: write it in the [doors] table, e.g. {key} = {example}")
                  .format(key=key, example=example))
    if not isinstance(value, str):
        file.fail(_("key 'doors.{key}' must be text in quotes, e.g. {key} = {example}, not {value}")
                  .format(key=key, example=example, value=describe(value)))
    if not value.strip():
        file.fail(_("key 'doors.{key}' is empty: write at least one, e.g. {key} = {example}")
                  .format(key=key, example=example))
    return value


def _cells(file: TomlFile, value: object, start: Grid) -> tuple[tuple[int, int], ...]:
    """The door cells, named as on the board, each on a cell of the board that is not a wall."""
    text = _text(file, "cells", value, '"c7 d7"')
    height, width = len(start), len(start[0])
    cells: list[tuple[int, int]] = []
    for name in text.replace(",", " ").split():
        found = _CELL.match(name.lower())
        if not found:
            file.fail(_("key 'doors.cells', '{name}' is not a cell name such as c7 (column letter from a, row "
                        "number from 1 at the top)").format(name=shown(name, 20)))
        letters, row = found[1], int(found[2]) - 1
        column = _column(letters)
        if not (0 <= row < height and 0 <= column < width):
            file.fail(_("key 'doors.cells', {cell} is off the board, whose cells run from a1 to {last}")
                      .format(cell=f"{letters}{found[2]}", last=cell_name(height - 1, width - 1)))
        cell = (row, column)
        if start[row][column] == WALL:
            file.fail(_("key 'doors.cells', {cell} is a wall ('#') in the start: a door is a cell a piece can "
                        "stand on").format(cell=cell_name(*cell)))
        if cell in cells:
            file.fail(_("key 'doors.cells' names {cell} twice").format(cell=cell_name(*cell)))
        cells.append(cell)
    return tuple(cells)


def _column(letters: str) -> int:
    """The column a name's letters give: a is 0, z 25, aa 26 (as :func:`column_name` writes them)."""
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch) - ord("a") + 1
    return number - 1


def _pieces(file: TomlFile, value: object, start: Grid, same: tuple[str, ...]) -> str:
    """The pieces that may pass: pieces of the start, each once, identical pieces all or none."""
    text = _text(file, "pieces", value, '"X"')
    known = piece_cells(start)
    pieces = "".join(text.split())
    for n, ch in enumerate(pieces):
        if ch not in known:
            file.fail(_("key 'doors.pieces' names '{piece}', which is not a piece of the start")
                      .format(piece=shown(ch)))
        if ch in pieces[:n]:
            file.fail(_("key 'doors.pieces' names '{piece}' twice").format(piece=shown(ch)))
    for group in same:
        passing = [ch for ch in group if ch in pieces]
        if passing and len(passing) < len(group):
            other = next(ch for ch in group if ch not in pieces)
            file.fail(_("key 'doors.pieces' names '{piece}' but not '{other}', which 'same' declares identical: "
                        "identical pieces pass the doors alike").format(piece=shown(passing[0]), other=shown(other)))
    return pieces


def _kept_off(file: TomlFile, key: str, grid: Grid, doors: DoorsDef) -> None:
    """No piece of the start (or of the goal) stands on a door it may not enter (identical pieces pass
    alike, so the goal's character for one of them says enough)."""
    for cell in doors.cells:
        ch = grid[cell[0]][cell[1]]
        if ch not in (EMPTY, WALL, ANY) and ch not in doors.pieces:
            file.fail(_("key '{key}', piece '{piece}' stands on the door {cell}, which only {pieces} may enter")
                      .format(key=key, piece=shown(ch), cell=cell_name(*cell), pieces=_listed(doors.pieces)))


def _listed(pieces: str) -> str:
    """The pieces that may pass, quoted as the file spells them: 'X', or 'X', 'Y'."""
    return ", ".join(f"'{shown(ch)}'" for ch in pieces)


def write_doors(doors: DoorsDef) -> list[str]:
    """The ``[doors]`` table as it was read: its cells in their order, its pieces."""
    names = " ".join(f"{column_name(c)}{r + 1}" for r, c in doors.cells)
    return ["", "[doors]", f"cells = {string(names)}", f"pieces = {string(doors.pieces)}"]
