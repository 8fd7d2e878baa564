"""The editor's panel, in every reading and kind of puzzle, at every window size: no two items
meet, every label fits in full, what does not fit scrolls; and its model says what it should."""
from __future__ import annotations

import itertools
from dataclasses import replace

import pygame
import pytest

from game.catalog import registry as catalog
from game.common.background import Job, Service, Where
from game.midend.edit_panel import EditorPanel, editor_panel
from game.midend.editor import Editor, ReadingKind
from game.oracles.base import Build
from game.midend.panel import BoxKind
from game.midend.sayings import Tone
from game.ui.edit.panel import lay_out_editor
from game.ui.play.areas import screen_areas
from game.ui.theme import Theme
from tests.ui.test_panel_layout import SIZES, SMALLER, _label_fits


class NeverRuns:
    """A service whose searches stay under way: the 'searching' state, frozen."""

    where = Where.THREAD

    def submit(self, task, lane=None):
        return Job(task)


def _states() -> dict[str, tuple[Editor, EditorPanel]]:
    inline = Service(Where.INLINE)
    out = {}

    def add(name: str, puzzle: str, edit=None, service=inline) -> None:
        spec = catalog.get(puzzle)
        if not isinstance(service, Service):   # its own oracle: a preparation that never runs stays here
            spec = replace(spec, name=f"test-{puzzle}-{name}")
        e = Editor(spec, service=service)
        if edit is not None:
            edit(e)
        e.update(1.0)
        out[name] = (e, editor_panel(e, e.palette[0] if e.palette else None, "Back to the game"))

    catalog.get("frogs-a").oracle.prepare(Build.ALWAYS)
    add("solvable", "frogs-a")
    add("illegal", "frogs-a", lambda e: e.clear())
    add("dead end", "frogs-a", lambda e: e.paste("./B B/B B B W W/W W/W"))
    add("goal", "knights", lambda e: e.set_position(e.puzzle.goal_states[0]))
    add("tiles", "fifteen", lambda e: e.swap(0, 1))
    add("searching", "fifteen", lambda e: (e.swap(0, 1), e.swap(1, 2)), NeverRuns())
    add("stopped", "fifteen", lambda e: (e.swap(0, 1), e.swap(1, 2), e.update(1.0), e.stop_search()), NeverRuns())
    add("blocks", "klotski")
    return out


@pytest.fixture(scope="module")
def states():
    pygame.font.init()
    return _states()


def test_the_states_are_what_they_say(states):
    kinds = {name: e.reading().kind for name, (e, _) in states.items()}
    assert kinds == {"solvable": ReadingKind.SOLVABLE, "illegal": ReadingKind.ILLEGAL, "dead end": ReadingKind.DEAD_END,
                     "goal": ReadingKind.GOAL, "tiles": ReadingKind.ILLEGAL, "searching": ReadingKind.SEARCHING,
                     "stopped": ReadingKind.STOPPED, "blocks": ReadingKind.SOLVABLE}
    models = {name: m for name, (_, m) in states.items()}
    assert models["illegal"].box.kind is BoxKind.ILLEGAL and models["dead end"].box.kind is BoxKind.DEAD_END
    assert models["searching"].box.spinning and [b.name for b in models["searching"].box.buttons] == ["cancel"]
    assert [b.name for b in models["stopped"].box.buttons] == ["search"]
    assert models["solvable"].figure.value == "23" and models["dead end"].figure.value == "dead end"
    assert models["illegal"].counts == ("Black frogs 0 of 5 · White frogs 0 of 5", Tone.NOPE)
    assert models["solvable"].counts[1] is Tone.GOOD
    assert models["tiles"].note and not models["blocks"].note and not models["blocks"].palette
    assert [b.name for b in models["solvable"].palette] == ["brush-1", "brush-2", "brush-0"]
    buttons = {b.name: b for b in models["illegal"].buttons}
    assert not buttons["play"].enabled and not buttons["save"].enabled and buttons["clear"].enabled is False
    assert "clear" not in {b.name for b in models["blocks"].buttons}


