"""How the window names itself to the desktop. Its class (X11) and app id (Wayland) are the game's
application id, so docks, task switchers and window rules match it to the desktop entry and its icon;
its icon is the game's own, set before it opens; its title names the game and the puzzle on screen."""
from __future__ import annotations

import io
import os
import sys
from collections.abc import MutableMapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.common.identity import APP_ID
from game.common.resources import assets
from game.common.untrusted import UnreadableFile, read_bounded
from game.desktop import icon_files

if TYPE_CHECKING:
    import pygame

# SDL reads these when the video subsystem starts, for WM_CLASS (X11) and the app id (Wayland)
CLASS_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
WINDOW_ICON = 128   # px: the icon given to the window (the desktop entry's icons serve docks and menus)
ICON_LIMIT = 1024 * 1024


def claim(environ: MutableMapping[str, str] = os.environ, program: str | None = None) -> None:
    """Before the display starts: the window's class is the app id, unless the player set one of their own.
    pygame, imported with a display, names the class after the program (``fewest-moves``, ``main.py``)
    where none is set: that default gives way too."""
    default = os.path.basename(sys.argv[0] if program is None else program)
    for name in CLASS_VARIABLES:
        if environ.get(name, "") in ("", default):
            environ[name] = APP_ID


def dress(pygame: ModuleType) -> None:
    """The game's icon on the window (before it opens: some systems take an icon only then). A failure
    leaves the system's default icon, never a window that does not open."""
    try:
        pygame.display.set_icon(window_icon(pygame))
    except Exception as err:  # noqa: BLE001 - an icon is not worth a game
        print(f"note: the window's icon could not be set ({type(err).__name__}: {err})", file=sys.stderr)


def window_icon(pygame: ModuleType) -> "pygame.Surface":
    """The icon as ``make icons`` keeps it among the game's files (read in a moment), else drawn now."""
    path = assets() / "icons" / icon_files.png(WINDOW_ICON)
    try:
        return pygame.image.load(io.BytesIO(read_bounded(path, ICON_LIMIT)), path.name)
    except (UnreadableFile, pygame.error):
        from game.ui.icon import draw_icons
        return draw_icons((WINDOW_ICON,))[WINDOW_ICON]


def shown_puzzle(scenes: Sequence[object]) -> PuzzleSpec | None:
    """The puzzle of the uppermost screen that shows one (a settings screen over a game: the game's)."""
    for scene in reversed(scenes):
        spec = getattr(scene, "spec", None)
        if isinstance(spec, PuzzleSpec):
            return spec
    return None


def title(spec: PuzzleSpec | None) -> str:
    """The window's title: the game's name, and the puzzle's."""
    if spec is None:
        return _("Fewest Moves")
    # Translators: the window's title while a puzzle is on screen; {puzzle} is its title ("Klotski")
    return _("Fewest Moves — {puzzle}").format(puzzle=spec.shown_title())


def follow_title(pygame: ModuleType, scenes: Sequence[object]) -> None:
    """Keep the title in step with the screens and the language (set only when it changes)."""
    wanted = title(shown_puzzle(scenes))
    if pygame.display.get_caption()[0] != wanted:
        pygame.display.set_caption(wanted)
