"""Robots drawn as small machines on a steel deck: each robot has its own colour, head (a dome, a box, twin
antennae) and mark (its name's first letter, G for the green robot, 緑 in Japanese), and the target robot
glows. Identical helpers are painted apart by who is who (:mod:`game.rules.identities`: the game's history
says it, the highlights bring it), so a robot keeps its colour as it moves, undone or redone. Its target
cell is marked in its colour with a ringed hatch. Wall blocks stand up from the deck; where the board's
edge stops a robot (Ricochet Robots) the deck has a raised rim, where a robot would fall off (Lunar
Lockout) the deck ends in a bare drop.
"""
from __future__ import annotations

import random

import pygame

from solvers.rules import EMPTY

from game.catalog.spec import PuzzleSpec
from game.common.i18n import language
from game.common.phrase import translated
from game.families.base import Drawing
from game.families.robots.rules import HELPERS, TARGET, UNPAINTED, Paint, RobotsPuzzle, robot_paints
from game.fontsubset import UI
from game.ui import theme as T
from game.ui.views.base import BoardView

Colour = tuple[int, int, int]

SPACE = (24, 30, 48)
DECK = (74, 86, 104)
DECK_CELL = (92, 106, 126)
DECK_LINE = (54, 64, 80)
RIM = (150, 160, 176)
WALL = (52, 56, 66)
WALL_TOP = (84, 90, 104)
HAZARD = (226, 180, 40)
INK = (24, 26, 32)
HEADS = ("dome", "box", "twin")


