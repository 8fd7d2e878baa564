"""The game in the user's desktop: its desktop entry, icons and metainfo in the XDG data folder
(``$XDG_DATA_HOME``, by default ``~/.local/share``), where launchers and software centres look, and
taken away again. The entry runs the command given (the checkout's own, by its absolute path)."""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from game.common.identity import APP_ID, DISTRIBUTION
from game.common.resources import assets
from game.desktop import icon_files
from game.desktop.entry import desktop_entry

DATA = assets() / "desktop"   # the desktop entry and metainfo, as kept in the checkout or the wheel


class InstallError(Exception):
    """What keeps the desktop files from being installed, in one sentence."""


def data_home(environ: os._Environ[str] | dict[str, str] = os.environ) -> Path:
    """``$XDG_DATA_HOME`` where it is an absolute path (the specification ignores any other), else
    ``~/.local/share``."""
    value = environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def command() -> str:
    """The game's command: the one beside this Python (a virtual environment's), else the one on the PATH."""
    here = Path(sys.executable).parent / DISTRIBUTION
    if here.is_file() and os.access(here, os.X_OK):
        return str(here.absolute())
    found = shutil.which(DISTRIBUTION)
    if found is None:
        raise InstallError(f"the command {DISTRIBUTION} was not found beside {sys.executable} nor on the PATH: "
                           "install the game first (make venv, or pip install .)")
    return str(Path(found).absolute())


def placed(home: Path) -> dict[Path, Path | None]:
    """Each file the desktop gets (where it goes -> what it copies; None: the desktop entry, written)."""
    icons = assets() / "icons"
    out: dict[Path, Path | None] = {home / "applications" / f"{APP_ID}.desktop": None}
    for size in icon_files.SIZES:
        out[home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = icons / icon_files.png(size)
    out[home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}-symbolic.svg"] = icons / icon_files.SYMBOLIC
    out[home / "metainfo" / f"{APP_ID}.metainfo.xml"] = DATA / f"{APP_ID}.metainfo.xml"
    return out


def install(home: Path, argv: list[str]) -> list[Path]:
    """The desktop entry running ``argv``, the icons and the metainfo, into ``home``; the paths written."""
    files = placed(home)
    missing = [str(source) for source in files.values() if source is not None and not source.is_file()]
    if missing:
        raise InstallError(f"{missing[0]} is missing: run make icons and make desktop-files in the checkout")
    for target, source in files.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if source is None:
            target.write_text(desktop_entry(argv), encoding="utf-8")
        else:
            shutil.copyfile(source, target)
    return list(files)


def uninstall(home: Path) -> list[Path]:
    """Every file :func:`install` puts in ``home``, taken away; the paths removed (folders stay)."""
    removed = []
    for target in placed(home):
        if target.is_file() or target.is_symlink():
            target.unlink()
            removed.append(target)
    return removed
