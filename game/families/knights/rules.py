"""Knights exchange: black and white knights swap places by chess knight's moves into empty cells."""
from __future__ import annotations

from solvers.ranking import multiset_ranker
from solvers.rules import EMPTY, RuleSet

from game.families.knights.files import KnightsDef
from game.families.knights.kinds import HOP, KINDS
from game.families.stones import BLACK, WHITE
from game.common.i18n import N_
from game.rules.puzzle import Board, Puzzle, Symbols, grid_state, swap_rule

JUMPS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
CODES = {".": EMPTY, "B": BLACK, "W": WHITE}
SYMBOLS = Symbols({EMPTY: ".", BLACK: "B", WHITE: "W"}, aliases={"b": BLACK, "w": WHITE, "0": EMPTY, "_": EMPTY},
                  describe={EMPTY: N_("empty"), BLACK: N_("black knight"), WHITE: N_("white knight")})


def knights_from(name: str, defn: KnightsDef) -> Puzzle:
    """A knights puzzle from its file's definition: any board (holes allowed), any goal."""
    board = Board.from_grid(defn.start)
    knights = frozenset({BLACK, WHITE})
    rules = [swap_rule(src, dst, knights, HOP.label)
             for dst in range(len(board))
             for dr, dc in JUMPS
             if (src := board.step(dst, dr, dc)) is not None]
    start, goal = grid_state(defn.start, CODES), grid_state(defn.goal, CODES)
    swapped = grid_state(defn.start, {".": EMPTY, "B": WHITE, "W": BLACK})
    return Puzzle(
        name=name, title=defn.common.title,
        move_rule=N_("A move takes one knight by a chess knight's move to an empty square."),
        board=board, symbols=SYMBOLS, rules=RuleSet(rules, len(board)), start=start, goal_states=(goal,),
        reversible=True, ranker=multiset_ranker([start.count(EMPTY), start.count(BLACK), start.count(WHITE)]),
        goal_text=N_("black and white have swapped places") if goal == swapped else N_("the knights as the goal shows"),
        kinds=KINDS)
