"""Which screen comes next: the menu, a collection's grid of levels, a game, the editor, the analysis, the
records, a review, the help, the settings, the demo. Scenes ask for another screen through their context
(``ctx.nav``); this is the one module that knows every screen, so no screen needs to know another to open it.
"""
from __future__ import annotations

from typing import Sequence

from game.catalog import registry as catalog
from game.catalog.demo import Playlist, offers
from game.catalog.spec import Colour, PuzzleSpec
from game.common.i18n import N_, _
from game.common.words import moves_text
from game.midend.daily import Daily
from game.keeping.saves import SavedGame
from game.ui.context import Scene, Stage
from game.ui.edit.scene import EditorScene
from game.ui.help import HelpScene, help_key
from game.ui.play.scene import PlayScene
from game.ui.scenes.analysis import AnalysisScene
from game.ui.scenes.collection import CollectionScene
from game.ui.scenes.demo import DemoScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.settings import SettingsScene

__all__ = ["Navigation"]


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
        spec = scene.help_spec() if stage.first_help and isinstance(scene, PlayScene) else None
        if spec is None or help_key(spec) in stage.settings.help_seen:
            return
        stage.settings.help_seen = (*stage.settings.help_seen, help_key(spec))
        stage.changes.save()
        stage.push(HelpScene(stage, spec, scene, first=True))

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
        self.push(PlayScene(self.stage, catalog.get(name), position, kept=True, load=load, message=message,
                            watch=watch))

    def open_collection(self, specs: Sequence[PuzzleSpec], title: str, key: str, colour: Colour) -> None:
        """A collection's levels as a grid (``key``: what the menu's memory keeps its chosen level under); a
        level played from it comes back to it."""
        self.push(CollectionScene(self.stage, specs, title, key, colour))

    def play_daily(self, daily: Daily) -> None:
        """The day's daily puzzle: its position as a new game (the daily's game already under way: resumed)."""
        message = _("Today's puzzle, {date}: {optimum} at the fewest.").format(
            date=daily.date.isoformat(), optimum=moves_text(daily.optimum))
        self.push(PlayScene(self.stage, daily.spec, daily.state, message=message, kept=True, daily=daily))

    def _new_game(self, name: str, position: bytes, message: str) -> None:
        self.push(PlayScene(self.stage, catalog.get(name), position, message=message or None, kept=True))

    def play_position(self, name: str, position: bytes, message: str = "") -> None:
        """Leave the analysis screen (and the game it came from, if the same puzzle) for a new game."""
        stage = self.stage
        if isinstance(stage.scene, AnalysisScene) and len(stage.scenes) > 1:
            self._pop()
        if isinstance(stage.scene, PlayScene) and stage.scene.spec.name == name and len(stage.scenes) > 1:
            self._pop()
        self._new_game(name, position, message)

    def play_game(self, game: SavedGame, message: str = "") -> None:
        """A game of its own (a pasted code with the moves that led to it): opened over the menu, as a new
        game after the one there was, as a saved game opens."""
        stage = self.stage
        if isinstance(stage.scene, AnalysisScene) and len(stage.scenes) > 1:
            self._pop()
        if isinstance(stage.scene, PlayScene) and stage.scene.spec.name == game.spec.name and len(stage.scenes) > 1:
            self._pop()
        self.open_puzzle(game.spec.name, load=game, message=message or None)

    def play_from_editor(self, name: str, position: bytes, message: str = "") -> None:
        """The editor gives way to a game from its position: the game it was opened over takes it
        as a new game (undo brings the old one back); over the menu, a play screen opens."""
        if len(self.stage.scenes) > 1:
            self._pop()
        scene = self.stage.scene
        if isinstance(scene, PlayScene) and scene.spec.name == name:
            scene.start_from(position, message)
        else:
            self._new_game(name, position, message)

    # -- the other screens -----------------------------------------------------------------------------
    def open_editor(self, name: str, position: bytes | None = None) -> None:
        """The position editor on ``position`` (default: the puzzle's start); Esc comes back here."""
        # the editor's button that leaves it, translated where the button is drawn
        back = N_("Back to the game") if isinstance(self.stage.scene, PlayScene) else N_("Back to the menu")
        self.push(EditorScene(self.stage, catalog.get(name), position, back))

    def open_analysis(self, name: str) -> None:
        self.push(AnalysisScene(self.stage, catalog.get(name)))

    def open_records(self) -> None:
        self.push(RecordsScene(self.stage))

    def open_review(self) -> None:
        """The review of the game on the play screen on top, over it."""
        play = self.stage.scene
        if isinstance(play, PlayScene):
            self.push(ReviewScene(self.stage, play))

    def open_help(self) -> None:
        """The help of the puzzle on screen (or chosen on the menu); asked again, it closes."""
        scene = self.stage.scene
        if isinstance(scene, HelpScene):
            scene.close()
            return
        spec = scene.help_spec() if scene is not None else None
        if spec is not None:
            self.push(HelpScene(self.stage, spec, scene))

    def open_settings(self) -> None:
        if not isinstance(self.stage.scene, SettingsScene):
            self.push(SettingsScene(self.stage))

    # -- the demo -----------------------------------------------------------------------------------------
    def start_demo(self, first: str | None = None) -> None:
        """The unattended demo (``first``: the puzzle it shows first, then its playlist's)."""
        self.stage.clear()   # first, so the old searches stop before the demo starts its own
        catalog.release_built()   # what a visitor's games and the menu built: the demo keeps none of it
        if self._playlist is None:
            self._playlist = Playlist(offers(), self.stage.rng)
        self.push(DemoScene(self.stage, self._playlist, first))
        self.stage.note_input()

    def demo_after_idle(self) -> None:
        """Nobody played for a while: the demo starts again (unless it is on)."""
        if not isinstance(self.stage.scene, DemoScene):
            self.start_demo()

    def visitor_takes(self, play: Scene) -> None:
        """A visitor at the demo takes its game: the menu, and the game over it."""
        self.replace(MenuScene(self.stage))
        self.push(play)
        self.stage.note_input()
