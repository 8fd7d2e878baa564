"""Sliding tiles on any board from 2x2 to 5x5: one tile slides into the adjacent empty cell."""
from __future__ import annotations


from solvers.ranking import MultisetRanker
from solvers.rules import EMPTY, RuleSet
from solvers.sliding import goal_state, is_solvable, manhattan_linear_conflict, reaches

from game.common.i18n import N_, _
from game.rules.kinds import SLIDE
from game.rules.puzzle import Board, PositionError, Puzzle, Symbols, swap_rule

__all__ = ["DIRECTIONS", "TABLE_CELLS", "TILE_NAMES", "goal_state", "is_solvable", "make_tiles", "unreachable_words"]
# goal and parity: solvers.sliding

# Boards of up to ten cells get a table of every position (2x5: 1,814,400 in seconds, 3.5 MB). The next
# board, 3x4, has 239,500,800 positions: a table of 240 MB on disk built in minutes, where its pattern
# databases (4 MB) answer any position in milliseconds.
TABLE_CELLS = 10

DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
# every tile's name, written out so that each is a message of its own ("tile 5" reads "5の駒")
TILE_NAMES = {n: name for n, name in enumerate((
    N_("tile 1"), N_("tile 2"), N_("tile 3"), N_("tile 4"), N_("tile 5"), N_("tile 6"), N_("tile 7"), N_("tile 8"),
    N_("tile 9"), N_("tile 10"), N_("tile 11"), N_("tile 12"), N_("tile 13"), N_("tile 14"), N_("tile 15"),
    N_("tile 16"), N_("tile 17"), N_("tile 18"), N_("tile 19"), N_("tile 20"), N_("tile 21"), N_("tile 22"),
    N_("tile 23"), N_("tile 24")), 1)}


def make_tiles(name: str, title: str, width: int, height: int, start: bytes | None = None,
               goal: bytes | None = None, start_given: bool = True) -> Puzzle:
    """The tiles of a board, from ``start`` (default: the goal) to ``goal`` (default: reading order, the
    empty cell last); ``start_given`` False: the start is a deal, not the puzzle's own."""
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

    goal = goal or goal_state(width, height)

    def solvable(state: bytes) -> None:
        if not reaches(state, goal, width):
            raise PositionError(unreachable_words(title))
    return Puzzle(
        name=name,
        title=title,
        move_rule=N_("A move slides one tile into the adjacent empty cell."),
        board=board,
        symbols=Symbols(names, aliases={"0": EMPTY, "_": EMPTY}, describe={0: N_("empty")} | {t: tile_name(t) for t in tiles}),
        rules=rules,
        start=start or goal,
        start_given=start_given,
        goal_states=(goal,),
        reversible=True,
        ranker=MultisetRanker([1] * n) if n <= TABLE_CELLS else None,
        goal_text=N_("tiles in order, the empty cell last") if goal == goal_state(width, height) else "",
        checks=(solvable,),
        heuristic=manhattan_linear_conflict(width, height) if goal == goal_state(width, height) else None,
        kinds=(SLIDE,),
    )


def unreachable_words(title: str) -> str:
    """Why a position of the other half is refused, in one sentence."""
    return _("this {title} position cannot be solved: it is in the unreachable half "
             "(swap any two tiles to fix it).").format(title=_(title))


def tile_name(n: int) -> str:
    """A tile in words, for hints: each its own message (a 5x5 board has 24)."""
    return TILE_NAMES[n]
