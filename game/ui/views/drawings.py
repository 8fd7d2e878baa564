"""Where the window finds a family's drawing: ``DRAWING`` of the ``ui/view.py`` module in the family's folder.

The drawing is the floor above a family's rules (it imports pygame and ``game.ui``), so it is loaded from
here, the window's side, and never from the family itself: its rules stay importable without pygame."""
from __future__ import annotations

import importlib

from game.families.base import Drawing, Family

__all__ = ["drawing_module", "drawing_of"]


def drawing_module(family: Family) -> str:
    """The module holding ``family``'s drawing: ``ui.view`` beside the module that defines its class."""
    package = type(family).__module__.rpartition(".")[0]
    return f"{package}.ui.view"


def drawing_of(family: Family) -> Drawing:
    """``family``'s drawing (imports its ``ui`` floor, so pygame: only the window asks)."""
    drawing = importlib.import_module(drawing_module(family)).DRAWING
    if not isinstance(drawing, Drawing):
        raise TypeError(f"{drawing_module(family)}.DRAWING is not a Drawing")
    return drawing
