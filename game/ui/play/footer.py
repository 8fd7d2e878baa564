"""The line under the board: the game's last message in a pill that fades after a while, or the
demo's caption, which stays."""
from __future__ import annotations

import pygame

from game.midend.sayings import Tone
from game.ui import theme as T

SHOWN_SECONDS = 6.0       # a message stays this long at full strength
FADE_SECONDS = 1.5        # then fades out over this long
PILL_CACHE = 8            # messages kept rendered
MIN_PX = 11               # a long message shrinks to this size before it is shortened


class Footer:
    def __init__(self, text: str = "") -> None:
        self.text = text
        self.tone: Tone | None = None      # what the message's colour means (None: muted), drawn in the palette in use
        self.age = 0.0
        self.about: bytes | None = None    # the position a hint or dead end message is about
        self.caption: str | None = None    # the demo's caption, shown instead of messages
        self._pills: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}

    def say(self, text: str, tone: Tone | None = None, about: bytes | None = None) -> None:
        """Show a message (muted unless ``tone``); one ``about`` a position goes when the position changes."""
        self.text, self.tone, self.age, self.about = text, tone, 0.0, about

    def colour(self, palette: T.Palette) -> tuple[int, int, int]:
        """The message's colour in ``palette`` (said before a change of palette, it takes the new one's)."""
        if self.caption:
            return palette.text
        return palette.muted if self.tone is None else palette.tone(self.tone)

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
        pal = theme.palette
        text = self.caption or self.text
        alpha = self.alpha()
        if not text or alpha <= 0:
            return
        colour = self.colour(pal)
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
        pal = theme.palette
        key = (text, colour, role, width, theme.scale, pal.name)
        got = self._pills.get(key)
        if got is None:
            room = width - theme.px(40)
            px = theme.size_of(role)
            while px > MIN_PX and theme.measure(text, px) > room:   # smaller before shorter
                px -= 1
            surf = theme.fit(text, px, room, colour)
            box = surf.get_rect().inflate(theme.px(28), theme.px(12))
            pill = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(pill, (*pal.panel, 220), pill.get_rect(), border_radius=box.h // 2)
            pygame.draw.rect(pill, (*T.shade(colour, -0.3), 255), pill.get_rect(), max(1, theme.px(2)),
                             border_radius=box.h // 2)
            pill.blit(surf, surf.get_rect(center=(box.w // 2, box.h // 2)))
            if len(self._pills) >= PILL_CACHE:
                self._pills.clear()
            got = self._pills[key] = (pill, surf.get_size())
        return got
