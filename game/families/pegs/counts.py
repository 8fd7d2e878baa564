"""How a peg-solitaire move is counted: every jump, or a whole chain of one peg's jumps (the count
behind the English board's famous 18, Bergholt 1912, proven shortest by Beasley). Files say which
is theirs (``moves``, default ``chain``); the player may switch, and every figure follows."""
from __future__ import annotations

from game.common.i18n import N_, ngettext, pgettext
from game.rules.counts import Count

__all__ = ["CHAIN", "COUNTS", "JUMP"]


def _jump_word() -> str:
    # Translators: a way of counting peg-solitaire moves: every jump is a move
    return pgettext("move count", "jump")


def _chain_word() -> str:
    # Translators: a way of counting peg-solitaire moves: one peg's consecutive jumps are one move
    return pgettext("move count", "chain")


def _jump_solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} move to the goal (moves counted by jump).",
                    "Solvable: {n:,} moves to the goal (moves counted by jump).", n).format(n=n)


def _chain_solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} move to the goal (moves counted by chain).",
                    "Solvable: {n:,} moves to the goal (moves counted by chain).", n).format(n=n)


JUMP = Count(
    "jump", _jump_word,
    rule=N_("A move jumps one peg over a neighbouring peg into the empty hole behind it; the peg jumped over is "
            "taken off."),
    # Translators: a button: every jump is counted as a move; pressed, the next way of counting
    button=N_("Moves counted: jump ›"),
    now=N_("Moves are counted by jump now; K counts one peg's chain of jumps as one move."),
    recounted=N_("Moves now counted by jump: the same game, its moves recounted."),
    solvable=_jump_solvable,
    published=(N_("Published: {moves:,} move (jump)."), N_("Published: {moves:,} moves (jump).")))
CHAIN = Count(
    "chain", _chain_word,
    rule=N_("A move is one peg's chain of jumps: each over a neighbouring peg into the empty hole behind it, the "
            "pegs jumped over taken off."),
    # Translators: a button: one peg's consecutive jumps are counted as one move; pressed, the next way
    button=N_("Moves counted: chain ›"),
    now=N_("Moves are counted by chain now (one peg's jumps in a row are one move); K counts every jump."),
    recounted=N_("Moves now counted by chain: the same game, its moves recounted."),
    solvable=_chain_solvable,
    published=(N_("Published: {moves:,} move (chain)."), N_("Published: {moves:,} moves (chain).")))
COUNTS = (JUMP, CHAIN)
