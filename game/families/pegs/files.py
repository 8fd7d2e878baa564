"""The keys of a peg-solitaire file (``family = "pegs"``): a board of pegs (``o``), empty holes (``.``)
and no hole (``#``), the directions a peg may jump in, how a move is counted, and the goal: a grid
(``?`` for either), a number of pegs left, or both."""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.common.i18n import N_, _, ngettext
from game.common.untrusted import shown
from game.families.base import FileKeys
from game.families.pegs.counts import CHAIN, COUNTS
from game.files.grids import same_size, same_walls
from game.files.model import Common, Grid
from game.files.shapes import ANY, EMPTY, WALL
from game.files.toml_file import TomlFile, describe
from game.files.toml_text import grid, string, string_list
from game.rules.directions import DIRECTIONS
from game.rules.puzzle import PositionError

__all__ = ["KEYS", "ORTHOGONAL", "PEG", "PegsDef", "read", "with_start", "write"]

PEG = "o"
ORTHOGONAL = ("right", "left", "up", "down")


@dataclass(frozen=True)
class PegsDef:
    """family = "pegs": pegs jump over a neighbour into an empty hole, taking it off the board."""

    common: Common
    start: Grid
    goal: Grid | None = None          # None: only the number of pegs left counts
    goal_pegs: int | None = None      # the goal has exactly this many pegs (with ``goal``: and matches it)
    directions: tuple[str, ...] = ORTHOGONAL
    moves: str = CHAIN.key            # the count its puzzle is played with unless the player switches


def read(file: TomlFile, common: Common) -> PegsDef:
    start = _board(file, "start", PEG + EMPTY + WALL)
    if not any(PEG in row for row in start):
        file.fail(_("key 'start' has no peg"))
    if not any(EMPTY in row for row in start):
        file.fail(_("key 'start' has no empty hole, so no peg could ever jump"))
    goal = _board(file, "goal", PEG + EMPTY + WALL + ANY) if file.has("goal") else None
    if goal is not None:
        same_size(file, start, goal)
        same_walls(file, start, goal, "hole")
    goal_pegs = _goal_pegs(file, start, goal)
    directions = _directions(file)
    moves = file.choice("moves", tuple(c.key for c in COUNTS), CHAIN.key,
                        N_("key '{key}', {value} is not a move count: use {choices}"))
    return PegsDef(common, start, goal, goal_pegs, directions, moves)


def _board(file: TomlFile, key: str, alphabet: str) -> Grid:
    rows = file.grid(key)
    for r, row in enumerate(rows, 1):
        for ch in row:
            if ch not in alphabet:
                quoted = [f"'{a}'" for a in alphabet]
                # Translators: {cells} lists the grid's characters: "'o', '.' and '#'".
                cells = _("{cells} and {last}").format(cells=", ".join(quoted[:-1]), last=quoted[-1])
                file.fail(_("key '{key}', row {row} contains '{char}', but a {family} grid uses only {cells}")
                          .format(key=key, row=r, char=shown(ch), family="pegs", cells=cells))
    return rows


def _goal_pegs(file: TomlFile, start: Grid, goal: Grid | None) -> int | None:
    value = file.get("goal_pegs")
    if value is None:
        if goal is None:
            file.fail(_("key 'goal' is missing: give a goal grid, or goal_pegs (how many pegs are left at the end)"))
        return None
    pegs = sum(row.count(PEG) for row in start)
    if type(value) is int and value == pegs:
        file.fail(ngettext("key 'goal_pegs' is {value}, but the start already has {pegs} peg: there would be nothing "
                           "to solve", "key 'goal_pegs' is {value}, but the start already has {pegs} pegs: there would "
                           "be nothing to solve", pegs).format(value=value, pegs=pegs))
    if type(value) is int and value > pegs:
        file.fail(ngettext("key 'goal_pegs' is {value}, more than the start's {pegs} peg: a jump takes a peg off, "
                           "never puts one on", "key 'goal_pegs' is {value}, more than the start's {pegs} pegs: a jump "
                           "takes a peg off, never puts one on", pegs).format(value=value, pegs=pegs))
    if pegs == 1:   # no count is both fewer than the start's and a peg: said so, never "from 1 to 0"
        file.fail(_("key 'goal_pegs' cannot be met: the start has one peg, and a goal leaves at least one peg and "
                    "fewer than the start, not {value}").format(value=describe(value)))
    if type(value) is not int or not 1 <= value < pegs:
        file.fail(_("key 'goal_pegs' must be a whole number from 1 to {most} (fewer than the start's pegs), not "
                    "{value}").format(most=pegs - 1, value=describe(value)))
    if goal is not None:
        fixed = sum(row.count(PEG) for row in goal)
        free = sum(row.count(ANY) for row in goal)
        if not fixed <= value <= fixed + free:
            file.fail(_("key 'goal_pegs' asks for {value} pegs, but the goal grid has {fixed} pegs and {free} "
                        "holes marked '?'").format(value=value, fixed=fixed, free=free))
    return value


def _directions(file: TomlFile) -> tuple[str, ...]:
    value = file.get("directions", list(ORTHOGONAL))
    if not isinstance(value, list) or not all(isinstance(d, str) for d in value) or not value:
        file.fail(_('key \'directions\' must be a list of directions, e.g. ["right", "left", "up", "down"]'))
    for n, name in enumerate(value):
        if name not in DIRECTIONS:
            file.fail(_("key '{key}', '{value}' is not a direction: use {directions}")
                      .format(key="directions", value=shown(name), directions=", ".join(DIRECTIONS)))
        if name in value[:n]:
            file.fail(_("key '{key}' names '{value}' twice").format(key="directions", value=name))
    return tuple(value)


def write(defn: PegsDef) -> list[str]:
    """The count, the directions (where not the four straight ones), the start, the goal."""
    lines = [f"moves = {string(defn.moves)}"]
    if defn.directions != ORTHOGONAL:
        lines.append(f"directions = {string_list(defn.directions)}")
    lines.append(f"start = {grid(defn.start)}")
    if defn.goal is not None:
        lines.append(f"goal = {grid(defn.goal)}")
    if defn.goal_pegs is not None:
        lines.append(f"goal_pegs = {defn.goal_pegs}")
    return lines


def board_grid(board: Grid, state: bytes) -> Grid:
    """The rows of ``board`` (a start grid: only its holes matter) filled with ``state`` (1: a peg)."""
    if len(state) != sum(ch != WALL for row in board for ch in row) or any(code > 1 for code in state):
        raise PositionError(_("this position does not fit the puzzle's board."))
    cells = iter(state)
    return tuple("".join(WALL if ch == WALL else (PEG if next(cells) else EMPTY) for ch in row) for row in board)


def with_start(defn: PegsDef, state: bytes, count: str | None = None) -> PegsDef:
    """The same puzzle from ``state``, counted by ``count`` where given."""
    start = board_grid(defn.start, state)
    pegs = sum(state)
    if defn.goal_pegs is not None and defn.goal_pegs >= pegs:
        raise PositionError(_("this position has {pegs} pegs, but the goal leaves {goal}: a puzzle from here would "
                              "have nothing to do.").format(pegs=pegs, goal=defn.goal_pegs))
    return replace(defn, start=start, moves=count or defn.moves)


KEYS = FileKeys(read, write, with_start)
