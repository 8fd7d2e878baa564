"""Keys are mapped to intents here, once. Scenes receive intents and never test raw key codes."""
from __future__ import annotations

import pygame

from game.midend.intent import DIRECTIONS, KEY_LABELS, Intent

__all__ = ["DIRECTIONS", "KEY_LABELS", "KEYMAP", "Intent", "intent_for", "typed_text"]


_CTRL = "ctrl"
_SHIFT = "shift"
_PLAIN = ""

# (key, modifier) -> intent; modifier "" means "no ctrl" (shift ignored unless listed).
KEYMAP: dict[tuple[int, str], Intent] = {
    (pygame.K_UP, _PLAIN): Intent.UP,
    (pygame.K_DOWN, _PLAIN): Intent.DOWN,
    (pygame.K_LEFT, _PLAIN): Intent.LEFT,
    (pygame.K_RIGHT, _PLAIN): Intent.RIGHT,
    (pygame.K_KP8, _PLAIN): Intent.UP,
    (pygame.K_KP2, _PLAIN): Intent.DOWN,
    (pygame.K_KP4, _PLAIN): Intent.LEFT,
    (pygame.K_KP6, _PLAIN): Intent.RIGHT,
    (pygame.K_TAB, _PLAIN): Intent.NEXT,
    (pygame.K_TAB, _SHIFT): Intent.PREV,
    (pygame.K_RETURN, _PLAIN): Intent.CONFIRM,
    (pygame.K_KP_ENTER, _PLAIN): Intent.CONFIRM,
    (pygame.K_ESCAPE, _PLAIN): Intent.BACK,
    (pygame.K_u, _PLAIN): Intent.UNDO,
    (pygame.K_z, _CTRL): Intent.UNDO,
    (pygame.K_BACKSPACE, _PLAIN): Intent.UNDO,
    (pygame.K_u, _SHIFT): Intent.REDO,
    (pygame.K_y, _CTRL): Intent.REDO,
    (pygame.K_z, _CTRL + _SHIFT): Intent.REDO,
    (pygame.K_r, _PLAIN): Intent.RESTART,
    (pygame.K_n, _PLAIN): Intent.NEW,
    (pygame.K_r, _SHIFT): Intent.CLASSIC,
    (pygame.K_h, _PLAIN): Intent.HINT,
    (pygame.K_s, _PLAIN): Intent.SOLVE,
    (pygame.K_SPACE, _PLAIN): Intent.PAUSE,
    (pygame.K_PERIOD, _PLAIN): Intent.STEP,
    (pygame.K_PLUS, _PLAIN): Intent.FASTER,
    (pygame.K_EQUALS, _PLAIN): Intent.FASTER,
    (pygame.K_EQUALS, _SHIFT): Intent.FASTER,
    (pygame.K_KP_PLUS, _PLAIN): Intent.FASTER,
    (pygame.K_MINUS, _PLAIN): Intent.SLOWER,
    (pygame.K_KP_MINUS, _PLAIN): Intent.SLOWER,
    (pygame.K_c, _PLAIN): Intent.CANCEL,
    (pygame.K_b, _PLAIN): Intent.WINNABLE,
    (pygame.K_m, _PLAIN): Intent.MOTION,
    (pygame.K_g, _PLAIN): Intent.ARROWS,
    (pygame.K_o, _PLAIN): Intent.MARKS,
    (pygame.K_a, _PLAIN): Intent.ANALYSIS,
    (pygame.K_w, _PLAIN): Intent.REVIEW,
    (pygame.K_n, _SHIFT): Intent.DEAL_AT,
    (pygame.K_d, _PLAIN): Intent.DEAL_AT,
    (pygame.K_RIGHTBRACKET, _PLAIN): Intent.DISTANCE_UP,
    (pygame.K_LEFTBRACKET, _PLAIN): Intent.DISTANCE_DOWN,
    (pygame.K_k, _PLAIN): Intent.COUNT,
    (pygame.K_e, _PLAIN): Intent.EDIT,
    (pygame.K_c, _CTRL): Intent.COPY,
    (pygame.K_v, _CTRL): Intent.PASTE,
    (pygame.K_p, _PLAIN): Intent.PLAY_HERE,
    (pygame.K_s, _CTRL): Intent.SAVE,
    (pygame.K_o, _CTRL): Intent.OPEN,
    (pygame.K_DELETE, _PLAIN): Intent.ERASE,
    (pygame.K_DELETE, _SHIFT): Intent.CLEAR,
    (pygame.K_F11, _PLAIN): Intent.FULLSCREEN,
    (pygame.K_F1, _PLAIN): Intent.HELP,
    (pygame.K_F2, _PLAIN): Intent.SETTINGS,
    (pygame.K_COMMA, _CTRL): Intent.SETTINGS,
    (pygame.K_SLASH, _SHIFT): Intent.HELP,        # "?" on a US layout; other layouts: by the character typed
    (pygame.K_QUESTION, _PLAIN): Intent.HELP,
    (pygame.K_f, _PLAIN): Intent.HIDE_ANSWER,
    (pygame.K_v, _PLAIN): Intent.MUTE,
    (pygame.K_EQUALS, _CTRL): Intent.VOLUME_UP,
    (pygame.K_PLUS, _CTRL): Intent.VOLUME_UP,
    (pygame.K_KP_PLUS, _CTRL): Intent.VOLUME_UP,
    (pygame.K_MINUS, _CTRL): Intent.VOLUME_DOWN,
    (pygame.K_KP_MINUS, _CTRL): Intent.VOLUME_DOWN,
    (pygame.K_q, _CTRL): Intent.QUIT,
    (pygame.K_l, _PLAIN): Intent.SORT,
    (pygame.K_PAGEUP, _PLAIN): Intent.PAGE_UP,
    (pygame.K_PAGEDOWN, _PLAIN): Intent.PAGE_DOWN,
    (pygame.K_HOME, _PLAIN): Intent.FIRST,
    (pygame.K_END, _PLAIN): Intent.LAST,
    (pygame.K_KP9, _PLAIN): Intent.PAGE_UP,
    (pygame.K_KP3, _PLAIN): Intent.PAGE_DOWN,
    (pygame.K_KP7, _PLAIN): Intent.FIRST,
    (pygame.K_KP1, _PLAIN): Intent.LAST,
}

def intent_for(event: pygame.event.Event) -> Intent | None:
    """The intent of a KEYDOWN event, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    mods = getattr(event, "mod", 0)
    ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
    shift = bool(mods & pygame.KMOD_SHIFT)
    key = event.key
    if not ctrl and getattr(event, "unicode", "") == "?":   # wherever the layout puts it
        return Intent.HELP
    if ctrl:
        return KEYMAP.get((key, _CTRL + (_SHIFT if shift else "")), KEYMAP.get((key, _CTRL)))
    if shift and (key, _SHIFT) in KEYMAP:
        return KEYMAP[(key, _SHIFT)]
    return KEYMAP.get((key, _PLAIN))


def typed_text(event: pygame.event.Event) -> str | None:
    """The character a KEYDOWN types (no Ctrl, Alt or Meta held), or None: what a text field takes,
    and what the editor reads as a piece's letter."""
    held = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    if event.type != pygame.KEYDOWN or held:
        return None
    text = getattr(event, "unicode", "")
    return text if len(text) == 1 and text.isprintable() else None
