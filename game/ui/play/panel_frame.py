"""The play panel's fixed geometry: where each control and text goes, worked out from which controls
there are (the model's ``frame_key``), never from the state of the game.

After Simon Tatham's collection, whose buttons never move: the message area has a reserved height
(a bar, a title line, two lines of detail and one row of buttons), so a hint shown, a search, a solve,
a dead end or a win changes what it says and nothing else. The frame tries a roomy arrangement first,
then denser ones; only below the smallest supported window (640x480) does it run past the panel,
which then scrolls.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.common.i18n import N_, _
from game.midend.panel import ButtonModel, PanelModel
from game.oracles.base import Verdict
from game.ui import theme as T
from game.ui.widgets import button_padding, key_cap_fits

DETAIL_LINES = 2          # lines of detail the message area keeps for any state
TALLY_LINES = 2           # the counts side by side, and the optimum (where the puzzle's notation tells both)
BOX_BUTTONS = 4           # slots in the message area's row of buttons
TOOL_ROLE = "small"       # the compact row's labels
MIN_LABEL_PX = 10         # a tool's label is not squeezed below this to keep the row whole


@dataclass(frozen=True)
class FrameDensity:
    name: str
    figure_role: str      # the figures' values
    row_gap: float        # base pixels around the rules between figures
    section_gap: float    # base pixels between sections
    button: float         # base height of a main button (at least its text and a margin)
    grow: float           # base pixels a main button may grow into spare height


FRAME_DENSITIES = (FrameDensity("roomy", "stat", 6, 12, 38, 16),
                   FrameDensity("compact", "heading", 4, 9, 34, 8),
                   FrameDensity("tight", "body", 2, 5, 28, 4))


@dataclass(frozen=True)
class PanelFrame:
    """Every slot of the panel, in screen coordinates (unscrolled)."""

    density: str
    viewport: pygame.Rect
    heading: pygame.Rect            # the shelf's title
    menu: pygame.Rect
    figures: tuple[pygame.Rect, ...]
    figure_role: str
    rules: tuple[pygame.Rect, ...]
    count: pygame.Rect | None
    box: pygame.Rect                # the message area's card
    bar: pygame.Rect
    title: pygame.Rect
    detail: pygame.Rect             # DETAIL_LINES lines of tiny text
    box_row: pygame.Rect            # the message area's buttons
    grid: tuple[pygame.Rect, ...]   # the main buttons, in order, two to a row
    deal: tuple[pygame.Rect, pygame.Rect, pygame.Rect]
    tools: tuple[pygame.Rect, ...]
    legend: pygame.Rect | None
    help: pygame.Rect
    bottom: int                     # where the content ends
    tally: pygame.Rect | None = None   # under the count: TALLY_LINES lines of the game's counts and the optimum

    @property
    def fits(self) -> bool:
        return self.bottom <= self.viewport.bottom


def panel_padding(theme: T.Theme) -> int:
    return theme.px(18, 8)


def frame_for(model: PanelModel, panel: pygame.Rect, theme: T.Theme, help_lines: int) -> PanelFrame:
    """The first density whose frame fits the panel (the last one otherwise: it scrolls)."""
    frame = None
    for density in FRAME_DENSITIES:
        frame = _frame(model, panel, theme, density, help_lines)
        if frame.fits:
            return frame
    if model.tally is not None:   # the counts in one line rather than a panel that scrolls
        one_line = _frame(model, panel, theme, FRAME_DENSITIES[-1], help_lines, tally_lines=1)
        if one_line.fits:
            return one_line
    assert frame is not None
    return frame


def line_height(theme: T.Theme, role: str) -> int:
    px = theme.size_of(role)
    return max(px, theme.font(px).get_linesize())


def button_height(theme: T.Theme, density: FrameDensity, role: str = "body") -> int:
    return max(theme.px(density.button), theme.size_of(role) + theme.px(density.button * 0.3, 6))


def legend_height(theme: T.Theme, width: int) -> int:
    """The move marks' legend: its badges and words in one row if they fit, else two."""
    columns, row_h = legend_columns(theme, width)
    return (len(Verdict) // columns) * row_h


# Translators: the legend of the move marks: a move gets closer to the goal, farther, the same, or a dead end
VERDICT_WORDS = {Verdict.CLOSER: N_("closer"), Verdict.FARTHER: N_("farther"), Verdict.SAME: N_("same"),
                 Verdict.DEAD_END: N_("dead end")}


def verdict_word(verdict: Verdict) -> str:
    """A move mark's word in the legend, in the player's language."""
    return _(VERDICT_WORDS[verdict])


def legend_columns(theme: T.Theme, width: int) -> tuple[int, int]:
    """The legend's columns (four in a row if they fit, else two) and the height of a row."""
    px = theme.size_of("tiny")
    badge = 2 * max(6, px // 2) + 2 + theme.px(6)
    widest = max(theme.measure(verdict_word(verdict), px) for verdict in Verdict)
    columns = 4 if 4 * (badge + widest) <= width else 2
    return columns, max(px, badge) + theme.px(4)


def _frame(model: PanelModel, panel: pygame.Rect, theme: T.Theme, density: FrameDensity,
           help_lines: int, tally_lines: int = TALLY_LINES) -> PanelFrame:
    pad = panel_padding(theme)
    viewport = panel.inflate(0, -2 * pad)
    x, w = panel.x + pad, panel.w - 2 * pad
    gap, section = theme.px(8, 4), theme.px(density.section_gap, 4)
    row_gap = theme.px(density.row_gap)
    small_h = button_height(theme, density, "small")
    y = viewport.y
    # the shelf's title, and the way back to the menu beside it
    menu_w = max(w * 2 // 5, small_h * 2)
    head_h = max(line_height(theme, "tiny"), small_h)
    menu = pygame.Rect(x + w - menu_w, y, menu_w, head_h)
    heading = pygame.Rect(x, y, w - menu_w - gap, head_h)
    y += head_h + section
    figures, rules = [], []
    figure_h = line_height(theme, density.figure_role)
    for i in range(3):
        if i:
            y += row_gap
            rules.append(pygame.Rect(x, y, w, 1))
            y += 1 + row_gap
        figures.append(pygame.Rect(x, y, w, figure_h))
        y += figure_h
    y += section
    count = None
    if model.count is not None:
        count = pygame.Rect(x, y, w, small_h)
        y += small_h + section
    tally = None
    if model.tally is not None:
        tally = pygame.Rect(x, y - section + gap, w, tally_lines * line_height(theme, "tiny"))
        y = tally.bottom + section
    box, bar, title, detail, box_row = _box(theme, x, y, w, small_h)
    y = box.bottom + section
    grid_rows = (len(model.buttons) + 1) // 2
    main_h = button_height(theme, density)
    foot = _foot_height(theme, model, w, small_h, gap, section, help_lines)
    spare = viewport.bottom - foot - y - section - (grid_rows + 1) * main_h - grid_rows * gap
    main_h += max(0, min(theme.px(density.grow), spare // (grid_rows + 1)))   # the deal row grows too
    cell = (w - gap) // 2
    grid = tuple(pygame.Rect(x + (i % 2) * (cell + gap), y + (i // 2) * (main_h + gap), cell, main_h)
                 for i in range(len(model.buttons)))
    y += grid_rows * (main_h + gap)
    square = max(main_h, theme.px(40))
    deal = (pygame.Rect(x, y, square, main_h), pygame.Rect(x + square + gap, y, w - 2 * (square + gap), main_h),
            pygame.Rect(x + w - square, y, square, main_h))
    y += main_h + section
    y = max(y, viewport.bottom - foot)
    tools, y = _tools(theme, model, x, y, w, small_h, gap)
    y += section
    legend = None
    if model.legend:
        legend = pygame.Rect(x, y, w, legend_height(theme, w))
        y = legend.bottom + section
    help_rect = pygame.Rect(x, y, w, help_lines * line_height(theme, "tiny"))
    return PanelFrame(density.name, viewport, heading, menu, tuple(figures), density.figure_role, tuple(rules), count,
                      box, bar, title, detail, box_row, grid, deal, tools, legend, help_rect, help_rect.bottom, tally)


def tools_per_row(theme: T.Theme, model: PanelModel, w: int, height: int, gap: int) -> int:
    """All the tools in one row where each label fits its share beside its key cap (at a readable size),
    else two a row: a tool keeps its key cap, which teaches its key."""
    n = len(model.tools)
    cell = (w - (n - 1) * gap) // max(1, n)
    px = max(MIN_LABEL_PX, theme.size_of(TOOL_ROLE) * 3 // 4)
    rect = pygame.Rect(0, 0, cell, height)

    def fits(tool: ButtonModel) -> bool:
        label = theme.measure(tool.label, px)
        return label <= cell - 2 * button_padding(height) and (not tool.key or key_cap_fits(theme, rect, label,
                                                                                             tool.key))
    return n if all(fits(b) for b in model.tools) else 2


def _tools(theme: T.Theme, model: PanelModel, x: int, y: int, w: int, height: int,
           gap: int) -> tuple[tuple[pygame.Rect, ...], int]:
    per_row = tools_per_row(theme, model, w, height, gap)
    cell = (w - (per_row - 1) * gap) // per_row
    rects = tuple(pygame.Rect(x + (i % per_row) * (cell + gap), y + (i // per_row) * (height + gap), cell, height)
                  for i in range(len(model.tools)))
    rows = (len(model.tools) + per_row - 1) // per_row
    return rects, y + rows * height + (rows - 1) * gap


def _box(theme: T.Theme, x: int, y: int, w: int, row_h: int) -> tuple[pygame.Rect, ...]:
    """The message area: a bar, a title line, DETAIL_LINES of detail and a row of buttons, in a card."""
    pad = theme.px(10, 5)
    inner_x, inner_w = x + pad, w - 2 * pad
    top = y
    y += pad
    bar = pygame.Rect(inner_x, y, inner_w, theme.px(6, 4))
    y += bar.h + theme.px(4, 2)
    title = pygame.Rect(inner_x, y, inner_w, line_height(theme, "body"))
    y += title.h + theme.px(3)
    detail = pygame.Rect(inner_x, y, inner_w, DETAIL_LINES * line_height(theme, "tiny"))
    y += detail.h + theme.px(6, 3)
    row = pygame.Rect(inner_x, y, inner_w, row_h)
    y += row_h + pad
    return pygame.Rect(x, top, w, y - top), bar, title, detail, row


def _foot_height(theme: T.Theme, model: PanelModel, w: int, small_h: int, gap: int, section: int,
                 help_lines: int) -> int:
    """The compact row, the legend and the help line, kept together at the panel's foot."""
    legend = legend_height(theme, w) + section if model.legend else 0
    rows = -(-len(model.tools) // tools_per_row(theme, model, w, small_h, gap))
    return rows * small_h + (rows - 1) * gap + section + legend + help_lines * line_height(theme, "tiny")
