"""What a puzzle file says, once read and checked: plain data, no rules yet.

A reader (TOML, or a format a family imports) produces one definition; its family builds the
rules from it. Every definition has the keys all files share (:class:`Common`); the rest is the
family's own type, declared in its folder. Grids are tuples of equal-length strings, one
character per cell: ``.`` empty, ``#`` a wall (blocks) or a hole in the board (tokens), ``?``
(goals only) any content, anything else a piece.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Protocol

__all__ = ["Common", "FileDef", "Grid", "name_words"]

Grid = tuple[str, ...]


@dataclass(frozen=True)
class Common:
    """What every puzzle file says besides its rules."""

    title: str
    subtitle: str = ""
    source: str = ""
    published: Mapping[str, int] = field(default_factory=dict)   # by count: {"path": 81}, {"moves": 16}
    origin: str = ""                                              # the file it came from, for messages
    group: str = ""        # files of one group fold into one menu card (its title) ...
    variant: str = ""      # ... with this label in the card's chooser, e.g. "4" or "4 v 3"


class FileDef(Protocol):
    """A family's definition: frozen data (it travels to worker processes), with the shared keys."""

    @property
    def common(self) -> Common: ...


def name_words(stem: str) -> str:
    """A file's or folder's name (its stem) in words, for a title made of it where the file says none:
    ``traffic-pack`` gives "Traffic pack" ('' for a name of no words)."""
    words = " ".join(stem.replace("_", " ").replace("-", " ").split())
    return words[:1].upper() + words[1:]
