"""LURD, the notation of Sokoban programs (YASC, JSoko, YSokoban): a letter a step of the keeper, ``l u r d``
for a step left, up, right or down and ``L U R D`` for a step that pushes a box, so a line's letters are its
moves and its capitals its pushes. ``3r`` may stand for ``rrr``; the game writes plain letters.

Written, a line spells every step: a move counted by pushes is the keeper's shortest walk to its box (the
walk that count charges it) and the push. Read, it is played letter by letter as the rules play a step, the
first letter that cannot be played one sentence naming it and why (a wall, two boxes, a push letter where
no box is, a step letter into a box), and then made the moves of the puzzle's count: under ``moves`` one a
letter; under ``pushes`` a push with the steps walked before it, and the steps after the last push one walk
(none where that walk ends where it began). Read backwards from the position a line ends at (a copied game:
its position's share code, then its moves), it gives the position the line began from.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from typing import Iterator, Sequence

from solvers.rules import EMPTY

from game.common.i18n import _
from game.common.untrusted import shown
from game.families.sokoban.counts import COUNTS, PUSHES
from game.families.sokoban.kinds import PUSH, WALK
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle
from game.rules.counts import Count
from game.rules.puzzle import Move, PositionError

__all__ = ["LETTERS", "Lurd", "MAX_STEPS", "checked", "letters", "runs"]

LETTERS = "udlr"        # each direction's letter, in the order of the rules' DIRECTIONS (up, down, left, right)
MAX_STEPS = 100_000     # letters of one line, run lengths written out: far beyond any level's solution
MAX_TEXT = 4 * MAX_STEPS
MAX_RUN = 6             # digits of one run length
CACHE = 20_000          # moves whose letters are remembered (the panel counts a game's moves every frame)
_LURD = re.compile(r"[\s0-9lurdLURD]*[lurdLURD][\s0-9lurdLURD]*")


def runs(text: str) -> Iterator[tuple[str, int]]:
    """Each letter ``text`` writes and how many times (``3r``: r three times), spaces and line breaks
    ignored; PositionError with one sentence for anything else, and for more than MAX_STEPS steps in all."""
    if len(text) > MAX_TEXT:
        raise PositionError(_("The moves are longer than {limit:,} characters.").format(limit=MAX_TEXT))
    total, run, any_letter = 0, "", False
    for index, ch in enumerate(text, 1):
        if ch in "0123456789":
            run += ch
            if len(run) > MAX_RUN or int(run) > MAX_STEPS:
                raise PositionError(_("The number {run} (character {index}) repeats a letter more than {limit:,} "
                                      "times.").format(run=run, index=index, limit=MAX_STEPS))
            continue
        if ch.isspace() and not run:
            continue
        if ch not in "lurdLURD" or run == "0":
            raise PositionError(_("'{what}' (character {index}) is not a LURD move: l u r d are steps, L U R D "
                                  "pushes, and a number right before a letter repeats it.")
                                .format(what=shown(run + ch, 12), index=index))
        times, run = int(run or 1), ""
        total += times
        if total > MAX_STEPS:
            raise PositionError(_("The moves hold more than {limit:,} steps.").format(limit=MAX_STEPS))
        any_letter = True
        yield ch, times
    if run:
        raise PositionError(_("The number {run} at the end of the moves repeats no letter.").format(run=run))
    if not any_letter:
        raise PositionError(_("There are no LURD moves in the text: l u r d are steps, L U R D pushes."))


def letters(text: str) -> str:
    """The steps ``text`` spells, run lengths written out (``3r``: ``rrr``); PositionError as :func:`runs`."""
    return "".join(ch * times for ch, times in runs(text))


def checked(text: str) -> str:
    """``text`` as LURD without its spaces, once every letter of it reads (without writing its runs out);
    PositionError as :func:`runs`."""
    for _run in runs(text):
        pass
    return "".join(text.split())


def _cannot(n: int, letter: str, why: str) -> PositionError:
    return PositionError(why.format(n=n, letter=letter))


class Lurd:
    """LURD for one level under one count (see the module docstring)."""

    key = "lurd"
    counts: tuple[Count, ...] = COUNTS   # the letters are the moves, the capitals the pushes

    def __init__(self, puzzle: SokobanPuzzle) -> None:
        self.puzzle = puzzle
        self._spelt: OrderedDict[tuple[bytes, int, int], tuple[str, bytes]] = OrderedDict()

    def looks_like(self, text: str) -> bool:
        return len(text) <= MAX_TEXT and _LURD.fullmatch(text) is not None

    # -- writing -------------------------------------------------------------------------------------

    def write(self, start: bytes, moves: Sequence[Move]) -> str:
        state, out = start, []
        for move in moves:
            spelt, state = self._spelt_move(state, move)
            out.append(spelt)
        return "".join(out)

    def tally(self, start: bytes, moves: Sequence[Move]) -> tuple[int, ...]:
        """(moves, pushes): the line's letters and its capitals."""
        text = self.write(start, moves)
        return len(text), sum(1 for ch in text if ch.isupper())

    def _spelt_move(self, state: bytes, move: Move) -> tuple[str, bytes]:
        key = (state, move.src, move.dst)
        got = self._spelt.get(key)
        if got is None:
            got = self._spell(state, move)
            self._spelt[key] = got
            if len(self._spelt) > CACHE:
                self._spelt.popitem(last=False)
        return got

    def _spell(self, state: bytes, move: Move) -> tuple[str, bytes]:
        """One move's letters and the position after it."""
        puzzle = self.puzzle
        push = puzzle.is_push(state, move)
        keeper = state.index(KEEPER)
        if puzzle.count is PUSHES:
            cells = puzzle.route(state, move)
        else:
            cells = [keeper, move.src] if push else [move.src, move.dst]
        text = "".join(self._letter(a, b) for a, b in zip(cells, cells[1:]))
        after = bytearray(state)
        after[keeper] = EMPTY
        if push:
            after[move.src], after[move.dst] = KEEPER, BOX
            text = text[:-1] + text[-1:].upper()
        else:
            after[move.dst] = KEEPER
        return text, bytes(after)

    def _letter(self, a: int, b: int) -> str:
        (r0, c0), (r1, c1) = self.puzzle.board.cells[a], self.puzzle.board.cells[b]
        return LETTERS[DIRECTIONS.index((r1 - r0, c1 - c0))]

    # -- reading -------------------------------------------------------------------------------------

    def read(self, start: bytes, text: str) -> list[tuple[Move, bytes]]:
        return self._play(start, letters(text))[0]

    def _play(self, start: bytes, steps: str) -> tuple[list[tuple[Move, bytes]], bytes]:
        """The moves of the puzzle's count that ``steps`` make from ``start``, and the position they end at."""
        puzzle = self.puzzle
        by_push = puzzle.count is PUSHES
        state = bytearray(start)
        keeper = start.index(KEEPER)
        walked_from = start    # by pushes: where the walk since the last push began
        out: list[tuple[Move, bytes]] = []
        for n, letter in enumerate(steps, 1):
            d = LETTERS.index(letter.lower())
            near = puzzle.near[keeper][d]
            if near is None:
                raise _cannot(n, letter, _("Letter {n} of the moves ({letter}) cannot be played: a wall is in the way."))
            if letter.islower():
                if state[near] == BOX:
                    raise _cannot(n, letter, _("Letter {n} of the moves ({letter}) steps into a box: a push is written "
                                               "as a capital letter."))
                state[keeper], state[near] = EMPTY, KEEPER
                move = puzzle.move_for(keeper, near, WALK.label)
            else:
                ahead = puzzle.near[near][d]
                if state[near] != BOX:
                    raise _cannot(n, letter, _("Letter {n} of the moves ({letter}) is a push, but there is no box "
                                               "there to push."))
                if ahead is None:
                    raise _cannot(n, letter, _("Letter {n} of the moves ({letter}) cannot be played: the box would go "
                                               "into a wall."))
                if state[ahead] == BOX:
                    raise _cannot(n, letter, _("Letter {n} of the moves ({letter}) cannot be played: it would push two "
                                               "boxes at once."))
                state[keeper], state[near], state[ahead] = EMPTY, KEEPER, BOX
                move = puzzle.move_for(near, ahead, PUSH.label)
            keeper = near
            if not by_push or letter.isupper():
                walked_from = bytes(state)
                out.append((move, walked_from))
        end = bytes(state)
        if by_push and end != walked_from:
            walk = next(m for m, after in puzzle.walk_moves(walked_from) if after == end)
            out.append((walk, end))
        return out, end

    def start_of(self, end: bytes, text: str) -> bytes:
        """Played backwards from ``end``: a step taken back, a push taken back as a pull. PositionError where a
        letter cannot have been played (then the moves do not end at ``end``)."""
        steps = letters(text)
        puzzle = self.puzzle
        state = bytearray(end)
        keeper = end.index(KEEPER)
        for n in range(len(steps), 0, -1):
            letter = steps[n - 1]
            d = LETTERS.index(letter.lower())
            came, box = puzzle.near[keeper][d ^ 1], puzzle.near[keeper][d]
            if came is None or state[came] != EMPTY or (letter.isupper() and (box is None or state[box] != BOX)):
                raise PositionError(_("The moves do not lead to this position: letter {n} of them ({letter}) cannot "
                                      "have been played on the way.").format(n=n, letter=letter))
            if letter.isupper() and box is not None:
                state[box], state[keeper] = EMPTY, BOX
            else:
                state[keeper] = EMPTY
            state[came] = KEEPER
            keeper = came
        start = bytes(state)
        if self._play(start, steps)[1] != end:   # played forwards it must come back, or it is not taken
            raise PositionError(_("The moves do not lead to this position."))
        return start

