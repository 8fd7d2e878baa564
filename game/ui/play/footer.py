"""The line under the board: the game's last message in a pill that fades after a while, or the
demo's caption, which stays."""
from __future__ import annotations

import pygame

from game.ui import theme as T

SHOWN_SECONDS = 6.0       # a message stays this long at full strength
FADE_SECONDS = 1.5        # then fades out over this long
PILL_CACHE = 8            # messages kept rendered
MIN_PX = 11               # a long message shrinks to this size before it is shortened


class Footer:
    def __init__(self, text: str = "") -> None:
        self.text = text
        self.colour: tuple[int, int, int] = T.MUTED
        self.age = 0.0
        self.about: bytes | None = None    # the position a hint or dead end message is about
        self.caption: str | None = None    # the demo's caption, shown instead of messages
        self._pills: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}

    def say(self, text: str, colour: tuple[int, int, int] | None = None, about: bytes | None = None) -> None:
        """Show a message (muted unless ``colour``); one ``about`` a position goes when the position changes."""
        self.text, self.colour, self.age, self.about = text, T.MUTED if colour is None else colour, 0.0, about

    def alpha(self) -> int:
        if self.caption:
            return 255
        if not self.text or self.age < SHOWN_SECONDS:
            return 255 if self.text else 0
        return max(0, int(255 * (1 - (self.age - SHOWN_SECONDS) / FADE_SECONDS)))

    def fading(self) -> bool:
        return bool(self.text) and not self.caption and SHOWN_SECONDS <= self.age < SHOWN_SECONDS + FADE_SECONDS

    def update(self, dt: float) -> bool:
        """Age the message; True if it looks different now (it is fading)."""
        before = self.alpha()
        self.age += dt
        return self.alpha() != before

    def draw(self, surface: pygame.Surface, theme: T.Theme, area: pygame.Rect) -> None:
        text = self.caption or self.text
        alpha = self.alpha()
        if not text or alpha <= 0:
            return
        colour = T.TEXT if self.caption else T.current(self.colour)   # said before a change of palette: its new look
        pill, text_size = self._pill(theme, text, colour, "heading" if self.caption else "body", area.w)
        box = pygame.Rect((0, 0), text_size)
        box.center = area.center
        box = box.inflate(theme.px(28), theme.px(12))
        pill.set_alpha(alpha)
        surface.blit(pill, box.topleft)

    def _pill(self, theme: T.Theme, text: str, colour: tuple[int, int, int], role: str,
              width: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """The message in its rounded pill at full opacity (and the text's size), cached: a message
        stays up for many frames."""
        key = (text, colour, role, width, theme.scale)
        got = self._pills.get(key)
        if got is None:
            room = width - theme.px(40)
            px = theme.size_of(role)
            while px > MIN_PX and theme.measure(text, px) > room:   # smaller before shorter
                px -= 1
            surf = theme.fit(text, px, room, colour)
            box = surf.get_rect().inflate(theme.px(28), theme.px(12))
            pill = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(pill, (*T.PANEL, 220), pill.get_rect(), border_radius=box.h // 2)
            pygame.draw.rect(pill, (*T.shade(colour, -0.3), 255), pill.get_rect(), max(1, theme.px(2)),
                             border_radius=box.h // 2)
            pill.blit(surf, surf.get_rect(center=(box.w // 2, box.h // 2)))
            if len(self._pills) >= PILL_CACHE:
                self._pills.clear()
            got = self._pills[key] = (pill, surf.get_size())
        return got
