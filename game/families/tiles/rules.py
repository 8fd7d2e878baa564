"""Sliding tiles (8- and 15-puzzle): one tile slides into the adjacent empty cell."""
from __future__ import annotations


from solvers.ranking import MultisetRanker
from solvers.rules import EMPTY, RuleSet
from solvers.sliding import goal_state, is_solvable, manhattan_linear_conflict

from game.common.i18n import N_, _
from game.rules.kinds import SLIDE
from game.rules.puzzle import Board, PositionError, Puzzle, Symbols, swap_rule

__all__ = ["DIRECTIONS", "TILE_NAMES", "goal_state", "is_solvable", "make_tiles"]  # goal and parity: solvers.sliding

DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
# every tile's name, written out so that each is a message of its own ("tile 5" reads "5の駒")
TILE_NAMES = {n: name for n, name in enumerate((
    N_("tile 1"), N_("tile 2"), N_("tile 3"), N_("tile 4"), N_("tile 5"), N_("tile 6"), N_("tile 7"), N_("tile 8"),
    N_("tile 9"), N_("tile 10"), N_("tile 11"), N_("tile 12"), N_("tile 13"), N_("tile 14"), N_("tile 15")), 1)}


def make_tiles(name: str, title: str, width: int, height: int, start: bytes | None = None) -> Puzzle:
    board = Board.rectangle(width, height)
    n = width * height
    tiles = frozenset(range(1, n))
    rules = RuleSet(
        (
            swap_rule(src, dst, tiles)
            for dst in range(n)
            for dr, dc in DIRECTIONS
            if (src := board.step(dst, dr, dc)) is not None
        ),
        n,
    )
    names = {0: "."} | {t: str(t) for t in tiles}

    def solvable(state: bytes) -> None:
        if not is_solvable(state, width):
            raise PositionError(
                _("this {title} position cannot be solved: it is in the unreachable half "
                  "(swap any two tiles to fix it).").format(title=_(title)))

    goal = goal_state(width, height)
    return Puzzle(
        name=name,
        title=title,
        move_rule=N_("A move slides one tile into the adjacent empty cell."),
        board=board,
        symbols=Symbols(names, aliases={"0": EMPTY, "_": EMPTY}, describe={0: N_("empty")} | {t: tile_name(t) for t in tiles}),
        rules=rules,
        start=start or goal,
        goal_states=(goal,),
        reversible=True,
        ranker=MultisetRanker([1] * n) if n <= 12 else None,
        goal_text=N_("tiles in order, the empty cell last"),
        checks=(solvable,),
        heuristic=manhattan_linear_conflict(width, height),
        kinds=(SLIDE,),
    )



def tile_name(n: int) -> str:
    """A tile in words, for hints: its own message up to 15, else the English of a board that large."""
    return TILE_NAMES.get(n, f"tile {n}")
