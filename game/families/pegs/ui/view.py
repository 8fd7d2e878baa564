"""Pegs in a wooden board with holes: turned wooden pegs standing in drilled holes. A triangular
board (its file written skewed, jumping along one diagonal too) is drawn as the triangle it is, each
row shifted half a hole against the last. A jump arcs the peg over the one it takes, which sinks out
of its hole as the jumper passes; a chain of jumps arcs from hole to hole."""
from __future__ import annotations

import math
from dataclasses import replace

import pygame

from game.families.base import Drawing
from game.families.pegs.lattice import LatticeBoard
from game.families.pegs.rules import PEG, PegsPuzzle
from game.families.pegs.ui.view_input import PegInput
from game.ui import theme as T
from game.ui.tween import arc
from game.ui.views.base import BoardView, Motion

WOOD = (176, 116, 64)
WOOD_DARK = (128, 78, 40)
GRAIN = (150, 96, 50)
HOLE = (52, 30, 16)
HOLE_RIM = (120, 74, 38)
PEG_BODY = (236, 206, 150)
PEG_SHADE = (186, 146, 90)
PEG_LINE = (104, 70, 36)
PEG_SHINE = (255, 246, 222)
ROW_STEP = math.sqrt(3) / 2      # rows of a triangular board, in holes
WOOD_REACH = 0.62                # the wood round a hole's centre, in holes


