"""The menu shows everything: shelves in the registry's fixed order with the player's puzzles on a shelf
of their own, marked; every card's whole description, wrapped to the card; a picture of its own for
every puzzle and a chooser that tells cards apart; the keyboard reaches every card and the foot; the
layout uses the window's width. At 800x600, 1280x800 and 1920x1080, in English and Japanese, at 100
and 150 % text, with a puzzle of the player's own and a file that could not be read at the foot."""
from __future__ import annotations

import itertools
import re

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog.reading import read_puzzle_file
from game.common import i18n
from game.common.background import Where
from game.common.phrase import translated
from game.families import registry as families
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.menu_bars import card_goal
from game.ui.scenes.menu_card import collection_words
from game.ui.scenes.records import RecordsScene
from tests.ui.helpers import frames, key
from tests.ui.layout_audit import AuditSurface, problems

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
LOOKS = [(language, size, text) for language in ("en", "ja") for size in SIZES for text in (100, 150)]
IDS = [f"{language}-{w}x{h}-{text}" for language, (w, h), text in LOOKS]
BAD = "broken.toml: key 'goal', the goal has 1 rows of 4 cells, but the start has 1 rows of 5."

KNIGHTS = '''format = 1
title = "My knights {n}"
family = "knights"
start = """
WWW
...
BBB
"""
goal = """
BBB
...
WWW
"""
'''

MY_FROGS = """format = 1
title = "My frogs 1"
family = "frogs"
start = "BBB.WW"
goal = "WW.BBB"
black = ["right"]
white = ["left"]
jump = "other"
"""


