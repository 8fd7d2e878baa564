"""What moves on the play screen by itself: a move gliding, the "no" shake, the celebration.

Each effect is drawing with a time parameter (a tween advanced by explicit dt), so tests and
the frame benchmark step it exactly; new input jumps a running move to its end. ``active``
says whether any effect still moves, so the loop knows when the screen may rest.
"""
from __future__ import annotations

import math
import random
from typing import Callable
from dataclasses import dataclass

import pygame

from game.common.i18n import _
from game.rules.kinds import MoveKind
from game.rules.puzzle import Move, Puzzle
from game.ui import theme as T
from game.ui.tween import Tween, ease_in_out_cubic, ease_out_cubic
from game.ui.views import Motion, move_paths

PER_CELL = 0.4          # a longer slide takes longer: this much of a one-cell move per further cell
LONGEST = 0.6           # seconds, however long the slide
NOPE_SECONDS = 0.45
CELEBRATION_SECONDS = 2.8
MAX_PARTICLES = 160


CONFETTI = 6   # colours of confetti


def confetti(palette: T.Palette) -> tuple[T.Colour, ...]:
    """The celebration's colours, from the palette in use."""
    return palette.accent, palette.good, palette.hint, palette.nope, (240, 240, 250), (190, 140, 240)


@dataclass(frozen=True)
class Glide:
    """How one move travels: the cells it carries, its kind, and the anchors its piece passes."""

    paths: tuple[tuple[int, int], ...]
    kind: MoveKind
    route: tuple[int, ...]

    def cells_travelled(self, puzzle: Puzzle) -> int:
        cells = [puzzle.board.cells[a] for a in self.route]
        return sum(abs(r1 - r0) + abs(c1 - c0) for (r0, c0), (r1, c1) in zip(cells, cells[1:]))


class Anim:
    """A move on its way: pieces glide from ``before`` to ``after`` while the tween runs."""

    def __init__(self, before: bytes, after: bytes, glide: Glide, duration: float) -> None:
        self.before, self.after, self.glide = before, after, glide
        self.tween = Tween(duration, ease_in_out_cubic if glide.kind.glides else ease_out_cubic)

    @property
    def paths(self) -> tuple[tuple[int, int], ...]:
        return self.glide.paths

    def motion(self) -> Motion:
        glide = self.glide
        return Motion(self.before, self.after, glide.paths, glide.kind, self.tween.value, glide.route)


@dataclass(slots=True)
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    colour: int               # which of the confetti's colours (drawn in the palette in use)
    angle: float
    spin: float
    size: float


def route(puzzle: Puzzle, before: bytes, move: Move) -> tuple[int, ...]:
    """The anchors a move's piece passes through: round corners for a path move, else straight."""
    return tuple(puzzle.route(before, move))


def move_between(puzzle: Puzzle, old: bytes, new: bytes) -> Glide | None:
    """How the pieces travel from ``old`` to ``new``: one move forwards, or one move backwards
    (an undo). None when the two are not one move apart (a deal, a restart)."""
    for move, after in puzzle.successors(old):
        if after == new:
            return Glide(move_paths(puzzle, old, move), puzzle.move_kind(move), route(puzzle, old, move))
    for move, after in puzzle.successors(new):
        if after == old:
            return Glide(tuple((d, s) for s, d in move_paths(puzzle, new, move)), puzzle.move_kind(move),
                         route(puzzle, new, move)[::-1])
    return None


