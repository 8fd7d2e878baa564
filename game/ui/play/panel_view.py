"""The side panel on screen: lays the model out only when it or the panel's size changes, draws
from that layout, scrolls when the layout is taller than the panel, and hit-tests its buttons."""
from __future__ import annotations

import math

import pygame

from game.oracles.base import Verdict
from game.midend.panel import BoxKind, Colour, PanelModel
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.play.panel_layout import (BarItem, ButtonItem, FigureItem, LegendItem, PanelLayout, RuleItem,
                                       SpinnerItem, TextItem, lay_out, verdict_word)
from game.ui.views.base import mark_sprite
from game.ui.widgets import ButtonStyle, card, draw_button, draw_progress

class PanelView:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self._key: tuple | None = None
        self._layout: PanelLayout | None = None
        self._picture: pygame.Surface | None = None      # the panel as last drawn
        self._picture_of: PanelLayout | None = None
        self._picture_state: tuple | None = None

    def place(self, rect: pygame.Rect) -> None:
        self.rect = rect.copy()

    def layout(self, model: PanelModel, theme: T.Theme) -> PanelLayout:
        """The layout of ``model`` in this panel, worked out again only when either changed."""
        key = (tuple(self.rect), theme.size, model)
        if self._layout is None or key != self._key:
            self._layout = lay_out(model, self.rect, theme)
            self._key = key
            self.scroll = max(0, min(self.scroll, self._layout.max_scroll))
        return self._layout

    # -- pointing --------------------------------------------------------------------------------
    def button_at(self, layout: PanelLayout, pos: tuple[int, int]) -> ButtonItem | None:
        """The enabled button under the point, as scrolled."""
        if not layout.viewport.collidepoint(pos):
            return None
        point = (pos[0], pos[1] + self.scroll)
        for item in layout.buttons():
            if item.model.enabled and item.rect.collidepoint(point):
                return item
        return None

    def rect_of(self, layout: PanelLayout, name: str) -> pygame.Rect | None:
        """Where the named button shows on screen (as scrolled), or None if the panel has none."""
        for item in layout.buttons():
            if item.model.name == name:
                return item.rect.move(0, -self.scroll)
        return None

    def scroll_by(self, layout: PanelLayout, pixels: int) -> bool:
        """Scroll the content (positive: further down); True if it moved."""
        before = self.scroll
        self.scroll = max(0, min(layout.max_scroll, self.scroll + pixels))
        return self.scroll != before

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, theme: T.Theme, layout: PanelLayout, hover: str | None,
             pressed: str | None, time: float, reduce_motion: bool) -> None:
        """The panel as last drawn (it is drawn again only when the layout, scroll, hover or press
        changed), then its spinners, which turn every frame."""
        state = (self.scroll, hover, pressed, reduce_motion, theme.palette)
        if self._picture is None or self._picture_of is not layout or self._picture_state != state:
            self._picture = self._paint(theme, layout, hover, pressed)
            self._picture_of, self._picture_state = layout, state
        surface.blit(self._picture, layout.rect.topleft)
        spinners = [i for i in layout.items if isinstance(i, SpinnerItem)]
        if spinners:
            clip = surface.get_clip()
            surface.set_clip(layout.viewport.clip(clip))
            for item in spinners:
                _draw_spinner(surface, theme.palette, item.rect.move(0, -self.scroll), time, reduce_motion)
            surface.set_clip(clip)

    def _paint(self, theme: T.Theme, layout: PanelLayout, hover: str | None, pressed: str | None) -> pygame.Surface:
        """The panel on a transparent picture of its own (its card's shadow included)."""
        pal = theme.palette
        ox, oy = layout.rect.topleft
        picture = pygame.Surface((layout.rect.w, layout.rect.h + theme.px(4) + 1), pygame.SRCALPHA)
        card(picture, theme, layout.rect.move(-ox, -oy), 18)
        viewport = layout.viewport.move(-ox, -oy)
        picture.set_clip(viewport)
        offset = (-ox, -oy - self.scroll)
        for box in layout.boxes:
            if box.kind is BoxKind.IDLE:
                continue   # at rest the message area is the panel itself: its words, no card
            at = box.rect.move(offset)
            pygame.draw.rect(picture, pal.box_face(box.kind), at, border_radius=theme.px(12))
            pygame.draw.rect(picture, pal.box_edge(box.kind), at, max(1, theme.px(1.5)), border_radius=theme.px(12))
        for item in layout.items:
            _draw_item(picture, theme, item, offset, hover, pressed)
        picture.set_clip(None)
        if layout.max_scroll:
            self._draw_scrollbar(picture, theme, layout, (-ox, -oy))
        return picture

    def _draw_scrollbar(self, surface: pygame.Surface, theme: T.Theme, layout: PanelLayout,
                        offset: tuple[int, int]) -> None:
        pal = theme.palette
        view = layout.viewport.move(offset)
        content = view.h + layout.max_scroll
        track = pygame.Rect(layout.rect.right + offset[0] - theme.px(7, 4), view.y, theme.px(4, 3), view.h)
        thumb_h = max(theme.px(24), track.h * view.h // content)
        thumb_y = track.y + (track.h - thumb_h) * self.scroll // max(1, layout.max_scroll)
        pygame.draw.rect(surface, T.shade(pal.panel, -0.25), track, border_radius=track.w // 2)
        pygame.draw.rect(surface, pal.muted, (track.x, thumb_y, track.w, thumb_h), border_radius=track.w // 2)


def _draw_item(surface: pygame.Surface, theme: T.Theme, item: object, offset: tuple[int, int], hover: str | None,
               pressed: str | None) -> None:
    pal = theme.palette
    if isinstance(item, TextItem):
        surface.blit(theme.text(item.text, item.px, pal.colour_of(item.colour)), item.rect.move(offset))
    elif isinstance(item, FigureItem):
        _draw_figure(surface, theme, item, offset)
    elif isinstance(item, ButtonItem):
        model = item.model
        style = ButtonStyle(model.primary, model.enabled, model.active, model.centred)
        label = theme.text(model.label, item.px, style.foreground(theme.palette))
        draw_button(surface, theme, item.rect.move(offset), label, model.key if item.show_key else "", style,
                    hover == model.name, pressed == model.name)
    elif isinstance(item, BarItem):
        draw_progress(surface, pal, item.rect.move(offset), item.fraction, pal.colour_of(item.tone))
    elif isinstance(item, RuleItem):
        r = item.rect.move(offset)
        pygame.draw.line(surface, pal.panel_edge, r.topleft, (r.right, r.top), 1)
    elif isinstance(item, LegendItem):
        _draw_legend(surface, theme, item, offset)


def _draw_figure(surface: pygame.Surface, theme: T.Theme, item: FigureItem, offset: tuple[int, int]) -> None:
    pal = theme.palette
    r = item.rect.move(offset)
    value = theme.text(item.value, item.value_px, pal.colour_of(item.tone))
    label = theme.text(item.label, item.label_px, pal.muted)
    surface.blit(label, (r.x, r.y + (value.get_height() - label.get_height()) // 2 + theme.px(2)))
    surface.blit(value, (r.right - value.get_width(), r.y))


def _draw_legend(surface: pygame.Surface, theme: T.Theme, item: LegendItem, offset: tuple[int, int]) -> None:
    """What the move marks mean: the same badges as on the board, with words."""
    pal = theme.palette
    r = item.rect.move(offset)
    radius = max(6, item.px // 2)
    verdicts = tuple(Verdict)
    rows = len(verdicts) // item.columns
    cell_w, row_h = r.w // item.columns, r.h // rows
    for i, verdict in enumerate(verdicts):
        sprite = mark_sprite(verdict, radius, theme.palette)
        x, y = r.x + (i % item.columns) * cell_w, r.y + (i // item.columns) * row_h
        surface.blit(sprite, (x, y))
        word = theme.text(verdict_word(verdict), item.px, pal.muted)
        surface.blit(word, (x + sprite.get_width() + theme.px(4), y + (sprite.get_height() - word.get_height()) // 2))


def _draw_spinner(surface: pygame.Surface, palette: T.Palette, rect: pygame.Rect, time: float,
                  reduce_motion: bool) -> None:
    """Work under way: a turning arc, or three still dots when motion is reduced."""
    if reduce_motion:
        for i in range(3):
            centre = (rect.x + rect.w * (i + 1) // 4, rect.bottom - rect.h // 4)
            pygame.draw.circle(surface, palette.muted, centre, max(1, rect.h // 10))
        return
    ring = rect.inflate(-rect.w // 5, -rect.h // 5)
    start = -time * 5.0
    pygame.draw.arc(surface, T.shade(palette.panel, 0.1), ring, 0, 2 * math.pi, max(2, rect.h // 8))
    pygame.draw.arc(surface, palette.hint, ring, start, start + 1.9, max(2, rect.h // 8))
