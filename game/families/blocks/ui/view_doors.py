"""Doors drawn on the sliding blocks' tray: a gate in the frame where the floor meets a door, and the
door's floor hatched, both in the colours of the pieces that may pass.

A gate is a barrier across each threshold (a run of edges between a door cell and an ordinary cell),
striped in the passers' colours and cream like a boom barrier, between two brass posts: not a wall (the
wall is the frame, with no barrier) and not floor. The door's own cells carry diagonal hatching, so a
door with no threshold of its own (inside a door region) still reads as a door. The high-contrast
palette draws the same gate bolder, with dark outlines.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.families.blocks.ui.view_wood import even, fill_cells
from game.rules.puzzle import Board
from game.ui import theme as T

Colour = tuple[int, int, int]
BRASS = (206, 168, 86)
BRASS_DARK = (112, 84, 30)
CREAM = (246, 236, 210)
INK = (24, 16, 10)


@dataclass(frozen=True)
class Threshold:
    """A straight run of edges between door cells and ordinary cells, in cell units: from ``start`` to
    ``end``, each (x, y), along the line between two rows or between two columns."""

    start: tuple[int, int]
    end: tuple[int, int]


def thresholds(board: Board, doors: frozenset[int]) -> list[Threshold]:
    """Every gate of the board: runs of edges with a door on one side and an ordinary cell on the other,
    each run on one line with its door on one side."""
    edges: dict[tuple[str, int, int], set[int]] = {}   # (line kind, line, side of the door) -> positions
    for cell in doors:
        r, c = board.cells[cell]
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            other = board.at(r + dr, c + dc)
            if other is None or other in doors:
                continue
            if dr:
                edges.setdefault(("row", r + max(dr, 0), dr), set()).add(c)
            else:
                edges.setdefault(("column", c + max(dc, 0), dc), set()).add(r)
    runs = []
    for (kind, line, _side), positions in sorted(edges.items()):
        for first, last in _runs(sorted(positions)):
            runs.append(Threshold((first, line), (last + 1, line)) if kind == "row"
                        else Threshold((line, first), (line, last + 1)))
    return runs


def _runs(positions: list[int]) -> list[tuple[int, int]]:
    """Consecutive positions as (first, last) runs."""
    out: list[tuple[int, int]] = []
    for p in positions:
        if out and p == out[-1][1] + 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out


def draw_doors(big: pygame.Surface, board: Board, doors: frozenset[int], colours: Sequence[Colour], P: int,
               origin: tuple[int, int], bold: bool) -> None:
    """The doors on the tray's canvas (pitch ``P``, cells from ``origin``): hatching on each door cell, a
    gate on each threshold; ``colours`` are those of the pieces that may pass (``bold``: high contrast)."""
    if not doors:
        return
    colours = list(colours) or [BRASS]
    _hatch(big, board, doors, [T.shade(c, 0.22) for c in colours], P, origin, bold)   # lighter: seen on a tint too
    for threshold in thresholds(board, doors):
        _gate(big, threshold, [T.shade(c, -0.12) for c in colours], P, origin, bold)   # deeper: apart from the cream


def _hatch(big: pygame.Surface, board: Board, doors: frozenset[int], colours: list[Colour], P: int,
           origin: tuple[int, int], bold: bool) -> None:
    """Diagonal stripes over the doors' floor (their cells as one region), in the passers' colours."""
    w, h = big.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    step, width = P / 5, max(2, round(P * (0.05 if bold else 0.035)))
    alpha = 150 if bold else 95
    corner = origin[0] + origin[1]                   # lines x + y = corner + i * step: through the cells' corners
    for i in range(-int(corner / step) - 1, int((w + h - corner) / step) + 2):
        x = corner + i * step
        pygame.draw.line(layer, (*colours[i % len(colours)], alpha), (x, 0), (x - h, h), width)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    inset = P * 0.06
    fill_cells(mask, [board.cells[cell] for cell in doors], P, (255, 255, 255, 255), even(inset), round(P * 0.12),
               origin)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(layer, (0, 0))


def _gate(big: pygame.Surface, threshold: Threshold, colours: list[Colour], P: int, origin: tuple[int, int],
          bold: bool) -> None:
    """A striped barrier along ``threshold`` between two brass posts."""
    (x0, y0), (x1, y1) = ((origin[0] + x * P, origin[1] + y * P) for x, y in (threshold.start, threshold.end))
    along_x = y0 == y1
    thick = P * (0.14 if bold else 0.1)
    edge = max(2, round(P * (0.03 if bold else 0.018)))
    bar = (pygame.Rect(round(x0), round(y0 - thick / 2), round(x1 - x0), round(thick)) if along_x
           else pygame.Rect(round(x0 - thick / 2), round(y0), round(thick), round(y1 - y0)))
    pygame.draw.rect(big, (0, 0, 0, 90), bar.move(0, round(P * 0.03)), border_radius=round(thick / 2))
    pygame.draw.rect(big, INK if bold else T.shade(colours[0], -0.5), bar.inflate(2 * edge, 2 * edge),
                     border_radius=round(thick / 2 + edge))
    pygame.draw.rect(big, CREAM, bar, border_radius=round(thick / 2))
    length = (x1 - x0) if along_x else (y1 - y0)
    stripe = P * 0.22
    count = max(1, round(length / stripe))
    clip = big.get_clip()
    big.set_clip(bar)
    for i in range(0, count, 2):
        colour = colours[(i // 2) % len(colours)]
        a, b = i * length / count, (i + 1) * length / count
        part = (pygame.Rect(round(x0 + a), bar.y, round(b - a), bar.h) if along_x
                else pygame.Rect(bar.x, round(y0 + a), bar.w, round(b - a)))
        pygame.draw.rect(big, colour, part)
    big.set_clip(clip)
    for x, y in ((x0, y0), (x1, y1)):
        _post(big, (x, y), P, bold)


def _post(big: pygame.Surface, at: tuple[float, float], P: int, bold: bool) -> None:
    """A brass post: a rounded square with a dark rim and a light top."""
    size = P * (0.2 if bold else 0.17)
    rect = pygame.Rect(0, 0, round(size), round(size))
    rect.center = (round(at[0]), round(at[1]))
    rim = max(2, round(P * (0.03 if bold else 0.02)))
    pygame.draw.rect(big, (0, 0, 0, 100), rect.move(0, round(P * 0.03)), border_radius=round(size * 0.3))
    pygame.draw.rect(big, INK if bold else BRASS_DARK, rect.inflate(2 * rim, 2 * rim), border_radius=round(size * 0.35))
    pygame.draw.rect(big, BRASS, rect, border_radius=round(size * 0.3))
    pygame.draw.rect(big, T.shade(BRASS, 0.4), rect.inflate(-size * 0.45, -size * 0.45), border_radius=round(size * 0.2))