class Effects:
    def __init__(self) -> None:
        self.anim: Anim | None = None
        self.nope: tuple[int | None, Tween] | None = None     # the cell that said "no", and its shake
        self.celebrate: Tween | None = None
        self.particles: list[Particle] = []
        self.pending: Callable[[], None] | None = None   # a celebration waiting for the last move to land

    @property
    def active(self) -> bool:
        return bool(self.anim or self.nope or self.celebrate or self.particles or self.pending)

    def motion(self) -> Motion | None:
        return self.anim.motion() if self.anim is not None else None

    # -- starting and stopping -------------------------------------------------------------------
    def glide(self, puzzle: Puzzle, old: bytes, new: bytes, playback_speed: float | None) -> None:
        """Animate the change from ``old`` to ``new`` if it is one move; a solve's moves keep pace
        with its speed."""
        self.finish_move()
        glide = move_between(puzzle, old, new)
        if glide is None:
            return
        duration = glide.kind.seconds
        cells = glide.cells_travelled(puzzle) if glide.kind.glides else 1
        if cells > 1:
            duration = min(LONGEST, duration * (1 + PER_CELL * (cells - 1)))
        if playback_speed is not None:
            duration = min(duration * 1.6, 0.85 / max(0.5, playback_speed))
        self.anim = Anim(old, new, glide, duration)

    def finish_move(self) -> None:
        """New input jumps a running move to its end."""
        if self.anim is not None:
            self.anim.tween.finish()
            self.anim = None

    def shake(self, cell: int | None) -> None:
        self.nope = (cell, Tween(NOPE_SECONDS))

    def celebrate_after_move(self, frame: pygame.Rect, pitch: int, reduce_motion: bool,
                             then: Callable[[], None] | None = None) -> None:
        """Celebrate once the winning move has landed (the next update with nothing gliding), then
        call ``then`` (the win's chord): confetti over a piece still sliding reads as a glitch. The
        winning move's glide may start after this call, in the same frame: it is waited for too."""
        def begin() -> None:
            self.start_celebration(frame, pitch, reduce_motion)
            if then is not None:
                then()

        self.pending = begin

    def start_celebration(self, frame: pygame.Rect, pitch: int, reduce_motion: bool) -> None:
        self.celebrate = Tween(CELEBRATION_SECONDS)
        if reduce_motion:
            return
        rng = random.Random()
        self.particles = [
            Particle(frame.centerx + rng.uniform(-0.3, 0.3) * frame.w, frame.centery, rng.uniform(-1, 1) * pitch * 4,
                     -rng.uniform(2.5, 6) * pitch, rng.randrange(CONFETTI), rng.uniform(0, 6.28), rng.uniform(-8, 8),
                     rng.uniform(0.06, 0.12) * pitch)
            for _ in range(MAX_PARTICLES)
        ]

    def stop_celebration(self) -> None:
        self.pending = None
        self.celebrate = None
        self.particles = []

    # -- time --------------------------------------------------------------------------------------
    def update(self, dt: float, pitch: int, floor: int) -> bool:
        """Advance every effect; True if anything was moving (so the screen must be drawn again)."""
        moving = self.active
        if self.anim is not None:
            self.anim.tween.advance(dt)
            if self.anim.tween.done:
                self.anim = None
        if self.anim is None and self.pending is not None:
            begin, self.pending = self.pending, None
            begin()
        if self.nope is not None:
            self.nope[1].advance(dt)
            if self.nope[1].done:
                self.nope = None
        if self.celebrate is not None:
            self.celebrate.advance(dt)
            if self.celebrate.done:
                self.celebrate = None
        if self.particles:
            self._fall(dt, pitch * 3.0, floor + 20)
        return moving

    def _fall(self, dt: float, gravity: float, floor: float) -> None:
        for p in self.particles:
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.vy += gravity * dt
            p.vx *= 0.99
            p.angle += p.spin * dt
        self.particles = [p for p in self.particles if p.y < floor]

    def glow(self, solved: bool, reduce_motion: bool) -> float:
        """How strongly the board's frame glows: pulsing while celebrating, softly once solved."""
        if self.celebrate is not None:
            t = self.celebrate.raw
            return (1 - t) if reduce_motion else (1 - t) * (0.6 + 0.4 * math.sin(t * 18))
        return 0.35 if solved else 0.0

    # -- drawing -------------------------------------------------------------------------------------
    def draw_celebration(self, surface: pygame.Surface, theme: T.Theme, crown: pygame.Rect, subtitle: str,
                         reduce_motion: bool) -> None:
        """The confetti, and "Solved!" on its card clear of ``crown`` (the board, its ring and its labels)."""
        colours = confetti(theme.palette)
        for p in self.particles:
            w = p.size * (0.4 + 0.6 * abs(math.cos(p.angle)))
            pygame.draw.rect(surface, colours[p.colour], (p.x - w / 2, p.y - p.size / 4, max(1, w),
                                                          max(1, p.size / 2)))
        if self.celebrate is None:
            return
        t = self.celebrate.raw
        alpha = min(1.0, t * 6, (1 - t) * 4)
        if alpha <= 0:
            return
        banner = _banner(theme, subtitle)
        scale = 1.0 if reduce_motion else ease_out_cubic(min(1.0, t * 5)) * 0.15 + 0.85
        box = banner_place(banner.get_rect(), crown, surface.get_rect(), theme.px(6))
        if abs(scale - 1) > 0.01:
            banner = pygame.transform.smoothscale(banner, (int(box.w * scale), int(box.h * scale)))
        banner.set_alpha(int(255 * alpha))
        surface.blit(banner, banner.get_rect(center=box.center))


def banner_place(box: pygame.Rect, crown: pygame.Rect, screen: pygame.Rect, margin: int) -> pygame.Rect:
    """Where the banner goes: above the board and its labels, else below them, else (no room either
    side) over the middle of the board."""
    box = box.copy()
    box.centerx = crown.centerx
    box.bottom = crown.top - margin
    if box.top >= screen.top + margin:
        return box
    box.top = crown.bottom + margin
    if box.bottom <= screen.bottom - margin:
        return box
    box.center = crown.center
    return box


def _banner(theme: T.Theme, subtitle: str) -> pygame.Surface:
    """"Solved!" over the moves made, on a rounded card with a green edge."""
    pal = theme.palette
    title = theme.text(_("Solved!"), "display", pal.text)
    sub = theme.text(subtitle, "heading", pal.good)
    size = (max(title.get_width(), sub.get_width()) + theme.px(60), title.get_height() + sub.get_height() + theme.px(30))
    banner = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(banner, (*pal.panel, 235), banner.get_rect(), border_radius=theme.px(20))
    pygame.draw.rect(banner, (*pal.good, 255), banner.get_rect(), max(2, theme.px(3)), border_radius=theme.px(20))
    banner.blit(title, title.get_rect(midtop=(size[0] // 2, theme.px(12))))
    banner.blit(sub, sub.get_rect(midtop=(size[0] // 2, theme.px(16) + title.get_height())))
    return banner
