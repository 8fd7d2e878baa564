"""The menu's fixed parts, above and below the shelves that scroll: the title bar (the game's name, what
it is, the keys, the buttons) and the focus bar (the chosen card's puzzle in full and its goal).

Both are laid out for the window and the text size: a line that does not fit beside another goes
under it, and a sentence wraps. The focus bar is as tall as the longest of its texts needs, so it
never changes height as the choice moves.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.catalog.spec import PuzzleSpec
from game.common.i18n import N_, _, ngettext
from game.common.phrase import translated
from game.files.errors import PuzzleFileError
from game.ui import theme as T
from game.ui.intents import Intent
from game.ui.scenes.base import background
from game.ui.scenes.menu_card import collection_words
from game.ui.theme import Theme
from game.ui.widgets import Button

__all__ = ["FocusBar", "TitleBar", "card_goal"]

def card_goal(spec: PuzzleSpec) -> str:
    """The puzzle's goal in one sentence ("Goal: ..."), in the player's language: the one place the menu
    asks for it, the same sentence as the play screen's)."""
    return spec.goal_sentence()


@dataclass(frozen=True)
class Placed:
    """A line of text and where its top left goes."""

    text: str
    role: str
    colour: T.Colour
    at: tuple[int, int]


class TitleBar:
    """The game's name and subtitle on the left, the Daily, Settings and Records buttons on the right, the keys
    under the buttons where they fit beside the name (else under the subtitle), and a warning when
    puzzle files could not be read."""

    def __init__(self) -> None:
        self.records_button = Button(N_("Records"), Intent.RESTART, key="R")
        self.settings_button = Button(N_("Settings"), Intent.SETTINGS)
        # Translators: the menu's button that opens the daily puzzle (one position a day, the same for everyone)
        self.daily_button = Button(N_("Daily"), Intent.DEAL_AT, key="D")
        self.lines: list[Placed] = []
        self.height = 0

    def lay_out(self, th: Theme, w: int, failed: int) -> int:
        """Place everything for a window ``w`` wide; the bar's height."""
        pal = th.palette
        m = th.px(36, 14)
        bw, bh = max(th.px(128), 110), max(th.px(30), th.size_of("small") + th.px(12))
        self.records_button.rect = pygame.Rect(w - m - bw, th.px(12), bw, bh)
        self.settings_button.rect = self.records_button.rect.move(-bw - th.px(10), 0)
        self.daily_button.rect = self.settings_button.rect.move(-bw - th.px(10), 0)
        # Translators: the game's name, the menu's title
        title = _("Fewest Moves")
        title_w, title_h = th.extent(title, th.size_of("display"))
        self.lines = [Placed(title, "display", pal.text, (m, th.px(16)))]
        y = th.px(16) + title_h
        keys = _("Click a puzzle, or arrows + Enter · [ ] another size · L: shelf easiest first · E: edit · "
                 "A: analysis · F1: help · F11 full screen · Esc twice quits")
        keys_w, keys_h = th.extent(keys, th.size_of("tiny"))
        keys_y = self.records_button.rect.bottom + th.px(4)
        beside = w - m - keys_w >= m + title_w + th.px(16) and keys_y + keys_h <= y
        if beside:
            self.lines.append(Placed(keys, "tiny", pal.dim, (w - m - keys_w, keys_y)))
        y += th.px(2)
        said = [(_("Classic move puzzles. Every hint and every solution is provably the shortest."), "body",
                 pal.muted)]
        if not beside:
            said.append((keys, "tiny", pal.dim))
        if failed:   # said where the player looks first; the sentences are at the foot of the menu
            said.append((ngettext("{n:,} of your puzzle files could not be read: the reasons are at the foot of "
                                  "this page.",
                                  "{n:,} of your puzzle files could not be read: the reasons are at the foot of "
                                  "this page.", failed).format(n=failed), "tiny", pal.nope))
        for text, role, colour in said:
            for line in th.wrap(text, role, w - 2 * m):
                self.lines.append(Placed(line, role, colour, (m, y)))
                y += th.size_of(role) + th.px(3)
        self.height = y + th.px(12)
        return self.height

    def draw(self, surface: pygame.Surface, th: Theme, hover) -> None:
        for line in self.lines:
            surface.blit(th.text(line.text, line.role, line.colour), line.at)
        self.records_button.draw(surface, th, hover)
        self.settings_button.draw(surface, th, hover)
        self.daily_button.draw(surface, th, hover)


