"""Sliding tiles: cream tiles with depth and clear numerals in a recessed tray. A tile in its goal
place has its numeral in the palette's IN_PLACE colour and a folded corner (shape, not colour alone)."""
from __future__ import annotations

import pygame

from game.families.base import Drawing
from game.ui import theme as T
from game.ui.views.base import BoardView

TILE_TOP = (246, 231, 200)
TILE_SIDE = (196, 160, 108)
TILE_EDGE = (170, 132, 84)
NUMERAL = (66, 46, 30)
TRAY = (52, 40, 34)
TRAY_EDGE = (112, 82, 58)
SLOT = (38, 29, 25)


class TilesView(BoardView):
    gap = 0.045
    frame = 0.22

    def variant(self, position: bytes, cell: int):
        goal = self.puzzle.goal_states[0]
        return position[cell] == goal[cell]

    def make_sprite(self, code: int, pitch: int, variant):
        pal = self.palette
        big, k, done = self.supersampled(pitch, pitch)
        P = pitch * k
        g = int(P * self.gap)
        depth = int(P * 0.075)
        rad = int(P * 0.13)
        body = pygame.Rect(g, g, P - 2 * g, P - 2 * g - depth)
        pygame.draw.rect(big, (0, 0, 0, 70), body.move(0, depth + int(P * 0.02)), border_radius=rad)
        pygame.draw.rect(big, TILE_SIDE, body.move(0, depth), border_radius=rad)
        pygame.draw.rect(big, TILE_EDGE, body.move(0, depth), max(1, k), border_radius=rad)
        pygame.draw.rect(big, TILE_TOP, body, border_radius=rad)
        shine = body.inflate(-int(P * 0.1), -int(P * 0.1))
        shine.height = int(body.height * 0.42)
        glow = pygame.Surface(shine.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 255, 255, 70), glow.get_rect(), border_radius=rad)
        big.blit(glow, shine.topleft)
        pygame.draw.rect(big, T.shade(TILE_TOP, -0.08), body, max(1, k * 2), border_radius=rad)
        if variant:
            _corner(big, body, pal.in_place)
        spr = done()
        font = T.latin_font(max(8, int(pitch * (0.52 if code < 10 else 0.46))), bold=True)
        colour = pal.in_place if variant else NUMERAL
        text = font.render(str(code), True, colour)
        emb = font.render(str(code), True, T.shade(TILE_TOP, 0.6))
        cx, cy = pitch // 2, (pitch - int(pitch * 0.075)) // 2 + 1
        spr.blit(emb, emb.get_rect(center=(cx, cy + max(1, pitch // 60))))
        spr.blit(text, text.get_rect(center=(cx, cy)))
        return spr

    def make_board(self) -> pygame.Surface:
        s, fr, rad = self.slab(TRAY_EDGE)
        p = self.pitch
        inner = s.get_rect().inflate(-int(p * 0.1), -int(p * 0.1))
        pygame.draw.rect(s, TRAY, inner, border_radius=int(rad * 0.8))
        for i in range(len(self.board)):
            r = self.cell_rect(i).move(-fr.x, -fr.y).inflate(-int(p * 0.06), -int(p * 0.06))
            pygame.draw.rect(s, SLOT, r, border_radius=int(p * 0.12))
        return s


def _corner(big: pygame.Surface, body: pygame.Rect, colour) -> None:
    """A tile in its place: a corner in its colour, like a dog-ear (a shape of its own: the move
    marks are discs, diamonds, squares and octagons)."""
    size, inset = body.w * 0.22, body.w * 0.075    # inside the rounded corner
    x, y = body.x + inset, body.y + inset
    pygame.draw.polygon(big, colour, [(x, y), (x + size, y), (x, y + size)])


# a tile in place has the same colour in every palette (its sprite is cached by size only)
DRAWING = Drawing({"tiles": TilesView}, distinct=lambda: [{"numeral": NUMERAL, "in place": T.STANDARD.in_place}])
