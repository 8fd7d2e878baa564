"""The keys of a frogs file (``family = "frogs"``): a board of B and W stones with holes, the
directions each colour may move, and what a jump may go over."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.families.stones import read_board, with_start
from game.families.base import FileKeys
from game.files.model import Common, Grid
from game.files.toml_file import TomlFile
from game.files.toml_text import grid, string, string_list
from game.rules.directions import DIRECTIONS

__all__ = ["FrogsDef", "Jump", "KEYS", "read", "with_start", "write"]


class Jump(Enum):
    OTHER = "other"   # over one stone of the other colour
    ANY = "any"       # over one stone of either colour
    NONE = "none"     # never


@dataclass(frozen=True)
class FrogsDef:
    """family = "frogs": B and W stones slide or jump in their colour's directions."""

    common: Common
    start: Grid
    goal: Grid
    black: tuple[str, ...] = ("right", "down")
    white: tuple[str, ...] = ("left", "up")
    jump: Jump = Jump.OTHER


def read(file: TomlFile, common: Common) -> FrogsDef:
    start, goal = read_board(file, "frogs")
    black = _directions(file, "black", FrogsDef.black)
    white = _directions(file, "white", FrogsDef.white)
    jump = Jump(file.choice("jump", tuple(j.value for j in Jump), "other",
                            N_("key '{key}', {value} is not a jump rule: use {choices}")))
    return FrogsDef(common, start, goal, black, white, jump)


def _directions(file: TomlFile, key: str, default: tuple[str, ...]) -> tuple[str, ...]:
    value = file.get(key, list(default))
    if not isinstance(value, list) or not all(isinstance(d, str) for d in value):
        file.fail(_('key \'{key}\' must be a list of directions, e.g. ["right", "down"]').format(key=key))
    if not value:
        file.fail(_('key \'{key}\' names no direction, so those frogs could never move: name at least one, '
                    'e.g. ["right"]').format(key=key))
    for n, name in enumerate(value):
        if name not in DIRECTIONS:
            file.fail(_("key '{key}', '{value}' is not a direction: use {directions}")
                      .format(key=key, value=shown(name), directions=", ".join(DIRECTIONS)))
        if name in value[:n]:
            file.fail(_("key '{key}' names '{value}' twice").format(key=key, value=name))
    return tuple(value)


def write(defn: FrogsDef) -> list[str]:
    """The directions, the jump rule, the start and the goal."""
    return [f"black = {string_list(defn.black)}", f"white = {string_list(defn.white)}",
            f"jump = {string(defn.jump.value)}", f"start = {grid(defn.start)}", f"goal = {grid(defn.goal)}"]


KEYS = FileKeys(read, write, with_start)
