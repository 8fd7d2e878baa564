"""A lock between windows of the game (or a window and any other run of it) around one
read-merge-write of the player's files, so that neither loses what the other wrote.

Why a lock and not an append-only log: the records and the menu's memory are small files read
whole, and merged under a lock they stay one plain JSON file a player can read, copy or mend by
hand; a log would need compacting, itself a read-modify-write that needs the same lock.

How: an advisory lock on a small file of its own in the folder (``.fewest-moves.lock``), since the
files themselves are replaced by a rename on every write and so cannot carry a lock. Where the
system has ``flock`` (POSIX) that is the lock, and the system lets go of it if the game dies. The
portable way, elsewhere, is the lock file itself, created exclusively and removed when let go; one
older than STALE seconds was left by a game that died (a lock is held for milliseconds) and is
taken over. A lock that cannot be had within WAIT seconds is an OSError: the caller keeps its data
and tries again later.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from pathlib import Path
from typing import Iterator

from game.common.untrusted import keep_aside

try:
    import fcntl
except ImportError:   # not POSIX: the portable lock below
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = ".fewest-moves.lock"
WAIT = 5.0      # seconds a writer waits for another to finish
STALE = 30.0    # seconds after which a portable lock file is taken for one a dead game left
PAUSE = 0.005   # seconds between two tries


def lock_path(path: Path) -> Path:
    """The lock of the folder that holds ``path``."""
    return path.parent / LOCK_NAME


@contextlib.contextmanager
def locked(path: Path, wait: float = WAIT) -> Iterator[None]:
    """Hold the lock of ``path``'s folder (created if need be) while the block runs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + wait
    if fcntl is not None:
        with _flocked(lock_path(path), deadline):
            yield
    else:
        with _created(lock_path(path), deadline):
            yield


def _timed_out(where: Path) -> OSError:
    return OSError(errno.EAGAIN, "another window of the game kept its files locked", str(where))


@contextlib.contextmanager
def _flocked(where: Path, deadline: float) -> Iterator[None]:
    fd = _open_lock(where)
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise _timed_out(where) from None
                time.sleep(PAUSE)
        yield
    finally:
        os.close(fd)   # closing lets go of the lock


def _open_lock(where: Path) -> int:
    """The lock file, opened without following a link or waiting on a FIFO; anything but a regular
    file there is moved aside once, so a stray folder or device never stops every write."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | \
        getattr(os, "O_CLOEXEC", 0)
    for attempt in range(2):
        try:
            fd = os.open(where, flags, 0o600)
        except PermissionError:   # a lock file of another user's: a read-only handle locks as well
            fd = os.open(where, flags & ~(os.O_RDWR | os.O_CREAT) | os.O_RDONLY)
        except OSError:
            if attempt or keep_aside(where) is None:
                raise
            continue
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
        if attempt or keep_aside(where) is None:
            break
    raise OSError(errno.EINVAL, "the lock of the game's files is not a regular file", str(where))


@contextlib.contextmanager
def _created(where: Path, deadline: float) -> Iterator[None]:
    while True:
        try:
            fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            with contextlib.suppress(OSError):
                if time.time() - os.lstat(where).st_mtime > STALE:
                    os.unlink(where)   # left by a game that died
                    continue
            if time.monotonic() >= deadline:
                raise _timed_out(where) from None
            time.sleep(PAUSE)
    os.close(fd)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(where)