class RobotsView(BoardView):
    gap = 0.08
    frame = 0.3
    board_radius = 0.12

    def __init__(self, spec: PuzzleSpec) -> None:
        super().__init__(spec)
        puzzle = self.puzzle
        assert isinstance(puzzle, RobotsPuzzle), "the robots view draws robot puzzles"
        self.robots = puzzle
        self.targets = {cell: next(iter(ok)) for cell, ok in enumerate(puzzle.pattern)
                        if ok is not None and ok != {EMPTY}}
        self.paints = robot_paints(puzzle.cast, set(self.targets.values()))
        helpers = [(code, place) for code, paints in self.paints.items() if code not in self.targets.values()
                   for place in range(len(paints))]
        self.heads = {robot: HEADS[i % len(HEADS)] for i, robot in enumerate(helpers)}
        rows, cols = puzzle.size
        self.walls = [(r, c) for r in range(rows) for c in range(cols) if self.board.at(r, c) is None]
        self.stops = self.robots.edge == "stop"
        self.frame = 0.3 if self.stops else 0.5   # Lunar Lockout's deck floats in a wider field of space

    def grid_size(self) -> tuple[int, int]:
        return self.robots.size[1], self.robots.size[0]

    # -- the robots ---------------------------------------------------------------------------------
    def paint(self, code: int, place: int | None) -> Paint:
        """How the robot of ``code`` at ``place`` among its code's robots (its identity) is painted."""
        paints = self.paints[code]
        return paints[(place or 0) % len(paints)]

    def variant(self, position: bytes, cell: int) -> tuple[int, str]:
        """The robot's identity, and the language its mark is written in."""
        return self.travel_variant(cell)

    def travel_variant(self, cell: int) -> tuple[int, str]:
        return (self.who[cell] if cell < len(self.who) else 0), language()

    def make_sprite(self, code: int, pitch: int, variant: object) -> pygame.Surface | None:
        if code == EMPTY:
            return None
        place = variant[0] if isinstance(variant, tuple) else 0
        paint = self.paint(code, place)
        big, k, done = self.supersampled(pitch, pitch)
        target = code in self.targets.values()
        draw_robot(big, pitch * k, paint.colour, "dome" if target else self.heads.get((code, place), "dome"), target,
                   paint.letter or translated(paint.name)[:1].upper())
        return done()

    # -- the deck -------------------------------------------------------------------------------------
    def make_board(self) -> pygame.Surface:
        surface, fr, rad = self.slab(SPACE if not self.stops else T.shade(RIM, -0.35))
        p = self.pitch
        deck = self.rect.move(-fr.x, -fr.y)
        if self.stops:   # a raised rim the robots bump against
            pygame.draw.rect(surface, RIM, deck.inflate(p // 4, p // 4), border_radius=max(2, p // 10))
            pygame.draw.rect(surface, T.shade(RIM, -0.25), deck.inflate(p // 4, p // 4), max(1, p // 30),
                             border_radius=max(2, p // 10))
        else:            # the deck's bare edge over space, and a few stars
            stars = random.Random(len(self.board))
            for _ in range(6 * (self.board.width + self.board.height)):
                x, y = stars.randrange(fr.w), stars.randrange(fr.h)
                if not deck.inflate(p // 6, p // 6).collidepoint(x, y) and surface.get_at((x, y)).a == 255:
                    size = max(1, round(p * stars.choice((0.01, 0.01, 0.015, 0.025))))
                    pygame.draw.circle(surface, T.shade(SPACE, stars.uniform(0.35, 0.85)), (x, y), size)
            pygame.draw.rect(surface, T.shade(DECK, -0.45), deck.inflate(p // 12, p // 12).move(0, p // 14))
        pygame.draw.rect(surface, DECK, deck)
        for i in range(len(self.board)):
            square = self.cell_rect(i).move(-fr.x, -fr.y)
            pygame.draw.rect(surface, DECK_CELL, square.inflate(-p // 12, -p // 12), border_radius=max(2, p // 12))
            pygame.draw.rect(surface, DECK_LINE, square, max(1, p // 40))
        for cell, code in self.targets.items():
            self._target(surface, self.cell_rect(cell).move(-fr.x, -fr.y), self.paint(code, 0).colour)
        for r, c in self.walls:
            self._wall(surface, pygame.Rect(deck.x + c * p, deck.y + r * p, p, p))
        return surface

    def _target(self, surface: pygame.Surface, cell: pygame.Rect, colour: Colour) -> None:
        """A hatch in the robot's colour: a ring of the colour round a dark well, crossed by two bars."""
        p = self.pitch
        inner = cell.inflate(-p // 6, -p // 6)
        pygame.draw.rect(surface, T.shade(colour, -0.35), inner, border_radius=p // 6)
        pygame.draw.rect(surface, colour, inner, max(2, p // 14), border_radius=p // 6)
        well = inner.inflate(-p // 4, -p // 4)
        pygame.draw.rect(surface, T.shade(colour, -0.6), well, border_radius=p // 10)
        width = max(1, p // 28)
        pygame.draw.line(surface, colour, (well.left, well.centery), (well.right, well.centery), width)
        pygame.draw.line(surface, colour, (well.centerx, well.top), (well.centerx, well.bottom), width)

    def _wall(self, surface: pygame.Surface, cell: pygame.Rect) -> None:
        """A steel block standing on the deck, a band of hazard stripes on its face."""
        p = self.pitch
        block = cell.inflate(-p // 20, -p // 20)
        pygame.draw.rect(surface, (0, 0, 0, 90), block.move(0, p // 16), border_radius=p // 10)
        pygame.draw.rect(surface, WALL, block, border_radius=p // 10)
        top = block.inflate(-p // 8, -p // 8).move(0, -p // 24)
        pygame.draw.rect(surface, WALL_TOP, top, border_radius=p // 12)
        band = pygame.Rect(top.x, top.centery - p // 10, top.w, p // 5)
        stripes = pygame.Surface(band.size, pygame.SRCALPHA)
        step = max(4, p // 6)
        for x in range(-band.h, band.w + band.h, step):
            pygame.draw.polygon(stripes, HAZARD, [(x, band.h), (x + step // 2, band.h), (x + step // 2 + band.h, 0),
                                                  (x + band.h, 0)])
        surface.blit(stripes, band.topleft)


def draw_robot(big: pygame.Surface, P: int, colour: Colour, head: str, target: bool, mark: str) -> None:
    """A robot seen from the front, filling a P x P canvas: treads, a body, a head with a visor and two eyes,
    an antenna (the target's glows), and on its chest a plate with its mark."""
    dark, light = T.shade(colour, -0.45), T.shade(colour, 0.3)
    line = max(2, P // 40)
    # the shadow and the treads
    pygame.draw.ellipse(big, (0, 0, 0, 80), (P * 0.12, P * 0.84, P * 0.76, P * 0.12))
    for x in (0.15, 0.59):
        tread = pygame.Rect(int(P * x), int(P * 0.74), int(P * 0.26), int(P * 0.18))
        pygame.draw.rect(big, INK, tread, border_radius=P // 16)
        for i in range(3):
            cx = tread.x + tread.w * (i + 1) // 4
            pygame.draw.circle(big, (90, 92, 100), (cx, tread.centery), max(1, P // 40))
    # the body
    body = pygame.Rect(int(P * 0.17), int(P * 0.44), int(P * 0.66), int(P * 0.36))
    pygame.draw.rect(big, dark, body.move(0, P // 40), border_radius=P // 10)
    pygame.draw.rect(big, colour, body, border_radius=P // 10)
    pygame.draw.rect(big, dark, body, line, border_radius=P // 10)
    # the head
    head_rect = pygame.Rect(int(P * 0.24), int(P * 0.15), int(P * 0.52), int(P * 0.3))
    if head == "box":
        pygame.draw.rect(big, colour, head_rect, border_radius=P // 24)
        pygame.draw.rect(big, dark, head_rect, line, border_radius=P // 24)
    else:
        dome = head_rect.inflate(0, head_rect.h // 2).move(0, head_rect.h // 4)
        pygame.draw.ellipse(big, colour, dome)
        pygame.draw.ellipse(big, dark, dome, line)
        pygame.draw.rect(big, colour, (body.x + line, body.y - P // 30, body.w - 2 * line, P // 20))
    visor = pygame.Rect(0, 0, int(head_rect.w * 0.78), int(head_rect.h * 0.42))
    visor.center = (head_rect.centerx, head_rect.centery + head_rect.h // 10)
    pygame.draw.rect(big, INK, visor, border_radius=visor.h // 2)
    for side in (-1, 1):
        pygame.draw.circle(big, (250, 246, 220), (visor.centerx + side * visor.w // 4, visor.centery),
                           max(2, visor.h // 3))
    # antennae: one, two for the twin head; the target's tip glows
    tips = [head_rect.centerx] if head != "twin" else [head_rect.x + head_rect.w // 4, head_rect.right - head_rect.w // 4]
    for x in tips:
        top = (x, int(P * 0.05))
        pygame.draw.line(big, dark, (x, head_rect.y + line), top, line)
        if target:
            pygame.draw.circle(big, (*T.shade(colour, 0.5), 110), top, max(3, P // 12))
        pygame.draw.circle(big, light if target else dark, top, max(2, P // 22))
    _chest(big, P, body.inflate(-int(P * 0.22), -int(P * 0.1)), light, dark, mark)


def _chest(big: pygame.Surface, P: int, plate: pygame.Rect, light: Colour, dark: Colour, mark: str) -> None:
    """The chest plate, in front of the chin, and the mark on it: a letter, or the first character of the
    robot's name in the player's language (three dots where no font draws it)."""
    pygame.draw.rect(big, light, plate, border_radius=P // 20)
    face = T.face_of(mark[:1]) if mark else None
    if face is None:
        for i in range(3):
            pygame.draw.circle(big, dark, (plate.x + plate.w * (i + 1) // 4, plate.centery), max(2, P // 28))
        return
    px = max(8, int(P * 0.3))
    font = T.latin_font(px, bold=True) if face == UI.name else T.load_font(face, px)
    text = font.render(mark, True, INK)
    big.blit(text, text.get_rect(center=plate.center))


def robot_colours() -> list[dict[str, Colour]]:
    """The robots' colours, which tell the robots apart (and the target from the others)."""
    return [{paint.name: paint.colour for paint in (TARGET, *HELPERS)} | {"robot past the palette": UNPAINTED}]


DRAWING = Drawing({"robots": RobotsView}, distinct=robot_colours)
