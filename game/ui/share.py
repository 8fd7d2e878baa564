"""Share codes through the clipboard: Ctrl+C on the play screen copies the position's code (a player's
own puzzle, which has no code, copies the position as text; the daily puzzle, once solved, its result line); Ctrl+V on the menu or the play screen opens
a pasted code. The clipboard itself (and its fallback where the system has none) is :mod:`game.ui.clipboard`."""
from __future__ import annotations

from game.catalog.codes import CodeError, Shared, decode, encode, looks_like_code
from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.midend.editor import read_position
from game.ui.clipboard import Clipboard

__all__ = ["copy_position", "copy_result", "paste_code", "pasted_position"]


def copy_position(clipboard: Clipboard, spec: PuzzleSpec, position: bytes) -> str:
    """Copy ``position``'s share code (a player's own puzzle: the position as text); what to tell the player."""
    try:
        text = encode(spec, position)
    except CodeError:
        text = spec.puzzle.format(position)
    return clipboard.copy(text)


def copy_result(clipboard: Clipboard, line: str) -> str:
    """Copy the daily puzzle's result line; what to tell the player (the line itself, to see what was copied)."""
    told = clipboard.copy(line)
    if clipboard.detached:   # kept inside the game only: the line itself, to copy by hand
        return f"{told} {line}"
    # Translators: after the daily puzzle is solved; {line} is the result line the player can share
    return _("Copied to share: {line}").format(line=line)


def paste_code(clipboard: Clipboard) -> tuple[Shared | None, str, str]:
    """(the position a pasted share code names, or None when the text is no code; the text; a note for the
    player). CodeError with one sentence for a code that is damaged."""
    text, note = clipboard.paste()
    if not looks_like_code(text):
        return None, text, note
    return decode(text.strip()), text, note


def pasted_position(clipboard: Clipboard, spec: PuzzleSpec) -> tuple[str, bytes, str]:
    """What a paste on the play screen of ``spec`` opens: (the puzzle's name, the position, what to say). A
    share code names its puzzle (another one too); any other text is read as a position of ``spec``.
    CodeError or PositionError with one sentence when it is neither."""
    shared, text, note = paste_code(clipboard)
    if shared is not None and shared.spec.name != spec.name:
        return shared.spec.name, shared.state, _("A new game from the pasted code.")
    position = shared.state if shared is not None else read_position(spec, text)
    return spec.name, position, note or _("A new game from the pasted position (U brings the last one back).")


def no_code_words() -> str:
    """The menu's sentence for a paste that holds no share code."""
    return _("The clipboard holds no share code: copy one with Ctrl+C on the play screen.")
