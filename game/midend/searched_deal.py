"""A deal at a distance without a table: solve random boards until one's optimal line is long
enough, then start the game at the position that many moves from the goal on it."""
from __future__ import annotations

from dataclasses import dataclass

from game.common.i18n import ngettext
from game.oracles.base import Line

DEAL_TRIES = 12   # random boards tried before settling for the longest line found


@dataclass
class SearchedDeal:
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
            return best.states[len(best) - self.goal], ngettext(
                "A position {n:,} move from the goal.", "A position {n:,} moves from the goal.",
                self.goal).format(n=self.goal)
        if best is not None and not self.more():
            return best.states[0], ngettext(
                "No random board needed {n:,} move; this one needs {found}.",
                "No random board needed {n:,} moves; this one needs {found}.", self.goal).format(n=self.goal,
                                                                                              found=len(best))
        return None

    def more(self) -> bool:
        return self.tries < DEAL_TRIES
