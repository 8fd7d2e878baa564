"""The keys of a robots file (``family = "robots"``): robots as letters on a board with wall blocks,
the robots that are interchangeable, the goal (the target robot's cell, '?' elsewhere) and what the
board's edge does.

Only structure is checked here (one cell per robot, letters, walls, the goal's robots); whether
the goal can be reached is for the search to say.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.families.base import FileKeys
from game.files.grids import same_groups, same_size, same_walls
from game.files.model import Common, Grid
from game.files.shapes import ANY, EMPTY, PIECE_LETTERS, WALL
from game.files.toml_file import TomlFile
from game.files.toml_text import grid, string, string_list
from game.rules.puzzle import PositionError

__all__ = ["EDGES", "KEYS", "MAX_ROBOTS", "RobotsDef", "cast", "read", "robot_grid", "with_start", "write"]

EDGES = ("fall", "stop")   # Lunar Lockout: a robot would fall off, so it may not go; Ricochet Robots: the edge stops it
MAX_ROBOTS = 20


@dataclass(frozen=True)
class RobotsDef:
    """family = "robots": each letter of ``start`` is one robot on one cell; ``same`` groups robots that
    are interchangeable; ``goal`` puts a robot (or one identical to it) on its target cell, '?' elsewhere."""

    common: Common
    start: Grid
    goal: Grid
    same: tuple[str, ...] = ()
    edge: str = "fall"


def cast(start: Grid, same: tuple[str, ...]) -> tuple[str, ...]:
    """The robots by code (code 1 first): the letters of each kind of robot (one robot, or a ``same``
    group), kinds in the order of their first letter, so a kind's code does not depend on where its
    robots stand. Position text hands a kind's letters out in the order they stand in the start,
    so the start reads back as it is written."""
    order = [ch for row in start for ch in row if ch not in (EMPTY, WALL, ANY)]
    group_of = {ch: group for group in same for ch in group}
    kinds = {"".join(sorted(group_of.get(ch, ch), key=order.index)) for ch in order}
    return tuple(sorted(kinds, key=min))


def read(file: TomlFile, common: Common) -> RobotsDef:
    start = file.grid("start")
    robots = _robots(file, start)
    same = same_groups(file, robots)
    edge = file.choice("edge", EDGES, "fall", N_("key '{key}', {value} is not an edge rule: use {choices}"))
    goal = file.grid("goal")
    _goal(file, start, goal, robots)
    return RobotsDef(common, start, goal, same, edge)


def _robots(file: TomlFile, start: Grid) -> list[str]:
    """The robots' letters in reading order: each a letter or digit, on one cell."""
    robots: list[str] = []
    for r, row in enumerate(start, 1):
        for ch in row:
            if ch in (EMPTY, WALL):
                continue
            if ch not in PIECE_LETTERS:
                file.fail(_("key 'start', row {row} contains '{char}': a robot is a letter or a digit, and the "
                            "other cells are '.' (empty) or '#' (a wall)").format(row=r, char=shown(ch)))
            if ch in robots:
                file.fail(_("key 'start', robot '{robot}' stands on two cells: give each robot a letter of its own "
                            "(interchangeable robots are named in 'same')").format(robot=ch))
            robots.append(ch)
    if not robots:
        file.fail(_("key 'start' has no robot"))
    if len(robots) > MAX_ROBOTS:
        file.fail(_("key 'start' has {count} robots, more than {limit}").format(count=len(robots), limit=MAX_ROBOTS))
    if not any(EMPTY in row for row in start):
        file.fail(_("key 'start' has no empty cell, so no robot could ever move"))
    return robots


def _goal(file: TomlFile, start: Grid, goal: Grid, robots: list[str]) -> None:
    """The goal: robots of the start, each at most once, '?' and '.' elsewhere; room for the rest. A wall
    of the start may be written '#' or '?' in the goal ('?' stands everywhere but the target's cell)."""
    same_size(file, start, goal)
    same_walls(file, start, _walled(start, goal), "wall")
    named: list[str] = []
    for r, (start_row, row) in enumerate(zip(start, goal), 1):
        for wall, ch in zip(start_row, row):
            if ch in (EMPTY, WALL, ANY) or wall == WALL and ch == ANY:
                continue
            if ch not in robots:
                file.fail(_("key 'goal', row {row} names '{robot}', which is not a robot of the start")
                          .format(row=r, robot=shown(ch)))
            if ch in named:
                file.fail(_("key 'goal' names robot '{robot}' twice: write each robot once, on its target cell")
                          .format(robot=ch))
            named.append(ch)
    if not named:
        file.fail(_("key 'goal' names no robot: write the target robot's letter on its target cell and '?' "
                    "everywhere else"))
    free = sum(ch == ANY for row in _walled(start, goal) for ch in row)
    if free < len(robots) - len(named):
        file.fail(_("key 'goal' has too few cells marked '?' for the robots it does not name: {free} for {need}")
                  .format(free=free, need=len(robots) - len(named)))


def _walled(start: Grid, goal: Grid) -> Grid:
    """The goal with the start's walls written '#' where it writes them '?'."""
    return tuple("".join(WALL if wall == WALL and ch == ANY else ch for wall, ch in zip(start_row, row))
                 for start_row, row in zip(start, goal))


def write(defn: RobotsDef) -> list[str]:
    """The edge rule, the start, the interchangeable robots and the goal."""
    lines = [f"edge = {string(defn.edge)}", f"start = {grid(defn.start)}"]
    if defn.same:
        lines.append(f"same = {string_list(defn.same)}")
    lines.append(f"goal = {grid(defn.goal)}")
    return lines


MISFIT = N_("this position does not fit the puzzle's board.")


def robot_grid(defn: RobotsDef, state: bytes) -> Grid:
    """The start grid of a position (one code per cell of the board, walls left out): each kind's letters
    handed out in reading order."""
    kinds = cast(defn.start, defn.same)
    cells = sum(ch != WALL for row in defn.start for ch in row)
    if len(state) != cells or any(state.count(code) != len(letters) for code, letters in enumerate(kinds, 1)):
        raise PositionError(_(MISFIT))
    handed = {code: iter(letters) for code, letters in enumerate(kinds, 1)}
    codes = iter(state)
    rows = []
    for row in defn.start:
        out = []
        for ch in row:
            if ch == WALL:
                out.append(WALL)
                continue
            code = next(codes)
            out.append(next(handed[code]) if code else EMPTY)
        rows.append("".join(out))
    return tuple(rows)


def with_start(defn: RobotsDef, state: bytes, count: str | None = None) -> RobotsDef:
    """The same puzzle from ``state`` (one way to count: ``count`` changes nothing)."""
    return replace(defn, start=robot_grid(defn, state))


KEYS = FileKeys(read, write, with_start)
