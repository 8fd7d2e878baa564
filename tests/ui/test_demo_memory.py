"""The demo runs for hours: nothing it builds for a puzzle stays once the next one comes, and the window's
caches of drawn things are bounded by their memory, not only by their count (``bench soak`` measures the
whole: resident memory per hour, the window and its workers)."""
from __future__ import annotations

import random

import pygame

from game.catalog import registry as catalog
from game.catalog.demo import Offer, Playlist
from game.ui import theme as T
from game.ui.scenes.demo import DemoScene
from game.ui.views import base as views

# small tables, built in a blink where the test cache has none; one family after another
CYCLE = ("frogs-line-3", "hanoi-3", "pairs", "lunar-lockout-03", "tiles-2x3", "reve-3", "warehouse-4",
         "frogs-line-4", "hanoi-4", "tait-4", "moving-day", "guarini")


def test_after_a_cycle_through_many_puzzles_one_puzzles_tables_are_kept(app):
    """Each puzzle shown has its answer (its table loaded: the test's service answers inline, in this
    process); when the next comes, the one before lets its rules and oracle go. Before, every puzzle the
    demo had shown kept its table for as long as the window ran."""
    offers = [Offer(name, catalog.get(name).family.key, 5) for name in CYCLE]
    app.nav._playlist = Playlist(offers, random.Random(3))
    app.demo_mode = True
    app.nav.start_demo()
    demo = app.scene
    assert isinstance(demo, DemoScene)
    shown = []
    for _puzzle in range(len(CYCLE)):
        for _ in range(400):                        # until its answer is in: its table is loaded by then
            app.tick(1 / 10, draw=False)
            if demo.phase != "search":
                break
        assert demo.phase != "search", demo.play.spec.name
        shown.append(demo.play.spec.name)
        demo.next_puzzle()
    assert sorted(shown) == sorted(CYCLE)
    specs = [catalog.get(name) for name in CYCLE]
    kept = [spec.name for spec in specs if "oracle" in spec.__dict__]
    with_tables = [name for name in kept if catalog.get(name).oracle.ready()]
    built = [spec.name for spec in specs if spec.built()]
    assert kept == with_tables == built == [demo.play.spec.name], (kept, with_tables, built)


def test_rendered_texts_are_kept_within_their_memory(app):
    """A caption a move, for hours: the theme keeps rendered texts up to TEXT_BYTES of pixels, whatever
    their number (before: 768 of them, 35 MB of captions at 1280x800 and more on larger screens)."""
    theme = app.theme
    for n in range(T.Theme.TEXT_CACHE):
        theme.text(f"Optimal solution: move {n} of {T.Theme.TEXT_CACHE}. Press any key to play!", "display")
    kept = sum(s.get_pitch() * s.get_height() for s in theme._text.values())
    assert kept <= T.Theme.TEXT_BYTES
    assert len(theme._text) > 10           # still a cache: the latest are kept


def test_highlight_shapes_are_kept_within_their_memory():
    """A board's glow is drawn once per board: the demo's boards come one after another, and the shapes kept
    stay within SHAPE_BYTES of pixels (before: 96 of them, each as large as a board)."""
    views._SHAPES.clear()
    for n in range(views.SHAPE_CACHE):
        views.cached_shape(("test glow", n), lambda: pygame.Surface((900, 500), pygame.SRCALPHA))
    assert sum(views.shape_bytes(s) for s in views._SHAPES.values()) <= views.SHAPE_BYTES
    assert ("test glow", views.SHAPE_CACHE - 1) in views._SHAPES
    views._SHAPES.clear()
