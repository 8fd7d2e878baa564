"""Sokoban's warehouse: brick walls, a floor of boards, painted targets, wooden crates (painted
steel-blue once on a target, with a white ring: told apart by shape as well as colour) and a keeper
in a hard hat, seen from above, who walks cell by cell along the way he takes.

A grid of a thousand levels shows a screenful of sketches instead (:func:`sketch`): each level's start
drawn flat from its file's rows in the same colours, without building its rules, a few filled shapes a
cell (a fraction of a millisecond, where building the rules and drawing this view take about ten)."""
from __future__ import annotations

import functools
import math

import pygame

from game.catalog.spec import PuzzleSpec
from game.families.base import Drawing
from game.families.sokoban.ui.view_input import WalkInput
from game.families.sokoban.level import BOX, BOXES, KEEPER, KEEPERS, TARGETS, WALL
from game.families.sokoban.rules import SokobanPuzzle
from game.ui import theme as T
from game.ui.tween import arc
from game.ui.views.base import BoardView, Mark, Motion

BRICK = (158, 84, 62)
MORTAR = (104, 70, 60)
FLOOR = (200, 180, 146)
SEAM = (170, 148, 112)
TARGET = (232, 168, 36)
CRATE = (202, 144, 74)
HOME = (62, 116, 176)           # a crate on its target
OVERALLS = (46, 92, 160)
HAT = (246, 204, 52)
SKIN = (236, 190, 150)
FACING = {(1, 0): 0, (0, 1): 1, (-1, 0): 2, (0, -1): 3}   # down, right, up, left: quarter turns from down
STRIDES = 6                     # drawn phases of a step


