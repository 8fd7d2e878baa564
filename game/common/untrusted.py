"""Text and files from outside the program are untrusted: the command line, settings, saved
games, puzzle files, instance lists.

Files are read only if they are regular files, without blocking (a FIFO or a device at the
path must never freeze the game) and never beyond a size bound. Text shown back to the player
is escaped (an escape sequence must never reach the terminal) and shortened. A file that is
wrong is kept aside, never overwritten; files we write are written atomically.

The sentences about a file name what it is by an ``N_``-marked noun ("puzzle file") the caller
gives; it is translated here, with the sentence around it.
"""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from game.common.i18n import N_, _

SHOWN_LIMIT = 40          # characters of untrusted text quoted in a sentence
SENTENCE_LIMIT = 400      # characters of one error sentence
A_FILE = N_("file")       # what a file is called when the caller does not say
_SENTENCE_ENDS = ".!?…)。！？）」"


class UnreadableFile(ValueError):
    """A file that cannot be used; the message is one sentence naming it."""


class TooLargeFile(UnreadableFile):
    """A regular file beyond the size bound: not ours, or damaged."""


def shown(text: str, limit: int = SHOWN_LIMIT) -> str:
    """``text`` as it may appear inside a sentence: unprintable characters escaped, at most ``limit`` long."""
    out = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return out if len(out) <= limit else out[:max(1, limit - 1)] + "…"


def sentence(text: str) -> str:
    """A message for people: one line, escaped, capitalised, within SENTENCE_LIMIT."""
    text = shown(" ".join(text.split()), SENTENCE_LIMIT)
    if not text:
        return _("Something went wrong.")
    return text[:1].upper() + text[1:] + ("" if text[-1] in _SENTENCE_ENDS else ".")


def _cannot_read(what: str, name: str, exc: OSError) -> UnreadableFile:
    # Translators: {what} is a kind of file ("puzzle file", "saved game"); {reason} is the system's own words.
    return UnreadableFile(_("the {what} {name} cannot be read ({reason}).")
                          .format(what=_(what), name=name, reason=exc.strerror or exc))


def read_bounded(path: str | os.PathLike[str], limit: int, what: str = A_FILE) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. UnreadableFile otherwise.
    ``what`` is an ``N_``-marked noun for the file ("puzzle file")."""
    name = shown(str(path), 80)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    # Translators: {what} is a kind of file ("puzzle file", "saved game"), {name} its path, as in all that follow.
    too_large = _("the {what} {name} is larger than {limit:,} bytes.")
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnreadableFile(_("the {what} {name} does not exist.").format(what=_(what), name=name)) from None
    except OSError as exc:
        raise _cannot_read(what, name, exc) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(_("the {what} {name} is not a regular file.").format(what=_(what), name=name))
        if info.st_size > limit:
            raise TooLargeFile(too_large.format(what=_(what), name=name, limit=limit))
        parts: list[bytes] = []
        got = 0
        while got <= limit:
            part = os.read(fd, limit + 1 - got)
            if not part:
                break
            parts.append(part)
            got += len(part)
    except OSError as exc:
        raise _cannot_read(what, name, exc) from None
    finally:
        os.close(fd)
    if got > limit:
        raise TooLargeFile(too_large.format(what=_(what), name=name, limit=limit))
    return b"".join(parts)


def read_text(path: str | os.PathLike[str], limit: int, what: str = A_FILE) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes. UnreadableFile otherwise."""
    data = read_bounded(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableFile(_("the {what} {name} is not UTF-8 text.")
                             .format(what=_(what), name=shown(str(path), 80))) from None


def keep_aside(path: Path, mark: str = "broken") -> Path | None:
    """Rename a file to a free ``.broken`` name (or another ``mark``) so nothing later overwrites it
    (None: could not)."""
    for n in range(100):
        target = path.with_name(f"{path.name}.{mark}" if n == 0 else f"{path.name}.{mark}.{n}")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except OSError:
            return None
        return target
    return None


def replace_file(path: Path, text: str) -> None:
    """Write ``text`` through a temporary file and a rename, so a crash never leaves half a file.
    OSError if it cannot be written (the reason in the system's words); text that is not Unicode a
    file can hold (a lone surrogate) is a ValueError before anything is written."""
    data = text.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomically(path: Path, text: str) -> bool:
    """:func:`replace_file`, False (nothing raised) if it cannot be written."""
    try:
        replace_file(path, text)
    except (OSError, UnicodeEncodeError):
        return False
    return True


def writable(text: str) -> bool:
    """Text a UTF-8 file can hold: JSON and file names from outside can carry lone surrogates."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def write_through_link(path: Path, text: str) -> bool:
    """Write ``text`` atomically where ``path`` leads: a link (a settings file kept with the player's
    other dotfiles, say) stays a link and the regular file it leads to gets the new text. A link that
    leads round in a circle, to something not a regular file (``/dev/null``: keep nothing) or into a
    folder that is not there is left alone. False (nothing raised) if it cannot be written."""
    if os.path.islink(path):
        target = Path(os.path.realpath(path))
        try:
            info = os.lstat(target)
        except FileNotFoundError:
            if not target.parent.is_dir():
                return False
        except OSError:
            return False
        else:
            if not stat.S_ISREG(info.st_mode):
                return False
        path = target
    return write_atomically(path, text)


def write_new(path: Path, text: str) -> None:
    """Write a file that must not exist yet, atomically and without ever replacing one: through a
    temporary file and a hard link (FileExistsError if ``path`` exists; OSError if it cannot be written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o644)   # a file for the player to read and share, not a private one
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise
        except OSError:   # a file system without hard links: look first, then rename
            if os.path.lexists(path):
                raise FileExistsError(path) from None
            os.replace(tmp, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
