"""A Sokoban level as the XSB characters draw it, read and checked once, for files of any format.

``#`` wall, space (or ``-``, ``_``) floor, ``@`` the keeper, ``+`` the keeper on a target, ``$`` a
box, ``*`` a box on a target, ``.`` a target. The level's cells are the floor the keeper could ever
stand on: everything reachable from the keeper through anything but walls. Floor outside that (the
space round the walls, a sealed room) is no cell at all. A level is kept *normalised*: cells' floor
written ``-``, floor outside written as a space, no margin, no trailing spaces, so two files of the
same level read equal and a level written back reads back the same.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.files.model import Grid

__all__ = ["BOX", "BOXES", "KEEPER", "FLOOR", "KEEPERS", "Level", "LevelProblem", "MAX_SIDE", "TARGETS", "WALL", "level_text",
           "normalised"]

KEEPER, BOX = 1, 2                # the codes of a position (0: empty floor)
WALL = "#"
FLOOR = "-"                      # a cell's floor, as the game writes it
FLOORS = frozenset(" -_")        # floor as XSB files write it
KEEPERS = frozenset("@+")
BOXES = frozenset("$*")
TARGETS = frozenset(".+*")
CHARACTERS = frozenset("#@+$*.") | FLOORS
MAX_SIDE = 50                    # rows and columns of a level
MAX_CELLS = 400                  # cells a level's keeper may walk on
USE = N_("use the XSB characters # @ + $ * . and - (or a space) for floor")


class LevelProblem(ValueError):
    """What is wrong with a level, as one translated clause ("the level has no keeper")."""


@dataclass(frozen=True)
class Level:
    """A checked level: its normalised rows, and the grid cells of its floor (reading order), its
    targets, its boxes and its keeper."""

    rows: Grid
    cells: tuple[tuple[int, int], ...]
    targets: frozenset[tuple[int, int]]
    boxes: frozenset[tuple[int, int]]
    keeper: tuple[int, int]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max(len(row) for row in self.rows)

    def is_wall(self, r: int, c: int) -> bool:
        return 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]) and self.rows[r][c] == WALL


def read_level(lines: list[str]) -> Level:
    """The level the lines draw (blank lines round it ignored); LevelProblem if it is not one."""
    rows = [line.rstrip("\r\n").rstrip() for line in lines]
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        raise LevelProblem(_("the level is empty"))
    if len(rows) > MAX_SIDE:
        raise LevelProblem(_("the level has {rows} rows, more than {limit}").format(rows=len(rows), limit=MAX_SIDE))
    for n, row in enumerate(rows, 1):
        if len(row) > MAX_SIDE:
            raise LevelProblem(_("row {row} of the level has {cells} cells, more than {limit}")
                               .format(row=n, cells=len(row), limit=MAX_SIDE))
        bad = next((ch for ch in row if ch not in CHARACTERS), None)
        if bad is not None:
            raise LevelProblem(_("row {row} of the level contains the character {char}: {use}")
                               .format(row=n, char=shown(repr(bad)), use=_(USE)))
    return _checked(rows)


def _checked(rows: list[str]) -> Level:
    at = {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row)}
    keepers = [rc for rc, ch in at.items() if ch in KEEPERS]
    if not keepers:
        raise LevelProblem(_("the level has no keeper (@, or + on a target)"))
    if len(keepers) > 1:
        raise LevelProblem(_("the level has {n} keepers (@ or +), but a level has one").format(n=len(keepers)))
    region = _floor_from(keepers[0], at)
    if len(region) > MAX_CELLS:
        raise LevelProblem(_("the keeper can walk on {cells} cells, more than {limit}")
                           .format(cells=len(region), limit=MAX_CELLS))
    boxes = frozenset(rc for rc, ch in at.items() if ch in BOXES)
    targets = frozenset(rc for rc, ch in at.items() if ch in TARGETS)
    stray = sorted((boxes | targets) - region)
    if stray:
        r, c = stray[0]
        raise LevelProblem(_("row {row}, column {column}: the keeper can never reach this box or target (walls "
                             "close it off)").format(row=r + 1, column=c + 1))
    if not boxes:
        raise LevelProblem(_("the level has no box ($, or * on a target)"))
    if len(boxes) != len(targets):
        raise LevelProblem(_("the level has a different number of boxes ({boxes}) and targets ({targets}): each "
                             "box needs a target of its own").format(boxes=len(boxes), targets=len(targets)))
    if len(region) == len(boxes):
        raise LevelProblem(_("the boxes fill the whole floor, so the keeper has nowhere to stand"))
    return _normalised(rows, region, targets, boxes, keepers[0])


def _floor_from(keeper: tuple[int, int], at: dict[tuple[int, int], str]) -> frozenset[tuple[int, int]]:
    """Every grid cell reachable from the keeper through anything but walls."""
    seen, todo = {keeper}, [keeper]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near not in seen and near in at and at[near] != WALL:
                seen.add(near)
                todo.append(near)
    return frozenset(seen)


def _normalised(rows: list[str], region: frozenset[tuple[int, int]], targets: frozenset[tuple[int, int]],
                boxes: frozenset[tuple[int, int]], keeper: tuple[int, int]) -> Level:
    drawn = []
    for r, row in enumerate(rows):
        drawn.append("".join(ch if ch == WALL or (r, c) in region and ch not in FLOORS
                             else FLOOR if (r, c) in region else " " for c, ch in enumerate(row)).rstrip())
    margin = min(len(row) - len(row.lstrip(" ")) for row in drawn if row.strip())
    top = next(r for r, row in enumerate(drawn) if row.strip())
    bottom = max(r for r, row in enumerate(drawn) if row.strip())
    kept = tuple(row[margin:] for row in drawn[top:bottom + 1])

    def moved(cells: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        return frozenset((r - top, c - margin) for r, c in cells)

    cells = tuple(sorted((r - top, c - margin) for r, c in region))
    return Level(kept, cells, moved(targets), moved(boxes), (keeper[0] - top, keeper[1] - margin))


def normalised(rows: Grid) -> Grid:
    """A level's rows as the game keeps them (LevelProblem if they draw no level)."""
    return read_level(list(rows)).rows


def level_text(rows: Grid, boxes: frozenset[tuple[int, int]], keeper: tuple[int, int]) -> Grid:
    """The rows of a level with its boxes and keeper placed anew (its walls and targets as they are)."""
    out = []
    for r, row in enumerate(rows):
        line = []
        for c, ch in enumerate(row):
            if ch == WALL or ch == " ":
                line.append(ch)
                continue
            target = ch in TARGETS
            if (r, c) == keeper:
                line.append("+" if target else "@")
            elif (r, c) in boxes:
                line.append("*" if target else "$")
            else:
                line.append("." if target else FLOOR)
        out.append("".join(line))
    return tuple(out)
