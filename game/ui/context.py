"""What a screen is, and what it may use of the window around it.

A :class:`Scene` lives on the window's stack: update(dt), draw(surface), handle_intent(intent),
handle_event(event). It also tells the loop when it must be drawn: ``dirty`` after something changed,
``animating()`` while its picture changes with time alone. The loop skips drawing otherwise and rests. A
scene that does not track its changes keeps the default: drawn every frame.

A scene sees the window only as a :class:`Context`: the settings, the journal, the background service,
the sound, the theme, and a :class:`Navigator` that opens and closes the other screens. Both are
protocols: no scene imports the window (:mod:`game.ui.app`) or the navigator (:mod:`game.ui.navigation`),
so a scene module pulls in no other screen but those it really uses.
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence

import pygame

from game.catalog.spec import Colour, PuzzleSpec
from game.common.background import Service
from game.keeping.journal import Journal
from game.keeping.saves import SavedGame
from game.keeping.settings import Settings
from game.midend.daily import Daily
from game.midend.intent import Intent
from game.ui.audio.control import SoundControl
from game.ui.audio.player import SoundPlayer
from game.ui.setting_changes import SettingChanges
from game.ui.theme import Theme

__all__ = ["Context", "Navigator", "Scene", "Stage"]


class Scene:
    takes_every_key = False   # every key is the scene's own, even those that mean the same on every screen

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.dirty = True

    def invalidate(self) -> None:
        """Something the scene shows changed: draw it on the next frame."""
        self.dirty = True

    def animating(self) -> bool:
        """Whether the picture changes with time alone, so every frame must be drawn."""
        return True

    @property
    def theme(self) -> Theme:
        return self.ctx.theme

    def layout(self, size: tuple[int, int]) -> None:
        pass

    def handle_intent(self, intent: Intent) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def typed(self, text: str) -> bool:
        """A character typed (before keys become intents); True if the scene took it."""
        return False

    def capturing_text(self) -> bool:
        """A text field has the keyboard: every key goes to ``handle_event`` as it is."""
        return False

    def update(self, dt: float) -> None:
        pass

    def help_spec(self) -> PuzzleSpec | None:
        """The puzzle whose help F1 opens over this screen: the one it shows (None: no help here)."""
        spec = getattr(self, "spec", None)
        return spec if isinstance(spec, PuzzleSpec) else None

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def leave(self) -> None:
        """The scene is taken off the stack (or the window closes): stop what it started."""


class Navigator(Protocol):
    """The screens a scene may open or go back to."""

    def open_puzzle(self, name: str, position: bytes | None = None, load: SavedGame | None = None) -> None: ...

    def open_collection(self, specs: Sequence[PuzzleSpec], title: str, key: str, colour: Colour) -> None: ...

    def open_editor(self, name: str, position: bytes | None = None) -> None: ...

    def open_analysis(self, name: str) -> None: ...

    def open_records(self) -> None: ...

    def open_review(self) -> None: ...

    def open_help(self) -> None: ...

    def open_settings(self) -> None: ...

    def close(self, scene: Scene) -> None: ...

    def back_to_menu(self) -> None: ...

    def menu_back(self) -> None: ...

    def play_position(self, name: str, position: bytes, message: str = "") -> None: ...

    def play_game(self, game: SavedGame, message: str = "") -> None: ...

    def play_daily(self, daily: Daily) -> None: ...

    def play_from_editor(self, name: str, position: bytes, message: str = "") -> None: ...

    def refresh_menu(self, select: str | None = None) -> None: ...

    def visitor_takes(self, play: Scene) -> None: ...


class Context(Protocol):
    """What a scene may use of the window around it."""

    journal: Journal                # games in progress, saves, records, the menu's memory
    service: Service                # the background work: searches, tables, files
    rng: random.Random
    sound: SoundPlayer
    sound_keys: SoundControl        # the sound turned on and off, louder and quieter, and said
    changes: SettingChanges         # a setting changed: kept, saved and in effect
    shown_notices: set[str]         # notes from preparing tables, each said once a run
    demo_mode: bool                 # the window is an unattended show at events
    elapsed: float                  # seconds the window has run: its frames' time added up (simulated in benchmarks)

    @property
    def nav(self) -> Navigator:
        """Opens and closes the screens."""

    @property
    def settings(self) -> Settings: ...

    @property
    def theme(self) -> Theme: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scene(self) -> Scene | None:
        """The scene on top of the stack: the one the window shows."""

    def note_input(self) -> None:
        """The player did something (the demo's idle clock starts again)."""

    def everywhere(self, intent: Intent) -> bool:
        """Do what ``intent`` means on every screen (help, settings, sound); False if it means nothing
        there, so the scene does what it means for it."""


class Stage(Context, Protocol):
    """The window as the navigator sees it: the context and the stack of scenes it changes."""

    scenes: list[Scene]
    running: bool
    first_help: bool                # the help shows itself the first time each puzzle opens

    def push(self, scene: Scene) -> None: ...

    def clear(self) -> None: ...
