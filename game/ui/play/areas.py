"""How the play screen shares the window: the panel on the right, the title, the board and the
message line on the left."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.common.i18n import _
from game.catalog.spec import PuzzleSpec
from game.common.phrase import translated
from game.ui import theme as T


@dataclass(frozen=True)
class Areas:
    panel: pygame.Rect
    header: pygame.Rect
    board: pygame.Rect
    footer: pygame.Rect


def header_lines(theme: T.Theme, spec: PuzzleSpec, width: int) -> list[str]:
    """The line or two under the title: the goal in one sentence and what one move is."""
    puzzle = spec.puzzle
    goal = spec.goal_sentence()
    rule = puzzle.shown_rule() if puzzle.move_rule.strip() else ""
    # Translators: the goal sentence, then the move rule sentence, under the puzzle's title
    text = _("{goal} {rule}").format(goal=goal, rule=rule) if goal and rule else goal or rule
    return theme.wrap(text.strip(), "small", width)[:2]


def subtitle_beside(theme: T.Theme, spec: PuzzleSpec, title: str, width: int) -> str:
    """A puzzle file's own subtitle ("横刀立马 (Huarong Dao)"), shown beside the title where it fits."""
    subtitle = translated(spec.presentation.subtitle).strip()
    if not subtitle:
        return ""
    room = width - theme.measure(title, theme.size_of("title")) - theme.px(14)
    return subtitle if theme.measure(subtitle, theme.size_of("small")) <= room else ""


def screen_areas(theme: T.Theme, size: tuple[int, int]) -> Areas:
    """The panel on the right; the title, the board and the message line share the rest."""
    w, h = size
    m = theme.px(22, 10)
    panel_w = min(int(w * 0.4), max(int(w * 0.27), round(theme.px(270) * theme.text_scale)))   # larger text: wider
    panel = pygame.Rect(w - panel_w - m, m, panel_w, h - 2 * m)
    title_h = theme.size_of("title") + theme.size_of("small") * 2 + theme.px(18)
    foot_h = theme.size_of("body") + theme.px(22)
    board = pygame.Rect(m, m + title_h, panel.x - 2 * m, h - 2 * m - title_h - foot_h)
    return Areas(panel, pygame.Rect(m * 2, m, panel.x - 3 * m, title_h), board,
                 pygame.Rect(m, board.bottom, board.w, foot_h))
