"""Where everything in a side panel goes, for one model in one panel rectangle.

The play panel fills a fixed frame (:mod:`game.ui.play.panel_frame`): every control keeps its
rectangle whatever the game's state. The editor's panel flows its items down a :class:`Column`,
roomy first, then denser; if even the densest does not fit, the panel scrolls. Text is wrapped at
word boundaries, and a word or label that is still too wide gets a smaller font, never an ellipsis.
Items never overlap: the layout tests check this at every window size.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

import pygame

from game.common.i18n import N_, _
from game.midend.panel import BoxKind, ButtonModel, Colour, PanelModel, Role, StatusBox
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.play.panel_frame import (DETAIL_LINES, PanelFrame, frame_for, legend_columns, line_height,
                                      panel_padding, verdict_word)
from game.ui.widgets import button_padding, button_role, key_cap_fits

__all__ = ["DENSITIES", "BarItem", "BoxItem", "ButtonItem", "Column", "Density", "FigureItem", "Item", "LegendItem",
           "PanelLayout", "RuleItem", "SpinnerItem", "TextItem", "box_buttons", "lay_out", "placed_button", "verdict_word",
           "wrapped"]

MIN_PX = 9        # the smallest font a label may shrink to
# Translators: the play panel's help line where there is no room for the whole line: F1 opens the help card
SHORT_HELP = N_("F1: every key")


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
    """The play panel: its fixed frame (:mod:`game.ui.play.panel_frame`) filled with what the model says."""
    help_text, help_lines, frame = _help_and_frame(model, panel, theme)
    col = Column(theme, frame.heading.x, frame.heading.y, frame.help.w)
    col.fitted(model.shelf_title, Role.TINY, model.shelf_colour, frame.heading, 1, middle=True)
    col.items.append(placed_button(theme, model.menu, frame.menu))
    for rect, figure in zip(frame.figures, model.figures):
        col.figure_at(rect, figure.label, figure.value, figure.tone, frame.figure_role)
    col.items += [RuleItem(rule) for rule in frame.rules]
    if frame.count is not None and model.count is not None:
        col.items.append(placed_button(theme, model.count, frame.count))
    if frame.tally is not None and model.tally is not None:
        line_h = line_height(theme, "tiny")
        lines = model.tally if frame.tally.h >= len(model.tally) * line_h else (" · ".join(model.tally),)
        for i, text in enumerate(lines):
            row = pygame.Rect(frame.tally.x, frame.tally.y + i * line_h, frame.tally.w, line_h)
            col.fitted(text, Role.TINY, Tone.TEXT if i == 0 else Tone.MUTED, row, 1)
    _fill_box(col, frame, model.status)
    col.items += [placed_button(theme, b, rect) for b, rect in zip(model.buttons, frame.grid)]
    col.items += [placed_button(theme, b, rect) for b, rect in zip(model.deal.buttons, frame.deal)]
    tools = [placed_button(theme, b, rect) for b, rect in zip(model.tools, frame.tools)]
    smallest = min((t.px for t in tools), default=0)   # the compact row's labels in one size
    col.items += [placed_button(theme, t.model, t.rect, smallest) for t in tools]
    if frame.legend is not None and model.marks:
        columns, _row_h = legend_columns(theme, frame.legend.w)
        col.items.append(LegendItem(frame.legend, columns, theme.size_of("tiny")))
    if help_lines:
        col.fitted(help_text, Role.TINY, Tone.DIM, frame.help, help_lines)
    return PanelLayout(panel.copy(), frame.viewport, frame.bottom, tuple(col.items), tuple(col.boxes), frame.density)


def _help_and_frame(model: PanelModel, panel: pygame.Rect, theme: T.Theme) -> tuple[str, int, PanelFrame]:
    """The help line and the frame around it: the whole line where the panel has room for it, else only the way
    to every key (F1), which the help card lists, else none (the Help button's key cap says F1) rather than a
    panel that scrolls."""
    width = panel.w - 2 * panel_padding(theme)
    lines = len(theme.wrap(model.help, "tiny", width) or [""])
    frame = frame_for(model, panel, theme, lines)
    if frame.fits:
        return model.help, lines, frame
    short = _(SHORT_HELP)
    short_lines = len(theme.wrap(short, "tiny", width) or [""])
    tighter = frame_for(model, panel, theme, short_lines)
    if tighter.fits:
        return short, short_lines, tighter
    none = frame_for(model, panel, theme, 0)   # the Help button's key cap still says F1
    return ("", 0, none) if none.fits else (model.help, lines, frame)


def _fill_box(col: Column, frame: PanelFrame, box: StatusBox) -> None:
    """The message area: its card, the bar, the title (and a spinner after it), the detail, the buttons."""
    th = col.theme
    col.boxes.append(BoxItem(frame.box, box.kind))
    if box.bar is not None:
        col.items.append(BarItem(frame.bar, box.bar, box.bar_tone))
    title, detail = box.lines[0], (box.lines[1] if len(box.lines) > 1 else None)
    spin = frame.title.h if box.spinning else 0
    room = frame.title.inflate(-(spin + th.px(8)) if spin else 0, 0).move(-(spin + th.px(8)) // 2 if spin else 0, 0)
    before = len(col.items)
    col.fitted(title.text, title.role, title.tone, room, 1, middle=True)
    if spin:
        end = max((i.rect.right for i in col.items[before:]), default=frame.title.x)
        col.items.append(SpinnerItem(pygame.Rect(min(end + th.px(8), frame.title.right - spin), frame.title.y,
                                                 spin, spin)))
    if detail is not None:
        col.fitted(detail.text, detail.role, detail.tone, frame.detail, DETAIL_LINES)
    col.items += box_buttons(th, box.buttons, frame.box_row)


def box_buttons(theme: T.Theme, buttons: tuple[ButtonModel, ...], row: pygame.Rect) -> list[ButtonItem]:
    """The message area's buttons in its one row, laid out from its right end: one-glyph ones square
    at the end, the others in halves of the rest (a lone one in the right half), so a button that
    two states share, such as Cancel, stays where it was."""
    if not buttons:
        return []
    gap = theme.px(8, 4)
    squares = [b for b in buttons if b.centred]
    words = [b for b in buttons if not b.centred]
    room = row.w - len(squares) * (row.h + gap)
    cell = (room - gap) // 2 if len(words) <= 2 else (room - gap * (len(words) - 1)) // len(words)
    if len(words) == 1 and theme.measure(words[0].label, MIN_PX) > cell - 2 * button_padding(row.h):
        cell = room   # a window too small for half a row (below 640x480): the whole row
    out, right = [], row.right
    for b in reversed(squares):
        out.append(placed_button(theme, b, pygame.Rect(right - row.h, row.y, row.h, row.h)))
        right -= row.h + gap
    for b in reversed(words):
        out.append(placed_button(theme, b, pygame.Rect(right - cell, row.y, cell, row.h)))
        right -= cell + gap
    return out[::-1]


class _Sizes:
    """The lengths one density uses, in pixels for this theme (the editor's panel)."""

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
        height = max(self.theme.size_of(role), self.theme.font(self.theme.size_of(role)).get_linesize())
        self.figure_at(pygame.Rect(self.x, self.y, self.w, height), label, value, tone, role)
        self.y += height

    def figure_at(self, rect: pygame.Rect, label: str, value: str, tone: Tone, role: str) -> None:
        """A figure in ``rect``: the label on the left, the value on the right, smaller until both fit."""
        th = self.theme
        label_px, value_px = th.size_of("small"), th.size_of(role)
        gap = th.px(12)
        while value_px > MIN_PX and (th.measure(label, label_px) + gap + th.measure(value, value_px) > rect.w
                                     or th.extent(value, value_px)[1] > rect.h):
            value_px -= 1
            label_px = min(label_px, value_px)
        self.items.append(FigureItem(rect.copy(), label, label_px, value, value_px, tone))

    def fitted(self, text: str, role: Role, colour: Tone | Colour, rect: pygame.Rect, lines: int,
               middle: bool = False) -> None:
        """Text in ``rect``, in at most ``lines`` lines, its font smaller until it fits (a text still too long
        at the smallest size is cut, and the theme notes the cut for the layout tests)."""
        if not text.strip():
            return
        th = self.theme
        px = th.size_of(role.value)
        while True:
            got = th.wrap(text, px, rect.w) or [""]
            line_h = max(px, th.font(px).get_linesize())
            if (len(got) <= lines and len(got) * line_h <= rect.h and all(th.measure(g, px) <= rect.w for g in got)) \
                    or px <= MIN_PX:
                break
            px -= 1
        if len(got) > lines or any(th.measure(g, px) > rect.w for g in got):
            th.cuts.append(text)
            got = got[:lines]
        y = rect.y + ((rect.h - len(got) * line_h) // 2 if middle else 0)
        for line in got:
            lw, lh = th.extent(line, px)
            self.items.append(TextItem(pygame.Rect(rect.x, y, min(lw, rect.w), max(lh, line_h)), line, px, colour))
            y += line_h

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


def wrapped(theme: T.Theme, text: str, px: int, width: int) -> tuple[int, list[str]]:
    """The text wrapped to ``width`` at word boundaries, in the largest size up to ``px`` whose
    every line fits."""
    while True:
        lines = theme.wrap(text, px, width) or [""]
        if px <= MIN_PX or all(theme.measure(line, px) <= width for line in lines):
            return px, lines
        px -= 1


def placed_button(theme: T.Theme, model: ButtonModel, rect: pygame.Rect, largest: int | None = None) -> ButtonItem:
    """A button at ``rect`` with the largest label size that fits beside its key cap (the label may shrink
    to three quarters of its size for it), else the largest that fits alone, the key cap left out;
    ``largest``: no larger than this (a row of buttons in one size)."""
    full = theme.size_of(button_role(theme, rect.h))
    if largest is not None:
        full = min(full, largest)
    pad = button_padding(rect.h)
    room = rect.w - (2 * pad if not model.centred else pad)

    def fits(px: int, with_key: bool) -> bool:
        w, h = theme.extent(model.label, px)
        return w <= room and h <= rect.h and (not with_key or key_cap_fits(theme, rect, w, model.key))

    with_key = bool(model.key) and not model.centred
    px = full
    while with_key and px > max(MIN_PX, full * 3 // 4) and not fits(px, True):
        px -= 1
    if not (with_key and fits(px, True)):
        px = full
        while px > MIN_PX and not fits(px, False):
            px -= 1
    show_key = with_key and key_cap_fits(theme, rect, theme.measure(model.label, px), model.key)
    return ButtonItem(rect, model, px, show_key)
