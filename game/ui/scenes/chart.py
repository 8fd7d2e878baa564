"""The analysis screen's bar chart: positions by their distance from the goal.

Laid out once per result and window size (bars are kept for clicks and hover), drawn into the
screen's cached layer; only the hovered bar and its tooltip are drawn each frame.
"""
from __future__ import annotations

import math

import pygame

from game.common.i18n import _, ngettext, pgettext
from game.ui import theme as T
from game.common.words import moves_text

CHART_TOP = (110, 196, 250)
CHART_FAR = (246, 170, 70)


def nice_step(largest: float, ticks: int = 5) -> float:
    """A 1-2-5 step so that about ``ticks`` steps cover ``largest``."""
    if largest <= 0:
        return 1.0
    raw = largest / ticks
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def tick_every(span: int, most: int) -> int:
    """The least round step (1, 2, 2.5 or 5 times a power of ten, whole) that puts at most ``most``
    steps along ``span``: any length, a 12,000-move game's as well as a 25-move one's."""
    mag = 1
    while True:
        for m in (1, 2, 25, 5) if mag >= 10 else (1, 2, 5):
            step = m * mag // 10 if m == 25 else m * mag
            if span <= most * step:
                return step
        mag *= 10


def short_count(n: float) -> str:
    n = float(n)
    if n >= 1e6:
        return f"{n / 1e6:g}M" if n % 1e5 == 0 else f"{n / 1e6:.1f}M"
    if n >= 1e4:
        return f"{n / 1e3:g}k" if n % 100 == 0 else f"{n / 1e3:.1f}k"
    return f"{int(n):,}"


