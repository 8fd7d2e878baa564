"""Counts in words, for every sentence the game writes: "1 move", "2 moves", "1 position"."""
from __future__ import annotations


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one: plural(1, "move") == "1 move"."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {nouns or noun + 's'}"


def n_moves(n: int) -> str:
    return plural(n, "move")
