"""A long list drawn a few rows at a time: every row's height is known from the start (the caller says
how tall each is without drawing it), so the list knows where each row lies and how tall it is in all;
a row is drawn into a picture of its own only when it comes into view, and only the last few drawn are
kept. A player's records may hold thousands of rows: drawn all at once into one picture, they took
gigabytes; this way a list costs its heights and a screenful or two of pictures, however long it is.
"""
from __future__ import annotations

from bisect import bisect_right
from collections import OrderedDict
from itertools import accumulate
from typing import Callable, Sequence

import pygame

__all__ = ["VirtualList"]


class VirtualList:
    """Rows of known heights, one under another from y = 0, drawn on demand (``render(i)`` draws row
    ``i`` into a new picture) and kept, the last ``keep`` of them; ``rendered`` counts the rows drawn."""

    def __init__(self, heights: Sequence[int], render: Callable[[int], pygame.Surface], keep: int) -> None:
        self.heights = list(heights)
        self.tops = list(accumulate(self.heights, initial=0))   # one more than the rows: the last is the bottom
        self.keep = max(1, keep)
        self.rendered = 0
        self._render = render
        self._kept: OrderedDict[int, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self.heights)

    @property
    def height(self) -> int:
        return self.tops[-1]

    def at(self, y: int) -> int | None:
        """The row at ``y`` (None above the first or below the last)."""
        if not 0 <= y < self.height:
            return None
        return bisect_right(self.tops, y) - 1

    def in_view(self, top: int, height: int) -> range:
        """The rows that show between ``top`` and ``top + height``, in order."""
        first = bisect_right(self.tops, max(0, top)) - 1
        end = bisect_right(self.tops, top + height - 1)
        return range(max(0, first), min(len(self), max(0, end)))

    def picture(self, i: int) -> pygame.Surface:
        """Row ``i``'s picture: kept from before, or drawn now (the one unused longest goes)."""
        got = self._kept.get(i)
        if got is not None:
            self._kept.move_to_end(i)
            return got
        got = self._kept[i] = self._render(i)
        self.rendered += 1
        while len(self._kept) > self.keep:
            self._kept.popitem(last=False)
        return got

    @property
    def kept(self) -> int:
        """How many rows' pictures are kept now (never more than ``keep``)."""
        return len(self._kept)

    @property
    def pixels(self) -> int:
        """The pixels of the pictures kept now: what the list costs beyond its heights."""
        return sum(p.get_width() * p.get_height() for p in self._kept.values())

    def forget(self) -> None:
        """Drop every picture kept (the rows look different now)."""
        self._kept.clear()

    def draw(self, surface: pygame.Surface, left: int, top: int, scroll: int, height: int) -> None:
        """The rows between ``scroll`` and ``scroll + height``, with the list's y = ``scroll`` at ``top``."""
        for i in self.in_view(scroll, height):
            surface.blit(self.picture(i), (left, top + self.tops[i] - scroll))
