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
    position, so a remembered line is only used where the player is on it. A line that is the
    shortest found but not proven is remembered as such, with the fewest moves each position may
    need (:meth:`at_least`); it never counts as a distance, and a proven line replaces it.
    """

    DEAD = None

    def __init__(self, limit: int = MEMORY_LIMIT) -> None:
        self.limit = limit
        self._table: OrderedDict[bytes, tuple[Move, ...] | None] = OrderedDict()
        self._unproven: dict[bytes, int] = {}   # position -> its proven lower bound, where its line is not shortest

    def __len__(self) -> int:
        return len(self._table)

    def __contains__(self, position: bytes) -> bool:
        return position in self._table

    def _put(self, position: bytes, value: tuple[Move, ...] | None) -> None:
        self._table[position] = value
        self._table.move_to_end(position)
        while len(self._table) > self.limit:
            gone, _line = self._table.popitem(last=False)
            self._unproven.pop(gone, None)

    def remember(self, line: Line) -> None:
        """Every state on the line with the rest of it: as the shortest where the line is proven, else as
        the shortest found (never over a proven line, nor over a shorter one found)."""
        moves = tuple(line.moves)
        for i, (state, least) in enumerate(zip(line.states, line.lower_bounds())):
            if line.proven:
                self._unproven.pop(state, None)
            elif state in self._table and (state not in self._unproven or len(self._table[state] or ()) <= len(moves) - i):
                continue
            else:
                self._unproven[state] = least
            self._put(state, moves[i:])

    def proven(self, position: bytes) -> bool:
        """Whether the line remembered for ``position`` is a shortest one (True where none is remembered)."""
        return position not in self._unproven

    def at_least(self, position: bytes) -> int | None:
        """Where the remembered line is not proven: the fewest moves the position may need."""
        return self._unproven.get(position)

    def mark_dead(self, position: bytes) -> None:
        self._unproven.pop(position, None)
        self._put(position, self.DEAD)

    def line(self, position: bytes) -> tuple[Move, ...] | None:
        value = self._table.get(position)
        if value is not None:
            self._table.move_to_end(position)
        return value

    def is_dead(self, position: bytes) -> bool:
        return position in self._table and self._table[position] is self.DEAD
