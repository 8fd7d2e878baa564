"""New games for a session: "New" (a shuffle, or a random position the start can reach), the classic start,
and a deal at a distance from the goal.

A deal at a distance comes from the complete table at once, uniformly among all positions that far
(that the start can reach, for one-way puzzles). Without one, where the dealer deals random positions
(the 15-puzzle), random boards are solved optimally in the background until one's optimal line is long
enough, and the game starts that many moves from the goal on it: the session's "Deal" search, which
shows progress and can be cancelled. Each new game is a history entry the session makes (undoable).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from game.catalog.spec import PuzzleSpec
from game.common.i18n import N_, _, ngettext
from game.midend.answers import Answers
from game.midend.searches import Purpose
from game.oracles.base import Answer, Line, replays

__all__ = ["DEAL_TRIES", "Deals", "SearchedDeal", "position_words"]

DEAL_TRIES = 12   # random boards tried before settling for the longest line found


class Dealt(Protocol):
    """What dealing asks of the game it deals for (a :class:`~game.midend.session.Session`)."""

    spec: PuzzleSpec
    rng: random.Random
    answers: Answers

    def new_deal(self, position: bytes | None = None, message: str = "") -> None: ...

    def player_acts(self) -> None: ...

    def cancel_search(self) -> None: ...

    def poll_search(self) -> None: ...


@dataclass
class SearchedDeal:
    """A deal at a distance without a table: the boards solved so far and the longest line among them."""

    goal: int                  # the distance wanted
    tries: int = 0             # boards handed out so far
    best: Line | None = None   # the longest optimal line found

    def offer(self, line: Line | None) -> tuple[bytes, str] | None:
        """Take one solved board's line; the position to deal and what to say once decided, else
        None (try another board while ``more()``)."""
        if line is not None and (self.best is None or len(line) > len(self.best)):
            self.best = line
        best = self.best
        if best is not None and len(best) >= self.goal:
            return best.states[len(best) - self.goal], position_words(self.goal)
        if best is not None and not self.more():
            return best.states[0], ngettext(
                "No random board needed {n:,} move; this one needs {found}.",
                "No random board needed {n:,} moves; this one needs {found}.", self.goal).format(n=self.goal,
                                                                                              found=len(best))
        return None

    def more(self) -> bool:
        return self.tries < DEAL_TRIES


class Deals:
    """The new games of one session (``game``), and the deal at a distance it may be searching for."""

    def __init__(self, game: Dealt) -> None:
        self.game = game
        self._searched: SearchedDeal | None = None

    @property
    def seeking(self) -> int | None:
        """The distance a searched deal is looking for, while it runs."""
        searched = self._searched
        return searched.goal if searched is not None and self.game.answers.searches.purpose is Purpose.DEAL else None

    def forget(self) -> None:
        """A searched deal gives way (another new game, a cancel, a failed search)."""
        self._searched = None

    def new_game(self, distance: int | None = None) -> str:
        """"New": tiles are shuffled; a puzzle with one start deals a uniformly random solvable
        position the start can reach (exactly ``distance`` from the goal when the player chose one),
        since a "new" game from the same start would only be a restart. Without a complete table
        yet, the classic start. Returns what the game says about it."""
        game = self.game
        dealer, puzzle, oracle, answers = game.spec.dealer, game.spec.puzzle, game.spec.oracle, game.answers
        if not dealer.one_start:
            game.new_deal()
            return _(dealer.new_message)
        position = None
        if answers.exact:
            position = (oracle.position_at(distance, game.rng) if distance is not None
                        else oracle.random_position(game.rng))
        if position is None:
            game.new_deal(puzzle.start)
            if answers.exact and distance is not None:
                return ngettext("No position is {n:,} move from the goal: the classic start instead.",
                                "No position is {n:,} moves from the goal: the classic start instead.",
                                distance).format(n=distance)
            return _("The classic start (random positions come once the table is ready).")
        game.new_deal(position)
        far = answers.distance(position)
        if far is None:
            return _("A random position from the start's reach; Shift+R brings back the classic start.")
        return ngettext("A random position {n:,} move from the goal; Shift+R brings back the classic start.",
                        "A random position {n:,} moves from the goal; Shift+R brings back the classic start.",
                        far).format(n=far)

    def classic_start(self) -> None:
        """The puzzle's own start as a new game (undoable like any new game)."""
        self.game.new_deal(self.game.spec.puzzle.start)

    def limit(self) -> int | None:
        """The largest distance a deal at a distance can ask for (None: not known yet, or impossible)."""
        spec = self.game.spec
        if spec.oracle.exact:
            return spec.oracle.max_distance()
        return spec.dealer.searched_limit

    def possible(self) -> bool:
        """A deal at a distance can be made now."""
        spec = self.game.spec
        return self.game.answers.exact or (not spec.oracle.exact and spec.dealer.searched_limit is not None)

    def at_distance(self, distance: int) -> bool:
        """A new game exactly ``distance`` optimal moves from the goal: from the table at once, else by
        search (see the module's docstring). False if neither is possible."""
        game = self.game
        distance = max(1, int(distance))
        if game.answers.exact:
            position = game.spec.oracle.position_at(distance, game.rng)
            if position is None:
                return False
            game.new_deal(position, position_words(distance))
            return True
        if not self.possible():
            return False
        game.player_acts()
        game.cancel_search()
        self._searched = SearchedDeal(distance)
        self._another()
        return True

    def _another(self) -> None:
        game, searched = self.game, self._searched
        board = game.spec.dealer.random_position(game.spec.puzzle, game.rng)
        if searched is None or board is None:
            self._searched = None
            return
        searched.tries += 1
        game.answers.searches.submit(board, (), (), N_("Deal"), Purpose.DEAL)
        game.poll_search()

    def take(self, answer: Answer) -> None:
        """A board the searched deal sent out, solved: deal from it, or try another."""
        searched = self._searched
        if searched is None:
            return
        line = answer.line if answer.line is not None and replays(self.game.spec.puzzle, answer.line.states[0],
                                                                  answer.line) \
            else None   # a line that does not hold is neither remembered nor dealt from
        if line is not None and not line.proven:   # its length is no distance: remembered, never dealt from
            self.game.answers.memory.remember(line)
            line = None
        if line is not None:
            self.game.answers.memory.remember(line)
        decided = searched.offer(line)
        if decided is not None:
            self.game.new_deal(*decided)
        elif searched.more():
            self._another()
        else:
            self._searched = None


def position_words(distance: int) -> str:
    """What the game says of a new game dealt at a distance from the goal."""
    return ngettext("A position {n:,} move from the goal.", "A position {n:,} moves from the goal.",
                    distance).format(n=distance)
