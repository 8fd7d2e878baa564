"""The family keys of a TOML puzzle file: what each family's start, goal and options must satisfy.

Only structure is checked here (shapes, counts, walls, names); the lead's rules and the search
decide whether a goal can actually be reached.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.files.model import DIRECTIONS, Axis, BlocksDef, Common, FrogsDef, Grid, Jump, KnightsDef, MoveCount, PairsDef
from game.files.shapes import (ANY, EMPTY, MAX_PIECES, WALL, copies, is_connected, piece_cells, shape_of,
                               unplaced)
from game.i18n import N_, _, ngettext
from game.untrusted import shown

if TYPE_CHECKING:
    from game.files.toml_reader import TomlFile

STONES = "BW"


def blocks(file: TomlFile, common: Common) -> BlocksDef:
    start = file.grid("start")
    pieces = piece_cells(start)
    if any(ANY in row for row in start):
        file.fail(_("key 'start' contains '?', which only a goal may use"))
    if not pieces:
        file.fail(_("key 'start' has no piece"))
    if len(pieces) > MAX_PIECES:
        file.fail(_("key 'start' has {count} pieces, more than {limit}").format(count=len(pieces), limit=MAX_PIECES))
    if not any(EMPTY in row for row in start):
        file.fail(_("key 'start' has no empty cell, so no piece could ever move"))
    for ch, cells in pieces.items():
        if not is_connected(cells):
            file.fail(_("key 'start', piece '{piece}' is split in two: the cells of one character must touch edge "
                        "to edge").format(piece=shown(ch)))
    same = _same(file, pieces)
    moves = MoveCount(file.choice("moves", tuple(m.value for m in MoveCount), "path",
                                  N_("key '{key}', {value} is not a move count: use {choices}")))
    axis = _axis(file, pieces, same)
    goal = file.grid("goal")
    _blocks_goal(file, start, goal, pieces, same)
    return BlocksDef(common, start, goal, same, axis, moves)


def _same(file: TomlFile, pieces: dict[str, list[tuple[int, int]]]) -> tuple[str, ...]:
    """Groups of interchangeable pieces: each a string of piece characters of one shape."""
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
            if shape_of(pieces[ch]) != shape_of(pieces[group[0]]):
                file.fail(_("key 'same', pieces '{first}' and '{other}' are declared identical but have different "
                            "shapes").format(first=shown(group[0]), other=shown(ch)))
    return tuple(value)


def _axis(file: TomlFile, pieces: dict[str, list[tuple[int, int]]], same: tuple[str, ...]) -> dict[str, Axis]:
    """Pieces that move along one axis only; identical pieces must agree, or they could not swap."""
    value = file.get("axis", {})
    if not isinstance(value, dict):
        file.fail(_('key \'axis\' must be a table, e.g. axis = { A = "x", B = "y" }'))
    axis = {}
    for ch, direction in value.items():
        where = f"axis.{shown(ch)}"
        if ch not in pieces:
            file.fail(_("key '{key}' names '{piece}', which is not a piece of the start")
                      .format(key=where, piece=shown(ch)))
        if direction not in ("x", "y"):
            file.fail(_('key \'{key}\' must be "x" (moves only sideways) or "y" (moves only up and down)')
                      .format(key=where))
        axis[ch] = Axis(direction)
    for group in same:
        if len({axis.get(ch) for ch in group}) > 1:
            file.fail(_("key 'axis', the identical pieces '{pieces}' must all have the same axis")
                      .format(pieces=shown(group)))
    return axis


def _same_size(file: TomlFile, start: Grid, goal: Grid) -> None:
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


def _same_walls(file: TomlFile, start: Grid, goal: Grid, word: str) -> None:
    for r, (start_row, goal_row) in enumerate(zip(start, goal), 1):
        for c, (s, g) in enumerate(zip(start_row, goal_row), 1):
            if (s == WALL) != (g == WALL):
                file.fail(_(SAME_HOLES[word, s == WALL]).format(row=r, column=c))


def _blocks_goal(file: TomlFile, start: Grid, goal: Grid, pieces: dict[str, list[tuple[int, int]]],
                 same: tuple[str, ...]) -> None:
    """Each goal character is one whole copy of its piece; a goal without '?' shows every piece."""
    _same_size(file, start, goal)
    _same_walls(file, start, goal, "wall")
    placed = piece_cells(goal)
    for ch, cells in placed.items():
        if ch not in pieces:
            file.fail(_("key 'goal' names piece '{piece}', which the start does not have").format(piece=shown(ch)))
        count = copies(cells, shape_of(pieces[ch]))
        if count is None:
            file.fail(_("key 'goal', the cells of piece '{piece}' do not have its shape in the start")
                      .format(piece=shown(ch)))
        if count > 1:
            file.fail(_("key 'goal' shows piece '{piece}' {count} times: write each piece once (an identical piece "
                        "may use the character of any piece in its group)").format(piece=shown(ch), count=count))
    gap = unplaced(pieces, goal, same)
    if gap and gap.piece:
        file.fail(_("key 'goal' shows {shown} of the pieces like '{piece}', but the start has {count}: mark cells "
                    "that may hold anything with '?'").format(shown=gap.shown, piece=gap.piece, count=gap.total))
    if gap:
        file.fail(ngettext("key 'goal' leaves {free} cell marked '?' for the pieces it does not show, which need "
                           "{need}", "key 'goal' leaves {free} cells marked '?' for the pieces it does not show, "
                           "which need {need}", gap.free).format(free=gap.free, need=gap.need))


def _stone_grid(file: TomlFile, key: str, family: str, alphabet: str) -> Grid:
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


def _stones(grid: Grid) -> tuple[int, int]:
    return sum(row.count("B") for row in grid), sum(row.count("W") for row in grid)


def _same_stones(file: TomlFile, key: str, start: Grid, black: int, white: int) -> None:
    have = _stones(start)
    if (black, white) != have:
        file.fail(_("key '{key}' has {black} black and {white} white stones, but the start has {start_black} and "
                    "{start_white}").format(key=key, black=black, white=white, start_black=have[0],
                                            start_white=have[1]))


def tokens(file: TomlFile, common: Common, family: str) -> FrogsDef | KnightsDef:
    """Frogs and knights: B and W stones on a board with holes; the goal moves stones only."""
    alphabet = STONES + EMPTY + WALL
    start = _stone_grid(file, "start", family, alphabet)
    if not any(EMPTY in row for row in start):
        file.fail(_("key 'start' has no empty cell, so no stone could ever move"))
    if _stones(start) == (0, 0):
        file.fail(_("key 'start' has no stone"))
    goal = _stone_grid(file, "goal", family, alphabet)
    _same_size(file, start, goal)
    _same_walls(file, start, goal, "hole")
    _same_stones(file, "goal", start, *_stones(goal))
    if family == "knights":
        return KnightsDef(common, start, goal)
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


def pairs(file: TomlFile, common: Common) -> PairsDef:
    """Pairs: a goal grid, or a block of stones anywhere in a row (either colour first if asked)."""
    alphabet = STONES + EMPTY
    start = _stone_grid(file, "start", "pairs", alphabet)
    if _stones(start) == (0, 0):
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
        goal = _stone_grid(file, "goal", "pairs", alphabet)
        _same_size(file, start, goal)
        _same_stones(file, "goal", start, *_stones(goal))
        return PairsDef(common, start, goal)
    block = file.get("goal_block")
    if not isinstance(block, str) or not block or set(block) - set(STONES):
        file.fail(_('key \'goal_block\' must be a string of B and W only, e.g. "BBBWWW"'))
    _same_stones(file, "goal_block", start, block.count("B"), block.count("W"))
    if len(block) > len(start[0]):
        file.fail(_("key 'goal_block' has {count} stones, more than a row of {cells} cells holds")
                  .format(count=len(block), cells=len(start[0])))
    return PairsDef(common, start, None, block, either)
