"""Ways of counting a move, declared by the family that offers them.

"Optimal" means fewest moves of a declared kind, so every puzzle counts its moves one way, and
some families offer several (sliding blocks: one cell, one straight line, or one path; peg
solitaire: every jump, or one peg's chain of jumps). A :class:`Count` carries its key (as files
and the command line spell it) and its words; the family says which it offers and which is its
default, and the code above the rules asks the puzzle's spec, never a family's own type.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.common.i18n import _, ngettext

__all__ = ["Count", "MOVES"]


def _moves_word() -> str:
    return _("moves")


def _amount(n: int) -> str:
    return ngettext("{n:,} move", "{n:,} moves", n).format(n=n)


def _solvable(n: int) -> str:
    return ngettext("Solvable: {n:,} move to the goal.", "Solvable: {n:,} moves to the goal.", n).format(n=n)


@dataclass(frozen=True, eq=False)
class Count:
    """One way of counting moves. Its sentences are made where they are shown (in the language of the
    moment), by functions that hold their messages whole, so each reads naturally in any language."""

    key: str                                 # as files and the command line spell it: "path"
    word: Callable[[], str]                  # the count in a word, translated: "path"
    rule: str = ""                           # the move rule under this count (English, marked): what one move is
    button: str = ""                         # the panel's switch showing this count (marked)
    now: str = ""                            # the help's sentence: counted this way now, and what K offers
    recounted: str = ""                      # the message once the player switched to this count
    solvable: Callable[[int], str] = _solvable     # the editor's reading: n moves to the goal, counted so
    amount: Callable[[int], str] = _amount         # n of them, translated: "37 pushes"
    published: tuple[str, str] = ("", "")          # a card's line on the literature's figure, one and many
                                                   # ({moves:,}; marked): "Published: 81 moves (path)."

    def __repr__(self) -> str:
        return f"<Count {self.key}>"


# the one count of a family that counts every move alike (its files' [published] key is "moves")
MOVES = Count("moves", _moves_word)
