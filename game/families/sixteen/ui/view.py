"""Sixteen drawn: numbered tiles in a tray whose wide rim carries an arrow at each end of every row and column
(click one to turn that line its way). A turning line slides as a whole, the tile pushed off one end
entering at the other, clipped to the tray; a tile in its goal place has its numeral in the palette's
IN_PLACE colour and a folded corner, as the sliding tiles do. A move's mark stands on its arrow."""
from __future__ import annotations

import math

import pygame

from game.families.base import Drawing
from game.families.sixteen.ui.view_input import SixteenInput
from game.rules.puzzle import Move, Puzzle
from game.ui import theme as T
from game.ui.views.base import BoardView, Mark, Motion

__all__ = ["DRAWING", "SixteenView"]

TILE_TOP = (250, 236, 214)
TILE_SIDE = (190, 140, 150)
TILE_EDGE = (160, 110, 124)
NUMERAL = (70, 36, 58)
TRAY = (60, 38, 54)
RIM = (128, 76, 108)
SLOT = (44, 28, 40)
ARROW = (246, 214, 232)

Way = tuple[int, int, int]   # (axis: 0 a row, 1 a column; its index; +1 right or down, -1 left or up)


def way_of(puzzle: Puzzle, move: Move) -> Way:
    """Which line a move turns and which way, from the cells it names (see the family's rules)."""
    (r0, c0), (r1, c1) = puzzle.board.cells[move.src], puzzle.board.cells[move.dst]
    return (0, r0, c1 - c0) if r0 == r1 else (1, c0, r1 - r0)


