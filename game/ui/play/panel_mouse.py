"""The side panel's share of the mouse, for every screen with a panel (the play screen, the editor):
hover, wheel scrolling, and a button pressed and released on the same button."""
from __future__ import annotations

from typing import Protocol

import pygame

from game.midend.panel import ButtonModel
from game.ui.play.panel_layout import PanelLayout
from game.ui.play.panel_view import PanelView
from game.ui.theme import Theme

WHEEL_STEP = 60        # base pixels the panel scrolls per wheel notch


class PanelHost(Protocol):
    panel: pygame.Rect
    panel_view: PanelView
    mouse: tuple[int, int] | None
    hover_button: str | None
    pressed_button: str | None

    @property
    def theme(self) -> Theme: ...

    def panel_layout(self) -> PanelLayout: ...

    def invalidate(self) -> None: ...


def hover(host: PanelHost, pos: tuple[int, int] | None) -> None:
    """Remember the pointer and light the button under it."""
    host.mouse = pos
    hovered = host.panel_view.button_at(host.panel_layout(), pos) if pos is not None else None
    name = hovered.model.name if hovered is not None else None
    if name != host.hover_button:
        host.hover_button = name
        host.invalidate()


def panel_mouse(host: PanelHost, event: pygame.event.Event) -> ButtonModel | bool:
    """The panel's part of a mouse event: the button clicked (pressed and released on it), True
    when the panel took the event otherwise, False when it belongs to the board."""
    if event.type == pygame.MOUSEMOTION:
        hover(host, event.pos)
        return False   # the board follows the pointer too (drags)
    if event.type == pygame.MOUSEWHEEL:
        if host.panel.collidepoint(host.mouse or pygame.mouse.get_pos()):
            if host.panel_view.scroll_by(host.panel_layout(), -event.y * host.theme.px(WHEEL_STEP)):
                hover(host, host.mouse)
                host.invalidate()
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        pressed = host.panel_view.button_at(host.panel_layout(), event.pos)
        if pressed is None:
            return False
        host.pressed_button = pressed.model.name
        return True
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and host.pressed_button is not None:
        name, host.pressed_button = host.pressed_button, None
        released = host.panel_view.button_at(host.panel_layout(), event.pos)
        return released.model if released is not None and released.model.name == name else True
    return False
