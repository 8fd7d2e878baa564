"""Pairs (oshidori): lift two adjacent stones and set them, order unchanged, into two adjacent empty cells."""
from __future__ import annotations

from solvers.ranking import MultisetRanker
from solvers.rules import EMPTY, Rule, RuleSet

from game.puzzles.base import Board, Puzzle
from game.puzzles.frogs import BLACK, STONE_SYMBOLS, WHITE

STONES = frozenset({BLACK, WHITE})
FREE = frozenset({EMPTY})
MOVE_RULE = ("A move lifts two adjacent stones and puts them, in the same order, "
             "into two adjacent empty cells anywhere in the row.")


def pair_rules(n: int) -> list[Rule]:
    return [
        Rule((a, a + 1, b, b + 1), (STONES, STONES, FREE, FREE), (2, 3, 0, 1), a, b, "pair")
        for a in range(n - 1)
        for b in range(n - 1)
        if abs(a - b) >= 2
    ]


def _row(text: str) -> bytes:
    codes = {"B": BLACK, "W": WHITE, ".": EMPTY}
    return bytes(codes[t] for t in text.split())


def _make(name: str, title: str, start: bytes, goals: tuple[bytes, ...], goal_text: str) -> Puzzle:
    n = len(start)
    return Puzzle(
        name=name,
        title=title,
        move_rule=MOVE_RULE,
        board=Board.rectangle(n, 1),
        symbols=STONE_SYMBOLS,
        rules=RuleSet(pair_rules(n), n),
        start=start,
        goal_states=goals,
        reversible=True,
        ranker=MultisetRanker([start.count(EMPTY), start.count(BLACK), start.count(WHITE)]),
        goal_text=goal_text,
    )


def make_pairs() -> Puzzle:
    return _make("pairs", "Pairs", _row("B W B W B W . ."), (_row("B B B W W W . ."),),
                 "B B B W W W . .")


def make_pairs_open() -> Puzzle:
    n, k = 10, 3
    goals = []
    for at in range(n - 2 * k + 1):
        for first, second in ((BLACK, WHITE), (WHITE, BLACK)):
            cells = [EMPTY] * n
            cells[at:at + k] = [first] * k
            cells[at + k:at + 2 * k] = [second] * k
            goals.append(bytes(cells))
    return _make("pairs-open", "Pairs, open row", _row("B W B W B W . . . ."), tuple(goals),
                 "all six stones in one unbroken row, each colour's three together, anywhere")
