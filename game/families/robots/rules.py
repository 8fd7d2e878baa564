"""Robots that slide: a move sends one robot up, down, left or right, and it rolls until the next
cell holds a robot or a wall; at the board's edge it stops (Ricochet Robots, ``edge = "stop"``) or
would fall off, so that move is not allowed (Lunar Lockout, ``edge = "fall"``).

A slide from cell a to cell b is one rewrite rule: a robot (any robot) on a, every cell up to b
empty, and the cell after b holding a robot (any robot); where a wall or a stopping edge lies after
b, no condition. The goal puts some robots on their cells and leaves the rest anywhere, so it is a
pattern; its positions are counted out only when a table is built over them. Moves cannot be
undone in general (a robot seldom finds a stop on its way back), so the puzzle has dead ends.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Sequence

import numpy as np

from solvers.ranking import MultisetRanker, multinomial, sparse_ranker
from solvers.rules import EMPTY, Rule

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.robots.files import RobotsDef, cast
from game.families.robots.kinds import KINDS, ROLL
from game.families.robots.slides import SlideRules, Way
from game.files.shapes import ANY, WALL
from game.rules.puzzle import Board, Puzzle, Symbols

__all__ = ["GOAL_LIMIT", "HELPERS", "TARGET", "Paint", "RobotsPuzzle", "make_robots", "robot_paints", "robot_words",
           "slide_rules", "table_worth", "ways"]

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
GOAL_LIMIT = 500_000     # goal positions counted out for a table at most (each is a few dozen bytes)
MOVE_RULES = {
    "fall": N_("A move sends one robot up, down, left or right: it slides until the next cell holds a robot or a "
               "wall. A robot with nothing to stop it would leave the board, so it may not go that way."),
    "stop": N_("A move sends one robot up, down, left or right: it slides until the next cell holds a robot or a "
               "wall, or it reaches the edge of the board."),
}
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Paint:
    """How the board paints one robot and what the words call it, in one place, so they cannot part."""

    name: str          # "green robot", marked for translation
    colour: Colour
    letter: str = ""   # the mark it wears where its name has its letter ("robot H"); else the name's first letter


# The goal's robot red (a red a player calls red), each helper a colour of its own, as the physical game's
# robots are: far apart in hue and lightness in every colour vision (Okabe and Ito's green, yellow and sky
# blue, a deep purple, white; checked by the theme's audit), each robot wearing its name's first letter (G,
# 緑) so no one needs the colour alone. Past the palette a helper is steel grey and named by its letter.
# Translators: a robot by its colour; the robot wears the first character of this name: begin with the colour
TARGET = Paint(N_("red robot"), (210, 40, 36))
HELPERS = (Paint(N_("green robot"), (0, 158, 115)), Paint(N_("yellow robot"), (240, 228, 66)),
           Paint(N_("blue robot"), (86, 180, 233)), Paint(N_("purple robot"), (125, 70, 190)),
           Paint(N_("white robot"), (236, 236, 240)))
UNPAINTED: Colour = (150, 156, 168)

Pattern = tuple[frozenset[int] | None, ...]


def ways(board: Board, size: tuple[int, int], edge: str) -> list[Way]:
    """From every cell in every direction, the way a robot would roll (``size``: the grid's rows and
    columns; cells the board lacks are walls; at the grid's edge a robot stops where ``edge`` is "stop")."""
    height, width = size

    def ahead(r: int, c: int, dr: int, dc: int) -> tuple[tuple[int, ...], bool]:
        cells = []
        r, c = r + dr, c + dc
        while (cell := board.at(r, c)) is not None:
            cells.append(cell)
            r, c = r + dr, c + dc
        at_edge = not (0 <= r < height and 0 <= c < width)   # else a wall ends the way
        return tuple(cells), edge == "stop" or not at_edge

    out = []
    for a, (r, c) in enumerate(board.cells):
        for dr, dc in STEPS:
            cells, stops = ahead(r, c, dr, dc)
            out.append(Way(a, cells, stops, ahead(r, c, -dr, -dc)[0]))
    return out


def slide_rules(all_ways: Sequence[Way], robots: frozenset[int]) -> list[Rule]:
    """Every slide as a rule: a robot (any of ``robots``) on the way's cell, the cells up to where it
    stops empty, and a robot on the cell after, unless a wall or a stopping edge is there."""
    free = frozenset({EMPTY})
    rules = []
    for way in all_ways:
        for k, b in enumerate(way.ahead):
            if k + 1 < len(way.ahead):
                stop: tuple[int, ...] = (way.ahead[k + 1],)   # it stops only if a robot stands there
            elif way.stops_at_end:
                stop = ()
            else:
                continue
            cells = (way.cell, *way.ahead[:k + 1], *stop)
            allowed = (robots, *[free] * (k + 1), *[robots] * len(stop))
            perm = list(range(len(cells)))
            perm[0], perm[k + 1] = k + 1, 0
            rules.append(Rule(cells, allowed, tuple(perm), way.cell, b, ROLL.label))
    return rules


@dataclass
class RobotsPuzzle(Puzzle):
    """Robots on a board: the goal is a pattern (``pattern[cell]``: the codes allowed there, None for any)."""

    pattern: Pattern = ()
    cast: tuple[str, ...] = ()          # each code's letters (code 1 first), handed out in reading order
    size: tuple[int, int] = (0, 0)      # the grid's rows and columns, walls included
    edge: str = "fall"                  # what the grid's edge does to a robot that reaches it
    _goals: tuple[bytes, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self._pinned = tuple((cell, ok) for cell, ok in enumerate(self.pattern) if ok is not None)

    def is_goal(self, state: bytes) -> bool:
        return all(state[cell] in ok for cell, ok in self._pinned)

    def goal_count(self) -> int:
        """How many positions are goals: the robots the goal leaves free, over the cells it leaves free."""
        left = self._left_over()
        return 0 if left is None else multinomial(left)

    def goals(self) -> tuple[bytes, ...]:
        """Every goal position, counted out once (a table's sweep starts from them)."""
        if self._goals is None:
            self._goals = self._count_out()
        return self._goals

    def _left_over(self) -> list[int] | None:
        """How many of each code the free cells hold in a goal (None: the goal cannot hold the start's robots)."""
        counts = [self.start.count(code) for code in range(len(self.cast) + 1)]
        for _cell, ok in self._pinned:
            (code,) = ok
            counts[code] -= 1
        return None if min(counts) < 0 else counts

    def _count_out(self) -> tuple[bytes, ...]:
        left = self._left_over()
        if left is None:
            return ()
        free = [cell for cell, ok in enumerate(self.pattern) if ok is None]
        ranker = MultisetRanker(left)
        boards = np.zeros((ranker.size, len(self.start)), dtype=np.uint8)
        if free:
            boards[:, free] = ranker.unrank(np.arange(ranker.size, dtype=np.int64))
        for cell, ok in self._pinned:
            boards[:, cell] = next(iter(ok))
        return tuple(bytes(row) for row in boards)

    def cell_tokens(self, state: bytes, plain: bool = False) -> list[str]:
        """Each robot's letter: the letters of identical robots handed out in reading order, so the text
        reads back as the puzzle file's grid (three identical robots are B C D, never B B B)."""
        handed = {code: iter(letters) for code, letters in enumerate(self.cast, 1)}
        return [next(handed[code], self.cast[code - 1][0]) if code in handed else self.token(code, plain)
                for code in state]


def goal_pattern(defn: RobotsDef, board: Board, code_of: dict[str, int]) -> Pattern:
    """Per cell of the board, what the goal allows there."""
    pattern: list[frozenset[int] | None] = []
    for start_row, row in zip(defn.start, defn.goal):
        for wall, ch in zip(start_row, row):
            if wall == WALL:   # the goal may write a wall '#' or '?'
                continue
            pattern.append(None if ch == ANY else frozenset({code_of.get(ch, EMPTY)}))
    assert len(pattern) == len(board)
    return tuple(pattern)


def goal_words(named: Sequence[int]) -> str:
    """The goal in words, as the board shows it: the red robots on the hatches painted their colour."""
    # Translators: the goal of a robots puzzle, after "Goal: "
    return N_("the red robot on the hatch") if len(named) == 1 else N_("each red robot on a hatch of its own")


def robot_paints(kinds: Sequence[str], named: Collection[int]) -> dict[int, tuple[Paint, ...]]:
    """Each code's robots by their place among its robots (their identity: :mod:`game.rules.identities`): the
    goal's robots red, the helpers each the next colour, code by code. A helper past the palette, or a goal
    robot beside another, is named by its letter (the letter its place has in the file, as position text
    hands them out where the game began)."""
    targets = sum(len(kinds[code - 1]) for code in named)
    helpers = iter(HELPERS)
    out: dict[int, tuple[Paint, ...]] = {}
    for code, letters in enumerate(kinds, 1):
        if code in named:
            out[code] = tuple(TARGET if targets == 1 else
                              # Translators: one of several robots the goal names, all red: "red robot A"
                              Paint(Phrase(N_("red robot {letter}"), letter=ch), TARGET.colour, ch) for ch in letters)
        else:
            out[code] = tuple(next(helpers, None) or
                              # Translators: a robot named by its letter in the puzzle file: "robot B"
                              Paint(Phrase(N_("robot {letter}"), letter=ch), UNPAINTED, ch) for ch in letters)
    return out


def goal_codes(defn: RobotsDef) -> list[int]:
    """The codes of the robots the goal names."""
    kinds = cast(defn.start, defn.same)
    letters_named = {ch for row in defn.goal for ch in row if ch not in (ANY, WALL, ".")}
    return [code for code, letters in enumerate(kinds, 1) if letters_named & set(letters)]


def make_robots(name: str, defn: RobotsDef) -> RobotsPuzzle:
    """The rules of a robots file."""
    kinds = cast(defn.start, defn.same)
    code_of = {ch: code for code, letters in enumerate(kinds, 1) for ch in letters}
    board = Board.from_grid(defn.start, WALL)
    start = bytes(code_of.get(ch, EMPTY) for row in defn.start for ch in row if ch != WALL)
    pattern = goal_pattern(defn, board, code_of)
    robots = frozenset(range(1, len(kinds) + 1))
    named = sorted({next(iter(ok)) for ok in pattern if ok is not None and ok != {EMPTY}})
    symbols = Symbols({EMPTY: ".", **{code: letters[0] for code, letters in enumerate(kinds, 1)}},
                      aliases={ch: code for code, letters in enumerate(kinds, 1) for ch in letters[1:]},
                      describe={EMPTY: N_("empty"), **{code: TARGET.name for code in named}})
    counts = [start.count(code) for code in range(len(kinds) + 1)]
    every_way = ways(board, (len(defn.start), len(defn.start[0])), defn.edge)
    rules = SlideRules(slide_rules(every_way, robots), len(board), every_way)
    return RobotsPuzzle(name=name, title=defn.common.title, move_rule=MOVE_RULES[defn.edge], board=board,
                        symbols=symbols, rules=rules, start=start, goal_states=(),
                        reversible=False, ranker=sparse_ranker(counts), goal_text=goal_words(named), kinds=KINDS,
                        pattern=pattern, cast=kinds, size=(len(defn.start), len(defn.start[0])),
                        edge=defn.edge)


def robot_words(defn: RobotsDef) -> tuple[dict[int, str], dict[int, tuple[str, ...]]]:
    """Each robot as the board paints it: each code's name ("red robot"; a group of identical helpers:
    "helper robot"), and the name of each robot of a group by its place ("green robot", "yellow robot")."""
    kinds = cast(defn.start, defn.same)
    painted = robot_paints(kinds, goal_codes(defn))
    names = {code: paints[0].name if len(paints) == 1 else
             TARGET.name if paints[0].colour == TARGET.colour else N_("helper robot")
             for code, paints in painted.items()}
    return names, {code: tuple(p.name for p in paints) for code, paints in painted.items() if len(paints) > 1}


def table_worth(puzzle: RobotsPuzzle) -> bool:
    """Whether a table may be built: ranks to hold them, and goals few enough to count out."""
    return puzzle.ranker is not None and puzzle.goal_count() <= GOAL_LIMIT