class DistanceChart:
    def __init__(self) -> None:
        self.bars: list[tuple[int, pygame.Rect]] = []   # (distance, bar) for drawing and hit tests
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.counts: list[int] = []
        self._scale: tuple[float, float, list[str], float] = (1.0, 1.0, [], 1.0)   # step, top, labels, slot
        self._key: tuple | None = None

    def layout(self, theme: T.Theme, card: pygame.Rect, counts: list[int] | None) -> None:
        """Place the plot and its bars; again only when the counts or the card change."""
        pal = theme.palette
        key = (id(counts), tuple(card), theme.scale)
        if key == self._key:
            return
        self._key = key
        self.counts = list(counts or [])
        if not counts:
            self.bars, self.plot = [], pygame.Rect(0, 0, 0, 0)
            return
        th = theme
        c = card
        pad = th.px(18, 8)
        top = c.y + pad + th.size_of("heading") + th.px(16)
        peak = max(counts)
        step = nice_step(peak)
        top_value = step * math.ceil(peak / step)
        labels = [short_count(step * i) for i in range(int(round(top_value / step)) + 1)]
        label_w = max(th.measure(t, th.size_of("tiny")) for t in labels)
        left = c.x + pad + th.text(_("positions"), "tiny", pal.muted).get_height() + th.px(6) + label_w + th.px(8)
        bottom = c.bottom - pad - th.size_of("tiny") * 2 - th.px(14)
        plot = pygame.Rect(left, top, c.right - pad - left, bottom - top)
        slot = plot.w / max(1, len(counts))
        bar_w = max(1, int(slot * 0.78))
        bars = []
        for d, count in enumerate(counts):
            bx = plot.x + int(d * slot + (slot - bar_w) / 2)
            bh = int(round(plot.h * count / top_value)) if count else 0
            if count and bh < 2:
                bh = 2
            bars.append((d, pygame.Rect(bx, plot.bottom - bh, bar_w, bh)))
        self.plot, self.bars = plot, bars
        self._scale = (step, top_value, labels, slot)

    def bar_at(self, pos: tuple[int, int]) -> int | None:
        for d, r in self.bars:
            hit = pygame.Rect(r.x, self.plot.y, max(r.w, 3), self.plot.h)
            if hit.collidepoint(pos):
                return d
        return None

    def draw(self, surface: pygame.Surface, th: T.Theme, c: pygame.Rect, start_d: int | None) -> None:
        pal = th.palette
        counts = self.counts
        pad = th.px(18, 8)
        surface.blit(th.text(_("Positions by distance from the goal"), "heading", pal.text), (c.x + pad, c.y + pad))
        step, top_value, labels, slot = self._scale
        # Translators: the analysis chart's vertical axis: how many positions
        axis_title = th.text(_("positions"), "tiny", pal.muted)
        plot = self.plot
        # y axis: grid lines with value ticks
        for i, text in enumerate(labels):
            value = step * i
            yy = plot.bottom - int(plot.h * value / top_value)
            pygame.draw.line(surface, pal.panel_edge if i else pal.muted, (plot.x, yy), (plot.right, yy), 1)
            lab = th.text(text, "tiny", pal.muted)
            surface.blit(lab, lab.get_rect(midright=(plot.x - th.px(6), yy)))
        rotated = pygame.transform.rotate(axis_title, 90)
        surface.blit(rotated, rotated.get_rect(midleft=(c.x + pad, plot.centery)))
        n = len(counts)
        for d, rect in self.bars:
            if rect.h:
                self.draw_bar(surface, d, rect, hovered=False)
            if d == start_d:
                pygame.draw.rect(surface, pal.text, rect.inflate(4, 4), 2, border_radius=3)
                # Translators: over the analysis chart's bar of the puzzle's start position
                tag = th.text(pgettext("analysis chart", "start"), "tiny", pal.text)
                surface.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.top - th.px(4))))
        # x axis: distance ticks and title
        every = tick_every(n, 18)
        for d in range(0, n, every):
            cx = plot.x + int((d + 0.5) * slot)
            pygame.draw.line(surface, pal.muted, (cx, plot.bottom), (cx, plot.bottom + th.px(4)), 1)
            lab = th.text(str(d), "tiny", pal.muted)
            surface.blit(lab, lab.get_rect(midtop=(cx, plot.bottom + th.px(6))))
        xt = th.text(_("moves to the goal (optimal)  ·  click a bar to play a position at that distance"),
                     "tiny", pal.muted)
        surface.blit(xt, xt.get_rect(midtop=(plot.centerx, plot.bottom + th.px(8) + th.size_of("tiny"))))

    def draw_bar(self, surface: pygame.Surface, d: int, rect: pygame.Rect, hovered: bool) -> None:
        colour = T.mix(CHART_TOP, CHART_FAR, d / max(1, len(self.counts) - 1))
        if hovered:
            colour = T.shade(colour, 0.3)
        radius = min(4, rect.w // 3)
        pygame.draw.rect(surface, colour, rect, border_top_left_radius=radius, border_top_right_radius=radius)

    def draw_hover(self, surface: pygame.Surface, th: T.Theme, hover: tuple[int, int] | None) -> None:
        pal = th.palette
        hover_d = self.bar_at(hover) if hover else None
        if hover is None or hover_d is None:
            return
        rect = dict(self.bars)[hover_d]
        if rect.h:
            self.draw_bar(surface, hover_d, rect, hovered=True)
        count = self.counts[hover_d]
        positions = ngettext("{n:,} position", "{n:,} positions", count).format(n=count)
        # Translators: the tooltip of a bar: a distance from the goal and how many positions are that far
        tip = th.text(_("{moves}: {positions}").format(moves=moves_text(hover_d), positions=positions), "small",
                      pal.text)
        box = tip.get_rect().inflate(th.px(16), th.px(10))
        plot = self.plot
        box.midbottom = (min(max(hover[0], plot.x + box.w // 2), plot.right - box.w // 2), plot.y + box.h)
        pygame.draw.rect(surface, pal.card_hover, box, border_radius=th.px(8))
        pygame.draw.rect(surface, pal.panel_edge, box, 1, border_radius=th.px(8))
        surface.blit(tip, tip.get_rect(center=box.center))
