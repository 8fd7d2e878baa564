"""A game's history: a list of entries plus a cursor (after Simon Tatham's midend).

Restart and new deals are entries too, so undo takes them back; a new entry drops the redo
tail. Undo and redo only move the cursor.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterator

from game.puzzles.base import Move


class EntryKind(Enum):
    START = "start"
    MOVE = "move"
    RESTART = "restart"
    DEAL = "deal"
    SOLVE = "solve"    # a move made by auto-solve playback


ANCHORS = frozenset({EntryKind.START, EntryKind.DEAL, EntryKind.RESTART})   # where a game (re)begins


@dataclass(frozen=True)
class Entry:
    position: bytes
    move: Move | None
    kind: EntryKind


class History:
    def __init__(self, start: bytes) -> None:
        self.entries: list[Entry] = [Entry(start, None, EntryKind.START)]
        self.cursor = 0

    @property
    def position(self) -> bytes:
        return self.entries[self.cursor].position

    @property
    def current(self) -> Entry:
        return self.entries[self.cursor]

    def anchor_index(self) -> int:
        """Where the current game began: the last start, deal or restart at or before the cursor."""
        i = self.cursor
        while self.entries[i].kind not in ANCHORS:
            i -= 1
        return i

    @property
    def moves(self) -> int:
        """Moves along the current line since the last start, deal or restart."""
        return self.cursor - self.anchor_index()

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return self.cursor + 1 < len(self.entries)

    def push(self, entry: Entry) -> None:
        del self.entries[self.cursor + 1:]
        self.entries.append(entry)
        self.cursor += 1

    def earlier(self) -> Iterator[tuple[int, bytes]]:
        """(index, position) of every entry before the cursor, newest first."""
        for i in range(self.cursor - 1, -1, -1):
            yield i, self.entries[i].position

    def line(self) -> list[tuple[bytes, Move]]:
        """(position before, move) for each move of the current game, in order."""
        start = self.anchor_index()
        return [(self.entries[i - 1].position, move) for i in range(start + 1, self.cursor + 1)
                if (move := self.entries[i].move) is not None]