@pytest.fixture
def yours(folder):
    """A puzzle of the player's own on the shelves (saved into their folder, as the editor does)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "my-frogs.toml"
    path.write_text(MY_FROGS, encoding="utf-8")
    return catalog.shelve(path, read_puzzle_file(path))


@pytest.fixture
def look(yours, monkeypatch):
    """A window in one language, size and text size, its menu on top, a bad file said at the foot."""
    monkeypatch.setattr(catalog, "problems", lambda: (BAD,))
    made = []

    def open_(language: str, size: tuple[int, int], text: int, audited: bool = False):
        from game.ui.app import App
        app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False, seed=3)
        made.append(app)
        app.settings.language, app.settings.text_size, app.settings.reduce_motion = language, text, True
        app.apply_settings()
        app.resized()
        if audited:
            AuditSurface.theme = app.theme
        app.push(MenuScene(app))
        frames(app, 3)
        return app

    yield open_
    for app in made:
        app.close()
    i18n.deactivate()


def visible(menu: MenuScene, rect: pygame.Rect) -> bool:
    """Whether ``rect`` (content coordinates) lies wholly between the title bar and the focus bar."""
    top, bottom = rect.y - menu.scroll, rect.bottom - menu.scroll
    return menu.top <= top and bottom <= menu.bar_top


# -- the shelves ------------------------------------------------------------------------------------------

def test_shelves_stand_in_the_registry_order_and_a_players_file_moves_none(app, folder):
    library = [family.shelf for family in families.families()]
    before = MenuScene(app)
    ours = [shelf for shelf in library if shelf in before.shelves]
    assert before.shelves[:len(ours)] == ours   # the families' shelves, then the library's collection files'
    assert [shelf.key for shelf in before.shelves[len(ours):]] == ["collection:traffic-pack"]
    cards_before = {shelf: [card.name for card in before.cards[shelf]] for shelf in before.shelves}
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(7):   # enough knights files to make theirs the longest shelf, were they put there
        path = folder / f"my-knights-{n}.toml"
        path.write_text(KNIGHTS.format(n=n), encoding="utf-8")
        catalog.shelve(path, read_puzzle_file(path))
    after = MenuScene(app)
    assert after.shelves == before.shelves + [catalog.YOURS]
    assert {shelf: [card.name for card in after.cards[shelf]] for shelf in before.shelves} == cards_before
    assert all(card.yours for card in after.cards[catalog.YOURS]) and len(after.cards[catalog.YOURS]) == 7
    assert not any(card.yours for shelf in before.shelves for card in after.cards[shelf])
    assert [shelf for shelf, _ in catalog.shelves()] == after.shelves


def test_a_card_of_the_players_own_is_marked_on_the_last_shelf(look, yours):
    app = look("en", (1280, 800), 100)
    menu = app.scene
    card = next(c for c in menu.flat if c.name == yours.name)
    assert card.yours and menu.shelves[-1] is catalog.YOURS and menu.cards[catalog.YOURS] == [card]
    menu.select_name(yours.name)
    surface = AuditSurface(app.size)
    AuditSurface.theme = app.theme
    menu.draw(surface)
    drawn = [p.text for p in surface.placed]
    assert "Yours" in drawn and "Your puzzles" in drawn and "My frogs 1" in " ".join(drawn)


# -- the cards say everything ---------------------------------------------------------------------------------

@pytest.mark.parametrize("language,size,text", LOOKS, ids=IDS)
def test_every_card_shows_its_whole_description_and_no_two_overlap(look, language, size, text):
    app = look(language, size, text)
    menu = app.scene
    th = app.theme
    width = menu.flat[0].rect.w - 2 * th.px(10)
    for card in menu.flat:
        blurbs = ([collection_words(len(card.specs))] if card.collection   # a collection says how many levels
                  else [translated(spec.presentation.blurb) for spec in card.specs])
        for blurb, words in zip(blurbs, card.texts(th, card.rect.w), strict=True):
            assert _letters("".join(words.blurb)) == _letters(blurb), (card.name, words.blurb)
            assert all(th.measure(line, th.size_of("small")) <= width for line in words.blurb), words.blurb
        r = card.rect
        title_lines, blurb_lines = card.lines_needed(th, r.w)   # the longest variant's, room kept for it
        words_bottom = r.y + card.words_top(th) + th.px(3) + (
            title_lines * th.size_of("body") + blurb_lines * th.size_of("small"))
        chooser_top = r.y + card.chooser_top(th)   # its caption, where the labels' ending has a line of its own
        assert words_bottom <= chooser_top <= r.bottom, card.name
    choosers = [(tuple(card.chip_label(n, i) for n, (_, i) in enumerate(card.chips)), card.common)
                for card in menu.flat if card.group and not card.compact]
    assert len(set(choosers)) == len(choosers), choosers   # as drawn in full: no two choosers say the same
    rects = [card.rect for card in menu.flat] + [r for _, r in menu.headings]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)
    assert menu.foot_rect.y >= max(r.bottom for r in rects)
    left, right = th.px(36, 14), size[0] - th.px(36, 14)
    assert all(left <= r.x and r.right <= right for r in rects)


def _letters(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("language,size,text", LOOKS, ids=IDS)
def test_no_text_is_cut_or_overlaps_anywhere_the_menu_scrolls(look, language, size, text, monkeypatch):
    plain = pygame.Surface
    monkeypatch.setattr(pygame, "Surface", AuditSurface)   # kept layers (pictures, fades) audited too
    app = look(language, size, text, audited=True)
    menu = app.scene
    menu.quitting = 1.0
    found = []
    for place in sorted({0, len(menu.flat) // 2, len(menu.flat) - 1, len(menu.flat)}):
        menu.selected, menu.show_selection = place, True
        menu.ensure_visible()
        menu.scroll = menu.scroll_target
        app.theme.cuts.clear()
        surface = AuditSurface(size)
        menu.draw(surface)
        found += [f"choice {place}: {p}" for p in problems(surface, app.theme.cuts)]
    monkeypatch.setattr(pygame, "Surface", plain)
    assert not found, "\n".join(found[:12])


def test_every_puzzle_has_a_picture_of_its_own(app):
    """Cards of different puzzles never look alike: a row puzzle shows its goal under its start, so
    Pairs and Tait's coin pairs, which share a start, differ."""
    menu = app.scene
    size = (180, 100)
    seen: dict[bytes, str] = {}
    for card in menu.flat:
        for index in range(len(card.specs)):
            card.choose(index)
            image = pygame.image.tobytes(card.thumb(size, (90, 90, 90)), "RGBA")
            assert image not in seen, (card.name, seen.get(image))
            seen[image] = card.name
    assert len(seen) == sum(len(card.specs) for card in menu.flat)


def test_no_two_cards_of_a_shelf_offer_the_same_chooser(app):
    """Side by side, two cards must not read alike (Pairs and Tait's coin pairs once both offered 3-7);
    numbered levels on different shelves (Lunar Lockout 1-24, the warehouses 1-24) are told apart by their shelf."""
    shelves: dict[str, list[tuple[str, ...]]] = {}
    for card in app.scene.flat:
        if card.group:
            labels = tuple(spec.presentation.variant for spec in card.specs)
            shelves.setdefault(catalog.shelf_of(card.specs[0]).key, []).append(labels)
    for shelf, labels in shelves.items():
        assert len(set(labels)) == len(labels), (shelf, labels)


