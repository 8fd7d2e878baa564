"""Goat: fence pieces that join into a pen, a sheep, a wolf and the two-cell piece, on a meadow."""
from __future__ import annotations

import pygame

from game.families.blocks.goat import (BLOCK_L, BLOCK_R, BOTTOM_LEFT, BOTTOM_RIGHT, GATE, SHEEP, SIDE_H, SIDE_V,
                                 TOP_LEFT, WOLF)
from game.ui import theme as T
from game.ui.views.base import BoardView

N, S, E, W = (-1, 0), (1, 0), (0, 1), (0, -1)
CONNECT = {
    TOP_LEFT: (E, S), SIDE_H: (W, E), BLOCK_L: (W, S), SIDE_V: (N, S), GATE: (N, S),
    BOTTOM_LEFT: (N, E), BOTTOM_RIGHT: (N, W),
}
MEADOW = (86, 140, 70)
MEADOW_DARK = (70, 118, 58)
FRAME = (104, 76, 50)
TILE_TOP = (160, 196, 112)
TILE_SIDE = (104, 138, 70)
WOOD = (150, 98, 52)
WOOD_DARK = (84, 52, 26)
WOOD_LIGHT = (196, 144, 88)
GATE_PAINT = (200, 78, 58)
WOOL = (250, 248, 240)
WOOL_SHADE = (214, 208, 196)
SHEEP_FACE = (58, 50, 48)
FUR = (128, 132, 142)
FUR_DARK = (74, 78, 88)
HAY = (226, 186, 86)
HAY_DARK = (176, 132, 46)


