"""Where the menu's shelves, cards and foot go: a grid as wide as the window, in the shelves' fixed order.

Shelves follow each other along rows: a shelf starts on the row in progress when all its cards (and
its heading) fit in the columns left, else on a new row; a shelf longer than a row wraps. The number
of columns is chosen for the window: the roomiest cards with which everything fits on one screen,
else the arrangement that needs the least scrolling (a wider card for a tie). Every card is as tall
as the longest title and description at that width need: nothing is cut.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.common.i18n import _, ngettext
from game.midend.sayings import Tone
from game.ui.scenes.menu_card import PAD, THUMB_INSET, Card, caption_height, chip_height
from game.ui.theme import Theme

__all__ = ["Grid", "NoteLine", "Shelved", "best_grid", "lay_out_notes", "notes"]

MAX_PROBLEMS = 12         # sentences shown about files that could not be read; the rest are counted
THUMB_RATIO = 0.56        # a card's picture: this much as tall as it is wide
NARROWEST, WIDEST = 130, 300   # a card's width, in layout units at 100 % text


@dataclass(frozen=True)
class Shelved:
    """A shelf as the grid sees it: its heading's words and its cards."""

    heading: str
    cards: list[Card]


@dataclass(frozen=True)
class Grid:
    """The shelves placed: each shelf's heading, every card (in the menu's order), where the last row ends."""

    cols: int
    card_w: int
    card_h: int
    thumb: tuple[int, int]
    lines: tuple[int, int]          # the title's and the description's lines every card has room for
    headings: list[pygame.Rect]
    cards: list[pygame.Rect]
    bottom: int


@dataclass(frozen=True)
class NoteLine:
    """A line of the notes under the shelves, laid out: where it goes and how it looks."""

    text: str
    role: str
    tone: Tone
    y: int
    indent: int = 0


def best_grid(th: Theme, shelves: list[Shelved], left: int, width: int, top: int, room: int, foot_h: int) -> Grid:
    """The grid for ``width`` pixels from ``left``, its first heading at ``top``: the roomiest in which the
    shelves and the foot (``foot_h`` tall) end within ``room``, else the one whose shelves end highest."""
    gap = th.px(16, 8)
    grow = th.text_scale   # larger text, wider cards (and fewer to a row)
    narrowest = max(th.px(NARROWEST * grow), 112)
    widest = max(th.px(WIDEST * grow), narrowest)
    most = max(1, (width + gap) // (narrowest + gap))
    fewest = min(most, max(1, -(-(width + gap) // (widest + gap))))
    grids = [grid(th, shelves, left, width, top, cols) for cols in range(fewest, most + 1)]
    for fits in (lambda g: g.bottom + foot_h <= room, lambda g: g.bottom <= room):
        fitting = [g for g in grids if fits(g)]
        if fitting:
            return fitting[0]
    return min(grids, key=lambda g: (g.bottom, g.cols))


def grid(th: Theme, shelves: list[Shelved], left: int, width: int, top: int, cols: int) -> Grid:
    """The shelves in ``cols`` columns across ``width``."""
    gap = th.px(16, 8)
    card_w = (width - gap * (cols - 1)) // cols
    lines = text_lines(th, [card for shelf in shelves for card in shelf.cards], card_w)
    thumb = (card_w - 2 * th.px(THUMB_INSET), int(card_w * THUMB_RATIO))
    card_h = card_height(th, shelves, card_w, thumb[1], lines)
    head_h = th.size_of("heading") + th.px(12)
    headings: list[pygame.Rect] = []
    cards: list[pygame.Rect] = []
    col, row_y = 0, top
    pitch = card_w + gap
    for shelf in shelves:
        n = len(shelf.cards)
        span = max(min(n, cols), min(cols, -(-(heading_width(th, shelf.heading) + gap) // pitch)))
        if col and col + span > cols:
            col, row_y = 0, row_y + head_h + card_h + gap
        headings.append(pygame.Rect(left + col * pitch, row_y, span * pitch - gap, head_h))
        for i in range(n):
            row, c = divmod(col + i, cols)
            cards.append(pygame.Rect(left + c * pitch, row_y + head_h + row * (card_h + gap), card_w, card_h))
        rows = (col + n - 1) // cols + 1
        if rows > 1:   # a shelf that wrapped: the next starts on a row of its own
            row_y += (rows - 1) * (card_h + gap)
            col = cols
        else:
            col += span
    return Grid(cols, card_w, card_h, thumb, lines, headings, cards, row_y + head_h + card_h)


def heading_width(th: Theme, heading: str) -> int:
    """How wide a shelf's heading is drawn, with the colour bar before it."""
    return th.px(14) + th.measure(heading, th.size_of("heading"))


def text_lines(th: Theme, cards: list[Card], card_w: int) -> tuple[int, int]:
    """The most title lines and description lines any card's variant needs at ``card_w``."""
    texts = [text for card in cards for text in card.texts(th, card_w)]
    return (max((len(t.title) for t in texts), default=1), max((len(t.blurb) for t in texts), default=0))


def card_height(th: Theme, shelves: list[Shelved], card_w: int, thumb_h: int, lines: tuple[int, int]) -> int:
    """A card's height: the picture, the title and description, and the chooser where any card has one
    (with a caption line where any card's needs one)."""
    rows = max((c.chooser_rows(th, card_w) for s in shelves for c in s.cards), default=0)
    chooser = chip_height(th) + th.px(8) + (caption_height(th) if rows > 1 else 0) if rows else 0
    words = lines[0] * th.size_of("body") + th.px(3) + lines[1] * th.size_of("small")
    return th.px(12) + thumb_h + words + th.px(PAD) + chooser


def notes(folder: str, problems: tuple[str, ...], kept: tuple[str, ...] = (),
          heading: bool = True) -> list[tuple[str, str, Tone]]:
    """What the foot says: the player's folder (under a heading of its own where no shelf of the player's
    puzzles stands above it), then a sentence per file that could not be read (and about their records,
    if they could not be read)."""
    out = [(sentence, "small", Tone.NOPE) for sentence in kept]
    if heading:
        out.append((_("Your puzzles"), "heading", Tone.TEXT))
    out.append((_("Put puzzle files (TOML, jim'slide or SLIDING) in {folder} and they join the shelves when the "
                  "game starts.").format(folder=folder), "small", Tone.MUTED))
    if problems:
        many = len(problems)
        out.append((ngettext("{n:,} file could not be read:", "{n:,} files could not be read:", many).format(n=many),
                    "small", Tone.NOPE))
        out += [(sentence, "tiny", Tone.MUTED) for sentence in problems[:MAX_PROBLEMS]]
        if many > MAX_PROBLEMS:
            rest = many - MAX_PROBLEMS
            # Translators: after the list of puzzle files that could not be read, the ones not listed
            out.append((ngettext("... and {n:,} more.", "... and {n:,} more.", rest).format(n=rest), "tiny",
                        Tone.MUTED))
    return out


def lay_out_notes(th: Theme, said: list[tuple[str, str, Tone]], y: int, width: int) -> list[NoteLine]:
    """The notes' lines, wrapped to ``width``, from ``y`` down."""
    lines: list[NoteLine] = []
    for text, role, tone in said:
        if role == "heading" and lines:
            y += th.px(8)
        indent = th.px(14) if role == "tiny" else 0     # the sentences about files, under their line
        for line in th.wrap(text, role, width - indent):
            lines.append(NoteLine(line, role, tone, y, indent))
            y += th.size_of(role) + th.px(2)
        y += th.px(4) if role == "heading" else 0
    return lines
