"""The demo's next puzzle, made ready while the current one is on the stage.

A change of puzzle once did everything in one frame: the next puzzle's rules built (up to 0.5 s for a large
Traffic puzzle), then its board and pieces drawn in wood (up to 0.8 s more), so the stage stood still for
over a second. Now, as soon as a puzzle is on the stage, the playlist names the next one and the background
service's light lane (a thread of the window: nothing to send to another process) builds its rules and its
oracle; once they are in, a view of it is laid out where the stage will show it and, where the view draws
with shapes only (see :attr:`~game.ui.views.base.BoardView.draws_without_text`), its board and pieces are
drawn in that thread too; a view that draws text (disc numbers, tile numbers: SDL's fonts belong to the
window's thread) is drawn in the window's thread, one surface a frame. The demo changes puzzle once all that
is done (waiting a little longer on the solved board if need be), and the new play screen's view takes the
drawing.

The pieces held for the next puzzle are let go when the demo ends before showing it.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

from game.catalog.spec import PuzzleSpec
from game.common.background import Job, JobState, Lane, Service, Task
from game.common.i18n import N_
from game.ui.views import view_for
from game.ui.views.base import BoardView

LABEL = N_("Getting the next puzzle ready")


def build_rules(report: Any, spec: PuzzleSpec, wanted: threading.Event) -> None:
    """The rules and the oracle of ``spec``, built in the light lane's thread; let go again at once if the demo
    no longer wants them (it ended meanwhile)."""
    built = spec.puzzle, spec.oracle   # cached on the spec: the change of puzzle finds them there
    del built
    if not wanted.is_set():
        spec.release()


def draw_ahead(report: Any, view: BoardView, position: bytes) -> None:
    """The view's board and pieces, drawn in the light lane's thread (a view that draws no text only)."""
    view.draw_ahead(position)


class Ahead:
    """The next puzzle being made ready (see the module docstring)."""

    def __init__(self, service: Service, spec: PuzzleSpec) -> None:
        self.service = service
        self.spec = spec
        self.wanted = threading.Event()
        self.wanted.set()
        self.rules: Job[None] = service.submit(Task(build_rules, (spec, self.wanted), LABEL), Lane.LIGHT)
        self.view: BoardView | None = None
        self.drawing: Job[None] | None = None
        self.steps: list[Callable[[], object]] = []   # a view that draws text: what is left to draw, a step a frame

    def step(self, place: Callable[[BoardView], None]) -> None:
        """Once the rules are in: a view of the puzzle, laid out by ``place`` as the stage will show it, and drawn
        off the UI thread where it may be, else a surface a frame (called every frame; cheap once done)."""
        if self.steps:
            self.steps.pop(0)()
            return
        if self.view is not None or self.rules.state is not JobState.DONE:
            return
        view = view_for(self.spec)
        place(view)
        self.view = view
        if view.draws_without_text:
            self.drawing = self.service.submit(Task(draw_ahead, (view, self.spec.puzzle.start), LABEL), Lane.LIGHT)
        else:
            self.steps = view.drawing_steps(self.spec.puzzle.start)

    def ready(self) -> bool:
        """Whether the change of puzzle would wait on nothing built here: the rules in (or failed: the change
        says so as it always has) and the board drawn where it is drawn ahead."""
        if not self.rules.done:
            return False
        if self.rules.state is not JobState.DONE:
            return True
        return self.view is not None and not self.steps and (self.drawing is None or self.drawing.done)

    def drawn(self) -> BoardView | None:
        """The view drawn ahead, once its drawing is done (None: none was drawn ahead)."""
        if self.view is None or self.steps or (self.drawing is not None and self.drawing.state is not JobState.DONE):
            return None
        return self.view

    def drop(self, keep: PuzzleSpec | None = None) -> None:
        """The demo will not show this puzzle next: its rules and oracle go (unless it is ``keep``, a puzzle still
        played), now if they are built, else as soon as the thread has built them."""
        self.view, self.steps = None, []
        if self.spec is keep:
            return
        self.wanted.clear()
        if self.rules.done:
            self.spec.release()
