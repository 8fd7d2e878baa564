"""Colours, sizes and text, all scaled to the window. Fonts re-render on resize; glyph surfaces are cached."""
from __future__ import annotations

import unicodedata
import weakref
from collections import OrderedDict, deque
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pygame.freetype

from game.common import linebreak
from game.ui.colour_check import contrast
from game.fontsubset import JAPANESE, SYMBOLS, UI, UI_BOLD
from game.midend.panel import BoxKind
from game.midend.sayings import Tone
from game.oracles.base import Verdict
from game.common.resources import assets
from game.families import registry

# -- palettes ------------------------------------------------------------------
# A palette names every colour the interface draws with. The window's theme holds the one in use
# (``theme.palette``); drawing code asks it when it draws and keeps no colour of its own, so a switch
# shows at once. tests/ui/test_contrast.py checks every palette: text against its surfaces
# (``text_pairs``) and the marks under simulated colour blindness (``mark_colours``).
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Every colour the interface draws with (a move mark's and a tile in place's too), and the rules
    that work out the others from them: the same rules for drawing and for the contrast test."""

    name: str
    bg_top: Colour
    bg_bottom: Colour
    glow: Colour
    panel: Colour
    panel_edge: Colour
    card: Colour
    card_hover: Colour
    text: Colour
    muted: Colour
    dim: Colour
    ink: Colour              # dark text on light fills (primary buttons, pills, chips)
    accent: Colour           # selection, primary
    good: Colour             # targets, solved
    hint: Colour             # the hint's highlight (and its mark)
    nope: Colour             # the gentle "no" (and the mark of a refused move)
    closer: Colour           # the move marks and a tile in place: told apart with any colour vision (and by shape)
    farther: Colour
    same: Colour
    dead_end: Colour
    in_place: Colour
    outlined: bool = False   # every button has a strong edge

    def tone(self, tone: Tone) -> Colour:
        """The colour of a meaning (the panel's and the message line's tones)."""
        return getattr(self, tone.value)

    def colour_of(self, colour: Tone | Colour) -> Colour:
        """A tone's colour here; a colour given as such (a shelf's own) stays."""
        return self.tone(colour) if isinstance(colour, Tone) else colour

    def ink_on(self, fill: Colour) -> Colour:
        """Text or a glyph on ``fill``: the dark ink or the light text, whichever stands out more."""
        return self.ink if contrast(self.ink, fill) >= contrast(self.text, fill) else self.text

    def mark_ink(self, fill: Colour) -> Colour:
        """A move mark's glyph on its badge: white where it stands out at 3:1 (WCAG's ratio for graphics),
        else the dark ink."""
        return (255, 255, 255) if contrast((255, 255, 255), fill) >= 3 else self.ink

    def mark_colour(self, verdict: Verdict) -> Colour:
        """A move mark's colour (its shape tells it apart too)."""
        return {Verdict.CLOSER: self.closer, Verdict.FARTHER: self.farther, Verdict.SAME: self.same,
                Verdict.DEAD_END: self.dead_end}[verdict]

    def button_face(self, primary: bool = False, enabled: bool = True, active: bool = False,
                    hover: bool = False) -> Colour:
        """A button's face. A disabled one lies flat on the panel with an outline: its label stays readable
        and the missing face says it cannot be pressed."""
        if not enabled:
            return self.panel
        base = mix(self.card, self.hint, 0.3) if active else self.accent if primary else self.card
        return shade(base, 0.08) if hover else base

    def button_edge(self, enabled: bool = True) -> Colour | None:
        """The outline of a button, if it has one: a disabled button's, and in an outlined palette every
        button's (a disabled one's fainter)."""
        if self.outlined:
            return self.panel_edge if enabled else mix(self.panel, self.panel_edge, 0.45)
        return None if enabled else self.panel_edge

    def button_ink(self, primary: bool = False, enabled: bool = True) -> Colour:
        return self.ink if primary and enabled else self.text if enabled else self.dim

    def key_cap_ink(self, primary: bool = False, enabled: bool = True, active: bool = False) -> Colour:
        if primary and enabled and not active:
            return self.ink
        return self.text if active else self.muted if enabled else self.dim

    def box_face(self, kind: BoxKind) -> Colour:
        """The answer box's face: a card with a touch of its colour (the edge carries the colour)."""
        tint = BOX_TINTS.get(kind)
        return self.card if tint is None else mix(self.panel, self.tone(tint), 0.1)

    def box_edge(self, kind: BoxKind) -> Colour:
        tint = BOX_TINTS.get(kind)
        return self.panel_edge if tint is None else mix(self.card, self.tone(tint), 0.75)

    def pill_fill(self, pill: str) -> Colour:
        """The fill of a badge's pill (one of PILLS); its label is ``ink_on`` it."""
        return {"optimal": self.accent, "solved": self.good, "with help": mix(self.card, self.hint, 0.35),
                "in progress": self.hint, "yours": mix(self.card, self.text, 0.85),
                # a puzzle's grade (game.oracles.rating): green, blue, orange, pink, easiest to hardest
                "beginner": self.good, "intermediate": self.hint, "advanced": mix(self.accent, self.farther, 0.45),
                "expert": self.nope}[pill]

    def coordinate_colour(self) -> Colour:
        """The board's column letters and row numbers, quieter than text."""
        return self.muted


