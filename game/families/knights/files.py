"""The keys of a knights file (``family = "knights"``): a board of B and W knights with holes, and
the goal they must reach."""
from __future__ import annotations

from dataclasses import dataclass

from game.families.stones import read_board, with_start
from game.families.base import FileKeys
from game.files.model import Common, Grid
from game.files.toml_file import TomlFile
from game.files.toml_text import grid

__all__ = ["KEYS", "KnightsDef", "read", "with_start", "write"]


@dataclass(frozen=True)
class KnightsDef:
    """family = "knights": B and W knights move by a chess knight's move to an empty cell."""

    common: Common
    start: Grid
    goal: Grid


def read(file: TomlFile, common: Common) -> KnightsDef:
    return KnightsDef(common, *read_board(file, "knights"))


def write(defn: KnightsDef) -> list[str]:
    return [f"start = {grid(defn.start)}", f"goal = {grid(defn.goal)}"]


KEYS = FileKeys(read, write, with_start)
