"""The game loop and scene stack, and the three entry points the command line calls."""
from __future__ import annotations

import os
import random
import sys
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from game.catalog import registry as catalog
from game.common import i18n
from game.common.background import Job, Lane, Service, Task, Where
from game.common.i18n import N_, _
from game.common.synth import SLIDE, WIN, Sound
from game.keeping.journal import RETRY, Journal
from game.rules.puzzle import PositionError
from game.keeping.saves import SavedGame
from game.keeping.settings import Settings, load_settings, save_settings_task
from game.catalog.spec import PuzzleSpec
from game.ui import window_identity

if TYPE_CHECKING:
    from game.ui.scenes.base import Scene

DEFAULT_SIZE = (1280, 800)
IDLE_TO_DEMO = 60.0
FPS = 60            # while anything moves
SAVE_GRACE = 2.0    # seconds closing waits for the last settings write
NOTE_SECONDS = 2.5  # a note about a setting stays this long
TROUBLE_SECONDS = 8.0   # ... and one that says a file could not be written, this long
REST_FPS = 30       # while nothing does: input, background jobs and the clock are still looked at this often


__all__ = ["App", "Settings", "run", "run_demo", "render_screenshot"]


def preferred_locales(pygame) -> list[str]:
    """The operating system's preferred languages, best first ("ja_JP", "en"), where SDL can tell."""
    try:
        found = pygame.system.get_pref_locales()
    except (AttributeError, pygame.error):
        return []
    return [f"{loc['language']}_{loc['country']}" if loc.get("country") else loc["language"] for loc in found]


