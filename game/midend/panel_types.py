"""The pieces the side panels are made of (the play screen's and the editor's): buttons, figures and
the status box, as plain data without pygame."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.midend.intent import KEY_LABELS, Intent
from game.midend.sayings import Tone

__all__ = ["BoxKind", "BoxLine", "ButtonModel", "Colour", "Figure", "Role", "StatusBox", "button"]

Colour = tuple[int, int, int]


class Role(Enum):
    """The size of a piece of text, largest first; the view maps it to its fonts."""

    STAT = "stat"
    HEADING = "heading"
    BODY = "body"
    SMALL = "small"
    TINY = "tiny"


class BoxKind(Enum):
    """What the status box is about: the view tints it accordingly."""

    IDLE = "idle"            # at rest: what the count means, how to find out the distance
    DEALING = "dealing"
    SEARCHING = "searching"
    ASKING = "asking"        # the player moved on during a search: keep it?
    SOLVING = "solving"
    PAUSED = "paused"
    DEAD_END = "dead end"
    HINT = "hint"
    SOLVED = "solved"
    ILLEGAL = "illegal"      # the editor: not a position of the puzzle


@dataclass(frozen=True)
class ButtonModel:
    name: str                 # stable identity ("hint", "stop"...): two buttons may send one intent
    label: str
    intent: Intent
    key: str = ""             # the key cap shown when there is room
    enabled: bool = True
    active: bool = False      # toggled on (paused, a setting on)
    primary: bool = False
    centred: bool = False     # a one-glyph label in the middle


def button(name: str, label: str, intent: Intent, *, key: str | None = None, enabled: bool = True,
           active: bool = False, primary: bool = False, centred: bool = False) -> ButtonModel:
    """A button whose key cap defaults to the intent's key."""
    return ButtonModel(name, label, intent, KEY_LABELS.get(intent, "") if key is None else key,
                       enabled, active, primary, centred)


@dataclass(frozen=True)
class Figure:
    label: str
    value: str
    tone: Tone


@dataclass(frozen=True)
class BoxLine:
    text: str
    role: Role
    tone: Tone


@dataclass(frozen=True)
class StatusBox:
    """The message area: a title line, a line or two of detail, and up to a row of buttons; on the
    play screen, also a progress bar (a table being built) in a slot of its own."""

    kind: BoxKind
    lines: tuple[BoxLine, ...]
    buttons: tuple[ButtonModel, ...] = ()
    spinning: bool = False            # work under way: the view turns a spinner after the first line
    bar: float | None = None          # build progress 0..1
    bar_tone: Tone = Tone.ACCENT
