"""Where the editor panel's items go: the play panel's column, sizes and densities (roomy first,
then denser; the densest scrolls if even it does not fit), so both screens look alike. The
play screen's panel view draws the result, scrolls it and hit-tests its buttons.

As on the play screen, the message area has a height of its own whatever it says (a line above, two
lines of the reading, a longer one set smaller, two of detail and a row for its button), and the
counts their lines: an edit changes words, never where the brush and the buttons are."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game.midend.edit_panel import EditorPanel
from game.common.i18n import _
from game.midend.panel import ButtonModel, Role
from game.midend.sayings import Tone
from game.ui import theme as T
from game.midend.panel_types import StatusBox
from game.ui.play.panel_frame import DETAIL_LINES, line_height
from game.ui.play.panel_layout import (DENSITIES, BoxItem, Column, Density, PanelLayout, SpinnerItem, _Sizes,
                                       box_buttons, placed_button)
from game.ui.widgets import button_padding

READING_LINES = 2      # lines the reading keeps, whatever it says (a longer one is set smaller)
COUNT_LINES = 2        # lines the pieces' counts keep


def lay_out_editor(model: EditorPanel, panel: pygame.Rect, theme: T.Theme) -> PanelLayout:
    """The first density whose items fit the panel; else the densest, scrolling."""
    pad = theme.px(18, 8)
    viewport = panel.inflate(0, -2 * pad)
    got = None
    for density in DENSITIES:
        got = _arrange(model, panel, viewport, theme, density)
        if got.content_bottom <= viewport.bottom:
            return got
    assert got is not None
    return got


def _arrange(model: EditorPanel, panel: pygame.Rect, viewport: pygame.Rect, theme: T.Theme,
             density: Density) -> PanelLayout:
    pad = theme.px(18, 8)
    sizes = _Sizes(theme, density)
    col = Column(theme, panel.x + pad, viewport.y, panel.w - 2 * pad)
    col.text(model.heading, Role.TINY, model.heading_colour)
    col.space(theme.px(10, 4))
    figure = model.figure
    col.figure(figure.label, figure.value, figure.tone, density.figure_role)
    col.space(sizes.row_gap)
    col.rule()
    col.space(sizes.section)
    _reading(col, model.box, sizes)
    col.space(sizes.section)
    if model.counts is not None:
        text, tone = model.counts
        rect = pygame.Rect(col.x, col.y, col.w, COUNT_LINES * line_height(theme, "tiny"))
        col.fitted(text, Role.TINY, tone, rect, COUNT_LINES)
        col.y = rect.bottom
        col.space(sizes.section)
    if model.palette:
        col.text(_("Brush: a click, Space or Enter puts it in a cell (Tab or its key changes it)"), Role.TINY, Tone.MUTED)
        col.space(theme.px(6, 3))
        many = len(model.palette)
        if _fit(theme, model.palette, (col.w - (many - 1) * sizes.gap) // many, sizes.button):
            col.button_row(model.palette, many, sizes.button, sizes.gap)
        else:
            col.grid(model.palette, 1, sizes.button, sizes)
        col.space(sizes.section)
    buttons = model.buttons
    if _fit(theme, buttons, (col.w - sizes.gap) // 2, sizes.button):
        paired = buttons[:len(buttons) // 2 * 2]
        col.grid(paired, 2, sizes.button, sizes)
        if len(buttons) % 2:
            col.space(sizes.gap)
            col.button_row(buttons[-1:], 1, sizes.button, sizes.gap)
    else:   # a narrow panel: one a row, so no label is cut
        col.grid(buttons, 1, sizes.button, sizes)
    col.space(sizes.section)
    foot = Column(theme, col.x, 0, col.w)   # the note and the help, at the panel's foot when there is room
    if model.note:
        foot.text(model.note, Role.TINY, Tone.DIM)
        foot.space(sizes.gap)
    foot.text(model.help, Role.TINY, Tone.DIM)
    top = max(col.y, viewport.bottom - foot.y)
    items = col.items + [replace(item, rect=item.rect.move(0, top)) for item in foot.items]
    return PanelLayout(panel.copy(), viewport, top + foot.y, tuple(items), tuple(col.boxes), density.name)


def _reading(col: Column, box: StatusBox, sizes: _Sizes) -> None:
    """The message area in its reserved slots: the line above the reading (a position that is not one of
    the puzzle says so there; a search turns its spinner there), the reading, its detail, its button."""
    th = col.theme
    pad = sizes.box_pad
    inner = pygame.Rect(col.x + pad, col.y + pad, col.w - 2 * pad, 0)
    kicker = pygame.Rect(inner.x, inner.y, inner.w, line_height(th, "tiny"))
    reading = pygame.Rect(inner.x, kicker.bottom + th.px(3), inner.w, READING_LINES * line_height(th, "small"))
    detail = pygame.Rect(inner.x, reading.bottom + th.px(3), inner.w, DETAIL_LINES * line_height(th, "tiny"))
    row = pygame.Rect(inner.x, detail.bottom + th.px(6, 3), inner.w, sizes.button)
    main = next((i for i, line in enumerate(box.lines) if line.role is Role.SMALL), 0)
    for line in box.lines[:main]:
        col.fitted(line.text, line.role, line.tone, kicker, 1)
    if box.spinning:
        col.items.append(SpinnerItem(pygame.Rect(kicker.x, kicker.y, kicker.h, kicker.h)))
    if box.lines:
        first = box.lines[main]
        col.fitted(first.text, first.role, first.tone, reading, READING_LINES)
    for line in box.lines[main + 1:main + 2]:
        col.fitted(line.text, line.role, line.tone, detail, DETAIL_LINES)
    col.items += box_buttons(th, box.buttons, row)
    top, col.y = col.y, row.bottom + pad
    col.boxes.append(BoxItem(pygame.Rect(col.x, top, col.w, col.y - top), box.kind))


def _fit(theme: T.Theme, buttons: tuple[ButtonModel, ...], width: int, height: int) -> bool:
    """Whether every label fits a button this wide, in full."""
    room = width - 2 * button_padding(height)
    return all(theme.measure(b.label, placed_button(theme, b, pygame.Rect(0, 0, width, height)).px) <= room
               for b in buttons)
