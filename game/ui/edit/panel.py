"""Where the editor panel's items go: the play panel's column, sizes and densities (roomy first,
then denser; the densest scrolls if even it does not fit), so both screens look alike. The
play screen's panel view draws the result, scrolls it and hit-tests its buttons."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game.midend.edit_panel import EditorPanel
from game.common.i18n import _
from game.midend.panel import ButtonModel, Role
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.play.panel_layout import DENSITIES, Column, Density, PanelLayout, _Sizes, placed_button
from game.ui.widgets import button_padding


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
    col.status_box(model.box, sizes)
    col.space(sizes.section)
    if model.counts is not None:
        text, tone = model.counts
        col.text(text, Role.TINY, tone)
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


def _fit(theme: T.Theme, buttons: tuple[ButtonModel, ...], width: int, height: int) -> bool:
    """Whether every label fits a button this wide, in full."""
    room = width - 2 * button_padding(height)
    return all(theme.measure(b.label, placed_button(theme, b, pygame.Rect(0, 0, width, height)).px) <= room
               for b in buttons)
