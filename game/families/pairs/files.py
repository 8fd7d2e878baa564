"""The keys of a pairs file (``family = "pairs"``): a row (or grid) of B and W stones, and a goal
grid, or a block of stones anywhere in the row (``goal_block``, either colour first if asked)."""
from __future__ import annotations

from dataclasses import dataclass

from game.common.i18n import _
from game.files.grids import STONES, same_size, same_stones, stone_grid, stones
from game.families.base import FileKeys
from game.families.stones import with_start
from game.files.model import Common, Grid
from game.files.shapes import EMPTY
from game.files.toml_file import TomlFile
from game.files.toml_text import grid, string

__all__ = ["KEYS", "PairsDef", "read", "with_start", "write"]


@dataclass(frozen=True)
class PairsDef:
    """family = "pairs": two adjacent stones of one row move, order kept, into two adjacent empty cells.
    The goal is a grid, or ``goal_block`` (the stones in one unbroken block anywhere in the row,
    with ``either_order``: either colour first)."""

    common: Common
    start: Grid
    goal: Grid | None = None
    goal_block: str = ""
    either_order: bool = False


def read(file: TomlFile, common: Common) -> PairsDef:
    """Pairs: a goal grid, or a block of stones anywhere in a row (either colour first if asked)."""
    alphabet = STONES + EMPTY
    start = stone_grid(file, "start", "pairs", alphabet)
    if stones(start) == (0, 0):
        file.fail(_("key 'start' has no stone"))
    if sum(row.count(EMPTY) for row in start) < 2:
        file.fail(_("key 'start' has fewer than two empty cells, so no pair could ever move"))
    if file.has("goal") == file.has("goal_block"):
        if file.has("goal"):
            file.fail(_("key 'goal_block' cannot be given together with 'goal': keep one of them"))
        file.fail(_("key 'goal' is missing: a pairs puzzle needs a goal grid or a goal_block"))
    either = file.get("either_order", False)
    if file.has("either_order") and not file.has("goal_block"):
        file.fail(_("key 'either_order' applies only to a goal_block"))
    if not isinstance(either, bool):
        file.fail(_("key 'either_order' must be true or false"))
    if file.has("goal"):
        goal = stone_grid(file, "goal", "pairs", alphabet)
        same_size(file, start, goal)
        same_stones(file, "goal", start, *stones(goal))
        return PairsDef(common, start, goal)
    block = file.get("goal_block")
    if not isinstance(block, str) or not block or set(block) - set(STONES):
        file.fail(_('key \'goal_block\' must be a string of B and W only, e.g. "BBBWWW"'))
    same_stones(file, "goal_block", start, block.count("B"), block.count("W"))
    if len(block) > len(start[0]):
        file.fail(_("key 'goal_block' has {count} stones, more than a row of {cells} cells holds")
                  .format(count=len(block), cells=len(start[0])))
    return PairsDef(common, start, None, block, either)


def write(defn: PairsDef) -> list[str]:
    """The start, then the goal grid or the goal block."""
    lines = [f"start = {grid(defn.start)}"]
    if defn.goal is None:
        lines += [f"goal_block = {string(defn.goal_block)}", f"either_order = {'true' if defn.either_order else 'false'}"]
    else:
        lines.append(f"goal = {grid(defn.goal)}")
    return lines


KEYS = FileKeys(read, write, with_start)
