"""The menu as a page: its shelves of cards and the foot under them, scrolled between the title bar and the
focus bar; which card is chosen (or the foot), how keys and the pointer move the choice, the choice kept in
sight, and the shelves drawn. :class:`~game.ui.scenes.menu.MenuScene` adds what the menu does: its layout, the
cards opened, a pasted code, today's puzzle and what the journal remembers."""
from __future__ import annotations

import time
from typing import Mapping

import pygame

from game.catalog import registry as catalog
from game.catalog.ratings import Rated
from game.catalog.spec import Shelf
from game.common.phrase import translated
from game.keeping.records import Badge
from game.keeping.stars import stars_from_start
from game.ui.context import Scene
from game.ui.intents import DIRECTIONS, Intent
from game.ui.scenes import menu_shelf as shelf_order
from game.ui.scenes.menu_card import Card
from game.ui.scenes.menu_layout import NoteLine

__all__ = ["MenuPage", "PICTURE_SECONDS"]

PICTURE_SECONDS = 0.03   # a frame draws new card pictures for about this long (one at least); the first, none


class MenuPage(Scene):
    """The shelves of cards, chosen among and drawn (the menu sets these in its layout)."""

    shelves: list[Shelf]
    own_order: dict[Shelf, list[Card]]
    rated: Mapping[str, Rated]
    cards: dict[Shelf, list[Card]]
    flat: list[Card]
    chips: dict[Shelf, pygame.Rect]
    headings: list[tuple[Shelf, pygame.Rect]]
    selected: int                    # a card, or len(self.flat): the foot
    above_foot: int                  # the card the foot was reached from (Up goes back to it)
    show_selection: bool
    scroll: float
    scroll_target: float
    hover: tuple[int, int] | None
    top: int                         # the title bar's bottom: the shelves scroll below it ...
    bar_top: int                     # ... and above the focus bar
    thumb_size: tuple[int, int]
    foot_rect: pygame.Rect
    note_lines: list[NoteLine]
    content_h: int
    fade: pygame.Surface
    pictures_owed: bool | None       # cards in view without their picture yet (None: never drawn)

    # -- the choice ---------------------------------------------------------------------------------
    @property
    def on_foot(self) -> bool:
        return self.selected >= len(self.flat)

    def chosen_card(self) -> Card | None:
        return None if self.on_foot or not self.flat else self.flat[self.selected]

    def shelf_of(self, card: Card) -> Shelf:
        return next(shelf for shelf, cards in self.cards.items() if card in cards)

    def chip_hit(self, pos: tuple[int, int]) -> Shelf | None:
        """The shelf whose order chip is at ``pos`` (on screen), if any."""
        if not self.top <= pos[1] < self.bar_top:
            return None
        at = (pos[0], pos[1] + int(self.scroll))
        return next((shelf for shelf, rect in self.chips.items() if rect.collidepoint(at)), None)

    def most_scroll(self) -> int:
        return max(0, self.content_h - self.bar_top)

    def clamp_scroll(self) -> None:
        self.scroll_target = min(max(0.0, self.scroll_target), self.most_scroll())

    def ensure_visible(self) -> None:
        """Scroll so that the choice (a card, with its shelf's heading above it, or the foot) is in sight."""
        th = self.theme
        if self.on_foot:
            r, above = self.foot_rect, th.px(12)
        else:
            r, above = self.flat[self.selected].rect, th.size_of("heading") + th.px(24)
        if r.bottom - self.scroll_target > self.bar_top - th.px(8):
            self.scroll_target = r.bottom - self.bar_top + th.px(12)
        if r.y - self.scroll_target < self.top + above:
            self.scroll_target = r.y - self.top - above
        self.clamp_scroll()

    def step(self, intent: Intent) -> None:
        """Move the choice: along the menu's order (left, right, Tab), or to the nearest card above or
        below; past the last card (or below the last row) is the foot, and Up from it goes back."""
        self.show_selection = True
        was = self.selected
        dr, dc = DIRECTIONS.get(intent, (0, 0))
        if intent in (Intent.NEXT, Intent.PREV) or dc:
            ahead = intent is Intent.NEXT or dc > 0
            self.selected = (was + (1 if ahead else -1)) % (len(self.flat) + 1)
        elif self.on_foot:
            if dr < 0 and self.flat:
                self.selected = min(self.above_foot, len(self.flat) - 1)
        else:
            found = self.nearest(dr)
            self.selected = found if found is not None else len(self.flat) if dr > 0 else was
        if self.on_foot and was < len(self.flat):
            self.above_foot = was
        self.ensure_visible()
        self.invalidate()

    def nearest(self, dr: int) -> int | None:
        """The card nearest the chosen one in the row above (``dr`` < 0) or below; None at the edge."""
        cur = self.flat[self.selected].rect
        best, score = None, None
        for i, c in enumerate(self.flat):
            dy = (c.rect.centery - cur.centery) * dr
            if dy <= 0:
                continue
            s = dy + 3 * abs(c.rect.centerx - cur.centerx)
            if score is None or s < score:
                best, score = i, s
        return best

    def card_at(self, pos) -> int | None:
        if not self.top <= pos[1] < self.bar_top:
            return None
        p = (pos[0], pos[1] + int(self.scroll))
        for i, c in enumerate(self.flat):
            if c.rect.collidepoint(p):
                return i
        return None

    # -- drawing ---------------------------------------------------------------------------------
    def thumb(self, card: Card) -> pygame.Surface:
        return card.thumb(self.thumb_size, self.theme.palette.dim)

    def draw_shelves(self, surface: pygame.Surface, off: int) -> None:
        """The headings, the cards and the foot, scrolled up by ``off``."""
        pal = self.theme.palette
        th = self.theme
        low = self.bar_top
        for shelf, r in self.headings:
            rr = r.move(0, -off)
            if rr.bottom < self.top or rr.top > low:
                continue
            pygame.draw.rect(surface, shelf.colour, (rr.x, rr.y + th.px(4), th.px(5), th.size_of("heading") - th.px(4)),
                             border_radius=th.px(2))
            title = th.text(translated(shelf.title), "heading", pal.text)
            surface.blit(title, (rr.x + th.px(14), rr.y))
            chip = self.chips.get(shelf)
            right = chip.move(0, -off).x - th.px(12) if chip is not None else rr.right
            shelf_order.draw_par(surface, th, shelf_order.par_words(self.ctx.journal.records, self.own_order[shelf]),
                                 rr.x + th.px(14) + title.get_width() + th.px(12), rr.y, right)
            if chip is not None:
                on = shelf_order.is_easiest_first(self.ctx.journal.chosen, shelf)
                hover = self.hover is not None and self.chip_hit(self.hover) is shelf
                shelf_order.draw_chip(surface, th, chip.move(0, -off), on, shelf.colour, hover)
        self.pictures_owed = _draw_cards(self, surface, off)
        if self.on_foot and self.show_selection:
            pygame.draw.rect(surface, catalog.YOURS.colour, self.foot_rect.move(0, -off), max(1, th.px(2)),
                             border_radius=th.px(10))
        for note in self.note_lines:
            y = note.y - off
            if self.top - th.size_of(note.role) < y < low:
                surface.blit(th.text(note.text, note.role, pal.tone(note.tone)), (th.px(36, 14) + note.indent, y))
        if self.content_h - off > low:   # more below: fade out the lower edge
            surface.blit(self.fade, (0, low - self.fade.get_height()))


