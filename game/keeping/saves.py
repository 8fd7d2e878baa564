"""Saved games as text: the puzzle, the first position, the play time, then the history line by line.

A move is its text (``5 b2-b3``), exactly as the game prints it; the other entries of a history
say what they are: ``solver: 5 b2-b3`` (a move the solver played), ``restart:``, ``deal:
POSITION`` (any new game: a deal, a paste, a position from the editor); ``notes:`` after an entry
that begins a game says what helped in it (``hints=3 solver marks``, ``recorded`` once its win is
in the records, and ``recounted`` where the count of its moves was switched during the game). ``undone: N`` in the header: the last N entries were taken back (redo brings
them). ``names: drawn`` says a triangle's holes are named as the board draws them; a save without it
was written when they were named by the file's columns, and is read so first. A plain list of moves
under a start position is a saved game too, so a player can write one.

Loading replays every line through the puzzle's own rules, so a saved game exercises the same
code as playing. The text is untrusted: every problem is one sentence, never a traceback, in the
player's language (the file's own words, ``moves:`` or ``notes:``, stay as the file spells them).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

from game.catalog import registry as catalog
from game.midend.history import ANCHORS, Entry, EntryKind, Notes
from game.common.i18n import N_, _
from game.rules.puzzle import PositionError, Puzzle
from game.catalog.spec import PuzzleSpec
from game.rules.counts import Count
from game.common.untrusted import shown

HEADER = "# Fewest Moves saved game"
MAX_SECONDS = 10_000_000.0   # a play time beyond about 115 days is not a play time
MAX_BYTES = 2 * 1024 * 1024  # a saved game's file: far more than any game needs
MAX_ENTRIES = 20_000         # history entries written (older games give way first) and read
MAX_LINE = 4_000             # characters of one line (the longest position text is a few hundred)
MAX_HINTS = 1_000_000
HEAD_KEYS = ("puzzle", "start", "time", "undone", "names", "moves")
DRAWN = "drawn"   # 'names: drawn': the moves name cells as the board draws them, where a file's grid does not
NOTE_FLAGS = ("solver", "marks", "recorded", "recounted")
TOO_MANY = N_("the saved game has more than {most:,} moves, more than a game can hold.")
NO_PUZZLE = N_("the saved game does not say which puzzle it is (no 'puzzle:' line).")


@dataclass(frozen=True)
class SavedGame:
    """A game as data: what a saved file holds once replayed, and what a write takes off the UI thread."""

    spec: PuzzleSpec
    entries: tuple[Entry, ...]
    cursor: int
    seconds: float = 0.0
    notes: Mapping[int, Notes] = field(default_factory=dict)   # anchor index -> its game's notes

    @property
    def position(self) -> bytes:
        return self.entries[self.cursor].position

    @property
    def moves(self) -> int:
        """Moves of the current game (since its start, deal or restart)."""
        i = self.cursor
        while self.entries[i].kind not in ANCHORS:
            i -= 1
        return self.cursor - i

    @property
    def solved(self) -> bool:
        return self.spec.puzzle.is_goal(self.position)

    @property
    def in_progress(self) -> bool:
        """Worth keeping to come back to: there is history, and the position on the board is not solved."""
        return len(self.entries) > 1 and not self.solved


def holds(game: SavedGame, saved: SavedGame) -> bool:
    """Every entry of ``saved`` is in ``game``'s history, in turn, from its first position on: ``game``
    is that game played on (or opened after another game, as Ctrl+O does), so it can take the saved
    one's place and nothing is lost."""
    entries, first, rest = game.entries, saved.entries[0].position, saved.entries[1:]
    for at in range(len(entries) - len(rest)):
        if entries[at].position == first and all(entries[at + 1 + i] == entry for i, entry in enumerate(rest)):
            return True
    return False


# -- writing --------------------------------------------------------------------------------------

def game_text(game: SavedGame) -> str:
    """The text of a saved game (the whole history, the oldest games left out beyond MAX_ENTRIES)."""
    puzzle = game.spec.puzzle
    entries, cursor, notes = _kept(game)
    lines = [HEADER,
             f"puzzle: {game.spec.name}",
             f"start: {puzzle.format(entries[0].position)}",
             f"time: {min(game.seconds, MAX_SECONDS):.1f}"]   # a clock left running for months still reads back
    if puzzle.as_saved_before() is not puzzle:
        lines.append(f"names: {DRAWN}")
    if cursor + 1 < len(entries):
        lines.append(f"undone: {len(entries) - 1 - cursor}")
    lines.append("moves:")
    for i, entry in enumerate(entries):
        if i:
            before = entries[i - 1].position
            if entry.kind is EntryKind.MOVE and entry.move is not None:
                lines.append(puzzle.move_text(before, entry.move))
            elif entry.kind is EntryKind.SOLVE and entry.move is not None:
                lines.append(f"solver: {puzzle.move_text(before, entry.move)}")
            elif entry.kind is EntryKind.RESTART:
                lines.append("restart:")
            else:
                lines.append(f"deal: {puzzle.format(entry.position)}")
        note = notes.get(i)
        if note is not None and entry.kind in ANCHORS and note != Notes():
            lines.append(f"notes: {notes_text(note)}")
    return "\n".join(lines) + "\n"


