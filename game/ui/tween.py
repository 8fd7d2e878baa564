"""Easing and tweens. A tween is driven by explicit time, so tests and the frame bench can step it."""
from __future__ import annotations

import math


def clamp01(t: float) -> float:
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def arc(t: float) -> float:
    """0 at both ends, 1 in the middle: the height of a jump."""
    return math.sin(math.pi * clamp01(t))


def glide_toward(current: float, target: float, dt: float, instant: bool = False) -> float:
    """One frame of a value easing toward its target (a list scrolling to where it was asked to
    be): a fixed share of the way each frame, exactly there once within half a pixel."""
    step = 1.0 if instant else min(1.0, dt * 14)
    moved = current + (target - current) * step
    return target if abs(moved - target) < 0.5 else moved


class Tween:
    """Progress from 0 to 1 over ``duration`` seconds of explicitly advanced time."""

    def __init__(self, duration: float, ease=ease_in_out_cubic) -> None:
        self.duration = max(1e-6, duration)
        self.ease = ease
        self.time = 0.0

    def advance(self, dt: float) -> None:
        self.time = min(self.duration, self.time + dt)

    def finish(self) -> None:
        """New input jumps a running animation to its end."""
        self.time = self.duration

    @property
    def raw(self) -> float:
        return clamp01(self.time / self.duration)

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        return self.time >= self.duration
