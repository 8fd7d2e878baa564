"""Checks that several families' grids share: start and goal of one size with the same walls or
holes, and grids of stones (B and W) with the same stones in start and goal. Each mistake is one
sentence naming the key (:meth:`game.files.toml_file.TomlFile.fail`)."""
from __future__ import annotations

from typing import Collection

from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.files.model import Grid
from game.files.shapes import WALL
from game.files.toml_file import TomlFile

__all__ = ["STONES", "same_groups", "same_size", "same_stones", "same_walls", "stone_grid", "stones"]

STONES = "BW"


def same_size(file: TomlFile, start: Grid, goal: Grid) -> None:
    if (len(goal), len(goal[0])) != (len(start), len(start[0])):
        file.fail(_("key 'goal', the goal has {rows} rows of {cells} cells, but the start has {start_rows} rows "
                    "of {start_cells}").format(rows=len(goal), cells=len(goal[0]), start_rows=len(start),
                                               start_cells=len(start[0])))


SAME_HOLES = {   # (a wall, a hole) by (whether the start or the goal has it): one sentence each
    ("wall", True): N_("key 'goal', row {row}, column {column} is a wall ('#') in the start but not in the goal: "
                       "start and goal must have the same walls"),
    ("wall", False): N_("key 'goal', row {row}, column {column} is a wall ('#') in the goal but not in the start: "
                        "start and goal must have the same walls"),
    ("hole", True): N_("key 'goal', row {row}, column {column} is a hole ('#') in the start but not in the goal: "
                       "start and goal must have the same holes"),
    ("hole", False): N_("key 'goal', row {row}, column {column} is a hole ('#') in the goal but not in the start: "
                        "start and goal must have the same holes"),
}


def same_walls(file: TomlFile, start: Grid, goal: Grid, word: str) -> None:
    for r, (start_row, goal_row) in enumerate(zip(start, goal), 1):
        for c, (s, g) in enumerate(zip(start_row, goal_row), 1):
            if (s == WALL) != (g == WALL):
                file.fail(_(SAME_HOLES[word, s == WALL]).format(row=r, column=c))


def stone_grid(file: TomlFile, key: str, family: str, alphabet: str) -> Grid:
    grid = file.grid(key)
    for r, row in enumerate(grid, 1):
        for ch in row:
            if ch not in alphabet:
                quoted = [f"'{a}'" for a in alphabet]
                # Translators: {cells} lists the grid's characters: "'B', 'W', '.' and '#'".
                cells = _("{cells} and {last}").format(cells=", ".join(quoted[:-1]), last=quoted[-1])
                file.fail(_("key '{key}', row {row} contains '{char}', but a {family} grid uses only {cells}")
                          .format(key=key, row=r, char=shown(ch), family=family, cells=cells))
    return grid


def stones(grid: Grid) -> tuple[int, int]:
    return sum(row.count("B") for row in grid), sum(row.count("W") for row in grid)


def same_stones(file: TomlFile, key: str, start: Grid, black: int, white: int) -> None:
    have = stones(start)
    if (black, white) != have:
        file.fail(_("key '{key}' has {black} black and {white} white stones, but the start has {start_black} and "
                    "{start_white}").format(key=key, black=black, white=white, start_black=have[0],
                                            start_white=have[1]))


def same_groups(file: TomlFile, pieces: Collection[str]) -> tuple[str, ...]:
    """Key 'same': groups of interchangeable pieces, each a string naming at least two of ``pieces``,
    each piece in one group at most."""
    value = file.get("same", [])
    if not isinstance(value, list) or not all(isinstance(g, str) for g in value):
        file.fail(_('key \'same\' must be a list of strings, e.g. same = ["ACDF", "GHIJ"]'))
    seen: set[str] = set()
    for n, group in enumerate(value, 1):
        if len(group) < 2:
            file.fail(_("key 'same', group {number} ('{group}') must name at least two identical pieces")
                      .format(number=n, group=shown(group)))
        for ch in group:
            if ch not in pieces:
                file.fail(_("key 'same', group {number} names '{piece}', which is not a piece of the start")
                          .format(number=n, piece=shown(ch)))
            if ch in seen:
                file.fail(_("key 'same', piece '{piece}' is named more than once").format(piece=shown(ch)))
            seen.add(ch)
    return tuple(value)
