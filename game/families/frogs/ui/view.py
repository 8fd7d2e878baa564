"""Frogs on lily pads in a pond (lines and 2D boards), and stones in a wooden tray for Pairs."""
from __future__ import annotations

import math

import pygame

from game.families.base import Drawing
from game.families.stones import BLACK, WHITE
from game.ui import theme as T
from game.ui.views.base import BoardView, rounded_cells_mask

WATER = (46, 112, 140)
WATER_DEEP = (30, 82, 110)
SHORE = (66, 98, 70)
PAD = (92, 168, 86)
PAD_DARK = (60, 126, 64)
LINK = (112, 178, 196)      # shallow water between two pads a frog may cross

FROG = {
    BLACK: {"body": (40, 44, 50), "spot": (70, 76, 86), "line": (10, 12, 14), "eye": (240, 206, 90),
            "pupil": (10, 10, 10), "belly": (64, 70, 80)},
    WHITE: {"body": (246, 242, 230), "spot": (220, 212, 190), "line": (120, 108, 86), "eye": (250, 250, 240),
            "pupil": (40, 30, 20), "belly": (255, 255, 250)},
}


def draw_frog(big: pygame.Surface, P: int, st: dict, facing: int) -> None:
    """A frog seen from above, facing right (+1) or left (-1), filling a P x P canvas."""
    def X(x: float) -> float:
        return P * (0.5 + (x - 0.5) * facing)

    lw = max(2, int(P * 0.022))

    def ell(cx, cy, w, h, colour, width=0):
        r = pygame.Rect(0, 0, int(w * P), int(h * P))
        r.center = (int(X(cx)), int(cy * P))
        pygame.draw.ellipse(big, colour, r, width)

    pygame.draw.ellipse(big, (0, 0, 0, 70), (0.16 * P, 0.22 * P + P * 0.06, 0.7 * P, 0.62 * P))
    # back legs: folded, at the rear
    for side in (-1, 1):
        ell(0.27, 0.5 + side * 0.25, 0.34, 0.16, st["body"])
        ell(0.27, 0.5 + side * 0.25, 0.34, 0.16, st["line"], lw)
        ell(0.17, 0.5 + side * 0.31, 0.16, 0.1, st["body"])
        ell(0.17, 0.5 + side * 0.31, 0.16, 0.1, st["line"], lw)
        # front legs
        ell(0.66, 0.5 + side * 0.22, 0.16, 0.1, st["body"])
        ell(0.66, 0.5 + side * 0.22, 0.16, 0.1, st["line"], lw)
    # body and head
    ell(0.45, 0.5, 0.52, 0.44, st["body"])
    ell(0.45, 0.5, 0.52, 0.44, st["line"], lw)
    ell(0.66, 0.5, 0.3, 0.36, st["body"])
    ell(0.66, 0.5, 0.3, 0.36, st["line"], lw)
    pygame.draw.rect(big, st["body"], (min(X(0.5), X(0.62)), 0.36 * P, abs(X(0.62) - X(0.5)), 0.28 * P))
    # spots
    for sx, sy, sr in ((0.38, 0.44, 0.06), (0.46, 0.58, 0.05), (0.32, 0.58, 0.04)):
        ell(sx, sy, sr * 2, sr * 2, st["spot"])
    # eyes
    for side in (-1, 1):
        ell(0.72, 0.5 + side * 0.13, 0.15, 0.15, st["eye"])
        ell(0.72, 0.5 + side * 0.13, 0.15, 0.15, st["line"], lw)
        ell(0.745, 0.5 + side * 0.13, 0.07, 0.08, st["pupil"])
    # mouth line
    pygame.draw.arc(big, st["line"], pygame.Rect(int(min(X(0.7), X(0.86))), int(0.38 * P), int(0.16 * P), int(0.24 * P)),
                    -math.pi / 2 if facing > 0 else math.pi / 2, math.pi / 2 if facing > 0 else 3 * math.pi / 2, lw)


