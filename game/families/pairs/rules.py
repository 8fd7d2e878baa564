"""Pairs (oshidori): lift two adjacent stones and set them, order unchanged, into two adjacent empty cells.

The goal is a position, or a block of stones anywhere in a row (with ``either_order``, the
block read backwards counts too: the other colour first), as in Tait's coin problems.
"""
from __future__ import annotations

from solvers.ranking import multiset_ranker
from solvers.rules import EMPTY, Rule, RuleSet

from game.families.pairs.files import PairsDef
from game.families.pairs.kinds import KINDS, PAIR
from game.common.i18n import N_
from game.common.phrase import Phrase
from game.rules.puzzle import Board, Puzzle, grid_state
from game.families.stones import BLACK, STONE_CODES, STONE_SYMBOLS, WHITE

STONES = frozenset({BLACK, WHITE})
FREE = frozenset({EMPTY})
MOVE_RULE = N_("A move lifts two adjacent stones and puts them, in the same order, "
               "into two adjacent empty cells anywhere in the row.")


# Translators: runs of stones in a goal, "3 black, then 3 white, then 2 empty": one run each
RUN_WORDS = {"B": N_("{n} black"), "W": N_("{n} white"), ".": N_("{n} empty")}


def run_words(cells: str) -> Phrase:
    """A row of cells ("BBBWWW..") in words, run by run from the left: "3 black, then 3 white, then 2
    empty" (the board shows stones, never the letters of the file)."""
    runs: list[Phrase] = []
    for ch in cells:
        if runs and runs[-1].message == RUN_WORDS[ch]:
            runs[-1] = Phrase(RUN_WORDS[ch], n=int(runs[-1].fields["n"]) + 1)
        else:
            runs.append(Phrase(RUN_WORDS[ch], n=1))
    said = runs[-1]
    for run in reversed(runs[:-1]):
        # Translators: joins runs of stones in a goal: "3 black, then 3 white"
        said = Phrase(N_("{first}, then {rest}"), first=run, rest=said)
    return said


def grid_goal_words(rows: list[str]) -> Phrase:
    """A goal position in words: its one row from the left, or each row in turn from the top."""
    if len(rows) == 1:
        return Phrase(N_("the stones in the row, from the left: {cells}"), cells=run_words(rows[0]))
    said = run_words(rows[-1])
    for row in reversed(rows[:-1]):
        # Translators: joins the rows of a goal, each in words: "2 black, then 1 empty; 2 white, then 1 empty"
        said = Phrase(N_("{first}; {rest}"), first=run_words(row), rest=said)
    return Phrase(N_("the stones row by row from the top, each from the left: {rows}"), rows=said)


def _pairs_of_cells(board: Board) -> list[tuple[int, int]]:
    """Every two horizontally adjacent cells of a row."""
    return [(a, b) for a in range(len(board)) if (b := board.step(a, 0, 1)) is not None]


def pair_rules(board: Board) -> list[Rule]:
    spans = _pairs_of_cells(board)
    return [Rule((a, a2, b, b2), (STONES, STONES, FREE, FREE), (2, 3, 0, 1), a, b, PAIR.label)
            for a, a2 in spans for b, b2 in spans if not {a, a2} & {b, b2}]


def block_goals(board: Board, block: str, either_order: bool, start: bytes) -> tuple[bytes, ...]:
    """Every position with the start's stones in one unbroken ``block`` somewhere in a row. The
    other order (``either_order``) is the block read backwards: its runs of colour the other way
    round ("BBBWW" or "WWBBB"), each colour as many stones as before, so never a goal the stones
    could not form."""
    codes = [STONE_CODES[ch] for ch in block]
    blocks = [codes] + ([codes[::-1]] if either_order else [])
    stones = sorted(v for v in start if v)
    goals = set()
    for row, cols in enumerate(board.rows):
        for first in range(len(cols) - len(codes) + 1):
            run = cols[first:first + len(codes)]
            if run[-1] - run[0] != len(codes) - 1:
                continue   # a hole breaks the block
            for order in blocks:
                cells = [EMPTY] * len(board)
                for col, code in zip(run, order):
                    at = board.at(row, col)
                    assert at is not None
                    cells[at] = code
                goals.add(bytes(cells))
    return tuple(sorted(g for g in goals if sorted(v for v in g if v) == stones))


def pairs_from(name: str, defn: PairsDef) -> Puzzle:
    board = Board.from_grid(defn.start)
    start = grid_state(defn.start, STONE_CODES)
    if defn.goal is not None:
        goals: tuple[bytes, ...] = (grid_state(defn.goal, STONE_CODES),)
        text = grid_goal_words(["".join(row) for row in defn.goal])
    else:
        goals = block_goals(board, defn.goal_block, defn.either_order, start)
        block = run_words(defn.goal_block)
        text = (Phrase(N_("the stones in one unbroken block anywhere in the row: {block}, either colour first"),
                       block=block) if defn.either_order else
                Phrase(N_("the stones in one unbroken block anywhere in the row: {block}"), block=block))
    return Puzzle(
        name=name, title=defn.common.title, move_rule=MOVE_RULE, board=board, symbols=STONE_SYMBOLS,
        rules=RuleSet(pair_rules(board), len(board)), start=start, goal_states=goals, reversible=True,
        ranker=multiset_ranker([start.count(EMPTY), start.count(BLACK), start.count(WHITE)]), goal_text=text,
        kinds=KINDS)
