"""Where the game's own files are: inside the installed package (``game/assets``, put there by the
wheel, or by ``make dist`` in the desktop bundle, whose ``files("game")`` is its folder ``_internal/game``),
or the checkout's ``assets/`` folder when the game runs from its source."""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def assets() -> Path:
    """The folder of the game's own files (puzzles, sample games)."""
    packaged = Path(str(files("game"))) / "assets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "assets"
