"""A game's history counted another way (sliding blocks: by cell, line or path), so that switching the
count keeps the game: the same positions, the same games, undo and redo, the move counter recounted.

Every position of a puzzle is a position of it under any count; only what one move is differs. So each
move already played is rewritten as moves of the new count: a move the new count has too stays one
move; one it has not (a path move counted by line or cell) becomes the fewest moves of the same piece
that make it; and consecutive moves of one piece that the new count takes as one (cell steps in one
line, counted by line; any steps of one piece, counted by path) join into one, as they would had the
game been played so. A family may know better how one of its moves splits (:meth:`Puzzle.split`: a
Sokoban push counted by pushes is the keeper's walk to the box and the push, step by step). Nothing joins across the cursor, so redo still brings back what it brought.

A game whose moves were recounted is marked (``Notes.recounted``): it was not played under the count
it ends in, so its win can claim no optimum there (see :class:`~game.midend.session.Win`).
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Mapping, Sequence

from game.catalog.spec import PuzzleSpec
from game.midend.history import ANCHORS, NO_NOTES, Entry, EntryKind, Notes
from game.midend.session import Session
from game.rules.puzzle import Move, Puzzle

__all__ = ["recount_history", "recounted", "split_move"]


def split_move(puzzle: Puzzle, before: bytes, move: Move, after: bytes) -> list[tuple[Move, bytes]]:
    """The fewest moves of ``puzzle`` that take the piece ``move`` carries from ``before`` to ``after``,
    each with the position it leads to (one move where ``puzzle`` has it; the family's own where it
    knows them, :meth:`Puzzle.split`); the way the piece went, if
    that is as few (a peg's chain, jump by jump, round the loop it took and not the other way round).
    ValueError if the piece alone cannot get there under ``puzzle`` (then the positions are not one
    move of a piece apart)."""
    for legal, nxt in puzzle.successors(before):
        if nxt == after:
            return [(legal, nxt)]
    own = puzzle.split(before, move, after)
    if own is not None:
        return own
    fewest = _fewest(puzzle, before, move, after)
    followed = _along_route(puzzle, before, move, after)
    return followed if followed is not None and len(followed) == len(fewest) else fewest


def _along_route(puzzle: Puzzle, before: bytes, move: Move, after: bytes) -> list[tuple[Move, bytes]] | None:
    """The move's own route (:meth:`Puzzle.route`), each stretch one move of ``puzzle``, if it gets to ``after``."""
    steps: list[tuple[Move, bytes]] = []
    here = before
    cells = puzzle.route(before, move)
    for a, b in zip(cells, cells[1:]):
        step = next(((m, nxt) for m, nxt in puzzle.successors(here) if (m.src, m.dst) == (a, b)), None)
        if step is None:
            return None
        steps.append(step)
        here = step[1]
    return steps if here == after else None


def _fewest(puzzle: Puzzle, before: bytes, move: Move, after: bytes) -> list[tuple[Move, bytes]]:
    """Breadth first over the moves of the piece ``move`` carries, from ``before`` until ``after``."""
    came: dict[bytes, tuple[bytes, Move] | None] = {before: None}
    anchor: dict[bytes, int] = {before: move.src}
    queue = deque([before])
    while queue:
        here = queue.popleft()
        for legal, nxt in puzzle.successors(here):
            if legal.src != anchor[here] or nxt in came:
                continue
            came[nxt], anchor[nxt] = (here, legal), legal.dst
            if nxt == after:
                return _path(came, after)
            queue.append(nxt)
    raise ValueError("the piece cannot make this move under the other count")


def _path(came: Mapping[bytes, tuple[bytes, Move] | None], end: bytes) -> list[tuple[Move, bytes]]:
    steps: list[tuple[Move, bytes]] = []
    at = end
    while (link := came[at]) is not None:
        before, move = link
        steps.append((move, at))
        at = before
    return steps[::-1]


def recount_history(entries: Sequence[Entry], cursor: int, notes: Mapping[int, Notes], puzzle: Puzzle,
                    ) -> tuple[list[Entry], int, dict[int, Notes]]:
    """``entries`` (with their ``cursor`` and games' ``notes``) as a history of ``puzzle``, the same
    puzzle under another count: see the module docstring."""
    out: list[Entry] = [entries[0]]
    kept: dict[int, Notes] = {0: notes[0]} if 0 in notes else {}
    recounted: set[int] = set()
    anchor, new_cursor = 0, 0
    for i in range(1, len(entries)):
        entry = entries[i]
        if entry.kind in ANCHORS or entry.move is None:
            out.append(entry)
            anchor = len(out) - 1
            if i in notes:
                kept[anchor] = notes[i]
        else:
            for move, after in split_move(puzzle, out[-1].position, entry.move, entry.position):
                if not (len(out) - 1 == new_cursor and i > cursor) and _joined(puzzle, out, anchor, move, after,
                                                                               entry.kind):
                    continue
                out.append(Entry(after, move, entry.kind))
            recounted.add(anchor)
        if i == cursor:
            new_cursor = len(out) - 1
    for game in recounted:
        kept[game] = replace(kept.get(game, NO_NOTES), recounted=True)
    return out, new_cursor, kept


def _joined(puzzle: Puzzle, out: list[Entry], anchor: int, move: Move, after: bytes, kind: EntryKind) -> bool:
    """Fold ``move`` (to ``after``) into the last entry of ``out`` if the count takes the two as one move of
    one piece (as :meth:`History.join` does for steps); a piece back where its move began takes it back."""
    last = out[-1]
    if last.kind is not kind or last.move is None or len(out) - 1 <= anchor or not puzzle.joins(last.move, move):
        return False
    origin = out[-2].position
    if after == origin:
        out.pop()
        return True
    ways = [m for m, nxt in puzzle.successors(origin) if nxt == after]
    if not ways:
        return False
    went = puzzle.route(origin, last.move) + puzzle.route(last.position, move)[1:]
    joined = next((m for m in ways if puzzle.route(origin, m) == went), ways[0])   # the way it went, if it is one
    out[-1] = Entry(after, joined, kind)
    return True


def recounted(session: Session, spec: PuzzleSpec) -> Session:
    """The session's game under ``spec``, the same puzzle counted another way: the same positions and
    history, its moves recounted, its clock with it. Searches and what they taught stay behind: an
    optimal line of one count is not one of another."""
    session.cancel_search()
    session.autosolve.stop()
    timeline = session.timeline
    entries, cursor, notes = recount_history(timeline.entries, timeline.cursor, timeline.notes, spec.puzzle)
    other = Session(spec, entries[0].position, service=session.service, rng=session.rng)
    other.timeline.follow_with(entries, cursor, notes)
    other.resume_clock(session.elapsed)
    return other
