"""The window: its loop (events, frames paced to what moves) and its stack of scenes.

The app is what every scene sees as its :class:`~game.ui.context.Context`; which screen comes next is
the navigator's business (:mod:`game.ui.navigation`), a setting that changes is :mod:`game.ui.setting_changes`'s,
the sound keys are :mod:`game.ui.audio.control`'s. The command line opens it through :mod:`game.ui.entry`.
"""
from __future__ import annotations

import functools
import os
import random
import time
from types import ModuleType

import pygame

from game.catalog import demo as demo_list
from game.catalog import registry as catalog
from game.common import i18n
from game.common.background import Service, Where
from game.oracles.base import keep_made
from game.keeping.journal import Journal
from game.keeping.settings import Settings, load_settings
from game.ui.audio import SoundPlayer
from game.ui.audio.control import SoundControl
from game.ui.context import Scene
from game.ui.intents import Intent, intent_for, typed_text
from game.ui.navigation import Navigation
from game.ui.setting_changes import SettingChanges
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.theme import Theme
from game.ui.widgets import draw_note
from game.ui import window_identity

__all__ = ["App", "DEFAULT_SIZE", "preferred_locales"]

DEFAULT_SIZE = (1280, 800)
IDLE_TO_DEMO = 60.0
FPS = 60            # while anything moves
SAVE_GRACE = 2.0    # seconds closing waits for the last settings write
NOTE_SECONDS = 2.5  # a note about a setting stays this long
TROUBLE_SECONDS = 8.0   # ... and one that says a file could not be written, this long
REST_FPS = 30       # while nothing does: input, background jobs and the clock are still looked at this often
FIRST_FRAME = "FEWEST_MOVES_FIRST_FRAME"   # `bench startup`: when the process started (time.time())
LOOK = ("language", "text_size", "theme")   # the settings that change how every screen looks
SOUND = ("muted", "volume")


def preferred_locales(pygame: ModuleType) -> list[str]:
    """The operating system's preferred languages, best first ("ja_JP", "en"), where SDL can tell."""
    try:
        found = pygame.system.get_pref_locales()
    except (AttributeError, pygame.error):
        return []
    return [f"{loc['language']}_{loc['country']}" if loc.get("country") else loc["language"] for loc in found]


def _first_frame_clock() -> float | None:
    """When the process was started, where the startup benchmark asks the window to say how long its first
    frame took and close (None: the game as it is played)."""
    try:
        return float(os.environ[FIRST_FRAME])
    except (KeyError, ValueError):
        return None


