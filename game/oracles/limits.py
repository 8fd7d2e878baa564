"""The player's limits on the oracles' long searches and sweeps, and what is said when one is reached or
while a search runs (the words of :mod:`solvers.limits`' status and stops).

A limit is the player's to raise: the command line takes ``--time-limit`` and ``--memory-limit``; in the
window a search of the player's own puzzle runs until it is done or cancelled, within the default
memory. The sentence at a limit says how far the search got (positions, the moves every solution needs,
time, memory), never that anything is optimal.
"""
from __future__ import annotations

from solvers.limits import LimitReached, Limits, Status

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.oracles.base import TooLarge

__all__ = ["StoppedAtLimit", "progress_words", "window_limits"]


def window_limits() -> Limits:
    """The window's: no time limit (the player cancels), a quarter of the machine's memory at most."""
    return Limits.window()


def _megabytes(count: int) -> str:
    return f"{max(1, count >> 20):,}"


class StoppedAtLimit(TooLarge):
    """A search or sweep stopped at a limit, in one sentence saying how far it got."""

    def __init__(self, title: str, reached: LimitReached, table: bool = False) -> None:
        self.reached = reached
        self.title = title
        self.table = table
        status = reached.status
        fields: dict[str, str | int | float | Phrase] = dict(
            title=Phrase(title), positions=status.positions, seconds=f"{status.seconds:.0f}",
            megabytes=_megabytes(status.held), bound=reached.lower_bound)
        if table:
            message = N_("The table of {title} stopped at its {which} after {positions:,} positions ({seconds} s, "
                         "{megabytes} MB held), before it had every position in reach.")
        elif reached.lower_bound:
            message = N_("The search of {title} stopped at its {which} after {positions:,} positions ({seconds} s, "
                         "{megabytes} MB held): no solution is shorter than {bound}, and none was found.")
        else:
            message = N_("The search of {title} stopped at its {which} after {positions:,} positions ({seconds} s, "
                         "{megabytes} MB held) without finding a solution.")
        super().__init__(Phrase(message, which=Phrase(_LIMIT_WORDS[reached.which]), **fields))


# Translators: what stopped a search: "stopped at its time limit", "... its memory limit"
_LIMIT_WORDS = {"time": N_("time limit"), "memory": N_("memory limit"), "positions": N_("limit of positions")}


def progress_words(status: Status, lower_bound: int) -> Phrase:
    """A long search's progress for the player: what it does, how far, how fast, and the current layer's
    estimate where there is one."""
    rate = round(status.rate) if status.seconds >= 1 else 0
    if status.what in ("sweep", "distances"):
        # Translators: a table's progress: positions found so far, the depth of the sweep
        said = Phrase(N_("sweeping: {positions:,} positions, depth {depth}"), positions=status.positions,
                      depth=status.depth)
    elif status.what == "pattern":
        # Translators: a search preparing its bound (a table of a smaller puzzle)
        said = Phrase(N_("preparing the bound: {positions:,} positions"), positions=status.positions)
    else:
        # Translators: a search's progress: no solution has fewer moves than the bound
        said = Phrase(N_("none shorter than {bound}; {positions:,} positions"), bound=max(lower_bound, 1),
                      positions=status.positions)
    if rate:
        # Translators: after a search's progress: how many positions it finds a second
        said = Phrase(N_("{progress}, {rate:,} a second"), progress=said, rate=rate)
    left = status.estimate
    if left is None or left < 2:
        return said
    if left < 90:
        # Translators: after a search's progress: how long its current layer may still take
        return Phrase(N_("{progress}; this layer about {seconds} s more"), progress=said, seconds=round(left))
    return Phrase(N_("{progress}; this layer about {minutes} min more"), progress=said, minutes=round(left / 60))
