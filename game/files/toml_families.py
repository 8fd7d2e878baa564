"""The family keys of a TOML puzzle file: what each family's start, goal and options must satisfy.

Only structure is checked here (shapes, counts, walls, names); the lead's rules and the search
decide whether a goal can actually be reached.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.files.model import DIRECTIONS, Axis, BlocksDef, Common, FrogsDef, Grid, Jump, KnightsDef, MoveCount, PairsDef
from game.files.shapes import (ANY, EMPTY, MAX_PIECES, WALL, copies, is_connected, piece_cells, shape_of,
                               unplaced_problem)
from game.untrusted import shown

if TYPE_CHECKING:
    from game.files.toml_reader import TomlFile

STONES = "BW"


def blocks(file: TomlFile, common: Common) -> BlocksDef:
    start = file.grid("start")
    pieces = piece_cells(start)
    where = "key 'start'"
    if any(ANY in row for row in start):
        file.fail(where, "contains '?', which only a goal may use")
    if not pieces:
        file.fail(where, "has no piece")
    if len(pieces) > MAX_PIECES:
        file.fail(where, f"has {len(pieces)} pieces, more than {MAX_PIECES}")
    if not any(EMPTY in row for row in start):
        file.fail(where, "has no empty cell, so no piece could ever move")
    for ch, cells in pieces.items():
        if not is_connected(cells):
            file.fail(where, f"piece '{shown(ch)}' is split in two: the cells of one character must touch edge to edge")
    same = _same(file, pieces)
    moves = MoveCount(file.choice("moves", tuple(m.value for m in MoveCount), "path", "a move count"))
    axis = _axis(file, pieces, same)
    goal = file.grid("goal")
    _blocks_goal(file, start, goal, pieces, same)
    return BlocksDef(common, start, goal, same, axis, moves)


def _same(file: TomlFile, pieces: dict[str, list[tuple[int, int]]]) -> tuple[str, ...]:
    """Groups of interchangeable pieces: each a string of piece characters of one shape."""
    where = "key 'same'"
    value = file.get("same", [])
    if not isinstance(value, list) or not all(isinstance(g, str) for g in value):
        file.fail(where, 'must be a list of strings, e.g. same = ["ACDF", "GHIJ"]')
    seen: set[str] = set()
    for n, group in enumerate(value, 1):
        if len(group) < 2:
            file.fail(where, f"group {n} ('{shown(group)}') must name at least two identical pieces")
        for ch in group:
            if ch not in pieces:
                file.fail(where, f"group {n} names '{shown(ch)}', which is not a piece of the start")
            if ch in seen:
                file.fail(where, f"piece '{shown(ch)}' is named more than once")
            seen.add(ch)
            if shape_of(pieces[ch]) != shape_of(pieces[group[0]]):
                file.fail(where, f"pieces '{shown(group[0])}' and '{shown(ch)}' are declared identical but have different shapes")
    return tuple(value)


def _axis(file: TomlFile, pieces: dict[str, list[tuple[int, int]]], same: tuple[str, ...]) -> dict[str, Axis]:
    """Pieces that move along one axis only; identical pieces must agree, or they could not swap."""
    value = file.get("axis", {})
    if not isinstance(value, dict):
        file.fail("key 'axis'", 'must be a table, e.g. axis = { A = "x", B = "y" }')
    axis = {}
    for ch, direction in value.items():
        where = f"key 'axis.{shown(ch)}'"
        if ch not in pieces:
            file.fail(where, f"names '{shown(ch)}', which is not a piece of the start")
        if direction not in ("x", "y"):
            file.fail(where, 'must be "x" (moves only sideways) or "y" (moves only up and down)')
        axis[ch] = Axis(direction)
    for group in same:
        if len({axis.get(ch) for ch in group}) > 1:
            file.fail("key 'axis'", f"the identical pieces '{shown(group)}' must all have the same axis")
    return axis


def _same_size(file: TomlFile, start: Grid, goal: Grid) -> None:
    if (len(goal), len(goal[0])) != (len(start), len(start[0])):
        file.fail("key 'goal'", f"the goal has {len(goal)} rows of {len(goal[0])} cells, "
                                f"but the start has {len(start)} rows of {len(start[0])}")


def _same_walls(file: TomlFile, start: Grid, goal: Grid, word: str) -> None:
    for r, (start_row, goal_row) in enumerate(zip(start, goal), 1):
        for c, (s, g) in enumerate(zip(start_row, goal_row), 1):
            if (s == WALL) != (g == WALL):
                has, lacks = ("start", "goal") if s == WALL else ("goal", "start")
                file.fail("key 'goal'", f"row {r}, column {c} is a {word} ('#') in the {has} but not in the {lacks}: "
                                        f"start and goal must have the same {word}s")


def _blocks_goal(file: TomlFile, start: Grid, goal: Grid, pieces: dict[str, list[tuple[int, int]]],
                 same: tuple[str, ...]) -> None:
    """Each goal character is one whole copy of its piece; a goal without '?' shows every piece."""
    where = "key 'goal'"
    _same_size(file, start, goal)
    _same_walls(file, start, goal, "wall")
    placed = piece_cells(goal)
    for ch, cells in placed.items():
        if ch not in pieces:
            file.fail(where, f"names piece '{shown(ch)}', which the start does not have")
        count = copies(cells, shape_of(pieces[ch]))
        if count is None:
            file.fail(where, f"the cells of piece '{shown(ch)}' do not have its shape in the start")
        if count > 1:
            file.fail(where, f"shows piece '{shown(ch)}' {count} times: write each piece once "
                             "(an identical piece may use the character of any piece in its group)")
    problem = unplaced_problem(pieces, goal, same)
    if problem:
        file.fail(where, problem)


def _stone_grid(file: TomlFile, key: str, family: str, alphabet: str) -> Grid:
    grid = file.grid(key)
    for r, row in enumerate(grid, 1):
        for ch in row:
            if ch not in alphabet:
                quoted = [f"'{a}'" for a in alphabet]
                file.fail(f"key '{key}'", f"row {r} contains '{shown(ch)}', but a {family} grid uses only "
                                          f"{', '.join(quoted[:-1])} and {quoted[-1]}")
    return grid


def _stones(grid: Grid) -> tuple[int, int]:
    return sum(row.count("B") for row in grid), sum(row.count("W") for row in grid)


def _same_stones(file: TomlFile, key: str, start: Grid, black: int, white: int) -> None:
    have = _stones(start)
    if (black, white) != have:
        file.fail(f"key '{key}'", f"has {black} black and {white} white stones, but the start has {have[0]} and {have[1]}")


def tokens(file: TomlFile, common: Common, family: str) -> FrogsDef | KnightsDef:
    """Frogs and knights: B and W stones on a board with holes; the goal moves stones only."""
    alphabet = STONES + EMPTY + WALL
    start = _stone_grid(file, "start", family, alphabet)
    if not any(EMPTY in row for row in start):
        file.fail("key 'start'", "has no empty cell, so no stone could ever move")
    if _stones(start) == (0, 0):
        file.fail("key 'start'", "has no stone")
    goal = _stone_grid(file, "goal", family, alphabet)
    _same_size(file, start, goal)
    _same_walls(file, start, goal, "hole")
    _same_stones(file, "goal", start, *_stones(goal))
    if family == "knights":
        return KnightsDef(common, start, goal)
    black = _directions(file, "black", FrogsDef.black)
    white = _directions(file, "white", FrogsDef.white)
    jump = Jump(file.choice("jump", tuple(j.value for j in Jump), "other", "a jump rule"))
    return FrogsDef(common, start, goal, black, white, jump)


def _directions(file: TomlFile, key: str, default: tuple[str, ...]) -> tuple[str, ...]:
    where = f"key '{key}'"
    value = file.get(key, list(default))
    if not isinstance(value, list) or not all(isinstance(d, str) for d in value):
        file.fail(where, 'must be a list of directions, e.g. ["right", "down"]')
    for n, name in enumerate(value):
        if name not in DIRECTIONS:
            file.fail(where, f"'{shown(name)}' is not a direction: use " + ", ".join(DIRECTIONS))
        if name in value[:n]:
            file.fail(where, f"names '{name}' twice")
    return tuple(value)


def pairs(file: TomlFile, common: Common) -> PairsDef:
    """Pairs: a goal grid, or a block of stones anywhere in a row (either colour first if asked)."""
    alphabet = STONES + EMPTY
    start = _stone_grid(file, "start", "pairs", alphabet)
    if _stones(start) == (0, 0):
        file.fail("key 'start'", "has no stone")
    if sum(row.count(EMPTY) for row in start) < 2:
        file.fail("key 'start'", "has fewer than two empty cells, so no pair could ever move")
    if file.has("goal") == file.has("goal_block"):
        if file.has("goal"):
            file.fail("key 'goal_block'", "cannot be given together with 'goal': keep one of them")
        file.fail("key 'goal'", "is missing: a pairs puzzle needs a goal grid or a goal_block")
    either = file.get("either_order", False)
    if file.has("either_order") and not file.has("goal_block"):
        file.fail("key 'either_order'", "applies only to a goal_block")
    if not isinstance(either, bool):
        file.fail("key 'either_order'", "must be true or false")
    if file.has("goal"):
        goal = _stone_grid(file, "goal", "pairs", alphabet)
        _same_size(file, start, goal)
        _same_stones(file, "goal", start, *_stones(goal))
        return PairsDef(common, start, goal)
    block = file.get("goal_block")
    if not isinstance(block, str) or not block or set(block) - set(STONES):
        file.fail("key 'goal_block'", 'must be a string of B and W only, e.g. "BBBWWW"')
    _same_stones(file, "goal_block", start, block.count("B"), block.count("W"))
    if len(block) > len(start[0]):
        file.fail("key 'goal_block'", f"has {len(block)} stones, more than a row of {len(start[0])} cells holds")
    return PairsDef(common, start, None, block, either)