class SixteenView(BoardView):
    gap = 0.045
    frame = 0.55          # the rim holds the arrows
    board_radius = 0.2

    # -- the arrows -----------------------------------------------------------------------------------
    def arrow_rect(self, way: Way) -> pygame.Rect:
        """Where the arrow of a line's turn stands: in the rim, at the end the tiles move towards."""
        axis, line, step = way
        p, size = self.pitch, int(self.pitch * 0.42)
        reach = int(p * self.frame / 2)
        if axis == 0:
            y = self.rect.y + line * p + p // 2
            x = self.rect.right + reach if step > 0 else self.rect.x - reach
        else:
            x = self.rect.x + line * p + p // 2
            y = self.rect.bottom + reach if step > 0 else self.rect.y - reach
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (x, y)
        return rect

    def ways(self) -> list[Way]:
        """Every arrow: each row's both ends, each column's both ends (a line of two turns one way, but both
        its arrows turn it)."""
        return [(axis, line, step) for axis, count in ((0, self.board.height), (1, self.board.width))
                for line in range(count) for step in (-1, 1)]

    def way_at(self, point: tuple[int, int]) -> Way | None:
        """The arrow under the point (its whole cell of rim, generously)."""
        for way in self.ways():
            if self.arrow_rect(way).inflate(self.pitch // 3, self.pitch // 3).collidepoint(point):
                return way
        return None

    def line_cells(self, axis: int, line: int) -> list[int]:
        w, h = self.board.width, self.board.height
        return [line * w + c for c in range(w)] if axis == 0 else [r * w + line for r in range(h)]

    # -- sprites and board ---------------------------------------------------------------------------
    def variant(self, position: bytes, cell: int) -> bool:
        return position[cell] == self.puzzle.goal_states[0][cell]

    def make_sprite(self, code: int, pitch: int, variant: object) -> pygame.Surface:
        pal = self.palette
        big, k, done = self.supersampled(pitch, pitch)
        P = pitch * k
        g, depth, rad = int(P * self.gap), int(P * 0.07), int(P * 0.16)
        body = pygame.Rect(g, g, P - 2 * g, P - 2 * g - depth)
        pygame.draw.rect(big, (0, 0, 0, 70), body.move(0, depth + int(P * 0.02)), border_radius=rad)
        pygame.draw.rect(big, TILE_SIDE, body.move(0, depth), border_radius=rad)
        pygame.draw.rect(big, TILE_EDGE, body.move(0, depth), max(1, k), border_radius=rad)
        pygame.draw.rect(big, TILE_TOP, body, border_radius=rad)
        pygame.draw.rect(big, T.shade(TILE_TOP, -0.08), body, max(1, k * 2), border_radius=rad)
        if variant:
            size, inset = body.w * 0.22, body.w * 0.075
            x, y = body.x + inset, body.y + inset
            pygame.draw.polygon(big, pal.in_place, [(x, y), (x + size, y), (x, y + size)])
        sprite = done()
        font = T.latin_font(max(8, int(pitch * (0.5 if code < 10 else 0.42))), bold=True)
        text = font.render(str(code), True, pal.in_place if variant else NUMERAL)
        sprite.blit(text, text.get_rect(center=(pitch // 2, (pitch - int(pitch * 0.07)) // 2 + 1)))
        return sprite

    def make_board(self) -> pygame.Surface:
        s, fr, rad = self.slab(RIM)
        p = self.pitch
        inner = self.rect.move(-fr.x, -fr.y).inflate(int(p * 0.1), int(p * 0.1))
        pygame.draw.rect(s, TRAY, inner, border_radius=int(p * 0.12))
        for i in range(len(self.board)):
            r = self.cell_rect(i).move(-fr.x, -fr.y).inflate(-int(p * 0.06), -int(p * 0.06))
            pygame.draw.rect(s, SLOT, r, border_radius=int(p * 0.12))
        for way in self.ways():
            _arrow(s, self.arrow_rect(way).move(-fr.x, -fr.y), way, ARROW, T.shade(RIM, -0.35))
        return s

    # -- motion: the whole line slides, round the ends -------------------------------------------------
    def draw_motion(self, surface: pygame.Surface, motion: Motion) -> None:
        """Every tile of the line one cell its way at ``t``, a tile leaving one end entering at the other:
        each drawn where it is and a line's length back, clipped to the tray."""
        if not motion.paths:
            return
        steps = [self._step(src, dst) for src, dst in motion.paths]
        (dr, dc) = max(set(steps), key=steps.count)   # the line's way: most tiles take one plain step
        p = self.pitch
        span = (self.board.width * p * dc, self.board.height * p * dr)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip.w else self.rect)
        for src, _dst in motion.paths:
            rect = self.cell_rect(src).move(round(dc * p * motion.t), round(dr * p * motion.t))
            for ahead in (rect, rect.move(-span[0], -span[1])):
                self.blit_piece(surface, motion.before[src], ahead, self.travel_variant(src), 1.0)
        surface.set_clip(clip)

    def _step(self, src: int, dst: int) -> tuple[int, int]:
        (r0, c0), (r1, c1) = self.board.cells[src], self.board.cells[dst]
        dr, dc = r1 - r0, c1 - c0
        return (0 if dr == 0 else -1 if dr > 1 else 1 if dr < -1 else dr,
                0 if dc == 0 else -1 if dc > 1 else 1 if dc < -1 else dc)

    # -- marks on the arrows ---------------------------------------------------------------------------
    def mark_center(self, mark: Mark) -> tuple[int, int]:
        return self.arrow_rect(way_of(self.puzzle, mark.move)).center


def _arrow(surface: pygame.Surface, rect: pygame.Rect, way: Way, colour: T.Colour, edge: T.Colour) -> None:
    """A filled triangle pointing the way the line turns."""
    axis, _line, step = way
    angle = (0.0 if step > 0 else math.pi) if axis == 0 else (math.pi / 2 if step > 0 else -math.pi / 2)
    cx, cy, r = rect.centerx, rect.centery, rect.w / 2
    points = [(cx + r * math.cos(angle + a), cy + r * math.sin(angle + a)) for a in (0.0, 2.4, -2.4)]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, edge, points, max(1, rect.w // 12))


# a tile in place has the same colour in every palette (its sprite is cached by size only)
DRAWING = Drawing({"sixteen": SixteenView}, inputs={"sixteen": SixteenInput},
                  distinct=lambda: [{"numeral": NUMERAL, "in place": T.STANDARD.in_place}])
