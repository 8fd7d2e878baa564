"""How a sliding-block move is counted (Knuth's styles 0, 1 and 2), each with its words.

``cell``: one piece one cell up, down, left or right; ``line``: one piece any distance in one
straight line; ``path``: one piece anywhere it can reach through empty cells, turning corners
(the count behind Klotski's famous 81). Files say which is theirs (``moves``, default ``path``);
the player may switch, and every figure follows.
"""
from __future__ import annotations

from game.common.i18n import N_, ngettext, pgettext
from game.rules.counts import Count

__all__ = ["CELL", "COUNTS", "LINE", "PATH"]


def _cell_word() -> str:
    # Translators: a way of counting sliding-block moves: one piece one cell
    return pgettext("move count", "cell")


def _line_word() -> str:
    # Translators: a way of counting sliding-block moves: one piece any distance in a straight line
    return pgettext("move count", "line")


def _path_word() -> str:
    # Translators: a way of counting sliding-block moves: one piece anywhere through empty cells
    return pgettext("move count", "path")


def _cell_solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} move to the goal (moves counted by cell).",
                    "Solvable: {n:,} moves to the goal (moves counted by cell).", n).format(n=n)


def _line_solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} move to the goal (moves counted by line).",
                    "Solvable: {n:,} moves to the goal (moves counted by line).", n).format(n=n)


def _path_solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} move to the goal (moves counted by path).",
                    "Solvable: {n:,} moves to the goal (moves counted by path).", n).format(n=n)


CELL = Count(
    "cell", _cell_word,
    rule=N_("A move slides one piece by one cell into empty space."),
    # Translators: a button: moves are counted one cell at a time; pressed, the next way of counting
    button=N_("Moves counted: cell ›"),
    now=N_("Moves are counted by cell now; K counts them by cell, line or path."),
    recounted=N_("Moves now counted by cell: the same game, its moves recounted."),
    solvable=_cell_solvable,
    published=(N_("Published: {moves:,} move (cell)."), N_("Published: {moves:,} moves (cell).")))
LINE = Count(
    "line", _line_word,
    rule=N_("A move slides one piece any distance in one straight line through empty space."),
    # Translators: a button: moves are counted one straight line at a time; pressed, the next way
    button=N_("Moves counted: line ›"),
    now=N_("Moves are counted by line now; K counts them by cell, line or path."),
    recounted=N_("Moves now counted by line: the same game, its moves recounted."),
    solvable=_line_solvable,
    published=(N_("Published: {moves:,} move (line)."), N_("Published: {moves:,} moves (line).")))
PATH = Count(
    "path", _path_word,
    rule=N_("A move takes one piece anywhere it can slide through empty space, turning corners."),
    # Translators: a button: moves are counted one path at a time; pressed, the next way
    button=N_("Moves counted: path ›"),
    now=N_("Moves are counted by path now; K counts them by cell, line or path."),
    recounted=N_("Moves now counted by path: the same game, its moves recounted."),
    solvable=_path_solvable,
    published=(N_("Published: {moves:,} move (path)."), N_("Published: {moves:,} moves (path).")))
COUNTS = (CELL, LINE, PATH)
