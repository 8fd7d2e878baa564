"""Buttons with key caps, drawn in the theme; clicking one sends its intent to the scene."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.common.phrase import translated
from game.ui import theme as T
from game.ui.intents import KEY_LABELS, Intent


class Button:
    """A button whose label (and key cap) are English, marked with ``N_`` where written: translated each
    time it is drawn, so a change of language shows at once."""

    def __init__(self, label: str, intent: Intent, key: str | None = None, primary: bool = False) -> None:
        self.label = label
        self.intent = intent
        self.key = KEY_LABELS.get(intent) if key is None else key
        self.primary = primary
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.active = False   # toggled on (e.g. paused)
        self.centred = False  # label in the middle (one-glyph buttons such as - and +)

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: T.Theme, mouse=None, pressed: bool = False) -> None:
        r = self.rect
        if r.w <= 0:
            return
        hover = mouse is not None and self.rect.collidepoint(mouse) and self.enabled
        style = ButtonStyle(self.primary, self.enabled, self.active, self.centred)
        label = theme.fit(translated(self.label), button_role(theme, r.h), int(r.w * 0.66),
                            style.foreground(theme.palette))
        draw_button(surface, theme, r, label, self.key or "", style, hover, pressed)


@dataclass(frozen=True)
class ButtonStyle:
    """How a button looks, apart from where it is and what it says."""

    primary: bool = False
    enabled: bool = True
    active: bool = False
    centred: bool = False

    def foreground(self, palette: T.Palette) -> tuple[int, int, int]:
        return palette.button_ink(self.primary and not self.active, self.enabled)


def button_role(theme: T.Theme, height: int) -> str:
    """The label's text role for a button this tall."""
    return "small" if height < theme.px(44) else "body"


