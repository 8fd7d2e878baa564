"""Counts of moves in words. The command line's are English, for scripts (``n_moves``); the window's
go through the catalogs (``moves_text``), in the player's language."""
from __future__ import annotations

from game.common.i18n import ngettext


def n_moves(n: int) -> str:
    """``n`` moves, singular for exactly one: n_moves(1) == "1 move"."""
    return f"{n:,} move" if n == 1 else f"{n:,} moves"


def moves_text(n: int) -> str:
    """``n`` moves, with the plural the language gives ``n``: a figure or a table's cell on its own."""
    return ngettext("{n:,} move", "{n:,} moves", n).format(n=n)