def _kept(game: SavedGame) -> tuple[list[Entry], int, Mapping[int, Notes]]:
    """The entries to write: all of them, or, beyond MAX_ENTRIES, the redo tail given up and the oldest
    games left out (a single game longer than that keeps its last MAX_ENTRIES moves)."""
    entries, cursor = list(game.entries), game.cursor
    if len(entries) <= MAX_ENTRIES:
        return entries, cursor, game.notes
    entries = entries[:cursor + 1]
    first = max(0, len(entries) - MAX_ENTRIES)
    anchor = next((i for i in range(first, len(entries)) if entries[i].kind in ANCHORS), None)
    notes: Mapping[int, Notes]
    if anchor is not None:
        notes = {i - anchor: n for i, n in game.notes.items() if anchor <= i < len(entries)}
    else:   # one game longer than a file holds: its last moves, with the game's notes
        began = max(i for i in range(first + 1) if entries[i].kind in ANCHORS)
        anchor = first
        notes = {0: game.notes[began]} if began in game.notes else {}
    kept = entries[anchor:]
    kept[0] = Entry(kept[0].position, None, EntryKind.START)
    return kept, len(kept) - 1, notes


def notes_text(notes: Notes) -> str:
    words = [f"hints={min(notes.hints, MAX_HINTS)}"] if notes.hints else []
    if any(notes.ladder):   # how often each step of the hint ladder was reached (older saves lack it)
        words.append("ladder=" + "/".join(str(min(n, MAX_HINTS)) for n in notes.ladder))
    words += [flag for flag in NOTE_FLAGS if getattr(notes, flag)]
    return " ".join(words)


# -- reading --------------------------------------------------------------------------------------

def _head(text: str) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """The header's fields, and the history's lines with their line numbers."""
    fields: dict[str, str] = {}
    history: list[tuple[int, str]] | None = None
    text = text.removeprefix("\ufeff")   # the mark some editors put first in a UTF-8 file
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if len(line) > MAX_LINE:
            raise PositionError(_("line {number} of the saved game is far too long to be part of one.")
                                .format(number=number))
        if not line or line.startswith("#"):
            continue
        if history is not None:
            history.append((number, line))
            if len(history) > MAX_ENTRIES * 2:
                raise PositionError(_(TOO_MANY).format(most=MAX_ENTRIES))
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in HEAD_KEYS:
            raise PositionError(_("the saved game has a line I do not understand: '{line}'.").format(line=shown(line)))
        if key in fields:
            raise PositionError(_("the saved game gives '{key}:' twice.").format(key=key))
        if key == "moves":
            history = []
        fields[key] = value.strip()
    return fields, history or []


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or not 0.0 <= seconds <= MAX_SECONDS:
        raise PositionError(_("the saved play time '{text}' is not a number of seconds.").format(text=shown(text, 20)))
    return seconds


def _count(text: str, refusal: str, most: int) -> int:
    """A whole number from 0 to ``most``; else ``refusal`` (an ``N_`` message with {text} and {most})."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) <= most):
        raise PositionError(_(refusal).format(text=shown(text, 20), most=most))
    return int(text)


def _notes(text: str, number: int) -> Notes:
    hints, flags, ladder = 0, set(), (0, 0, 0, 0)
    for word in text.split():
        key, eq, value = word.partition("=")
        if key == "hints" and eq:
            hints = _count(value, N_("the saved number of hints '{text}' is not a whole number from 0 to {most:,}."),
                           MAX_HINTS)
        elif key == "ladder" and eq:
            ladder = _ladder(value)
        elif word in NOTE_FLAGS:
            flags.add(word)
        else:
            raise PositionError(_("line {number} of the saved game has a note I do not understand: '{word}'.")
                                .format(number=number, word=shown(word)))
    return Notes(hints, "solver" in flags, "marks" in flags, "recorded" in flags, "recounted" in flags, ladder)


def _ladder(text: str) -> tuple[int, int, int, int]:
    """The hint ladder's four counts, ``a/b/c/d``."""
    parts = text.split("/")
    if len(parts) != 4:
        raise PositionError(_("the saved hint steps '{text}' are not four numbers.").format(text=shown(text, 40)))
    a, b, c, d = (_count(part, N_("the saved number of hints '{text}' is not a whole number from 0 to {most:,}."),
                         MAX_HINTS) for part in parts)
    return a, b, c, d


