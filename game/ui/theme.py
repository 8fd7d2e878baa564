"""Colours, sizes and text, all scaled to the window. Fonts re-render on resize; glyph surfaces are cached."""
from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame
import pygame.freetype

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

# fonts with the scripts the built-in font lacks (puzzle names such as 横刀立马), the first found is used
FALLBACK_FONTS = ("notosanscjksc", "notosanscjk", "sourcehansans", "droidsansfallbackfull", "droidsansfallback",
                  "wenquanyizenhei", "wenquanyimicrohei", "microsoftyahei", "simhei", "msgothic", "pingfangsc",
                  "hiraginosans", "arialunicodems")


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the built-in font draws this character (else it would draw an empty box)."""
    if ch.isspace():
        return True
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return _builtin_face().get_metrics(ch)[0] is not None


@lru_cache(maxsize=1)
def _builtin_face() -> pygame.freetype.Font:
    return pygame.freetype.Font(None, 12)


@lru_cache(maxsize=1)
def fallback_font_path() -> str | None:
    """A font of this computer for characters the built-in font lacks (None if it has none)."""
    return pygame.font.match_font(FALLBACK_FONTS)


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

    def runs(self, text: str, px: int) -> list[tuple[pygame.font.Font, str]]:
        """``text`` as runs of one font each: characters the built-in font lacks come from a font
        of this computer, or are left out if it has none."""
        builtin = self.font(px)
        if all(has_glyph(ch) for ch in text):
            return [(builtin, text)]
        other = self._fallback(px)
        out: list[tuple[pygame.font.Font, str]] = []
        for ch in text:
            font = builtin if has_glyph(ch) else other
            if font is None:
                continue
            if out and out[-1][0] is font:
                out[-1] = (font, out[-1][1] + ch)
            else:
                out.append((font, ch))
        return out or [(builtin, "")]

    def _fallback(self, px: int) -> pygame.font.Font | None:
        path = fallback_font_path()
        if path is None:
            return None
        px = max(6, int(px))
        f = self._fonts.get(-px)
        if f is None:
            f = self._fonts[-px] = pygame.font.Font(path, round(px * 0.66))   # the built-in font runs small
        return f

    def measure(self, text: str, px: int) -> int:
        """How wide ``text`` is drawn at ``px``."""
        return sum(font.size(part)[0] for font, part in self.runs(text, px))

    def text(self, text: str, role_or_px, colour=TEXT) -> pygame.Surface:
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        key = (text, px, colour)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        runs = self.runs(text, px)
        if len(runs) == 1:
            surf = runs[0][0].render(runs[0][1], True, colour)
        else:
            surf = _joined([(font.render(part, True, colour), font.get_ascent()) for font, part in runs])
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
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.measure(text[:mid].rstrip() + "...", px) <= width:
                lo = mid
            else:
                hi = mid - 1
        return self.text(text[:lo].rstrip() + "...", px, colour)

    def wrap(self, text: str, role_or_px, width: int) -> list[str]:
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if self.measure(trial, px) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines


def _joined(parts: list[tuple[pygame.Surface, int]]) -> pygame.Surface:
    """Rendered runs side by side on one baseline (each given with its font's ascent)."""
    ascent = max(a for _, a in parts)
    height = max(ascent - a + part.get_height() for part, a in parts)
    out = pygame.Surface((sum(part.get_width() for part, _ in parts), height), pygame.SRCALPHA)
    x = 0
    for part, a in parts:
        out.blit(part, (x, ascent - a))
        x += part.get_width()
    return out


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
