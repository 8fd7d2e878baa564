"""The one error a puzzle file can cause: a sentence the player can act on without reading code.

Every reader raises :class:`PuzzleFileError` and nothing else for a bad file, so the game can list
a whole folder, show each bad file's sentence and keep running.
"""
from __future__ import annotations

import re

from game.untrusted import SENTENCE_LIMIT, shown

ORIGIN_LIMIT = 60   # characters of a file name quoted in a sentence
_PREDICATE = re.compile(r"(is|are|must|has|have|names|shows|leaves|contains|cannot|applies|needs)\b")


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used: ``origin`` (the file), ``where`` (``line 12``, ``key
    'start'`` or empty) and ``problem``. ``str()`` is one line ending in '.', e.g.
    ``klotski.toml: key 'start', row 3 has 5 cells, but row 1 has 4.`` or
    ``klotski.toml: key 'format' is 2, but this game reads format 1 only.``

    The three parts stay in ``args`` so the error survives a trip to a worker process."""

    def __init__(self, origin: str, where: str, problem: str) -> None:
        super().__init__(origin, where, problem)

    @property
    def origin(self) -> str:
        return str(self.args[0])

    @property
    def where(self) -> str:
        return str(self.args[1])

    @property
    def problem(self) -> str:
        return str(self.args[2])

    def __str__(self) -> str:
        text = shown(self.origin, ORIGIN_LIMIT) or "puzzle file"
        if self.where:
            text += ": " + self.where
        if self.where.startswith("key "):
            text += (" " if _PREDICATE.match(self.problem) else ", ") + self.problem
        else:
            text += ": " + self.problem
        text = " ".join(text.split())
        text = shown(text, SENTENCE_LIMIT - 1)
        return text if text.endswith(".") else text + "."