class SokobanView(BoardView):
    draws_without_text = True   # shapes only: the demo may draw the next board in another thread
    gap = 0.06
    frame = 0.12
    board_radius = 0.08

    def __init__(self, spec: PuzzleSpec) -> None:
        super().__init__(spec)
        puzzle = self.puzzle
        assert isinstance(puzzle, SokobanPuzzle)
        self.level = puzzle.level
        self.targets = puzzle.on_target

    def grid_size(self) -> tuple[int, int]:
        return self.level.width, self.level.height

    def goal_words(self) -> str:
        return ""

    # -- the warehouse ---------------------------------------------------------------------------
    def _grid_rect(self, r: int, c: int, fr: pygame.Rect) -> pygame.Rect:
        p = self.pitch
        return pygame.Rect(self.origin[0] + c * p - fr.x, self.origin[1] + r * p - fr.y, p, p)

    def make_board(self) -> pygame.Surface:
        fr = self.frame_rect()
        p = self.pitch
        s = pygame.Surface(fr.size, pygame.SRCALPHA)
        walls = [(r, c) for r, row in enumerate(self.level.rows) for c, ch in enumerate(row) if ch == WALL]
        for r, c in walls:   # the shadow the building casts
            pygame.draw.rect(s, (0, 0, 0, 70), self._grid_rect(r, c, fr).move(p // 14, p // 10))
        for cell in range(len(self.board)):
            self._floor(s, self.cell_rect(cell).move(-fr.x, -fr.y), cell in self.targets)
        for r, c in walls:
            self._brick(s, self._grid_rect(r, c, fr), r, c)
        return s

    def _floor(self, s: pygame.Surface, rect: pygame.Rect, target: bool) -> None:
        p = self.pitch
        pygame.draw.rect(s, FLOOR, rect)
        for i in range(1, 3):   # boards, three to a cell
            y = rect.y + i * p // 3
            pygame.draw.line(s, SEAM, (rect.x, y), (rect.right - 1, y), max(1, p // 48))
        pygame.draw.rect(s, T.shade(FLOOR, -0.12), rect, max(1, p // 40))
        if target:
            c = rect.center
            rad = int(p * 0.3)
            pygame.draw.circle(s, T.shade(TARGET, -0.35), (c[0], c[1] + max(1, p // 40)), rad, max(2, p // 12))
            pygame.draw.circle(s, TARGET, c, rad, max(2, p // 12))
            d = int(p * 0.12)
            pygame.draw.polygon(s, TARGET, [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])])

    def _brick(self, s: pygame.Surface, rect: pygame.Rect, r: int, c: int) -> None:
        p = self.pitch
        pygame.draw.rect(s, MORTAR, rect)
        rows = 3
        h = p / rows
        for i in range(rows):
            y0 = rect.y + round(i * h)
            y1 = rect.y + round((i + 1) * h)
            shift = (0.5 if (i + r * rows) % 2 else 0.0) * p / 2
            x = rect.x - shift
            while x < rect.right:
                left, right = max(rect.x, round(x)), min(rect.right, round(x + p / 2))
                if right - left > 1:
                    brick = pygame.Rect(left + 1, y0 + 1, right - left - 2, y1 - y0 - 2)
                    tone = T.shade(BRICK, ((r * 7 + c * 13 + i * 5 + int(x)) % 5 - 2) * 0.03)
                    pygame.draw.rect(s, tone, brick)
                    pygame.draw.line(s, T.shade(tone, 0.18), brick.topleft, (brick.right - 1, brick.top))
                x += p / 2

    # -- crates and the keeper ---------------------------------------------------------------------
    def variant(self, position: bytes, cell: int) -> str | None:
        return "home" if position[cell] == BOX and cell in self.targets else None

    def make_sprite(self, code: int, pitch: int, variant: object) -> pygame.Surface | None:
        if code == BOX:
            return self._crate(pitch, variant == "home")
        if code == KEEPER:
            facing, stride = variant if isinstance(variant, tuple) else (0, 0)
            return self._keeper(pitch, facing, stride)
        return None

    def _crate(self, pitch: int, home: bool) -> pygame.Surface:
        big, k, done = self.supersampled(pitch, pitch)
        P = pitch * k
        g = P * self.gap
        colour = HOME if home else CRATE
        body = pygame.Rect(round(g), round(g), round(P - 2 * g), round(P - 2 * g))
        pygame.draw.rect(big, (0, 0, 0, 80), body.move(round(P * 0.03), round(P * 0.05)), border_radius=round(P * 0.06))
        pygame.draw.rect(big, T.shade(colour, -0.4), body, border_radius=round(P * 0.06))
        face = body.inflate(-round(P * 0.05), -round(P * 0.05))
        pygame.draw.rect(big, colour, face, border_radius=round(P * 0.04))
        frame = max(2, round(P * 0.09))
        edge = T.shade(colour, -0.22)
        pygame.draw.rect(big, edge, face, frame, border_radius=round(P * 0.04))
        inner = face.inflate(-2 * frame, -2 * frame)
        for i in range(1, 3):   # planks behind the brace
            y = inner.y + i * inner.h // 3
            pygame.draw.line(big, T.shade(colour, -0.12), (inner.x, y), (inner.right, y), max(1, round(P * 0.015)))
        pygame.draw.line(big, edge, inner.topleft, inner.bottomright, frame)
        pygame.draw.line(big, T.shade(colour, 0.25), (face.x + frame // 2, face.y + 2), (face.right - frame // 2, face.y + 2),
                         max(1, round(P * 0.02)))
        if home:   # the sign of a crate in place: a white ring round a dot
            c = face.center
            pygame.draw.circle(big, (250, 250, 250), c, round(P * 0.17), max(2, round(P * 0.045)))
            pygame.draw.circle(big, (250, 250, 250), c, round(P * 0.05))
        return done()

    def _keeper(self, pitch: int, facing: int, stride: int) -> pygame.Surface:
        """The keeper from above, facing down (turned ``facing`` quarter turns), mid-stride ``stride``."""
        big, k, done = self.supersampled(pitch, pitch)
        P = pitch * k
        swing = math.sin(2 * math.pi * stride / STRIDES) * 0.12
        line = max(2, round(P * 0.025))
        pygame.draw.ellipse(big, (0, 0, 0, 70), (P * 0.2, P * 0.26, P * 0.64, P * 0.6))
        for side, phase in ((-1, 1), (1, -1)):   # boots, stepping
            x = P * (0.5 + side * 0.13)
            y = P * (0.5 + phase * swing + 0.08)
            boot = pygame.Rect(0, 0, round(P * 0.13), round(P * 0.2))
            boot.center = (round(x), round(y + P * 0.12))
            pygame.draw.ellipse(big, (60, 44, 34), boot)
        shoulders = pygame.Rect(round(P * 0.22), round(P * 0.34), round(P * 0.56), round(P * 0.34))
        pygame.draw.ellipse(big, OVERALLS, shoulders)
        pygame.draw.ellipse(big, T.shade(OVERALLS, -0.4), shoulders, line)
        for side, phase in ((-1, -1), (1, 1)):   # hands, swinging against the boots
            c = (round(P * (0.5 + side * 0.3)), round(P * (0.52 + phase * swing * 0.8)))
            pygame.draw.circle(big, SKIN, c, round(P * 0.065))
            pygame.draw.circle(big, T.shade(SKIN, -0.35), c, round(P * 0.065), max(1, line // 2))
        head = (round(P * 0.5), round(P * 0.5))
        pygame.draw.circle(big, SKIN, (head[0], head[1] + round(P * 0.06)), round(P * 0.13))
        pygame.draw.circle(big, T.shade(HAT, -0.35), head, round(P * 0.17))
        pygame.draw.circle(big, HAT, head, round(P * 0.17) - line)
        brim = pygame.Rect(0, 0, round(P * 0.26), round(P * 0.1))
        brim.center = (head[0], head[1] + round(P * 0.15))
        pygame.draw.ellipse(big, T.shade(HAT, -0.2), brim)
        pygame.draw.line(big, T.shade(HAT, 0.35), (head[0] - round(P * 0.08), head[1] - round(P * 0.08)),
                         (head[0] - round(P * 0.02), head[1] - round(P * 0.12)), line)
        sprite = done()
        return pygame.transform.rotate(sprite, 90 * facing) if facing else sprite

    # -- the keeper walks ----------------------------------------------------------------------------
    def draw_motion(self, surface: pygame.Surface, motion: Motion) -> None:
        """The keeper walks the cells of its way; a pushed crate slides with the last step."""
        route = list(motion.route) or [motion.paths[0][0], motion.paths[0][1]]
        keeper = next(((s, d) for s, d in motion.paths if motion.before[s] == KEEPER), None)
        crate = next(((s, d) for s, d in motion.paths if motion.before[s] == BOX), None)
        if keeper is None:
            return super().draw_motion(surface, motion)
        if route[0] != keeper[0] or route[-1] != keeper[1]:
            route = [keeper[0], keeper[1]]
        steps = len(route) - 1
        travelled = motion.t * steps
        leg = min(steps - 1, int(travelled))
        f = travelled - leg
        a, b = self.cell_rect(route[leg]), self.cell_rect(route[leg + 1])
        if crate is not None and leg == steps - 1:
            ca, cb = self.cell_rect(crate[0]), self.cell_rect(crate[1])
            rect = pygame.Rect(round(ca.x + (cb.x - ca.x) * f), round(ca.y + (cb.y - ca.y) * f), ca.w, ca.h)
            self.blit_piece(surface, BOX, rect, "home" if crate[1] in self.targets and f > 0.98 else None, 1.0)
        elif crate is not None:
            self.blit_piece(surface, BOX, self.cell_rect(crate[0]), self.variant(motion.before, crate[0]), 1.0)
        (r0, c0), (r1, c1) = self.board.cells[route[leg]], self.board.cells[route[leg + 1]]
        facing = FACING.get((r1 - r0, c1 - c0), 0)
        stride = int(travelled * STRIDES / 2) % STRIDES
        rect = pygame.Rect(round(a.x + (b.x - a.x) * f), round(a.y + (b.y - a.y) * f - arc(f) * self.pitch * 0.03),
                           a.w, a.h)
        self.blit_piece(surface, KEEPER, rect, (facing, stride), 1.0)

    def mark_center(self, mark: Mark) -> tuple[int, int]:
        """A push's badge on its crate, on the side it goes; a step's on the keeper, likewise."""
        paths = mark.paths[-1:] if len(mark.paths) > 1 else mark.paths
        return super().mark_center(Mark(mark.move, mark.verdict, paths, mark.on_target))


# -- a sketch: the start drawn flat from the file's rows, without the rules ----------------------------
def sketch(rows: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface:
    """The level ``rows`` draw (XSB characters, as its file has them) on a transparent picture of ``size``,
    as large as fits, centred; an empty picture for rows that draw nothing."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    width = max((len(row) for row in rows), default=0)
    if not width:
        return out
    pitch = max(1, min(size[0] // width, size[1] // len(rows), MAX_PITCH))
    left = (size[0] - pitch * width) // 2
    top = (size[1] - pitch * len(rows)) // 2
    cells = _cells(pitch)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cell = cells.get(ch)
            if cell is not None:
                out.blit(cell, (left + c * pitch, top + r * pitch))
    return out


MAX_PITCH = 256   # a sketch's cells at most this large (a sketch is a small picture)


@functools.lru_cache(maxsize=16)
def _cells(pitch: int) -> dict[str, pygame.Surface]:
    """Each character's cell drawn once at ``pitch`` (a grid's sketches share a few pitches): a sketch is
    then a blit a cell."""
    out = {}
    for ch in WALL + "-_.$*@+":   # a wall, floor as files write it, and what stands on floor
        cell = pygame.Surface((pitch, pitch), pygame.SRCALPHA)
        _cell(cell, cell.get_rect(), ch)
        out[ch] = cell
    return out


def _cell(out: pygame.Surface, rect: pygame.Rect, ch: str) -> None:
    """One cell: a wall, or floor with what stands on it."""
    p = rect.w
    if ch == WALL:
        pygame.draw.rect(out, MORTAR, rect)
        if p >= 4:
            pygame.draw.rect(out, BRICK, rect.inflate(-max(1, p // 8), -max(1, p // 8)))
        return
    pygame.draw.rect(out, FLOOR, rect)
    if p >= 6:
        pygame.draw.rect(out, SEAM, rect, 1)
    if ch in TARGETS:
        pygame.draw.circle(out, TARGET, rect.center, max(1, p * 3 // 10), max(1, p // 8) if p >= 8 else 0)
    if ch in BOXES:
        body = rect.inflate(-max(0, p // 6), -max(0, p // 6))
        colour = HOME if ch in TARGETS else CRATE
        pygame.draw.rect(out, T.shade(colour, -0.35), body, border_radius=max(0, p // 8))
        pygame.draw.rect(out, colour, body.inflate(-max(0, p // 8), -max(0, p // 8)), border_radius=max(0, p // 10))
        if ch in TARGETS and p >= 6:   # in place: the white dot of the board's ring
            pygame.draw.circle(out, (250, 250, 250), rect.center, max(1, p // 7))
    elif ch in KEEPERS:   # the hard hat, seen from above, on the overalls' shoulders
        pygame.draw.ellipse(out, OVERALLS, rect.inflate(-max(0, p // 6), -max(0, p * 2 // 5)))
        pygame.draw.circle(out, T.shade(HAT, -0.45), rect.center, max(1, p * 3 // 10))
        pygame.draw.circle(out, HAT, rect.center, max(1, p // 4))


DRAWING = Drawing({"sokoban": SokobanView}, distinct=lambda: [{"crate": CRATE, "crate on a target": HOME}],
                  inputs={"sokoban": WalkInput}, sketches={"sokoban": sketch})