@pytest.mark.parametrize("size,group", [((1920, 1080), "Pairs"), ((1280, 800), "Pairs"),
                                        ((1280, 800), "Tait's coin pairs"), ((800, 600), "Pairs")])
def test_a_shared_ending_of_the_chooser_is_said_once(look, size, group):
    """After the numbers where the card is wide enough, else on a line above them (which one depends on
    how many cards share the row): every size shown, the ending said once, where the card says it is."""
    app = look("en", size, 100)
    menu = app.scene
    card = next(c for c in menu.flat if c.group == group)
    assert [card.chip_label(n, i) for n, (_, i) in enumerate(card.chips)] == ["3", "4", "5", "6", "7"]
    assert card.common == (" at left" if group == "Pairs" else " anywhere")
    menu.select_name(card.name)
    surface = AuditSurface(app.size)
    AuditSurface.theme = app.theme
    menu.draw(surface)
    said = [p for p in surface.placed if p.text == card.common.strip()]
    chips = [chip.move(card.rect.x, card.rect.y - int(menu.scroll)) for chip, _ in card.chips]
    assert len(said) == 1
    assert said[0].visible.bottom <= chips[0].y if card.caption else said[0].visible.x >= chips[-1].right


def test_the_focus_bar_states_the_chosen_puzzles_goal(look):
    app = look("en", (1280, 800), 100)
    menu = app.scene
    for name in ("tait-5", "klotski", "eight"):
        menu.select_name(name)
        surface = AuditSurface(app.size)
        AuditSurface.theme = app.theme
        menu.draw(surface)
        bar = [p.text for p in surface.placed if p.visible.h > 0 and p.visible.y >= menu.bar_top]
        spec = catalog.get(name)
        assert " ".join(bar).startswith(spec.shown_title()) and _letters("".join(bar[1:])) == _letters(card_goal(spec))
    assert all(card_goal(spec).startswith("Goal: ") and len(card_goal(spec)) > 12 for spec in catalog.specs())


def test_a_goal_counts_stones_in_words_never_the_files_letters():
    """The board shows stones, not the B and W of the file: the goal says them run by run."""
    letter = re.compile(r"(?<![A-Za-z])[BW](?![A-Za-z])")
    try:
        for language in ("en", "ja"):
            i18n.activate(language)
            said = {spec.name: card_goal(spec) for spec in catalog.specs()}
            assert not [goal for goal in said.values() if letter.search(goal)], language
        i18n.activate("en")
        assert card_goal(catalog.get("pairs")) == "Goal: the stones in the row, from the left: 3 black, then 3 white, then 2 empty."
        assert card_goal(catalog.get("tait-5")).endswith("row: 5 black, then 5 white, either colour first.")
    finally:
        i18n.deactivate()


# -- the keys reach everything ------------------------------------------------------------------------------

@pytest.mark.parametrize("language,size,text", [("en", s, 100) for s in SIZES] + [("ja", (1280, 800), 150)])
def test_the_keyboard_alone_reaches_every_card_and_the_foot(look, language, size, text):
    app = look(language, size, text)
    menu = app.scene
    reached = []
    for _ in range(len(menu.flat) + 1):
        key(app, pygame.K_TAB, settle=2)
        reached.append(menu.selected)
        rect = menu.foot_rect if menu.on_foot else menu.flat[menu.selected].rect
        assert _foot_in_sight(menu) if menu.on_foot else visible(menu, rect), (menu.selected, tuple(rect))
    assert reached == [*range(1, len(menu.flat)), len(menu.flat), 0]   # every card once, the foot, round again
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT, settle=2)   # Shift+Tab from the first card: the foot
    assert menu.on_foot and _foot_in_sight(menu)
    key(app, pygame.K_UP, settle=2)                       # Up: back to the card it came from
    assert menu.selected == 0 and visible(menu, menu.flat[0].rect)
    came_from = None
    while not menu.on_foot and came_from != menu.selected:   # Down, row by row, to the foot
        came_from = menu.selected
        key(app, pygame.K_DOWN, settle=2)
    assert menu.on_foot and _foot_in_sight(menu)
    key(app, pygame.K_UP, settle=2)
    assert menu.selected == came_from and visible(menu, menu.flat[came_from].rect)
    key(app, pygame.K_RETURN, settle=2)   # a card chosen by the keys opens with Enter
    assert not isinstance(app.scene, MenuScene) and app.scene.spec.name == menu.flat[came_from].name


