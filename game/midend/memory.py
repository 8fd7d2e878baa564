"""What a session has learnt from finished searches, position by position."""
from __future__ import annotations

from collections import OrderedDict

from game.oracles.base import Line
from game.rules.puzzle import Move

MEMORY_LIMIT = 10_000   # remembered positions (each holds its remaining optimal line)


class Memory:
    """Finished answers: position -> remaining optimal line, or DEAD for a known dead end. LRU-bounded.

    A suffix of a shortest line is itself a shortest line, so one search answers every position
    along it: following hints or resuming a solve costs no new search. Keyed by the exact
    position, so a remembered line is only used where the player is on it.
    """

    DEAD = None

    def __init__(self, limit: int = MEMORY_LIMIT) -> None:
        self.limit = limit
        self._table: OrderedDict[bytes, tuple[Move, ...] | None] = OrderedDict()

    def __len__(self) -> int:
        return len(self._table)

    def __contains__(self, position: bytes) -> bool:
        return position in self._table

    def _put(self, position: bytes, value: tuple[Move, ...] | None) -> None:
        self._table[position] = value
        self._table.move_to_end(position)
        while len(self._table) > self.limit:
            self._table.popitem(last=False)

    def remember(self, line: Line) -> None:
        """Every state on an optimal path, with the rest of the path."""
        moves = tuple(line.moves)
        for i, state in enumerate(line.states):
            self._put(state, moves[i:])

    def mark_dead(self, position: bytes) -> None:
        self._put(position, self.DEAD)

    def line(self, position: bytes) -> tuple[Move, ...] | None:
        value = self._table.get(position)
        if value is not None:
            self._table.move_to_end(position)
        return value

    def is_dead(self, position: bytes) -> bool:
        return position in self._table and self._table[position] is self.DEAD
