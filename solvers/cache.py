"""On-disk cache for numpy arrays (pattern databases, distance tables).

Tables are expensive to build and cheap to load, so they live in the user's cache
folder. A file is a one-line JSON header (magic, format version, name, dtype, shape,
sha256 of the payload) followed by the raw array bytes. Nothing is unpickled or
evaluated: a damaged, truncated or outdated file is simply removed and reported as
missing so the caller rebuilds it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from pathlib import Path

import numpy as np
import platformdirs

MAGIC = "FEWEST-MOVES-ARRAY"
_HEADER_LIMIT = 4096
_NAME = re.compile(r"^[A-Za-z0-9_.\-]+$")


def cache_dir() -> Path:
    """The folder holding cached tables; FEWEST_MOVES_CACHE overrides the default."""
    override = os.environ.get("FEWEST_MOVES_CACHE")
    base = Path(override) if override else Path(platformdirs.user_cache_dir("fewest-moves"))
    return base


def array_path(name: str) -> Path:
    """Where the array called ``name`` is stored (names are plain file-name tokens)."""
    if not _NAME.match(name):
        raise ValueError(f"invalid cache name {name!r}")
    return cache_dir() / f"{name}.npt"


def save_array(name: str, array: np.ndarray, version: int) -> Path:
    """Write ``array`` atomically (temp file + rename) and return its path."""
    path = array_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = np.ascontiguousarray(array)
    payload = data.tobytes()
    header = {
        "magic": MAGIC,
        "version": int(version),
        "name": name,
        "dtype": data.dtype.str,
        "shape": list(data.shape),
        "sha256": hashlib.sha256(payload).hexdigest(),
    }
    line = (json.dumps(header, sort_keys=True) + "\n").encode("ascii")
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(line)
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _read_header(f) -> dict | None:
    line = f.readline(_HEADER_LIMIT)
    if not line.endswith(b"\n"):
        return None
    try:
        header = json.loads(line.decode("ascii"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return header if isinstance(header, dict) else None


def load_array(name: str, version: int) -> np.ndarray | None:
    """Return the cached array, or None when missing, outdated or damaged.

    Damaged or outdated files are deleted so the next save starts clean.
    """
    path = array_path(name)
    try:
        with open(path, "rb") as f:
            header = _read_header(f)
            payload = f.read()
    except OSError:  # missing or unreadable: either way there is nothing to use
        return None
    array = _decode(header, payload, name, version)
    if array is None:
        path.unlink(missing_ok=True)
    return array


def _decode(header: dict | None, payload: bytes, name: str, version: int) -> np.ndarray | None:
    if header is None or header.get("magic") != MAGIC:
        return None
    if header.get("version") != version or header.get("name") != name:
        return None
    try:
        dtype = np.dtype(header["dtype"])
        shape = tuple(int(n) for n in header["shape"])
        digest = str(header["sha256"])
    except (KeyError, TypeError, ValueError):
        return None
    if dtype.hasobject or any(n < 0 for n in shape):
        return None
    if len(payload) != dtype.itemsize * int(np.prod(shape, dtype=np.int64)):
        return None
    if hashlib.sha256(payload).hexdigest() != digest:
        return None
    return np.frombuffer(payload, dtype=dtype).reshape(shape)


def is_cached(name: str, version: int) -> bool:
    """Cheap check (header only, no checksum) that a current file exists."""
    try:
        with open(array_path(name), "rb") as f:
            header = _read_header(f)
    except OSError:
        return False
    return bool(header) and header.get("magic") == MAGIC and header.get("version") == version
