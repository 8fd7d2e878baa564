"""Scenes live on the app's stack: update(dt), draw(surface), handle_intent(intent), handle_event(event).

A scene also tells the loop when it must be drawn: ``dirty`` after something changed,
``animating()`` while its picture changes with time alone. The loop skips drawing otherwise
and rests. A scene that does not track its changes keeps the default: drawn every frame.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.catalog.spec import PuzzleSpec
from game.ui import theme as T
from game.ui.intents import Intent

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    def invalidate(self) -> None:
        """Something the scene shows changed: draw it on the next frame."""
        self.dirty = True

    def animating(self) -> bool:
        """Whether the picture changes with time alone, so every frame must be drawn."""
        return True

    @property
    def theme(self) -> T.Theme:
        return self.app.theme

    def layout(self, size: tuple[int, int]) -> None:
        pass

    def handle_intent(self, intent: Intent) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def typed(self, text: str) -> bool:
        """A character typed (before keys become intents); True if the scene took it."""
        return False

    def capturing_text(self) -> bool:
        """A text field has the keyboard: every key goes to ``handle_event`` as it is."""
        return False

    def update(self, dt: float) -> None:
        pass

    def help_spec(self) -> PuzzleSpec | None:
        """The puzzle whose help F1 opens over this screen: the one it shows (None: no help here)."""
        spec = getattr(self, "spec", None)
        return spec if isinstance(spec, PuzzleSpec) else None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def leave(self) -> None:
        """The app takes the scene off its stack (or closes): stop what it started."""


_BG_CACHE: dict = {}


def background(size: tuple[int, int]) -> pygame.Surface:
    """The window background: a gradient with a soft vignette, cached per size and palette."""
    key = (size, T.palette)
    surf = _BG_CACHE.get(key)
    if surf is None:
        _BG_CACHE.clear()
        surf = T.vertical_gradient(size, T.BG_TOP, T.BG_BOTTOM)
        w, h = size
        glow = pygame.Surface((max(1, w // 8), max(1, h // 8)), pygame.SRCALPHA)
        gw, gh = glow.get_size()
        for i in range(12, 0, -1):
            pygame.draw.ellipse(glow, (*T.GLOW, 5), (gw * (0.5 - i / 24), gh * (0.35 - i / 30), gw * i / 12,
                                                          gh * i / 15))
        surf.blit(pygame.transform.smoothscale(glow, size), (0, 0))
        _BG_CACHE[key] = surf
    return surf
