"""A collection opens as a grid of its levels, as Sokoban players know it: from the warehouses' card and
from a player's .xsb file of a thousand levels (building no level's rules to show them), every key that
moves the choice, a solve's mark and the best moves and pushes from the records (nothing moves when it
appears), Esc from a level back to the grid at that level, the level chosen kept per collection, and a
steady layout at 800x600 in Japanese at 150 % text and at 1920x1080."""
from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.catalog import library
from game.catalog import registry as catalog
from game.common import i18n
from game.common.background import Where
from game.families.sokoban import family as sokoban_family
from game.keeping.records import Badge, Records
from game.midend.history import Notes
from game.midend.session import Win
from game.ui.play.scene import PlayScene
from game.ui.scenes.collection import CollectionScene
from game.ui.scenes.collection_grid import said
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu_card import Card
from tests.ui.helpers import click, frames, key
from tests.ui.layout_audit import AuditSurface, problems

WAREHOUSES = "Warehouses"


def tiny_levels(n: int, seed: int = 1) -> str:
    """An .xsb collection of ``n`` tiny levels, each a room three rows high and 5 to 8 cells wide holding one
    box, one target and the keeper at random, under a ``; N`` comment line."""
    rnd = random.Random(seed)
    out = []
    for number in range(1, n + 1):
        width = rnd.randint(5, 8)
        room = [["-"] * width for _ in range(3)]
        (br, bc), (tr, tc), (kr, kc) = rnd.sample([(r, c) for r in range(3) for c in range(width)], 3)
        room[br][bc], room[tr][tc], room[kr][kc] = "$", ".", "@"
        rows = ["#" * (width + 2), *("#" + "".join(row) + "#" for row in room), "#" * (width + 2)]
        out.append(f"; {number}\n" + "\n".join(rows) + "\n")
    return "\n".join(out)


@pytest.fixture
def fresh_catalog(monkeypatch, tmp_path):
    """The catalog as a new game reads it, with ``tmp_path`` the player's data folder."""
    monkeypatch.setenv("FEWEST_MOVES_DATA", str(tmp_path))
    for name, empty in (("_ENTRIES", {}), ("_PROBLEMS", []), ("_families_read", set()), ("_loaded", False)):
        monkeypatch.setattr(catalog, name, empty)
    folder = library.player_folder()
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def builds(monkeypatch):
    """The names of the Sokoban levels whose rules are built, in order, from now on."""
    built: list[str] = []
    make = sokoban_family.make_sokoban

    def counted(name, defn, count=None):
        built.append(name)
        return make(name, defn, count)

    monkeypatch.setattr(sokoban_family, "make_sokoban", counted)
    return built


def collection_card(menu: MenuScene, title: str) -> Card:
    return next(card for card in menu.flat if card.collection and card.group == title)


def open_grid(app, title: str = WAREHOUSES) -> CollectionScene:
    """The menu's card of the collection ``title`` chosen, and Enter pressed on it."""
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.selected = menu.flat.index(collection_card(menu, title))
    key(app, pygame.K_RETURN, settle=3)
    scene = app.scene
    assert isinstance(scene, CollectionScene)
    return scene


def in_view(scene: CollectionScene, index: int) -> bool:
    """Whether tile ``index`` lies wholly in the grid's view as it is scrolled now."""
    r = scene.grid.rect(index).move(0, scene.grid.view.y - int(scene.scroll))
    return scene.grid.view.contains(r)


def win(name: str, moves: int, par: int | None, solver: bool = False) -> Win:
    return Win(name, True, moves, par, 60.0, Notes(solver=solver), by_solver=solver)


# -- it opens -----------------------------------------------------------------------------------------------

