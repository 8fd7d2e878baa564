"""Player settings, kept between runs as a small JSON file.

The file lives in ``platformdirs.user_config_dir("fewest-moves")`` (the environment variable
FEWEST_MOVES_CONFIG names another folder, for tests). Only known keys of the right type are
read; a missing, unreadable or damaged file just means the defaults. Keys this version does not know (a
newer version's settings) are kept and written back as they were (:mod:`game.common.unknown`). Reading never blocks
(FIFOs) and is bounded (devices, huge files): only a regular file of at most 64 KiB is read.
A damaged file is kept aside as ``settings.json.broken`` (or ``.broken.1``...) rather than
overwritten, so nothing the player wrote is lost; a byte-order mark first (some editors write one)
is no damage. Writing is atomic (temp file + rename) and a failure to write or to rename
(read-only home, full disk) is not an error. A settings file that is a link (kept with the player's
dotfiles) is written where it leads, so the link stays a link.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.common.unknown import Unknown, dumps, kept, restored
from game.common.untrusted import TooLargeFile, UnreadableFile, keep_aside, read_bounded, write_through_link

FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024   # a settings file is a few hundred bytes; anything larger is not ours


HELP_SEEN_LIMIT = 500   # puzzles whose help has shown itself; a longer list is not ours
HELP_KEY_LIMIT = 200    # characters of one entry
VOLUME_STEP = 10
DISTANCES_LIMIT = 500   # puzzles with a deal distance of their own


@dataclass
class Settings:
    reduce_motion: bool = False
    arrows_move_gap: bool = False   # False: arrows move the tile toward the gap ("move the tile")
    move_marks: bool = False        # overlay: mark every legal move closer / farther / same / dead end
    deal_distance: int = 20         # "deal at distance" of a puzzle whose distance the player never chose
    deal_distances: dict[str, int] = field(default_factory=dict)   # puzzle name -> the distance chosen for it
    hide_answer: bool = False       # no live distance, no move marks: the player wants no spoilers
    muted: bool = False             # sound off (the volume is kept for when it comes back)
    volume: int = 70                # sound effects, 0 to 100 in steps of VOLUME_STEP
    help_seen: tuple[str, ...] = ()   # puzzles whose help has shown itself once (see game.ui.help_content)
    language: str = "system"        # "system" follows LANGUAGE/LANG and the platform; else a code such as "ja"
    text_size: int = 100            # per cent of the normal text size: 100, 125 or 150
    theme: str = "standard"         # the colours: "standard" or "high-contrast" (game.ui.theme.PALETTES)
    unknown: Unknown = ()           # a newer version's settings, written back as they were

    def __post_init__(self) -> None:
        self.help_seen = tuple(self.help_seen)   # a list read back from JSON is the same setting
        self.unknown = tuple((key, text) for key, text in self.unknown)


SETTINGS = tuple(f.name for f in fields(Settings) if f.name != "unknown")   # the settings in the file
RANGES = {"deal_distance": (1, 254), "volume": (0, 100)}   # the integers. allowed values, inclusive
CHOICES: dict[str, tuple[Any, ...]] = {   # settings with a few allowed values: anything else is the default
    "language": ("system", "en", "ja"),
    "text_size": (100, 125, 150),
    "theme": ("standard", "high-contrast"),
}


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
        raw = read_bounded(path, MAX_BYTES, "settings file")
    except TooLargeFile:   # a regular file far too large to be ours: damaged
        keep_aside(path)
        return settings
    except UnreadableFile:   # missing, not a regular file, unreadable: nothing to keep
        return settings
    if not raw:
        return settings
    data = _parse(raw)
    if data is None:
        keep_aside(path)
        return settings
    for name in SETTINGS:
        value = _valid(name, getattr(settings, name), data.get(name))
        if value is not None:
            setattr(settings, name, value)
    try:
        settings.unknown = kept(data, SETTINGS)
    except ValueError:   # nested too deep to be any version's setting: damaged
        keep_aside(path)
        return Settings()
    return settings


def _valid(name: str, default: Any, value: Any) -> Any:
    """``value`` if it is a good value of the setting ``name`` (whose default is ``default``), else None."""
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if name in CHOICES:
        return value if type(value) is type(default) and value in CHOICES[name] else None
    if isinstance(default, int):
        return value if _whole_in(value, *RANGES[name]) else None
    if isinstance(default, tuple):   # a list of short names: the good ones kept, in order, once each
        if not isinstance(value, list) or len(value) > HELP_SEEN_LIMIT:
            return None
        good = (item for item in value if isinstance(item, str) and 0 < len(item) <= HELP_KEY_LIMIT)
        return tuple(dict.fromkeys(good))
    if isinstance(default, dict):   # puzzle name -> a distance: the good entries kept
        if not isinstance(value, dict) or len(value) > DISTANCES_LIMIT:
            return None
        return {k: v for k, v in value.items() if isinstance(k, str) and 0 < len(k) <= HELP_KEY_LIMIT
                and _whole_in(v, *RANGES["deal_distance"])}
    return None


def _whole_in(value: Any, low: int, high: int) -> bool:
    """A whole number (JSON's true and false are not) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _parse(raw: bytes) -> dict | None:
    """The JSON object in ``raw`` (after a byte-order mark, if any); None if not UTF-8, not JSON or not an object."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings; False (and nothing raised) if the file cannot be written."""
    path = settings_path() if path is None else path
    known = {name: getattr(settings, name) for name in SETTINGS}
    return write_through_link(path, dumps({**restored(settings.unknown), **known}, indent=2))


def save_settings_task(report: object, settings: Settings) -> bool:
    """``save_settings`` as a background task (the service hands every task its report first)."""
    return save_settings(settings)
