"""The ring drawn: a dark band of cells and round tokens, red and green."""
from __future__ import annotations

import pygame

from game.families.base import Drawing
from game.ui.views.base import BoardView
from tests.families.ring.rules import EMPTY, RED

COLOURS = {"red": (220, 60, 60), "green": (40, 170, 90)}


class RingView(BoardView):
    def make_board(self) -> pygame.Surface:
        surface, _, _ = self.slab((60, 70, 90))
        return surface

    def make_sprite(self, code: int, pitch: int, variant: object) -> pygame.Surface | None:
        if code == EMPTY:
            return None
        sprite = pygame.Surface((pitch, pitch), pygame.SRCALPHA)
        pygame.draw.circle(sprite, COLOURS["red"] if code == RED else COLOURS["green"], (pitch // 2, pitch // 2),
                           pitch // 3)
        return sprite


DRAWING = Drawing({"ring": RingView}, distinct=lambda: [COLOURS])
