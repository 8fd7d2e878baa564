"""The keys of a ring file (``family = "ring"``): the start and the goal as one row of R, G and "."."""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.families.base import FileKeys
from game.files.model import Common, Grid
from game.files.toml_file import TomlFile
from game.files.toml_text import grid

TOKENS = "RG."


@dataclass(frozen=True)
class RingDef:
    common: Common
    start: Grid
    goal: Grid


def _row(file: TomlFile, key: str) -> Grid:
    rows = file.grid(key)
    if len(rows) != 1:
        file.fail(f"key '{key}' must be one row: the ring read clockwise")
    if set(rows[0]) - set(TOKENS):
        file.fail(f"key '{key}' uses only R, G and '.'")
    return rows


def read(file: TomlFile, common: Common) -> RingDef:
    start, goal = _row(file, "start"), _row(file, "goal")
    if sorted(start[0]) != sorted(goal[0]):
        file.fail("key 'goal' must hold the tokens of the start")
    return RingDef(common, start, goal)


def write(defn: RingDef) -> list[str]:
    return [f"start = {grid(defn.start)}", f"goal = {grid(defn.goal)}"]


def with_start(defn: RingDef, state: bytes, count: str | None = None) -> RingDef:
    return replace(defn, start=("".join(TOKENS[code - 1] if code else "." for code in state),))


KEYS = FileKeys(read, write, with_start)
