"""Board views, found by the key a puzzle's presentation declares (``Presentation.view``)."""
from __future__ import annotations

from typing import Callable

from game.catalog.spec import PuzzleSpec
from game.midend.notation import describe_move
from game.families import registry
from game.ui.views.base import BoardView, Highlights, Motion, move_paths

__all__ = ["BoardView", "Highlights", "Motion", "describe_move", "move_paths", "register_view", "view_for"]

ViewClass = Callable[[PuzzleSpec], BoardView]
_VIEWS: dict[str, ViewClass] = {}


def register_view(key: str, view: ViewClass) -> None:
    """Make ``view`` draw every puzzle whose presentation names ``key``."""
    _VIEWS[key] = view


def _family_views() -> None:
    for family in registry.families():
        for key, view in family.drawing().views.items():
            _VIEWS.setdefault(key, view)


def view_for(spec: PuzzleSpec) -> BoardView:
    if spec.presentation.view not in _VIEWS:
        _family_views()
    try:
        view = _VIEWS[spec.presentation.view]
    except KeyError:
        raise ValueError(f"no board view is registered as '{spec.presentation.view}'.") from None
    return view(spec)
