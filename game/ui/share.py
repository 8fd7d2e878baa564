"""Share codes through the clipboard: Ctrl+C on the play screen copies the position's code (a player's
own puzzle, which has none, copies its file's TOML text from that position; the solved daily puzzle, its
result line); Ctrl+V on the menu or the play screen opens a pasted code (on a player's own puzzle, its
file's text too). The clipboard itself (and its fallback where the system has none) is
:mod:`game.ui.clipboard`.

Where the puzzle has a notation of its own (Sokoban's LURD), the game's moves so far go with the code, on
the next line (after a file's text: on a comment line, ``# lurd: ...``, so the file still reads). Pasted
back, on the menu or the play screen, the moves are played from where they must have begun to end at the
code's position; a line of moves alone, on the play screen, is played from where the game began (else from
the puzzle's start). Either way it is a game of its own after the one there was, which undo brings back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Protocol

from game.catalog.codes import CodeError, Shared, decode, encode, looks_like_code
from game.catalog.library import spec_for
from game.catalog.reading import parse_toml, to_toml
from game.catalog.spec import PuzzleSpec
from game.catalog import registry
from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.files.errors import PuzzleFileError
from game.keeping.saves import SavedGame
from game.midend.editor import read_position
from game.midend.history import Entry, EntryKind
from game.keeping.kept import KeptGame
from game.midend.lines import game_line, line_entries, line_to, play_line
from game.midend.session import Session
from game.rules.puzzle import PositionError
from game.ui.clipboard import Clipboard
from game.ui.context import Context

__all__ = ["PasteHost", "Pasted", "coded_line", "copy_game", "copy_position", "copy_result", "paste_code", "paste_game",
           "pasted_game", "pasted_position"]

_COMMENT = re.compile(r"^#\s*([a-z]+):\s*(\S.*?)\s*$", re.MULTILINE)   # a file text's line of moves


def copy_position(clipboard: Clipboard, spec: PuzzleSpec, position: bytes, line: str = "") -> str:
    """Copy ``position``'s share code (a player's own puzzle, which has none: its file's TOML text, starting
    at ``position``; a puzzle no file can describe: the position as text) and ``line``, the moves that led
    there in the puzzle's notation (see the module docstring); what to tell the player."""
    notation = spec.notation
    line = line if notation is not None else ""
    try:
        code = encode(spec, position)
    except CodeError:
        code = None
    if code is not None and not line:
        return clipboard.copy(code)
    if code is not None and notation is not None:
        told = clipboard.copy(f"{code}\n{line}")
        # Translators: {code} is a share code; {moves} the game's moves as other programs write them (LURD)
        return told if clipboard.detached else _("Copied: {code} and the moves that led here ({moves}); Ctrl+V "
                                                 "plays them back.").format(code=code, moves=shown(line, 24))
    if spec.as_file is None:
        return clipboard.copy(spec.puzzle.format(position))
    defn = spec.as_file(position)   # its figures belong to the old start: not copied
    text = to_toml(replace(defn, common=replace(defn.common, published={})))  # type: ignore[type-var]
    if notation is not None and line:
        text = f"{text.rstrip()}\n# {notation.key}: {line}\n"
    told = clipboard.copy(text)
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


@dataclass(frozen=True)
class Pasted:
    """What a paste on the play screen opens: a puzzle at a position, what to say, and, where moves came
    with it, the game they play (its first position, then each move: see :func:`game.midend.lines.line_entries`)."""

    spec: PuzzleSpec
    position: bytes
    message: str
    line: tuple[Entry, ...] = ()

    def saved(self) -> SavedGame:
        """The pasted game as a saved game is opened (a new game after the one there was): its moves, or its
        position alone."""
        line = self.line or (Entry(self.position, None, EntryKind.START),)
        return SavedGame(self.spec, line, len(line) - 1)


LINE_PASTED = N_("The pasted moves are played from where they begin: undo takes them back, and past their first "
                 "position brings back the game before.")


