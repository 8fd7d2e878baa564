"""The menu and the shipped ratings: a card's grade on its picture; L (or the heading's chip) sorts the
chosen card's shelf easiest first and back, kept in the menu's memory, moving no other shelf; the heading
says how many of the shelf's puzzles were solved at par once there is a record there."""
from __future__ import annotations

import json

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog.ratings import Rated
from game.common.background import Where
from game.keeping.records import Records
from game.midend.history import Notes
from game.midend.session import Win
from game.ui.scenes import menu_card, menu_shelf
from game.ui.scenes.menu import MenuScene
from tests.ui.helpers import click, frames, key

# the tiles shelf: 8-puzzle, 15-puzzle (no table, so never rated), the card of tiles on boards two wide
FAKE = {"eight": Rated("eight", 44.2, "Advanced", 31, 181440),
        "tiles-2x3": Rated("tiles-2x3", 26.8, "Intermediate", 21, 360),
        "tiles-2x5": Rated("tiles-2x5", 80.5, "Expert", 55, 1814400),
        "goat": Rated("goat", 3.0, "Beginner", 20, 5443200)}


@pytest.fixture
def window(monkeypatch):
    """Open a window on the menu with ``rated`` as the shipped ratings (None: the file as shipped)."""
    made = []

    def open_(rated: dict[str, Rated] | None = FAKE):
        from game.ui.app import App
        if rated is not None:
            monkeypatch.setattr(menu_shelf, "shipped", lambda: rated)
        app = App(size=(1280, 800), where=Where.INLINE, headless=True, seed=7)
        made.append(app)
        app.settings.reduce_motion = True
        app.push(MenuScene(app))
        frames(app, 3)
        return app

    yield open_
    for app in made:
        app.close()


def tiles_shelf(menu: MenuScene):
    return next(shelf for shelf in menu.shelves if any(card.name == "eight" for card in menu.cards[shelf]))


def names(menu: MenuScene, shelf) -> list[str]:
    return [card.name for card in menu.cards[shelf]]


def places(menu: MenuScene) -> dict[str, pygame.Rect]:
    return {card.name: pygame.Rect(card.rect) for card in menu.flat}


def test_l_sorts_the_chosen_cards_shelf_easiest_first_and_back_moving_no_other_shelf(window):
    app = window()
    menu = app.scene
    menu.select_name("fifteen")
    shelf = tiles_shelf(menu)
    assert names(menu, shelf) == ["eight", "fifteen", "tiles-2x3"]
    before = places(menu)
    key(app, pygame.K_l)
    assert names(menu, shelf) == ["tiles-2x3", "eight", "fifteen"]   # 26.8, 44.2, then the unrated
    assert menu.chosen_card().name == "fifteen"                       # the choice stays on its card
    after = places(menu)
    assert after["tiles-2x3"] == before["eight"] and after["fifteen"] == before["tiles-2x3"]
    others = [card.name for card in menu.flat if card.name not in names(menu, shelf)]
    assert all(after[name] == before[name] for name in others)
    assert app.journal.chosen[menu_shelf.ORDER + shelf.key] == menu_shelf.EASIEST
    key(app, pygame.K_l)
    assert names(menu, shelf) == ["eight", "fifteen", "tiles-2x3"] and places(menu) == before
    assert app.journal.chosen[menu_shelf.ORDER + shelf.key] == menu_shelf.OWN


def test_a_card_of_variants_sorts_by_its_chosen_variant_and_choosing_later_moves_nothing(window):
    app = window()
    menu = app.scene
    menu.select_name("tiles-2x5")
    shelf = tiles_shelf(menu)
    key(app, pygame.K_l)
    assert names(menu, shelf) == ["eight", "tiles-2x5", "fifteen"]   # 44.2, 80.5, then the unrated
    before = places(menu)
    key(app, pygame.K_LEFTBRACKET)                                   # another size: rated 26.8, stays put
    assert menu.chosen_card().name == "tiles-2x4"
    assert [card.rect for card in menu.cards[shelf]] == [before["eight"], before["tiles-2x5"], before["fifteen"]]


def test_the_order_is_kept_in_the_menus_memory_for_the_next_menu(window):
    app = window()
    menu = app.scene
    menu.select_name("eight")
    key(app, pygame.K_l)
    shelf = tiles_shelf(menu)
    app.journal.wait(5)
    kept = json.loads(app.journal.folders.menu.read_text(encoding="utf-8"))["chosen"]
    assert kept[menu_shelf.ORDER + shelf.key] == menu_shelf.EASIEST
    fresh = MenuScene(app)
    assert names(fresh, tiles_shelf(fresh)) == ["tiles-2x3", "eight", "fifteen"]


def test_the_chip_on_the_heading_sorts_its_shelf_and_stays_where_it_is(window):
    app = window()
    menu = app.scene
    shelf = tiles_shelf(menu)
    chip = pygame.Rect(menu.chips[shelf])
    on_screen = chip.move(0, -int(menu.scroll))
    click(app, on_screen.center)
    assert names(menu, shelf) == ["tiles-2x3", "eight", "fifteen"] and menu.chips[shelf] == chip
    click(app, on_screen.center)
    assert names(menu, shelf) == ["eight", "fifteen", "tiles-2x3"] and menu.chips[shelf] == chip


def test_no_ratings_no_grades_no_chips_and_l_changes_nothing(window):
    app = window({})
    menu = app.scene
    assert not menu.chips and not menu.sortable
    menu.select_name("eight")
    before = places(menu)
    key(app, pygame.K_l)
    assert places(menu) == before and names(menu, tiles_shelf(menu)) == ["eight", "fifteen", "tiles-2x3"]


