"""The demo runs for hours: nothing it builds for a puzzle stays once the next one comes, and the window's
caches of drawn things are bounded by their memory, not only by their count (``bench soak`` measures the
whole: resident memory per hour, the window and its workers)."""
from __future__ import annotations

import gc
import random
from collections import Counter

import pygame

from game.catalog import registry as catalog
from game.catalog.demo import Offer, Playlist
from game.rules.puzzle import Puzzle
from game.ui import theme as T
from game.ui.scenes.demo import DemoScene
from game.ui.views import base as views

# small tables, built in a blink where the test cache has none; one family after another
CYCLE = ("frogs-line-3", "hanoi-3", "pairs", "lunar-lockout-03", "tiles-2x3", "reve-3", "warehouse-4",
         "frogs-line-4", "hanoi-4", "tait-4", "moving-day", "guarini")


def start(app) -> DemoScene:
    offers = [Offer(name, catalog.get(name).family.key, 5) for name in CYCLE]
    app.nav._playlist = Playlist(offers, random.Random(3))
    app.demo_mode = True
    app.nav.start_demo()
    assert isinstance(app.scene, DemoScene)
    return app.scene


def show_each(app, demo: DemoScene, draw: bool = False) -> list[str]:
    """Every puzzle of CYCLE on the stage in turn, each until its answer is in (its table loaded by then)."""
    shown = []
    for _puzzle in range(len(CYCLE)):
        for _ in range(400):
            app.tick(1 / 10, draw=draw)
            if demo.phase != "search":
                break
        assert demo.phase != "search", demo.play.spec.name
        shown.append(demo.play.spec.name)
        demo.next_puzzle()
    return shown


def test_after_a_cycle_through_many_puzzles_one_puzzles_tables_are_kept(app):
    """Each puzzle shown has its answer (its table loaded: the test's service answers inline, in this
    process); when the next comes, the one before lets its rules and oracle go. Before, every puzzle the
    demo had shown kept its table for as long as the window ran, and then every Sokoban puzzle shown kept
    its rules through its notation (LURD reads moves by them)."""
    demo = start(app)
    assert sorted(show_each(app, demo)) == sorted(CYCLE)
    specs = [catalog.get(name) for name in CYCLE]
    kept = {spec.name for spec in specs if "oracle" in spec.__dict__}
    with_tables = {name for name in kept if catalog.get(name).oracle.ready()}
    built = {spec.name for spec in specs if spec.built()}
    on_stage, ahead = demo.play.spec.name, demo.ahead.spec.name   # the next puzzle's rules are built ahead
    assert with_tables == {on_stage} and kept == built == {on_stage, ahead}, (kept, with_tables, built)
    gc.collect()
    alive = sorted(o.name for o in gc.get_objects() if isinstance(o, Puzzle))
    assert alive == sorted([on_stage, ahead]), alive


def census() -> tuple[Counter[str], int, int]:
    """Live objects by type, and the pygame surfaces any of them holds with their bytes (the garbage collector
    does not track surfaces, nor tracemalloc their pixels: they are found through their holders). What the
    demo froze is counted too: it is handed back to the collector first."""
    gc.unfreeze()
    gc.collect()
    objects = gc.get_objects()
    surfaces = {id(r): r for o in objects for r in gc.get_referents(o) if isinstance(r, pygame.Surface)}
    return (Counter(type(o).__name__ for o in objects), len(surfaces),
            sum(s.get_pitch() * s.get_height() for s in surfaces.values()))


def test_a_second_round_of_the_same_puzzles_leaves_nothing_more_alive(app):
    """The demo runs for hours: once each puzzle has been shown twice (the window's caches of drawn texts and
    shapes filled), showing them all again, drawn, adds no live object of any kind beyond a few, and no surface."""
    demo = start(app)
    show_each(app, demo, draw=True)
    show_each(app, demo, draw=True)
    census()                                  # its own first call leaves a few objects of its own
    kinds, surfaces, pixels = census()
    show_each(app, demo, draw=True)
    kinds_after, surfaces_after, pixels_after = census()
    # bounded caches come and go by a few (a puzzle's rules were hundreds of Rule objects and thousands of tuples)
    grown = {kind: (kinds[kind], kinds_after[kind]) for kind in kinds_after
             if kinds_after[kind] - kinds[kind] > max(4, kinds[kind] // 100)}
    assert grown == {}
    assert surfaces_after <= surfaces + 2 and pixels_after <= pixels + (1 << 20), (surfaces, surfaces_after)


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


def test_a_change_of_puzzle_collects_only_what_came_since_the_demo_started(app):
    """The full collection at each change of puzzle went through every object of the window (110 ms measured
    on a loaded machine, in the one frame of the change): the demo freezes what it found built to last
    before its first puzzle, and the collector goes through what came since."""
    gc.unfreeze()
    demo = start(app)
    show_each(app, demo)
    frozen, traversed = gc.get_freeze_count(), len(gc.get_objects())
    assert frozen > 4 * traversed, (frozen, traversed)
