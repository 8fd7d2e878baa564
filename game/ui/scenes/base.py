"""What every screen draws first: the window's background. (What a screen is: :mod:`game.ui.context`.)"""
from __future__ import annotations

import pygame

from game.ui import theme as T

__all__ = ["background"]

_BG_CACHE: dict[tuple[tuple[int, int], str], pygame.Surface] = {}


def background(palette: T.Palette, size: tuple[int, int]) -> pygame.Surface:
    """The window background: a gradient with a soft vignette, cached per size and palette."""
    key = (size, palette.name)
    surf = _BG_CACHE.get(key)
    if surf is None:
        _BG_CACHE.clear()
        surf = T.vertical_gradient(size, palette.bg_top, palette.bg_bottom)
        w, h = size
        glow = pygame.Surface((max(1, w // 8), max(1, h // 8)), pygame.SRCALPHA)
        gw, gh = glow.get_size()
        for i in range(12, 0, -1):
            pygame.draw.ellipse(glow, (*palette.glow, 5), (gw * (0.5 - i / 24), gh * (0.35 - i / 30), gw * i / 12,
                                                          gh * i / 15))
        surf.blit(pygame.transform.smoothscale(glow, size), (0, 0))
        _BG_CACHE[key] = surf
    return surf
