"""The keys of a sliding-block file (``family = "blocks"``): what its start, goal and options must
satisfy, read with one sentence per mistake, and written back as a person would write them.

Only structure is checked here (shapes, counts, walls, names); the rules and the search decide
whether a goal can actually be reached.
"""
from __future__ import annotations

from dataclasses import replace

from game.common.i18n import N_, _, ngettext
from game.common.untrusted import shown
from game.families.blocks.counts import COUNTS, PATH
from game.files.grids import same_groups, same_size, same_walls
from game.families.blocks.doors import read_doors, write_doors
from game.families.blocks.model import Axis, BlocksDef, DoorsDef
from game.families.blocks.rules import layout, placements
from game.families.base import FileKeys
from game.files.model import Common, Grid
from game.common.i18n import N_
from game.rules.puzzle import Doors, PositionError
from game.files.shapes import (ANY, BLOCKS_MAX_SIDE, EMPTY, FILE_PIECES, WALL, copies, is_connected, piece_cells, shape_of,
                               unplaced)
from game.files.toml_file import TomlFile
from game.files.toml_text import grid, key, string, string_list

__all__ = ["KEYS", "MISFIT", "blocks_grid", "read", "with_start", "write"]


def read(file: TomlFile, common: Common) -> BlocksDef:
    start = file.grid("start", BLOCKS_MAX_SIDE)
    pieces = piece_cells(start)
    if any(ANY in row for row in start):
        file.fail(_("key 'start' contains '?', which only a goal may use"))
    if not pieces:
        file.fail(_("key 'start' has no piece"))
    if len(pieces) > FILE_PIECES:
        file.fail(_("key 'start' has {count} pieces, more than {limit}").format(count=len(pieces), limit=FILE_PIECES))
    if not any(EMPTY in row for row in start):
        file.fail(_("key 'start' has no empty cell, so no piece could ever move"))
    for ch, cells in pieces.items():
        if not is_connected(cells):
            file.fail(_("key 'start', piece '{piece}' is split in two: the cells of one character must touch edge "
                        "to edge").format(piece=shown(ch)))
    same = _same(file, pieces)
    moves = file.choice("moves", tuple(c.key for c in COUNTS), PATH.key,
                        N_("key '{key}', {value} is not a move count: use {choices}"))
    axis = _axis(file, pieces, same)
    goal = file.grid("goal", BLOCKS_MAX_SIDE)
    _blocks_goal(file, start, goal, pieces, same)
    return BlocksDef(common, start, goal, same, axis, moves, read_doors(file, start, goal, same))


def _same(file: TomlFile, pieces: dict[str, list[tuple[int, int]]]) -> tuple[str, ...]:
    """Groups of interchangeable pieces: each a string of piece characters of one shape."""
    groups = same_groups(file, pieces)
    for group in groups:
        for ch in group:
            if shape_of(pieces[ch]) != shape_of(pieces[group[0]]):
                file.fail(_("key 'same', pieces '{first}' and '{other}' are declared identical but have different "
                            "shapes").format(first=shown(group[0]), other=shown(ch)))
    return groups


def _axis(file: TomlFile, pieces: dict[str, list[tuple[int, int]]], same: tuple[str, ...]) -> dict[str, Axis]:
    """Pieces that move along one axis only; identical pieces must agree, or they could not swap."""
    value = file.get("axis", {})
    if not isinstance(value, dict):
        file.fail(_('key \'axis\' must be a table, e.g. axis = { A = "x", B = "y" }'))
    axis = {}
    for ch, direction in value.items():
        where = f"axis.{shown(ch)}"
        if ch not in pieces:
            file.fail(_("key '{key}' names '{piece}', which is not a piece of the start")
                      .format(key=where, piece=shown(ch)))
        if direction not in ("x", "y"):
            file.fail(_('key \'{key}\' must be "x" (moves only sideways) or "y" (moves only up and down)')
                      .format(key=where))
        axis[ch] = Axis(direction)
    for group in same:
        if len({axis.get(ch) for ch in group}) > 1:
            file.fail(_("key 'axis', the identical pieces '{pieces}' must all have the same axis")
                      .format(pieces=shown(group)))
    return axis


