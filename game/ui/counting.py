"""Counts of moves in the player's language: a number of moves ("1 move", "12 moves"), and the
ways a sliding block's moves are counted, named for the screens' sentences ("moves by line"). Each
way's name is a word of its own in the catalogs, in a context, because "line" and "cell" mean other
things elsewhere in the game."""
from __future__ import annotations

from game.files.model import MoveCount
from game.i18n import ngettext, pgettext


def moves_text(n: int) -> str:
    """``n`` moves, with the plural the language gives ``n``: a figure or a table's cell on its own."""
    return ngettext("{n:,} move", "{n:,} moves", n).format(n=n)


def count_name(count: MoveCount) -> str:
    """The name of a way of counting moves, as the sentences that show it use it."""
    names = {
        # Translators: a way of counting sliding-block moves: one piece one cell
        MoveCount.CELL: pgettext("move count", "cell"),
        # Translators: a way of counting sliding-block moves: one piece any distance in a straight line
        MoveCount.LINE: pgettext("move count", "line"),
        # Translators: a way of counting sliding-block moves: one piece anywhere through empty cells
        MoveCount.PATH: pgettext("move count", "path"),
    }
    return names.get(count, count.value)
