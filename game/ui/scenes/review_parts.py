"""Where the review screen's smaller parts go, and the search's progress drawn: kept apart from the
scene so each stays short. Pure placement from the theme and the cards; nothing here keeps state."""
from __future__ import annotations

import pygame

from game.common.i18n import _, ngettext
from game.rules.puzzle import Board
from game.midend.review_search import ReviewSearch
from game.ui import theme as T
from game.ui.widgets import Button, draw_progress

LONG_BOARD = 2.5   # a board this many times wider than high (frogs in a line) is drawn under the list


def showing_search(search: ReviewSearch) -> bool:
    """Whether the chart's card shows the search: running, stopped by the player, or failed."""
    return search.busy or search.stopped or bool(search.error)


def progress_area(th: T.Theme, chart_card: pygame.Rect) -> pygame.Rect:
    """The top right of the chart's card, beside its heading: the search's progress and its button."""
    pad = th.px(18, 8)
    w = min(th.px(480), chart_card.w // 2)
    return pygame.Rect(chart_card.right - pad - w, chart_card.y + pad, w,
                       th.size_of("heading") + th.px(8) + th.size_of("tiny") + th.px(4))


def draw_search_progress(surface: pygame.Surface, th: T.Theme, search: ReviewSearch, area: pygame.Rect,
                         stop: Button, spin: str) -> None:
    """How many distances are known, a bar, and what the running search says."""
    pal = th.palette
    review = search.review
    fraction, detail = search.progress()
    known, total = review.known, len(review.distances)
    if search.error:
        text, colour = search.error, pal.nope
    elif search.stopped:
        text = ngettext("Stopped: {known:,} of {total:,} distance known", "Stopped: {known:,} of {total:,} distances "
                        "known", total).format(known=known, total=total)
        colour = pal.muted
    elif search.waiting_for_table:
        text, colour = _("Waiting for the table of every position…"), pal.muted
    else:
        # Translators: {spinner} is a turning bar (or an ellipsis) that shows the search is running
        text = _("Finding distances by search: {known:,} of {total:,} {spinner}").format(known=known, total=total,
                                                                                         spinner=spin)
        colour = pal.text
    room = area.w - (stop.rect.w + th.px(10) if not search.error else 0)
    line = th.fit(text, "small", room, colour)
    surface.blit(line, area.topleft)
    bar = pygame.Rect(area.x, area.y + line.get_height() + th.px(4), room, th.px(6, 4))
    draw_progress(surface, pal, bar, fraction, pal.hint)
    if detail and search.busy:
        surface.blit(th.fit(detail, "tiny", room, pal.muted), (area.x, bar.bottom + th.px(3)))


def place_before(th: T.Theme, card: pygame.Rect, board: Board) -> tuple[pygame.Rect | None, bool]:
    """Where the position before the first mistake is drawn in the mistakes card, and whether beside
    the list (True) or under it (a long board); None when the card has no room for it."""
    pad = th.px(16, 8)
    if card.w < th.px(520) or card.h < th.px(150):
        return None, True
    ratio = board.width / max(1, board.height)
    caption = th.size_of("tiny") + th.px(8)
    if ratio >= LONG_BOARD:
        w = card.w - 2 * pad
        h = min(int(w / ratio), card.h // 3)
        w = min(w, int(h * ratio))
        return pygame.Rect(card.centerx - w // 2, card.bottom - pad - h, w, h), False
    w = int(card.w * 0.36)
    h = min(card.h - 2 * pad - caption, int(w / ratio))
    w = min(w, int(h * ratio))
    return pygame.Rect(card.right - pad - w, card.y + pad + caption + (card.h - 2 * pad - caption - h) // 2, w, h), True


def thumb_size(th: T.Theme, board: Board, plot: pygame.Rect) -> tuple[int, int] | None:
    """The tooltip's picture of a position: the board's shape, at most half the plot high and two
    fifths of it wide (None: a window too small for one)."""
    ratio = board.width / max(1, board.height)
    side = max(40, min(plot.h // 2, th.px(140)))
    w = min(int(side * max(1.0, ratio)), plot.w * 2 // 5)
    size = (w, int(min(side, w / ratio)))
    return size if min(size) >= 24 else None
