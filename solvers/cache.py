"""On-disk cache for numpy arrays (pattern databases, distance tables).

Tables are expensive to build and cheap to load, so they live in the user's cache
folder. A file is a one-line ASCII JSON header followed by the raw array bytes::

    {"dtype": "|u1", "format": 2, "magic": "FEWEST-MOVES-ARRAY", "meta": {...},
     "name": "...", "sha256": "...", "shape": [n], "version": 7}\\n<payload>

``sha256`` covers the other header fields and the payload, so a table of another
puzzle (other ``meta``) cannot pass for this one. Nothing is unpickled or evaluated.

The cache is only ever a cache: anything odd (missing, damaged, outdated, not a
regular file, unreadable, unwritable) means "build it again". Reading never blocks
(FIFOs, devices) and never reads more than the header limit plus the payload the
header promises, checked against the file size first. Failures to delete or write
are never raised to table users; they leave one-sentence :func:`notices` instead.
"""

from __future__ import annotations

import errno
import hashlib
import io
import json
import math
import os
import re
import shutil
import stat
import tempfile
import threading
import time
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import platformdirs

MAGIC = "FEWEST-MOVES-ARRAY"
FORMAT = 2                 # on-disk layout; files of another format count as outdated
SUFFIX = ".npt"
_HEADER_LIMIT = 4096       # bytes; a header never needs more
_MAX_DIMS = 32
_STALE_TEMP = 24 * 3600.0  # seconds after which any temp file is abandoned
_NAME = re.compile(r"^[A-Za-z0-9_\-][A-Za-z0-9_.\-]{0,199}$")
_META_KEY = re.compile(r"^[A-Za-z0-9_.\-]{1,64}$")
_META_TEXT = 256
_DTYPE = re.compile(r"^[<>|=][biufc]\d{1,2}$")
_TABLE_FILE = re.compile(r"^[A-Za-z0-9_\-][A-Za-z0-9_.\-]*\.npt$")
_TEMP_FILE = re.compile(r"^\.[A-Za-z0-9_\-][A-Za-z0-9_.\-]*\.tmp$")
_TEMP_PID = re.compile(r"\.(\d{1,10})\.[A-Za-z0-9_]{1,32}\.tmp$")

Meta = Mapping[str, "str | int"]


class _State:
    """What this process has done so far: folders cleaned, notices said."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.cleaned: set[str] = set()
        self.said: set[str] = set()
        self.pending: list[str] = []


_state = _State()


# -- paths -----------------------------------------------------------------------------

def cache_dir() -> Path:
    """The folder holding cached tables; FEWEST_MOVES_CACHE overrides the default."""
    override = os.environ.get("FEWEST_MOVES_CACHE")
    return Path(override) if override else Path(platformdirs.user_cache_dir("fewest-moves"))


def array_path(name: str) -> Path:
    """Where the array called ``name`` is stored (names are plain file-name tokens)."""
    if not _NAME.match(name):
        raise ValueError(f"invalid cache name {name!r}")
    return cache_dir() / f"{name}{SUFFIX}"


# -- notices ---------------------------------------------------------------------------

def notices() -> list[str]:
    """The one-sentence notices gathered in this process and not yet taken."""
    with _state.lock:
        return list(_state.pending)


def take_notices() -> list[str]:
    """The pending notices, emptied: each sentence is shown once per process."""
    with _state.lock:
        taken, _state.pending = _state.pending, []
        return taken


def _notice(text: str) -> None:
    with _state.lock:
        if text not in _state.said:
            _state.said.add(text)
            _state.pending.append(text)


def note_write_failure(error: OSError | None = None) -> None:
    """Say (once) that the cache cannot be written, so tables are rebuilt on each run."""
    folder = cache_dir()
    if error is not None and error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        _notice(f"The disk holding the cache folder {folder} is full, so tables are built again on each run.")
    else:
        _notice(f"The cache folder {folder} cannot be written, so tables are built again on each run.")


def note_rebuilt(name: str) -> None:
    """Say (once) that the table cached under ``name`` did not fit what it claims and was rebuilt."""
    _notice(f"The cached table {name}{SUFFIX} did not match its puzzle, so it was built again.")


# -- guarded file-system changes -------------------------------------------------------

def _unlink(path: Path | str) -> None:
    """Delete a cache entry; a failure is noted, never raised (the cache is only a cache)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        note_write_failure(error)


def _remove_entry(entry: Path) -> None:
    """Remove a file, link or directory tree standing where only our files belong."""
    try:
        if stat.S_ISDIR(entry.lstat().st_mode):
            shutil.rmtree(entry)
            return
    except FileNotFoundError:
        return
    except OSError as error:
        note_write_failure(error)
        return
    _unlink(entry)


def discard(name: str) -> None:
    """Remove the file cached under ``name`` (e.g. found wrong by its user); never raises OSError."""
    _clean_once()
    _unlink(array_path(name))


