"""The records screen: opened from the menu (R or its button), a row for every puzzle with what the
player did, rows per distance for games dealt elsewhere, Enter plays the chosen puzzle, Esc goes back."""
from __future__ import annotations

import itertools
from collections import Counter

import pygame
import pytest

from game.catalog import registry as catalog
from game.common.phrase import translated
from game.midend.history import Notes
from game.keeping.records import Badge, Record
from game.keeping.stars import Stars
from game.midend.session import Win
from game.ui.scenes import records as records_module
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene
from game.ui.scenes.records import RecordsScene, best_text

from tests.helpers import climb_to_move
from tests.ui.layout_audit import AuditSurface, problems

from .helpers import centre, click, frames, key, open_puzzle


def win(name: str, moves: int, par: int | None, *, from_start: bool = True, hints: int = 0) -> Win:
    return Win(name, from_start, moves, par, 12.0, Notes(hints=hints, ladder=(0, 0, hints, 0)), False)


def puzzle_row(scene: RecordsScene, name: str):
    return next(row for row in scene.rows if row.kind == "puzzle" and row.name == name)


def test_r_on_the_menu_opens_the_records_and_esc_goes_back(app):
    menu = app.scene
    key(app, pygame.K_r)
    assert isinstance(app.scene, RecordsScene)
    assert app.scene.totals() == "No puzzle solved yet: your first win will be here."
    assert puzzle_row(app.scene, "eight").record is None
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu


def test_the_records_button_opens_them_and_back_closes_them(app):
    menu = app.scene
    app.tick(0.0)
    click(app, menu.records_button.rect.center, settle=3)
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    click(app, scene.back_button.rect.center, settle=3)
    assert app.scene is menu


def test_a_win_in_the_game_shows_in_its_row(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    click(app, centre(s, 8))
    assert s.session.solved
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r)
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    row = puzzle_row(scene, "eight")
    assert row.record is not None and (row.record.solved, row.record.own, row.record.optimal) == (1, 1, 1)
    assert row.badge is Badge.OPTIMAL and not row.in_progress
    below = scene.rows[scene.rows.index(row) + 1]
    assert below.kind == "key" and below.label == "Dealt 1 move out" and below.record == row.record
    assert scene.totals() == "1 puzzle solved · 1 on your own · 1 in the fewest moves possible · 0 at par"
    assert puzzle_row(scene, "fifteen").record is None
    scene.draw(app.screen)


def test_rows_for_other_counts_assisted_wins_and_puzzles_off_the_shelves(app):
    j = app.journal
    for w in (win("klotski@line", 95, 90), win("klotski", 81, 81, hints=2),
              win("/somewhere/my-puzzle.toml", 7, None, from_start=False)):
        j.record(w)
    key(app, pygame.K_r)
    scene = app.scene
    names = [row.name for row in scene.rows if row.kind == "puzzle"]
    assert names.index("klotski@line") == names.index("klotski") + 1
    assert puzzle_row(scene, "klotski@line").label.endswith("moves by line")
    assert puzzle_row(scene, "klotski").badge is Badge.ASSISTED
    assert puzzle_row(scene, "klotski@line").badge is Badge.SOLVED
    other = next(row for row in scene.rows if row.kind == "puzzle" and row.label == "my-puzzle.toml")
    assert other.name is None and other.record is not None                # a file not here: shown, not played
    shelves = [row.label for row in scene.rows if row.kind == "shelf"]
    assert shelves[-1] == "Other puzzles"
    scene.draw(app.screen)


def test_a_game_in_progress_is_marked_in_its_row(app):
    open_puzzle(app, "goat")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r)
    assert puzzle_row(app.scene, "goat").in_progress and not puzzle_row(app.scene, "eight").in_progress


def test_arrows_choose_a_puzzle_and_enter_plays_it(app):
    key(app, pygame.K_r)
    scene = app.scene
    key(app, pygame.K_DOWN)
    first = scene.playable()[0]
    assert scene.selected == first
    key(app, pygame.K_UP)                                    # round to the last row, scrolled into view
    last = scene.playable()[-1]
    assert scene.selected == last
    frames(app, 60)
    top = scene.row_tops[last] - scene.scroll
    assert 0 <= top and top + scene.row_h <= scene.view.h
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene) and app.scene.spec.name == scene.rows[last].name
    assert isinstance(app.scenes[0], MenuScene) and len(app.scenes) == 2


def test_records_read_after_the_screen_opened_appear_on_it(app):
    key(app, pygame.K_r)
    scene = app.scene
    assert puzzle_row(scene, "pairs").record is None
    app.journal.records = app.journal.records.add(win("pairs", 4, 4))
    frames(app, 1)
    assert puzzle_row(scene, "pairs").record is not None