def _draw_cards(menu: MenuPage, surface: pygame.Surface, off: int) -> bool:
    """The cards in view, scrolled up by ``off``; True if some are still owed their picture. The menu's first
    frame makes no picture (each builds its puzzle's rules, from its file for the library's): the window opens
    at once, and the cards in view get theirs over the next frames, a few a frame."""
    th, journal = menu.theme, menu.ctx.journal
    started, owed = time.perf_counter(), False
    for i, card in enumerate(menu.flat):
        r = card.rect.move(0, -off)
        if r.bottom < menu.top or r.top > menu.bar_top:
            continue
        selected = i == menu.selected and (menu.show_selection or bool(menu.hover and r.collidepoint(menu.hover)))
        new = menu.pictures_owed is not None and time.perf_counter() - started < PICTURE_SECONDS
        if card.collection:   # its levels' marks are on its grid: the card claims none for one of them
            owed |= card.draw(surface, th, r, menu.thumb_size, selected, Badge.NONE, False, new_picture=new)
            continue
        owed |= card.draw(surface, th, r, menu.thumb_size, selected, journal.records.badge(card.name),
                          journal.in_progress(card.name), stars_from_start(journal.records, card.name),
                          shelf_order.grade_of(card, menu.rated), new_picture=new)
    return owed
