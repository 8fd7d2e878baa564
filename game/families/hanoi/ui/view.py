"""The Tower of Hanoi drawn: painted wooden discs on pegs standing in a plank, the goal's discs
as faint outlines where they belong, a disc lifted up its peg, carried across and set down."""
from __future__ import annotations

import math
from dataclasses import replace

import pygame

from game.catalog.spec import PuzzleSpec
from game.families.base import Drawing
from game.families.hanoi.ui.view_input import HanoiInput
from game.ui import theme as T
from game.ui.colour_check import contrast
from game.ui.tween import arc
from game.ui.views.base import BoardView, Highlights, Mark, Motion, blit_alpha, cached_shape

__all__ = ["DRAWING", "HanoiView"]

COLUMN = 2.6       # a peg's width of board, in pitches (a pitch sizes the marks, rings and labels)
SLOT = 0.5         # a disc's height
HEADROOM = 0.95    # above the top slot: where a disc travels between pegs
PLANK = 0.42       # the plank the pegs stand in
SMALLEST, LARGEST = 0.3, 0.95   # a disc's width, in columns
SLAB = (58, 46, 40)
WOOD = (206, 158, 104)
WOOD_DARK = (150, 104, 62)
INK, LIGHT_INK = (34, 26, 20), (255, 255, 255)
# painted discs, smallest first: told apart by size and number first, colour helps
PAINT = ((212, 64, 60), (238, 134, 46), (236, 192, 56), (146, 192, 64), (58, 164, 96), (36, 158, 160),
         (58, 136, 210), (76, 92, 196), (118, 80, 188), (162, 78, 178), (204, 70, 138), (146, 98, 62),
         (104, 112, 128))