@pytest.mark.parametrize("size, text_size", [((800, 600), 100), ((800, 600), 150), ((1920, 1080), 100)])
def test_a_row_never_draws_over_itself(app, size, text_size, monkeypatch):
    """Label, badge, "in progress", stars and the five figures of a row, each in its own place."""
    for name in ("eight", "huarong-five-generals", "frogs-small-backward", "knights-3x5", "tait-fixed-7"):
        app.journal.record(win(name, 120, 100))
        app.journal.record(win(name, 12, 10, from_start=False, hints=1))
        app.journal._keys.add(name)
    app.journal.record(win("/a/very/long/folder/a-very-long-puzzle-file-name-for-the-records.toml", 3, None))
    app.settings.text_size = text_size
    app.apply_settings()
    app.resize(size)
    scene = RecordsScene(app)
    pills: list[pygame.Rect] = []
    for name in ("draw_badge", "draw_in_progress", "draw_stars"):
        real = getattr(records_module, name)

        def spy(*args, _real=real, **kw):
            got = _real(*args, **kw)
            if got is not None:
                pills.append(got)
            return got

        monkeypatch.setattr(records_module, name, spy)

    class Recording(pygame.Surface):
        def __init__(self, size) -> None:
            super().__init__(size, pygame.SRCALPHA)
            self.placed: list[pygame.Rect] = []

        def blit(self, source, dest, *args, **kw):
            self.placed.append(pygame.Rect(tuple(dest)[:2], source.get_size()))
            return super().blit(source, dest, *args, **kw)

    checked = 0
    for row in scene.rows:
        if row.kind == "shelf" or row.record is None:
            continue
        surface = Recording((scene.view.w, 100))
        pills.clear()
        scene.draw_row(surface, row, 0)
        parts = [r for r in surface.placed if not any(p.contains(r) for p in pills)] + pills
        assert len(parts) >= 6 + (row.kind == "puzzle" and row.stars.count > 0)
        for a, b in itertools.combinations(parts, 2):
            assert not a.colliderect(b), (row.label, a, b)
        assert all(surface.get_rect().contains(r) for r in parts), row.label
        checked += 1
    assert checked >= 12


def test_the_best_is_said_against_the_optimum():
    assert best_text(Record(1, 1, 1, 0, 31, 5.0))[0] == "optimal"
    assert best_text(Record(2, 1, 0, 3, 34, 5.0))[0] == "+3"
    assert best_text(Record(1, 1, 0, None, 7, 5.0))[0] == "7 moves"
    assert best_text(Record(1, 0, 0))[0] == "–"


def test_esc_on_the_menu_quits_only_when_pressed_twice(app):
    menu = app.scene
    key(app, pygame.K_ESCAPE, settle=2)
    assert app.running and menu.quitting > 0
    key(app, pygame.K_RIGHT, settle=2)                       # any other key stays
    assert app.running and menu.quitting == 0
    key(app, pygame.K_ESCAPE, settle=2)
    frames(app, 200)                                         # the note goes after a while ...
    assert app.running and menu.quitting == 0
    key(app, pygame.K_ESCAPE, settle=1)
    key(app, pygame.K_ESCAPE, settle=1)                      # ... and two in a row quit
    assert not app.running


# -- stars, the shelves' count at par, and the help the games had -----------------------------------------

def test_each_puzzle_row_shows_the_stars_of_its_start_and_dealt_rows_none(app, monkeypatch):
    j = app.journal
    j.record(win("eight", 22, 22))                       # at par: three stars
    j.record(win("tiles-2x3", 23, 21))                   # within the margin: two
    j.record(win("fifteen", 60, 50))                     # beyond it: one
    j.record(win("goat", 20, 20, hints=1))               # at par, but helped: one star, marked
    j.record(win("pairs", 4, 4, from_start=False))       # only dealt: no par from the start, no stars
    drawn: list = []
    real = records_module.draw_stars
    monkeypatch.setattr(records_module, "draw_stars", lambda *a, **kw: drawn.append(a[2]) or real(*a, **kw))
    key(app, pygame.K_r)
    scene = app.scene
    want = {"eight": Stars(3, False), "tiles-2x3": Stars(2, False), "fifteen": Stars(1, False),
            "goat": Stars(1, True), "pairs": Stars(0, False), "klotski": Stars(0, False)}
    assert {name: puzzle_row(scene, name).stars for name in want} == want
    j.record(win("eight", 30, 20, from_start=False))     # a deal of the 8-puzzle: a row of its own, no stars
    frames(app, 1)
    assert all(row.stars == Stars(0, False) for row in scene.rows if row.kind != "puzzle")
    assert [row.label for row in scene.rows if row.kind == "key"] == ["From the start", "Dealt 20 moves out",
                                                                      "Dealt 4 moves out"]
    assert Counter(drawn)[Stars(3, False)] >= 1 and Counter(drawn)[Stars(1, True)] >= 1   # drawn as the menu's


