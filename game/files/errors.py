"""The one error a puzzle file can cause: a sentence the player can act on without reading code.

Every reader raises :class:`PuzzleFileError` and nothing else for a bad file, so the game can list
a whole folder, show each bad file's sentence and keep running. The problem is one translated
clause that names its own key (``key 'start', row 3 has 5 cells...``), so every language words it
whole; only the file and the line frame it.
"""
from __future__ import annotations

from game.common.i18n import _
from game.common.untrusted import SENTENCE_LIMIT, shown

ORIGIN_LIMIT = 60   # characters of a file name quoted in a sentence
_ENDINGS = ".。"     # a problem's own full stop gives way to the frame's


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used: ``origin`` (the file), ``where`` (``line 12`` or empty)
    and ``problem``. ``str()`` is one line ending in a full stop, e.g.
    ``klotski.toml: key 'start', row 3 has 5 cells, but row 1 has 4.`` or
    ``small.js2: line 4: piece type 2 names one cell twice.``

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
        origin = shown(self.origin, ORIGIN_LIMIT) or _("puzzle file")
        problem = " ".join(self.problem.split()).rstrip(_ENDINGS)
        room = SENTENCE_LIMIT - len(origin) - len(self.where) - 8
        problem = shown(problem, max(20, room))
        if self.where:
            # Translators: a bad puzzle file: its name, the line ("line 12") and what is wrong there.
            return _("{file}: {where}: {problem}.").format(file=origin, where=self.where, problem=problem)
        # Translators: a bad puzzle file: its name and what is wrong with it.
        return _("{file}: {problem}.").format(file=origin, problem=problem)


def at_line(number: int) -> str:
    """The place of a problem on one line of a file ("line 12"); empty for the whole file."""
    return _("line {number}").format(number=number) if number else ""