class PasteHost(Protocol):
    """What a paste needs of the play screen."""

    spec: PuzzleSpec

    @property
    def session(self) -> Session: ...

    @property
    def ctx(self) -> Context: ...

    def refuse(self, cell: int | None, text: str) -> None: ...

    def take_over(self) -> None: ...

    def taken(self) -> None: ...

    def start_from(self, position: bytes, message: str) -> None: ...


def copy_game(clipboard: Clipboard, kept: KeptGame) -> str:
    """Ctrl+C on the play screen: the solved daily's result line, else the position's code and the moves that
    led there; what to tell the player."""
    line = kept.daily_line()
    if line:
        return copy_result(clipboard, line)
    session = kept.session
    return copy_position(clipboard, session.spec, session.position, game_line(session))


def paste_game(host: PasteHost, clipboard: Clipboard) -> None:
    """Ctrl+V on the play screen: a code or a position as a new game (another puzzle's opens that puzzle), moves
    with it or alone as a game of their own; one sentence, and nothing changed, for anything else."""
    try:
        pasted = pasted_game(clipboard, host.spec, host.session.game_start)
    except (CodeError, PositionError) as err:
        host.refuse(None, str(err))
        return
    if pasted.spec.name != host.spec.name and pasted.line:
        host.ctx.nav.play_game(pasted.saved(), pasted.message)
    elif pasted.spec.name != host.spec.name:
        host.ctx.nav.play_position(pasted.spec.name, pasted.position, pasted.message)
    elif pasted.line:
        host.take_over()
        play_line(host.session, pasted.line, pasted.message)
        host.taken()
    else:
        host.start_from(pasted.position, pasted.message)


def pasted_game(clipboard: Clipboard, spec: PuzzleSpec, began: bytes) -> Pasted:
    """What a paste on the play screen of ``spec`` (its game begun at ``began``) opens: a code with the moves
    that led to it, a line of moves alone, or what :func:`pasted_position` opens. CodeError or PositionError
    with one sentence for anything else (nothing changes then)."""
    text, note = clipboard.paste()
    coded = coded_line(text)
    if coded is not None:
        return coded
    notation = spec.notation
    if notation is not None and notation.looks_like(text) and not looks_like_code(text):
        return Pasted(spec, began, note or _(LINE_PASTED), _line_from(spec, began, text))
    name, position, message = pasted_position(clipboard, spec)
    moves = _file_moves(spec, text) if name == spec.name else None
    if moves is not None:
        entries = line_to(spec, position, moves)
        return Pasted(spec, entries[0].position, note or _(LINE_PASTED), entries)
    return Pasted(spec if name == spec.name else registry.get(name), position, message)


def coded_line(text: str) -> Pasted | None:
    """A share code on the first line and the moves that led to its position after it (None: not so written)."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2 or not looks_like_code(lines[0]):
        return None
    shared = decode(lines[0].strip())
    entries = line_to(shared.spec, shared.state, "\n".join(lines[1:]))
    return Pasted(shared.spec, entries[0].position, _(LINE_PASTED), entries)


def _line_from(spec: PuzzleSpec, began: bytes, text: str) -> tuple[Entry, ...]:
    """The game ``text`` plays from where the game began, else from the puzzle's start (where a file's
    solution begins); the sentence of the first's trouble where neither can play it."""
    try:
        return line_entries(spec, began, text)
    except PositionError as trouble:
        first = trouble
    if began != spec.puzzle.start:
        try:
            return line_entries(spec, spec.puzzle.start, text)
        except PositionError:
            pass
    raise first


def _file_moves(spec: PuzzleSpec, text: str) -> str | None:
    """The moves on a file text's comment line in the puzzle's notation (``# lurd: ...``), if it has one."""
    notation = spec.notation
    if notation is None or spec.as_file is None or not text.lstrip().startswith("format"):
        return None
    found = [m[2] for m in _COMMENT.finditer(text) if m[1] == notation.key]
    return found[-1] if found else None


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