def test_each_shelf_heading_counts_its_puzzles_at_par_and_the_totals_too(app):
    j = app.journal
    j.record(win("eight", 22, 22))
    j.record(win("fifteen", 50, 50))
    j.record(win("tiles-2x3", 23, 21))                   # off par
    j.record(win("goat", 20, 20, hints=1))               # helped
    j.record(win("klotski@line", 40, 40))                # another count: not one of the shelf's puzzles
    key(app, pygame.K_r)
    scene = app.scene
    shelves = {row.label: row.note for row in scene.rows if row.kind == "shelf"}
    sizes = {translated(shelf.title): sum(len(card) for card in cards) for shelf, cards in catalog.cards()}
    assert shelves["Sliding tiles"] == f"2 of {sizes['Sliding tiles']} at par"
    assert shelves["Sliding blocks"] == f"0 of {sizes['Sliding blocks']} at par"
    assert shelves["Frogs"] == f"0 of {sizes['Frogs']} at par"
    assert scene.totals() == "5 puzzles solved · 4 on your own · 3 in the fewest moves possible · 3 at par"


def test_the_help_a_real_game_had_is_said_under_its_row(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    assert climb_to_move(s.session) == 4
    s.session.request_hint()                             # the press after the move's step plays it
    frames(app, 5)
    assert s.session.solved
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r)
    scene = app.scene
    row = puzzle_row(scene, "eight")
    assert row.badge is Badge.ASSISTED and row.record is not None and row.record.ladder == (1, 1, 1, 1)
    below = scene.rows[scene.rows.index(row) + 1]
    assert below.kind == "help" and below.label == ("With help: the distance band once, the exact count once, "
                                                    "the piece hint once, the move hint once")
    assert not any(r.kind == "help" for r in scene.rows if r is not below)
    scene.draw(app.screen)


@pytest.mark.parametrize("size, text_size", [((800, 600), 100), ((800, 600), 150), ((1280, 800), 150)])
def test_the_screen_with_stars_and_help_has_every_text_whole_and_apart(app, size, text_size, monkeypatch):
    """The whole screen, scrolled to its top and to its end: no text cut, overlapping another or outside."""
    ladder = Notes(hints=9, ladder=(4, 3, 2, 1), marks=True, solver=True)
    for name in ("goat", "huarong-five-generals", "tait-fixed-7"):
        app.journal.record(Win(name, True, 120, 100, 12.0, ladder, False))
        app.journal.record(win(name, 100, 100))
        app.journal._keys.add(name)
    app.settings.text_size = text_size
    app.apply_settings()
    app.resize(size)
    monkeypatch.setattr(pygame, "Surface", AuditSurface)
    AuditSurface.theme = app.theme
    scene = RecordsScene(app)
    assert any(row.kind == "help" for row in scene.rows)
    for top in (scene.row_tops[scene.rows.index(puzzle_row(scene, "goat"))], 10 ** 6):
        scene.scroll = scene.scroll_target = float(top)
        scene.clamp_scroll()
        scene.scroll = scene.scroll_target
        surface = AuditSurface(size)
        app.theme.cuts.clear()
        scene.draw(surface)
        assert not problems(surface, app.theme.cuts)
        sideways = [p.text for p in surface.placed if p.visible.h > 0 and p.visible.w < p.ink.w]
        assert not sideways, sideways                    # the table's clip cuts rows above and below, never a side


def test_a_label_too_long_to_share_its_line_with_its_pills_has_them_under_it_and_is_never_cut(app):
    app.journal.record(win("huarong-five-generals", 100, 100))
    app.journal._keys.add("huarong-five-generals")                      # its badge and "in progress" beside it
    app.settings.text_size = 150
    app.apply_settings()
    app.resize((800, 600))
    app.theme.cuts.clear()
    scene = RecordsScene(app)
    i = scene.rows.index(puzzle_row(scene, "huarong-five-generals"))
    scene.scroll = scene.scroll_target = float(scene.row_tops[i])
    scene.draw(app.screen)
    assert not app.theme.cuts, list(app.theme.cuts)
    assert scene.heights[i] > scene.row_h                                # a line of its own for the pills