class GoatView(BoardView):
    gap = 0.035
    frame = 0.24
    board_radius = 0.14

    # -- sprites ----------------------------------------------------------------
    def make_sprite(self, code: int, pitch: int, variant):
        if code == BLOCK_R or code == 0:
            return None
        cells = 2 if code == BLOCK_L else 1
        big, k, done = self.supersampled(pitch * cells, pitch)
        P = pitch * k
        g = int(P * self.gap)
        depth = int(P * 0.06)
        rad = int(P * 0.12)
        body = pygame.Rect(g, g, P * cells - 2 * g, P - 2 * g - depth)
        pygame.draw.rect(big, (0, 0, 0, 70), body.move(0, depth + P // 50), border_radius=rad)
        pygame.draw.rect(big, TILE_SIDE, body.move(0, depth), border_radius=rad)
        pygame.draw.rect(big, TILE_TOP, body, border_radius=rad)
        pygame.draw.rect(big, T.shade(TILE_TOP, 0.25), body, max(1, k * 2), border_radius=rad)
        cy = body.centery
        if code in CONNECT:
            self._fence(big, P, (P // 2, cy), body, CONNECT[code], code == GATE)
        if code == BLOCK_L:
            self._hay(big, P, pygame.Rect(P + g, g, P - 2 * g, P - 2 * g - depth))
            # a seam of wood joining the halves: one block
            pygame.draw.rect(big, T.shade(TILE_TOP, -0.12), (P - P // 30, body.y + P // 8, P // 15, body.h - P // 4),
                             border_radius=P // 30)
        elif code == SHEEP:
            self._sheep(big, P, body)
        elif code == WOLF:
            self._wolf(big, P, body)
        return done()

    def _fence(self, big, P, centre, body, dirs, gate: bool) -> None:
        cx, cy = centre
        w = int(P * 0.13)
        ends = []
        for dr, dc in dirs:
            if dc:
                ends.append((body.left if dc < 0 else body.right, cy))
            else:
                ends.append((cx, body.top if dr < 0 else body.bottom))
        rail, dark = (GATE_PAINT, T.shade(GATE_PAINT, -0.45)) if gate else (WOOD, WOOD_DARK)
        for end in ends:
            _thick(big, dark, centre, end, w + P // 30)
        for end in ends:
            _thick(big, rail, centre, end, w)
            _thick(big, T.shade(rail, 0.25), (centre[0] - w // 5, centre[1] - w // 5),
                   (end[0] - w // 5, end[1] - w // 5), max(1, w // 4))
        if gate:
            # a gate: planks across with a brace, hung between two posts
            gw = int(P * 0.3)
            r = pygame.Rect(cx - gw // 2, body.top + P // 7, gw, body.h - 2 * P // 7)
            pygame.draw.rect(big, T.shade(GATE_PAINT, -0.45), r.inflate(P // 30, P // 30), border_radius=P // 30)
            pygame.draw.rect(big, GATE_PAINT, r, border_radius=P // 40)
            for f in (0.25, 0.75):
                y = r.y + int(r.h * f)
                pygame.draw.line(big, (250, 240, 220), (r.x, y), (r.right, y), max(2, P // 28))
            pygame.draw.line(big, (250, 240, 220), (r.x, r.y + int(r.h * 0.25)), (r.right, r.y + int(r.h * 0.75)),
                             max(2, P // 28))
            for y in (body.top + P // 10, body.bottom - P // 10):
                self._post(big, P, (cx, y))
        else:
            self._post(big, P, centre)

    def _post(self, big, P, at) -> None:
        s = int(P * 0.21)
        r = pygame.Rect(0, 0, s, s)
        r.center = at
        pygame.draw.rect(big, WOOD_DARK, r.inflate(P // 30, P // 30), border_radius=s // 4)
        pygame.draw.rect(big, WOOD, r, border_radius=s // 4)
        pygame.draw.circle(big, WOOD_LIGHT, r.center, s // 3)
        pygame.draw.circle(big, T.shade(WOOD_LIGHT, -0.15), r.center, s // 3, max(1, P // 60))

    def _hay(self, big, P, r: pygame.Rect) -> None:
        bale = r.inflate(-int(P * 0.16), -int(P * 0.3))
        pygame.draw.rect(big, HAY_DARK, bale.move(0, P // 30), border_radius=P // 12)
        pygame.draw.rect(big, HAY, bale, border_radius=P // 12)
        for i in range(1, 7):
            x = bale.x + bale.w * i // 7
            pygame.draw.line(big, T.shade(HAY, -0.12), (x, bale.y + P // 40), (x - P // 30, bale.bottom - P // 40),
                             max(1, P // 70))
        for f in (0.3, 0.7):
            x = bale.x + int(bale.w * f)
            pygame.draw.line(big, (120, 70, 40), (x, bale.y), (x, bale.bottom), max(2, P // 36))

    def _sheep(self, big, P, body: pygame.Rect) -> None:
        cx, cy = body.center
        u = P / 100
        for lx in (-20, -8, 10, 22):
            pygame.draw.rect(big, SHEEP_FACE, (cx + lx * u - 3 * u, cy + 10 * u, 6 * u, 22 * u), border_radius=int(2 * u))
        blobs = [(-22, 0, 14), (-10, -10, 15), (6, -11, 15), (20, -2, 14), (12, 10, 14), (-6, 10, 15), (-20, 10, 12),
                 (0, 0, 17)]
        for bx, by, br in blobs:
            pygame.draw.circle(big, WOOL_SHADE, (cx + bx * u, cy + by * u + 2 * u), br * u + 2 * u)
        for bx, by, br in blobs:
            pygame.draw.circle(big, WOOL, (cx + bx * u, cy + by * u), br * u)
        # head
        hx, hy = cx + 32 * u, cy - 8 * u
        pygame.draw.ellipse(big, SHEEP_FACE, (hx - 13 * u, hy - 4 * u, 9 * u, 6 * u))
        pygame.draw.ellipse(big, SHEEP_FACE, (hx - 10 * u, hy - 9 * u, 20 * u, 24 * u))
        pygame.draw.circle(big, WOOL, (hx - 2 * u, hy - 10 * u), 7 * u)
        pygame.draw.circle(big, (255, 255, 255), (hx + 3 * u, hy + 1 * u), 3 * u)
        pygame.draw.circle(big, (0, 0, 0), (hx + 4 * u, hy + 1 * u), 1.6 * u)

    def _wolf(self, big, P, body: pygame.Rect) -> None:
        cx, cy = body.center
        u = P / 100
        # tail
        pygame.draw.polygon(big, FUR_DARK, [(cx - 22 * u, cy - 2 * u), (cx - 40 * u, cy - 16 * u),
                                            (cx - 36 * u, cy + 2 * u), (cx - 24 * u, cy + 8 * u)])
        for lx in (-16, -6, 12, 22):
            pygame.draw.rect(big, FUR_DARK, (cx + lx * u - 3 * u, cy + 6 * u, 6 * u, 26 * u), border_radius=int(2 * u))
        pygame.draw.ellipse(big, FUR_DARK, (cx - 28 * u, cy - 14 * u, 58 * u, 30 * u))
        pygame.draw.ellipse(big, FUR, (cx - 26 * u, cy - 13 * u, 54 * u, 26 * u))
        pygame.draw.ellipse(big, T.shade(FUR, 0.35), (cx - 14 * u, cy + 2 * u, 30 * u, 9 * u))
        # head with pointed ears and a long snout
        hx, hy = cx + 26 * u, cy - 16 * u
        pygame.draw.polygon(big, FUR_DARK, [(hx - 8 * u, hy - 4 * u), (hx - 5 * u, hy - 22 * u), (hx + 2 * u, hy - 6 * u)])
        pygame.draw.polygon(big, FUR_DARK, [(hx + 2 * u, hy - 6 * u), (hx + 8 * u, hy - 22 * u), (hx + 10 * u, hy - 2 * u)])
        pygame.draw.circle(big, FUR, (hx, hy), 12 * u)
        pygame.draw.polygon(big, FUR, [(hx + 4 * u, hy - 6 * u), (hx + 24 * u, hy + 2 * u), (hx + 4 * u, hy + 9 * u)])
        pygame.draw.circle(big, (20, 20, 24), (hx + 23 * u, hy + 2 * u), 2.6 * u)
        pygame.draw.circle(big, (250, 200, 60), (hx + 3 * u, hy - 3 * u), 3 * u)
        pygame.draw.circle(big, (0, 0, 0), (hx + 4 * u, hy - 3 * u), 1.4 * u)
        pygame.draw.line(big, (240, 240, 240), (hx + 10 * u, hy + 6 * u), (hx + 20 * u, hy + 4 * u), max(1, int(u)))

    # -- the fence joining across the gaps between pieces --------------------------
    def draw_joins(self, surface, position: bytes, hidden: set[int]) -> None:
        p = self.pitch
        g = int(p * self.gap)
        depth = int(p * 0.06)
        w = max(2, int(p * 0.13))
        for cell, code in enumerate(position):
            if cell in hidden:
                continue
            for dr, dc in CONNECT.get(code, ()):
                if (dr, dc) not in (E, S):
                    continue
                other = self.board.step(cell, dr, dc)
                if other is None or other in hidden:
                    continue
                if (-dr, -dc) not in CONNECT.get(position[other], ()):
                    continue
                a = self.cell_rect(cell)
                if dc:
                    y = a.y + (p - depth) // 2
                    x0, x1 = a.right - g - 1, a.right + g + 1
                    pygame.draw.rect(surface, WOOD_DARK, (x0, y - w // 2 - p // 60, x1 - x0, w + p // 30))
                    pygame.draw.rect(surface, _rail(code, position[other]), (x0, y - w // 2, x1 - x0, w))
                else:
                    x = a.centerx
                    y0, y1 = a.bottom - g - depth - 1, a.bottom + g + 1
                    pygame.draw.rect(surface, WOOD_DARK, (x - w // 2 - p // 60, y0, w + p // 30, y1 - y0))
                    pygame.draw.rect(surface, _rail(code, position[other]), (x - w // 2, y0, w, y1 - y0))

    def make_board(self) -> pygame.Surface:
        s, fr, rad = self.slab(FRAME)
        p = self.pitch
        pygame.draw.rect(s, T.shade(FRAME, 0.2), s.get_rect(), max(1, p // 40), border_radius=rad)
        inner = pygame.Rect(self.rect.x - fr.x, self.rect.y - fr.y, self.rect.w, self.rect.h).inflate(p // 12, p // 12)
        pygame.draw.rect(s, MEADOW, inner, border_radius=rad // 2)
        for i, (r, c) in enumerate(self.board.cells):
            rect = self.cell_rect(i).move(-fr.x, -fr.y).inflate(-p // 16, -p // 16)
            pygame.draw.rect(s, MEADOW_DARK, rect, border_radius=p // 10)
            for j in range(5):  # tufts of grass
                x = rect.x + (j * 37 + i * 13) % max(1, rect.w - p // 8) + p // 16
                y = rect.y + (j * 53 + i * 29) % max(1, rect.h - p // 8) + p // 16
                pygame.draw.line(s, T.shade(MEADOW, 0.15), (x, y), (x - p // 40, y - p // 22), max(1, p // 60))
                pygame.draw.line(s, T.shade(MEADOW, 0.15), (x, y), (x + p // 40, y - p // 22), max(1, p // 60))
        return s


def _rail(a: int, b: int):
    return GATE_PAINT if GATE in (a, b) and a == b else WOOD


def _thick(surface, colour, a, b, width: int) -> None:
    """A rail from ``a`` (covered around it, for corners) to exactly ``b``."""
    (x0, y0), (x1, y1) = a, b
    h = width // 2
    if y0 == y1:
        left, right = (x0 - h, x1) if x1 >= x0 else (x1, x0 + h)
        r = pygame.Rect(left, y0 - h, right - left, width)
    else:
        top, bottom = (y0 - h, y1) if y1 >= y0 else (y1, y0 + h)
        r = pygame.Rect(x0 - h, top, width, bottom - top)
    pygame.draw.rect(surface, colour, r.clip(surface.get_rect()))
