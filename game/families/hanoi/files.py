"""The keys of a Tower of Hanoi file (``family = "hanoi"``): ``discs``, ``pegs``, and optional
``start`` and ``goal`` strings giving each disc's peg, smallest disc first ("1123"; by default the
whole tower on the first peg, to go to the last)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.common.i18n import _
from game.common.untrusted import shown
from game.families.base import FileKeys
from game.files.model import Common
from game.files.toml_file import TomlFile, describe
from game.files.toml_text import string

__all__ = ["HanoiDef", "KEYS", "MAX_PEGS", "MAX_POSITIONS", "most_discs", "pegs_text", "read", "with_start",
           "write"]

MIN_PEGS, MAX_PEGS = 3, 9     # a peg is one digit in a position's text
# every position in one table, built at once when an answer needs it (README, Limits: two million ranks):
# four pegs take 10 discs (1,048,576 positions), three take 13 (1,594,323)
MAX_POSITIONS = 2_000_000
COUNTED_DISCS = 64            # beyond this many discs a file is told the bound, not the positions it would make


@dataclass(frozen=True)
class HanoiDef:
    """family = "hanoi": the peg of each disc (0-based), smallest disc first, at the start and the goal."""

    common: Common
    discs: int
    pegs: int
    start: tuple[int, ...]
    goal: tuple[int, ...]


def most_discs(pegs: int) -> int:
    """The most discs whose every position fits one table on this many pegs."""
    discs = 1
    while pegs ** (discs + 1) <= MAX_POSITIONS:
        discs += 1
    return discs


def pegs_text(pegs: tuple[int, ...]) -> str:
    """Each disc's peg as a file writes it: "1123"."""
    return "".join(str(p + 1) for p in pegs)


def _whole(file: TomlFile, key: str, low: int, high: int, default: int | None = None) -> int:
    value = file.get(key, default)
    if value is None:
        file.fail(_("key '{key}' is missing").format(key=key))
    if type(value) is not int or not low <= value <= high:
        file.fail(_("key '{key}' must be a whole number from {low} to {high}, not {value}")
                  .format(key=key, low=low, high=high, value=describe(value)))
    return value


def _places(file: TomlFile, key: str, discs: int, pegs: int, default: tuple[int, ...]) -> tuple[int, ...]:
    value = file.get(key)
    if value is None:
        return default
    example = "1" * (discs - 1) + str(pegs) if discs > 1 else "1"
    if not isinstance(value, str):
        file.fail(_("key '{key}' must be text in quotes giving the peg of each disc, smallest first, like "
                    "\"{example}\", not {value}").format(key=key, example=example, value=describe(value)))
    digits = value.replace(" ", "")
    if len(digits) != discs:
        file.fail(_("key '{key}' must give the peg of each of the {discs} discs, smallest first, like \"{example}\"")
                  .format(key=key, discs=discs, example=example))
    for ch in digits:
        if not (ch.isascii() and ch.isdigit() and 1 <= int(ch) <= pegs):
            file.fail(_("key '{key}', {char} is not a peg: the pegs are 1 to {pegs}")
                      .format(key=key, char=shown(repr(ch)), pegs=pegs))
    return tuple(int(ch) - 1 for ch in digits)


def read(file: TomlFile, common: Common) -> HanoiDef:
    pegs = _whole(file, "pegs", MIN_PEGS, MAX_PEGS, 3)
    most, asked = most_discs(pegs), file.get("discs")
    if type(asked) is int and most < asked <= COUNTED_DISCS:
        file.fail(_("key 'discs', {discs} discs on {pegs} pegs make {positions:,} positions, more than the "
                    "{limit:,} one table may hold: use at most {most} discs")
                  .format(discs=asked, pegs=pegs, positions=pegs ** asked, limit=MAX_POSITIONS, most=most))
    discs = _whole(file, "discs", 1, most)
    start = _places(file, "start", discs, pegs, (0,) * discs)
    goal = _places(file, "goal", discs, pegs, (pegs - 1,) * discs)
    if goal == start:
        file.fail(_("key 'goal' is the start itself: there would be nothing to solve"))
    return HanoiDef(common, discs, pegs, start, goal)


def write(defn: HanoiDef) -> list[str]:
    """The discs, the pegs, the start and the goal."""
    return [f"discs = {defn.discs}", f"pegs = {defn.pegs}", f"start = {string(pegs_text(defn.start))}",
            f"goal = {string(pegs_text(defn.goal))}"]


def with_start(defn: HanoiDef, state: bytes, count: str | None = None) -> HanoiDef:
    """The same puzzle from the position ``state`` (a disc's code is its size, its cell's column its peg)."""
    pegs = [0] * defn.discs
    for cell, code in enumerate(state):
        if code:
            pegs[code - 1] = cell % defn.pegs
    return replace(defn, start=tuple(pegs))


KEYS = FileKeys(read, write, with_start)