def counted(spec: PuzzleSpec, count: Count) -> str:
    """The name ``spec``'s puzzle has under ``count``."""
    return catalog.variant(spec, count).name


def spec_of(text: str) -> PuzzleSpec:
    """The puzzle a saved game's text names (PositionError: it names none, or one there is not)."""
    fields, _history = _head(text)
    name = fields.get("puzzle")
    if not name:
        raise PositionError(_(NO_PUZZLE))
    try:
        return catalog.get(name)
    except KeyError as exc:
        raise PositionError(str(exc)) from None
    except ValueError as exc:   # a puzzle file named there that cannot be read
        raise PositionError(_("the saved game's puzzle cannot be played: {problem}").format(problem=exc)) from None


def read_game(text: str, spec: PuzzleSpec | None = None, any_count: bool = False) -> SavedGame:
    """The game a saved text holds, every line replayed by the puzzle's rules. With ``spec``, the
    text must be a game of that puzzle (``any_count``: of it under any of its counts, and then it is
    read under the count it names). PositionError with one sentence for anything wrong."""
    if "\x00" in text:
        raise PositionError(_("the saved game is not text (it holds NUL characters)."))
    fields, lines = _head(text)
    name = fields.get("puzzle")
    if not name:
        raise PositionError(_(NO_PUZZLE))
    if spec is None:
        spec = spec_of(text)
    elif any_count and name != spec.name and name in {counted(spec, count) for count in spec.counts}:
        spec = spec_of(text)
    elif name != spec.name and name not in catalog.former_names(spec.name):   # a game saved under its old name
        raise PositionError(_("the saved game is a game of '{name}', not of {title}.")
                            .format(name=shown(name), title=spec.shown_title()))
    if "start" not in fields:
        raise PositionError(_("the saved game has no start position (no 'start:' line)."))
    older = spec.puzzle.as_saved_before()
    if older is not spec.puzzle and fields.get("names") != DRAWN:
        try:   # written before the cells were named as drawn (or by hand in either naming)
            return _replay(spec, older, fields, lines)
        except PositionError:
            pass
    return _replay(spec, spec.puzzle, fields, lines)


def _replay(spec: PuzzleSpec, puzzle: Puzzle, fields: dict[str, str], lines: list[tuple[int, str]]) -> SavedGame:
    """The game of a saved text's lines, each replayed by ``puzzle`` (which reads the cells' names)."""
    try:
        start = puzzle.parse(fields["start"])
    except PositionError as exc:
        raise PositionError(_("the saved start position is wrong: {problem}").format(problem=exc)) from None
    seconds = _seconds(fields.get("time", "0"))
    entries = [Entry(start, None, EntryKind.START)]
    notes: dict[int, Notes] = {}
    anchor, moves = 0, 0
    for number, line in lines:
        state = entries[-1].position
        key, colon, value = line.partition(":")
        key = key.strip().lower() if colon else ""
        if key == "notes":
            if anchor in notes:
                raise PositionError(_("line {number} of the saved game gives a game's notes twice.")
                                    .format(number=number))
            notes[anchor] = _notes(value, number)
            continue
        if len(entries) >= MAX_ENTRIES:
            raise PositionError(_(TOO_MANY).format(most=MAX_ENTRIES))
        if key == "restart":
            entries.append(Entry(entries[anchor].position, None, EntryKind.RESTART))
        elif key == "deal":
            try:
                entries.append(Entry(puzzle.parse(value), None, EntryKind.DEAL))
            except PositionError as exc:
                raise PositionError(_("the position on line {number} of the saved game is wrong: {problem}")
                                    .format(number=number, problem=exc)) from None
        else:
            kind, text_of_move = (EntryKind.SOLVE, value.strip()) if key == "solver" else (EntryKind.MOVE, line)
            moves += 1
            try:
                move = puzzle.parse_move(state, text_of_move)
            except PositionError as exc:
                raise PositionError(_("saved move {number} ('{move}') cannot be played: {problem}.")
                                    .format(number=moves, move=shown(text_of_move),
                                            problem=str(exc).rstrip(".。"))) from None
            entries.append(Entry(puzzle.play(state, move), move, kind))
        if entries[-1].kind in ANCHORS:
            anchor = len(entries) - 1
    undone = _count(fields.get("undone", "0"),
                    N_("the saved number of moves taken back '{text}' is not a whole number from 0 to {most:,}.")
                    if len(entries) > 1 else N_("the saved game has no moves, so none can have been taken back "
                                                "('undone: {text}')."),
                    len(entries) - 1)
    return SavedGame(spec, tuple(entries), len(entries) - 1 - undone, seconds, notes)

