"""Which screen comes next: the menu, a collection's grid of levels, a game, the editor, the analysis, the
records, a review, the help, the settings, the demo. Scenes ask for another screen through their context
(``ctx.nav``); this is the one module that knows every screen, so no screen needs to know another to open it.

The menu is the first screen; every other one's module is imported the first time one of its screens opens
(:class:`Screen`), so the window's first frame waits for none of them.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Callable, Generic, Sequence, TypeGuard, TypeVar

from game.catalog import registry as catalog
from game.catalog.spec import Colour, PuzzleSpec
from game.common.i18n import N_, _
from game.common.words import moves_text
from game.midend.daily import Daily
from game.keeping.saves import SavedGame
from game.ui.context import Scene, Stage
from game.ui.scenes.menu import MenuScene

if TYPE_CHECKING:
    from game.catalog.demo import Playlist
    from game.ui.edit.scene import EditorScene
    from game.ui.help import HelpScene
    from game.ui.play.scene import PlayScene
    from game.ui.scenes.analysis import AnalysisScene
    from game.ui.scenes.collection import CollectionScene
    from game.ui.scenes.demo import DemoScene
    from game.ui.scenes.records import RecordsScene
    from game.ui.scenes.review import ReviewScene
    from game.ui.scenes.settings import SettingsScene

__all__ = ["Navigation", "Screen"]

S = TypeVar("S", bound=Scene)


class Screen(Generic[S]):
    """A kind of screen other than the menu: its class, from its module, imported the first time it is asked for."""

    def __init__(self, module: str, load: Callable[[], type[S]]) -> None:
        self.module, self.load = module, load

    def __call__(self) -> type[S]:
        return self.load()

    def shows(self, scene: Scene | None) -> TypeGuard[S]:
        """Whether ``scene`` is one of these (never while its module is not imported: no such screen was made)."""
        return self.module in sys.modules and isinstance(scene, self.load())


def _play() -> type[PlayScene]:
    from game.ui.play.scene import PlayScene
    return PlayScene


def _editor() -> type[EditorScene]:
    from game.ui.edit.scene import EditorScene
    return EditorScene


def _help() -> type[HelpScene]:
    from game.ui.help import HelpScene
    return HelpScene


def _help_key(spec: PuzzleSpec) -> str:
    """What the settings remember of a puzzle whose help showed itself (see :func:`game.ui.help.help_key`)."""
    from game.ui.help import help_key
    return help_key(spec)


def _analysis() -> type[AnalysisScene]:
    from game.ui.scenes.analysis import AnalysisScene
    return AnalysisScene


def _collection() -> type[CollectionScene]:
    from game.ui.scenes.collection import CollectionScene
    return CollectionScene


def _demo() -> type[DemoScene]:
    from game.ui.scenes.demo import DemoScene
    return DemoScene


def _records() -> type[RecordsScene]:
    from game.ui.scenes.records import RecordsScene
    return RecordsScene


def _review() -> type[ReviewScene]:
    from game.ui.scenes.review import ReviewScene
    return ReviewScene


def _settings() -> type[SettingsScene]:
    from game.ui.scenes.settings import SettingsScene
    return SettingsScene


PLAY = Screen("game.ui.play.scene", _play)
EDITOR = Screen("game.ui.edit.scene", _editor)
HELP = Screen("game.ui.help", _help)
ANALYSIS = Screen("game.ui.scenes.analysis", _analysis)
COLLECTION = Screen("game.ui.scenes.collection", _collection)
DEMO = Screen("game.ui.scenes.demo", _demo)
RECORDS = Screen("game.ui.scenes.records", _records)
REVIEW = Screen("game.ui.scenes.review", _review)
SETTINGS = Screen("game.ui.scenes.settings", _settings)


class Navigation:
    """Opens and closes the screens on ``stage``'s stack (see :class:`~game.ui.context.Navigator`)."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self._playlist: Playlist | None = None   # the demo's, kept while the window runs: no puzzle twice an hour

    def push(self, scene: Scene) -> None:
        """``scene`` on top; the first time a puzzle opens for play, its help shows itself over it (once:
        the settings remember)."""
        stage = self.stage
        stage.push(scene)
        spec = scene.help_spec() if stage.first_help and PLAY.shows(scene) else None
        if spec is None or _help_key(spec) in stage.settings.help_seen:
            return
        stage.settings.help_seen = (*stage.settings.help_seen, _help_key(spec))
        stage.changes.save()
        stage.push(HELP()(stage, spec, scene, first=True))

    def replace(self, scene: Scene) -> None:
        """Every scene leaves the stack, and ``scene`` is all there is."""
        self.stage.clear()
        self.push(scene)

    def _pop(self) -> None:
        self.stage.scenes.pop().leave()

    def close(self, scene: Scene) -> None:
        """``scene`` leaves the top of the stack (never the last one there); the one under it shows again."""
        stage = self.stage
        if stage.scene is scene and len(stage.scenes) > 1:
            self._pop()
            top = stage.scene
            if top is not None:
                top.invalidate()

    # -- the first screens ------------------------------------------------------------------------
    def start(self, name: str | None = None, position: bytes | None = None, load: SavedGame | None = None,
              watch: str | None = None) -> None:
        """The menu, and over it a game of ``name`` (``watch``: a line of its notation played back from its
        start) or of the saved game ``load``."""
        self.push(MenuScene(self.stage))
        if load is not None:
            self.open_puzzle(load.spec.name, load=load)
        elif name is not None:
            self.open_puzzle(name, position, watch=watch)

    def back_to_menu(self) -> None:
        if len(self.stage.scenes) > 1:
            self._pop()
        else:
            self.replace(MenuScene(self.stage))

    def menu_back(self) -> None:
        """Esc on the menu: back to the demo in demo mode, otherwise quit."""
        if self.stage.demo_mode:
            self.start_demo()
        else:
            self.stage.running = False

    def refresh_menu(self, select: str | None = None) -> None:
        """The menu under the other scenes is made again (a puzzle joined the shelves), ``select`` chosen."""
        scenes = self.stage.scenes
        for i, scene in enumerate(scenes):
            if isinstance(scene, MenuScene):
                fresh = MenuScene(self.stage)
                names = [card.name for card in fresh.flat]
                if select in names:
                    fresh.selected, fresh.show_selection = names.index(select), True
                    fresh.ensure_visible()
                scenes[i] = fresh

    # -- games --------------------------------------------------------------------------------------
    def open_puzzle(self, name: str, position: bytes | None = None, load: SavedGame | None = None,
                    message: str | None = None, watch: str | None = None) -> None:
        """The puzzle's game in progress, resumed (``position``: then a new game from there; ``load``:
        a saved game, then, as a new game; ``watch``: a line of its notation, then, played back from its start)."""
        self.push(PLAY()(self.stage, catalog.get(name), position, kept=True, load=load, message=message,
                            watch=watch))

    def open_collection(self, specs: Sequence[PuzzleSpec], title: str, key: str, colour: Colour) -> None:
        """A collection's levels as a grid (``key``: what the menu's memory keeps its chosen level under); a
        level played from it comes back to it."""
        self.push(COLLECTION()(self.stage, specs, title, key, colour))

    def play_daily(self, daily: Daily) -> None:
        """The day's daily puzzle: its position as a new game (the daily's game already under way: resumed)."""
        message = _("Today's puzzle, {date}: {optimum} at the fewest.").format(
            date=daily.date.isoformat(), optimum=moves_text(daily.optimum))
        self.push(PLAY()(self.stage, daily.spec, daily.state, message=message, kept=True, daily=daily))

    def _new_game(self, name: str, position: bytes, message: str) -> None:
        self.push(PLAY()(self.stage, catalog.get(name), position, message=message or None, kept=True))

    def play_position(self, name: str, position: bytes, message: str = "") -> None:
        """Leave the analysis screen (and the game it came from, if the same puzzle) for a new game."""
        stage = self.stage
        if ANALYSIS.shows(stage.scene) and len(stage.scenes) > 1:
            self._pop()
        if PLAY.shows(stage.scene) and stage.scene.spec.name == name and len(stage.scenes) > 1:
            self._pop()
        self._new_game(name, position, message)

    def play_game(self, game: SavedGame, message: str = "") -> None:
        """A game of its own (a pasted code with the moves that led to it): opened over the menu, as a new
        game after the one there was, as a saved game opens."""
        stage = self.stage
        if ANALYSIS.shows(stage.scene) and len(stage.scenes) > 1:
            self._pop()
        if PLAY.shows(stage.scene) and stage.scene.spec.name == game.spec.name and len(stage.scenes) > 1:
            self._pop()
        self.open_puzzle(game.spec.name, load=game, message=message or None)

    def play_from_editor(self, name: str, position: bytes, message: str = "") -> None:
        """The editor gives way to a game from its position: the game it was opened over takes it
        as a new game (undo brings the old one back); over the menu, a play screen opens."""
        if len(self.stage.scenes) > 1:
            self._pop()
        scene = self.stage.scene
        if PLAY.shows(scene) and scene.spec.name == name:
            scene.start_from(position, message)
        else:
            self._new_game(name, position, message)

    # -- the other screens -----------------------------------------------------------------------------
    def open_editor(self, name: str, position: bytes | None = None) -> None:
        """The position editor on ``position`` (default: the puzzle's start); Esc comes back here."""
        # the editor's button that leaves it, translated where the button is drawn
        back = N_("Back to the game") if PLAY.shows(self.stage.scene) else N_("Back to the menu")
        self.push(EDITOR()(self.stage, catalog.get(name), position, back))

    def open_analysis(self, name: str) -> None:
        self.push(ANALYSIS()(self.stage, catalog.get(name)))

    def open_records(self) -> None:
        self.push(RECORDS()(self.stage))

    def open_review(self) -> None:
        """The review of the game on the play screen on top, over it."""
        play = self.stage.scene
        if PLAY.shows(play):
            self.push(REVIEW()(self.stage, play))

    def open_help(self) -> None:
        """The help of the puzzle on screen (or chosen on the menu); asked again, it closes."""
        scene = self.stage.scene
        if HELP.shows(scene):
            scene.close()
            return
        spec = scene.help_spec() if scene is not None else None
        if spec is not None:
            self.push(HELP()(self.stage, spec, scene))

    def open_settings(self) -> None:
        if not SETTINGS.shows(self.stage.scene):
            self.push(SETTINGS()(self.stage))

    # -- the demo -----------------------------------------------------------------------------------------
    def start_demo(self, first: str | None = None) -> None:
        """The unattended demo (``first``: the puzzle it shows first, then its playlist's)."""
        self.stage.clear()   # first, so the old searches stop before the demo starts its own
        catalog.release_built()   # what a visitor's games and the menu built: the demo keeps none of it
        if self._playlist is None:
            from game.catalog.demo import Playlist, offers   # the menu's first frame does not wait for it
            self._playlist = Playlist(offers(), self.stage.rng)
        self.push(DEMO()(self.stage, self._playlist, first))
        self.stage.note_input()

    def demo_after_idle(self) -> None:
        """Nobody played for a while: the demo starts again (unless it is on)."""
        if not DEMO.shows(self.stage.scene):
            self.start_demo()

    def visitor_takes(self, play: Scene) -> None:
        """A visitor at the demo takes its game: the menu, and the game over it."""
        self.replace(MenuScene(self.stage))
        self.push(play)
        self.stage.note_input()