def _init_pygame(headless: bool) -> ModuleType:
    """The window's part of pygame; sound is opened later, off this thread (game.ui.audio)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    window_identity.claim()   # the window's class: read by SDL as the display starts
    pygame.display.init()
    pygame.font.init()
    if not headless:
        window_identity.dress(pygame)
    return pygame


class App:
    """Owns the window, the theme, the background service, the settings and a stack of scenes."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False, where: Where = Where.PROCESS,
                 demo: bool = False, headless: bool = False, seed: int | None = None,
                 persist_settings: bool = True, sound: bool | None = None, first_help: bool | None = None) -> None:
        """``sound``: open the audio device (default: unless headless); ``first_help``: the help shows
        itself the first time each puzzle opens (default: in a window, with the player's settings)."""
        pygame = _init_pygame(headless)
        self.pg = pygame
        self.windowed_size = self._fit(size) if not headless else size
        self.fullscreen = False
        self.headless = headless
        self.scenes: list[Scene] = []
        pygame.display.set_caption("Fewest Moves")
        if fullscreen:  # open straight into full screen: a window moved there later keeps its old place without a window manager
            self.toggle_fullscreen()
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.theme = Theme(self.size)
        # the game: worker processes; tests and screenshots: threads or inline; the demo's worker kept lean for hours
        self.service = Service(where, worker_memory=demo_list.WORKER_MEMORY if demo else None,
                               worker_setup=functools.partial(keep_made, 1) if demo else None)
        settings = load_settings() if persist_settings else Settings()
        self.changes = SettingChanges(settings, self.service, persist_settings, self._setting_changed,
                                      self.tell_trouble)
        self.apply_settings()
        self.sound = SoundPlayer(settings.volume, settings.muted)
        self.sound_keys = SoundControl(self.sound, settings, self.changes.save, self.notify)
        self.sound_wanted = sound if sound is not None else not headless   # opened once the first frame is up
        self.first_help = (not headless and persist_settings) if first_help is None else first_help
        # games in progress, records, the menu's memory: read and written on the light lane
        self.journal = Journal(self.service, enabled=persist_settings)
        self.rng = random.Random(seed)
        self.nav = Navigation(self)
        self.shown_notices: set[str] = set()      # notes from preparing tables, each said once
        self.note, self.note_time = "", 0.0       # a note about a setting, over every screen for a moment
        self.demo_mode = demo
        self.elapsed = 0.0
        self.idle = 0.0
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames_drawn = 0
        self.started_at = _first_frame_clock()
        self._drawn_scene: Scene | None = None     # the scene the screen shows now
        self._redraw_events = {pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                               pygame.FINGERDOWN, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                               pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED}

    @property
    def settings(self) -> Settings:
        return self.changes.settings

    # -- window ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _fit(self, size: tuple[int, int]) -> tuple[int, int]:
        try:
            desk = self.pg.display.get_desktop_sizes()[0]
        except Exception:  # noqa: BLE001
            return size
        w, h = size
        if w > desk[0] * 0.95 or h > desk[1] * 0.9:
            f = min(desk[0] * 0.95 / w, desk[1] * 0.9 / h)
            return max(640, int(w * f)), max(480, int(h * f))
        return size

    def toggle_fullscreen(self) -> None:
        pg = self.pg
        if not self.fullscreen:
            try:
                desk = pg.display.get_desktop_sizes()[0]
            except Exception:  # noqa: BLE001
                desk = self.size
            self.screen = pg.display.set_mode(desk, pg.FULLSCREEN)
            self.fullscreen = True
        else:
            self.screen = pg.display.set_mode(self.windowed_size, pg.RESIZABLE)
            self.fullscreen = False
        if hasattr(self, "theme"):
            self.resized()

    def resized(self) -> None:
        self.theme.resize(self.size)
        for scene in self.scenes:
            scene.layout(self.size)
            scene.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(320, size[0]), max(240, size[1]))
        if not self.fullscreen:
            self.windowed_size = size
            if self.screen.get_size() != size:
                self.screen = self.pg.display.set_mode(size, self.pg.RESIZABLE)
        self.resized()

    def apply_settings(self) -> None:
        """The language, text size and colours the settings ask for (at start, and when they change)."""
        i18n.activate(self.settings.language, preferred=preferred_locales(self.pg))
        self.pg.display.set_caption(i18n._("Fewest Moves"))
        self.theme.text_scale = self.settings.text_size / 100
        self.theme.palette = T.palette_named(self.settings.theme)

    def _setting_changed(self, name: str) -> None:
        """A setting changed on the settings screen: in effect on every screen now."""
        if name in SOUND:
            self.sound_keys.follow_settings()
        if name in LOOK:
            self.apply_settings()
            if name == "language":
                catalog.retell_problems()
            self.resized()

    # -- scenes -----------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.layout(self.size)

    def clear(self) -> None:
        """Take every scene off the stack; each leaves (a game cancels its search)."""
        while self.scenes:
            self.scenes.pop().leave()

    def replace(self, scene: Scene) -> None:
        self.clear()
        self.push(scene)

    def note_input(self) -> None:
        self.idle = 0.0

    # -- what is said over every screen ------------------------------------------------------------
    def notify(self, text: str, seconds: float = NOTE_SECONDS) -> None:
        """A word about a setting (or a file that could not be written), on any screen: a note over the
        foot of the window for a moment."""
        self.note, self.note_time = text, seconds
        if self.scene is not None:
            self.scene.invalidate()

    def tell_trouble(self, text: str) -> None:
        """A file of the player's could not be written: said where the screen says things (the play
        screen's and the editor's message line), else in a note over the foot of the window."""
        say = getattr(self.scene, "say", None)
        if say is not None:
            say(text, Tone.NOPE)
        else:
            self.notify(text, TROUBLE_SECONDS)

    # -- the loop ----------------------------------------------------------------------------
    def everywhere(self, intent: Intent) -> bool:
        """Intents that mean the same on every screen; True if this was one. Over a scene that takes
        every key (the help), every key but F1 and ? is that scene's own."""
        scene = self.scene
        if scene is not None and scene.takes_every_key and intent is not Intent.HELP:
            return False
        if intent is Intent.HELP:
            self.nav.open_help()
        elif intent is Intent.SETTINGS:
            self.nav.open_settings()
        elif intent is Intent.MUTE:
            self.sound_keys.toggle()
        elif intent in (Intent.VOLUME_UP, Intent.VOLUME_DOWN):
            self.sound_keys.change_volume(intent is Intent.VOLUME_UP)
        else:
            return False
        return True

    def process(self, event: pygame.event.Event) -> None:
        pg = self.pg
        kind = event.type
        if kind == pg.QUIT:
            self.running = False
            return
        if kind == pg.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            return
        if kind == pg.WINDOWSIZECHANGED:
            if self.screen.get_size() != self.theme.size:
                self.resized()
            elif self.scene is not None:
                self.scene.invalidate()
            return
        scene = self.scene
        if scene is None:
            return
        if kind in self._redraw_events:   # mouse motion: the scene knows whether it shows
            scene.invalidate()
        if kind in (pg.KEYDOWN, pg.MOUSEBUTTONDOWN, pg.MOUSEWHEEL):
            self.idle = 0.0
        if kind == pg.KEYDOWN:
            self._key(scene, event)
        elif kind in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP, pg.MOUSEMOTION, pg.MOUSEWHEEL, pg.FINGERDOWN):
            scene.handle_event(event)

    def _key(self, scene: Scene, event: pygame.event.Event) -> None:
        intent = intent_for(event)
        if intent is Intent.FULLSCREEN:
            self.toggle_fullscreen()
        elif intent is Intent.QUIT:
            self.running = False
        elif scene.capturing_text():   # a text field has the keys
            scene.handle_event(event)
        elif (text := typed_text(event)) is not None and scene.typed(text):
            pass
        elif intent is not None and not self.everywhere(intent):
            scene.handle_intent(intent)
        else:
            scene.handle_event(event)

    def tick(self, dt: float, draw: bool = True) -> None:
        """One frame: pending events, update, and a draw if the scene changed or is animating."""
        for event in self.pg.event.get():
            self.process(event)
            if not self.running:
                return
        self.elapsed += dt
        dt = min(dt, 0.1)   # after a stall, animations catch up instead of skipping
        self.idle += dt
        self.journal.update(dt)
        for trouble in self.journal.take_notices():
            self.tell_trouble(trouble)
        self.changes.update(dt)
        if self.demo_mode and self.idle > IDLE_TO_DEMO:
            self.nav.demo_after_idle()
            self.idle = 0.0
        if self.scene is not None:
            self.scene.update(dt)
        window_identity.follow_title(self.pg, self.scenes)
        scene = self.scene
        if self.note_time > 0:
            self.note_time = max(0.0, self.note_time - dt)
            if self.note_time == 0 and scene is not None:
                scene.invalidate()   # drawn once more, without it
        if draw and scene is not None and self._must_draw(scene):
            scene.draw(self.screen)
            if self.note_time > 0:
                draw_note(self.screen, self.theme, self.note, min(1.0, self.note_time / 0.4))
            self.pg.display.flip()
            scene.dirty = False
            self._drawn_scene = scene
            self.frames_drawn += 1
            if self.frames_drawn == 1:
                self._first_frame_shown()

    def _first_frame_shown(self) -> None:
        """The window shows its first frame: now the sound opens (on its own thread, but its effects are made
        with numpy there, which would slow the first frame down). For the startup benchmark: said, and closed."""
        if self.started_at is not None:
            print(f"first frame: {time.time() - self.started_at:.3f} s", flush=True)
            self.running = False
        elif self.sound_wanted:
            self.sound.open_in_background()

    def _must_draw(self, scene: Scene) -> bool:
        return scene is not self._drawn_scene or scene.dirty or scene.animating() or self.note_time > 0

    def resting(self) -> bool:
        """Nothing on screen would change if drawn now: the loop may wait longer between frames."""
        scene = self.scene
        return scene is None or not self._must_draw(scene)

    def run(self) -> int:
        try:
            self.loop()
        finally:
            self.close()
        return 0

    def loop(self) -> None:
        """Frames until the player quits: 60 a second while anything moves, fewer while nothing does."""
        self.clock.tick()
        while self.running:
            dt = self.clock.tick(REST_FPS if self.resting() else FPS) / 1000.0
            self.tick(dt)

    def close(self) -> None:
        for scene in self.scenes:
            scene.leave()
        self.sound.close()
        self.journal.wait(SAVE_GRACE)   # the games left just now, records: the last writes finish first
        self.changes.close(SAVE_GRACE)
        try:
            self.service.shutdown()
        except Exception:  # noqa: BLE001 - closing must not fail
            pass
        self.pg.display.quit()
        i18n.deactivate()   # what the command line prints after a window closed stays English