def test_the_warehouses_card_opens_a_grid_of_its_24_levels_with_their_proven_fewest(app):
    menu = app.scene
    card = collection_card(menu, WAREHOUSES)
    assert len(card.specs) == 24 and not card.chips   # one card, no "‹ 1 ›" chooser
    scene = open_grid(app)
    frames(app, 5)
    assert [spec.name for spec in scene.specs] == [f"warehouse-{n}" for n in range(1, 25)]
    assert scene.selected == 0   # a first visit: the first level not solved
    # nothing solved yet; the fewest moves the shipped ratings proved (README's table), no pushes claimed
    assert said(scene.figures(0)) == ("not solved yet", "Fewest: moves 18")
    assert said(scene.figures(23)) == ("not solved yet", "Fewest: moves 97")
    shown = scene.grid.in_view(int(scene.scroll))
    assert all(scene.pictures.get(i) is not None for i in shown)   # every tile in view has its picture


def test_a_players_file_of_a_thousand_levels_is_one_card_and_its_grid_builds_no_level(app, fresh_catalog, builds):
    (fresh_catalog / "thousand.xsb").write_text(tiny_levels(1000), encoding="utf-8")
    menu = MenuScene(app)   # reads the player's folder: the levels are read and checked, their rules not built
    assert builds == [] and not catalog.problems()
    app.push(menu)
    frames(app, 2)
    card = collection_card(menu, "Thousand")
    assert card.yours and len(card.specs) == 1000 and menu.cards[catalog.YOURS] == [card]
    assert set(builds) <= {card.name}   # at most the card's picture, once in view: its chosen level's board
    menu_built = len(builds)
    scene = open_grid(app, "Thousand")
    frames(app, 10)
    grid = scene.grid
    first = grid.in_view(int(scene.scroll))
    assert len(first) < 60 and all(scene.pictures.get(i) is not None for i in first)
    assert scene.pictures.drawn <= len(grid.in_view(int(scene.scroll_target))) + grid.columns
    key(app, pygame.K_END, settle=40)   # a glide past every row to the last level
    assert scene.selected == 999 and in_view(scene, 999) and scene.pictures.get(999) is not None
    assert scene.pictures.kept <= scene.pictures.keep < 1000
    columns = grid.columns
    assert 1000 % columns   # the last row is short: Down from the row above, where no tile is under, is the last
    scene.choose(999 // columns * columns - 1)
    key(app, pygame.K_DOWN, settle=30)
    assert scene.selected == 999
    assert len(builds) == menu_built   # pictures from the levels' rows: not one level's rules built for the grid
    key(app, pygame.K_RETURN, settle=3)   # played: its rules built now, and only its
    assert isinstance(app.scene, PlayScene) and builds[menu_built:] == ["thousand-1000"]


# -- the keys -----------------------------------------------------------------------------------------------

def test_arrows_pages_home_and_end_move_the_choice_and_keep_it_in_view(app):
    scene = open_grid(app)
    columns = scene.grid.columns
    page = columns * scene.grid.rows_in_view
    assert columns > 1
    steps = [(pygame.K_RIGHT, 1), (pygame.K_DOWN, 1 + columns), (pygame.K_LEFT, columns), (pygame.K_UP, 0),
             (pygame.K_UP, 0), (pygame.K_LEFT, 0), (pygame.K_TAB, 1), (pygame.K_PAGEDOWN, min(23, 1 + page)),
             (pygame.K_END, 23), (pygame.K_DOWN, 23), (pygame.K_RIGHT, 23), (pygame.K_UP, 23 - columns),
             (pygame.K_HOME, 0), (pygame.K_PAGEUP, 0)]
    for pressed, expected in steps:
        key(app, pressed, settle=30)
        assert scene.selected == expected, pygame.key.name(pressed)
        assert in_view(scene, scene.selected), pygame.key.name(pressed)


def test_a_click_plays_the_level_and_the_wheel_scrolls(app):
    scene = open_grid(app)
    grid = scene.grid
    before = scene.scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
    frames(app, 30)
    assert scene.scroll > before
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False, precise_x=0.0, precise_y=5.0))
    frames(app, 30)
    assert scene.scroll == 0 and in_view(scene, 3)
    click(app, grid.rect(3).move(0, grid.view.y).center, settle=3)   # Warehouse 4: its 134 positions, at once
    assert isinstance(app.scene, PlayScene) and app.scene.spec.name == "warehouse-4"


