"""What the desktop shows of the game beside its window, in every language of the catalogs: its name,
a line saying what it is, the kind of program, and the words a launcher's search should find it by."""
from __future__ import annotations

from game.common import i18n
from game.common.i18n import N_

NAME = N_("Fewest Moves")
SUMMARY = N_("Classic move puzzles with an optimal solver")
GENERIC_NAME = N_("Move Puzzles")
# Translators: search words for the desktop's launcher, each ended by a semicolon; keep the English ones
# and add words of your language (not a translation of the list: what a player would type)
KEYWORDS = N_("puzzle;sliding puzzle;sliding blocks;Klotski;15-puzzle;frogs;knights;solver;")


def translations(message: str) -> dict[str, str]:
    """``message`` in each language of the catalogs that translates it (code -> text)."""
    out = {}
    for code in i18n.available():
        if code != i18n.ENGLISH:
            text = i18n.catalog(code).gettext(message)
            if text and text != message:
                out[code] = text
    return out