# -- start-of-process clean-up ---------------------------------------------------------

def clean() -> None:
    """Remove what killed writers left in the cache folder and entries that block caching.

    Leftover temp files whose writer (PID in the name) is gone or that are older than a
    day go, and so does anything that is not a regular file at a table's path. Only names
    that follow this module's own patterns are touched.
    """
    folder = cache_dir()
    with _state.lock:
        _state.cleaned.add(os.path.abspath(folder))
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet, or not a folder: nothing to clean
        return
    now = time.time()
    for entry in entries:
        if _TEMP_FILE.match(entry.name):
            if _abandoned(entry, now):
                _remove_entry(Path(entry.path))
        elif _TABLE_FILE.match(entry.name) and not _is_regular(Path(entry.path)):
            _remove_entry(Path(entry.path))


def _clean_once() -> None:
    with _state.lock:
        if os.path.abspath(cache_dir()) in _state.cleaned:
            return
        clean()


def _abandoned(entry: os.DirEntry, now: float) -> bool:
    try:
        if now - entry.stat(follow_symlinks=False).st_mtime > _STALE_TEMP:
            return True
    except OSError:
        return False
    found = _TEMP_PID.search(entry.name)
    return found is not None and not _pid_alive(int(found.group(1)))


def _pid_alive(pid: int) -> bool:
    """Whether a process with this id exists (unknown counts as alive: keep its file)."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if os.name == "nt":  # os.kill would end the process there; temp files age out instead
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # gone, or not a possible PID
        return False
    except OSError:  # e.g. PermissionError: it exists but belongs to someone else
        return True
    return True


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:  # dangling link or unreadable
        return False


# -- header ----------------------------------------------------------------------------

def _check_meta(meta: Meta | None) -> dict[str, str | int]:
    """Metadata as a plain dict; ValueError for anything that is not short text or an int."""
    out: dict[str, str | int] = {}
    for key, value in (meta or {}).items():
        if not isinstance(key, str) or not _META_KEY.match(key):
            raise ValueError(f"invalid cache metadata key {key!r}")
        ok_int = isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**63
        ok_text = isinstance(value, str) and len(value) <= _META_TEXT
        if not (ok_int or ok_text):
            raise ValueError(f"invalid cache metadata value for {key!r}")
        out[key] = value
    return out


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _digest(fields: Mapping[str, object], payload: bytes | bytearray | memoryview) -> str:
    """Checksum of the header fields (all but the checksum itself) and the payload."""
    h = hashlib.sha256(_canonical({k: v for k, v in fields.items() if k != "sha256"}).encode("ascii"))
    h.update(b"\n")
    h.update(payload)
    return h.hexdigest()


def _encode_header(name: str, version: int, dtype: np.dtype, shape: tuple[int, ...],
                   meta: dict[str, str | int], payload: bytes) -> bytes:
    header: dict[str, object] = {"magic": MAGIC, "format": FORMAT, "version": int(version), "name": name,
                                 "dtype": dtype.str, "shape": list(shape), "meta": meta}
    header["sha256"] = _digest(header, payload)
    line = (_canonical(header) + "\n").encode("ascii")
    if len(line) > _HEADER_LIMIT:
        raise ValueError("cache header too long (metadata too large)")
    return line


def _parse_header(line: bytes) -> dict | None:
    try:
        header = json.loads(line.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return header if isinstance(header, dict) else None


def _layout(header: dict) -> tuple[np.dtype, tuple[int, ...], int] | None:
    """dtype, shape and payload size the header promises; None if it promises nonsense."""
    text, shape = header.get("dtype"), header.get("shape")
    if not isinstance(text, str) or not _DTYPE.match(text) or not isinstance(shape, list):
        return None
    if len(shape) > _MAX_DIMS or not all(type(n) is int and n >= 0 for n in shape):
        return None
    try:
        dtype = np.dtype(text)
    except (TypeError, ValueError):
        return None
    return dtype, tuple(shape), dtype.itemsize * math.prod(shape)  # exact: Python ints


def _supported(dtype: np.dtype) -> bool:
    return bool(_DTYPE.match(dtype.str)) and not dtype.hasobject and dtype.fields is None


# -- reading ---------------------------------------------------------------------------

class _Opened:
    """A cache file opened for reading: regular, not blocking, header line read (None if
    the first bytes hold no line: damaged)."""

    def __init__(self, fd: int, info: os.stat_result, line: bytes | None, rest: bytes) -> None:
        self.fd, self.info, self.line, self.rest = fd, info, line, rest


def _open(path: Path) -> _Opened | None:
    """The file opened without blocking, or None unless it is a readable regular file.

    Reads at most the header limit.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:  # missing, unreadable, or a name too long: nothing to use
        return None
    try:
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode):
            chunk = _read_upto(fd, min(_HEADER_LIMIT, info.st_size))
            end = chunk.find(b"\n")
            line, rest = (chunk[:end + 1], chunk[end + 1:]) if end >= 0 else (None, b"")
            return _Opened(fd, info, line, rest)
    except OSError:
        pass
    os.close(fd)
    return None


