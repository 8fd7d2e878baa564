"""The keys of a Sokoban file (``family = "sokoban"``): the ``level`` in XSB characters, and ``moves``,
how its solutions are counted (``"moves"``: every step; ``"pushes"``: pushes, walking free)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.common.i18n import N_, _
from game.families.base import FileKeys
from game.families.sokoban.level import BOX, KEEPER, LevelProblem, level_text, read_level
from game.files.model import Common, Grid
from game.files.toml_file import TomlFile, describe
from game.files.toml_text import escaped, string
from game.rules.notation import Written
from game.rules.puzzle import PositionError

__all__ = ["KEYS", "MOVES", "SokobanDef", "level_grid", "read", "with_start", "write"]

MOVES = ("moves", "pushes")


@dataclass(frozen=True)
class SokobanDef:
    """family = "sokoban": a level (normalised rows, see :mod:`game.families.sokoban.level`) and its count;
    from a ``.sok`` file, the solutions it gives (:mod:`game.families.sokoban.xsb`)."""

    common: Common
    level: Grid
    moves: str = "moves"
    # the solutions a .sok file gives after the level (never written to TOML, never part of what the level is)
    solutions: tuple[Written, ...] = field(default=(), compare=False)


def level_grid(file: TomlFile) -> Grid:
    """The ``level`` key: a multi-line string of XSB characters, checked as a level."""
    value = file.get("level")
    if value is None:
        file.fail(_("key 'level' is missing: draw the level in XSB characters (# @ $ . and - for floor)"))
    if not isinstance(value, str):
        file.fail(_("key 'level' must be the level drawn as a multi-line string, not {value}")
                  .format(value=describe(value)))
    try:
        return read_level(value.replace("\r\n", "\n").split("\n")).rows
    except LevelProblem as problem:
        file.fail(_("key 'level': {problem}").format(problem=problem))


def read(file: TomlFile, common: Common) -> SokobanDef:
    for key in ("start", "goal"):
        if file.has(key):
            file.fail(_("key '{key}' is not used by a Sokoban file: its level holds the start, and the goal is every "
                        "box on a target").format(key=key))
    level = level_grid(file)
    moves = file.choice("moves", MOVES, "moves", N_("key '{key}', {value} is not a way to count: use {choices}"))
    return SokobanDef(common, level, moves)


def write(defn: SokobanDef) -> list[str]:
    """The count, then the level drawn as it looks (a space round its walls, '-' for its floor)."""
    return [f"moves = {string(defn.moves)}", 'level = """\n' + "\n".join(escaped(row) for row in defn.level) + '\n"""']


def with_start(defn: SokobanDef, state: bytes, count: str | None = None) -> SokobanDef:
    """The same level from another position (``state``: a code per cell, as the rules read them), under
    ``count`` where it is given."""
    level = read_level(list(defn.level))
    if len(state) != len(level.cells) or state.count(KEEPER) != 1 or state.count(BOX) != len(level.boxes) \
            or any(code > BOX for code in state):
        raise PositionError(_("this position does not fit the level."))
    boxes = frozenset(rc for rc, code in zip(level.cells, state) if code == BOX)
    keeper = level.cells[state.index(KEEPER)]
    return replace(defn, level=level_text(defn.level, boxes, keeper), moves=count or defn.moves, solutions=())


KEYS = FileKeys(read, write, with_start)
