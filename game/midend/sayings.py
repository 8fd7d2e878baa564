"""What a game in progress says of what happened, in the player's language: a move that is not legal, a
solve, a hint, a dead end. The session puts these sentences in its events; the window shows them, and
what the keys did (:mod:`game.midend.commands`, :mod:`game.keeping.kept`) as :class:`Said` sentences."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.catalog.spec import PuzzleSpec
from game.common.i18n import _, ngettext
from game.midend.notation import move_words
from game.rules.identities import Identities
from game.rules.puzzle import Move

__all__ = ["Said", "Tone", "celebration_words", "dead_end_words", "found_words", "hint_sentence", "hint_words",
           "illegal_words", "solved_words"]


class Tone(Enum):
    """The meaning of a colour; the view picks the colour."""

    TEXT = "text"
    MUTED = "muted"
    DIM = "dim"
    GOOD = "good"
    HINT = "hint"
    NOPE = "nope"
    ACCENT = "accent"


@dataclass(frozen=True)
class Said:
    """A sentence for the message line of the screen that shows the game."""

    text: str
    tone: Tone | None = None   # what its colour means (None: a plain message)
    refused: bool = False   # the gentle "no": what was asked for cannot be done


def illegal_words(spec: PuzzleSpec, state: bytes, move: Move, who: Identities | None = None) -> str:
    try:
        return _("{move} is not a legal move here.").format(move=move_words(spec, state, move, who))
    except (IndexError, KeyError):
        return _("That is not a legal move here.")


def solved_words(moves: int) -> str:
    """What the game says the moment a game is solved."""
    return ngettext("Solved in {n:,} move.", "Solved in {n:,} moves.", moves).format(n=moves)


def celebration_words(moves: int, par: int | None) -> str:
    """What the celebration says under "Solved!": the moves made, and the optimum where known."""
    if par is None:
        return ngettext("{moves:,} move", "{moves:,} moves", moves).format(moves=moves)
    # Translators: under "Solved!": the moves made, then the fewest possible from the game's start
    return ngettext("{moves:,} move · optimal {par}", "{moves:,} moves · optimal {par}", moves).format(moves=moves,
                                                                                                     par=par)


def hint_sentence(move: str, distance: int | None, found: tuple[int, int] | None = None) -> str:
    """The hint on the message line: the move in words ("slide the tile 6 left"), and how far the goal is
    where that is known; where only a line not proven shortest is known (``found``: its length and the
    fewest moves the shortest may need), that, never called optimal."""
    if distance is None and found is not None:
        # Translators: a hint from a line not proven shortest; {move} in words ("slide the tile 6 left")
        return ngettext("Hint: {move} (shortest found: {n:,} move to go, not proven; at least {least:,}). "
                        "Press H again to play it.",
                        "Hint: {move} (shortest found: {n:,} moves to go, not proven; at least {least:,}). "
                        "Press H again to play it.", found[0]).format(move=move, n=found[0], least=found[1])
    if distance is None:
        return _("Hint: {move}. Press H again to play it.").format(move=move)
    return ngettext("Hint: {move} ({n:,} move to go). Press H again to play it.",
                    "Hint: {move} ({n:,} moves to go). Press H again to play it.", distance).format(move=move,
                                                                                                  n=distance)


def hint_words(spec: PuzzleSpec, position: bytes, line: tuple[Move, ...], at_least: int | None = None) -> str:
    """A hint: the first move of the optimal ``line`` from ``position``, and how many moves are left; or, with
    ``at_least``, the first move of the shortest line found, not proven, and what the shortest may need."""
    n = len(line)
    if not line:
        return ngettext("Already solved. ({n:,} move to go)", "Already solved. ({n:,} moves to go)", n).format(n=n)
    return move_hint_words(move_words(spec, position, line[0]), n, at_least)


def move_hint_words(move: str, n: int, at_least: int | None = None) -> str:
    """The hint ladder's move step: the move in words and the moves left (not proven: the floor too)."""
    if at_least is not None:
        return unproven_hint_words(move, n, at_least)
    # Translators: {move} is the move in the board's words ("tile 5 b2→b3")
    return ngettext("{move} ({n:,} move to go)", "{move} ({n:,} moves to go)", n).format(move=move, n=n)


def unproven_count_words(n: int, at_least: int) -> str:
    """The hint ladder's count step from a line not proven shortest: its length and the proven floor."""
    return ngettext("The shortest found is {n:,} move, not proven; the goal is at least {least:,} away.",
                    "The shortest found is {n:,} moves, not proven; the goal is at least {least:,} away.",
                    n).format(n=n, least=at_least)


def unproven_hint_words(move: str, n: int, at_least: int) -> str:
    """A hint from a line that is the shortest found, never called optimal: its length and the proven floor."""
    # Translators: a hint from a line not proven shortest: its length, and the fewest moves the shortest may have
    return ngettext("{move} (shortest found: {n:,} move to go, not proven; the shortest needs at least {least:,})",
                    "{move} (shortest found: {n:,} moves to go, not proven; the shortest needs at least {least:,})",
                    n).format(move=move, n=n, least=at_least)


def found_words(line: tuple[Move, ...] | None) -> str:
    """A search from a position the player has left has finished: what it found, kept for their return."""
    if line is None:
        return _("The search from where you were is done: a dead end. It is remembered for when you are back.")
    return ngettext("The search from where you were is done: {n:,} move. A hint there now comes at once.",
                    "The search from where you were is done: {n:,} moves. A hint there now comes at once.",
                    len(line)).format(n=len(line))


def dead_end_words(spec: PuzzleSpec, back: int | None) -> str:
    """A dead end, and how many undos lead back to a position that can still win (None: none can)."""
    title = spec.shown_title()
    if back is None:
        return _("This position is a dead end in {title}: no sequence of moves reaches the goal from it. "
                 "No earlier position of this game can win either: restart.").format(title=title)
    return ngettext(
        "This position is a dead end in {title}: no sequence of moves reaches the goal from it. "
        "Undo {n:,} move to get back to a winnable position.",
        "This position is a dead end in {title}: no sequence of moves reaches the goal from it. "
        "Undo {n:,} moves to get back to a winnable position.", back).format(title=title, n=back)
