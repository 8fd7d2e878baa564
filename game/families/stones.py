"""What the families of black and white stones on a board share (frogs, knights, pairs): the
stones' codes and symbols, a board of them read from a file, and a position written back as a
grid of B, W and "." (the editor's "save as puzzle"). Their specs are :class:`game.families.base.Family`'s
own, from each family's pieces, noun and blurb.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from solvers.rules import EMPTY as NOTHING

from game.common.i18n import N_, _
from game.files.grids import STONES, same_size, same_stones, same_walls, stone_grid, stones
from game.files.model import Grid
from game.files.shapes import EMPTY, WALL
from game.files.toml_file import TomlFile
from game.rules.puzzle import PositionError, Symbols

__all__ = ["BLACK", "STONE_CODES", "STONE_SYMBOLS", "WHITE", "read_board", "token_grid", "with_start"]

BLACK, WHITE = 1, 2   # the stones' codes in every stone family
LETTERS: Mapping[int, str] = {NOTHING: EMPTY, BLACK: "B", WHITE: "W"}
STONE_CODES = {EMPTY: NOTHING, "B": BLACK, "W": WHITE}
STONE_SYMBOLS = Symbols(dict(LETTERS), aliases={"b": BLACK, "w": WHITE, "0": NOTHING, "_": NOTHING},
                        describe={NOTHING: N_("empty"), BLACK: N_("black"), WHITE: N_("white")})
MISFIT = N_("this position does not fit the puzzle's board.")


def token_grid(board: Grid, state: bytes, letters: Mapping[int, str] = LETTERS) -> Grid:
    """The rows of ``board`` (a start or goal grid: only its holes matter) filled with ``state``."""
    if len(state) != sum(ch != WALL for row in board for ch in row) or any(code not in letters for code in state):
        raise PositionError(_(MISFIT))
    cells = iter(state)
    return tuple("".join(WALL if ch == WALL else letters[next(cells)] for ch in row) for row in board)


def with_start(defn: Any, state: bytes, count: str | None = None) -> Any:
    """A stone family's definition starting from ``state`` (one way to count: ``count`` changes nothing)."""
    return replace(defn, start=token_grid(defn.start, state))


def read_board(file: TomlFile, family: str) -> tuple[Grid, Grid]:
    """A board of stones with holes: its start, and a goal that moves stones only."""
    alphabet = STONES + EMPTY + WALL
    start = stone_grid(file, "start", family, alphabet)
    if not any(EMPTY in row for row in start):
        file.fail(_("key 'start' has no empty cell, so no stone could ever move"))
    if stones(start) == (0, 0):
        file.fail(_("key 'start' has no stone"))
    goal = stone_grid(file, "goal", family, alphabet)
    same_size(file, start, goal)
    same_walls(file, start, goal, "hole")
    same_stones(file, "goal", start, *stones(goal))
    return start, goal