# -- the records on the tiles -------------------------------------------------------------------------------

def test_a_solved_level_shows_its_mark_and_best_moves_and_pushes_and_nothing_moves(app):
    scene = open_grid(app)
    frames(app, 5)
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    frame = scene.grid.frame
    tile = scene.grid.rect(2).move(0, scene.grid.view.y - int(scene.scroll))
    mark = frame.mark.move(tile.topleft).center
    unsolved = surface.get_at(mark)
    records = Records().add(win("warehouse-3", 30, 26)).add(win("warehouse-3@pushes", 9, 8))
    records = records.add(win("warehouse-4", 27, 27)).add(win("warehouse-5", 40, 27, solver=True))
    app.journal.records = records
    frames(app, 2)
    assert said(scene.figures(2)) == ("Best: moves 30 · pushes 9", "Fewest: moves 26 · pushes 8")
    assert scene.figures(2).badge is Badge.SOLVED and scene.figures(3).badge is Badge.OPTIMAL
    assert said(scene.figures(3))[0] == "Best: moves 27"
    assert said(scene.figures(4)) == ("Solved with help", "Fewest: moves 27")
    assert scene.summary() == "24 levels · 3 solved"
    assert scene.grid.rect(2).move(0, scene.grid.view.y - int(scene.scroll)) == tile   # nothing moved
    scene.draw(surface)
    assert surface.get_at(mark) != unsolved
    assert tuple(surface.get_at(mark))[:3] == app.theme.palette.pill_fill("solved")


def test_the_first_level_not_solved_is_chosen_on_a_first_visit(app):
    app.journal.records = Records().add(win("warehouse-1", 18, 18)).add(win("warehouse-2@pushes", 9, 9))
    scene = open_grid(app)
    assert scene.selected == 2


# -- back from a level, and the memory --------------------------------------------------------------------

def test_esc_from_a_level_played_or_solved_comes_back_to_the_grid_at_that_level(app):
    scene = open_grid(app)
    for _ in range(3):
        key(app, pygame.K_RIGHT, settle=2)
    key(app, pygame.K_RETURN, settle=5)
    play = app.scene
    assert isinstance(play, PlayScene) and play.spec.name == "warehouse-4"
    key(app, pygame.K_ESCAPE, settle=5)   # not solved
    assert app.scene is scene and scene.selected == 3 and in_view(scene, 3)
    assert not scene.figures(3).solved
    key(app, pygame.K_RETURN, settle=5)
    play = app.scene
    assert isinstance(play, PlayScene)
    for move in play.oracle.solve(play.session.position).moves:   # an optimal line (134 positions: a table at once)
        play.session.play(move)
    frames(app, 3)
    assert play.session.solved
    key(app, pygame.K_ESCAPE, settle=5)
    assert app.scene is scene and scene.selected == 3 and in_view(scene, 3)
    assert scene.figures(3).badge is Badge.OPTIMAL and said(scene.figures(3))[0] == "Best: moves 27"
    key(app, pygame.K_ESCAPE, settle=5)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.chosen_card() is collection_card(menu, WAREHOUSES)
    assert collection_card(menu, WAREHOUSES).name == "warehouse-4"


def test_the_level_chosen_is_kept_per_collection_for_the_next_run(app, monkeypatch):
    scene = open_grid(app)
    for _ in range(6):
        key(app, pygame.K_RIGHT, settle=2)
    key(app, pygame.K_ESCAPE, settle=5)   # chosen, not played: kept all the same
    assert app.journal.chosen[WAREHOUSES] == "warehouse-7"
    assert collection_card(app.scene, WAREHOUSES).name == "warehouse-7"   # the card shows it
    app.journal.wait(5.0)
    from game.ui.app import App
    again = App(size=(1280, 800), where=Where.INLINE, headless=True, seed=7)   # the same folders: the next run
    try:
        again.push(MenuScene(again))
        frames(again, 3)
        assert open_grid(again).selected == 6
    finally:
        again.close()