def _foot_in_sight(menu: MenuScene) -> bool:
    """The foot wholly in sight, or as much of it as the view holds from its top."""
    foot = menu.foot_rect
    if foot.h <= menu.bar_top - menu.top:
        return visible(menu, foot)
    return foot.y - menu.scroll <= menu.top + menu.theme.px(16)


def test_the_layout_uses_the_windows_width(look):
    app = look("en", (1920, 1080), 100)
    menu = app.scene
    m = app.theme.px(36, 14)
    widest = max(card.rect.right for card in menu.flat)
    assert widest >= 1920 - m - menu.flat[0].rect.w // 2
    rows: dict[int, int] = {}
    for card in menu.flat:
        rows[card.rect.y] = rows.get(card.rect.y, 0) + 1
    assert max(rows.values()) * menu.flat[0].rect.w >= 0.85 * (1920 - 2 * m)   # a row as wide as the window


# -- the records follow the menu ------------------------------------------------------------------------------

def test_the_records_list_puzzles_in_the_menus_order(app):
    menu = app.scene
    key(app, pygame.K_r)
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    shelves = [row.label for row in scene.rows if row.kind == "shelf"]
    assert shelves == [i18n._(shelf.title) for shelf in menu.shelves]
    names = [row.name for row in scene.rows if row.kind == "puzzle"]
    assert names == [spec.name for card in menu.flat for spec in card.specs]
    century = [name for name in names if "century" in name]
    assert century == ["century", "century-and-a-half", "supercentury"]


def test_a_card_shows_the_stars_of_its_games_from_the_start(app, monkeypatch):
    """The 8-puzzle solved at par from its start shows three stars on its card; a puzzle solved only with
    a hint one marked star; one never solved none."""
    from game.keeping.records import Records
    from game.keeping.stars import Stars
    from game.midend.history import Notes
    from game.midend.session import Win
    from game.ui.scenes import menu_card
    par = len(catalog.get("eight").oracle.solve(catalog.puzzle("eight").start).moves)
    app.journal.records = (Records().add(Win("eight", True, par, par, 20.0, Notes(), False))
                           .add(Win("goat", True, 30, 20, 20.0, Notes(hints=1, ladder=(1, 0, 0, 0)), False)))
    drawn: dict[str, Stars] = {}
    real_draw = menu_card.Card.draw

    def draw(card, surface, th, r, thumb_size, selected, badge, in_progress, stars=menu_card.NO_STARS, grade=""):
        drawn[card.name] = stars
        real_draw(card, surface, th, r, thumb_size, selected, badge, in_progress, stars, grade)
    monkeypatch.setattr(menu_card.Card, "draw", draw)
    menu = app.scene
    for name in ("eight", "goat", "fifteen"):
        menu.select_name(name)
        frames(app, 2)
    assert drawn["eight"] == Stars(3, False) and drawn["goat"] == Stars(1, True) and drawn["fifteen"] == Stars(0, False)
    surface = pygame.Surface((200, 60))
    assert menu_card.draw_stars(surface, app.theme, Stars(3, False), (200, 60)) is not None
    assert menu_card.draw_stars(surface, app.theme, Stars(0, False), (200, 60)) is None


# -- a puzzle whose rules cannot be built ---------------------------------------------------------------------

BOOM = 'format = 1\ntitle = "Boom"\nfamily = "frogs"\nstart = "BB.WW"\ngoal = "WW.BB"\n'


def test_a_card_whose_rules_cannot_be_built_says_so_and_opens_nothing(look, folder, monkeypatch):
    """A file the index knew, whose rules now fail (built when its card is first drawn): the card says it
    cannot be opened, and Enter, A or E on it say why in the focus bar instead of opening a screen."""
    from dataclasses import replace

    from game.catalog import library
    from game.catalog.spec import Words
    from game.families.frogs import family as frogs_family

    def frogs_from(name, defn):
        raise RuntimeError("the rules fell over")
    monkeypatch.setattr(frogs_family, "frogs_from", frogs_from)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "boom.toml"
    path.write_text(BOOM, encoding="utf-8")
    spec = library.lazy_spec("boom", read_puzzle_file(path), "boom.toml")
    catalog.register(replace(spec, words=Words("Boom", "A move slides a frog.", "")))
    app = look("en", (1280, 800), 100)
    menu = app.scene
    menu.select_name("boom")
    frames(app, 2)
    surface = AuditSurface(app.size)
    AuditSurface.theme = app.theme
    menu.draw(surface)
    drawn = " ".join(p.text for p in surface.placed)
    assert "Cannot be opened" in drawn and "Boom" in drawn
    for pressed in (pygame.K_RETURN, pygame.K_a, pygame.K_e):
        key(app, pressed)
        assert app.scene is menu and menu.note.startswith("boom.toml") and "could not be built" in menu.note
        menu.draw(surface)
        assert menu.note in " ".join(p.text for p in surface.placed)


