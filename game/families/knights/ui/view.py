"""Knights exchange: chess-knight shapes in two colours on a chequered board."""
from __future__ import annotations

import pygame

from game.families.base import Drawing
from game.families.stones import BLACK, WHITE
from game.ui import theme as T
from game.ui.views.base import BoardView

LIGHT = (236, 218, 184)
DARK = (176, 128, 92)
FRAME = (92, 60, 42)

# A knight's head in profile, facing left, on a unit square (y down).
KNIGHT = [
    (0.26, 0.88), (0.78, 0.88), (0.77, 0.80), (0.71, 0.76), (0.72, 0.62), (0.74, 0.46), (0.72, 0.33),
    (0.66, 0.23), (0.56, 0.16), (0.50, 0.15), (0.47, 0.08), (0.42, 0.15), (0.38, 0.12), (0.36, 0.19),
    (0.30, 0.25), (0.24, 0.36), (0.17, 0.47), (0.15, 0.54), (0.19, 0.60), (0.25, 0.60), (0.30, 0.55),
    (0.38, 0.52), (0.44, 0.48), (0.38, 0.60), (0.31, 0.70), (0.30, 0.77), (0.26, 0.80),
]
BASE = [(0.20, 0.92), (0.84, 0.92), (0.82, 0.84), (0.22, 0.84)]
MANE = [(0.50, 0.17), (0.60, 0.22), (0.67, 0.31), (0.70, 0.44), (0.69, 0.58), (0.68, 0.72)]

STYLE = {
    BLACK: {"fill": (44, 46, 54), "line": (12, 12, 16), "shine": (96, 100, 114), "eye": (236, 204, 110)},
    WHITE: {"fill": (248, 244, 232), "line": (92, 76, 56), "shine": (255, 255, 255), "eye": (60, 44, 30)},
}


class KnightsView(BoardView):
    draws_without_text = True   # shapes only: the demo may draw the next board in another thread
    gap = 0.0
    frame = 0.2
    board_radius = 0.1

    def make_sprite(self, code: int, pitch: int, variant):
        if code not in STYLE:
            return None
        st = STYLE[code]
        big, k, done = self.supersampled(pitch, pitch)
        P = pitch * k
        m = 0.08

        def pts(poly, dx=0.0, dy=0.0):
            return [((m + x * (1 - 2 * m) + dx) * P, (m + y * (1 - 2 * m) + dy) * P) for x, y in poly]

        pygame.draw.ellipse(big, (0, 0, 0, 60), (0.16 * P, 0.84 * P, 0.7 * P, 0.1 * P))
        lw = max(2, int(P * 0.028))
        for poly in (BASE, KNIGHT):
            pygame.draw.polygon(big, st["fill"], pts(poly))
            pygame.draw.polygon(big, st["line"], pts(poly), lw)
        pygame.draw.lines(big, st["shine"], False, pts(MANE, -0.035, 0.01), max(2, int(P * 0.03)))
        if code == WHITE:
            pygame.draw.lines(big, st["line"], False, pts(MANE, 0.0, 0.0), max(1, lw // 2))
        ex, ey = pts([(0.41, 0.27)])[0]
        pygame.draw.circle(big, st["eye"], (ex, ey), P * 0.032)
        nx, ny = pts([(0.21, 0.51)])[0]
        pygame.draw.circle(big, st["line"], (nx, ny), P * 0.016)
        return done()

    def make_board(self) -> pygame.Surface:
        s, fr, rad = self.slab(FRAME)
        p = self.pitch
        pygame.draw.rect(s, T.shade(FRAME, 0.15), s.get_rect(), max(1, p // 40), border_radius=rad)
        for i, (r, c) in enumerate(self.board.cells):
            rect = self.cell_rect(i).move(-fr.x, -fr.y)
            pygame.draw.rect(s, LIGHT if (r + c) % 2 == 0 else DARK, rect)
        inner = pygame.Rect(self.rect.x - fr.x, self.rect.y - fr.y, self.rect.w, self.rect.h)
        pygame.draw.rect(s, T.shade(FRAME, -0.3), inner, max(1, p // 40))
        return s


DRAWING = Drawing({"knights": KnightsView},
                  distinct=lambda: [{"black": STYLE[BLACK]["fill"], "white": STYLE[WHITE]["fill"]}])
