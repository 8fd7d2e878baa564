"""Why a position in the editor is not one of its puzzle, in one sentence: pieces to place or take away,
said with the pieces' own names ("place 2 more black frogs"), or what the puzzle's rules refuse."""
from __future__ import annotations

from collections import Counter

from game.catalog.spec import PuzzleSpec
from game.common.i18n import N_, _, ngettext
from game.common.untrusted import sentence
from game.rules.puzzle import PositionError

__all__ = ["EMPTY", "piece_word", "problem_of"]

EMPTY = 0


def piece_word(spec: PuzzleSpec, code: int) -> str:
    """A piece (or the empty cell) in English words, a marked message: "black frog"."""
    return N_("empty") if code == EMPTY else spec.presentation.piece_name(code)


def problem_of(spec: PuzzleSpec, state: bytes) -> str | None:
    """Why ``state`` is not a position of ``spec`` (one sentence), or None if it is."""
    counts = _counts_problem(spec, state)
    if counts is not None:
        return counts
    try:
        spec.puzzle.check(state)
    except PositionError as err:
        return sentence(str(err))
    except (ValueError, IndexError, KeyError):
        return _("The rules of {title} cannot read this position.").format(title=spec.shown_title())
    return None


def _counts_problem(spec: PuzzleSpec, state: bytes) -> str | None:
    """Pieces to place or take away, said with the pieces' own names: the puzzle's family says how many
    of each a position may hold (:meth:`PuzzleSpec.piece_limits`)."""
    limits, have = spec.piece_limits(), Counter(state)
    codes = sorted(c for c in set(limits) | set(have) if c != EMPTY)
    more, fewer = [], []
    for code in codes:
        low, high = limits.get(code, (0, 0))
        if have[code] < low:
            more.append(_count(spec, code, low - have[code], more=have[code] > 0))
        elif have[code] > high:
            fewer.append(_count(spec, code, have[code] - high))
    if not more and not fewer:
        return None
    place = _("place {pieces}").format(pieces=_listed(more)) if more else ""
    take = _("take away {pieces}").format(pieces=_listed(fewer)) if fewer else ""
    # Translators: two changes to a position in the editor ("place 2 black frogs", "take away 1 white frog")
    changes = _("{place} and {take}").format(place=place, take=take) if place and take else place or take
    needs = _listed([_between(spec, code, *limits[code]) for code in sorted(limits) if limits[code][1]])
    # Translators: "Frogs, board A has 5 black frogs and 5 white frogs: place 2 more black frogs."
    return sentence(_("{title} has {pieces}: {changes}.").format(title=spec.shown_title(), pieces=needs,
                                                                 changes=changes))


def _between(spec: PuzzleSpec, code: int, low: int, high: int) -> str:
    """How many of a piece a position may hold: "5 black frogs", or "1 to 32 pegs" where moves take some off."""
    if low == high:
        return _count(spec, code, high)
    word = piece_word(spec, code)
    plural = spec.presentation.piece_plurals.get(code)
    if plural is not None:
        # Translators: how many of a piece a position may hold ("1 to 6 boxes"); {one} its name, {many} its plural
        text = ngettext("{least} to {n} {one}", "{least} to {n} {many}", high)
        return text.format(least=low, n=high, one=_(word), many=_(plural))
    # Translators: how many of a piece a position may hold ("1 to 32 pegs"); English makes its plural with an "s"
    return ngettext("{least} to {n} {piece}", "{least} to {n} {piece}s", high).format(least=low, n=high, piece=_(word))


def _count(spec: PuzzleSpec, code: int, n: int, more: bool = False) -> str:
    """A number of one piece in words: "2 black frogs", "1 more white frog"."""
    word = piece_word(spec, code)
    plural = spec.presentation.piece_plurals.get(code)
    if plural is not None:   # a name whose plural is not made with an "s": "2 boxes"
        if more:
            # Translators: {one} is a piece's name ("box"), {many} its plural ("boxes")
            text = ngettext("{n} more {one}", "{n} more {many}", n)
        else:
            # Translators: {one} is a piece's name ("box"), {many} its plural ("boxes")
            text = ngettext("{n} {one}", "{n} {many}", n)
        return text.format(n=n, one=_(word), many=_(plural))
    if more:
        # Translators: {piece} is a piece's name ("black frog"); English makes its plural with an "s"
        text = ngettext("{n} more {piece}", "{n} more {piece}s", n)
    else:
        # Translators: {piece} is a piece's name ("black frog"); English makes its plural with an "s"
        text = ngettext("{n} {piece}", "{n} {piece}s", n)
    return text.format(n=n, piece=_(word))


def _listed(items: list[str]) -> str:
    """Counts of pieces in one list: "5 black frogs and 5 white frogs"."""
    listed = items[0]
    for item in items[1:]:
        # Translators: a list of pieces so far, and one more ("5 black frogs and 5 white frogs")
        listed = _("{pieces} and {piece}").format(pieces=listed, piece=item)
    return listed
