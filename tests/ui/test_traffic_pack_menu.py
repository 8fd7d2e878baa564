"""The Traffic pack on the menu: a shelf of its own with a card per grade, Beginner to Expert, each lot
on the card its line grades it, offered by its number in the pack and reached by the keys; a lot opened
from the menu is played to the goal along the solver's optimal line; a player's own .rush file without
grade words still gives a card per lot. The pack's optima are the game's own finding: its cards never call
them published, while the figure on a player's line is."""
from __future__ import annotations

import pygame
import pytest

from game.catalog import library
from game.catalog import registry as catalog
from game.common.phrase import translated
from game.families.blocks.family import BLOCKS
from game.families.blocks.rush_hour import line_of
from game.midend.history import EntryKind
from game.ui.scenes.menu import MenuScene
from tests.helpers import assert_optimal_and_legal
from tests.ui.helpers import frames, key

PACK = library.LIBRARY / "traffic-pack.rush"
LINES = [line.split() for line in PACK.read_text(encoding="utf-8").splitlines()
         if line.strip() and not line.startswith("#")]
GRADES = ["Beginner", "Intermediate", "Advanced", "Expert"]


def pack_cards(menu: MenuScene) -> list:
    shelf = next(shelf for shelf in menu.shelves if shelf.key == "collection:traffic-pack")
    assert translated(shelf.title) == "Traffic pack" and shelf.colour == BLOCKS.colour
    return menu.cards[shelf]


def test_the_pack_stands_on_a_shelf_of_its_own_with_a_card_per_grade_in_order(app):
    menu = app.scene
    cards = pack_cards(menu)
    assert menu.shelves.index(BLOCKS) < len(menu.shelves) - 1 and menu.shelves[-1].key == "collection:traffic-pack"
    assert [card.title for card in cards] == GRADES and [len(card.specs) for card in cards] == [10, 12, 9, 9]
    lots = [spec for card in cards for spec in card.specs]
    assert [spec.name for spec in lots] == [f"traffic-pack-{n}" for n in range(1, 41)]
    for n, (spec, (board, optimum, grade, _size)) in enumerate(zip(lots, LINES), 1):
        assert line_of(spec.as_file(spec.puzzle.start)) == board   # the line's lot, in the file's order
        assert (spec.presentation.group, spec.presentation.variant) == (grade, str(n))
        assert spec.title == f"Traffic pack {n}" and spec.figures.published is None   # the game's own, not published
        assert str(spec.presentation.blurb) == f"The fewest moves: {optimum} (line)."


def test_the_keys_reach_every_lot_of_the_pack_and_enter_opens_the_one_chosen(app):
    menu = app.scene
    cards = pack_cards(menu)
    reached = []
    for card in cards:
        while menu.flat[menu.selected] is not card:
            key(app, pygame.K_TAB, settle=1)
        for _ in card.specs:
            reached.append(menu.flat[menu.selected].name)
            key(app, pygame.K_RIGHTBRACKET, settle=1)   # the next lot of the card's chooser
        assert menu.flat[menu.selected].name == card.specs[0].name   # round again
    assert reached == [f"traffic-pack-{n}" for n in range(1, 41)]
    key(app, pygame.K_RIGHTBRACKET, settle=1)
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scene, MenuScene) and app.scene.spec.name == "traffic-pack-33"


@pytest.mark.slow   # builds the expert lot's table in the window's thread, then plays its whole line
def test_an_expert_lot_opened_from_the_menu_is_solved_along_an_optimal_line(app):
    menu = app.scene
    expert = pack_cards(menu)[-1]
    while menu.flat[menu.selected] is not expert:
        key(app, pygame.K_TAB, settle=1)
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert scene.spec.name == "traffic-pack-32" and scene.session.position == scene.puzzle.start
    key(app, pygame.K_s, settle=1)   # the solver plays its line on the board
    for _ in range(600):
        if scene.session.solved:
            break
        frames(app, 10)
    assert scene.session.solved
    moves = [entry.move for entry in scene.session.history if entry.kind is EntryKind.SOLVE]
    assert_optimal_and_legal(scene.puzzle, scene.puzzle.start, moves)
    assert len(moves) == int(LINES[31][1]) == 18


@pytest.fixture
def fresh_catalog(monkeypatch, tmp_path):
    """The catalog as a new game reads it, with ``tmp_path`` the player's data folder."""
    monkeypatch.setenv("FEWEST_MOVES_DATA", str(tmp_path))
    for name, empty in (("_ENTRIES", {}), ("_PROBLEMS", []), ("_families_read", set()), ("_loaded", False)):
        monkeypatch.setattr(catalog, name, empty)
    folder = library.player_folder()
    folder.mkdir(parents=True)
    return folder


def test_a_players_rush_file_without_grades_gives_a_card_per_lot_and_one_with_grades_a_card_per_grade(
        app, fresh_catalog):
    plain = [fields[0] for fields in LINES[:3]]
    (fresh_catalog / "my-lots.rush").write_text("\n".join(f"{board} 5" for board in plain) + "\n", encoding="utf-8")
    (fresh_catalog / "graded.rush").write_text(f"{LINES[0][0]} beginner\n{LINES[39][0]} Expert\n"
                                               f"{LINES[1][0]} Beginner\n", encoding="utf-8")
    menu = MenuScene(app)
    assert menu.shelves[-1] is catalog.YOURS and not catalog.problems()
    yours = [(card.title, [spec.name for spec in card.specs]) for card in menu.cards[catalog.YOURS]]
    assert yours == [("Beginner", ["graded-1", "graded-3"]), ("Graded 2", ["graded-2"]),   # a card of one: its title
                     ("My lots 1", ["my-lots-1"]), ("My lots 2", ["my-lots-2"]), ("My lots 3", ["my-lots-3"])]
    assert all(card.yours for card in menu.cards[catalog.YOURS])
    assert [line_of(spec.as_file(spec.puzzle.start)) for card in menu.cards[catalog.YOURS][2:]
            for spec in card.specs] == plain
    mine = menu.cards[catalog.YOURS][2].spec            # a figure on a player's line is the published one
    assert mine.figures.published == 5 and str(mine.presentation.blurb) == "Published: 5 moves (line)."
