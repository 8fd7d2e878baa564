"""Where everything in the side panel goes, for one model in one panel rectangle.

The layout tries a roomy arrangement first, then denser ones (smaller figures, shorter
buttons); if even the densest does not fit, the panel scrolls. Text is wrapped at word
boundaries, and a word or button label that is still too wide gets a smaller font, never an
ellipsis. Items never overlap: the layout test checks this at every window size.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Union

import pygame

from game.common.i18n import N_, _
from game.oracles.base import Verdict
from game.midend.panel import BoxKind, ButtonModel, Colour, PanelModel, Role, StatusBox
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.widgets import button_padding, button_role, key_cap_fits

MIN_PX = 9        # the smallest font a label may shrink to
# Translators: the legend of the move marks: a move gets closer to the goal, farther, the same, or a dead end
VERDICT_WORDS = {Verdict.CLOSER: N_("closer"), Verdict.FARTHER: N_("farther"), Verdict.SAME: N_("same"),
                 Verdict.DEAD_END: N_("dead end")}


def verdict_word(verdict: Verdict) -> str:
    """A move mark's word in the legend, in the player's language."""
    return _(VERDICT_WORDS[verdict])


@dataclass(frozen=True)
class TextItem:
    rect: pygame.Rect
    text: str
    px: int
    colour: Tone | Colour


@dataclass(frozen=True)
class FigureItem:
    rect: pygame.Rect
    label: str
    label_px: int
    value: str
    value_px: int
    tone: Tone


@dataclass(frozen=True)
class ButtonItem:
    rect: pygame.Rect
    model: ButtonModel
    px: int
    show_key: bool


@dataclass(frozen=True)
class BarItem:
    rect: pygame.Rect
    fraction: float
    tone: Tone


@dataclass(frozen=True)
class RuleItem:
    rect: pygame.Rect


@dataclass(frozen=True)
class LegendItem:
    rect: pygame.Rect
    columns: int
    px: int


@dataclass(frozen=True)
class SpinnerItem:
    rect: pygame.Rect


@dataclass(frozen=True)
class BoxItem:
    """A tinted background behind the status box's items."""

    rect: pygame.Rect
    kind: BoxKind


Item = Union[TextItem, FigureItem, ButtonItem, BarItem, RuleItem, LegendItem, SpinnerItem]


@dataclass(frozen=True)
class Density:
    name: str
    figure_role: str
    row_gap: float        # base pixels between figure rows and their rules
    section_gap: float    # base pixels between sections
    grow_grid: bool       # the main buttons may grow into spare height
    tight_buttons: bool   # buttons only as tall as their text needs


DENSITIES = (Density("roomy", "stat", 6, 12, True, False),
             Density("compact", "heading", 4, 10, True, False),
             Density("tight", "body", 2, 6, False, True))


@dataclass(frozen=True)
class PanelLayout:
    rect: pygame.Rect          # the panel on screen
    viewport: pygame.Rect      # the part of it that shows content
    content_bottom: int        # where the content ends, unscrolled
    items: tuple[Item, ...]
    boxes: tuple[BoxItem, ...]
    density: str

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_bottom - self.viewport.bottom)

    def buttons(self) -> tuple[ButtonItem, ...]:
        return tuple(i for i in self.items if isinstance(i, ButtonItem))


def lay_out(model: PanelModel, panel: pygame.Rect, theme: T.Theme) -> PanelLayout:
    """The first density whose content fits the panel; the densest, scrolling, if none does."""
    pad = theme.px(18, 8)
    viewport = panel.inflate(0, -2 * pad)
    for density in DENSITIES:
        got = _arrange(model, panel, viewport, theme, density, fill=True)
        if got is not None:
            return got
    got = _arrange(model, panel, viewport, theme, DENSITIES[-1], fill=False)
    assert got is not None
    return got