STANDARD = Palette(
    "standard", bg_top=(34, 40, 56), bg_bottom=(18, 21, 31), glow=(90, 110, 160),
    panel=(39, 46, 64), panel_edge=(58, 68, 92), card=(47, 55, 76), card_hover=(54, 64, 88),
    text=(238, 240, 246), muted=(186, 193, 210), dim=(166, 174, 194), ink=(30, 24, 14),
    accent=(246, 182, 66), good=(98, 214, 132), hint=(86, 182, 250), nope=(255, 133, 166),
    closer=(56, 156, 118), farther=(238, 84, 36), same=(173, 197, 198), dead_end=(180, 36, 52), in_place=(20, 90, 180))
HIGH_CONTRAST = Palette(
    "high-contrast", bg_top=(12, 12, 16), bg_bottom=(0, 0, 0), glow=(0, 0, 0),
    panel=(14, 14, 20), panel_edge=(200, 204, 220), card=(28, 28, 38), card_hover=(46, 46, 62),
    text=(255, 255, 255), muted=(222, 225, 235), dim=(170, 174, 190), ink=(0, 0, 0),
    accent=(255, 214, 10), good=(90, 240, 140), hint=(110, 211, 255), nope=(255, 148, 166),
    closer=(41, 157, 113), farther=(255, 98, 26), same=(201, 230, 227), dead_end=(183, 31, 51),
    in_place=(20, 90, 180),   # on the cream tiles: alike in every palette (tile sprites are cached)
    outlined=True)
PALETTES: dict[str, Palette] = {palette.name: palette for palette in (STANDARD, HIGH_CONTRAST)}   # a setting's choices
BOX_TINTS = {BoxKind.SOLVING: Tone.HINT, BoxKind.PAUSED: Tone.HINT, BoxKind.DEAD_END: Tone.NOPE,   # the others:
             BoxKind.HINT: Tone.HINT, BoxKind.SOLVED: Tone.GOOD, BoxKind.ILLEGAL: Tone.ACCENT}    # plain cards
PILLS = ("optimal", "solved", "with help", "in progress", "yours", "beginner", "intermediate", "advanced", "expert")


def palette_named(name: str) -> Palette:
    """The palette a setting names (one of PALETTES)."""
    try:
        return PALETTES[name]
    except KeyError:
        raise ValueError(f"no palette {name!r}: one of {', '.join(PALETTES)}") from None


# -- fonts -----------------------------------------------------------------------------------------------
# The window draws with the fonts bundled in assets/fonts (built by game.fontsubset): Inter for Latin text,
# Noto Sans CJK JP for Japanese and the Chinese puzzle names, DejaVu Sans for the symbols Inter lacks
# (Goat's pieces). Each character comes from the first of them that has it, else from a font of this
# computer with the script (FALLBACK_FONTS), else it is left out.
BUNDLED = (UI.name, JAPANESE.name, SYMBOLS.name)
FALLBACK = "fallback"
# Text sizes (px) are those the layouts were drawn with, in pygame's built-in font, which draws at 0.6875
# of the size asked for. An em of 0.66 px in the bundled fonts, with the line boxes game.fontsubset gives
# them, takes the same height: lines and capitals within a pixel. Japanese is set a little smaller, as
# usual beside Latin, so that a line mixing both is no taller than either. Text of the size of a heading
# or larger (headings, titles, figures) is set in the semibold, the rest in the medium weight.
EM_PER_PX = 0.66
JAPANESE_EM_PER_PX = 0.62