def button_padding(height: int) -> int:
    return max(6, height // 4)


def _key_cap_box(theme: T.Theme, key: str) -> pygame.Rect:
    size = theme.extent(translated(key), theme.size_of("tiny"))
    return pygame.Rect((0, 0), size).inflate(max(6, size[1] // 2), max(4, size[1] // 3))


def key_cap_fits(theme: T.Theme, rect: pygame.Rect, label_width: int, key: str) -> bool:
    """Whether the key cap fits right of a label this wide (else the button shows the label only)."""
    if not key:
        return False
    pad = button_padding(rect.h)
    return rect.w - pad // 2 - 2 - _key_cap_box(theme, key).w > pad + label_width + 2


def button_lift(rect: pygame.Rect) -> int:
    """How far a raised button's face stands above its shadow."""
    return max(1, rect.h // 14)


def button_face(rect: pygame.Rect, style: ButtonStyle, pressed: bool = False) -> pygame.Rect:
    """Where a button's face (and so its label) is drawn: on ``rect`` whether it is enabled or not, so a
    button that turns grey keeps its label where it was; only a press (the player's own finger) sinks it
    onto its shadow."""
    return rect.move(0, button_lift(rect)) if pressed and style.enabled else rect.copy()


def draw_button(surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, label: pygame.Surface, key: str,
                style: ButtonStyle, hover: bool, pressed: bool) -> None:
    """A raised button: its face, the rendered label and, where it fits, the key cap. A disabled one
    lies flat, outlined, with no shadow under it: it reads as not pressable by its shape, its label stays
    readable, and its face, label and key cap are where the enabled button has them."""
    pal = theme.palette
    if rect.w <= 0:
        return
    hover = hover and style.enabled
    rad = max(4, rect.h // 4)
    base = pal.button_face(style.primary, style.enabled, style.active, hover)
    face = button_face(rect, style, pressed and hover)
    if style.enabled:
        pygame.draw.rect(surface, T.shade(base, -0.35), rect.move(0, button_lift(rect)), border_radius=rad)
    pygame.draw.rect(surface, base, face, border_radius=rad)
    edge = pal.button_edge(style.enabled)
    if edge is not None:
        pygame.draw.rect(surface, edge, face, max(1, theme.px(1.5) if style.enabled else 1), border_radius=rad)
    pad = button_padding(rect.h)
    if style.centred:
        surface.blit(label, label.get_rect(center=face.center))
        return
    surface.blit(label, label.get_rect(midleft=(face.x + pad, face.centery)))
    if key_cap_fits(theme, rect, label.get_width(), key):
        ink = pal.key_cap_ink(style.primary, style.enabled, style.active)
        cap = theme.text(translated(key), "tiny", ink)
        box = _key_cap_box(theme, key)
        box.midright = (face.right - pad // 2 - 2, face.centery)
        pygame.draw.rect(surface, T.key_cap_face(base), box, border_radius=max(3, box.h // 4))
        pygame.draw.rect(surface, T.shade(base, 0.18), box, 1, border_radius=max(3, box.h // 4))
        surface.blit(cap, cap.get_rect(center=box.center))


def draw_progress(surface: pygame.Surface, palette: T.Palette, rect: pygame.Rect, fraction: float,
                  colour: T.Colour) -> None:
    """A rounded progress bar: a dark track and a filled part."""
    fraction = max(0.0, min(1.0, float(fraction)))
    rad = rect.h // 2
    pygame.draw.rect(surface, T.shade(palette.panel, -0.35), rect, border_radius=rad)
    if fraction > 0:
        fill = pygame.Rect(rect.x, rect.y, max(rect.h, int(rect.w * fraction)), rect.h)
        pygame.draw.rect(surface, colour, fill, border_radius=rad)
    pygame.draw.rect(surface, palette.panel_edge, rect, 1, border_radius=rad)


def card(surface: pygame.Surface, theme: T.Theme, rect: pygame.Rect, radius: float, face: T.Colour | None = None,
         edge: T.Colour | None = None, edge_width: float = 1.5, lift: int = 0) -> pygame.Rect:
    """A raised card: a dark drop under ``rect``, then the face (the panel's colour unless given) and its
    edge ``lift`` pixels up. Returns the face's rect."""
    pal = theme.palette
    face = pal.panel if face is None else face
    edge = pal.panel_edge if edge is None else edge
    rad = theme.px(radius)
    pygame.draw.rect(surface, T.shade(pal.bg_bottom, -0.3), rect.move(0, theme.px(4)), border_radius=rad)
    face_rect = rect.move(0, -lift)
    pygame.draw.rect(surface, face, face_rect, border_radius=rad)
    pygame.draw.rect(surface, edge, face_rect, max(1, theme.px(edge_width)), border_radius=rad)
    return face_rect


def stat_row(theme: T.Theme, x: int, y: int, w: int, label: str, value: str, colour, role: str,
             label_dy: int = 0) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """A figure: a muted label on the left, its value on the right in ``role``. Returns the blits."""
    pal = theme.palette
    lab = theme.text(label, "small", pal.muted)
    val = theme.text(value, role, colour)
    return [(lab, (x, y + (val.get_height() - lab.get_height()) // 2 + label_dy)),
            (val, (x + w - val.get_width(), y))]


def spinner(time: float, reduce_motion: bool) -> str:
    """A turning bar for work in progress, or an ellipsis when motion is reduced."""
    return "|/-\\"[int(time * 8) % 4] if not reduce_motion else "…"


def draw_note(surface: pygame.Surface, theme: T.Theme, text: str, alpha: float = 1.0) -> None:
    """A short note on a dark rounded card over the foot of the window (a setting just changed)."""
    pal = theme.palette
    w, h = surface.get_size()
    pad = theme.px(12, 6)
    label = theme.fit(text, "small", w - 4 * pad, pal.text)
    box = pygame.Rect(0, 0, label.get_width() + 2 * pad, label.get_height() + pad)
    box.midbottom = (w // 2, h - theme.px(48, 10))
    note = pygame.Surface(box.size, pygame.SRCALPHA)
    rad = max(4, box.h // 3)
    pygame.draw.rect(note, (*T.shade(pal.panel, -0.2), 240), note.get_rect(), border_radius=rad)
    pygame.draw.rect(note, (*pal.panel_edge, 255), note.get_rect(), max(1, theme.px(1.5)), border_radius=rad)
    note.blit(label, label.get_rect(center=note.get_rect().center))
    note.set_alpha(int(255 * max(0.0, min(1.0, alpha))))
    surface.blit(note, box.topleft)
