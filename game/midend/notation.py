"""Moves in the board's own words, for the player: the piece as the board shows it (the wolf, the big red
block, the tile 5), never the symbol or letter of its text form. The command line and saved games keep
the compact text (``W d2-d3``); the window writes ``wolf d2→d3`` in a list (the review, a solution) and
"slide the wolf down" in a sentence (the hint). Where a family names identical pieces one by one (the
green robot, the yellow robot), ``who`` says which is which (:mod:`game.rules.identities`): the game's
own, followed from where it began; without it, each code's pieces are taken in reading order."""
from __future__ import annotations

from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.rules.identities import Identities, first_seen
from game.rules.puzzle import Move

__all__ = ["describe_move", "move_words", "piece_words"]


def piece_words(spec: PuzzleSpec, before: bytes, cell: int, who: Identities | None = None) -> str:
    """The piece on ``cell`` as the board shows it, in the player's language ("green robot")."""
    presentation = spec.presentation
    place = None
    if presentation.tells_apart:
        place = (who if who is not None and len(who) == len(before) else first_seen(before))[cell]
    return presentation.shown_piece_name(before[cell], place)


def move_words(spec: PuzzleSpec, before: bytes, move: Move, who: Identities | None = None) -> str:
    """'wolf c2→d2', 'big red block b1→b2', 'pair a1→g1', a chain 'peg d2→d4→f4': a move in a list, in the
    player's language."""
    puzzle = spec.puzzle
    b = puzzle.board
    name = piece_words(spec, before, move.src, who)
    stops = _stops(spec, before, move)
    dst = "→".join(stops[1:]) if stops else b.coord(move.dst)
    return _(puzzle.move_kind(move).named).format(piece=name, src=b.coord(move.src), dst=dst)


def _stops(spec: PuzzleSpec, before: bytes, move: Move) -> list[str]:
    """The cells a move lands on, its start first, where its kind lands on its way and it did (else none)."""
    puzzle = spec.puzzle
    if not puzzle.move_kind(move).chained:
        return []
    route = puzzle.route(before, move)
    return [puzzle.board.coord(cell) for cell in route] if len(route) > 2 else []


def describe_move(spec: PuzzleSpec, before: bytes, move: Move, who: Identities | None = None) -> str:
    """'slide the tile 6 left', 'jump the black frog right', 'move the black knight from b1 to c3',
    'jump the peg d2→d4→f4' (in the player's language; the cells keep their board names): in the words of the move's kind."""
    puzzle = spec.puzzle
    b = puzzle.board
    dr, dc = b.drawn_step(move.src, move.dst)   # the way it goes on the screen
    kind = puzzle.move_kind(move)
    name = piece_words(spec, before, move.src, who)
    stops = _stops(spec, before, move)
    if stops:
        return _(kind.chained).format(piece=name, stops="→".join(stops))
    step = (dr // max(1, abs(dr)) if dr else 0, dc // max(1, abs(dc)) if dc else 0)
    straight = (dr == 0) != (dc == 0)   # along a row or a column
    if straight and step in kind.ways:
        return _(kind.ways[step]).format(piece=name)
    return _(kind.any_way).format(piece=name, src=b.coord(move.src), dst=b.coord(move.dst))