# fonts with the scripts the bundled fonts lack (Korean, Thai, ...), the first found is used
FALLBACK_FONTS = ("notosanscjksc", "notosanscjk", "sourcehansans", "droidsansfallbackfull", "droidsansfallback",
                  "wenquanyizenhei", "wenquanyimicrohei", "microsoftyahei", "simhei", "msgothic", "pingfangsc",
                  "hiraginosans", "arialunicodems")


@lru_cache(maxsize=None)
def font_file(name: str) -> str | None:
    """The path of a bundled font (None if it is missing, or of the fallback if this computer has none)."""
    if name == FALLBACK:
        return pygame.font.match_font(FALLBACK_FONTS)
    path = assets() / "fonts" / name
    return str(path) if path.is_file() else None


def load_font(name: str, px: int) -> pygame.font.Font:
    """The font ``name`` (a bundled font's file name, or FALLBACK) for text of ``px``."""
    px = max(6, int(px))
    path = font_file(name)
    if path is None:
        return pygame.font.Font(None, px)    # the built-in font, should the files be missing
    if name == JAPANESE.name:
        return pygame.font.Font(path, max(1, round(JAPANESE_EM_PER_PX * px)))
    return pygame.font.Font(path, max(1, round(EM_PER_PX * px)))


def latin_font(px: int, bold: bool) -> pygame.font.Font:
    """The Latin font for text of ``px``, semibold or medium (a board's labels, a tile's number)."""
    return load_font(UI_BOLD.name if bold else UI.name, px)


@lru_cache(maxsize=8192)
def face_of(ch: str) -> str | None:
    """The font that draws ``ch`` (a bundled font's name or FALLBACK), None if none does."""
    if ch.isspace():
        return UI.name
    if unicodedata.category(ch) in ("Cc", "Cf", "Cn", "Co", "Cs"):
        return None                       # direction marks and the like: nothing to draw
    for name in (*BUNDLED, FALLBACK):
        if _draws(name, ch):
            return name
    return None


@lru_cache(maxsize=8192)
def _draws(name: str, ch: str) -> bool:
    face = _glyph_face(name)
    return face is not None and face.get_metrics(ch)[0] is not None


@lru_cache(maxsize=None)
def _glyph_face(name: str) -> pygame.freetype.Font | None:
    path = font_file(name)
    if path is None:
        return None
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 12)


