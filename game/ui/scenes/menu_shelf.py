"""A shelf's order and what its heading says beside its title.

The grades come from the shipped ratings (``assets/ratings.tsv``, :mod:`game.catalog.ratings`): rating the
library when the menu opens would take minutes. A shelf may stand easiest first by them: the player's own
act (a chip at the heading's right end, or the key), kept in the menu's memory between runs, and the only
thing that ever reorders cards; a card of variants goes by its chosen variant's rating at that moment
(choosing another later moves nothing), and cards with no rating follow the rated ones in their own order.
Beside the title, once the player has a record there: how many of the shelf's puzzles (every variant
counting) they solved at par.
"""
from __future__ import annotations

import functools
from typing import Mapping

import pygame

from game.catalog import ratings
from game.catalog.ratings import Rated
from game.catalog.spec import Shelf
from game.common.i18n import _
from game.keeping.records import Records
from game.keeping.stars import at_par_words
from game.ui.intents import KEY_LABELS, Intent
from game.ui.scenes.menu_card import Card
from game.ui.theme import Theme

__all__ = ["EASIEST", "ORDER", "OWN", "draw_chip", "draw_par", "easiest_first", "grade_of", "is_easiest_first",
           "lay_out_chips", "par_words", "rating_of", "shipped", "sort_words"]

ORDER = "order:"            # the menu's memory: "order:SHELF" -> EASIEST or OWN
EASIEST, OWN = "easiest", "own"


@functools.cache
def shipped() -> Mapping[str, Rated]:
    """The shipped ratings by puzzle name, read once (none when the file is missing or damaged)."""
    return ratings.load()


def rating_of(card: Card, rated: Mapping[str, Rated]) -> Rated | None:
    """The rating of the card's chosen puzzle; none for the player's own (the file rates the library), nor for
    a collection (its levels' grades differ: the card names none)."""
    return None if card.yours or card.collection else rated.get(card.name)


def grade_of(card: Card, rated: Mapping[str, Rated]) -> str:
    row = rating_of(card, rated)
    return row.grade if row is not None else ""


def easiest_first(cards: list[Card], rated: Mapping[str, Rated]) -> list[Card]:
    """``cards`` (a shelf's, in its own order) easiest first; the unrated after them, in their own order."""
    def key(item: tuple[int, Card]) -> tuple[int, float, int]:
        row = rating_of(item[1], rated)
        return (0, row.rating, item[0]) if row is not None else (1, 0.0, item[0])
    return [card for _i, card in sorted(enumerate(cards), key=key)]


def is_easiest_first(chosen: Mapping[str, str], shelf: Shelf) -> bool:
    return chosen.get(ORDER + shelf.key) == EASIEST


def sort_words() -> str:
    # Translators: the chip at the right of a menu shelf's heading that sorts the shelf; {key} is its key ("L")
    return _("{key}: easiest first").format(key=KEY_LABELS[Intent.SORT])


def par_words(records: Records, cards: list[Card]) -> str:
    """The heading's "7 of 12 at par" for a shelf of ``cards``, once the player has a record there."""
    names = [spec.name for card in cards for spec in card.specs]
    if not any(records.of(name) for name in names):
        return ""
    return at_par_words(records, names)


def chip_size(th: Theme) -> tuple[int, int]:
    return th.measure(sort_words(), th.size_of("small")) + 2 * th.px(8), th.size_of("small") + th.px(6)


def lay_out_chips(th: Theme, headings: list[tuple[Shelf, pygame.Rect]], titles: Mapping[Shelf, str],
                  sortable: set[Shelf]) -> dict[Shelf, pygame.Rect]:
    """Where each sortable shelf's chip goes: at its heading's right end, level with the title, where it
    fits after the title (the key sorts every shelf all the same)."""
    w, h = chip_size(th)
    out = {}
    for shelf, r in headings:
        title_end = r.x + th.px(14) + th.measure(titles[shelf], th.size_of("heading"))
        if shelf in sortable and title_end + th.px(16) + w <= r.right:
            out[shelf] = pygame.Rect(r.right - w, r.y + (th.size_of("heading") - h) // 2 + th.px(2), w, h)
    return out


def draw_chip(surface: pygame.Surface, th: Theme, at: pygame.Rect, on: bool, colour: tuple[int, int, int],
              hover: bool) -> None:
    """The chip: filled in the shelf's colour while the shelf stands easiest first, else outlined."""
    pal = th.palette
    if on:
        pygame.draw.rect(surface, colour, at, border_radius=th.px(6))
    else:
        pygame.draw.rect(surface, pal.card_hover if hover else pal.card, at, border_radius=th.px(6))
        pygame.draw.rect(surface, colour if hover else pal.panel_edge, at, 1, border_radius=th.px(6))
    text = th.text(sort_words(), "small", pal.ink if on else pal.text)
    surface.blit(text, text.get_rect(center=at.center))


def draw_par(surface: pygame.Surface, th: Theme, words: str, x: int, y: int, right: int) -> None:
    """The heading's at-par count from ``x``, if it ends before ``right`` (else it is left out)."""
    if words and x + th.measure(words, th.size_of("small")) <= right:
        surface.blit(th.text(words, "small", th.palette.muted), (x, y + th.size_of("heading") - th.size_of("small")))