def _read_upto(fd: int, size: int) -> bytes:
    parts, got = [], 0
    while got < size:
        part = os.read(fd, size - got)
        if not part:
            break
        parts.append(part)
        got += len(part)
    return b"".join(parts)


def _read_payload(opened: _Opened, size: int) -> bytearray | None:
    """Exactly ``size`` payload bytes (the file size was checked first), or None if short."""
    buf = bytearray(size)
    view = memoryview(buf)
    have = len(opened.rest)
    view[:have] = opened.rest
    with io.FileIO(opened.fd, "rb", closefd=False) as f:
        while have < size:
            n = f.readinto(view[have:])
            if not n:
                return None
            have += n
    return buf


def _current(header: dict | None, name: str, version: int) -> bool:
    """Whether the header is ours, of this format and version, and names this array."""
    return (header is not None and header.get("magic") == MAGIC and header.get("format") == FORMAT
            and type(header.get("version")) is int and header["version"] == version
            and header.get("name") == name and isinstance(header.get("meta"), dict)
            and isinstance(header.get("sha256"), str))


def _wanted(header: dict, meta: Meta | None, layout: tuple[np.dtype, tuple[int, ...], int],
            dtype: np.dtype | str | None, shape: tuple[int, ...] | None) -> bool:
    """Whether the file is what the caller asks for (anything not asked for is not checked)."""
    if meta is not None and _canonical(header["meta"]) != _canonical(_check_meta(meta)):
        return False
    if dtype is not None and layout[0] != np.dtype(dtype):
        return False
    return shape is None or layout[1] == tuple(int(n) for n in shape)


def _drop(path: Path, info: os.stat_result) -> None:
    """Delete a bad file, unless another process has meanwhile replaced it."""
    try:
        now = path.stat()
    except OSError:
        return
    if (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino):
        _unlink(path)


def load_array(name: str, version: int, *, meta: Meta | None = None, dtype: np.dtype | str | None = None,
               shape: tuple[int, ...] | None = None) -> np.ndarray | None:
    """The cached array, or None when missing, not a regular file, damaged, outdated, or
    not what is asked for (``meta``, ``dtype``, ``shape``; None means "any").

    Damaged and outdated files are removed (guarded) so the next save starts clean;
    files that are merely other than asked for stay until the next save replaces them.
    """
    _clean_once()
    path = array_path(name)
    opened = _open(path)
    if opened is None:
        return None
    try:
        return _load(path, opened, name, version, meta, dtype, shape)
    finally:
        os.close(opened.fd)


def _load(path: Path, opened: _Opened, name: str, version: int, meta: Meta | None,
          dtype: np.dtype | str | None, shape: tuple[int, ...] | None) -> np.ndarray | None:
    header, layout = _promise(opened, name, version)
    if header is None or layout is None:
        _drop(path, opened.info)  # damaged, outdated, or a size other than promised
        return None
    if not _wanted(header, meta, layout, dtype, shape):
        return None
    try:
        payload = _read_payload(opened, layout[2])
    except OSError:
        return None
    if payload is None or _digest(header, payload) != header["sha256"]:
        _drop(path, opened.info)
        return None
    return np.frombuffer(payload, dtype=layout[0]).reshape(layout[1])


def _promise(opened: _Opened, name: str, version: int) -> tuple[dict | None, tuple | None]:
    """The header and the layout it promises, both None unless current, whole and sized right."""
    line = opened.line
    header = None if line is None else _parse_header(line)
    if line is None or header is None or not _current(header, name, version):
        return None, None
    layout = _layout(header)
    if layout is None or len(line) + layout[2] != opened.info.st_size:
        return None, None
    return header, layout


def save_array(name: str, array: np.ndarray, version: int, *, meta: Meta | None = None) -> Path:
    """Write ``array`` atomically (temp file + rename) and return its path.

    Raises ValueError for an unsupported array or metadata, and OSError when the folder
    cannot be written (after leaving a notice and removing its temp file).
    """
    _clean_once()
    path = array_path(name)
    data = np.ascontiguousarray(array)
    if not _supported(data.dtype) or data.ndim > _MAX_DIMS:
        raise ValueError(f"cannot cache arrays of {data.dtype}")
    payload = data.tobytes()
    line = _encode_header(name, version, data.dtype, data.shape, _check_meta(meta), payload)
    try:
        _write(path, line, payload)
    except OSError as error:
        note_write_failure(error)
        raise
    return path


def _write(path: Path, line: bytes, payload: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{path.name[:-len(SUFFIX)]}.{os.getpid()}."
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(line)
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise
