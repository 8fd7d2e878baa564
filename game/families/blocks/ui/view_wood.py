"""Wood for the sliding blocks: pieces of any shape as one rounded, bevelled, grained block; the
colours of the kinds (woods, and lacquer for the goal's pieces); the goal's ring.

Everything is drawn from unions of grid cells, so a piece, a place it may go, a target and
the floor of a board with walls are all drawn the same way, whatever their shape.
"""
from __future__ import annotations

import math
import random
from typing import Iterable

import pygame


from game.families.blocks.rules import BlocksPuzzle, Kind
from game.families.blocks.words import goal_kinds
from game.ui import theme as T

Colour = tuple[int, int, int]
Cell = tuple[int, int]
Insets = tuple[float, float, float, float]      # top, right, bottom, left, in pixels

WOODS: tuple[Colour, ...] = ((232, 196, 142), (180, 106, 66), (212, 152, 78), (240, 220, 178), (158, 110, 66),
                             (134, 94, 64))      # maple, cherry, oak, birch, teak, walnut
LACQUER: tuple[Colour, ...] = ((204, 54, 46), (40, 100, 200), (0, 158, 115), (240, 200, 60), (230, 130, 200))
# red, blue, green, yellow, pink (words.LACQUER_WORDS): each goal piece and its places, told apart in any colour vision
WOOD_DARKER, WOOD_ROUNDS = 0.14, 4   # later kinds: the woods again, a shade darker each round (never past black)


def fill_cells(surface: pygame.Surface, cells: Iterable[Cell], pitch: int, colour, insets: Insets,
               radius: int, offset: tuple[float, float] = (0, 0)) -> None:
    """The union of grid cells (row, column) in one colour: shrunk by ``insets`` along its outer
    edges, rounded at its outer corners, and whole inside (neighbours are bridged)."""
    cellset = set(cells)
    top, right, bottom, left = insets
    ox, oy = offset
    P, half = pitch, pitch / 2
    for r, c in cellset:
        x, y = ox + c * P, oy + r * P
        pygame.draw.rect(surface, colour, rect_of(x + left, y + top, P - left - right, P - top - bottom),
                         border_radius=radius)
        if (r, c + 1) in cellset:
            pygame.draw.rect(surface, colour, rect_of(x + half, y + top, P, P - top - bottom))
        if (r + 1, c) in cellset:
            pygame.draw.rect(surface, colour, rect_of(x + left, y + half, P - left - right, P))
        if {(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= cellset:
            pygame.draw.rect(surface, colour, rect_of(x + half, y + half, P, P))


def rect_of(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x), round(y), max(0, round(w)), max(0, round(h)))


def even(inset: float) -> Insets:
    return inset, inset, inset, inset


def ring_mark(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour, width: int) -> None:
    """The goal's sign: a ring with a dot, carried by the goal pieces and drawn where they go."""
    pygame.draw.circle(surface, colour, centre, radius, width)
    pygame.draw.circle(surface, colour, centre, max(1.0, radius * 0.28))


def kind_colours(puzzle: BlocksPuzzle) -> tuple[dict[Kind, Colour], tuple[Kind, ...], frozenset[Kind]]:
    """A colour per kind, the kinds the goal pins, and those of them lacquered (see
    :func:`~game.families.blocks.words.goal_kinds`; their names give these colours in words)."""
    kinds = puzzle.layout.kinds
    pinned, lacquered = goal_kinds(puzzle.layout, puzzle.goal_pattern)
    colours: dict[Kind, Colour] = {k: LACQUER[i % len(LACQUER)] for i, k in enumerate(lacquered)}
    woods = [k for k in kinds if k not in colours]
    for i, k in enumerate(woods):   # each wood, then each a shade darker: after four rounds they come round again
        colours[k] = T.shade(WOODS[i % len(WOODS)], -WOOD_DARKER * (i // len(WOODS) % WOOD_ROUNDS))
    return colours, pinned, frozenset(lacquered)


def paint_block(big: pygame.Surface, cells: list[Cell], P: int, colour: Colour, gap: float, seed: int,
                lacquer: bool) -> None:
    """A raised block filling the union of ``cells`` on a canvas of pitch ``P``: drop shadow, side,
    bevelled face and grain; lacquered, also a sheen and the goal's ring."""
    g, depth, bevel, rad = P * gap, P * 0.07, max(2.0, P * 0.025), int(P * 0.15)
    drop = P * 0.02
    fill_cells(big, cells, P, (0, 0, 0, 75), (g + depth + drop, g, g - drop, g), rad)
    fill_cells(big, cells, P, T.shade(colour, -0.42), (g + depth, g, g, g), rad)
    fill_cells(big, cells, P, T.shade(colour, -0.2), (g, g, g + depth, g), rad)
    fill_cells(big, cells, P, T.shade(colour, 0.28), (g, g + bevel, g + depth + bevel, g), rad)
    face = (g + bevel, g + bevel, g + depth + bevel, g + bevel)
    fill_cells(big, cells, P, colour, face, max(1, rad - int(bevel)))
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    fill_cells(mask, cells, P, (255, 255, 255, 255), face, max(1, rad - int(bevel)))
    paint_grain(big, mask, P, seed, colour, 0.4 if lacquer else 1.0)
    if lacquer:
        _gloss(big, mask, P, cells)
        cx = sum(c + 0.5 for _, c in cells) / len(cells) * P
        cy = sum(r + 0.5 for r, _ in cells) / len(cells) * P - depth / 2
        ring_mark(big, (cx, cy + P * 0.012), P * 0.16, T.shade(colour, -0.35), max(2, int(P * 0.03)))
        ring_mark(big, (cx, cy), P * 0.16, T.shade(colour, 0.45), max(2, int(P * 0.03)))


def paint_grain(big: pygame.Surface, mask: pygame.Surface, P: int, seed: int, colour: Colour,
                strength: float) -> None:
    """Gently waving grain lines along the canvas's longer side, where ``mask`` is opaque (the same
    seed, the same grain: every piece of a kind alike)."""
    rng = random.Random(seed)
    w, h = big.get_size()
    across = w >= h
    length, breadth = (w, h) if across else (h, w)
    layer = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    lines = max(4, int(breadth / P * 5))
    width = max(1, int(P * 0.012))
    for i in range(lines):
        base = (i + rng.uniform(0.2, 0.8)) * breadth / lines
        amp, freq, phase = P * rng.uniform(0.01, 0.04), rng.uniform(1.5, 3.5) / P, rng.uniform(0, 6.3)
        dark = i % 3 != 0
        tone = (*T.shade(colour, -0.16 if dark else 0.16), int((110 if dark else 80) * strength))
        wave = [(float(s), base + amp * math.sin(s * freq * math.pi + phase)) for s in range(0, length + 8, 8)]
        pygame.draw.lines(layer, tone, False, wave if across else [(y, x) for x, y in wave], width)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(layer, (0, 0))


def _gloss(big: pygame.Surface, mask: pygame.Surface, P: int, cells: list[Cell]) -> None:
    """Lacquer's sheen: a soft light band over the top of the face."""
    layer = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    steps = 12
    for r, c in cells:
        if (r - 1, c) not in cells:
            for i in range(steps):
                band = rect_of(c * P, r * P + i * P * 0.4 / steps, P, P * 0.4 / steps + 1)
                pygame.draw.rect(layer, (255, 255, 255, int(60 * (1 - i / steps) ** 1.5)), band)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(layer, (0, 0))
