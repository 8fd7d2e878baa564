"""``fewest-moves-gui``: the window for launchers. On Windows a GUI script runs without a console, so there is
no standard output or error to write to: what the game would say there is kept, and a failure (a window
that could not open) is shown in a message box instead of vanishing. Elsewhere it is ``fewest-moves``."""
from __future__ import annotations

import io
import multiprocessing
import sys

from game.common.i18n import _


def main() -> int:
    multiprocessing.freeze_support()
    said = io.StringIO()
    if sys.stdout is None:
        sys.stdout = said
    if sys.stderr is None:
        sys.stderr = said
    from game.cli import main as command_line
    status = command_line()
    if status != 0 and said.getvalue().strip():
        _tell(said.getvalue().strip())
    return status


def _tell(text: str) -> None:
    """A message box with what went wrong; where even that fails, nothing more can be said."""
    try:
        import pygame
        pygame.display.message_box(_("Fewest Moves"), text, "error")
    except Exception:  # noqa: BLE001 - no way left to tell anyone
        pass
