"""Small pills that say what the player has done with a puzzle: solved, solved optimally, solved with
help, a game in progress. Drawn in the theme; the icons are drawn, not taken from a font (the
built-in font has no star or check mark)."""
from __future__ import annotations

import math

import pygame

from game.common.i18n import N_, _
from game.keeping.records import Badge
from game.keeping.stars import Stars
from game.ui import theme as T

# badge -> (label, fill (see theme.pill_fill), icon); a badge of NONE draws nothing. Labels are
# translated where drawn.
# Translators: the badges on a puzzle's card and in the records: solved in the fewest moves, solved,
# solved with a hint or the solver, a game left unfinished
LOOKS = {Badge.OPTIMAL: (N_("Optimal"), "optimal", "star"),
         Badge.SOLVED: (N_("Solved"), "solved", "check"),
         Badge.ASSISTED: (N_("With help"), "with help", "")}
IN_PROGRESS = (N_("In progress"), "in progress", "dot")


def pill_size(theme: T.Theme, label: str, icon: str) -> tuple[int, int]:
    """How large the pill of ``label`` (English, translated here) is."""
    pal = theme.palette
    text = theme.text(_(label), "tiny", pal.ink)
    h = text.get_height() + theme.px(4)
    icon_w = h - theme.px(2) if icon else 0
    return text.get_width() + icon_w + theme.px(12), h


def draw_pill(surface: pygame.Surface, theme: T.Theme, label: str, pill: str, icon: str,
              topleft: tuple[int, int]) -> pygame.Rect:
    """A rounded pill (one of theme.PILLS) with an icon and a label (English, shown in the player's
    language); returns where it was drawn."""
    pal = theme.palette
    w, h = pill_size(theme, label, icon)
    rect = pygame.Rect(topleft, (w, h))
    fill = pal.pill_fill(pill)
    ink = pal.ink_on(fill)
    pygame.draw.rect(surface, T.shade(fill, -0.45), rect.move(0, max(1, theme.px(1))), border_radius=h // 2)
    pygame.draw.rect(surface, fill, rect, border_radius=h // 2)
    x = rect.x + theme.px(6)
    if icon:
        size = h - theme.px(6)
        box = pygame.Rect(x, rect.centery - size // 2, size, size)
        draw_icon(surface, icon, box, ink)
        x += size + theme.px(3)
    text = theme.text(_(label), "tiny", ink)
    surface.blit(text, text.get_rect(midleft=(x, rect.centery)))
    return rect


def draw_icon(surface: pygame.Surface, icon: str, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    if icon == "check":
        pts = [(box.x + box.w * 0.1, box.y + box.h * 0.55), (box.x + box.w * 0.4, box.y + box.h * 0.85),
               (box.x + box.w * 0.92, box.y + box.h * 0.18)]
        pygame.draw.lines(surface, colour, False, pts, max(2, box.w // 5))
    elif icon == "star":
        cx, cy, outer = box.centerx, box.centery + box.h * 0.05, box.w * 0.55
        pts = [(cx + math.cos(-math.pi / 2 + i * math.pi / 5) * (outer if i % 2 == 0 else outer * 0.45),
                cy + math.sin(-math.pi / 2 + i * math.pi / 5) * (outer if i % 2 == 0 else outer * 0.45))
               for i in range(10)]
        pygame.draw.polygon(surface, colour, pts)
    elif icon == "dot":
        pygame.draw.circle(surface, colour, box.center, max(2, box.w // 3))


def draw_badge(surface: pygame.Surface, theme: T.Theme, badge: Badge, topright: tuple[int, int]) -> pygame.Rect | None:
    """A record's badge with its right edge at ``topright`` (nothing for a puzzle never solved)."""
    looks = LOOKS.get(badge)
    if looks is None:
        return None
    label, pill, icon = looks
    w = pill_size(theme, label, icon)[0]
    return draw_pill(surface, theme, label, pill, icon, (topright[0] - w, topright[1]))


def draw_in_progress(surface: pygame.Surface, theme: T.Theme, topleft: tuple[int, int]) -> pygame.Rect:
    label, pill, icon = IN_PROGRESS
    return draw_pill(surface, theme, label, pill, icon, topleft)


def _star_size(theme: T.Theme) -> tuple[int, int]:
    """One star's size and the gap around it."""
    return theme.size_of("tiny") + theme.px(2), theme.px(2)


def stars_size(theme: T.Theme) -> tuple[int, int]:
    """How large the pill of three stars is."""
    size, gap = _star_size(theme)
    return 3 * size + 4 * gap, size + 2 * gap


def draw_stars(surface: pygame.Surface, theme: T.Theme, stars: Stars,
               bottomright: tuple[int, int]) -> pygame.Rect | None:
    """Three stars on a dark pill, the earned ones filled (a helped solve's one star in the help colour),
    with the pill's bottom right at ``bottomright``; nothing for a puzzle never solved."""
    if stars.count == 0:
        return None
    pal = theme.palette
    size, gap = _star_size(theme)
    rect = pygame.Rect((0, 0), stars_size(theme))
    rect.bottomright = bottomright
    pygame.draw.rect(surface, T.shade(pal.card, -0.5), rect, border_radius=rect.h // 2)
    earned = pal.pill_fill("with help") if stars.helped else pal.accent
    for i in range(3):
        box = pygame.Rect(rect.x + gap + i * (size + gap), rect.y + gap, size, size)
        draw_icon(surface, "star", box, earned if i < stars.count else T.mix(pal.card, pal.dim, 0.5))
    return rect
