"""A game's moves in its family's notation (Sokoban's LURD, :attr:`PuzzleSpec.notation`): written out for
the clipboard, read back from a paste as a game of its own, and counted every way the notation tells.

A line read back becomes a new game from where it begins, its moves played: the history a saved game
opened has (:meth:`Session.follow_with`), so undo takes its moves back one by one and, past its first
position, brings back the game there was. Nothing the player had is lost.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass

from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.midend.history import Entry, EntryKind, History
from game.midend.session import Session
from game.rules.puzzle import Move, PositionError

__all__ = ["Tally", "game_line", "line_entries", "line_to", "play_line", "tally", "watch_line"]


def game_line(session: Session) -> str:
    """The moves of the game in progress, from where it began, in the puzzle's notation ("" where it has
    none, or no move was made)."""
    notation = session.spec.notation
    moves = [move for _before, move in session.timeline.line()]
    if notation is None or not moves:
        return ""
    return notation.write(session.game_start, moves)


def line_entries(spec: PuzzleSpec, start: bytes, text: str) -> tuple[Entry, ...]:
    """The game ``text`` plays from ``start``: its first position, then each move. PositionError with one
    sentence where the puzzle has no notation or a letter cannot be played."""
    notation = spec.notation
    if notation is None:
        raise PositionError(_("{title} has no notation for a line of moves.").format(title=spec.shown_title()))
    spec.puzzle.check(start)
    played = notation.read(start, text)
    return (Entry(start, None, EntryKind.START), *(Entry(after, move, EntryKind.MOVE) for move, after in played))


def line_to(spec: PuzzleSpec, end: bytes, text: str) -> tuple[Entry, ...]:
    """The game ``text`` plays to reach ``end`` (a copied game: its position, then its moves), from the
    position it must have begun at. PositionError with one sentence where it cannot end there."""
    notation = spec.notation
    if notation is None:
        raise PositionError(_("{title} has no notation for a line of moves.").format(title=spec.shown_title()))
    return line_entries(spec, notation.start_of(end, text), text)


def play_line(session: Session, entries: tuple[Entry, ...], message: str) -> None:
    """``entries`` (from :func:`line_entries`) as the game on the board, after the history so far."""
    session.follow_with(entries, len(entries) - 1, {}, 0.0, message)


def watch_line(session: Session, entries: tuple[Entry, ...], message: str) -> None:
    """A new game from ``entries``' first position, its moves played back on the board to be watched, as the
    solver's are (Space pauses, any move of the player's takes over; undo brings back the game before)."""
    session.new_deal(entries[0].position, message)
    session.autosolve.begin([entry.move for entry in entries[1:] if entry.move is not None], paused=False,
                            given=True)


# -- both counts ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tally:
    """The panel's counts of a game: the game so far in each count the notation tells, side by side,
    and the optimum from where it began in the count in use with that line's other figures (None: no
    proven line known from there)."""

    so_far: tuple[int, ...]
    optimum: tuple[int, ...] | None


_so_far: weakref.WeakKeyDictionary[History, tuple[int, tuple[int, ...]]] = weakref.WeakKeyDictionary()
_line_tallies: dict[tuple[str, bytes, tuple[Move, ...]], tuple[int, ...]] = {}
LINES_KEPT = 64   # optimal lines whose figures are remembered


def tally(session: Session) -> Tally | None:
    """The counts of the game in progress (None where the puzzle's notation tells only one): the game's
    worked out again only when its history changed, an optimal line's once."""
    notation = session.spec.notation
    if notation is None or len(notation.counts) < 2:
        return None
    timeline = session.timeline
    known = _so_far.get(timeline)
    if known is None or known[0] != timeline.version:
        known = (timeline.version, notation.tally(session.game_start, [move for _before, move in timeline.line()]))
        _so_far[timeline] = known
    return Tally(known[1], _optimum(session))


def _optimum(session: Session) -> tuple[int, ...] | None:
    """The figures of a proven optimal line from where the game began, where one is known without a search."""
    notation = session.spec.notation
    start = session.game_start
    line = session.answers.optimal_line(start)
    if notation is None or line is None:
        return None
    key = (session.spec.name, start, line)
    if key not in _line_tallies:
        if len(_line_tallies) >= LINES_KEPT:
            _line_tallies.clear()
        _line_tallies[key] = notation.tally(start, line)
    return _line_tallies[key]
