"""Frogs and toads: frogs slide into an adjacent empty cell, or jump over one frog into the
empty cell behind, each colour in its own directions.

The classic rules: black moves forward (right, or right and down on 2D boards), white the
opposite way, jumps go over a frog of the other colour, and the goal swaps the colours.
Puzzle files may give each colour any directions (diagonals too), jumps over either colour
or none, any board shape and any goal. Where every move can be undone (each colour may go
back the way it came) the puzzle is reversible; otherwise it has dead ends.
"""
from __future__ import annotations

from typing import Sequence

from solvers.ranking import multiset_ranker
from solvers.rules import EMPTY, Rule, RuleSet

from game.families.frogs.files import FrogsDef, Jump
from game.families.frogs.kinds import JUMP, KINDS, SLIDE
from game.rules.directions import DIRECTIONS, WORDS
from game.common.i18n import N_
from game.common.phrase import Phrase
from game.families.stones import BLACK, STONE_CODES, STONE_SYMBOLS, WHITE, token_grid
from game.files.model import Common
from game.rules.puzzle import Board, Puzzle, grid_state

# the rules in one sentence, by what a frog may jump over
MOVE_RULES = {
    Jump.OTHER: N_("A move slides {motion} into an adjacent empty cell, or jumps it straight over one frog of the "
                   "other colour into the empty cell behind."),
    Jump.ANY: N_("A move slides {motion} into an adjacent empty cell, or jumps it straight over one frog into the "
                 "empty cell behind."),
    Jump.NONE: N_("A move slides {motion} into an adjacent empty cell."),
}
# every frog line's title, written out so that each is a message of its own
LINE_TITLES = {
    1: N_("Frogs, line of 1 each side"), 2: N_("Frogs, line of 2 each side"), 3: N_("Frogs, line of 3 each side"),
    4: N_("Frogs, line of 4 each side"), 5: N_("Frogs, line of 5 each side"), 6: N_("Frogs, line of 6 each side"),
    7: N_("Frogs, line of 7 each side"), 8: N_("Frogs, line of 8 each side"),
}

Step = tuple[int, int]


def frog_rules(board: Board, black_dirs: Sequence[Step], white_dirs: Sequence[Step],
               jump: Jump = Jump.OTHER) -> list[Rule]:
    rules = []
    for colour, other, dirs in ((BLACK, WHITE, black_dirs), (WHITE, BLACK, white_dirs)):
        me, free = frozenset({colour}), frozenset({EMPTY})
        over = frozenset({other}) if jump is Jump.OTHER else frozenset({BLACK, WHITE})
        for a in range(len(board)):
            for dr, dc in dirs:
                b = board.step(a, dr, dc)
                if b is None:
                    continue
                rules.append(Rule((a, b), (me, free), (1, 0), a, b, SLIDE.label))
                c = board.step(a, dr, dc, 2)
                if c is not None and jump is not Jump.NONE:
                    rules.append(Rule((a, b, c), (me, over, free), (2, 1, 0), a, c, JUMP.label))
    return rules


def _words(steps: Sequence[Step]) -> Phrase:
    """'right', 'right or down', 'right, down or up'."""
    names = [Phrase(WORDS[s]) for s in steps]
    if len(names) == 1:
        return names[0]
    listed = names[0]
    for name in names[1:-1]:
        # Translators: a list of directions so far, and one more ("right, down")
        listed = Phrase(N_("{listed}, {direction}"), listed=listed, direction=name)
    # Translators: a list of directions and the last of them ("right, down or up")
    return Phrase(N_("{listed} or {direction}"), listed=listed, direction=names[-1])


def frog_move_rule(black: Sequence[Step], white: Sequence[Step], jump: Jump) -> Phrase:
    """The rules in one sentence: what a move is, the unit of "optimal" (in the words of the
    picture: frogs on lily pads)."""
    if set(black) == set(white):
        # Translators: fills {motion} in "A move slides {motion} into an adjacent empty cell..."
        motion = Phrase(N_("any frog {directions}"), directions=_words(black))
    elif set(white) == {(-dr, -dc) for dr, dc in black}:
        if max(len(black), len(white)) > 2:   # the lists have commas of their own
            # Translators: fills {motion} in "A move slides {motion} into an adjacent empty cell..."
            motion = Phrase(N_("a frog forward (black {black}; white {white})"),
                            black=_words(black), white=_words(white))
        else:
            # Translators: fills {motion} in "A move slides {motion} into an adjacent empty cell..."
            motion = Phrase(N_("a frog forward (black {black}, white {white})"),
                            black=_words(black), white=_words(white))
    else:
        # Translators: fills {motion} in "A move slides {motion} into an adjacent empty cell..."
        motion = Phrase(N_("a frog (black {black}; white {white})"), black=_words(black), white=_words(white))
    return Phrase(MOVE_RULES[jump], motion=motion)


def _reversible(black: Sequence[Step], white: Sequence[Step]) -> bool:
    """Every move can be undone when each colour may go back the way it came."""
    return all((-dr, -dc) in dirs for dirs in (black, white) for dr, dc in dirs)


def make_frogs(name: str, title: str, board: Board, start: bytes, goal: bytes, black: Sequence[Step],
               white: Sequence[Step], jump: Jump = Jump.OTHER, move_rule: str = "",
               goal_text: str = N_("black and white have swapped places")) -> Puzzle:
    counts = [start.count(EMPTY), start.count(BLACK), start.count(WHITE)]
    return Puzzle(
        name=name, title=title, move_rule=move_rule or frog_move_rule(black, white, jump), board=board,
        symbols=STONE_SYMBOLS, rules=RuleSet(frog_rules(board, black, white, jump), len(board)),
        start=start, goal_states=(goal,), reversible=_reversible(black, white),
        ranker=multiset_ranker(counts), goal_text=goal_text, kinds=KINDS)


def frogs_from(name: str, defn: FrogsDef) -> Puzzle:
    """A frogs puzzle from its file's definition."""
    swapped = grid_state(defn.start, {".": EMPTY, "B": WHITE, "W": BLACK})
    goal = grid_state(defn.goal, STONE_CODES)
    text = N_("black and white have swapped places") if goal == swapped else N_("the frogs as the goal shows")
    return make_frogs(name, defn.common.title, Board.from_grid(defn.start), grid_state(defn.start, STONE_CODES),
                      goal, [DIRECTIONS[d] for d in defn.black], [DIRECTIONS[d] for d in defn.white], defn.jump,
                      goal_text=text)


def frogs_line(n: int) -> Puzzle:
    start = bytes([BLACK] * n + [EMPTY] + [WHITE] * n)
    return make_frogs(
        f"frogs-line-{n}", line_title(n), Board.rectangle(2 * n + 1, 1), start,
        bytes([WHITE] * n + [EMPTY] + [BLACK] * n), ((0, 1),), ((0, -1),),
        move_rule=N_("A move slides a frog forward (black right, white left) into the empty cell, "
                     "or jumps it over one frog of the other colour into the empty cell behind."))


def line_title(n: int) -> str:
    """A frog line's title: its own message for the lines the game offers."""
    return LINE_TITLES.get(n, f"Frogs, line of {n} each side")


def frog_line_file(n: int, title: str, state: bytes) -> FrogsDef:
    """The frog line of ``n`` a side as a file: one row, black moving right, white left."""
    row = ("." * (2 * n + 1),)
    goal = ("W" * n + "." + "B" * n,)
    return FrogsDef(Common(title), token_grid(row, state), goal, black=("right",), white=("left",))
