"""The game's sounds, made by the program: a few lines of numpy each, no files, no licences.

Every sound is a mono float32 array at ``rate`` samples a second, in [-PEAK, PEAK], starting and
ending at silence (no click at either end). The primitives here (a struck piece of wood, a tone
that may glide, placed in time) are what each family's kinds of move are made of, after what
moves in the picture: a tile's wooden tock here, a block's scrape and knock, a frog's leap, a
knight's hoof beats, two stones set down, in their families. The "no" is low and soft; the win is
a bright chord, broken. Nothing here needs pygame: the window plays what this makes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

RATE = 44100
PEAK = 0.9          # every effect is scaled to this peak: loud enough, never clipping
FADE = 0.004        # seconds of fade at each end


Wave = np.ndarray


@dataclass(frozen=True, eq=False)
class Sound:
    """One effect: how it is made (samples at a rate) and how loud it plays beside the others."""

    name: str                                  # for people and tests: "jump", "win"
    make: Callable[[int], Wave]
    level: float = 0.5                         # of the player's volume: the win rings out, a slide is soft

    def __repr__(self) -> str:
        return f"<Sound {self.name}>"


def timeline(seconds: float, rate: int) -> Wave:
    """Sample times for ``seconds`` at ``rate`` (at least one sample)."""
    return np.arange(max(1, int(seconds * rate)), dtype=np.float64) / rate


def decay(t: Wave, seconds: float) -> Wave:
    """An exponential fall to about 1/1000 over ``seconds``."""
    return np.exp(-t * (6.9 / seconds))


def attack(t: Wave, seconds: float) -> Wave:
    return np.clip(t / seconds, 0.0, 1.0)


def tone(t: Wave, freq: float | Wave, partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),)) -> Wave:
    """A sum of sine partials (ratio, level) of a frequency that may glide (an array per sample)."""
    hz = np.asarray(freq, dtype=np.float64) * np.ones_like(t)
    dt = t[1] - t[0] if len(t) > 1 else 1.0
    phase = 2 * np.pi * np.cumsum(hz) * dt
    out = np.zeros_like(t)
    for ratio, level in partials:
        out += level * np.sin(ratio * phase)
    return out


def noise(t: Wave, seed: int) -> Wave:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, len(t))


def smooth(wave: Wave, width: int) -> Wave:
    """A gentle low-pass: the running mean over ``width`` samples."""
    if width <= 1:
        return wave
    kernel = np.ones(width) / width
    return np.convolve(wave, kernel, mode="same")


def knock(t: Wave, freq: float, seconds: float, brightness: float, seed: int) -> Wave:
    """Wood struck: a quickly dying tone with inharmonic partials and a click of filtered noise."""
    body = tone(t, freq, ((1.0, 1.0), (2.76, 0.45 * brightness), (5.4, 0.2 * brightness))) * decay(t, seconds)
    click = smooth(noise(t, seed), 6) * decay(t, seconds * 0.18) * 0.6 * brightness
    return (body + click) * attack(t, 0.0015)


def place(total: Wave, part: Wave, at: float, rate: int) -> None:
    start = int(at * rate)
    end = min(len(total), start + len(part))
    if start < end:
        total[start:end] += part[:end - start]


def slide(rate: int) -> Wave:
    """A tile slides into the gap: a short wooden tock."""
    t = timeline(0.12, rate)
    return knock(t, 520.0, 0.09, 0.8, 1)


def no(rate: int) -> Wave:
    """The gentle "no": two low, soft notes falling, rounded (no harsh edge)."""
    out = np.zeros(len(timeline(0.26, rate)))
    for i, freq in enumerate((233.1, 196.0)):
        t = timeline(0.12, rate)
        note = tone(t, freq, ((1.0, 1.0), (2.0, 0.3), (3.0, 0.12))) * attack(t, 0.008) * decay(t, 0.16)
        place(out, note, i * 0.1, rate)
    return out


def win(rate: int) -> Wave:
    """Solved: a major chord, broken upwards, ringing like a small bell."""
    notes = (523.25, 659.25, 783.99, 1046.5)   # C5 E5 G5 C6
    length = 1.4
    out = np.zeros(len(timeline(length, rate)))
    for i, freq in enumerate(notes):
        at = i * 0.09
        t = timeline(length - at, rate)
        bell = tone(t, freq, ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05)))
        place(out, bell * attack(t, 0.004) * decay(t, 1.1 - 0.12 * i) * (1.0 - 0.1 * i), at, rate)
    return out



SLIDE = Sound("slide", slide, 0.45)   # a tile, a one-cell block, a frog's step: the kind most families share
NO = Sound("no", no, 0.4)
WIN = Sound("win", win, 0.7)


def synthesize(sound: Sound, rate: int = RATE) -> np.ndarray:
    """The effect as mono float32 samples in [-PEAK, PEAK], silent at both ends."""
    wave = np.asarray(sound.make(rate), dtype=np.float64)
    fade = min(len(wave) // 4, max(1, int(FADE * rate)))
    ramp = np.linspace(0.0, 1.0, fade)
    wave[:fade] *= ramp
    wave[-fade:] *= ramp[::-1]
    top = float(np.max(np.abs(wave)))
    if top > 0:
        wave *= PEAK / top
    return wave.astype(np.float32)


def to_format(wave: np.ndarray, size: int, channels: int) -> np.ndarray | None:
    """Samples in the mixer's format (pygame's ``size``: bits, negative for signed; 32 is float),
    one column per channel; None for a format this does not know."""
    wave = np.clip(np.asarray(wave, dtype=np.float64), -1.0, 1.0)   # float64: 2**31 - 1 is exact there, not in float32
    if size == -16:
        data = (wave * 32767).astype(np.int16)
    elif size == 16:
        data = (wave * 32767 + 32768).astype(np.uint16)
    elif size == -8:
        data = (wave * 127).astype(np.int8)
    elif size == 8:
        data = (wave * 127 + 128).astype(np.uint8)
    elif size == 32:
        data = wave.astype(np.float32)
    elif size == -32:
        data = (wave * 2147483647).astype(np.int32)
    else:
        return None
    if channels == 1:
        return np.ascontiguousarray(data)
    return np.ascontiguousarray(np.repeat(data[:, None], channels, axis=1))