def links(puzzle) -> list[tuple[int, int]]:
    """The pairs of cells a piece may slide between (each pair once), read from the rules."""
    pairs = set()
    for rule in puzzle.rules.rules:
        if rule.kind == "slide" and len(rule.cells) == 2:
            pairs.add((min(rule.src, rule.dst), max(rule.src, rule.dst)))
    return sorted(pairs)


def diagonal(board, a: int, b: int) -> bool:
    (r0, c0), (r1, c1) = board.cells[a], board.cells[b]
    return r0 != r1 and c0 != c1


class FrogsView(BoardView):
    draws_without_text = True   # shapes only: the demo may draw the next board in another thread
    gap = 0.06
    frame = 0.3

    def __init__(self, spec) -> None:
        super().__init__(spec)
        pairs = links(self.puzzle)
        # where frogs may also go diagonally, every way between pads is drawn (a grid says the rest)
        self.links = pairs if any(diagonal(self.board, a, b) for a, b in pairs) else []

    def make_sprite(self, code: int, pitch: int, variant):
        if code not in FROG:
            return None
        big, k, done = self.supersampled(pitch, pitch)
        draw_frog(big, pitch * k, FROG[code], 1 if code == BLACK else -1)
        return done()

    def make_board(self) -> pygame.Surface:
        fr = self.frame_rect()
        p = self.pitch
        s = pygame.Surface(fr.size, pygame.SRCALPHA)
        shore = rounded_cells_mask(self, fr.size, fr.topleft, 0.3, 0.45, (*SHORE, 255))
        shadow = rounded_cells_mask(self, fr.size, fr.topleft, 0.3, 0.45, (0, 0, 0, 80))
        s.blit(shadow, (0, p // 16))
        s.blit(shore, (0, 0))
        water = rounded_cells_mask(self, fr.size, fr.topleft, 0.2, 0.4, (*WATER, 255))
        s.blit(water, (0, 0))
        deep = rounded_cells_mask(self, fr.size, fr.topleft, 0.08, 0.35, (*WATER_DEEP, 110))
        s.blit(deep, (0, 0))
        self._draw_links(s, fr)
        for i in range(len(self.board)):
            c = self.cell_rect(i).move(-fr.x, -fr.y).center
            rad = int(p * 0.43)
            pygame.draw.circle(s, PAD_DARK, (c[0], c[1] + p // 30), rad)
            pygame.draw.circle(s, PAD, c, rad)
            pygame.draw.circle(s, T.shade(PAD, 0.12), c, int(rad * 0.7), max(1, p // 45))
            # the notch of a lily pad
            a = -math.pi / 4 + (i % 4) * math.pi / 2
            pts = [c, (c[0] + rad * 1.05 * math.cos(a - 0.28), c[1] + rad * 1.05 * math.sin(a - 0.28)),
                   (c[0] + rad * 1.05 * math.cos(a + 0.28), c[1] + rad * 1.05 * math.sin(a + 0.28))]
            pygame.draw.polygon(s, WATER, pts)
        return s


    def _draw_links(self, s: pygame.Surface, fr: pygame.Rect) -> None:
        """A band of shallow water from pad to pad along every way a frog may slide."""
        p = self.pitch
        width = max(3, int(p * 0.17))
        for a, b in self.links:
            ca = self.cell_rect(a).move(-fr.x, -fr.y).center
            cb = self.cell_rect(b).move(-fr.x, -fr.y).center
            pygame.draw.line(s, T.shade(WATER_DEEP, -0.1), (ca[0], ca[1] + p // 40), (cb[0], cb[1] + p // 40),
                             width + max(2, p // 30))
            pygame.draw.line(s, LINK, ca, cb, width)


DRAWING = Drawing({"frogs": FrogsView},
                  distinct=lambda: [{"black": FROG[BLACK]["body"], "white": FROG[WHITE]["body"]}])
