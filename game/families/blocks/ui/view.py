"""Sliding blocks of any shape: rounded wooden pieces in a recessed tray with raised walls.

Each piece is one sprite drawn at its anchor cell (its other cells draw nothing), shaped as
the union of its cells, so an L is an L. Identical pieces share a colour and kinds of one
shape get different woods. The kinds the goal pins are lacquered, and where the goal pins
them is tinted on the floor in the same colour, marked with the ring its piece carries.
The cells are a floor sunk into a wooden frame; walls are the frame left standing between them.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Iterable

import pygame

from game.common.i18n import _
from game.oracles.base import Verdict
from game.families.blocks.rules import BlocksPuzzle, Kind
from game.catalog.spec import PuzzleSpec
from game.ui import theme as T
from game.ui.views.base import BoardView, Highlights, Mark, Motion, blit_alpha, cached_shape, mark_sprite
from game.rules.pieces import Pieces
from game.families.base import Drawing
from game.families.blocks.ui.view_doors import draw_doors
from game.families.blocks.ui.view_goat import GoatView
from game.families.blocks.words import exits
from game.families.blocks.ui.view_wood import (LACQUER, even, fill_cells, kind_colours, paint_block, paint_grain, rect_of,
                                           ring_mark)

FRAME = (112, 74, 46)
FRAME_TOP = (132, 90, 56)
FLOOR = (58, 42, 32)
FLOOR_CELL = (66, 49, 37)
FLOOR_SHADE = (30, 21, 15)
BOARD_SUPERSAMPLE = 2
BEST_FIRST = (Verdict.CLOSER, Verdict.SAME, Verdict.FARTHER, Verdict.DEAD_END)


class BlocksView(BoardView):
    gap = 0.045
    frame = 0.34
    board_radius = 0.2
    draws_without_text = True   # wood, lacquer and rings: the demo may draw the next board in another thread

    def __init__(self, spec: PuzzleSpec) -> None:
        super().__init__(spec)
        puzzle = self.puzzle
        assert isinstance(puzzle, BlocksPuzzle), "the blocks view draws sliding-block puzzles"
        self.blocks = puzzle
        self.pieces = Pieces(puzzle)
        self.kind_of = {code: kind for kind in puzzle.layout.kinds for code in kind.codes}
        self.colours, self.pinned, self.lacquered = kind_colours(puzzle)
        self.targets = self._targets()
        self.exits = exits(puzzle.layout, puzzle.goal_pattern)
        self.passers = [self.colours[k] for k in puzzle.layout.kinds if k.codes[0] in puzzle.doors.passing]
        self._shown = puzzle.start
        self._board_palette = ""

    def _targets(self) -> list[tuple[Kind, tuple[int, ...]]]:
        """Where the goal pins each pinned kind: its kind and the cells of each place."""
        out = []
        for kind in self.pinned:
            for cell, ok in enumerate(self.blocks.goal_pattern):
                if ok == frozenset({kind.codes[0]}):
                    out.append((kind, self.pieces.cells(kind.codes[0], cell)))
        return out

    def grid_size(self) -> tuple[int, int]:
        return self.blocks.layout.width, self.blocks.layout.height

    # -- pieces ------------------------------------------------------------------------------------
    def make_sprite(self, code: int, pitch: int, variant):
        kind = self.kind_of.get(code)
        if kind is None or code != kind.codes[0]:
            return None
        left = min(dc for _, dc in kind.shape)
        cells = [(dr, dc - left) for dr, dc in kind.shape]
        cols, rows = max(c for _, c in cells) + 1, max(r for r, _ in cells) + 1
        big, k, done = self.supersampled(cols * pitch, rows * pitch)
        P = pitch * k
        g, rad = P * self.gap, int(P * 0.15)
        colour = self.colours[kind]
        if variant == "shadow":
            fill_cells(big, cells, P, (0, 0, 0, 80), even(g), rad)
        elif variant == "ghost":
            fill_cells(big, cells, P, (*T.shade(colour, 0.3), 200), even(g), rad)
            fill_cells(big, cells, P, (*colour, 80), even(g + P * 0.05), rad)
        else:
            paint_block(big, cells, P, colour, self.gap, kind.codes[0], kind in self.lacquered)
        return done()

    def blit_piece(self, surface, code, rect: pygame.Rect, variant, scale: float, lift: float = 0.0) -> None:
        """A piece's sprite starts at its shape's leftmost column, which may lie left of its anchor."""
        kind = self.pieces.kind(code)
        if kind is not None:
            rect = rect.move(min(dc for _, dc in kind.shape) * self.pitch, 0)
        super().blit_piece(surface, code, rect, variant, scale, lift)

    # -- the tray ------------------------------------------------------------------------------------
    def board_surface(self) -> pygame.Surface:
        """The tray, made again when the palette changes (its doors are bolder in high contrast)."""
        if self._board_palette != self.palette.name:
            self._board_surface, self._board_palette = None, self.palette.name
        return super().board_surface()

    def take_drawing(self, other: BoardView) -> bool:
        taken = super().take_drawing(other)
        if taken and isinstance(other, BlocksView):
            self._board_palette = other._board_palette
        return taken

    def make_board(self) -> pygame.Surface:
        fr = self.frame_rect()
        k = BOARD_SUPERSAMPLE
        P = self.pitch * k
        big = pygame.Surface((fr.w * k, fr.h * k), pygame.SRCALPHA)
        origin = ((self.rect.x - fr.x) * k, (self.rect.y - fr.y) * k)
        rad = int(P * self.board_radius)
        outer = big.get_rect()
        lip = max(2, P // 18)
        pygame.draw.rect(big, (0, 0, 0, 90), outer.move(0, P // 14), border_radius=rad)
        pygame.draw.rect(big, T.shade(FRAME, -0.35), outer, border_radius=rad)
        pygame.draw.rect(big, FRAME, outer.inflate(-lip, -lip).move(0, -lip // 2), border_radius=rad)
        top = outer.inflate(-3 * lip, -3 * lip).move(0, -lip)
        pygame.draw.rect(big, FRAME_TOP, top, border_radius=rad)
        mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), top, border_radius=rad)
        paint_grain(big, mask, P, 0, FRAME_TOP, 0.6)
        self._draw_floor(big, P, origin)
        self._draw_exits(big, P, origin)
        self._draw_targets(big, P, origin)
        draw_doors(big, self.board, self.blocks.doors.cells, self.passers, P, origin, self.palette.outlined)
        return pygame.transform.smoothscale(big, fr.size)

    def _draw_floor(self, big: pygame.Surface, P: int, origin: tuple[int, int]) -> None:
        """The cells are a floor sunk into the frame: shaded under its upper and left edges, lit
        along its lower and right ones. Walls are the frame left standing between the cells."""
        board = [(r, c) for r, c in self.board.cells]
        edge, lit, shade = P * 0.02, P * 0.025, P * 0.06
        fill_cells(big, board, P, T.shade(FRAME_TOP, 0.25), (-edge, -edge - lit, -edge - lit, -edge), int(P * 0.1),
                   origin)
        fill_cells(big, board, P, FLOOR_SHADE, even(-edge), int(P * 0.1), origin)
        fill_cells(big, board, P, FLOOR, (shade - edge, -edge, -edge, shade - edge), int(P * 0.08), origin)
        for r, c in board:
            cell = rect_of(origin[0] + c * P, origin[1] + r * P, P, P).inflate(-P * 0.1, -P * 0.1)
            pygame.draw.rect(big, FLOOR_CELL, cell, border_radius=int(P * 0.12))

    def _draw_exits(self, big: pygame.Surface, P: int, origin: tuple[int, int]) -> None:
        """Where the goal's piece leaves the board: the floor runs out through the frame beside its place,
        with chevrons in its colour pointing out."""
        w, h = big.get_size()
        ox, oy = origin
        for kind, cells, side in self.exits:
            rc = [self.board.cells[c] for c in cells]
            r0, r1 = min(r for r, _ in rc), max(r for r, _ in rc)
            c0, c1 = min(c for _, c in rc), max(c for _, c in rc)
            inset = P * 0.08
            across = (ox + c0 * P + inset, ox + (c1 + 1) * P - inset) if side in ("top", "bottom") else \
                (oy + r0 * P + inset, oy + (r1 + 1) * P - inset)
            edge, out = {"bottom": (oy + (r1 + 1) * P, h), "top": (oy + r0 * P, 0),
                         "left": (ox + c0 * P, 0), "right": (ox + (c1 + 1) * P, w)}[side]
            inner = edge - (P * 0.5 if out > edge else -P * 0.5)   # under the floor's last row, so they join
            lo, hi = sorted((inner, out))
            gap = rect_of(across[0], lo, across[1] - across[0], hi - lo) if side in ("top", "bottom") else \
                rect_of(lo, across[0], hi - lo, across[1] - across[0])
            pygame.draw.rect(big, FLOOR_SHADE, gap.inflate(P * 0.06, P * 0.06), border_radius=int(P * 0.08))
            pygame.draw.rect(big, FLOOR, gap, border_radius=int(P * 0.06))
            middle = (across[0] + across[1]) / 2
            for t in (0.3, 0.65):
                along = edge + (out - edge) * t
                self._chevron(big, (middle, along) if side in ("top", "bottom") else (along, middle),
                              side, self.colours[kind], P)

    def _chevron(self, big: pygame.Surface, at: tuple[float, float], side: str, colour, P: int) -> None:
        """A chevron at ``at`` pointing out of the board on ``side``."""
        dx, dy = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}[side]
        size = P * 0.09
        x, y = at
        tip = (x + dx * size, y + dy * size)
        wings = [(x - dx * size - dy * size * 1.6, y - dy * size - dx * size * 1.6),
                 (x - dx * size + dy * size * 1.6, y - dy * size + dx * size * 1.6)]
        pygame.draw.lines(big, T.shade(colour, 0.15), False, [wings[0], tip, wings[1]], max(2, int(P * 0.035)))

    def _draw_targets(self, big: pygame.Surface, P: int, origin: tuple[int, int]) -> None:
        """Each place the goal pins a kind to: tinted in the kind's colour, outlined, with its ring."""
        width = max(2, int(P * 0.035))
        for kind, cells in self.targets:
            colour = self.colours[kind]
            rc = [self.board.cells[c] for c in cells]
            layer = pygame.Surface(big.get_size(), pygame.SRCALPHA)
            inset = P * 0.03
            fill_cells(layer, rc, P, (*T.shade(colour, 0.15), 235), even(inset), int(P * 0.16), origin)
            fill_cells(layer, rc, P, (*T.mix(FLOOR, colour, 0.3), 255), even(inset + width), int(P * 0.13), origin)
            cx = origin[0] + sum(c + 0.5 for _, c in rc) / len(rc) * P
            cy = origin[1] + sum(r + 0.5 for r, _ in rc) / len(rc) * P
            if kind in self.lacquered:
                ring_mark(layer, (cx, cy), P * 0.16, (*T.shade(colour, 0.2), 150), max(2, int(P * 0.03)))
            big.blit(layer, (0, 0))

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: bytes, motion: Motion | None, hl: Highlights) -> None:
        """As every view draws, with a "no" shaking the whole piece the refused cell belongs to."""
        self._shown = motion.before if motion else position
        if hl.nope is not None:
            hl = replace(hl, nope=self.pieces.anchor(self._shown, hl.nope))
        super().draw(surface, position, motion, hl)

    def draw_motion(self, surface, motion: Motion) -> None:
        """Each moving piece glides along its route, turning where the route turns."""
        for src, dst in motion.paths:
            code = motion.before[src]
            if not self.pieces.is_anchor(code):
                continue
            route = motion.route if len(motion.route) > 1 and motion.route[0] == src and motion.route[-1] == dst \
                else (src, dst)
            x, y = self.along(route, motion.t)
            self.blit_piece(surface, code, pygame.Rect(round(x), round(y), self.pitch, self.pitch), None, 1.0)

    def along(self, route: tuple[int, ...], t: float) -> tuple[float, float]:
        """The top-left corner of the anchor cell a fraction ``t`` of the way along ``route``."""
        points = [self.cell_rect(cell).topleft for cell in route]
        legs = [math.dist(a, b) for a, b in zip(points, points[1:])]
        left = max(0.0, min(1.0, t)) * sum(legs)
        for (a, b), leg in zip(zip(points, points[1:]), legs):
            if left <= leg and leg > 0:
                f = left / leg
                return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
            left -= leg
        return points[-1]

    def draw_drag(self, surface, shown: bytes, hl: Highlights) -> None:
        """Where the piece would land (a ghost), then the piece itself, lifted over its shadow."""
        anchor = next((c for c in sorted(hl.drag_cells) if self.pieces.is_anchor(shown[c])), None)
        if anchor is None:
            return
        if hl.ghost is not None:
            self.blit_piece(surface, hl.ghost[1], self.cell_rect(hl.ghost[0]), "ghost", 1.0)
        code = shown[anchor]
        dx, dy = hl.drag_offset
        rect = self.cell_rect(anchor).move(dx, dy)
        self.blit_piece(surface, code, rect.move(self.pitch // 25, self.pitch // 12), "shadow", 1.0)
        self.blit_piece(surface, code, rect.move(0, -self.pitch // 20), None, 1.0)

    def outline(self, surface, cells: Iterable[int], colour, width_f: float, alpha: int,
                fill_alpha: int = 0) -> None:
        """An outline round the union of ``cells`` (a piece, or a place it may go)."""
        rc = [self.board.cells[c] for c in cells]
        if not rc:
            return
        top, left = min(r for r, _ in rc), min(c for _, c in rc)
        rel = frozenset((r - top, c - left) for r, c in rc)
        p = self.pitch
        width = max(2, int(p * width_f))
        margin = width + 2

        def make() -> pygame.Surface:
            k = 2
            rows, cols = max(r for r, _ in rel) + 1, max(c for _, c in rel) + 1
            big = pygame.Surface(((cols * p + 2 * margin) * k, (rows * p + 2 * margin) * k), pygame.SRCALPHA)
            at = (margin * k, margin * k)
            inset = (p * 0.02 - width) * k
            fill_cells(big, rel, p * k, (*colour, 255), even(inset), int(p * 0.17 * k), at)
            fill_cells(big, rel, p * k, (*colour, fill_alpha), even(inset + width * k), int(p * 0.14 * k), at)
            return pygame.transform.smoothscale(big, (cols * p + 2 * margin, rows * p + 2 * margin))
        shape = cached_shape(("piece-outline", rel, p, colour, width, fill_alpha), make)
        blit_alpha(surface, shape, (self.origin[0] + left * p - margin, self.origin[1] + top * p - margin), alpha)

    def draw_under(self, surface, hl: Highlights) -> None:
        pal = self.palette
        if hl.hint_to:
            self.outline(surface, hl.hint_to, pal.hint, 0.035, int(200 * self.pulse(hl)), fill_alpha=70)

    def draw_over(self, surface, hl: Highlights) -> None:
        pal = self.palette
        p = self.pulse(hl)
        if hl.hint_from:
            self.outline(surface, hl.hint_from, pal.hint, 0.06, int(255 * p))
        if hl.selected:
            self.outline(surface, hl.selected, pal.accent, 0.065, 255)
        for place in hl.places:
            self._place_dot(surface, place, int(220 * p))
        if hl.nope is not None and hl.nope_t < 1.0:
            self.outline(surface, self.pieces.piece_at(self._shown, hl.nope), pal.nope, 0.05,
                         int(220 * (1 - hl.nope_t)))
        if hl.show_cursor:
            if hl.cursor_cells:
                self.outline(surface, hl.cursor_cells, pal.text, 0.035, 235)
            elif hl.cursor is not None and hl.cursor < len(self.board):
                self._ring(surface, hl.cursor, pal.text, 0.035, 230, inset_f=-0.01)
        if hl.marks:
            self.draw_marks(surface, hl.marks)

    def draw_marks(self, surface, marks) -> None:
        """A piece with one move is marked as every view marks it; a piece with several carries the
        best of them in its middle, and a selected piece's moves are marked where they land."""
        by_piece: dict[int, list[Mark]] = {}
        for mark in marks:
            by_piece.setdefault(mark.move.src, []).append(mark)
        simple: list[Mark] = []
        radius = max(7, int(self.pitch * 0.13))
        for group in by_piece.values():
            if len(group) == 1 or group[0].on_target:
                simple += group
                continue
            best = min(group, key=lambda m: BEST_FIRST.index(m.verdict))
            sprite = mark_sprite(best.verdict, radius, self.palette)
            cells = [a for a, _ in best.paths] or [best.move.src]
            points = [self.cell_center(c) for c in cells]
            centre = (round(sum(q[0] for q in points) / len(points)), round(sum(q[1] for q in points) / len(points)))
            surface.blit(sprite, sprite.get_rect(center=centre))
        super().draw_marks(surface, simple)

    def _place_dot(self, surface, cells: tuple[int, ...], alpha: int) -> None:
        """A dot in the middle of a place the selected piece may go (click it to go there)."""
        pal = self.palette
        points = [self.cell_center(c) for c in cells]
        x, y = sum(q[0] for q in points) / len(points), sum(q[1] for q in points) / len(points)
        rad = max(4, int(self.pitch * 0.16))
        dot = cached_shape(("place-dot", rad, pal.good), lambda: _dot(pal, rad))
        blit_alpha(surface, dot, (round(x) - rad, round(y) - rad), alpha)


def _dot(palette: T.Palette, rad: int) -> pygame.Surface:
    s = pygame.Surface((2 * rad, 2 * rad), pygame.SRCALPHA)
    pygame.draw.circle(s, (*T.shade(palette.good, -0.35), 255), (rad, rad), rad)
    pygame.draw.circle(s, (*palette.good, 255), (rad, rad), rad - max(1, rad // 4))
    return s


DRAWING = Drawing({"blocks": BlocksView, "goat": GoatView},
                  distinct=lambda: [{f"lacquer {i}": c for i, c in enumerate(LACQUER)}])   # goal pieces: their places
