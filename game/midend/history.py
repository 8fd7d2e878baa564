"""A game's history: a list of entries plus a cursor (after Simon Tatham's midend).

Restart and new deals are entries too, so undo takes them back; a new entry drops the redo
tail. Undo and redo only move the cursor. Each game (from a start, deal or restart entry)
carries its :class:`Notes`: the help the player had in it, so a win is recorded honestly. Which of
several identical pieces is which is read from the history too (:mod:`game.rules.identities`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Iterator, Mapping, Sequence

from game.catalog.spec import PuzzleSpec
from game.rules.identities import Identities, along, first_seen
from game.rules.puzzle import Move, Puzzle


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


@dataclass(frozen=True)
class Notes:
    """What helped in one game: hints shown, solver moves, move marks; whether its win is recorded; and
    whether its moves were recounted (the count switched during the game: see :mod:`game.midend.recount`)."""

    hints: int = 0
    solver: bool = False
    marks: bool = False
    recorded: bool = False
    recounted: bool = False
    ladder: tuple[int, int, int, int] = (0, 0, 0, 0)   # how often each step of the hint ladder was reached

    def climbed(self, step: int) -> Notes:
        """These notes with one more hint, reaching ``step`` of the ladder."""
        ladder = tuple(n + (i == step) for i, n in enumerate(self.ladder))
        return replace(self, hints=self.hints + 1, ladder=(ladder[0], ladder[1], ladder[2], ladder[3]))

    @property
    def assisted(self) -> bool:
        return bool(self.hints or self.solver or self.marks)

    def again(self) -> Notes:
        """The notes of a restart of this game: the help stays with it, the record is still to make, and
        its moves are all of the count in use."""
        return replace(self, recorded=False, recounted=False)


NO_NOTES = Notes()


class History:
    def __init__(self, start: bytes) -> None:
        self.entries: list[Entry] = [Entry(start, None, EntryKind.START)]
        self._cursor = 0
        self.notes: dict[int, Notes] = {}   # anchor index -> the notes of the game it begins (none: NO_NOTES)
        self.version = 0                    # changes with every push and every move of the cursor
        self._who: tuple[int, Identities] | None = None   # the identities at the cursor, and the version they are of

    @property
    def cursor(self) -> int:
        return self._cursor

    @cursor.setter
    def cursor(self, index: int) -> None:
        self._cursor = index
        self.version += 1

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
        for index in [i for i in self.notes if i > self.cursor]:   # games of the redo tail are gone
            del self.notes[index]
        self.entries.append(entry)
        self.cursor += 1

    def join(self, puzzle: Puzzle, move: Move, after: bytes) -> bool:
        """Fold a step (``move``, to ``after``) into the current game's last move, if it continues it: the
        player moves a piece a little at a time where the puzzle counts a whole slide as one move (a piece
        brought back where its move began takes the move back). True if it did."""
        last = self.current
        if last.kind is not EntryKind.MOVE or last.move is None or self.moves == 0 or not puzzle.joins(last.move, move):
            return False
        origin = self.entries[self.cursor - 1].position
        joined = next((m for m, nxt in puzzle.successors(origin) if nxt == after), None)
        if after != origin and joined is None:
            return False
        del self.entries[self.cursor:]   # the last move and any redo tail give way to the joined move
        self.cursor -= 1
        if after != origin and joined is not None:
            self.push(Entry(after, joined, EntryKind.MOVE))
        return True

    def truncate(self) -> None:
        """Drop the entries after the cursor (and their games' notes)."""
        del self.entries[self.cursor + 1:]
        for index in [i for i in self.notes if i > self.cursor]:
            del self.notes[index]
        self.version += 1

    def follow_with(self, entries: Sequence[Entry], cursor: int, notes: Mapping[int, Notes]) -> None:
        """Another game's whole history (``entries`` from its first position, its ``cursor`` and its games'
        ``notes``) after this one's, as a new game: undo past its first position comes back to the game
        there was. A history that has only its first position takes the other as it is."""
        if len(self.entries) == 1:
            base = 0
            self.entries[:] = entries
            self.notes = {}
        else:
            self.truncate()
            base = self.cursor + 1
            self.entries.extend([Entry(entries[0].position, None, EntryKind.DEAL), *entries[1:]])
        self.notes = {**self.notes, **{base + i: n for i, n in notes.items()}}
        self.cursor = base + cursor

    @property
    def game_notes(self) -> Notes:
        """The notes of the game the cursor is in."""
        return self.notes.get(self.anchor_index(), NO_NOTES)

    def note(self, **changes: object) -> None:
        """Change the notes of the game the cursor is in."""
        anchor = self.anchor_index()
        self.notes[anchor] = replace(self.notes.get(anchor, NO_NOTES), **changes)   # type: ignore[arg-type]
        self.version += 1

    def earlier(self) -> Iterator[tuple[int, bytes]]:
        """(index, position) of every entry before the cursor, newest first."""
        for i in range(self.cursor - 1, -1, -1):
            yield i, self.entries[i].position

    def identities(self, spec: PuzzleSpec) -> Identities | None:
        """Which identical piece is which on the position at the cursor, where ``spec`` names them one by one
        (else None): as first seen where the current game began, each carried along by its moves."""
        if not spec.presentation.tells_apart:
            return None
        if self._who is None or self._who[0] != self.version:
            start = self.entries[self.anchor_index()].position
            self._who = (self.version, along(spec.puzzle, first_seen(start), self.line())[-1])
        return self._who[1]

    def line(self) -> list[tuple[bytes, Move]]:
        """(position before, move) for each move of the current game, in order."""
        start = self.anchor_index()
        return [(self.entries[i - 1].position, move) for i in range(start + 1, self.cursor + 1)
                if (move := self.entries[i].move) is not None]
