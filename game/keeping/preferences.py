"""The settings screen's rows, without pygame: what each setting is called, its values in words,
and how a step left or right changes it. The screen draws these rows; tests drive them directly.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.common import i18n
from game.common.i18n import N_, _
from game.keeping.settings import CHOICES, VOLUME_STEP, Settings

ON_OFF = (False, True)


@dataclass(frozen=True)
class Row:
    """One setting: its field in :class:`Settings`, its label (marked for the catalogs), its values
    in order, how a value reads on screen, and whether stepping past the last value comes round to
    the first (a list of choices) or stops there (a scale)."""

    field: str
    label: str
    values: Sequence[Any]
    words: Callable[[Any], str]
    wraps: bool = True

    def value(self, settings: Settings) -> Any:
        return getattr(settings, self.field)

    def shown(self, settings: Settings) -> str:
        return self.words(self.value(settings))

    def stepped(self, settings: Settings, step: int) -> Any:
        """The value ``step`` places on (wrapping round for lists, stopping at the ends for a scale)."""
        values = list(self.values)
        current = self.value(settings)
        i = values.index(current) if current in values else 0
        if not self.wraps:
            return values[max(0, min(len(values) - 1, i + step))]
        return values[(i + step) % len(values)]


def _on_off(value: bool) -> str:
    return _("On") if value else _("Off")


def _language(code: str) -> str:
    if code == i18n.SYSTEM:
        # Translators: the language setting's first choice; {language} is the system's language in its own name
        return _("System ({language})").format(language=i18n.LANGUAGES[i18n.system_language()])
    return i18n.LANGUAGES.get(code, code)


def _percent(value: int) -> str:
    return _("{percent} %").format(percent=value)


def _arrows(gap: bool) -> str:
    return _("Move the gap") if gap else _("Move the tile")


PALETTE_WORDS = {"standard": N_("Standard"), "high-contrast": N_("High contrast")}


def rows() -> list[Row]:
    """The rows, in the order the screen shows them."""
    return [
        Row("language", N_("Language"), CHOICES["language"], _language),
        Row("text_size", N_("Text size"), CHOICES["text_size"], _percent),
        Row("theme", N_("Colours"), CHOICES["theme"], lambda name: _(PALETTE_WORDS.get(name, name))),
        Row("muted", N_("Sound"), ON_OFF, lambda muted: _on_off(not muted)),
        Row("volume", N_("Volume"), tuple(range(0, 101, VOLUME_STEP)), _percent, wraps=False),
        Row("move_marks", N_("Move marks"), ON_OFF, _on_off),
        Row("hide_answer", N_("Hide the answer"), ON_OFF, _on_off),
        Row("reduce_motion", N_("Reduce motion"), ON_OFF, _on_off),
        Row("arrows_move_gap", N_("Arrow keys"), ON_OFF, _arrows),
    ]
