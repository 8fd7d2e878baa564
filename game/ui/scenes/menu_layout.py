"""Where the menu's shelves, cards and foot go: a grid as wide as the window, in the shelves' fixed order.

Every shelf is laid out one way: its heading on a line of its own, then its cards left to right, row
after row. The number of columns is chosen for the window: the roomiest cards with which everything
fits on one screen, else cards about as wide as ``CARD_WIDTH`` (the picture, which fills a card's
width, is what players recognise), and never more columns than the longest shelf fills. A card is as tall as its content needs: its picture, its title and
whole description (the longest of its variants, so choosing one moves nothing) and its chooser; the
cards of a row share the tallest one's height, so rows stay straight. Nothing is cut.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.common.i18n import _, ngettext
from game.midend.sayings import Tone
from game.ui.scenes.card_frame import card_frame
from game.ui.scenes.menu_card import PAD, Card
from game.ui.theme import Theme

__all__ = ["Grid", "NoteLine", "Shelved", "best_grid", "lay_out_notes", "notes"]

MAX_PROBLEMS = 12         # sentences shown about files that could not be read; the rest are counted
NARROWEST, WIDEST = 130, 300   # a card's width, in layout units at 100 % text
CARD_WIDTH = 190          # the width cards aim at where the shelves need scrolling anyway


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
    thumb: tuple[int, int]
    lines: tuple[int, int]          # the most title and description lines any card has room for
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
    shelves and the foot (``foot_h`` tall) end within ``room``, else the one whose cards are nearest
    ``CARD_WIDTH`` wide."""
    gap = th.px(16, 8)
    grow = th.text_scale   # larger text, wider cards (and fewer to a row)
    narrowest = max(th.px(NARROWEST * grow), 112)
    widest = max(th.px(WIDEST * grow), narrowest)
    most = max(1, (width + gap) // (narrowest + gap))
    fewest = min(most, max(1, -(-(width + gap) // (widest + gap))))
    longest = max((len(shelf.cards) for shelf in shelves), default=1)   # no column that no shelf fills
    aim = max(fewest, min(most, longest, round((width + gap) / (th.px(CARD_WIDTH * grow) + gap))))
    for cols in range(fewest, aim):
        if least_bottom(th, shelves, width, top, cols) + foot_h > room:
            continue   # too tall even were every card as short as a card can be: not laid out
        roomy = grid(th, shelves, left, width, top, cols)
        if roomy.bottom + foot_h <= room:
            return roomy
    return grid(th, shelves, left, width, top, aim)


def least_bottom(th: Theme, shelves: list[Shelved], width: int, top: int, cols: int) -> int:
    """Where the grid of :func:`grid` ends at the highest: each card as short as a card can be (its picture
    and a line of title), by arithmetic alone, so that a grid that cannot fit is not laid out to find out."""
    gap = th.px(16, 8)
    card_w = (width - gap * (cols - 1)) // cols
    shortest = card_frame(th, card_w).words_top + th.size_of("body") + th.px(3) + th.px(PAD)
    head_h = th.size_of("heading") + th.px(12)
    rows = sum(-(-len(shelf.cards) // cols) for shelf in shelves)
    shelved = sum(1 for shelf in shelves if shelf.cards)
    return top + (head_h + th.px(6)) * shelved + rows * (shortest + gap) - gap - th.px(6)


def grid(th: Theme, shelves: list[Shelved], left: int, width: int, top: int, cols: int) -> Grid:
    """The shelves in ``cols`` columns across ``width``: each shelf from a row of its own."""
    gap = th.px(16, 8)
    card_w = (width - gap * (cols - 1)) // cols
    frame = card_frame(th, card_w)
    head_h = th.size_of("heading") + th.px(12)
    headings: list[pygame.Rect] = []
    cards: list[pygame.Rect] = []
    most = [1, 0]
    y = top
    pitch = card_w + gap
    for shelf in shelves:
        headings.append(pygame.Rect(left, y, width, head_h))
        y += head_h
        for start in range(0, len(shelf.cards), cols):
            row = shelf.cards[start:start + cols]
            needs = [card.lines_needed(th, card_w) for card in row]
            lines = (max(n[0] for n in needs), max(n[1] for n in needs))
            most = [max(most[0], lines[0]), max(most[1], lines[1])]
            height = max(card.height(th, frame, lines) for card in row)
            cards += [pygame.Rect(left + c * pitch, y, card_w, height) for c in range(len(row))]
            y += height + gap
        y += th.px(6)
    bottom = max((r.bottom for r in cards), default=top)
    return Grid(cols, card_w, frame.picture.size, (most[0], most[1]), headings, cards, bottom)


def heading_width(th: Theme, heading: str) -> int:
    """How wide a shelf's heading is drawn, with the colour bar before it."""
    return th.px(14) + th.measure(heading, th.size_of("heading"))


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
