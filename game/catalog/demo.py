"""The unattended demo's playlist: which puzzles offer themselves, and the order it shows them in.

A puzzle offers itself when its family says it plays well in the demo (its spec's
:attr:`~game.catalog.spec.PuzzleSpec.demo` plan) and the shipped ratings index (``assets/ratings.tsv``) says
its answer comes fast: the game's own puzzle has a distance table of at most :data:`DEMO_POSITIONS`
positions (loaded in a blink, or built in seconds where the cache has lost it), and its start needs at
least :data:`FEWEST_MOVES` moves. Nothing here builds a puzzle's rules: the index is read once.

The order is drawn at run time (:class:`Playlist`): families take turns by smooth weighted round robin, each
weighted by the puzzles it offers, so every family's puzzles are spread evenly over the cycle (no family
bunches up, none waits for the end) and every family comes within the first cycle; within a family, a
puzzle it has not shown yet, at random (seeded), and never one shown within the last hour of the demo's
clock.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from game.catalog import ratings
from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec

__all__ = ["DEMO_POSITIONS", "FEWEST_MOVES", "HOUR", "WORKER_MEMORY", "Offer", "Playlist", "offers"]

# A table this small loads at once, and answering builds it on the fly in a few seconds where the cache has
# lost it (see game.oracles.table.CHEAP_POSITIONS): the demo never waits on a long build or a large search.
DEMO_POSITIONS = 1_000_000
FEWEST_MOVES = 3      # a shorter solution is over before a visitor has looked
HOUR = 3600.0         # no puzzle comes back sooner (seconds of the demo's clock)
# The demo's search worker ends after a task that left it larger than this, and the next puzzle gets a fresh one:
# a fresh worker takes about 60 MB, one that loaded a table checked by compiled code (peg solitaire's) about
# 200 MB, which would stay for hours. A worker kept up to 160 MB then loaded a large Traffic table on top (306 MB
# at its peak, pegs and Traffic in turn; 195 MB with this limit, five workers started for eight puzzles). The
# window and the worker together keep under 400 MB (README, "Demo").
WORKER_MEMORY = 100 << 20


@dataclass(frozen=True)
class Offer:
    """A puzzle the demo may show: its name, its family's key and the optimal moves from its start."""

    name: str
    family: str
    moves: int


def family_key(spec: PuzzleSpec) -> str:
    """The key of the family that made ``spec`` ("blocks"); "" for a spec no family made."""
    return spec.family.key if spec.family is not None else ""


def offers(specs: Iterable[PuzzleSpec] | None = None, rated: dict[str, ratings.Rated] | None = None) -> list[Offer]:
    """Every puzzle that offers itself to the demo (see the module docstring), in the shelves' order:
    from the game's own puzzles and the shipped ratings, unless given. Without the ratings (a damaged
    install), every puzzle its family offers: the demo still runs, its time limits passing over a slow one."""
    specs = catalog.own_specs() if specs is None else specs
    rated = ratings.load() if rated is None else rated
    out = []
    for spec in specs:
        row = rated.get(spec.name)
        family = family_key(spec)
        if spec.demo is None or not family:
            continue
        if not rated:   # the index is missing or damaged: every puzzle its family offers (the time limits hold)
            out.append(Offer(spec.name, family, 0))
        elif row is not None and row.positions <= DEMO_POSITIONS and row.optimum >= FEWEST_MOVES:
            out.append(Offer(spec.name, family, row.optimum))
    return out


class Playlist:
    """The demo's order (see the module docstring). ``next(now)`` names the next puzzle, ``now`` being the
    demo's clock in seconds (simulated in benchmarks and tests); the same seed draws the same order."""

    def __init__(self, offered: Sequence[Offer], rng: random.Random, gap: float = HOUR) -> None:
        if not offered:
            raise ValueError("no puzzle offers itself to the demo")
        self.gap = gap
        self.rng = rng
        self.by_family: dict[str, list[Offer]] = {}
        for offer in offered:
            self.by_family.setdefault(offer.family, []).append(offer)
        self.total = len(offered)
        # the round robin's credit of each family, started at random so that each run begins differently
        self.credit = {family: rng.random() * self.total for family in self.by_family}
        self.shown_at: dict[str, float] = {}     # name -> when it was last shown
        self.last: Offer | None = None
        self.named: _Named | None = None          # the puzzle named last, until it goes on the stage

    def next(self, now: float) -> Offer:
        """The next puzzle to show at ``now``, noted as shown then."""
        self.named = _Named(None, None, dict(self.credit), self.last)   # the puzzle filled in by _shown
        for family in self._turns():
            offer = self._pick(self.by_family[family], now)
            if offer is not None:
                return self._shown(offer, now)
        # every puzzle was shown within the gap (a pool too small for it): the one shown longest ago
        oldest = min((o for members in self.by_family.values() for o in members if o != self.last),
                     key=lambda o: self.shown_at.get(o.name, float("-inf")), default=self.last)
        assert oldest is not None
        return self._shown(oldest, now)

    def on_stage(self, name: str, now: float) -> None:
        """``name`` went on the stage at ``now``: the demo names its next puzzle while the current one still
        plays (to make it ready), so the hour without it is counted from when it was shown."""
        if name in self.shown_at:
            self.shown_at[name] = max(self.shown_at[name], now)
        if self.named is not None and self.named.offer is not None and self.named.offer.name == name:
            self.named = None   # shown: nothing to withdraw

    def withdraw(self, name: str) -> None:
        """``name``, the puzzle named last, never went on the stage (a visitor took over, the demo ended): it is
        free again as if it had not been named, and its family keeps its turn. Any other name: nothing to undo."""
        named, self.named = self.named, None
        if named is None or named.offer is None or named.offer.name != name:
            self.named = named
            return
        if named.shown_at is None:
            self.shown_at.pop(name, None)
        else:
            self.shown_at[name] = named.shown_at
        self.credit, self.last = named.credit, named.last

    def _turns(self) -> list[str]:
        """The families in the order they should have this turn: smooth weighted round robin (each gains
        its weight, the richest goes and pays the total), the family just shown last unless it is alone."""
        for family, members in self.by_family.items():
            self.credit[family] += len(members)
        order = sorted(self.by_family, key=lambda f: -self.credit[f])
        if self.last is not None and len(order) > 1:
            order.remove(self.last.family)
            order.append(self.last.family)
        return order

    def _pick(self, members: list[Offer], now: float) -> Offer | None:
        """A puzzle of one family not shown within the gap: one never shown at random, else the one shown
        longest ago."""
        free = [o for o in members if now - self.shown_at.get(o.name, float("-inf")) >= self.gap]
        if not free:
            return None
        never = [o for o in free if o.name not in self.shown_at]
        if never:
            return self.rng.choice(never)
        return min(free, key=lambda o: self.shown_at[o.name])

    def _shown(self, offer: Offer, now: float) -> Offer:
        if self.named is not None:
            self.named = _Named(offer, self.shown_at.get(offer.name), self.named.credit, self.named.last)
        self.credit[offer.family] -= self.total
        self.shown_at[offer.name] = now
        self.last = offer
        return offer


@dataclass(frozen=True)
class _Named:
    """What naming a puzzle changed, to undo it when the puzzle is never shown: the puzzle, when it was shown
    before (None: never), and the round robin's credit and last puzzle before it was named."""

    offer: Offer | None
    shown_at: float | None
    credit: dict[str, float]
    last: Offer | None
