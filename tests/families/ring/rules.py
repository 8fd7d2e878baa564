"""Tokens round a ring: a token steps to the next empty cell either way round, or leaps over one token
into the empty cell behind it."""
from __future__ import annotations

from solvers.ranking import multiset_ranker
from solvers.rules import EMPTY, Rule, RuleSet

from game.rules.puzzle import Board, Puzzle, Symbols
from tests.families.ring.files import RingDef
from tests.families.ring.kinds import KINDS, LEAP, SLIDE

RED, GREEN = 1, 2
CODES = {".": EMPTY, "R": RED, "G": GREEN}


def make_ring(name: str, defn: RingDef) -> Puzzle:
    start = bytes(CODES[ch] for ch in defn.start[0])
    goal = bytes(CODES[ch] for ch in defn.goal[0])
    n = len(start)
    tokens, free = frozenset({RED, GREEN}), frozenset({EMPTY})
    rules = []
    for a in range(n):
        for way in (1, -1):
            b, c = (a + way) % n, (a + 2 * way) % n
            rules.append(Rule((a, b), (tokens, free), (1, 0), a, b, SLIDE.label))
            rules.append(Rule((a, b, c), (tokens, tokens, free), (2, 1, 0), a, c, LEAP.label))
    return Puzzle(name=name, title=defn.common.title, move_rule="A move takes a token to the next empty cell "
                  "round the ring, or leaps it over one token.", board=Board.rectangle(n, 1),
                  symbols=Symbols({EMPTY: ".", RED: "R", GREEN: "G"}), rules=RuleSet(rules, n), start=start,
                  goal_states=(goal,), reversible=True,
                  ranker=multiset_ranker([start.count(EMPTY), start.count(RED), start.count(GREEN)]),
                  goal_text="the tokens as the goal shows", kinds=KINDS)
