"""Where the parts of a menu card go at one card width: a strip of badges, the picture across the whole
card, a second strip, then the words and the chooser.

The picture is what players recognise, so it fills the card's width and nothing is drawn over it: the
grade (or the mark of the player's own puzzle) and the best solve stand in the strip above it, a game in
progress and the stars in the strip below. Each strip keeps room for its widest badges whether or not a
card has them yet (a strip too narrow for two side by side holds them on two lines), so a first solve or
a game kept never moves anything. The frame depends on the width and the theme only, never on a card.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.common.i18n import N_
from game.oracles.rating import GRADES
from game.ui.badges import IN_PROGRESS, LOOKS, pill_size, stars_size
from game.ui.theme import Theme

__all__ = ["CardFrame", "card_frame", "YOURS"]

# Translators: the mark on a menu card of a puzzle from the player's own folder
YOURS = N_("Yours")
THUMB_INSET = 8       # the picture's inset from the card's edge, in layout units
PICTURE_RATIO = 0.9   # the picture's box: this much as tall as it is wide


@dataclass(frozen=True)
class CardFrame:
    """A card's parts at one width, inside the card (its top-left at 0, 0)."""

    width: int
    picture: pygame.Rect
    top_rows: int          # the strip above the picture: 1 (grade and best side by side) or 2
    bottom_rows: int       # the strip under it: 1 (in progress and stars side by side) or 2
    row_h: int             # one line of a strip
    words_top: int         # where the title starts

    def grade_at(self) -> tuple[int, int]:
        """The top-left of the grade (or of the player's own mark)."""
        return self.picture.x, self.picture.y - self.top_rows * self.row_h

    def best_at(self) -> tuple[int, int]:
        """The top-right of the best solve's badge."""
        return self.picture.right, self.picture.y - self.row_h

    def in_progress_at(self) -> tuple[int, int]:
        """The top-left of the "in progress" pill."""
        return self.picture.x, self.picture.bottom + self._gap()

    def stars_at(self) -> tuple[int, int]:
        """The bottom-right of the stars."""
        return self.picture.right, self.picture.bottom + self.bottom_rows * self.row_h

    def _gap(self) -> int:
        """Between the picture and a badge beside its edge."""
        return max(1, self.row_h // 8)

    def badge_rects(self, th: Theme, grade: str = "", best: bool = True, in_progress: bool = True,
                    stars: bool = True) -> list[pygame.Rect]:
        """Where each badge a card may show is drawn (for the tests: none is over the picture)."""
        out = []
        if grade:
            out.append(pygame.Rect(self.grade_at(), pill_size(th, grade, "")))
        if best:
            for label, _pill, icon in LOOKS.values():
                w, h = pill_size(th, label, icon)
                out.append(pygame.Rect(self.best_at()[0] - w, self.best_at()[1], w, h))
        if in_progress:
            out.append(pygame.Rect(self.in_progress_at(), pill_size(th, IN_PROGRESS[0], IN_PROGRESS[2])))
        if stars:
            r = pygame.Rect((0, 0), stars_size(th))
            r.bottomright = self.stars_at()
            out.append(r)
        return out


def card_frame(th: Theme, width: int) -> CardFrame:
    """The frame of a card ``width`` pixels wide."""
    inset = th.px(THUMB_INSET)
    inner = width - 2 * inset
    pills = [pill_size(th, label, icon) for label, _pill, icon in LOOKS.values()]
    grades = [pill_size(th, grade, "") for _limit, grade in GRADES]
    yours = pill_size(th, YOURS, "")
    progress = pill_size(th, IN_PROGRESS[0], IN_PROGRESS[2])
    stars = stars_size(th)
    gap = th.px(4)
    row_h = max(h for _w, h in [*pills, *grades, yours, progress, stars]) + th.px(3)
    left = max(w for w, _h in [*grades, yours])
    top_rows = 1 if left + gap + max(w for w, _h in pills) <= inner else 2
    bottom_rows = 1 if progress[0] + gap + stars[0] <= inner else 2
    picture = pygame.Rect(inset, inset + top_rows * row_h, inner, int(inner * PICTURE_RATIO))
    words_top = picture.bottom + bottom_rows * row_h + th.px(4)
    return CardFrame(width, picture, top_rows, bottom_rows, row_h, words_top)
