"""The screens of one board beside a side panel, a title above it and a message line below: the
game and the position editor share how they are laid out."""
from __future__ import annotations

import pygame

from game.rules.puzzle import Puzzle
from game.catalog.spec import PuzzleSpec
from game.ui.play.areas import header_lines, screen_areas, subtitle_beside
from game.ui.play.panel_view import PanelView
from game.ui.context import Context, Scene
from game.ui.views.base import BoardView


class BoardScreen(Scene):
    """A scene with ``puzzle``, ``view`` and ``panel_view`` set before its first layout."""

    spec: PuzzleSpec
    puzzle: Puzzle
    view: BoardView
    panel_view: PanelView
    panel: pygame.Rect
    header: pygame.Rect
    board_area: pygame.Rect
    footer_area: pygame.Rect
    header_lines: list[str]

    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        areas = screen_areas(th, size)
        self.panel, self.header, self.board_area, self.footer_area = areas.panel, areas.header, areas.board, areas.footer
        self.header_lines = header_lines(th, self.spec, self.header.w)
        self.view.layout(self.board_area)
        self.view.theme = th
        self.panel_view.place(self.panel)
        self.invalidate()

    def draw_header(self, surface: pygame.Surface, title: str) -> None:
        """The screen's title over the board (a puzzle file's subtitle beside it, where it fits), and the
        puzzle's goal and rule in lines under it."""
        th = self.theme
        x, y = self.header.topleft
        shown = th.fit(title, "title", self.header.w)
        surface.blit(shown, (x, y))
        subtitle = subtitle_beside(th, self.spec, title, self.header.w)
        if subtitle:
            beside = th.text(subtitle, "small", th.palette.muted)
            surface.blit(beside, (x + shown.get_width() + th.px(14), y + shown.get_height() - beside.get_height()
                                  - th.px(3)))
        y += shown.get_height() + th.px(4)
        for line in self.header_lines:
            surface.blit(th.text(line, "small", th.palette.muted), (x, y))
            y += th.size_of("small")
