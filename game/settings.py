"""Player settings, kept between runs as a small JSON file.

The file lives in ``platformdirs.user_config_dir("fewest-moves")`` (the environment variable
FEWEST_MOVES_CONFIG names another folder, for tests). Only known keys of the right type are
read; a missing, unreadable or damaged file just means the defaults. Writing is atomic
(temp file + rename) and a failure to write (read-only home, full disk) is not an error.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

FILE_NAME = "settings.json"


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
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return settings
    if not isinstance(data, dict):
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
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True