class HanoiView(BoardView):
    frame = 0.22
    board_radius = 0.14

    def __init__(self, spec: PuzzleSpec) -> None:
        super().__init__(spec)
        self.pegs, self.discs = self.board.width, self.board.height
        self.colw = self.sloth = self.head = self.plank = 1
        self._shown = self.puzzle.start
        self._lift: tuple[int, tuple[int, int]] | None = None   # a picked disc held up: its cell, how far
        self._held: tuple[int, int] | None = None   # ... and, while its move is drawn, its cell and where it was

    # -- layout and hit testing -------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, max_pitch: int | None = None) -> None:
        """The largest board that fits ``rect`` with its frame (and the pegs' numbers above it), centred."""
        width, height = self.pegs * COLUMN, HEADROOM + self.discs * SLOT + PLANK

        def fit(w: int, h: int) -> int:
            pitch = int(min(w / (width + 2 * self.frame), h / (height + 2 * self.frame)))
            return max(8, min(pitch, max_pitch) if max_pitch else pitch)

        pitch = fit(rect.w, rect.h)
        if self.coordinates:
            band = self.label_band(pitch)
            if rect.h - (height + 2 * self.frame) * pitch < 2 * band:
                pitch = fit(rect.w, rect.h - 2 * band)
        self.colw, self.sloth = int(COLUMN * pitch), max(4, int(SLOT * pitch))
        self.head, self.plank = int(HEADROOM * pitch), int(PLANK * pitch)
        w, h = self.colw * self.pegs, self.head + self.sloth * self.discs + self.plank
        origin = (rect.x + (rect.w - w) // 2, rect.y + (rect.h - h) // 2)
        if (pitch, origin) != (self.pitch, self.origin) or self._board_surface is None:
            if pitch != self.pitch:
                self._sprites.clear()
                self._shadow = None
            self.pitch, self.origin = pitch, origin
            self._board_surface = None
        self.rect = pygame.Rect(origin[0], origin[1], w, h)

    def grid_size(self) -> tuple[int, int]:
        return self.pegs, self.discs

    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = self.board.cells[cell]
        return pygame.Rect(self.origin[0] + c * self.colw, self.origin[1] + self.head + r * self.sloth,
                           self.colw, self.sloth)

    def floor_y(self) -> int:
        return self.origin[1] + self.head + self.discs * self.sloth

    def peg_at(self, point: tuple[int, int]) -> int | None:
        """The peg whose column of the board holds ``point`` (anywhere from the frame's top to its foot)."""
        if not self.frame_rect().collidepoint(point):
            return None
        return max(0, min(self.pegs - 1, math.floor((point[0] - self.origin[0]) / max(1, self.colw))))

    def hit(self, point: tuple[int, int]) -> int | None:
        """The slot under ``point``; above the pegs the top slot, on the plank the bottom one."""
        peg = self.peg_at(point)
        if peg is None:
            return None
        row = math.floor((point[1] - self.origin[1] - self.head) / max(1, self.sloth))
        return self.board.at(max(0, min(self.discs - 1, row)), peg)

    def column_rect(self, peg: int) -> pygame.Rect:
        """A peg's whole column, from above its top slot to the plank."""
        top = self.origin[1] + self.head // 3
        return pygame.Rect(self.origin[0] + peg * self.colw, top, self.colw, self.floor_y() - top)

    def disc_width(self, code: int) -> int:
        share = (code - 1) / (self.discs - 1) if self.discs > 1 else 1.0
        return int(self.colw * (SMALLEST + (LARGEST - SMALLEST) * share))

    def disc_rect(self, cell: int, code: int) -> pygame.Rect:
        slot = self.cell_rect(cell)
        height = int(self.sloth * 0.9)
        rect = pygame.Rect(0, 0, self.disc_width(code), height)
        rect.midbottom = slot.midbottom
        return rect

    # -- labels: the pegs' numbers, the names moves and hints use ---------------------------------
    def labels(self) -> list[tuple[str, tuple[int, int]]]:
        if not self.coordinates:
            return []
        top = self.frame_rect().top - self.label_offset(self.pitch)
        return [(str(peg + 1), (self.origin[0] + peg * self.colw + self.colw // 2, top)) for peg in range(self.pegs)]

    # -- sprites and board --------------------------------------------------------------------------
    def make_sprite(self, code: int, pitch: int, variant: object) -> pygame.Surface | None:
        if code == 0:
            return None
        colour = PAINT[(code - 1) % len(PAINT)]
        big, k, done = self.supersampled(self.colw, self.sloth)
        body = self.disc_rect(0, code).move(-self.cell_rect(0).x, -self.cell_rect(0).y)
        body = pygame.Rect(body.x * k, body.y * k, body.w * k, body.h * k)
        rad = int(body.h * 0.42)
        pygame.draw.rect(big, T.shade(colour, -0.45), body, border_radius=rad)
        face = body.inflate(-2 * k, -int(body.h * 0.16))
        face.top = body.top + k
        pygame.draw.rect(big, colour, face, border_radius=rad)
        shine = face.inflate(-int(face.h * 0.7), -int(face.h * 0.55))
        shine.top = face.top + int(face.h * 0.12)
        glow = pygame.Surface(shine.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 255, 255, 64), glow.get_rect(), border_radius=shine.h // 2)
        big.blit(glow, shine.topleft)
        sprite = done()
        ink = INK if contrast(INK, colour) >= contrast(LIGHT_INK, colour) else LIGHT_INK
        font = T.latin_font(max(8, int(self.sloth * 0.62)), bold=True)
        text = font.render(str(code), True, ink)
        centre = (sprite.get_width() // 2, sprite.get_height() // 2 - int(self.sloth * 0.04))
        sprite.blit(text, text.get_rect(center=centre))
        return sprite

    def make_board(self) -> pygame.Surface:
        surface, fr, rad = self.slab(SLAB)
        p = self.pitch
        inner = pygame.Rect(0, 0, *fr.size).inflate(-max(2, p // 12), -max(2, p // 12))
        pygame.draw.rect(surface, T.shade(SLAB, 0.06), inner, border_radius=max(1, rad - p // 24))
        plank = pygame.Rect(self.origin[0] - fr.x, self.floor_y() - fr.y, self.colw * self.pegs, self.plank)
        plank = plank.inflate(-self.colw // 12, 0)
        pygame.draw.rect(surface, WOOD_DARK, plank.move(0, max(1, p // 20)), border_radius=self.plank // 3)
        pygame.draw.rect(surface, WOOD, plank, border_radius=self.plank // 3)
        rod_w = max(3, int(p * 0.15))
        top = self.origin[1] + int(self.head * 0.45) - fr.y
        for peg in range(self.pegs):
            x = self.origin[0] + peg * self.colw + self.colw // 2 - fr.x
            rod = pygame.Rect(x - rod_w // 2, top, rod_w, plank.top - top + self.plank // 3)
            pygame.draw.rect(surface, WOOD_DARK, rod, border_radius=rod_w // 2)
            pygame.draw.rect(surface, WOOD, rod.inflate(-max(2, rod_w // 3), -2), border_radius=rod_w // 2)
        self._draw_goal(surface, fr)
        return surface

    def _draw_goal(self, surface: pygame.Surface, fr: pygame.Rect) -> None:
        """Where the goal wants each disc: its outline, faintly in its colour, behind the discs."""
        goal = self.puzzle.goal_states[0]
        width = max(2, self.pitch // 22)
        for cell, code in enumerate(goal):
            if not code:
                continue
            rect = self.disc_rect(cell, code).move(-fr.x, -fr.y)
            colour = PAINT[(code - 1) % len(PAINT)]
            ghost = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(ghost, (*colour, 54), ghost.get_rect(), border_radius=int(rect.h * 0.42))
            pygame.draw.rect(ghost, (*T.shade(colour, 0.2), 150), ghost.get_rect(), width,
                             border_radius=int(rect.h * 0.42))
            surface.blit(ghost, rect.topleft)

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: bytes, motion: Motion | None, hl: Highlights) -> None:
        """As every board is drawn; a picked disc is held up in the air, over the peg the keys carry it to."""
        self._shown = motion.before if motion else position
        self._lift = None
        if motion is None and not hl.drag_cells and len(hl.selected) == 1:
            cell = next(iter(hl.selected))
            peg = self.board.cells[hl.cursor][1] if hl.show_cursor and hl.cursor is not None else \
                self.board.cells[cell][1]
            home = self.cell_rect(cell)
            self._lift = (cell, (self.origin[0] + peg * self.colw - home.x, self.air() - home.y))
            hl = replace(hl, drag_cells=hl.selected, drag_offset=self._lift[1])
        if motion is None:
            self._held = None if self._lift is None else (self._lift[0], self.cell_rect(self._lift[0]).x +
                                                            self._lift[1][0])
        super().draw(surface, position, motion, hl)

    def draw_drag(self, surface: pygame.Surface, shown: bytes, hl: Highlights) -> None:
        """A disc held up or dragged, a little larger, with no shadow: nothing under it but air."""
        for cell in hl.drag_cells:
            if shown[cell]:
                rect = self.cell_rect(cell).move(hl.drag_offset)
                self.blit_piece(surface, shown[cell], rect, None, 1.04)

    def air(self) -> int:
        """How high a disc goes between pegs (its slot's top)."""
        return self.origin[1] + int(self.head * 0.1)

    def draw_motion(self, surface: pygame.Surface, motion: Motion) -> None:
        """Up the peg, across above the pegs, down the other: the way a hand carries a disc."""
        air = self.air()
        for src, dst in motion.paths:
            a, b = self.cell_rect(src), self.cell_rect(dst)
            if self._held is not None and self._held[0] == src:   # it was held up over a peg: it goes on from there
                a = pygame.Rect(self._held[1], air, a.w, a.h)
            legs = (a.y - air, abs(b.x - a.x), b.y - air)
            along = motion.t * sum(legs)
            x: float
            y: float
            if along <= legs[0]:
                x, y = a.x, a.y - along
            elif along <= legs[0] + legs[1]:
                x, y = a.x + math.copysign(along - legs[0], b.x - a.x), air
            else:
                x, y = b.x, air + along - legs[0] - legs[1]
            rect = pygame.Rect(round(x), round(y), a.w, a.h)
            self.blit_piece(surface, motion.before[src], rect, None, 1.0 + 0.04 * arc(motion.t))

    def _ring(self, surface: pygame.Surface, cell: int, colour: T.Colour, width_f: float, alpha: int,
              inset_f: float = 0.03) -> None:
        """A ring round the disc in ``cell`` (round the slot where it is empty)."""
        code = self._shown[cell] if cell < len(self._shown) else 0
        rect = self.disc_rect(cell, code) if code else self.cell_rect(cell).inflate(-self.colw // 3, 0)
        if self._lift is not None and self._lift[0] == cell:
            rect = rect.move(self._lift[1])
        grow = int(self.pitch * (0.08 - inset_f))
        rect = rect.inflate(2 * grow, 2 * grow)
        width = max(2, int(self.pitch * width_f))
        radius = rect.h // 2

        def make() -> pygame.Surface:
            shape = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shape, (*colour, 255), shape.get_rect(), width, border_radius=radius)
            return shape
        blit_alpha(surface, cached_shape(("hanoi ring", rect.size, colour, width), make), rect.topleft, alpha)

    def draw_under(self, surface: pygame.Surface, hl: Highlights) -> None:
        """A target peg glows from top to foot; a dot shows where the disc would land on it."""
        pal, p = self.palette, self.pulse(hl)
        for peg in sorted({self.board.cells[cell][1] for cell in hl.targets}):
            column = self.column_rect(peg).inflate(-self.colw // 8, 0)

            def make(size: tuple[int, int] = column.size) -> pygame.Surface:
                shape = pygame.Surface(size, pygame.SRCALPHA)
                pygame.draw.rect(shape, (*pal.good, 255), shape.get_rect(), border_radius=self.colw // 8)
                return shape
            blit_alpha(surface, cached_shape(("hanoi column", column.size, pal.good), make), column.topleft,
                       int(60 * p))
        for cell in hl.targets:
            if self._landing(cell):
                self._dot(surface, cell, pal.good, int(200 * p), 0.18)
        for cell in hl.hint_to:
            self._bullseye(surface, cell, pal.hint, int(210 * p), 0.22)

    def _landing(self, cell: int) -> bool:
        """Whether a disc set down on this slot's peg would come to rest here."""
        r, c = self.board.cells[cell]
        below = self.board.at(r + 1, c)
        return self._shown[cell] == 0 and (below is None or self._shown[below] != 0)

    def draw_over(self, surface: pygame.Surface, hl: Highlights) -> None:
        if hl.show_cursor and hl.cursor is not None and hl.cursor < len(self.board):
            column = self.column_rect(self.board.cells[hl.cursor][1])
            width = max(2, int(self.pitch * 0.03))

            def make() -> pygame.Surface:
                shape = pygame.Surface(column.size, pygame.SRCALPHA)
                pygame.draw.rect(shape, (*self.palette.text, 255), shape.get_rect(), width,
                                 border_radius=self.colw // 8)
                return shape
            blit_alpha(surface, cached_shape(("hanoi cursor", column.size, self.palette.text), make),
                       column.topleft, 150)
            if not self._shown[hl.cursor]:   # an empty place: the outlined peg says it all
                hl = replace(hl, show_cursor=False)
        super().draw_over(surface, hl)

    def mark_center(self, mark: Mark) -> tuple[int, int]:
        """A move's badge stands on the peg the move goes to, where the disc would land: a little off
        the peg toward the side it comes from (farther pegs farther out), so two discs that may land on
        one peg keep a badge each."""
        (_r, a), (_s, b) = self.board.cells[mark.move.src], self.board.cells[mark.move.dst]
        x, y = self.cell_center(mark.move.dst)
        if mark.on_target:
            return x, y
        reach = min(self.pitch * (0.34 + 0.2 * (abs(b - a) - 1)), self.colw / 2 - self.pitch * 0.2)
        return round(x + math.copysign(reach, a - b)), y


DRAWING = Drawing({"hanoi": HanoiView}, inputs={"hanoi": HanoiInput})