def _arrange(model: PanelModel, panel: pygame.Rect, viewport: pygame.Rect, theme: T.Theme, density: Density,
             fill: bool) -> PanelLayout | None:
    """Top sections, the main buttons, then the bottom block: with ``fill``, the bottom block sits
    at the panel's foot and the buttons may grow (None if that does not fit); else all stacked."""
    pad = theme.px(18, 8)
    x, w = panel.x + pad, panel.w - 2 * pad
    sizes = _Sizes(theme, density)
    top = Column(theme, x, viewport.y, w)
    _top_sections(top, model, sizes)
    bottom = Column(theme, x, 0, w)
    _bottom_sections(bottom, model, sizes)
    rows = (len(model.buttons) + 1) // 2
    grid_min = rows * sizes.button + (rows - 1) * sizes.gap
    room = viewport.bottom - top.y - bottom.y - sizes.section
    if fill and room < grid_min:
        return None
    row_h = sizes.button
    if fill and density.grow_grid:
        row_h = max(row_h, min(sizes.button + theme.px(12), (room - (rows - 1) * sizes.gap) // rows))
    top.grid(model.buttons, 2, row_h, sizes)
    top.space(sizes.section)
    bottom_y = viewport.bottom - bottom.y if fill else top.y
    items = top.items + [_moved(i, bottom_y) for i in bottom.items]
    return PanelLayout(panel.copy(), viewport, bottom_y + bottom.y, tuple(items), tuple(top.boxes), density.name)


def _moved(item: Item, dy: int) -> Item:
    return replace(item, rect=item.rect.move(0, dy))


class _Sizes:
    """The lengths one density uses, in pixels for this theme."""

    def __init__(self, theme: T.Theme, density: Density) -> None:
        self.density = density
        self.gap = theme.px(8, 4)
        self.section = theme.px(density.section_gap, 4)
        self.row_gap = theme.px(density.row_gap)
        if density.tight_buttons:
            self.button = max(theme.px(28), theme.size_of("small") + theme.px(10))
        else:
            self.button = max(theme.px(36), theme.size_of("body") + theme.px(14))
        self.box_pad = theme.px(10, 5)


def _top_sections(col: Column, model: PanelModel, sizes: _Sizes) -> None:
    th = col.theme
    col.text(model.shelf_title, Role.TINY, model.shelf_colour)
    col.space(th.px(10, 4))
    for figure in model.figures:
        col.figure(figure.label, figure.value, figure.tone, sizes.density.figure_role)
        col.space(sizes.row_gap)
        col.rule()
        col.space(sizes.row_gap)
    table = model.table
    if table is not None:
        if table.bar is not None:
            col.space(th.px(2))
            col.bar(table.bar, table.bar_tone, th.px(8, 5))
            col.space(th.px(6, 3))
        col.text(table.text, Role.TINY, table.tone)
    if model.count is not None:
        col.space(sizes.gap)
        col.button_row((model.count,), 1, sizes.button, sizes.gap)
    col.space(sizes.section)
    if model.status is not None:
        col.status_box(model.status, sizes)
        col.space(sizes.section)


def _bottom_sections(col: Column, model: PanelModel, sizes: _Sizes) -> None:
    th = col.theme
    deal = model.deal
    col.text(deal.caption, Role.TINY, Tone.MUTED)
    col.space(th.px(6, 3))
    col.deal_row(deal.down, deal.deal, deal.up, sizes)
    col.space(sizes.section)
    if model.legend:
        col.legend()
        col.space(sizes.section)
    col.grid(model.toggles, 2, sizes.button, sizes)
    col.space(sizes.gap)
    col.text(model.help, Role.TINY, Tone.DIM)


class Column:
    """Places items one under another from ``y`` down, ``w`` pixels wide."""

    def __init__(self, theme: T.Theme, x: int, y: int, w: int) -> None:
        self.theme, self.x, self.y, self.w = theme, x, y, w
        self.items: list[Item] = []
        self.boxes: list[BoxItem] = []

    def space(self, px: int) -> None:
        self.y += px

    def text(self, text: str, role: Role, colour: Tone | Colour, indent: int = 0, width: int | None = None) -> None:
        """Wrapped lines; a word wider than the column makes the whole text smaller."""
        if not text.strip():
            return
        width = self.w - indent if width is None else width
        px, lines = wrapped(self.theme, text, self.theme.size_of(role.value), width)
        font = self.theme.font(px)
        line_h = max(px, font.get_linesize())
        for line in lines:
            lw, lh = self.theme.extent(line, px)
            self.items.append(TextItem(pygame.Rect(self.x + indent, self.y, lw, max(lh, line_h)), line, px, colour))
            self.y += max(lh, line_h)

    def figure(self, label: str, value: str, tone: Tone, role: str) -> None:
        th = self.theme
        label_px, value_px = th.size_of("small"), th.size_of(role)
        gap = th.px(12)
        while value_px > MIN_PX and th.measure(label, label_px) + gap + th.measure(value, value_px) > self.w:
            value_px -= 1
            label_px = min(label_px, value_px)
        height = max(value_px, th.font(value_px).get_linesize())
        self.items.append(FigureItem(pygame.Rect(self.x, self.y, self.w, height), label, label_px, value, value_px,
                                     tone))
        self.y += height

    def rule(self) -> None:
        self.items.append(RuleItem(pygame.Rect(self.x, self.y, self.w, 1)))
        self.y += 1

    def bar(self, fraction: float, tone: Tone, height: int) -> None:
        self.items.append(BarItem(pygame.Rect(self.x, self.y, self.w, height), fraction, tone))
        self.y += height

    def button_row(self, buttons: tuple[ButtonModel, ...] | list[ButtonModel], columns: int, height: int,
                   gap: int, x: int | None = None, w: int | None = None) -> None:
        x = self.x if x is None else x
        w = self.w if w is None else w
        cell = (w - gap * (columns - 1)) // columns
        for i, model in enumerate(buttons):
            rect = pygame.Rect(x + i * (cell + gap), self.y, cell, height)
            self.items.append(placed_button(self.theme, model, rect))
        self.y += height

    def grid(self, buttons: tuple[ButtonModel, ...], columns: int, row_h: int, sizes: _Sizes,
             x: int | None = None, w: int | None = None) -> None:
        for start in range(0, len(buttons), columns):
            if start:
                self.y += sizes.gap
            self.button_row(buttons[start:start + columns], columns, row_h, sizes.gap, x, w)

    def deal_row(self, down: ButtonModel, deal: ButtonModel, up: ButtonModel, sizes: _Sizes) -> None:
        th = self.theme
        small = max(sizes.button, th.px(40))
        h, gap = sizes.button, sizes.gap
        self.items += [placed_button(th, down, pygame.Rect(self.x, self.y, small, h)),
                       placed_button(th, deal, pygame.Rect(self.x + small + gap, self.y, self.w - 2 * (small + gap), h)),
                       placed_button(th, up, pygame.Rect(self.x + self.w - small, self.y, small, h))]
        self.y += h

    def legend(self) -> None:
        """The move marks' four badges with their words: in one row if they fit, else two."""
        th = self.theme
        px = th.size_of("tiny")
        badge = 2 * max(6, px // 2) + 2 + th.px(6)
        widest = max(th.measure(verdict_word(verdict), px) for verdict in Verdict)
        columns = 4 if 4 * (badge + widest) <= self.w else 2
        rows = 4 // columns
        row_h = max(px, badge) + th.px(4)
        self.items.append(LegendItem(pygame.Rect(self.x, self.y, self.w, rows * row_h), columns, px))
        self.y += rows * row_h

    def status_box(self, box: StatusBox, sizes: _Sizes) -> None:
        th = self.theme
        pad = sizes.box_pad
        top = self.y
        self.y += pad
        inner_x, inner_w = self.x + pad, self.w - 2 * pad
        spin = th.size_of("body") if box.spinning else 0
        for i, line in enumerate(box.lines):
            reserve = spin + th.px(8) if i == 0 and spin else 0
            before = len(self.items)
            self.text(line.text, line.role, line.tone, indent=pad, width=inner_w - reserve)
            if i == 0 and spin:
                first = self.items[before].rect
                self.items.append(SpinnerItem(pygame.Rect(first.right + th.px(8), first.y, first.h, first.h)))
            self.y += th.px(3)
        if box.buttons:
            self.y += th.px(4)
            for row in _box_rows(box.buttons):
                self.button_row(row, len(row), sizes.button, sizes.gap, inner_x, inner_w)
                self.y += sizes.gap
            self.y -= sizes.gap
        self.y += pad
        self.boxes.append(BoxItem(pygame.Rect(self.x, top, self.w, self.y - top), box.kind))


def _box_rows(buttons: tuple[ButtonModel, ...]) -> list[tuple[ButtonModel, ...]]:
    """Up to three buttons to a row (the solve controls: pause, step, stop / slower, faster)."""
    if len(buttons) <= 3:
        return [buttons]
    first = (len(buttons) + 1) // 2
    return [buttons[:first], buttons[first:]]


def wrapped(theme: T.Theme, text: str, px: int, width: int) -> tuple[int, list[str]]:
    """The text wrapped to ``width`` at word boundaries, in the largest size up to ``px`` whose
    every line fits."""
    while True:
        lines = theme.wrap(text, px, width) or [""]
        if px <= MIN_PX or all(theme.measure(line, px) <= width for line in lines):
            return px, lines
        px -= 1


def placed_button(theme: T.Theme, model: ButtonModel, rect: pygame.Rect) -> ButtonItem:
    """A button at ``rect`` with the largest label size that fits, and its key cap if there is room."""
    px = theme.size_of(button_role(theme, rect.h))
    pad = button_padding(rect.h)
    room = rect.w - (2 * pad if not model.centred else pad)
    while px > MIN_PX:
        w, h = theme.extent(model.label, px)
        if w <= room and h <= rect.h:
            break
        px -= 1
    label_w = theme.measure(model.label, px)
    show_key = not model.centred and key_cap_fits(theme, rect, label_w, model.key)
    return ButtonItem(rect, model, px, show_key)
