"""Colour arithmetic for checking the palettes: WCAG contrast, colour-vision-deficiency simulation
and perceptual distance. No pygame here, so the checks run anywhere and the numbers are plain.

- Contrast: WCAG 2.x relative luminance and contrast ratio (sRGB, 8 bits a channel).
- Colour blindness: Machado, Oliveira and Fernandes (2009) at severity 1.0 (protanopia,
  deuteranopia, tritanopia), applied to linear RGB and clipped to the gamut.
- Distance: CIEDE2000 (Sharma, Wu and Dalal 2005) between CIELAB colours (D65 white).
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import Iterable, Sequence

Colour = tuple[int, int, int]
Lab = tuple[float, float, float]

TEXT_CONTRAST = 4.5         # WCAG 1.4.3 (AA): body text
LARGE_TEXT_CONTRAST = 3.0   # WCAG 1.4.3 (AA): large text, and 1.4.11 for marks and borders

MACHADO_2009: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO_2009)

_SRGB_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375), (0.2126729, 0.7151522, 0.0721750),
                (0.0193339, 0.1191920, 0.9503041))
_WHITE = (0.95047, 1.0, 1.08883)   # D65


def linear(channel: int) -> float:
    """An 8-bit sRGB channel as linear light, 0 to 1."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(value: float) -> int:
    """Linear light (clipped to 0..1) as an 8-bit sRGB channel."""
    v = min(1.0, max(0.0, value))
    c = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def relative_luminance(colour: Sequence[int]) -> float:
    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Sequence[int], b: Sequence[int]) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def needed_contrast(large: bool) -> float:
    return LARGE_TEXT_CONTRAST if large else TEXT_CONTRAST


def over(colour: Sequence[int], alpha: float, under: Sequence[int]) -> Colour:
    """``colour`` at opacity ``alpha`` (0 to 1) painted over ``under``, as 8-bit sRGB is blended."""
    return tuple(round(u + (c - u) * alpha) for c, u in zip(colour[:3], under[:3]))  # type: ignore[return-value]


def simulate(colour: Sequence[int], vision: str) -> Colour:
    """How ``colour`` looks with a colour-vision deficiency (``normal``: unchanged)."""
    if vision == "normal":
        return (colour[0], colour[1], colour[2])
    rows = MACHADO_2009[vision]
    lin = [linear(c) for c in colour[:3]]
    r, g, b = (encoded(sum(m * v for m, v in zip(row, lin))) for row in rows)
    return r, g, b


def to_lab(colour: Sequence[int]) -> Lab:
    """sRGB to CIELAB (D65)."""
    lin = [linear(c) for c in colour[:3]]
    xyz = [sum(m * v for m, v in zip(row, lin)) / w for row, w in zip(_SRGB_TO_XYZ, _WHITE)]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(t) for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    L_bar, cp_bar = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (L_bar - 50) ** 2 / math.sqrt(20 + (L_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dL / s_l) ** 2 + (dC / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dC / s_c) * (dH / s_h))


def difference(a: Sequence[int], b: Sequence[int], vision: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as seen with ``vision``."""
    return delta_e_2000(to_lab(simulate(a, vision)), to_lab(simulate(b, vision)))


def closest_pair(colours: dict[str, Colour], visions: Iterable[str] = VISIONS) -> tuple[float, str, str, str]:
    """The least CIEDE2000 between any two of the named colours under any of ``visions``:
    (difference, vision, name, name)."""
    worst = (math.inf, "", "", "")
    for vision in visions:
        for (na, a), (nb, b) in combinations(colours.items(), 2):
            d = difference(a, b, vision)
            if d < worst[0]:
                worst = (d, vision, na, nb)
    return worst
