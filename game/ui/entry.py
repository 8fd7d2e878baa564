"""The three ways the command line opens the window: the game, the demo, and one frame drawn without a
display (the README's pictures)."""
from __future__ import annotations

import sys
from dataclasses import dataclass

from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec
from game.common import i18n
from game.common.background import Where
from game.keeping.journal_files import Folders, read_records
from game.keeping.saves import SavedGame
from game.rules.puzzle import PositionError
from game.ui.app import App
from game.ui.scenes.menu import MenuScene

__all__ = ["render_screenshot", "run", "run_demo"]


def _start(puzzle_name: str | None, position: str | None) -> tuple[PuzzleSpec | None, bytes | None]:
    """Validate the command line before a window opens: (spec, position bytes) or an error sentence."""
    if puzzle_name is None:
        if position is not None:
            raise PositionError("--from needs a puzzle name too.")
        return None, None
    spec = catalog.get(puzzle_name)
    return spec, (spec.puzzle.parse(position) if position is not None else None)


def _keys(names: tuple[str, ...]) -> list[int]:
    """The key codes of key names as pygame spells them; PositionError with the name it does not know."""
    import pygame   # started by the App by now
    codes = []
    for name in names:
        try:
            codes.append(pygame.key.key_code(name))
        except ValueError:
            raise PositionError(f"'{name}' is not a key name (try h, s, space, k, left).") from None
    return codes


def _pressed(app: App, keys: list[int]) -> None:
    """Each key pressed on the screen in turn, a second of frames after each (a hint shown, a solve under way)."""
    pygame = app.pg
    for _ in range(10):   # the game settles first (a kept game, a table loading)
        app.tick(1 / 30)
    for code in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        for _ in range(30):
            app.tick(1 / 30)


def _fail(err: Exception) -> int:
    text = str(err).strip()
    print(f"error: {text[:1].upper() + text[1:]}", file=sys.stderr)
    return 2


def run(puzzle_name: str | None, position: str | None, fullscreen: bool = False, load: SavedGame | None = None,
        watch: str | None = None) -> int:
    """The game in a window: the menu, and over it the puzzle named (resumed, or from ``position``; ``watch``:
    this line of its notation played back from its start) or the saved game ``load`` (read and checked by the
    command line)."""
    try:
        spec, state = _start(puzzle_name, position)
    except (PositionError, catalog.UnknownPuzzle) as err:
        return _fail(err)
    try:
        app = App(fullscreen=fullscreen)
    except Exception as err:  # noqa: BLE001 - no display, no video driver: one sentence, not a traceback
        return _fail(RuntimeError(f"the game window could not open ({err}); try 'screenshot' for a headless picture"))
    app.nav.start(spec.name if spec is not None else None, state, load, watch)
    return app.run()


def run_demo() -> int:
    try:
        app = App(fullscreen=True, demo=True)
    except Exception as err:  # noqa: BLE001
        return _fail(RuntimeError(f"the demo window could not open ({err})"))
    app.nav.start_demo()
    return app.run()


def render_screenshot(puzzle_name: str | None, path: str, position: str | None,
                      size: tuple[int, int], menu: bool, analysis: bool = False, marks: bool = False,
                      editor: bool = False, rules: bool = False, records: bool = False,
                      load: SavedGame | None = None, review: bool = False, settings: bool = False,
                      demo: bool = False, collection: str | None = None, language: str = i18n.ENGLISH,
                      text_size: int = 100, theme: str = "standard", press: tuple[str, ...] = ()) -> int:
    """One frame of the game, drawn without a display: the menu (with a puzzle's card chosen, if one is
    named), a puzzle (its analysis, editor or help card over it; ``press``: after these keys, a second
    apart), a collection's grid of levels (``collection``: its title, or one of its levels, chosen; ``press``
    there too), the records screen (the player's own records), a saved game, or the demo."""
    try:
        spec, state = _start(puzzle_name, position)
        if load is not None:
            spec = load.spec
        if spec is None and not (menu or records or settings or demo or collection):
            raise PositionError("name a puzzle to render, or pass --menu.")
        if size[0] < 200 or size[1] < 150 or size[0] > 8192 or size[1] > 8192:
            raise PositionError(f"the size {size[0]}x{size[1]} is outside 200x150 to 8192x8192.")
    except (PositionError, catalog.UnknownPuzzle) as err:
        return _fail(err)
    app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False)
    try:
        keys = _keys(press)   # the names are read once the window's library is up
    except PositionError as err:
        app.close()
        return _fail(err)
    app.settings.move_marks = marks
    app.settings.language, app.settings.text_size, app.settings.theme = language, text_size, theme
    app.apply_settings()
    app.resized()
    if records or menu or collection:   # the player's own records (the menu's stars and counts at par, a grid's
        app.journal.records = read_records(Folders.here().records)[0]   # marks), read as the game reads them
    shot = _Shot(spec, state, load, tuple(keys), menu, analysis, editor, rules, records, settings, demo, review,
                 collection)
    what = shot.words(app)
    try:
        shot.draw(app)
    except PositionError as err:   # a collection not found
        app.close()
        return _fail(err)
    except (MemoryError, OSError, app.pg.error) as err:
        app.close()
        if _out_of_memory(err):
            return _fail(MemoryError(f"there was not enough memory to draw {what}."))
        return _fail(RuntimeError(f"{what} could not be drawn ({err})."))
    try:
        app.pg.image.save(app.screen, path)
    except (MemoryError, OSError, app.pg.error) as err:
        app.close()
        if _out_of_memory(err):
            return _fail(MemoryError(f"there was not enough memory to save the picture of {what} as {path}."))
        return _fail(OSError(f"could not write {path}: {err}"))
    app.close()
    return 0