# -- the pictures ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("language,size,text", [("en", (1280, 800), 100), ("en", (1920, 1080), 100),
                                                ("ja", (800, 600), 150)])
def test_a_cards_picture_fills_its_width_and_most_of_the_card(look, language, size, text):
    """The picture is what players recognise: as wide as the card inside its inset, and at least 45 % of the
    card's height (it once was a strip of about 70 pixels at the top of a card about 250 tall)."""
    app = look(language, size, text)
    menu = app.scene
    th = app.theme
    for card in menu.flat:
        frame = card.frame
        assert frame is not None and frame.width == card.rect.w
        assert frame.picture.w == card.rect.w - 2 * frame.picture.x, card.name
        assert frame.picture.h >= 0.45 * card.rect.h, (card.name, frame.picture.h, card.rect.h)
    eight = next(card for card in menu.flat if card.name == "eight")   # a square board: drawn as wide as it can be
    drawn = eight.thumb(eight.frame.picture.size, th.palette.dim).get_bounding_rect()
    assert drawn.h >= 0.95 * eight.frame.picture.h and drawn.w >= 0.7 * eight.rect.w


@pytest.mark.parametrize("language,size,text", [("en", (1280, 800), 100), ("ja", (800, 600), 150)])
def test_shelves_are_laid_out_one_way(look, language, size, text):
    """Every shelf starts a row of its own under its heading (no shelf shares a row with another), and the
    cards of a row stand in a straight line, as tall as one another."""
    app = look(language, size, text)
    menu = app.scene
    left = app.theme.px(36, 14)
    for shelf, heading in menu.headings:
        cards = menu.cards[shelf]
        assert cards[0].rect.x == left and cards[0].rect.y > heading.y, shelf.key
        rows: dict[int, set[int]] = {}
        for card in cards:
            rows.setdefault(card.rect.y, set()).add(card.rect.h)
        assert all(len(heights) == 1 for heights in rows.values()), shelf.key
        others = [r for other, r in menu.headings if other is not shelf]
        assert not any(r.y == heading.y for r in others)


@pytest.mark.parametrize("name", ["eight", "pegs-triangle-a1", "warehouse-1", "hanoi-3"])
def test_no_badge_covers_a_cards_picture(look, name):
    """With every badge a card can show (its grade, the best solve, a game in progress, three stars), its
    picture is drawn exactly as without any: the small boards and the tower stay in sight."""
    from game.keeping.records import Badge
    from game.keeping.stars import Stars
    app = look("en", (1280, 800), 100)
    menu = app.scene
    th = app.theme
    card = next(c for c in menu.flat if name in [s.name for s in c.specs])
    card.choose([s.name for s in card.specs].index(name))
    card.lay_out(th, menu.lines)
    r = pygame.Rect(0, 0, card.rect.w, card.rect.h)
    plain, badged = pygame.Surface(r.size), pygame.Surface(r.size)
    card.draw(plain, th, r, menu.thumb_size, False, Badge.NONE, False)
    card.draw(badged, th, r, menu.thumb_size, False, Badge.ASSISTED, True, Stars(1, True), grade="Intermediate")
    picture = card.frame.picture
    for x in range(picture.left, picture.right, 2):
        for y in range(picture.top, picture.bottom, 2):
            assert plain.get_at((x, y)) == badged.get_at((x, y)), (name, (x, y))
    for rect in card.frame.badge_rects(th, "Intermediate"):
        assert not rect.colliderect(picture), (name, rect)


def test_choosing_a_variant_moves_nothing(look):
    """The menu stays put: no card moves or changes size when a card's variant is chosen (each card keeps
    room for its longest variant's words), nor when the menu is laid out again."""
    app = look("en", (1280, 800), 100)
    menu = app.scene
    before = [card.rect.copy() for card in menu.flat]
    for card in menu.flat:
        for index in range(len(card.specs)):
            menu.choose(card, index)
        menu.choose(card, 0)
    menu.layout(app.size)
    assert [card.rect for card in menu.flat] == before
