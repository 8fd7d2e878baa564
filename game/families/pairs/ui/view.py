"""Pairs: black and white stones in a wooden tray, carried two at a time."""
from __future__ import annotations

import pygame

from game.families.base import Drawing
from game.rules.kinds import MoveKind
from game.families.stones import BLACK, WHITE
from game.ui import theme as T
from game.ui.views.base import BoardView

STONE = {BLACK: ((36, 38, 44), (96, 100, 112)), WHITE: ((236, 232, 222), (255, 255, 255))}
TRAY = (150, 104, 64)
CUP = (112, 74, 44)


class PairsView(BoardView):
    draws_without_text = True   # shapes only: the demo may draw the next board in another thread
    gap = 0.08
    frame = 0.25

    def lift(self, kind: MoveKind) -> float:
        return 0.45

    def make_sprite(self, code: int, pitch: int, variant):
        if code not in STONE:
            return None
        base, shine = STONE[code]
        big, k, done = self.supersampled(pitch, pitch)
        P = pitch * k
        c = (P // 2, P // 2)
        rad = int(P * 0.4)
        pygame.draw.circle(big, (0, 0, 0, 80), (c[0] + P // 40, c[1] + P // 22), rad)
        steps = 14
        for i in range(steps):
            t = i / steps
            col = T.mix(T.shade(base, -0.25), base, min(1.0, t * 1.6))
            r = int(rad * (1 - t * 0.55))
            off = int(rad * 0.28 * t)
            pygame.draw.circle(big, col, (c[0] - off, c[1] - off), r)
        pygame.draw.circle(big, T.mix(base, shine, 0.55), (c[0] - rad * 0.35, c[1] - rad * 0.38), rad * 0.2)
        edge = (20, 20, 24) if code == BLACK else (150, 140, 120)
        pygame.draw.circle(big, edge, c, rad, max(1, k * 2))
        return done()

    def make_board(self) -> pygame.Surface:
        s, fr, rad = self.slab(TRAY, radius=0.3)
        p = self.pitch
        for i in range(p // 8, fr.h - p // 8, max(2, p // 9)):
            pygame.draw.line(s, T.shade(TRAY, -0.06 if (i // max(2, p // 9)) % 2 else 0.04), (rad, i),
                             (fr.w - rad, i), max(1, p // 18))
        pygame.draw.rect(s, T.shade(TRAY, 0.2), s.get_rect(), max(1, p // 30), border_radius=rad)
        for i in range(len(self.board)):
            c = self.cell_rect(i).move(-fr.x, -fr.y).center
            pygame.draw.circle(s, T.shade(CUP, -0.25), c, int(p * 0.42))
            pygame.draw.circle(s, CUP, (c[0], c[1] + p // 40), int(p * 0.4))
        return s


DRAWING = Drawing({"pairs": PairsView},
                  distinct=lambda: [{"black": STONE[BLACK][0], "white": STONE[WHITE][0]}])
