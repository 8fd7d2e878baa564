"""The settings screen: language, text size, colours, sound and the game's helping hands.

One row per setting (see :mod:`game.keeping.preferences`): Up and Down choose a row, Left and Right (or a
click on the arrows) change it, Enter or a click on the value steps it on, Esc goes back. A change
takes effect at once, on every screen below this one too, and is saved.
"""
from __future__ import annotations

import pygame

from game.keeping import preferences
from game.common.i18n import _
from game.ui import theme as T
from game.ui.intents import Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.ui.widgets import Button, card


class SettingsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.rows = preferences.rows()
        self.selected = 0
        self.hover: tuple[int, int] | None = None
        self.back_button = Button("Back", Intent.BACK)
        self.layout(ctx.size)

    def animating(self) -> bool:
        return False

    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m = th.px(28, 12)
        bh = max(th.px(36), th.size_of("body") + th.px(14))
        bw = max(th.px(130), th.measure(_("Back"), th.size_of("body")) + th.measure("Esc", th.size_of("tiny"))
                 + th.px(48))
        self.back_button.rect = pygame.Rect(w - m - bw, m, bw, bh)
        top = m + bh + th.px(24)
        width = min(w - 2 * m, th.px(760))
        room = h - top - m - th.size_of("small") - th.px(16)   # the panel, and the line of keys under it
        self.row_h = max(th.size_of("body") + th.px(6), min(th.size_of("body") + th.px(22),
                                                             (room - th.px(24)) // max(1, len(self.rows))))
        self.panel = pygame.Rect((w - width) // 2, top, width, min(room, self.row_h * len(self.rows) + th.px(24)))
        self.row_rects = [pygame.Rect(self.panel.x + th.px(12), self.panel.y + th.px(12) + i * self.row_h,
                                      self.panel.w - th.px(24), self.row_h) for i in range(len(self.rows))]
        self.invalidate()

    # -- the value part of a row: "<  value  >" at its right ------------------------------------------
    def value_box(self, rect: pygame.Rect) -> pygame.Rect:
        width = int(rect.w * 0.5)
        return pygame.Rect(rect.right - width, rect.y + self.theme.px(4), width, rect.h - self.theme.px(8))

    def arrows(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        box = self.value_box(rect)
        side = box.h
        return pygame.Rect(box.x, box.y, side, side), pygame.Rect(box.right - side, box.y, side, side)

    # -- input ----------------------------------------------------------------------------------------
    def change(self, index: int, step: int) -> None:
        row = self.rows[index]
        self.ctx.changes.change(row.field, row.stepped(self.ctx.settings, step))
        self.invalidate()

    def handle_intent(self, intent: Intent) -> None:
        if intent is Intent.BACK:
            self.ctx.nav.close(self)
        elif intent in (Intent.UP, Intent.PREV):
            self.selected = (self.selected - 1) % len(self.rows)
        elif intent in (Intent.DOWN, Intent.NEXT):
            self.selected = (self.selected + 1) % len(self.rows)
        elif intent in (Intent.LEFT, Intent.RIGHT, Intent.CONFIRM):
            self.change(self.selected, -1 if intent is Intent.LEFT else 1)
        self.invalidate()

    def row_at(self, pos) -> int | None:
        for i, rect in enumerate(self.row_rects):
            if rect.collidepoint(pos):
                return i
        return None

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            i = self.row_at(event.pos)
            if i is not None and i != self.selected:
                self.selected = i
            self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back_button.hit(event.pos):
                self.ctx.nav.close(self)
                return
            i = self.row_at(event.pos)
            if i is None:
                return
            self.selected = i
            left, _right = self.arrows(self.row_rects[i])
            self.change(i, -1 if left.collidepoint(event.pos) else 1)
        elif event.type == pygame.MOUSEWHEEL:
            self.change(self.selected, 1 if event.y > 0 else -1)

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        th = self.theme
        w, h = surface.get_size()
        surface.blit(background(self.theme.palette, (w, h)), (0, 0))
        m = th.px(28, 12)
        title = th.fit(_("Settings"), "title", self.back_button.rect.x - 2 * m, pal.text)
        surface.blit(title, (self.panel.x, m))
        card(surface, th, self.panel, 16)
        settings = self.ctx.settings
        for i, (row, rect) in enumerate(zip(self.rows, self.row_rects)):
            if i == self.selected:
                pygame.draw.rect(surface, pal.card_hover, rect, border_radius=th.px(8))
                pygame.draw.rect(surface, pal.accent, rect, max(1, th.px(2)), border_radius=th.px(8))
            box = self.value_box(rect)
            label = th.fit(_(row.label), "body", box.x - rect.x - th.px(24), pal.text)
            surface.blit(label, label.get_rect(midleft=(rect.x + th.px(14), rect.centery)))
            left, right = self.arrows(rect)
            for arrow, glyph in ((left, "<"), (right, ">")):
                pygame.draw.rect(surface, pal.card, arrow, border_radius=th.px(6))
                pygame.draw.rect(surface, pal.panel_edge, arrow, 1, border_radius=th.px(6))
                cap = th.text(glyph, "body", pal.accent)
                surface.blit(cap, cap.get_rect(center=arrow.center))
            room = box.w - left.w - right.w - th.px(12)
            value = th.fit(row.shown(settings), "body", room, pal.text)
            surface.blit(value, value.get_rect(center=box.center))
        hint = th.fit(_("Up and down choose a setting; left and right change it. Esc goes back."), "small",
                      w - 2 * m, pal.muted)
        surface.blit(hint, hint.get_rect(midtop=(w // 2, self.panel.bottom + th.px(14))))
        self.back_button.draw(surface, th, self.hover)
