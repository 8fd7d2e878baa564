"""Player settings, kept between runs as a small JSON file.

The file lives in ``platformdirs.user_config_dir("fewest-moves")`` (the environment variable
FEWEST_MOVES_CONFIG names another folder, for tests). Only known keys of the right type are
read; a missing, unreadable or damaged file just means the defaults. Reading never blocks
(FIFOs) and is bounded (devices, huge files): only a regular file of at most 64 KiB is read.
A damaged file is kept aside as ``settings.json.broken`` (or ``.broken.1``...) rather than
overwritten, so nothing the player wrote is lost. Writing is atomic (temp file + rename) and
a failure to write or to rename (read-only home, full disk) is not an error.
"""
from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024   # a settings file is a few hundred bytes; anything larger is not ours


@dataclass
class Settings:
    reduce_motion: bool = False
    arrows_move_gap: bool = False   # False: arrows move the tile toward the gap ("move the tile")
    move_marks: bool = False        # overlay: mark every legal move closer / farther / same / dead end
    deal_distance: int = 20         # "deal at distance": the last distance asked for


def config_dir() -> Path:
    override = os.environ.get("FEWEST_MOVES_CONFIG")
    return Path(override) if override else Path(platformdirs.user_config_dir("fewest-moves"))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults for anything missing or malformed."""
    path = settings_path() if path is None else path
    settings = Settings()
    raw = _read_small(path)
    if not raw:  # missing, not a regular file, unreadable, or empty: nothing to keep
        return settings
    data = _parse(raw)
    if data is None:
        _keep_aside(path)
        return settings
    for f in fields(Settings):
        value = data.get(f.name)
        default = getattr(settings, f.name)
        if isinstance(default, bool):
            if isinstance(value, bool):
                setattr(settings, f.name, value)
        elif isinstance(default, int):
            if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 254:
                setattr(settings, f.name, value)
    return settings


def _read_small(path: Path) -> bytes | None:
    """At most MAX_BYTES + 1 bytes of a regular file, opened without blocking; None otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        parts: list[bytes] = []
        got = 0
        while got <= MAX_BYTES:
            part = os.read(fd, MAX_BYTES + 1 - got)
            if not part:
                break
            parts.append(part)
            got += len(part)
        return b"".join(parts)
    except OSError:
        return None
    finally:
        os.close(fd)


def _parse(raw: bytes) -> dict | None:
    """The JSON object in ``raw``; None if too large, not UTF-8, not JSON or not an object."""
    if len(raw) > MAX_BYTES:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _keep_aside(path: Path) -> Path | None:
    """Rename a damaged file to a free ``.broken`` name so the next save cannot overwrite it."""
    for n in range(100):
        target = path.with_name(path.name + (".broken" if n == 0 else f".broken.{n}"))
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except OSError:
            return None
        return target
    return None


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings; False (and nothing raised) if the file cannot be written."""
    path = settings_path() if path is None else path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(asdict(settings), f, indent=2, sort_keys=True)
                f.write("\n")
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError:
        return False
    return True
