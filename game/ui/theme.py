"""Colours, sizes and text, all scaled to the window. Fonts re-render on resize; glyph surfaces are cached."""
from __future__ import annotations

from collections import OrderedDict

import pygame

# -- palette -------------------------------------------------------------------
BG_TOP = (34, 40, 56)
BG_BOTTOM = (18, 21, 31)
PANEL = (39, 46, 64)
PANEL_EDGE = (58, 68, 92)
CARD = (47, 55, 76)
CARD_HOVER = (58, 68, 94)
TEXT = (238, 240, 246)
MUTED = (160, 168, 188)
DIM = (110, 118, 138)
ACCENT = (246, 182, 66)        # amber: selection, primary
GOOD = (98, 214, 132)          # targets, solved
HINT = (84, 200, 250)          # hint highlight
NOPE = (236, 98, 98)           # the gentle "no"

class Theme:
    """Fonts and sizes for one window size. Call ``resize`` when the window changes."""

    TEXT_CACHE = 768

    def __init__(self, size: tuple[int, int]) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}
        self._text: OrderedDict = OrderedDict()
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.scale = max(0.55, min(w / 1280, h / 800))
        self._fonts.clear()
        self._text.clear()

    def px(self, base: float, minimum: int = 1) -> int:
        return max(minimum, round(base * self.scale))

    # font roles: readable from 800x600 to 4K
    def size_of(self, role: str) -> int:
        base, floor = {
            "display": (64, 36), "title": (34, 22), "heading": (24, 17), "body": (19, 14),
            "small": (17, 13), "tiny": (14, 12), "stat": (40, 24),
        }[role]
        return self.px(base, floor)

    def font(self, px: int) -> pygame.font.Font:
        px = max(6, int(px))
        f = self._fonts.get(px)
        if f is None:
            f = self._fonts[px] = pygame.font.Font(None, px)
        return f

    def text(self, text: str, role_or_px, colour=TEXT) -> pygame.Surface:
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        key = (text, px, colour)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        surf = self.font(px).render(text, True, colour)
        self._text[key] = surf
        if len(self._text) > self.TEXT_CACHE:
            self._text.popitem(last=False)
        return surf

    def fit(self, text: str, role_or_px, width: int, colour=TEXT) -> pygame.Surface:
        """Text cut with an ellipsis to fit ``width`` pixels."""
        surf = self.text(text, role_or_px, colour)
        if surf.get_width() <= width or not text:
            return surf
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        font = self.font(px)
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid].rstrip() + "...")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return self.text(text[:lo].rstrip() + "...", px, colour)

    def wrap(self, text: str, role_or_px, width: int) -> list[str]:
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        font = self.font(px)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines


def mix(a, b, t: float):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def shade(c, f: float):
    """f < 0 darkens, f > 0 lightens."""
    return mix(c, (0, 0, 0) if f < 0 else (255, 255, 255), abs(f))


def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, (w, h))