class PegsView(BoardView):
    draws_without_text = True   # shapes only: the demo may draw the next board in another thread
    gap = 0.0
    frame = 0.34
    board_radius = 0.3

    def __init__(self, spec) -> None:
        super().__init__(spec)
        # a triangular lattice, written skewed in its file, is drawn sheared: each row half a hole along
        self.shear = 0.5 * self.board.lean if isinstance(self.board, LatticeBoard) else 0.0
        self.row_step = ROW_STEP if self.shear else 1.0
        xs = [c + self.shear * r for r, c in self.board.cells]
        self.left = min(xs)
        self.span = max(xs) - self.left + 1
        self._fading: dict[int, tuple[float, bool]] = {}
        self._edges: tuple[tuple[int, tuple[int, int]], list[int]] | None = None   # the wood's left edge, row by row

    # -- where the holes are ------------------------------------------------------------------------

    def grid_size(self) -> tuple[int, int]:
        if not self.shear:
            return super().grid_size()
        return math.ceil(self.span - 1e-9), math.ceil((self.board.height - 1) * self.row_step + 1 - 1e-9)

    def cell_rect(self, cell: int) -> pygame.Rect:
        if not self.shear:
            return super().cell_rect(cell)
        r, c = self.board.cells[cell]
        cols, rows = self.grid_size()
        x = (c + self.shear * r - self.left + (cols - self.span) / 2) * self.pitch
        y = (r * self.row_step + (rows - ((self.board.height - 1) * self.row_step + 1)) / 2) * self.pitch
        return pygame.Rect(self.origin[0] + round(x), self.origin[1] + round(y), self.pitch, self.pitch)

    def hit(self, point: tuple[int, int]) -> int | None:
        if not self.shear:
            return super().hit(point)
        best, best_d = None, (self.pitch * 0.5) ** 2
        for cell in range(len(self.board)):
            cx, cy = self.cell_center(cell)
            d = (cx - point[0]) ** 2 + (cy - point[1]) ** 2
            if d < best_d:
                best, best_d = cell, d
        return best

    def labels(self) -> list[tuple[str, tuple[int, int]]]:
        """A triangle's holes are named as drawn: a letter under each drawn column (half a hole apart),
        each row's number before its first hole, out beyond the win's ring round the wood."""
        board = self.board
        if not isinstance(board, LatticeBoard) or not self.coordinates:
            return super().labels()
        px, reach = self.label_px(self.pitch), sum(self.glow_reach(self.pitch))
        y = max(self.cell_center(i)[1] for i in range(len(board))) + int(self.pitch * WOOD_REACH) + reach + px
        x0, d0 = self.cell_center(0)[0], board.drawn_column(0)
        out = [(chr(ord("a") + d), (round(x0 + (d - d0) * self.pitch / 2), y)) for d in range(board.drawn_width)]
        first: dict[int, int] = {}
        for cell, (r, _c) in enumerate(board.cells):
            first.setdefault(r, cell)
        for r, cell in sorted(first.items()):
            cy = self.cell_center(cell)[1]
            out.append((str(r + 1), (self._wood_left(cy) - reach - px, cy)))
        return out

    def _wood_left(self, y: int) -> int:
        """The leftmost point of the wood at height ``y`` on the screen."""
        fr = self.frame_rect()
        board = self.board_surface()
        key = (id(board), board.get_size())
        if self._edges is None or self._edges[0] != key:
            mask = pygame.mask.from_surface(board, 160)
            w, h = mask.get_size()
            lefts = [next((x for x in range(w) if mask.get_at((x, row))), w) for row in range(h)]
            self._edges = (key, lefts)
        lefts = self._edges[1]
        return fr.x + lefts[max(0, min(len(lefts) - 1, y - fr.y))]

    # -- the board --------------------------------------------------------------------------------------

    def make_board(self) -> pygame.Surface:
        fr = self.frame_rect()
        p = self.pitch
        s = pygame.Surface(fr.size, pygame.SRCALPHA)
        centres = [self.cell_rect(i).move(-fr.x, -fr.y).center for i in range(len(self.board))]
        for colour, grow, drop in (((0, 0, 0, 90), 0.0, p // 14), ((*WOOD_DARK, 255), 0.0, 0),
                                   ((*WOOD, 255), -0.06, 0)):
            self._shape(s, centres, colour, grow, drop)
        self._grain(s, centres)
        for centre in centres:
            self._hole(s, centre)
        return s

    def _shape(self, s: pygame.Surface, centres: list[tuple[int, int]], colour, grow: float, drop: int) -> None:
        """The board's outline: a rounded piece of wood round every hole, joined along every jump line."""
        p = self.pitch
        reach = int(p * (WOOD_REACH + grow))
        if not self.shear:
            for (x, y) in centres:
                pygame.draw.rect(s, colour, (x - reach, y - reach + drop, 2 * reach, 2 * reach),
                                 border_radius=int(p * 0.3))
        for i, (x, y) in enumerate(centres):
            pygame.draw.circle(s, colour, (x, y + drop), reach)
            for dr, dc in self.puzzle.geometry.steps if isinstance(self.puzzle, PegsPuzzle) else ():
                j = self.board.step(i, dr, dc)
                if j is not None:
                    a, b = centres[i], centres[j]
                    pygame.draw.line(s, colour, (a[0], a[1] + drop), (b[0], b[1] + drop), 2 * reach)
        if self.shear:   # fill between neighbouring rows
            for i in range(len(self.board)):
                down, right, diagonal = (self.board.step(i, 1, 0), self.board.step(i, 0, 1),
                                         self.board.step(i, 1, 1) if self.shear < 0 else self.board.step(i, 1, -1))
                for one, two in ((down, diagonal), (right, diagonal)):
                    if one is not None and two is not None:
                        pts = [centres[i], centres[one], centres[two]]
                        pygame.draw.polygon(s, colour, [(x, y + drop) for x, y in pts])

    def _grain(self, s: pygame.Surface, centres: list[tuple[int, int]]) -> None:
        """Faint wavy grain across the wood, kept inside it."""
        p = self.pitch
        grain = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        w, h = s.get_size()
        step = max(4, p // 5)
        for k, y in enumerate(range(0, h, step)):
            pts = [(x, y + math.sin(x / (p * 0.9) + k * 1.7) * p * 0.06) for x in range(0, w + step, step)]
            pygame.draw.lines(grain, (*GRAIN, 70 if k % 3 else 110), False, pts, max(1, p // 40))
        shape = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        self._shape(shape, centres, (255, 255, 255, 255), -0.06, 0)
        grain.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(grain, (0, 0))

    def _hole(self, s: pygame.Surface, centre: tuple[int, int]) -> None:
        p = self.pitch
        x, y = centre
        rad = max(3, int(p * 0.2))
        pygame.draw.circle(s, T.shade(WOOD, 0.12), (x, y + max(1, p // 40)), rad + max(1, p // 30))
        pygame.draw.circle(s, HOLE_RIM, (x, y), rad + max(1, p // 40))
        pygame.draw.circle(s, HOLE, (x, y), rad)
        pygame.draw.circle(s, T.shade(HOLE, -0.4), (x, y - rad // 4), int(rad * 0.7))

    # -- the pegs ---------------------------------------------------------------------------------------

    def make_sprite(self, code: int, pitch: int, variant) -> pygame.Surface | None:
        if code != PEG:
            return None
        big, k, done = self.supersampled(pitch, pitch)
        P = pitch * k
        cx, cy = P / 2, P * 0.47
        r = P * 0.3
        pygame.draw.ellipse(big, (0, 0, 0, 80), (cx - r * 0.95, cy + r * 0.35, r * 2.1, r * 1.0))
        pygame.draw.circle(big, PEG_LINE, (cx, cy + r * 0.16), r * 1.02)
        pygame.draw.circle(big, PEG_SHADE, (cx, cy + r * 0.12), r * 0.97)
        pygame.draw.circle(big, PEG_BODY, (cx, cy), r * 0.9)
        pygame.draw.circle(big, T.shade(PEG_BODY, 0.08), (cx - r * 0.1, cy - r * 0.1), r * 0.62)
        pygame.draw.circle(big, PEG_SHINE, (cx - r * 0.34, cy - r * 0.36), r * 0.2)
        pygame.draw.circle(big, PEG_LINE, (cx, cy), r * 0.9, max(1, int(P * 0.012)))
        return done()

    # -- a jump on its way ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, position: bytes, motion: Motion | None, hl) -> None:
        """As every board draws, the pegs a jump takes drawn by the motion itself (they sink away as the
        jumper passes, or rise back on an undo)."""
        if motion is not None:
            changing = self._changing(motion)
            before = bytes(0 if i in changing else code for i, code in enumerate(motion.before))
            motion = replace(motion, before=before)
            self._fading = changing
        else:
            self._fading = {}
        super().draw(surface, position, motion, hl)

    def _changing(self, motion: Motion) -> dict[int, tuple[float, bool]]:
        """The holes a jump empties or fills besides the jumper's: when (0..1 along the route) and whether
        each held a peg before."""
        route = list(motion.route) or [s for s, _ in motion.paths] + [d for _, d in motion.paths]
        hops = max(1, len(route) - 1)
        out: dict[int, tuple[float, bool]] = {}
        ends = {route[0], route[-1]}
        for k, (a, b) in enumerate(zip(route, route[1:])):
            (r0, c0), (r1, c1) = self.board.cells[a], self.board.cells[b]
            mid = self.board.at((r0 + r1) // 2, (c0 + c1) // 2)
            if mid is not None and mid not in ends and motion.before[mid] != motion.after[mid]:
                out[mid] = ((k + 0.5) / hops, motion.before[mid] == PEG)
        return out

    def draw_motion(self, surface, motion: Motion) -> None:
        t = motion.t
        for cell, (at, was) in self._fading.items():
            shown = (1.0 - self._ramp(t, at)) if was else self._ramp(t, at)
            if shown > 0.02:
                self.blit_piece(surface, PEG, self.cell_rect(cell), None, 0.55 + 0.45 * shown)
        route = list(motion.route) if len(motion.route) > 1 else None
        if route is None:
            super().draw_motion(surface, motion)
            return
        hops = len(route) - 1
        k = min(hops - 1, int(t * hops))
        local = t * hops - k
        a, b = self.cell_rect(route[k]), self.cell_rect(route[k + 1])
        rect = pygame.Rect(round(a.x + (b.x - a.x) * local), round(a.y + (b.y - a.y) * local), a.w, a.h)
        h = arc(local) * self.lift(motion.kind) * self.pitch
        self.blit_shadow(surface, rect, 0.7 - 0.4 * arc(local))
        self.blit_piece(surface, motion.before[route[0]] or PEG, rect, None, 1.0 + 0.12 * arc(local), h)

    @staticmethod
    def _ramp(t: float, at: float) -> float:
        """0 before the jumper reaches a hole's middle, 1 soon after."""
        return max(0.0, min(1.0, (t - at) * 6.0 + 0.5))


DRAWING = Drawing({"pegs": PegsView}, distinct=lambda: [], inputs={"pegs": PegInput})