def _init_pygame(headless: bool):
    """The window's part of pygame; sound is opened later, off this thread (game.ui.audio)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    window_identity.claim()   # the window's class: read by SDL as the display starts
    import pygame
    pygame.display.init()
    pygame.font.init()
    if not headless:
        window_identity.dress(pygame)
    return pygame


class App:
    """Owns the window, the theme, the background service, the settings and a stack of scenes."""

    def __init__(self, size=DEFAULT_SIZE, fullscreen: bool = False, where: Where = Where.PROCESS,
                 demo: bool = False, headless: bool = False, seed: int | None = None,
                 persist_settings: bool = True, sound: bool | None = None, first_help: bool | None = None) -> None:
        """``sound``: open the audio device (default: unless headless); ``first_help``: the help shows
        itself the first time each puzzle opens (default: in a window, with the player's settings)."""
        pygame = _init_pygame(headless)
        self.pg = pygame
        from game.ui.theme import Theme
        self.windowed_size = self._fit(size) if not headless else size
        self.fullscreen = False
        self.headless = headless
        pygame.display.set_caption("Fewest Moves")
        if fullscreen:  # open straight into full screen: a window moved there later keeps its old place without a window manager
            self.toggle_fullscreen()
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.theme = Theme(self.size)
        self.persist_settings = persist_settings
        self.settings = load_settings() if persist_settings else Settings()
        self.apply_settings()
        from game.ui.audio import SoundPlayer
        self.sound = SoundPlayer(self.settings.volume, self.settings.muted)
        if sound if sound is not None else not headless:
            self.sound.open_in_background()
        self.first_help = (not headless and persist_settings) if first_help is None else first_help
        self.service = Service(where)   # the game: worker processes; tests and screenshots: threads or inline
        # games in progress, records, the menu's memory: read and written on the light lane
        self.journal = Journal(self.service, enabled=persist_settings)
        self.rng = random.Random(seed)
        self.menu_choices: dict[str, str] = self.journal.chosen   # group -> the variant last chosen on its card
        self.shown_notices: set[str] = set()      # notes from preparing tables, each said once
        self._saving: Job[bool] | None = None     # the latest settings write, off the UI thread
        self._settings_retry: float | None = None   # seconds till a settings write that failed is tried again
        self._settings_told = False               # ... and said, once till one succeeds
        self.note, self.note_time = "", 0.0       # a note about a setting, over every screen for a moment
        self.scenes: list = []
        self.demo_mode = demo
        self.idle = 0.0
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames_drawn = 0
        self._drawn_scene: Scene | None = None     # the scene the screen shows now
        self._redraw_events = {pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                               pygame.FINGERDOWN, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                               pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED}

    # -- window ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _fit(self, size):
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

    def resize(self, size) -> None:
        size = (max(320, size[0]), max(240, size[1]))
        if not self.fullscreen:
            self.windowed_size = size
            if self.screen.get_size() != size:
                self.screen = self.pg.display.set_mode(size, self.pg.RESIZABLE)
        self.resized()

    # -- scenes -----------------------------------------------------------------------------
    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        self.scenes.append(scene)
        scene.layout(self.size)
        self._first_steps(scene)

    def _first_steps(self, scene) -> None:
        """The first time a puzzle opens for play, its help shows itself (once: the settings remember)."""
        from game.ui.help import HelpScene, help_key
        from game.ui.play.scene import PlayScene
        spec = scene.help_spec() if self.first_help and isinstance(scene, PlayScene) else None
        if spec is None or help_key(spec) in self.settings.help_seen:
            return
        self.settings.help_seen = (*self.settings.help_seen, help_key(spec))
        self.save_settings()
        self.push(HelpScene(self, spec, scene, first=True))

    def open_help(self) -> None:
        """The help of the puzzle on screen (or chosen on the menu); asked again, it closes."""
        from game.ui.help import HelpScene
        scene = self.scene
        if isinstance(scene, HelpScene):
            scene.close()
            return
        spec = scene.help_spec() if scene is not None else None
        if spec is not None:
            self.push(HelpScene(self, spec, scene))

    # -- sound -------------------------------------------------------------------------------------
    def play_sound(self, effect: Sound | None) -> None:
        if effect is not None:
            self.sound.play(effect)

    def toggle_sound(self) -> None:
        on = self.sound.toggle()
        self._sound_changed(WIN if on else None)

    def change_volume(self, up: bool) -> None:
        self.sound.step_volume(up)
        self._sound_changed(SLIDE)

    def _sound_changed(self, sample: Sound | None) -> None:
        """Keep the settings in step with the player, let the new level be heard, and say it."""
        self.settings.volume, self.settings.muted = self.sound.volume, self.sound.muted
        self.save_settings()
        self.play_sound(sample)
        level = self.sound.describe()
        if self.sound.unavailable and not (self.sound.muted or self.sound.volume == 0):
            # Translators: {sound} is how the sound is set ("Sound 70%"); then the keys that change it
            said = _("{sound} (no sound device was found) · V sound on/off · Ctrl+- / Ctrl+= volume")
        else:
            # Translators: {sound} is how the sound is set ("Sound 70%", "Sound off"); then the keys that change it
            said = _("{sound} · V sound on/off · Ctrl+- / Ctrl+= volume")
        self.notify(said.format(sound=level))

    def notify(self, text: str, seconds: float = NOTE_SECONDS) -> None:
        """A word about a setting (or a file that could not be written), on any screen: a note over the
        foot of the window for a moment."""
        self.note, self.note_time = text, seconds
        if self.scene is not None:
            self.scene.invalidate()

    def tell_trouble(self, text: str) -> None:
        """A file of the player's could not be written: said where the screen says things (the play
        screen's and the editor's message line), else in a note over the foot of the window."""
        from game.ui import theme as T
        say = getattr(self.scene, "say", None)
        if say is not None:
            say(text, T.NOPE)
        else:
            self.notify(text, TROUBLE_SECONDS)

    def app_intent(self, intent) -> bool:
        """Intents that mean the same on every screen; True if this was one. Over the help, every key
        but F1 and ? is the help's own: it closes."""
        from game.ui.help import HelpScene
        from game.ui.intents import Intent
        if isinstance(self.scene, HelpScene) and intent is not Intent.HELP:
            return False
        if intent is Intent.HELP:
            self.open_help()
        elif intent is Intent.SETTINGS:
            self.open_settings()
        elif intent is Intent.MUTE:
            self.toggle_sound()
        elif intent in (Intent.VOLUME_UP, Intent.VOLUME_DOWN):
            self.change_volume(intent is Intent.VOLUME_UP)
        else:
            return False
        return True

    def clear(self) -> None:
        """Take every scene off the stack; each leaves (a game cancels its search)."""
        while self.scenes:
            self.scenes.pop().leave()

    def replace(self, scene) -> None:
        self.clear()
        self.push(scene)

    def save_settings(self) -> None:
        """Write the settings on the light lane (no file I/O on the UI thread); a copy is sent,
        and writes run in order, so the last change is the one on disk."""
        if self.persist_settings:
            task = Task(save_settings_task, (replace(self.settings),), "Saving the settings")
            self._saving = self.service.submit(task, Lane.LIGHT)
            self._settings_retry = None

    def _follow_settings(self, dt: float) -> None:
        """A settings write that failed is said once and tried again after a while: the settings stay in
        effect meanwhile, and the latest of them is what is written."""
        job = self._saving
        if job is not None and job.done:
            self._saving = None
            if job.result:
                self._settings_told = False
            else:
                self._settings_retry = RETRY
                if not self._settings_told:
                    self._settings_told = True
                    self.tell_trouble(_("Your settings could not be written; they stay as they are, and the game "
                                        "will try again shortly."))
        if self._settings_retry is not None:
            self._settings_retry -= dt
            if self._settings_retry <= 0:
                self.save_settings()

    def toggle_setting(self, name: str) -> bool:
        """Flip a boolean setting, save it, and return the new value."""
        value = not getattr(self.settings, name)
        setattr(self.settings, name, value)
        self.save_settings()
        return value

    def change_setting(self, name: str, value) -> None:
        """A setting changed from the settings screen: kept, saved, and in effect on every screen."""
        setattr(self.settings, name, value)
        self.save_settings()
        if name in ("muted", "volume"):
            self.sound.set_level(self.settings.volume, self.settings.muted)
            self.play_sound(SLIDE if not self.settings.muted else None)
        if name in ("language", "text_size", "theme"):
            self.apply_settings()
            if name == "language":
                catalog.retell_problems()
            self.resized()

    def apply_settings(self) -> None:
        """The language, text size and colours the settings ask for (at start, and when they change)."""
        from game.ui import theme as T
        i18n.activate(self.settings.language, preferred=preferred_locales(self.pg))
        self.pg.display.set_caption(i18n._("Fewest Moves"))
        self.theme.text_scale = self.settings.text_size / 100
        T.use_palette(self.settings.theme)

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene
        if not isinstance(self.scene, SettingsScene):
            self.push(SettingsScene(self))

    def close_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene
        if isinstance(self.scene, SettingsScene) and len(self.scenes) > 1:
            self.scenes.pop().leave()
            if self.scene is not None:
                self.scene.invalidate()

    def open_puzzle(self, name: str, position: bytes | None = None, load: SavedGame | None = None) -> None:
        """The puzzle's game in progress, resumed (``position``: then a new game from there; ``load``:
        a saved game, then, as a new game)."""
        from game.ui.play.scene import PlayScene
        self.push(PlayScene(self, catalog.get(name), position, kept=True, load=load))

    def open_records(self) -> None:
        from game.ui.scenes.records import RecordsScene
        self.push(RecordsScene(self))

    def open_review(self, scene) -> None:
        """The review of the game on the play screen ``scene``, over it."""
        from game.ui.scenes.review import ReviewScene
        self.push(ReviewScene(self, scene))

    def open_editor(self, name: str, position: bytes | None = None) -> None:
        """The position editor on ``position`` (default: the puzzle's start); Esc comes back here."""
        from game.ui.edit.scene import EditorScene
        from game.ui.play.scene import PlayScene
        # the editor's button that leaves it, translated where the button is drawn
        back = N_("Back to the game") if isinstance(self.scene, PlayScene) else N_("Back to the menu")
        self.push(EditorScene(self, catalog.get(name), position, back))

    def play_from_editor(self, name: str, position: bytes, message: str = "") -> None:
        """The editor gives way to a game from its position: the game it was opened over takes it
        as a new game (undo brings the old one back); over the menu, a play screen opens."""
        from game.ui.play.scene import PlayScene
        if len(self.scenes) > 1:
            self.scenes.pop().leave()
        scene = self.scene
        if isinstance(scene, PlayScene) and scene.spec.name == name:
            scene.start_from(position, message)
        else:
            self.push(PlayScene(self, catalog.get(name), position, message=message or None, kept=True))

    def refresh_menu(self, select: str | None = None) -> None:
        """The menu under the other scenes is made again (a puzzle joined the shelves), ``select`` chosen."""
        from game.ui.scenes.menu import MenuScene
        for i, scene in enumerate(self.scenes):
            if isinstance(scene, MenuScene):
                fresh = MenuScene(self)
                names = [card.name for card in fresh.flat]
                if select in names:
                    fresh.selected, fresh.show_selection = names.index(select), True
                    fresh.ensure_visible()
                self.scenes[i] = fresh

    def open_analysis(self, name: str) -> None:
        from game.ui.scenes.analysis import AnalysisScene
        self.push(AnalysisScene(self, catalog.get(name)))

    def play_position(self, name: str, position: bytes, message: str = "") -> None:
        """Leave the analysis screen (and the game it came from, if the same puzzle) for a new game."""
        from game.ui.scenes.analysis import AnalysisScene
        from game.ui.play.scene import PlayScene
        if isinstance(self.scene, AnalysisScene) and len(self.scenes) > 1:
            self.scenes.pop().leave()
        if isinstance(self.scene, PlayScene) and self.scene.spec.name == name and len(self.scenes) > 1:
            self.scenes.pop().leave()
        self.push(PlayScene(self, catalog.get(name), position, message=message or None, kept=True))

    def replace_game(self, name: str, position: bytes, message: str = "") -> None:
        """The game on top gives way to a new game of ``name`` from ``position`` (another count)."""
        from game.ui.play.scene import PlayScene
        if self.scenes:
            self.scenes.pop().leave()
        self.push(PlayScene(self, catalog.get(name), position, message=message or None, kept=True))

    def back_to_menu(self) -> None:
        from game.ui.scenes.menu import MenuScene
        if len(self.scenes) > 1:
            self.scenes.pop().leave()
        else:
            self.replace(MenuScene(self))

    def start(self, name: str | None = None, position: bytes | None = None, load: SavedGame | None = None) -> None:
        """The first screens: the menu, and over it a game of ``name`` or of the saved game ``load``."""
        from game.ui.scenes.menu import MenuScene
        self.push(MenuScene(self))
        if load is not None:
            self.open_puzzle(load.spec.name, load=load)
        elif name is not None:
            self.open_puzzle(name, position)

    def menu_back(self) -> None:
        """Esc on the menu: back to the demo in demo mode, otherwise quit."""
        if self.demo_mode:
            self.start_demo()
        else:
            self.running = False

    def start_demo(self) -> None:
        from game.ui.scenes.demo import DemoScene
        self.clear()   # first, so the old searches stop before the demo starts its own
        self.push(DemoScene(self))
        self.idle = 0.0

    def visitor_takes(self, play_scene) -> None:
        from game.ui.scenes.menu import MenuScene
        self.replace(MenuScene(self))
        self.push(play_scene)
        self.idle = 0.0

    def note_input(self) -> None:
        self.idle = 0.0

    # -- the loop ----------------------------------------------------------------------------
    def process(self, event) -> None:
        pg = self.pg
        from game.ui.intents import Intent, intent_for, typed_text
        if event.type == pg.QUIT:
            self.running = False
            return
        if event.type == pg.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            return
        if event.type == pg.WINDOWSIZECHANGED:
            if self.screen.get_size() != self.theme.size:
                self.resized()
            elif self.scene is not None:
                self.scene.invalidate()
            return
        scene = self.scene
        if scene is None:
            return
        if event.type in self._redraw_events:   # mouse motion: the scene knows whether it shows
            scene.invalidate()
        if event.type in (pg.KEYDOWN, pg.MOUSEBUTTONDOWN, pg.MOUSEWHEEL):
            self.idle = 0.0
        if event.type == pg.KEYDOWN:
            intent = intent_for(event)
            if intent is Intent.FULLSCREEN:
                self.toggle_fullscreen()
            elif intent is Intent.QUIT:
                self.running = False
            elif scene.capturing_text():   # a text field has the keys
                scene.handle_event(event)
            elif (text := typed_text(event)) is not None and scene.typed(text):
                pass
            elif intent is not None and not self.app_intent(intent):
                scene.handle_intent(intent)
            else:
                scene.handle_event(event)
        elif event.type in (pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP, pg.MOUSEMOTION, pg.MOUSEWHEEL, pg.FINGERDOWN):
            scene.handle_event(event)

    def tick(self, dt: float, draw: bool = True) -> None:
        """One frame: pending events, update, and a draw if the scene changed or is animating."""
        for event in self.pg.event.get():
            self.process(event)
            if not self.running:
                return
        dt = min(dt, 0.1)   # after a stall, animations catch up instead of skipping
        self.idle += dt
        self.journal.update(dt)
        for trouble in self.journal.take_notices():
            self.tell_trouble(trouble)
        self._follow_settings(dt)
        if self.demo_mode and self.idle > IDLE_TO_DEMO:
            from game.ui.scenes.demo import DemoScene
            if not isinstance(self.scene, DemoScene):
                self.start_demo()
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
                from game.ui.widgets import draw_note
                draw_note(self.screen, self.theme, self.note, min(1.0, self.note_time / 0.4))
            self.pg.display.flip()
            scene.dirty = False
            self._drawn_scene = scene
            self.frames_drawn += 1

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
        if self._settings_retry is not None:   # one more try of settings that could not be written
            self.save_settings()
        saving, deadline = self._saving, time.monotonic() + SAVE_GRACE
        while saving is not None and not saving.done and time.monotonic() < deadline:
            time.sleep(0.01)   # the window is closing: let the last settings write finish
        try:
            self.service.shutdown()
        except Exception:  # noqa: BLE001 - closing must not fail
            pass
        self.pg.display.quit()
        i18n.deactivate()   # what the command line prints after a window closed stays English


# -- entry points ------------------------------------------------------------------------------

def _start(puzzle_name: str | None, position: str | None) -> tuple[PuzzleSpec | None, bytes | None]:
    """Validate the command line before a window opens: (spec, position bytes) or an error sentence."""
    if puzzle_name is None:
        if position is not None:
            raise PositionError("--from needs a puzzle name too.")
        return None, None
    spec = catalog.get(puzzle_name)
    return spec, (spec.puzzle.parse(position) if position is not None else None)


def _fail(err: Exception) -> int:
    text = str(err).strip()
    print(f"error: {text[:1].upper() + text[1:]}", file=sys.stderr)
    return 2


def run(puzzle_name: str | None, position: str | None, fullscreen: bool = False, load: SavedGame | None = None) -> int:
    """The game in a window: the menu, and over it the puzzle named (resumed, or from ``position``) or the
    saved game ``load`` (read and checked by the command line)."""
    try:
        spec, state = _start(puzzle_name, position)
    except (PositionError, catalog.UnknownPuzzle) as err:
        return _fail(err)
    try:
        app = App(fullscreen=fullscreen)
    except Exception as err:  # noqa: BLE001 - no display, no video driver: one sentence, not a traceback
        return _fail(RuntimeError(f"the game window could not open ({err}); try 'screenshot' for a headless picture"))
    app.start(spec.name if spec is not None else None, state, load)
    return app.run()


def run_demo() -> int:
    try:
        app = App(fullscreen=True, demo=True)
    except Exception as err:  # noqa: BLE001
        return _fail(RuntimeError(f"the demo window could not open ({err})"))
    app.start_demo()
    return app.run()


def render_screenshot(puzzle_name: str | None, path: str, position: str | None,
                      size: tuple[int, int], menu: bool, analysis: bool = False, marks: bool = False,
                      editor: bool = False, rules: bool = False, records: bool = False,
                      load: SavedGame | None = None, review: bool = False, settings: bool = False,
                      language: str = i18n.ENGLISH, text_size: int = 100, theme: str = "standard") -> int:
    """One frame of the game, drawn without a display: the menu, a puzzle (its analysis, editor or
    help card over it), the records screen (the player's own records), or a saved game."""
    try:
        spec, state = _start(puzzle_name, position)
        if load is not None:
            spec = load.spec
        if spec is None and not (menu or records or settings):
            raise PositionError("name a puzzle to render, or pass --menu.")
        if size[0] < 200 or size[1] < 150 or size[0] > 8192 or size[1] > 8192:
            raise PositionError(f"the size {size[0]}x{size[1]} is outside 200x150 to 8192x8192.")
    except (PositionError, catalog.UnknownPuzzle) as err:
        return _fail(err)
    app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False)
    app.settings.move_marks = marks
    app.settings.language, app.settings.text_size, app.settings.theme = language, text_size, theme
    app.apply_settings()
    app.resized()
    if records:   # the player's own records, read as the game reads them
        from game.keeping.journal import Folders, read_records
        app.journal.records = read_records(Folders.here().records)[0]
    try:
        from game.ui.scenes.menu import MenuScene
        app.push(MenuScene(app))
        if analysis and spec is not None:
            app.open_analysis(spec.name)
        elif editor and spec is not None:
            app.open_editor(spec.name, state)
            for _ in range(3):   # the editor's verdict: from the table, or a search inline
                app.tick(0.4)
        elif records:
            app.open_records()
        elif settings:
            app.open_settings()
        elif spec is not None and not menu:
            app.open_puzzle(spec.name, state, load=load)
            if rules:
                app.open_help()
                for _ in range(90):   # the example move played out, its after picture still
                    app.tick(1 / 30)
            elif review:
                app.open_review(app.scene)
                for _ in range(600):   # distances from the table at once; searched ones as they come
                    app.tick(1 / 30)
                    if not app.scene.search.busy:
                        break
        app.tick(0.0)
        app.pg.image.save(app.screen, path)
    except (OSError, app.pg.error) as err:
        app.close()
        return _fail(OSError(f"could not write {path}: {err}"))
    app.close()
    return 0
