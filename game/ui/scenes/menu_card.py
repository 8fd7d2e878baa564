"""A card of the menu: one puzzle, or the variants of one group with a chooser along its foot; its
drawing of the start position, its title and blurb, and the player's badges on it."""
from __future__ import annotations

import pygame

from game.catalog.spec import PuzzleSpec
from game.common.phrase import translated
from game.keeping.records import Badge
from game.ui import theme as T
from game.ui.badges import draw_badge, draw_in_progress
from game.ui.theme import Theme
from game.ui.views import view_for
from game.ui.widgets import card as draw_card

__all__ = ["Card"]


class Card:
    """One puzzle, or the variants of one group with a chooser along the card's foot."""

    def __init__(self, specs: list[PuzzleSpec], chosen: dict[str, str]) -> None:
        self.specs = specs
        group = specs[0].presentation.group if len(specs) > 1 else ""
        self.group = group
        self.chosen = chosen   # the game's memory of each group's variant, shared by every menu
        names = [s.name for s in specs]
        self.index = names.index(chosen[group]) if chosen.get(group) in names else 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.chips: list[tuple[pygame.Rect, int]] = []   # the chooser: where, and the variant it picks
        self.compact = False                              # the chooser shows "‹ chosen ›" only
        self.thumbs: dict[str, pygame.Surface] = {}
        self.lines: list[str] = []     # the blurb, wrapped to the card

    @property
    def spec(self) -> PuzzleSpec:
        return self.specs[self.index]

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.group or self.spec.presentation.short_title

    def choose(self, index: int) -> None:
        self.index = index % len(self.specs)
        if self.group:
            self.chosen[self.group] = self.name

    def thumb(self, size: tuple[int, int]) -> pygame.Surface:
        """The chosen variant's start, drawn by its own view (kept per variant, drawn again for a new size)."""
        got = self.thumbs.get(self.name)
        if got is None or got.get_size() != size:
            got = self.thumbs[self.name] = view_for(self.spec).thumbnail(self.spec.puzzle.start, size)
        return got

    # -- layout ---------------------------------------------------------------------------------------
    def lay_out(self, th: Theme, blurb_lines: int) -> None:
        """The blurb for the chosen variant, and the chooser: every label when they fit, else the chosen
        one between a previous and a next arrow."""
        pal = th.palette
        r = self.rect
        lines = th.wrap(translated(self.spec.presentation.blurb), "small", r.w - th.px(20))
        self.lines = lines[:blurb_lines]
        if len(lines) > blurb_lines:
            self.lines[-1] += " " + " ".join(lines[blurb_lines:])   # th.fit ends it with an ellipsis
        self.chips, self.compact = [], False
        if not self.group:
            return
        labels = [translated(s.presentation.variant) for s in self.specs]
        pad, gap, height = th.px(5), th.px(3), th.size_of("small") + th.px(4)
        widths = [th.text(label, "small", pal.text).get_width() + 2 * pad for label in labels]
        y = r.h - height - th.px(8)
        if sum(widths) + gap * (len(widths) - 1) <= r.w - th.px(20):
            x = th.px(10)
            for i, width in enumerate(widths):
                self.chips.append((pygame.Rect(x, y, width, height), i))
                x += width + gap
        else:
            arrow = th.text("‹", "small", pal.text).get_width() + 2 * pad
            middle = max(widths)
            x = th.px(10)
            self.compact = True
            self.chips = [(pygame.Rect(x, y, arrow, height), self.index - 1),
                          (pygame.Rect(x + arrow + gap, y, middle, height), self.index),
                          (pygame.Rect(x + arrow + middle + 2 * gap, y, arrow, height), self.index + 1)]

    def chip_at(self, th: Theme, x: int, y: int) -> int | None:
        """The variant a click at (``x``, ``y``), inside the card, picks on its chooser, if it hits one."""
        for rect, index in self.chips:
            if rect.inflate(th.px(2), th.px(6)).collidepoint(x, y):
                return index
        return None

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, th: Theme, r: pygame.Rect, thumb_size: tuple[int, int], selected: bool,
             badge: Badge, in_progress: bool) -> None:
        """The card at ``r`` (on screen), lifted and edged in its shelf's colour when ``selected``."""
        pal = th.palette
        shelf_colour = self.spec.shelf.colour
        r = draw_card(surface, th, r, 14, face=pal.card_hover if selected else pal.card,
                      edge=shelf_colour if selected else pal.panel_edge, edge_width=2.5 if selected else 1,
                      lift=th.px(3) if selected else 0)
        thumb = self.thumb(thumb_size)
        surface.blit(thumb, (r.x + th.px(8), r.y + th.px(8)))
        ty = r.y + th.px(12) + thumb.get_height()
        surface.blit(self._title_text(th, translated(self.title), r.w - th.px(20)), (r.x + th.px(10), ty))
        ty += th.size_of("body") + th.px(3)
        for line in self.lines:
            surface.blit(th.fit(line, "small", r.w - th.px(20), pal.muted, excerpt=True), (r.x + th.px(10), ty))
            ty += th.size_of("small")
        self._draw_chooser(surface, th, r, shelf_colour)
        self._draw_badges(surface, th, r, thumb.get_size(), badge, in_progress)

    def _draw_badges(self, surface: pygame.Surface, th: Theme, r: pygame.Rect, thumb: tuple[int, int], badge: Badge,
                     in_progress: bool) -> None:
        """On the drawing of the puzzle: the player's best (solved, optimally, with help) at its top
        right, and a game kept to come back to at its foot."""
        left, top = r.x + th.px(8), r.y + th.px(8)
        draw_badge(surface, th, badge, (left + thumb[0] - th.px(2), top + th.px(2)))
        if in_progress:
            pill = th.size_of("tiny") + th.px(4)
            draw_in_progress(surface, th, (left + th.px(2), top + thumb[1] - pill - th.px(2)))

    def _draw_chooser(self, surface: pygame.Surface, th: Theme, r: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """The variant labels: the chosen one filled in the shelf's colour."""
        pal = th.palette
        compact = self.compact
        for n, (chip, index) in enumerate(self.chips):
            at = chip.move(r.x, r.y)
            chosen = index == self.index and (not compact or n == 1)
            if chosen:
                pygame.draw.rect(surface, colour, at, border_radius=th.px(6))
            else:
                pygame.draw.rect(surface, pal.panel_edge, at, 1, border_radius=th.px(6))
            variant = translated(self.specs[index if not compact else self.index].presentation.variant)
            label = ("‹", variant, "›")[n] if compact else variant
            text = th.text(label, "small", pal.ink if chosen else pal.text)
            surface.blit(text, text.get_rect(center=at.center))

    @staticmethod
    def _title_text(th: Theme, title: str, width: int) -> pygame.Surface:
        """A card's title, a little smaller where it would not fit (down to the small size), then cut."""
        body = th.size_of("body")
        wide = th.measure(title, body)
        px = body if wide <= width else max(int(th.size_of("small") * 0.85), int(body * width / wide))
        return th.fit(title, px, width)