@pytest.mark.parametrize("size", SIZES + SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_item_overlaps_and_every_label_fits(states, size):
    theme = Theme(size)
    panel = screen_areas(theme, size).panel
    for name, (_, model) in states.items():
        layout = lay_out_editor(model, panel, theme)
        where = f"{name} at {size[0]}x{size[1]} ({layout.density})"
        for a, b in itertools.combinations(layout.items, 2):
            assert not a.rect.colliderect(b.rect), f"{where}: {a} overlaps {b}"
        for item in layout.items:
            assert layout.rect.left < item.rect.left and item.rect.right < layout.rect.right, where
            assert layout.viewport.top <= item.rect.top <= layout.viewport.bottom + layout.max_scroll, where
            _label_fits(theme, item)
        shown = {i.model.name for i in layout.buttons()}
        assert shown == {b.name for b in (*model.box.buttons, *model.palette, *model.buttons)}, where
        if size in SIZES[2:]:
            assert layout.max_scroll == 0, where


def _steady_states() -> dict[str, list[tuple[str, Editor]]]:
    """Editors of one puzzle in each of their readings and states of undo, save and clear."""
    inline = Service(Where.INLINE)
    frogs, pegs = catalog.get("frogs-a"), catalog.get("pegs-triangle-a1")
    for spec in (frogs, pegs):
        spec.oracle.prepare(Build.ALWAYS)
    jumped = pegs.puzzle.play(pegs.puzzle.start, pegs.puzzle.legal_moves(pegs.puzzle.start)[0])
    edits = {
        "frogs": (frogs, {"start": None, "illegal": lambda e: e.clear(), "goal": lambda e: e.set_position(
            e.puzzle.goal_states[0]), "dead end": lambda e: e.paste("./B B/B B B W W/W W/W"),
            "edited": lambda e: e.swap(0, 1), "edited back": lambda e: (e.swap(0, 1), e.undo())}),
        "pegs": (pegs, {"start": None, "jumped": lambda e: e.set_position(jumped), "illegal": lambda e: e.clear(),
                        "one peg more": lambda e: e.place(jumped.index(0), 1)}),
    }
    out: dict[str, list[tuple[str, Editor]]] = {}
    for game, (spec, states) in edits.items():
        for name, edit in states.items():
            e = Editor(spec, service=inline)
            if edit is not None:
                edit(e)
            e.update(1.0)
            out.setdefault(game, []).append((name, e))
    return out


@pytest.mark.parametrize("size,language,scale", [((800, 600), "ja", 1.5), ((1280, 800), "en", 1.0)],
                         ids=lambda v: str(v))
def test_every_control_of_the_editor_keeps_its_place_whatever_the_reading(size, language, scale):
    """The brush row and the buttons stood lower when the reading took more lines (800x600, 150 % Japanese:
    the brush row 264 then 275 px down, "Play from here" 301 then 313): the reading has its lines now."""
    from game.common import i18n
    from tests.ui.test_panel_layout import drawn_controls
    pygame.font.init()
    games = _steady_states()
    try:
        i18n.activate(language)
        theme = Theme(size)
        theme.text_scale = scale
        panel = screen_areas(theme, size).panel
        for game, states in games.items():
            seen: dict[str, tuple[tuple[object, ...], str]] = {}
            readings = set()
            for name, editor in states:
                readings.add(editor.reading().kind)
                layout = lay_out_editor(editor_panel(editor, editor.palette[0], "Back to the game"), panel, theme)
                assert layout.max_scroll == 0 and not theme.cuts, (game, name, list(theme.cuts))
                for control, drawn in drawn_controls(layout, theme).items():
                    first, state = seen.setdefault(control, (drawn, name))
                    assert drawn == first, f"{game} {name}: {control} drawn at {drawn}, but at {first} in {state}"
            assert len(readings) >= 2, (game, readings)
    finally:
        i18n.deactivate()


def test_the_peg_editor_takes_positions_from_play_and_says_what_the_family_allows():
    """A jump takes a peg off: the editor asked for the start's 32 pegs ("place 1 more") and refused every
    position of a game. The family says what a position holds: one peg to the start's number, pegs only."""
    from game.common import i18n
    spec = catalog.get("pegs-english")
    puzzle = spec.puzzle
    # what the editor says of a position needs no search: one that never runs builds no table of the board
    e = Editor(replace(spec, name="test-pegs-english-counts"), service=NeverRuns())
    position = puzzle.start
    for _ in range(5):   # five jumps of a real game: each one a position the editor takes
        position = puzzle.play(position, puzzle.legal_moves(position)[0])
        e.set_position(position)
        assert e.legal, e.problem()
        assert editor_panel(e, None, "Back").counts == (f"Pegs {position.count(1)}, 1 to 32", Tone.GOOD)
    assert spec.piece_limits() == {1: (1, 32)} and catalog.get("frogs-a").piece_limits() == {1: (5, 5), 2: (5, 5)}
    e.set_position(bytes(1 if c == 0 else c for c in puzzle.start))   # every hole filled: one too many
    assert e.problem() == "English board has 1 to 32 pegs: take away 1 peg."
    e.clear()
    assert e.problem() == "English board has 1 to 32 pegs: place 1 peg."
    try:
        i18n.activate("ja")
        pieces = editor_panel(e, None, "Back").counts[0]
        assert pieces.startswith("ペグ ") and "ペグs" not in pieces, pieces   # a plural from gettext, not an "s"
    finally:
        i18n.deactivate()
