"""The game's sound effects, made by the program: a few lines of numpy each, no files, no licences.

Every effect is a mono float32 array at ``rate`` samples a second, in [-PEAK, PEAK], starting
and ending at silence (no click at either end). Each kind of move has its own sound, after
what moves in the picture: a tile's wooden tock, a heavier block that scrapes and knocks, a
frog's rising leap and soft landing, a knight's two hoof beats, two stones set down together.
The "no" is low and soft; the win is a bright chord, broken.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

RATE = 44100
PEAK = 0.9          # every effect is scaled to this peak: loud enough, never clipping
FADE = 0.004        # seconds of fade at each end

Wave = np.ndarray


def _t(seconds: float, rate: int) -> Wave:
    return np.arange(max(1, int(seconds * rate)), dtype=np.float64) / rate


def _decay(t: Wave, seconds: float) -> Wave:
    """An exponential fall to about 1/1000 over ``seconds``."""
    return np.exp(-t * (6.9 / seconds))


def _attack(t: Wave, seconds: float) -> Wave:
    return np.clip(t / seconds, 0.0, 1.0)


def _tone(t: Wave, freq: float | Wave, partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),)) -> Wave:
    """A sum of sine partials (ratio, level) of a frequency that may glide (an array per sample)."""
    hz = np.asarray(freq, dtype=np.float64) * np.ones_like(t)
    dt = t[1] - t[0] if len(t) > 1 else 1.0
    phase = 2 * np.pi * np.cumsum(hz) * dt
    out = np.zeros_like(t)
    for ratio, level in partials:
        out += level * np.sin(ratio * phase)
    return out


def _noise(t: Wave, seed: int) -> Wave:
    return np.random.default_rng(seed).uniform(-1.0, 1.0, len(t))


def _smooth(wave: Wave, width: int) -> Wave:
    """A gentle low-pass: the running mean over ``width`` samples."""
    if width <= 1:
        return wave
    kernel = np.ones(width) / width
    return np.convolve(wave, kernel, mode="same")


def _knock(t: Wave, freq: float, seconds: float, brightness: float, seed: int) -> Wave:
    """Wood struck: a quickly dying tone with inharmonic partials and a click of filtered noise."""
    body = _tone(t, freq, ((1.0, 1.0), (2.76, 0.45 * brightness), (5.4, 0.2 * brightness))) * _decay(t, seconds)
    click = _smooth(_noise(t, seed), 6) * _decay(t, seconds * 0.18) * 0.6 * brightness
    return (body + click) * _attack(t, 0.0015)


def _place(total: Wave, part: Wave, at: float, rate: int) -> None:
    start = int(at * rate)
    end = min(len(total), start + len(part))
    if start < end:
        total[start:end] += part[:end - start]


def slide(rate: int) -> Wave:
    """A tile slides into the gap: a short wooden tock."""
    t = _t(0.12, rate)
    return _knock(t, 520.0, 0.09, 0.8, 1)


def block(rate: int) -> Wave:
    """A block slides and stops: a soft scrape, then a low knock."""
    out = np.zeros(len(_t(0.26, rate)))
    t = _t(0.09, rate)
    scrape = _smooth(_noise(t, 2), 14) * np.sin(np.pi * t / t[-1]) * 0.35
    _place(out, scrape, 0.0, rate)
    _place(out, _knock(_t(0.17, rate), 210.0, 0.14, 0.7, 3), 0.075, rate)
    return out


def jump(rate: int) -> Wave:
    """A frog leaps: a rising chirp, then a soft plop where it lands."""
    out = np.zeros(len(_t(0.3, rate)))
    t = _t(0.16, rate)
    rise = 330.0 * (2.6 ** (t / t[-1]))
    arch = np.clip(np.sin(np.pi * t / t[-1]), 0.0, 1.0)   # clipped: a rounding below 0 would make NaN at ** 0.6
    chirp = _tone(t, rise, ((1.0, 1.0), (2.0, 0.25))) * arch ** 0.6 * 0.7
    _place(out, chirp, 0.0, rate)
    tp = _t(0.12, rate)
    plop = _tone(tp, 260.0 * np.exp(-tp * 9), ((1.0, 1.0),)) * _decay(tp, 0.1) * _attack(tp, 0.003)
    _place(out, plop, 0.16, rate)
    return out


def hop(rate: int) -> Wave:
    """A knight moves: two hoof beats, high then lower."""
    out = np.zeros(len(_t(0.26, rate)))
    _place(out, _knock(_t(0.1, rate), 880.0, 0.06, 1.0, 4), 0.0, rate)
    _place(out, _knock(_t(0.14, rate), 660.0, 0.08, 1.0, 5) * 0.85, 0.11, rate)
    return out


def pair(rate: int) -> Wave:
    """Two stones carried together: lifted with a light tick, set down with two quick clacks."""
    out = np.zeros(len(_t(0.24, rate)))
    _place(out, _knock(_t(0.05, rate), 1900.0, 0.03, 0.5, 6) * 0.35, 0.0, rate)
    _place(out, _knock(_t(0.1, rate), 1480.0, 0.05, 1.2, 7), 0.1, rate)
    _place(out, _knock(_t(0.1, rate), 1320.0, 0.05, 1.2, 8) * 0.9, 0.135, rate)
    return out


def no(rate: int) -> Wave:
    """The gentle "no": two low, soft notes falling, rounded (no harsh edge)."""
    out = np.zeros(len(_t(0.26, rate)))
    for i, freq in enumerate((233.1, 196.0)):
        t = _t(0.12, rate)
        note = _tone(t, freq, ((1.0, 1.0), (2.0, 0.3), (3.0, 0.12))) * _attack(t, 0.008) * _decay(t, 0.16)
        _place(out, note, i * 0.1, rate)
    return out


def win(rate: int) -> Wave:
    """Solved: a major chord, broken upwards, ringing like a small bell."""
    notes = (523.25, 659.25, 783.99, 1046.5)   # C5 E5 G5 C6
    length = 1.4
    out = np.zeros(len(_t(length, rate)))
    for i, freq in enumerate(notes):
        at = i * 0.09
        t = _t(length - at, rate)
        bell = _tone(t, freq, ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05)))
        _place(out, bell * _attack(t, 0.004) * _decay(t, 1.1 - 0.12 * i) * (1.0 - 0.1 * i), at, rate)
    return out


EFFECTS: dict[str, Callable[[int], Wave]] = {
    "slide": slide, "block": block, "jump": jump, "hop": hop, "pair": pair, "no": no, "win": win,
}
MOVE_KINDS = ("slide", "block", "jump", "hop", "pair")   # a move's kind (Puzzle.move_kind) names its sound


def synthesize(name: str, rate: int = RATE) -> np.ndarray:
    """The effect ``name`` as mono float32 samples in [-PEAK, PEAK], silent at both ends."""
    wave = np.asarray(EFFECTS[name](rate), dtype=np.float64)
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
