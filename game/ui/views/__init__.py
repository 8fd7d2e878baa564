"""Board views, found by the key a puzzle's presentation declares (``Presentation.view``)."""
from __future__ import annotations

from typing import Any, Callable

from game.catalog.spec import PuzzleSpec
from game.midend.notation import describe_move
from game.families import registry
from game.ui.views.base import BoardView, Highlights, Motion, move_paths
from game.ui.views.drawings import drawing_of

__all__ = ["BoardView", "Highlights", "Motion", "describe_move", "input_for", "move_paths", "register_view",
           "sketch_for", "view_for"]

ViewClass = Callable[[PuzzleSpec], BoardView]
_VIEWS: dict[str, ViewClass] = {}
_INPUTS: dict[str, Callable[..., Any]] = {}
Sketch = Callable[[tuple[str, ...], tuple[int, int]], Any]
_SKETCHES: dict[str, Sketch] = {}


def register_view(key: str, view: ViewClass) -> None:
    """Make ``view`` draw every puzzle whose presentation names ``key``."""
    _VIEWS[key] = view


def _family_views() -> None:
    """Every family's board views, inputs and sketches, by the view keys it declares (``Family.views``, which
    registering keeps apart from every other family's): a drawing that gives another key is refused."""
    for family in registry.families():
        drawing = drawing_of(family)
        given = {*drawing.views, *drawing.inputs, *drawing.sketches}
        if set(drawing.views) != set(family.views) or not given <= set(family.views):
            raise ValueError(f"the drawing of the family '{family.key}' draws {sorted(given)} where the family "
                             f"declares the views {list(family.views)}.")
        _VIEWS.update(drawing.views)
        _INPUTS.update(drawing.inputs)
        _SKETCHES.update(drawing.sketches)


def view_for(spec: PuzzleSpec) -> BoardView:
    if spec.presentation.view not in _VIEWS:
        _family_views()
    try:
        view = _VIEWS[spec.presentation.view]
    except KeyError:
        raise ValueError(f"no board view is registered as '{spec.presentation.view}'.") from None
    return view(spec)


def input_for(spec: PuzzleSpec) -> Callable[..., Any] | None:
    """The board input a family's drawing gives this puzzle's view (None: the play screen's own)."""
    if spec.presentation.view not in _VIEWS:
        _family_views()
    return _INPUTS.get(spec.presentation.view)



def sketch_for(spec: PuzzleSpec) -> Sketch | None:
    """How a picture of the puzzle's start is drawn from its file's rows without its rules (None: it has no
    rows to draw from, or its family's drawing offers no sketch: then its board view draws it, from its rules)."""
    if not spec.presentation.sketch:
        return None
    if spec.presentation.view not in _VIEWS:
        _family_views()
    return _SKETCHES.get(spec.presentation.view)