class Theme:
    """Fonts and sizes for one window size. Call ``resize`` when the window changes."""

    TEXT_CACHE = 768          # rendered texts kept ...
    TEXT_BYTES = 12 << 20     # ... and the most pixels they may take together (a caption a frame, for hours)
    WIDTH_CACHE = 16384   # measured widths kept (wrapping measures every prefix of a line, again and again)

    def __init__(self, size: tuple[int, int]) -> None:
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._text: OrderedDict = OrderedDict()
        self._text_bytes = 0
        self._widths: dict[tuple[str, int, float], int] = {}
        self._wraps: dict[tuple[str, int, int, float], tuple[str, ...]] = {}
        self.text_scale = 1.0   # the player's text size (1.25 for 125 %): text roles grow, the layout's units do not
        self.palette = STANDARD   # the colours everything draws with (the player's setting)
        self.drawn_text: weakref.WeakKeyDictionary[pygame.Surface, str] = weakref.WeakKeyDictionary()   # for audits
        self.cuts: deque[str] = deque(maxlen=100)   # texts cut short that were not excerpts (see ``fit``)
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.scale = max(0.55, min(w / 1280, h / 800))
        self._fonts.clear()
        self._text.clear()
        self._text_bytes = 0
        self._widths.clear()
        self._wraps.clear()

    def px(self, base: float, minimum: int = 1) -> int:
        return max(minimum, round(base * self.scale))

    # font roles: readable from 800x600 to 4K
    def size_of(self, role: str) -> int:
        base, floor = {
            "display": (64, 36), "title": (34, 22), "heading": (24, 17), "body": (19, 14),
            "small": (17, 13), "tiny": (14, 12), "stat": (40, 24),
        }[role]
        return self.px(base * self.text_scale, round(floor * self.text_scale))

    def font(self, px: int) -> pygame.font.Font:
        """The Latin font at ``px`` (semibold from a heading's size on): draws text without Japanese or symbols."""
        return self._font(UI_BOLD.name if px >= self.size_of("heading") else UI.name, px)

    def _font(self, name: str, px: int) -> pygame.font.Font:
        px = max(6, int(px))
        f = self._fonts.get((name, px))
        if f is None:
            f = self._fonts[(name, px)] = load_font(name, px)
        return f

    def runs(self, text: str, px: int) -> list[tuple[pygame.font.Font, str]]:
        """``text`` as runs of one font each (see ``face_of``); characters no font draws are left out."""
        latin = self.font(px)
        if text.isascii() and text.isprintable():
            return [(latin, text)]
        out: list[tuple[pygame.font.Font, str]] = []
        for ch in text:
            name = face_of(ch)
            if name is None:
                continue
            font = latin if name == UI.name else self._font(name, px)
            if out and out[-1][0] is font:
                out[-1] = (font, out[-1][1] + ch)
            else:
                out.append((font, ch))
        return out or [(latin, "")]

    def measure(self, text: str, px: int) -> int:
        """How wide ``text`` is drawn at ``px`` (remembered: a menu wraps every card's words for several widths)."""
        key = (text, px, self.text_scale)   # the text size picks the face a size is drawn in
        got = self._widths.get(key)
        if got is None:
            if len(self._widths) >= self.WIDTH_CACHE:
                self._widths.clear()
            got = self._widths[key] = sum(font.size(part)[0] for font, part in self.runs(text, px))
        return got

    def extent(self, text: str, px: int) -> tuple[int, int]:
        """How large ``text`` is drawn at ``px``, Japanese and symbols included (``font(px).size`` knows Latin only)."""
        runs = self.runs(text, px)
        sizes = [font.size(part) for font, part in runs]
        if len(runs) == 1:
            return sizes[0]
        ascent = max(font.get_ascent() for font, _ in runs)
        return (sum(w for w, _ in sizes),
                max(ascent - font.get_ascent() + h for (font, _), (_, h) in zip(runs, sizes)))

    def text(self, text: str, role_or_px, colour: Colour | None = None) -> pygame.Surface:
        colour = self.palette.text if colour is None else colour
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        key = (text, px, colour)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        runs = self.runs(text, px)
        if len(runs) == 1:
            surf = runs[0][0].render(runs[0][1], True, colour)
        else:
            surf = _joined([(font.render(part, True, colour), font.get_ascent()) for font, part in runs])
        self._text[key] = surf
        self._text_bytes += surf.get_pitch() * surf.get_height()
        self.drawn_text[surf] = text
        while len(self._text) > 1 and (len(self._text) > self.TEXT_CACHE or self._text_bytes > self.TEXT_BYTES):
            _key, old = self._text.popitem(last=False)
            self._text_bytes -= old.get_pitch() * old.get_height()
        return surf

    def fit(self, text: str, role_or_px, width: int, colour: Colour | None = None, excerpt: bool = False) -> pygame.Surface:
        """Text cut with an ellipsis to fit ``width`` pixels. Only an ``excerpt`` (a card's one-line blurb,
        a file's name) is meant to be cut: any other cut is noted in ``cuts``, which the layout tests read."""
        surf = self.text(text, role_or_px, colour)
        if surf.get_width() <= width or not text:
            return surf
        if not excerpt:
            self.cuts.append(text)
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.measure(text[:mid].rstrip() + "...", px) <= width:
                lo = mid
            else:
                hi = mid - 1
        return self.text(text[:lo].rstrip() + "...", px, colour)

    def squeeze(self, text: str, role_or_px, width: int, colour=None, least: float = 0.8) -> pygame.Surface:
        """Text a little smaller where it would not fit ``width`` (down to ``least`` of its size), then
        cut: for labels in fixed cells, which a longer language or a larger text size would overrun."""
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        wide = self.measure(text, px)
        if wide > width > 0:
            px = max(int(px * least), int(px * width / wide))
        return self.fit(text, px, width, colour)

    def wrap(self, text: str, role_or_px, width: int) -> list[str]:
        """Lines of at most ``width`` pixels, broken at spaces or, in Japanese, between characters (remembered,
        as widths are: the menu lays out every card's words for several widths, and again as it opens)."""
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        key = (text, px, width, self.text_scale)
        got = self._wraps.get(key)
        if got is None:
            if len(self._wraps) >= self.WIDTH_CACHE:
                self._wraps.clear()
            got = self._wraps[key] = tuple(linebreak.wrap(text, width, lambda line: self.measure(line, px)))
        return list(got)


