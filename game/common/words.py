"""Counts of moves in words. The command line's are English, for scripts (``n_moves``); the window's
go through the catalogs (``moves_text``, ``count_name``), in the player's language."""
from __future__ import annotations

from game.common.i18n import ngettext, pgettext


def n_moves(n: int) -> str:
    """``n`` moves, singular for exactly one: n_moves(1) == "1 move"."""
    return f"{n:,} move" if n == 1 else f"{n:,} moves"


def moves_text(n: int) -> str:
    """``n`` moves, with the plural the language gives ``n``: a figure or a table's cell on its own."""
    return ngettext("{n:,} move", "{n:,} moves", n).format(n=n)


def count_name(count) -> str:
    """A way of counting sliding-block moves (a MoveCount, or its value "cell", "line", "path") as the
    sentences that name it say it: a word of its own in a context, since "line" and "cell" mean other
    things elsewhere in the game."""
    value = getattr(count, "value", count)
    names = {
        # Translators: a way of counting sliding-block moves: one piece one cell
        "cell": pgettext("move count", "cell"),
        # Translators: a way of counting sliding-block moves: one piece any distance in a straight line
        "line": pgettext("move count", "line"),
        # Translators: a way of counting sliding-block moves: one piece anywhere through empty cells
        "path": pgettext("move count", "path"),
    }
    return names.get(value, value)
