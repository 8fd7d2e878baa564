"""Counts of moves in words for the command line, whose output is English for scripts: "1 move",
"2 moves". Everything the window shows says its counts through ``ngettext`` sentences instead."""
from __future__ import annotations


def n_moves(n: int) -> str:
    """``n`` moves, singular for exactly one: n_moves(1) == "1 move"."""
    return f"{n:,} move" if n == 1 else f"{n:,} moves"