# -- a steady layout ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("language,size,text", [("ja", (800, 600), 150), ("en", (1920, 1080), 100)],
                         ids=["ja-800x600-150", "en-1920x1080-100"])
def test_the_grid_is_steady_and_no_text_is_cut_or_overlaps(language, size, text, monkeypatch):
    from game.ui.app import App
    app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False, seed=3)
    plain = pygame.Surface
    monkeypatch.setattr(pygame, "Surface", AuditSurface)   # the tiles kept as drawn are audited too
    try:
        app.settings.language, app.settings.text_size, app.settings.reduce_motion = language, text, True
        app.apply_settings()
        app.resized()
        AuditSurface.theme = app.theme
        app.push(MenuScene(app))
        frames(app, 2)
        scene = open_grid(app)
        frames(app, 5)
        grid = scene.grid
        assert grid.columns >= 2 and grid.rows_in_view >= 1
        places = [grid.rect(i) for i in range(len(scene.specs))]
        assert all(grid.view.x <= r.x and r.right <= grid.view.right for r in places)
        for a, b in itertools.combinations(places[:2 * grid.columns], 2):
            assert not a.colliderect(b)
        assert scene.back_button.rect.bottom <= grid.view.y and grid.view.bottom <= scene.foot.y
        found = []
        for records in (Records(), _every_kind_of_solve(scene)):
            app.journal.records = records
            for place in (0, len(scene.specs) - 1):
                scene.choose(place)
                scene.scroll = scene.scroll_target
                frames(app, 3)
                app.theme.cuts.clear()
                surface = AuditSurface(size)
                scene.draw(surface)
                found += [f"{place}: {p}" for p in problems(surface, app.theme.cuts)]
                if language == "en":   # the tiles' words are seen (the audit cannot follow Japanese mixed with digits)
                    assert said(scene.figures(place))[1] in [p.text for p in surface.placed]
            assert [grid.rect(i) for i in range(len(scene.specs))] == places and scene.grid is grid
        assert not found, "\n".join(found[:12])
    finally:
        monkeypatch.setattr(pygame, "Surface", plain)
        app.close()
        i18n.deactivate()


def _every_kind_of_solve(scene: CollectionScene) -> Records:
    """Records of every level: optimal, solved over par with four-figure counts, with help, by pushes."""
    records = Records()
    for i, spec in enumerate(scene.specs):
        kind = i % 4
        if kind == 0:
            records = records.add(win(spec.name, 18, 18))
        elif kind == 1:
            records = records.add(win(spec.name, 9_999, 40)).add(win(f"{spec.name}@pushes", 9_999, 12))
        elif kind == 2:
            records = records.add(win(spec.name, 50, 40, solver=True))
    return records


def test_random_events_on_a_grid_never_raise(app, fresh_catalog):
    from tests.ui.test_fuzz import random_event
    (fresh_catalog / "tiny.xsb").write_text(tiny_levels(200, seed=5), encoding="utf-8")
    app.replace(MenuScene(app))
    frames(app, 2)
    open_grid(app, "Tiny")
    rng = random.Random(11)
    elsewhere = 0
    for i in range(500):
        pygame.event.post(random_event(rng, app.size))
        if i % 4 == 0:
            frames(app, 1, dt=rng.choice([0.0, 1 / 60, 0.05]))
        if not app.running or app.scene is None:   # Esc from the menu quits: start again
            app.running = True
            app.replace(MenuScene(app))
        if not isinstance(app.scene, CollectionScene):   # another screen opened from it: back to the grid
            elsewhere += 1
            frames(app, 1)
            while not isinstance(app.scene, (CollectionScene, MenuScene)):
                app.nav.close(app.scene)
            menu = app.scene
            if isinstance(menu, MenuScene):
                menu.open(menu.flat.index(collection_card(menu, "Tiny")))
    frames(app, 3)
    assert 0 < elsewhere < 250   # the grid took most events, and its keys and clicks left it too
