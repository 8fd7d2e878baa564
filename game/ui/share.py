"""Share codes through the clipboard: Ctrl+C on the play screen copies the position's code (a player's
own puzzle, which has no code, copies the position as text); Ctrl+V on the menu or the play screen opens
a pasted code. The clipboard itself (and its fallback where the system has none) is :mod:`game.ui.clipboard`."""
from __future__ import annotations

from game.catalog.codes import CodeError, Shared, decode, encode, looks_like_code
from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.ui.clipboard import Clipboard

__all__ = ["copy_position", "paste_code"]


def copy_position(clipboard: Clipboard, spec: PuzzleSpec, position: bytes) -> str:
    """Copy ``position``'s share code (a player's own puzzle: the position as text); what to tell the player."""
    try:
        text = encode(spec, position)
    except CodeError:
        text = spec.puzzle.format(position)
    return clipboard.copy(text)


def paste_code(clipboard: Clipboard) -> tuple[Shared | None, str, str]:
    """(the position a pasted share code names, or None when the text is no code; the text; a note for the
    player). CodeError with one sentence for a code that is damaged."""
    text, note = clipboard.paste()
    if not looks_like_code(text):
        return None, text, note
    return decode(text.strip()), text, note


def no_code_words() -> str:
    """The menu's sentence for a paste that holds no share code."""
    return _("The clipboard holds no share code: copy one with Ctrl+C on the play screen.")