def _blocks_goal(file: TomlFile, start: Grid, goal: Grid, pieces: dict[str, list[tuple[int, int]]],
                 same: tuple[str, ...]) -> None:
    """Each goal character is one whole copy of its piece; a goal without '?' shows every piece."""
    same_size(file, start, goal)
    same_walls(file, start, goal, "wall")
    placed = piece_cells(goal)
    for ch, cells in placed.items():
        if ch not in pieces:
            file.fail(_("key 'goal' names piece '{piece}', which the start does not have").format(piece=shown(ch)))
        count = copies(cells, shape_of(pieces[ch]))
        if count is None:
            file.fail(_("key 'goal', the cells of piece '{piece}' do not have its shape in the start")
                      .format(piece=shown(ch)))
        if count > 1:
            file.fail(_("key 'goal' shows piece '{piece}' {count} times: write each piece once (an identical piece "
                        "may use the character of any piece in its group)").format(piece=shown(ch), count=count))
    gap = unplaced(pieces, goal, same)
    if gap and gap.piece:
        file.fail(_("key 'goal' shows {shown} of the pieces like '{piece}', but the start has {count}: mark cells "
                    "that may hold anything with '?'").format(shown=gap.shown, piece=gap.piece, count=gap.total))
    if gap:
        file.fail(ngettext("key 'goal' leaves {free} cell marked '?' for the pieces it does not show, which need "
                           "{need}", "key 'goal' leaves {free} cells marked '?' for the pieces it does not show, "
                           "which need {need}", gap.free).format(free=gap.free, need=gap.need))




def write(defn: BlocksDef) -> list[str]:
    """The family's lines: the count, the start, the identical pieces, the axes, the goal, then the doors'
    table (the last of the family's keys: a table ends the top-level keys)."""
    lines = [f"moves = {string(defn.moves)}", f"start = {grid(defn.start)}"]
    if defn.same:
        lines.append(f"same = {string_list(defn.same)}")
    if defn.axis:
        pairs = ", ".join(f"{key(ch)} = {string(axis.value)}" for ch, axis in defn.axis.items())
        lines.append(f"axis = {{ {pairs} }}")
    lines.append(f"goal = {grid(defn.goal)}")
    if defn.doors is not None:
        lines += write_doors(defn.doors)
    return lines


MISFIT = N_("this position does not fit the puzzle's board.")


def blocks_grid(defn: BlocksDef, state: bytes) -> Grid:
    """The start grid of a sliding-block position: a character per piece, walls and empty cells."""
    lay = layout(defn)
    if len(state) != len(lay.board):
        raise PositionError(_(MISFIT))
    chars = [EMPTY] * len(state)
    for kind in lay.kinds:
        fits = placements(lay.board, kind.shape)
        anchors = [cell for cell, code in enumerate(state) if code == kind.codes[0]]
        if len(anchors) != kind.count or any(a not in fits for a in anchors):
            raise PositionError(_("the pieces '{pieces}' are not all whole in this position.")
                                .format(pieces=kind.chars))
        for ch, anchor in zip(kind.chars, anchors):
            for cell in fits[anchor]:
                chars[cell] = ch
    rows, i = [], 0
    for r in range(lay.height):
        row = []
        for c in range(lay.width):
            if lay.board.at(r, c) is None:
                row.append(WALL)
            else:
                row.append(chars[i])
                i += 1
        rows.append("".join(row))
    return tuple(rows)


def with_start(defn: BlocksDef, state: bytes, count: str | None = None) -> BlocksDef:
    """A sliding-block definition starting from ``state``, its moves counted by ``count`` (a key)."""
    return replace(defn, start=blocks_grid(defn, state), moves=count or defn.moves)


def with_doors(defn: BlocksDef, doors: Doors) -> BlocksDef:
    """A sliding-block definition with other doors: ``doors`` names board cells and the anchor codes of
    the kinds that may pass (as :class:`~game.families.blocks.rules.BlocksPuzzle` numbers them), written
    as a file writes them: cells in reading order, the pieces in the start's order."""
    if not doors.cells:
        return replace(defn, doors=None)
    lay = layout(defn)
    cells = tuple(lay.board.cells[cell] for cell in sorted(doors.cells))
    pieces = "".join(kind.chars for kind in lay.kinds if kind.codes[0] in doors.passing)
    return replace(defn, doors=DoorsDef(cells, pieces))


KEYS = FileKeys(read, write, with_start)
