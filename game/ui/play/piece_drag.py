"""Dragging a whole piece: it follows the pointer only through free space.

The places a piece can reach in one move, and the place it starts from, are stops; two stops
one cell apart are joined by the slide between them, which crosses free cells only. The
dragged piece slides along that network towards the pointer (along corridors and round
corners under ``path``, along its lines under ``line``, by one cell under ``cell``), never
through another piece; where the pointer has gone well past a wall, it takes the point of
the network nearest the pointer instead. Dropped, it lands on the stop nearest where it is.
"""
from __future__ import annotations

import math

from game.rules.puzzle import Board, Move
from game.ui.views.base import BoardView

Point = tuple[float, float]
Spot = tuple[int, int, float]     # on the slide from stop a to stop b, a fraction t of the way (a == b: at a)
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
JUMP = 0.6                        # cells nearer the pointer a far point must be to be jumped to


class Track:
    def __init__(self, view: BoardView, board: Board, origin: int, moves: list[Move]) -> None:
        self.origin = origin
        self.pitch = view.pitch
        self.moves: dict[int, Move] = {m.dst: m for m in moves}
        stops = {origin, *self.moves}
        self.points: dict[int, Point] = {a: view.cell_rect(a).topleft for a in stops}
        self.next_to: dict[int, list[int]] = {
            a: [b for b in (board.step(a, dr, dc) for dr, dc in STEPS) if b is not None and b in stops]
            for a in stops}
        self.here: Spot = (origin, origin, 0.0)

    def start(self) -> Point:
        return self.points[self.origin]

    def point(self, spot: Spot) -> Point:
        a, b, t = spot
        (x0, y0), (x1, y1) = self.points[a], self.points[b]
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t

    def follow(self, wanted: Point) -> tuple[Point, Move | None]:
        """Move towards a pointer wanting the anchor at ``wanted``: where the piece shows, and the
        move it would make if dropped there (None: back where it started)."""
        here = self._slide(wanted)
        far = self._nearest(wanted)
        if math.dist(self.point(far), wanted) + JUMP * self.pitch < math.dist(self.point(here), wanted):
            here = far
        self.here = here
        at = self.point(here)
        stop = min(self.points, key=lambda cell: math.dist(self.points[cell], at))
        return at, self.moves.get(stop)

    def offset(self, point: Point) -> tuple[int, int]:
        """Pixels from the piece's own place to ``point``."""
        x0, y0 = self.points[self.origin]
        return round(point[0] - x0), round(point[1] - y0)

    def _slide(self, wanted: Point) -> Spot:
        """From where the piece is, along the slides, as long as it gets nearer the pointer."""
        a, b, t = self.here
        for _ in range(4 * len(self.points) + 4):
            if a != b:
                t = self._fraction(a, b, wanted)
                if 0 < t < 1:
                    return a, b, t
                a = b if t >= 1 else a
                b, t = a, 0.0
            here = math.dist(self.points[a], wanted)
            best: tuple[float, int] | None = None
            for n in self.next_to[a]:
                f = self._fraction(a, n, wanted)
                d = math.dist(self.point((a, n, f)), wanted)
                if f > 0 and d < here - 1e-6 and (best is None or d < best[0]):
                    best = (d, n)
            if best is None:
                return a, a, 0.0
            b = best[1]
        return a, b, t

    def _nearest(self, wanted: Point) -> Spot:
        """The point of the whole network nearest the pointer."""
        spots = [(a, b, self._fraction(a, b, wanted)) for a in self.next_to for b in self.next_to[a]]
        spots.append((self.origin, self.origin, 0.0))
        return min(spots, key=lambda spot: math.dist(self.point(spot), wanted))

    def _fraction(self, a: int, b: int, p: Point) -> float:
        """How far along the slide from a to b the point nearest p lies (0..1)."""
        (x0, y0), (x1, y1) = self.points[a], self.points[b]
        dx, dy = x1 - x0, y1 - y0
        length = dx * dx + dy * dy
        return 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / length))
