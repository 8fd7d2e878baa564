"""Position text to and from the system clipboard, through pygame-ce's SDL clipboard functions.

Where the system has no clipboard (or SDL cannot reach it) the text is kept inside the game, so
copy and paste still work between the game's own screens, and the player is told once why the
text is not in other programs.
"""
from __future__ import annotations

import pygame

from game.common.i18n import N_, _
from game.common.untrusted import shown

# said in the player's language by copy and paste, which return it
NO_SYSTEM = N_("There is no system clipboard here: the text is kept for pasting inside this game only.")


class Clipboard:
    """The clipboard, and what was last copied inside the game (the fallback)."""

    def __init__(self) -> None:
        self.inside = ""
        self.detached = False     # the last copy did not reach the system's clipboard

    def copy(self, text: str) -> str:
        """Put ``text`` on the clipboard; what to tell the player (in the player's language)."""
        self.inside = text
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError, OSError, UnicodeError):
            self.detached = True
            return _(NO_SYSTEM)
        self.detached = False
        # Translators: {text} is the position copied, as text
        return _("Copied: {text}").format(text=shown(text, 60))

    def paste(self) -> tuple[str, str]:
        """(the clipboard's text, a note for the player in the player's language: empty unless the game fell
        back on its own copy)."""
        try:
            text = pygame.scrap.get_text() if pygame.scrap.has_text() else ""
        except (pygame.error, AttributeError, OSError, UnicodeError):
            return self.inside, _(NO_SYSTEM)
        if not text and self.detached:
            return self.inside, _(NO_SYSTEM)
        return text or "", ""


CLIPBOARD = Clipboard()