def _out_of_memory(err: BaseException) -> bool:
    """Python's MemoryError, or the graphics library's own words for it (a surface too large to allocate)."""
    return isinstance(err, MemoryError) or "out of memory" in str(err).lower()


@dataclass(frozen=True)
class _Shot:
    """The screen the command line asked to draw (see :func:`render_screenshot`)."""

    spec: PuzzleSpec | None
    state: bytes | None
    load: SavedGame | None
    keys: tuple[int, ...]
    menu: bool
    analysis: bool
    editor: bool
    rules: bool
    records: bool
    settings: bool
    demo: bool
    review: bool
    collection: str | None = None

    def words(self, app: App) -> str:
        """What the picture shows, for a sentence about it: "the records screen (records of 10,000 puzzles)"."""
        if self.collection is not None:
            return f"the collection {self.collection}"
        if self.records and not self.menu:
            n = len(app.journal.records.puzzles)
            return f"the records screen (records of {n:,} puzzle{'' if n == 1 else 's'})"
        if self.demo:
            return "the demo"
        if self.menu or self.spec is None:
            return "the settings screen" if self.settings else "the menu"
        kind = ("the analysis of" if self.analysis else "the editor of" if self.editor
                else "the review of" if self.review else "the puzzle")
        return f"{kind} {self.spec.name}"

    def draw(self, app: App) -> None:
        """The screen, drawn on the app's screen (a few frames first where it must settle)."""
        nav, spec = app.nav, self.spec
        shelves = MenuScene(app)
        app.push(shelves)
        if self.collection is not None:
            self._collection(app, shelves, self.collection)
        elif self.menu and spec is not None:   # the menu with that puzzle's card chosen, scrolled into sight
            shelves.select_name(spec.name)
        elif self.analysis and spec is not None:
            nav.open_analysis(spec.name)
        elif self.editor and spec is not None:
            nav.open_editor(spec.name, self.state)
            for _ in range(3):   # the editor's verdict: from the table, or a search inline
                app.tick(0.4)
            _pressed(app, list(self.keys))
        elif self.records:
            nav.open_records()
        elif self.settings:
            nav.open_settings()
        elif self.demo:
            nav.start_demo(spec.name if spec is not None else None)
            for _ in range(150):   # its first puzzle dealt, measured and announced
                app.tick(1 / 30)
        elif spec is not None and not self.menu:
            nav.open_puzzle(spec.name, self.state, load=self.load)
            self._played(app)
        app.tick(0.0)
        for _ in range(200):   # the menu's pictures, a few a frame after its first
            if not (app.scene is shelves and shelves.pictures_owed):
                break
            app.tick(0.0)

    def _collection(self, app: App, shelves: MenuScene, name: str) -> None:
        """The grid of the collection titled ``name`` (or holding the level ``name``, chosen), the keys
        pressed on it, its pictures drawn."""
        wanted = name.casefold()
        card = next((c for c in shelves.flat if c.collection and c.group.casefold() == wanted), None)
        if card is None:
            card = next((c for c in shelves.flat if c.collection and name in c.positions), None)
            if card is None:
                raise PositionError(f"there is no collection called '{name}'.")
            card.choose(card.positions[name])
        shelves.selected = shelves.flat.index(card)
        shelves.open(shelves.selected)
        if self.keys:
            _pressed(app, list(self.keys))
        for _ in range(60):   # the pictures in view, a few a frame
            app.tick(1 / 30)

    def _played(self, app: App) -> None:
        """A puzzle's help card, the keys pressed on it, or the review over it."""
        if self.rules:
            app.nav.open_help()
            for _ in range(90):   # the example move played out, its after picture still
                app.tick(1 / 30)
        elif self.keys:
            _pressed(app, list(self.keys))
        elif self.review:
            from game.ui.scenes.review import ReviewScene   # (the window opens without the review's modules)
            app.nav.open_review()
            for _ in range(600):   # distances from the table at once; searched ones as they come
                app.tick(1 / 30)
                scene = app.scene
                if not (isinstance(scene, ReviewScene) and scene.search.busy):
                    break