def _joined(parts: list[tuple[pygame.Surface, int]]) -> pygame.Surface:
    """Rendered runs side by side on one baseline (each given with its font's ascent)."""
    ascent = max(a for _, a in parts)
    height = max(ascent - a + part.get_height() for part, a in parts)
    out = pygame.Surface((sum(part.get_width() for part, _ in parts), height), pygame.SRCALPHA)
    x = 0
    for part, a in parts:
        out.blit(part, (x, ascent - a))
        x += part.get_width()
    return out


def mix(a, b, t: float):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def shade(c, f: float):
    """f < 0 darkens, f > 0 lightens."""
    return mix(c, (0, 0, 0) if f < 0 else (255, 255, 255), abs(f))


def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, (w, h))


# Text roles that are WCAG "large" at every window size. Titles are semibold with an em of 0.66 of their
# nominal size (EM_PER_PX); large bold text is 14 pt (18.7 CSS px), a nominal 28.3 px, which only
# "display" keeps down to its smallest size (36). "title" (22 in a small window) and all others: normal.
LARGE_ROLES = ("display",)
TEXT_TONES = (Tone.TEXT, Tone.MUTED, Tone.DIM, Tone.ACCENT, Tone.GOOD, Tone.HINT, Tone.NOPE)


def key_cap_face(face: Colour) -> Colour:
    return shade(face, -0.2)


def mark_colours(p: Palette) -> dict[str, Colour]:
    """The colours that carry a meaning on the board (and the review's chart), which every colour
    vision must tell apart: the move marks, the hint, a tile in place, a refused move, the selection."""
    return {"closer": p.closer, "farther": p.farther, "same": p.same, "dead end": p.dead_end, "hint": p.hint,
            "in place": p.in_place, "illegal": p.nope, "selected": p.accent}


def text_pairs(p: Palette) -> list[tuple[str, Colour, Colour, bool]]:
    """(where, text colour, surface under it, large?) for every pairing the interface draws in palette
    ``p``. The window's gradient is lightest at the top (its glow adds under one level)."""
    pairs: list[tuple[str, Colour, Colour, bool]] = []
    tones = {tone.name: p.tone(tone) for tone in TEXT_TONES}
    for surface in ("bg_top", "bg_bottom", "panel", "card", "card_hover"):
        under = getattr(p, surface)
        pairs += [(f"{tone} on {surface.upper()}", colour, under, False) for tone, colour in tones.items()]
    pill = over(p.panel, 220 / 255, p.bg_top)    # the message under the board: a translucent pill
    pairs += [(f"{tone} on the message pill", colour, pill, False) for tone, colour in tones.items()]
    banner = over(p.panel, 235 / 255, p.bg_top)
    pairs += [("the Solved! banner", p.text, banner, True), ("the Solved! banner's line", p.good, banner, False),
              ("a note over the foot of the window", p.text, shade(p.panel, -0.2), False),
              ("a title on the window", p.text, p.bg_top, True),
              ("the board's coordinates", p.coordinate_colour(), p.bg_top, False),
              ("a selected title in the name field", p.text, mix(p.panel, p.hint, 0.45), False),
              ("the demo's badge", p.ink, p.accent, False)]
    for primary in (False, True):
        for enabled in (True, False):
            for active in (False, True):
                for hover in (False, True):
                    face = p.button_face(primary, enabled, active, hover)
                    what = (f"{'primary' if primary else 'plain'} button, {'enabled' if enabled else 'disabled'}"
                            f"{', on' if active else ''}{', hovered' if hover else ''}")
                    pairs += [(what, p.button_ink(primary and not active, enabled), face, False),
                              (what + ": key cap", p.key_cap_ink(primary, enabled, active),
                               key_cap_face(face), False)]
    for kind in BoxKind:
        pairs += [(f"{tone} in the {kind.value} box", tones[tone], p.box_face(kind), False)
                  for tone in ("TEXT", "MUTED", "GOOD", "HINT", "NOPE")]
    pairs += [(f"the {pill} badge's label", p.ink_on(p.pill_fill(pill)), p.pill_fill(pill), False) for pill in PILLS]
    for shelf in [family.shelf for family in registry.families()]:
        pairs += [(f"{shelf.title}: the panel's label", shelf.colour, p.panel, False),
                  (f"{shelf.title}: a chosen size", p.ink, shelf.colour, False)]
    return pairs


def over(colour: Colour, alpha: float, under: Colour) -> Colour:
    """``colour`` at opacity ``alpha`` painted over ``under``."""
    return mix(under, colour, alpha)
