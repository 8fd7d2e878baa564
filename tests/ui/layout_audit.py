"""Where a frame's text landed: a surface that notes every text the theme rendered as it is blitted
onto it, so a test can check that no text leaves the window, none overlaps another, and none was cut
short (the theme notes cuts of text that was not an excerpt)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

SLACK = 2   # pixels two texts' ink may share at an edge (antialiasing), and a text may lean out of the window


@dataclass(frozen=True)
class Placed:
    text: str
    ink: pygame.Rect        # where its pixels are, on the window
    visible: pygame.Rect    # the part inside the clip in force when it was drawn
    clip: pygame.Rect


class AuditSurface(pygame.Surface):
    """A surface that remembers each text blitted onto it, and the texts of audited surfaces blitted
    onto it (a panel drawn once and kept, a scrolled table), moved to where they land. A surface the
    size of this one blitted at its corner is a backdrop (the screen under the help, dimmed): its texts
    were audited on their own screen and are not counted again."""

    theme = None   # set by ``auditing``: the theme whose texts are looked for

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.placed: list[Placed] = []

    def fill(self, color, rect=None, special_flags=0):   # type: ignore[override]
        if rect is None:
            self.placed.clear()   # drawn afresh
        return super().fill(color, rect, special_flags)

    def blit(self, source, dest, area=None, special_flags=0):   # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        x, y = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        clip = self.get_clip()
        if isinstance(source, AuditSurface):
            if source.get_size() == self.get_size() and (x, y) == (0, 0) and area is None:
                return drawn   # a backdrop
            window = pygame.Rect(area) if area is not None else source.get_rect()
            dx, dy = x - window.x, y - window.y
            shown = pygame.Rect(x, y, window.w, window.h).clip(clip)
            for p in source.placed:
                ink = p.ink.move(dx, dy)
                inner_clip = p.clip.move(dx, dy).clip(shown)
                self.placed.append(Placed(p.text, ink, p.visible.move(dx, dy).clip(inner_clip), inner_clip))
            return drawn
        text = self.theme.drawn_text.get(source) if self.theme is not None else None
        if text is not None and text.strip() and area is None:
            ink = source.get_bounding_rect().move(x, y)
            self.placed.append(Placed(text, ink, ink.clip(clip), clip))
        return drawn


def problems(surface: AuditSurface, cuts) -> list[str]:
    """Every fault of the frame, one sentence each (empty: the text all fits)."""
    w, h = surface.get_size()
    window = pygame.Rect(-SLACK, -SLACK, w + 2 * SLACK, h + 2 * SLACK)
    out = [f"cut short: {text!r}" for text in dict.fromkeys(cuts)]
    shown = [p for p in surface.placed if p.visible.w > 0 and p.visible.h > 0]
    for p in shown:
        if not window.contains(p.ink) and p.clip.size == (w, h):
            out.append(f"leaves the window: {p.text!r} at {tuple(p.ink)}")
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.text == b.text:
                continue   # a shadow or an outline under its own text
            both = a.visible.clip(b.visible)
            if both.w > SLACK and both.h > SLACK:
                out.append(f"overlap: {a.text!r} {tuple(a.ink)} and {b.text!r} {tuple(b.ink)}")
    return out
