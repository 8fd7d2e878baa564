"""Share codes through the clipboard: Ctrl+C on the play screen copies the position's code (a player's
own puzzle, which has none, copies its file's TOML text from that position; the solved daily puzzle, its
result line); Ctrl+V on the menu or the play screen opens a pasted code (on a player's own puzzle, its
file's text too). The clipboard itself (and its fallback where the system has none) is
:mod:`game.ui.clipboard`."""
from __future__ import annotations

from dataclasses import replace

from game.catalog.codes import CodeError, Shared, decode, encode, looks_like_code
from game.catalog.library import spec_for
from game.catalog.reading import parse_toml, to_toml
from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.files.errors import PuzzleFileError
from game.midend.editor import read_position
from game.rules.puzzle import PositionError
from game.ui.clipboard import Clipboard

__all__ = ["copy_position", "copy_result", "paste_code", "pasted_position"]


def copy_position(clipboard: Clipboard, spec: PuzzleSpec, position: bytes) -> str:
    """Copy ``position``'s share code (a player's own puzzle, which has none: its file's TOML text, starting
    at ``position``; a puzzle no file can describe: the position as text); what to tell the player."""
    try:
        return clipboard.copy(encode(spec, position))
    except CodeError:
        pass
    if spec.as_file is None:
        return clipboard.copy(spec.puzzle.format(position))
    defn = spec.as_file(position)   # its figures belong to the old start: not copied
    told = clipboard.copy(to_toml(replace(defn, common=replace(defn.common, published={}))))  # type: ignore[type-var]
    return told if clipboard.detached else _("Copied this puzzle as its file's text, starting from this position: "
                                            "paste it into a .toml file to share it.")


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
    position = shared.state if shared is not None else _file_start(spec, text) or read_position(spec, text)
    return spec.name, position, note or _("A new game from the pasted position (U brings the last one back).")


def _file_start(spec: PuzzleSpec, text: str) -> bytes | None:
    """The start of a puzzle file's text (as Ctrl+C copies a player's own puzzle) when it is ``spec``'s puzzle
    from another start; None for text that is no puzzle file. PositionError when it is another puzzle's."""
    if spec.as_file is None or not text.lstrip().startswith("format"):
        return None
    try:
        defn = parse_toml(text, _("the pasted text"))
        start = spec_for("pasted", defn).puzzle.start
    except (PuzzleFileError, ValueError):
        return None
    try:
        same = replace(spec.as_file(start), common=defn.common) == defn  # type: ignore[type-var]
    except (PositionError, ValueError, IndexError):
        same = False
    if not same:
        raise PositionError(_("The pasted text is another puzzle's file: save it in your puzzle folder to play it."))
    return start


def no_code_words(text: str = "") -> str:
    """The menu's sentence for a paste of ``text``, which holds no share code (a puzzle file's text: where it goes)."""
    if text.lstrip().startswith("format"):
        return _("The clipboard holds a puzzle file: save it as a .toml file in your puzzle folder (the foot of this "
                 "page says where) to play it.")
    return _("The clipboard holds no share code: copy one with Ctrl+C on the play screen.")
