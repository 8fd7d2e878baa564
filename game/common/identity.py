"""Who the game is to the desktop: one application id, and the name, version and addresses of the package.

The id is reverse DNS under ``io.github.fewestmoves``, the address GitHub gives the project's organisation
(fewestmoves.github.io): it claims no domain the project does not hold. Everything that names the game to
the desktop takes it from here: the window's class (X11) and app id (Wayland), the desktop entry, the
AppStream metainfo, the icons' file names and the Flatpak manifest.

The version and the project's addresses come from the installed package's metadata, or, in a checkout run
without installing it, from ``pyproject.toml`` beside the source: they are written once, in ``pyproject.toml``.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from game.common.untrusted import UnreadableFile, read_bounded

APP_ID = "io.github.fewestmoves.FewestMoves"
DISTRIBUTION = "fewest-moves"     # the package's name, and its command's
PYPROJECT_LIMIT = 64 * 1024


@dataclass(frozen=True)
class About:
    """What the package says of itself that the desktop needs."""
    version: str
    urls: dict[str, str]          # label ("Homepage", "Repository", ...) -> address


def version() -> str:
    """The game's version ("0.1.0")."""
    return about().version


@lru_cache(maxsize=1)
def about() -> About:
    """The installed package's metadata, else the checkout's ``pyproject.toml``."""
    try:
        meta = metadata.metadata(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return _from_pyproject(Path(__file__).resolve().parents[2] / "pyproject.toml")
    return About(meta["Version"], dict(_url(entry) for entry in meta.get_all("Project-URL") or ()))


def _url(entry: str) -> tuple[str, str]:
    label, _, address = entry.partition(",")
    return label.strip(), address.strip()


def _from_pyproject(path: Path) -> About:
    try:
        project = tomllib.loads(read_bounded(path, PYPROJECT_LIMIT).decode("utf-8")).get("project", {})
    except (UnreadableFile, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return About("unknown", {})
    return About(str(project.get("version", "unknown")), {str(k): str(v) for k, v in project.get("urls", {}).items()})