class FocusBar:
    """Along the foot of the window: the chosen puzzle's full title and its goal, or what the foot of the
    menu holds when that is chosen; after a first Esc, the note that a second one quits."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def said(spec: PuzzleSpec | None) -> list[tuple[str, str]]:
        """What the bar says about ``spec`` (None: the foot of the menu), as (text, role) before wrapping."""
        if spec is None:
            return [(_("Your puzzles"), "body"),
                    (_("Up or Shift+Tab goes back to the puzzles."), "small")]
        try:
            return [(spec.shown_title(), "body"), (card_goal(spec), "small")]
        except PuzzleFileError as err:   # words the index lacks, from rules that cannot be built: why not
            return [(translated(spec.presentation.short_title), "body"), (str(err), "small")]

    @staticmethod
    def quit_note() -> list[tuple[str, str]]:
        return [(_("Press Esc again to quit (your games are kept) · any other key stays"), "body")]

    @staticmethod
    def wrapped(th: Theme, width: int, said: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return [(line, role) for text, role in said for line in th.wrap(text, role, width)]

    @staticmethod
    def said_of_collection(title: str, levels: int) -> list[tuple[str, str]]:
        """What the bar says about a collection's card: its title and how many levels it shows as a grid."""
        return [(translated(title), "body"), (collection_words(levels), "small")]

    def lay_out(self, th: Theme, size: tuple[int, int], specs: list[PuzzleSpec],
                collections: list[tuple[str, int]] | None = None) -> int:
        """The bar's place at the foot of a window of ``size``, as tall as the longest of its texts for any
        of ``specs`` and ``collections`` (title, levels) (the foot, the quit note) needs; returns its top."""
        w, h = size
        m = th.px(36, 14)
        width = w - 2 * m
        texts = [self.said(spec) for spec in [*specs, None]] + [self.quit_note()]
        texts += [self.said_of_collection(title, levels) for title, levels in collections or ()]
        tallest = max(self._height(th, self.wrapped(th, width, said)) for said in texts)
        self.rect = pygame.Rect(0, h - tallest - 2 * th.px(10), w, tallest + 2 * th.px(10))
        return self.rect.y

    @staticmethod
    def _height(th: Theme, lines: list[tuple[str, str]]) -> int:
        return sum(th.size_of(role) + th.px(2) for _, role in lines)

    def draw(self, surface: pygame.Surface, th: Theme, spec: PuzzleSpec | None, colour: T.Colour,
             quitting: bool = False, note: str = "", collection: tuple[str, int] | None = None) -> None:
        """The bar, telling of ``spec`` (None: the foot; ``collection``: the collection, its title and levels,
        whose card chose ``spec``), its stripe in ``colour``; or the quit note, or ``note`` (a sentence for the
        player)."""
        pal = th.palette
        r = self.rect
        surface.blit(background(pal, surface.get_size()), r, r)   # the window's own ground, over the shelves
        pygame.draw.line(surface, pal.accent if quitting else pal.panel_edge, r.topleft, r.topright,
                         max(1, th.px(2)) if quitting else 1)
        m = th.px(36, 14)
        said = (self.quit_note() if quitting else [(note, "body")] if note
                else self.said_of_collection(*collection) if collection is not None else self.said(spec))
        lines = self.wrapped(th, r.w - 2 * m, said)
        y = r.y + th.px(10)
        if quitting or note:   # the note in the middle of the bar, where the goal was
            y = r.centery - self._height(th, lines) // 2
            for line, role in lines:
                text = th.text(line, role, pal.text)
                surface.blit(text, text.get_rect(midtop=(r.centerx, y)))
                y += th.size_of(role) + th.px(2)
            return
        pygame.draw.rect(surface, colour, (m - th.px(14), r.y + th.px(12), th.px(5), th.size_of("body") - th.px(4)),
                         border_radius=th.px(2))
        for line, role in lines:
            surface.blit(th.text(line, role, pal.text if role == "body" else pal.muted), (m, y))
            y += th.size_of(role) + th.px(2)
