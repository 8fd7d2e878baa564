"""What the unattended demo draws of the next puzzle while the current one is still on the stage: a view's
board and pieces at rest, drawn ahead (a blocks board in wood took up to 0.8 s in the frame of the change).
A mixin of :class:`~game.ui.views.base.BoardView` (whose surfaces it reads, so typed loosely: naming the view
here would draw an import circle), kept apart so the view's class stays about its drawing."""
from __future__ import annotations

import functools
from typing import Any, Callable

__all__ = ["DrawnAhead"]


class DrawnAhead:
    """A view whose board and sprites draw with shapes only (no text: SDL's fonts belong to the window's
    thread) says so, and may then be drawn in another thread."""

    draws_without_text = False

    def draw_ahead(self: Any, position: bytes) -> None:
        """Draw now what the first frame of ``position`` blits: the board and each piece's sprite at rest. Touches
        nothing but this view's own surfaces."""
        for step in self.drawing_steps(position):
            step()

    def drawing_steps(self: Any, position: bytes) -> list[Callable[[], object]]:
        """What :meth:`draw_ahead` draws, one surface a step: the board, then each piece's sprite (a view that
        draws text is drawn ahead in the window's thread, a step a frame)."""
        sprites = dict.fromkeys((code, self.variant(position, cell)) for cell, code in enumerate(position) if code)
        return [self.board_surface, *(functools.partial(self.sprite, code, variant) for code, variant in sprites)]

    def take_drawing(self: Any, other: Any) -> bool:
        """Take ``other``'s board and sprites where it is the same puzzle's view laid out alike (same cells,
        same place, same palette): what the demo drew ahead. False (nothing taken) otherwise."""
        alike = (type(other) is type(self) and other.spec is self.spec and other.pitch == self.pitch
                 and other.rect == self.rect and other.frame_rect() == self.frame_rect()
                 and other.palette.name == self.palette.name)
        if alike:
            self._board_surface, self._sprites = other._board_surface, dict(other._sprites)
        return alike