def grades_drawn(app, monkeypatch) -> dict[str, str]:
    """Each card drawn in a frame over every shelf, with the label of the pill at its picture's top left."""
    drawn: dict[str, str] = {}
    real = menu_card.draw_pill
    at: list[str] = []

    def pill(surface, th, label, kind, icon, topleft):
        at.append(label if kind != "yours" else "")
        return real(surface, th, label, kind, icon, topleft)
    monkeypatch.setattr(menu_card, "draw_pill", pill)
    real_draw = menu_card.Card.draw

    def draw(card, *args, **kwargs):
        at.clear()
        owed = real_draw(card, *args, **kwargs)
        drawn[card.name] = at[0] if at else ""
        return owed
    monkeypatch.setattr(menu_card.Card, "draw", draw)
    menu = app.scene
    surface = pygame.Surface(app.size)
    menu.draw_shelves(surface, 0)
    menu.select_name("frogs-line-1")
    menu.draw_shelves(surface, int(menu.scroll))
    return drawn


def test_a_card_shows_its_chosen_puzzles_grade(window, monkeypatch):
    drawn = grades_drawn(window(), monkeypatch)
    assert drawn["eight"] == "Advanced" and drawn["tiles-2x3"] == "Intermediate" and drawn["goat"] == "Beginner"
    assert drawn["fifteen"] == ""


def test_the_shipped_grades_reach_the_cards_and_sort_a_shelf_by_the_file(window, monkeypatch):
    rated = menu_shelf.ratings.read()
    app = window(None)
    drawn = grades_drawn(app, monkeypatch)
    assert drawn["eight"] == rated["eight"].grade and drawn["frogs-line-1"] == rated["frogs-line-1"].grade
    menu = app.scene
    shelf = next(s for s in menu.shelves if "frogs-line-1" in names(menu, s))
    menu.toggle_order(shelf)
    figures = [rated[card.name].rating for card in menu.cards[shelf]]
    assert figures == sorted(figures) and names(menu, shelf) != [card.name for card in menu.own_order[shelf]]


def test_the_heading_counts_the_shelfs_puzzles_at_par_once_there_is_a_record(window, monkeypatch):
    app = window()
    menu = app.scene
    shelf = tiles_shelf(menu)
    said: list[str] = []
    real = menu_shelf.draw_par
    monkeypatch.setattr(menu_shelf, "draw_par", lambda surface, th, words, *rest: (said.append(words),
                                                                                    real(surface, th, words, *rest)))
    total = sum(len(card.specs) for card in menu.cards[shelf])
    surface = pygame.Surface(app.size)
    menu.draw_shelves(surface, 0)
    assert said[0] == ""                                         # no record on the shelf: nothing said
    par = len(catalog.get("eight").oracle.solve(catalog.puzzle("eight").start).moves)
    app.journal.records = Records().add(Win("tiles-2x4", True, 40, 36, 9.0, Notes(), False))
    said.clear()
    menu.draw_shelves(surface, 0)
    assert said[0] == f"0 of {total} at par"                    # a record, none at par
    app.journal.records = app.journal.records.add(Win("eight", True, par, par, 20.0, Notes(), False))
    said.clear()
    menu.draw_shelves(surface, 0)
    assert said[0] == f"1 of {total} at par" and total == 8    # every size of the tiles card counts


@pytest.mark.parametrize("width", [120, 160, 300])
def test_the_grade_never_covers_the_players_best_on_a_narrow_card(window, monkeypatch, width):
    from game.keeping.records import Badge
    app = window()
    card = next(card for card in app.scene.flat if card.name == "eight")
    rects: list[pygame.Rect] = []
    real = menu_card.draw_pill

    def pill(*args):
        rects.append(real(*args))
        return rects[-1]
    monkeypatch.setattr(menu_card, "draw_pill", pill)
    monkeypatch.setattr("game.ui.badges.draw_pill", pill)
    surface = pygame.Surface((400, 400))
    card.draw(surface, app.theme, pygame.Rect(0, 0, width, 200), (width - 16, width // 2), False, Badge.OPTIMAL,
              False, grade="Intermediate")
    assert len(rects) == 2 and not rects[0].colliderect(rects[1])


@pytest.mark.parametrize("width", [120, 160, 300])
def test_a_game_in_progress_never_covers_the_stars_and_the_grade_never_moves(window, monkeypatch, width):
    """On a card of any width: the pill of a game in progress and the stars never touch, and the grade stands
    in the same place before the first solve and after it."""
    from game.keeping.records import Badge
    from game.keeping.stars import Stars
    app = window()
    card = next(card for card in app.scene.flat if card.name == "eight")
    drawn: dict[str, pygame.Rect] = {}
    real_pill, real_stars = menu_card.draw_pill, menu_card.draw_stars

    def pill(surface, th, label, kind, icon, topleft):
        drawn[kind] = real_pill(surface, th, label, kind, icon, topleft)
        return drawn[kind]

    def stars(*args):
        drawn["stars"] = real_stars(*args)
        return drawn["stars"]
    monkeypatch.setattr(menu_card, "draw_pill", pill)
    monkeypatch.setattr("game.ui.badges.draw_pill", pill)
    monkeypatch.setattr(menu_card, "draw_stars", stars)
    surface = pygame.Surface((400, 400))
    box = pygame.Rect(0, 0, width, 200), (width - 16, width // 2)
    card.draw(surface, app.theme, *box, False, Badge.NONE, True, grade="Intermediate")
    before = drawn["intermediate"]
    card.draw(surface, app.theme, *box, False, Badge.OPTIMAL, True, Stars(3, False), grade="Intermediate")
    assert drawn["intermediate"] == before
    assert not drawn["in progress"].colliderect(drawn["stars"])
