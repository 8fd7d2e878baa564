"""A definition written back as the TOML of PUZZLE-FILES.md, for people to read and edit.

Converting an imported collection once (jim'slide, Knuth) gives files a player can change by
hand, so grids are multi-line strings drawn as the board looks, and every option is spelled out.
``parse_toml(to_toml(d), d.common.origin) == d`` for every definition a reader returns.
"""
from __future__ import annotations

import re

from game.files.model import BlocksDef, FrogsDef, Grid, KnightsDef, PairsDef, PuzzleDef

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def to_toml(defn: PuzzleDef) -> str:
    """The TOML text of ``defn``: common keys, the family's options, start, goal, then figures."""
    common = defn.common
    lines = ["format = 1", f"title = {string(common.title)}"]
    if common.subtitle:
        lines.append(f"subtitle = {string(common.subtitle)}")
    lines.append(f"family = {string(family_of(defn))}")
    if common.source:
        lines.append(f"source = {string(common.source)}")
    if common.group:
        lines += [f"group = {string(common.group)}", f"variant = {string(common.variant)}"]
    if isinstance(defn, BlocksDef):
        lines.append(f"moves = {string(defn.moves.value)}")
    if isinstance(defn, FrogsDef):
        lines += [f"black = {string_list(defn.black)}", f"white = {string_list(defn.white)}",
                  f"jump = {string(defn.jump.value)}"]
    lines.append(f"start = {grid(defn.start)}")
    if isinstance(defn, BlocksDef):
        if defn.same:
            lines.append(f"same = {string_list(defn.same)}")
        if defn.axis:
            pairs = ", ".join(f"{key(ch)} = {string(axis.value)}" for ch, axis in defn.axis.items())
            lines.append(f"axis = {{ {pairs} }}")
    if isinstance(defn, PairsDef) and defn.goal is None:
        lines += [f"goal_block = {string(defn.goal_block)}", f"either_order = {'true' if defn.either_order else 'false'}"]
    elif defn.goal is not None:
        lines.append(f"goal = {grid(defn.goal)}")
    if common.published:
        lines += ["", "[published]"] + [f"{key(k)} = {int(v)}" for k, v in common.published.items()]
    return "\n".join(lines) + "\n"


def family_of(defn: PuzzleDef) -> str:
    kinds = {BlocksDef: "blocks", FrogsDef: "frogs", KnightsDef: "knights", PairsDef: "pairs"}
    return kinds[type(defn)]


def escaped(text: str) -> str:
    """Text safe inside a TOML basic string (single- or multi-line)."""
    return "".join(_ESCAPES.get(ch, f"\\u{ord(ch):04x}" if ord(ch) < 0x20 or ord(ch) == 0x7F else ch)
                   for ch in text)


def string(text: str) -> str:
    return f'"{escaped(text)}"'


def string_list(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(string(item) for item in items) + "]"


def key(name: str) -> str:
    return name if _BARE_KEY.match(name) else string(name)


def grid(rows: Grid) -> str:
    """A grid as a multi-line string, one row per line, so the file shows the board."""
    return '"""\n' + "\n".join(escaped(row) for row in rows) + '\n"""'
