"""Saved games as text: the puzzle, the start position, the play time, then one move per line.

The game starts at the last start, deal or restart of the current line; loading replays the
moves through the session's own ``play``, so a saved game exercises the same code as playing.
The text is untrusted: every problem is one sentence, never a traceback.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from game import catalog
from game.background import Service
from game.puzzles.base import PositionError

if TYPE_CHECKING:
    from game.session import Session

HEADER = "# Fewest Moves saved game"
MAX_SECONDS = 10_000_000.0   # a play time beyond about 115 days is not a play time


def save_text(session: Session) -> str:
    history = session.timeline
    lines = [HEADER,
             f"puzzle: {session.spec.name}",
             f"start: {session.puzzle.format(history.entries[history.anchor_index()].position)}",
             f"time: {session.elapsed:.1f}",
             "moves:"]
    lines += [session.puzzle.move_text(before, move) for before, move in history.line()]
    return "\n".join(lines) + "\n"


def _fields(text: str) -> tuple[dict[str, str], list[str]]:
    fields: dict[str, str] = {}
    move_lines: list[str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if move_lines is not None:
            move_lines.append(line)
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in ("puzzle", "start", "time", "moves"):
            raise PositionError(f"the saved game has a line I do not understand: '{line[:40]}'.")
        if key == "moves":
            move_lines = []
        else:
            fields[key] = value.strip()
    return fields, move_lines or []


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or not 0.0 <= seconds <= MAX_SECONDS:
        raise PositionError(f"the saved play time '{text[:20]}' is not a number of seconds.")
    return seconds


def load_text(text: str, *, service: Service, rng: random.Random | None = None) -> Session:
    """A session from save_text() output; bad text raises PositionError with one sentence."""
    from game.session import Session

    fields, move_lines = _fields(text)
    if "puzzle" not in fields:
        raise PositionError("the saved game does not say which puzzle it is (no 'puzzle:' line).")
    try:
        spec = catalog.get(fields["puzzle"])
    except KeyError as exc:
        raise PositionError(str(exc)) from None
    if "start" not in fields:
        raise PositionError("the saved game has no start position (no 'start:' line).")
    try:
        start = spec.puzzle.parse(fields["start"])
    except PositionError as exc:
        raise PositionError(f"the saved start position is wrong: {exc}") from None
    seconds = _seconds(fields.get("time", "0"))
    session = Session(spec, start, service=service, rng=rng)
    for number, move_text in enumerate(move_lines, start=1):
        try:
            move = spec.puzzle.parse_move(session.position, move_text)
        except PositionError as exc:
            raise PositionError(f"saved move {number} ('{move_text[:40]}') cannot be played: {exc}") from None
        session.play(move)
    session.resume_clock(seconds)
    return session
