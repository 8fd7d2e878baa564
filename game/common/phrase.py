"""Sentences composed where no catalog is at hand that must still read in the language of the
moment they are shown: a frog file's move rule (composed when the puzzle is built), a search's
progress and failure (composed in a worker process).

A :class:`Phrase` is the English text itself (a ``str``: the command line, the tests and every
comparison see plain English) that also remembers its marked message and fields, so
:func:`translated` can compose it again in the active language. Fields are data (shown as
they are) or phrases (translated in turn).
"""
from __future__ import annotations

from typing import Union

from game.common.i18n import _

Field = Union[str, int, float, "Phrase"]


class Phrase(str):
    """English text that can be composed again in another language (see the module docstring)."""

    message: str
    fields: dict[str, Field]

    def __new__(cls, message: str, **fields: Field) -> Phrase:
        self = super().__new__(cls, message.format(**fields) if fields else message)
        self.message = message
        self.fields = fields
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return _rebuild, (self.message, self.fields)

    def shown(self) -> str:
        """The phrase in the active language (English when no catalog is active)."""
        if not self.fields:   # a message, or a title from a file: never formatted, braces and all
            return _(self.message)
        return _(self.message).format(**{k: v.shown() if isinstance(v, Phrase) else v
                                         for k, v in self.fields.items()})


def _rebuild(message: str, fields: dict[str, Field]) -> Phrase:
    return Phrase(message, **fields)


def translated(text: str) -> str:
    """``text`` in the active language: a phrase composes itself again, a marked message is looked
    up, anything else (a title from a puzzle file) comes back as it is. An empty text stays empty:
    gettext would give the catalog's header for it."""
    if not text:
        return text
    return text.shown() if isinstance(text, Phrase) else _(text)
