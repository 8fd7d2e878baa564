"""How far an iterative-deepening search has got, in words for the player: the bound reached (the
answer needs at least that many moves, since every shorter bound was searched in full), the nodes
so far and, once two bounds have finished, about how long the current one may take: its nodes
expected from the growth between the last two, at the node rate measured so far."""
from __future__ import annotations

from game.common.i18n import N_
from game.common.phrase import Phrase

__all__ = ["BoundWatch", "MIN_NODES", "MIN_SECONDS"]

MIN_NODES = 2_000     # a bound this small says nothing of growth (the first few take microseconds)
MIN_SECONDS = 1.0     # an estimate under this is not worth saying


class BoundWatch:
    """What a search has told of its bounds: when each began and how many nodes each took."""

    def __init__(self) -> None:
        self.bound: int | None = None
        self.began_nodes = 0
        self.began_seconds = 0.0
        self.finished: list[tuple[int, int, float]] = []   # (bound, nodes, seconds) of each bound searched in full

    def seen(self, bound: int, nodes: int, seconds: float) -> None:
        """A report: searching ``bound`` with ``nodes`` so far, ``seconds`` into the search. A new bound
        closes the one before."""
        if bound == self.bound:
            return
        if self.bound is not None:
            self.finished.append((self.bound, nodes - self.began_nodes, seconds - self.began_seconds))
        self.bound, self.began_nodes, self.began_seconds = bound, nodes, seconds

    def estimate(self, nodes: int, seconds: float) -> float | None:
        """Seconds the current bound may still take (None until two bounds of some size have finished)."""
        sized = [done for done in self.finished if done[1] >= MIN_NODES]
        if len(sized) < 2 or seconds <= 0 or nodes <= 0:
            return None
        growth = sized[-1][1] / sized[-2][1]
        left = sized[-1][1] * growth - (nodes - self.began_nodes)
        return left / (nodes / seconds) if left > 0 else None

    def words(self, bound: int, nodes: int, seconds: float) -> Phrase:
        """The progress line: the bound, the nodes and, where it is worth saying, the estimate."""
        self.seen(bound, nodes, seconds)
        # Translators: a search's progress: the bound reached (no answer has fewer moves); nodes in millions ("2.3")
        said = Phrase(N_("none shorter than {bound}, {millions} M nodes"), bound=bound, millions=f"{nodes / 1e6:.1f}")
        left = self.estimate(nodes, seconds)
        if left is None or left < MIN_SECONDS:
            return said
        if left < 90:
            # Translators: after a search's progress: how long its current bound may still take
            return Phrase(N_("{progress}; this bound about {seconds} s more"), progress=said, seconds=round(left))
        return Phrase(N_("{progress}; this bound about {minutes} min more"), progress=said, minutes=round(left / 60))
