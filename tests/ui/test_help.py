"""The help: what it says comes from the rules (real moves, the keys of this puzzle's input, and
keys that do what it says), it opens on F1 and ?, closes on any key without acting on the game,
shows itself once per card the first time, and lays out without overlap from 800x600 up."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.catalog import registry as catalog
from game.common.background import Where
from game.midend.intent import Intent
from game.keeping.settings import load_settings
from game.catalog.spec import InputMode
from game.rules.kinds import SLIDE
from game.ui.help import HOLD_BEFORE, HelpScene
from game.ui.help_content import EXAMPLES, count_words, examples, goal_words, help_key, keys_for
from game.ui.intents import intent_for
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene
from game.ui.views import view_for

from .helpers import centre, click, frames, key, open_puzzle

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT
ARROWS = [((pygame.K_UP, 0), Intent.UP), ((pygame.K_DOWN, 0), Intent.DOWN), ((pygame.K_LEFT, 0), Intent.LEFT),
          ((pygame.K_RIGHT, 0), Intent.RIGHT)]
# what each label of the help's keys means: the keys it names and what they must do
LABELS: dict[str, list[tuple[tuple[int, int] | str, Intent]]] = {
    "Click": [], "Drag": [],
    "Arrows": ARROWS,
    "Tab, Enter": [((pygame.K_TAB, 0), Intent.NEXT), ((pygame.K_RETURN, 0), Intent.CONFIRM)],
    "Arrows, Tab": [*ARROWS, ((pygame.K_TAB, 0), Intent.NEXT)],
    "Tab, arrows": [((pygame.K_TAB, 0), Intent.NEXT), *ARROWS],
    "Enter": [((pygame.K_RETURN, 0), Intent.CONFIRM)],
    "Tab": [((pygame.K_TAB, 0), Intent.NEXT)],
    "Left/Right": [((pygame.K_LEFT, 0), Intent.LEFT), ((pygame.K_RIGHT, 0), Intent.RIGHT)],
    "Up, Enter": [((pygame.K_UP, 0), Intent.UP), ((pygame.K_RETURN, 0), Intent.CONFIRM)],
    "Down, Enter": [((pygame.K_DOWN, 0), Intent.DOWN), ((pygame.K_RETURN, 0), Intent.CONFIRM)],
    "K": [((pygame.K_k, 0), Intent.COUNT)],
    "H": [((pygame.K_h, 0), Intent.HINT)],
    "S": [((pygame.K_s, 0), Intent.SOLVE)],
    "U, Shift+U": [((pygame.K_u, 0), Intent.UNDO), ((pygame.K_u, SHIFT), Intent.REDO)],
    "Ctrl S / O": [((pygame.K_s, CTRL), Intent.SAVE), ((pygame.K_o, CTRL), Intent.OPEN)],
    "R, N": [((pygame.K_r, 0), Intent.RESTART), ((pygame.K_n, 0), Intent.NEW)],
    "Shift+R": [((pygame.K_r, SHIFT), Intent.CLASSIC)],
    "B": [((pygame.K_b, 0), Intent.WINNABLE)],
    "D, [ ]": [((pygame.K_d, 0), Intent.DEAL_AT), ((pygame.K_LEFTBRACKET, 0), Intent.DISTANCE_DOWN),
               ((pygame.K_RIGHTBRACKET, 0), Intent.DISTANCE_UP)],
    "O": [((pygame.K_o, 0), Intent.MARKS)],
    "F": [((pygame.K_f, 0), Intent.HIDE_ANSWER)],
    "V": [((pygame.K_v, 0), Intent.MUTE)],
    "Ctrl - / =": [((pygame.K_MINUS, CTRL), Intent.VOLUME_DOWN), ((pygame.K_EQUALS, CTRL), Intent.VOLUME_UP)],
    "M": [((pygame.K_m, 0), Intent.MOTION)],
    "E, A, W": [((pygame.K_e, 0), Intent.EDIT), ((pygame.K_a, 0), Intent.ANALYSIS), ((pygame.K_w, 0), Intent.REVIEW)],
    "F1, ?": [((pygame.K_F1, 0), Intent.HELP), ("?", Intent.HELP)],
    "Esc": [((pygame.K_ESCAPE, 0), Intent.BACK)],
}
ONE_OF_EACH_MODE = ["eight", "goat", "frogs-b", "frogs-line-2", "knights", "pairs", "tait-4", "klotski", "traffic",
                    "century", "lunar-lockout-24", "warehouse-4", "hanoi-3"]


def keydown(k: int | str, mod: int = 0) -> pygame.event.Event:
    if isinstance(k, str):
        return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=SHIFT, unicode=k, scancode=0)
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def post_text(app, text: str, k: int = pygame.K_SLASH, mod: int = SHIFT, settle: int = 5) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    frames(app, settle)


# -- what it says ----------------------------------------------------------------------------------------------

def kinds_near_start(puzzle, most: int = 1000) -> set[str]:
    """The kinds of the moves played from the positions nearest the start."""
    seen, queue, kinds = {puzzle.start}, [puzzle.start], set()
    for state in queue:
        for move, after in puzzle.successors(state):
            kinds.add(puzzle.move_kind(move))
            if after not in seen and len(seen) < most:
                seen.add(after)
                queue.append(after)
    return kinds


@pytest.mark.parametrize("name", catalog.names())
def test_the_examples_are_legal_moves_one_of_each_kind(name):
    spec = catalog.get(name)
    puzzle = spec.puzzle
    kinds = kinds_near_start(puzzle)
    got = examples(spec)
    assert len(got) == min(EXAMPLES, len(kinds))
    assert len({puzzle.move_kind(e.move) for e in got}) == len(got)
    for e in got:
        assert e.move in puzzle.legal_moves(e.before)
        assert puzzle.play(e.before, e.move) == e.after and e.after != e.before
        assert e.title == puzzle.move_kind(e.move).caption
        assert {a for a, _ in e.glide.paths} and e.glide.kind == puzzle.move_kind(e.move)


@pytest.mark.parametrize("name", ONE_OF_EACH_MODE)
def test_every_key_the_help_names_does_what_it_says(name):
    spec = catalog.get(name)
    rows = keys_for(spec)
    labels = [label for label, _ in rows]
    assert len(labels) == len(set(labels))
    for label, words in rows:
        assert label in LABELS, f"the help names keys this test does not know: {label!r}"
        assert words and words == words.strip()
        for k, intent in LABELS[label]:
            event = keydown(k) if isinstance(k, str) else keydown(*k)
            assert intent_for(event) is intent, (label, k)
    if spec.input is InputMode.SLIDE:
        assert "Arrows" in labels and "(G: move the gap)" in dict(rows)["Arrows"]
        assert intent_for(keydown(pygame.K_g)) is Intent.ARROWS
    elif spec.presentation.key_rows:   # the Tower of Hanoi: the arrows choose pegs, lift and set down
        assert {"Click", "Drag", "Left/Right", "Up, Enter", "Down, Enter", "Tab"} <= set(labels)
        assert "Arrows, Tab" not in labels
    elif spec.input is InputMode.CURSOR:
        assert "Arrows, Tab" in labels and "Enter" in labels
    elif spec.input is InputMode.SEND:
        assert {"Click", "Drag", "Tab, arrows", "Enter"} <= set(labels)
    elif spec.input is InputMode.WALK:
        assert {"Click", "Drag", "Arrows"} <= set(labels) and "push" in dict(rows)["Arrows"]
    else:
        assert "Drag" in labels and "Tab, arrows" in labels
    assert ("K" in labels) == bool(spec.counts)
    assert ("B" in labels) == (not spec.puzzle.reversible)
    assert {"H", "S", "U, Shift+U", "Ctrl S / O", "F1, ?", "Esc"} <= set(labels)


def test_the_words_say_the_goal_and_the_count_once():
    for name in catalog.names():
        spec = catalog.get(name)
        words = goal_words(spec, view_for(spec).goal_words())
        assert words.startswith("Goal: ") and words.endswith(".") and not words.endswith(".."), words
    assert goal_words(catalog.get("eight")) == "Goal: tiles in order, the empty cell last."
    klotski = catalog.get("klotski")
    assert goal_words(klotski) == klotski.goal_sentence() == "Goal: the big red block at the exit at the bottom."
    words = count_words(klotski)
    assert "path now" in words and all(c.key in words for c in klotski.counts)
    assert count_words(catalog.get("eight")) == ""


def test_a_card_of_variants_shares_one_help_key():
    assert help_key(catalog.get("frogs-line-2")) == help_key(catalog.get("frogs-line-5"))
    assert help_key(catalog.get("klotski")) == help_key(catalog.get("klotski@line")) == "klotski"
    assert help_key(catalog.get("eight")) != help_key(catalog.get("fifteen"))


# -- opening and closing ------------------------------------------------------------------------------------------

def test_f1_opens_the_help_of_the_puzzle_and_any_key_closes_it_without_acting(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    key(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene) and app.scene.spec is s.spec and app.scene.below is s
    assert not app.scene.first
    key(app, pygame.K_h)                                    # closes; no hint behind it
    assert app.scene is s and s.session.hint_info is None
    key(app, pygame.K_F1)
    key(app, pygame.K_F1)                                   # F1 again closes it
    assert app.scene is s
    key(app, pygame.K_F1)
    muted = app.sound.muted
    key(app, pygame.K_v)                                    # "any key closes this": the sound key too,
    assert app.scene is s and app.sound.muted == muted      # and it changes nothing behind the help


def test_question_mark_opens_it_on_any_layout_and_a_click_closes_it(app):
    s = open_puzzle(app, "frogs-b")
    post_text(app, "?")
    assert isinstance(app.scene, HelpScene)
    click(app, (5, 5), settle=3)
    assert app.scene is s
    post_text(app, "?", k=pygame.K_COMMA, mod=0)            # where another layout puts it
    assert isinstance(app.scene, HelpScene)
    key(app, pygame.K_ESCAPE)                               # Esc closes the help, not the game
    assert app.scene is s


def test_the_game_under_the_help_waits(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/. 7 8")
    click(app, centre(s, 7))
    elapsed = s.session.elapsed
    assert elapsed > 0
    key(app, pygame.K_F1)
    frames(app, 60)
    assert s.session.elapsed == elapsed
    key(app, pygame.K_x)
    frames(app, 10)
    assert s.session.elapsed > elapsed


def test_f1_on_the_menu_opens_the_help_of_the_card_chosen(app):
    menu = app.scene
    assert isinstance(menu, MenuScene)
    key(app, pygame.K_RIGHT)
    chosen = menu.flat[menu.selected].spec
    key(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene) and app.scene.spec is chosen
    key(app, pygame.K_SPACE)
    assert app.scene is menu


def new_app(first_help: bool):
    from game.ui.app import App
    app = App(size=(1280, 800), where=Where.INLINE, headless=True, seed=7, first_help=first_help)
    app.push(MenuScene(app))
    return app


def test_the_help_shows_itself_once_per_card_and_the_settings_remember(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))
    app = new_app(first_help=True)
    try:
        app.nav.open_puzzle("frogs-line-2")
        frames(app, 2)
        assert isinstance(app.scene, HelpScene) and app.scene.first
        assert isinstance(app.scene.below, PlayScene)
        key(app, pygame.K_RETURN)
        assert isinstance(app.scene, PlayScene)
        key(app, pygame.K_ESCAPE)
        app.nav.open_puzzle("frogs-line-5")                     # the same card: its help has been seen
        frames(app, 2)
        assert isinstance(app.scene, PlayScene)
        key(app, pygame.K_ESCAPE)
        app.nav.open_puzzle("klotski")
        frames(app, 2)
        assert isinstance(app.scene, HelpScene) and app.scene.spec.name == "klotski"
        key(app, pygame.K_RETURN)
        assert set(app.settings.help_seen) == {help_key(catalog.get("frogs-line-2")), "klotski"}
    finally:
        app.close()
    assert set(load_settings().help_seen) == {help_key(catalog.get("frogs-line-2")), "klotski"}
    again = new_app(first_help=True)
    try:
        again.nav.open_puzzle("klotski@line")                   # seen in the last run, counted another way
        frames(again, 2)
        assert isinstance(again.scene, PlayScene)
        again.nav.open_puzzle("eight")
        frames(again, 2)
        assert isinstance(again.scene, HelpScene)
    finally:
        again.close()


def test_without_first_help_nothing_shows_itself(app):
    open_puzzle(app, "goat")
    assert isinstance(app.scene, PlayScene) and app.settings.help_seen == ()


# -- the layout -------------------------------------------------------------------------------------------------

def _keys_whole(h: HelpScene) -> None:
    """Every key's words are drawn whole (wrapped, never cut), each line inside its cell beside the cap."""
    th = h.theme
    words = dict(keys_for(h.spec))
    for keys, lines, cell in h.key_cells:
        room = cell.right - (cell.x + h.key_cap_w + th.px(10))
        assert all(th.measure(line, h.key_px) <= room for line in lines), lines
        assert "".join(lines).replace(" ", "") == words[keys].replace(" ", ""), (keys, lines)
        assert len(lines) * (h.key_px + th.px(2)) <= cell.h, (keys, lines, cell)
    assert h.key_px >= th.size_of("small") * 4 // 5


def boxes(h: HelpScene) -> list[tuple[str, pygame.Rect]]:
    """Everything the card draws, as rectangles."""
    th = h.theme
    out = []
    for line in h.lines:
        surf = th.fit(line.text, line.role, h.card.right - line.pos[0] - th.px(12), line.colour)
        out.append((f"line {line.text!r}", pygame.Rect(line.pos, surf.get_size())))
    for i, p in enumerate(h.pictures):
        out += [(f"caption {i}", p.caption), (f"before {i}", p.before), (f"after {i}", p.after),
                (f"arrow {i}", p.arrow)]
    if h.key_cells:
        out.append(("keys", pygame.Rect(h.keys_title, th.text("Keys", "heading").get_size())))
    out += [(f"key {k!r}", cell) for k, _, cell in h.key_cells]
    return out


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("name", ONE_OF_EACH_MODE + ["frogs-square", "frogs-line-8", "tait-fixed-7"])
def test_the_help_lays_out_without_overlap(app, size, name):
    app.resize(size)
    h = HelpScene(app, catalog.get(name), None)
    th = h.theme
    assert pygame.Rect((0, 0), size).contains(h.card)
    assert h.pictures and len(h.key_cells) == len(keys_for(h.spec))
    drawn = boxes(h)
    for what, rect in drawn:
        assert h.card.contains(rect), what
    for (a, ra), (b, rb) in itertools.combinations(drawn, 2):
        assert not ra.colliderect(rb), (a, b)
    _keys_whole(h)
    for p in h.pictures:                                     # the boards drawn inside their frames, large enough
        for view, frame in ((p.before_view, p.before), (p.after_view, p.after)):
            assert frame.contains(view.frame_rect()) and view.pitch >= 16
    h.draw(app.screen)


def test_the_after_picture_plays_the_move_and_holds_still_with_reduced_motion(app):
    h = HelpScene(app, catalog.get("eight"), None)
    after = h.pictures[0].after
    surface = pygame.Surface(app.size)

    def after_frame(t: float) -> bytes:
        h.time = t
        h.draw(surface)
        return pygame.image.tobytes(surface.subsurface(after), "RGB")

    start, moving, done = after_frame(0.0), after_frame(HOLD_BEFORE + SLIDE.help_seconds / 2), after_frame(HOLD_BEFORE + 1.0)
    assert len({start, moving, done}) == 3 and h.animating()
    app.settings.reduce_motion = True
    assert after_frame(0.0) == after_frame(HOLD_BEFORE + SLIDE.help_seconds / 2) and not h.animating()


@pytest.mark.parametrize("name", [
    # the English board's card as the peg triangle's (the same 20 keys), whose table is not built for it (14 s)
    pytest.param("pegs-english", marks=pytest.mark.slow), "pegs-triangle-a1",
    "lunar-lockout-24", "klotski", "warehouse-1"])
def test_at_150_percent_japanese_on_800x600_every_key_is_said_whole_beside_the_pictures(app, name):
    """The card at its most crowded: 9 of the 18 key descriptions ended in "…" (cut by the column); now
    each wraps whole in its column, the columns balanced, and the pictures of a move still drawn."""
    from game.common import i18n
    try:
        app.settings.language, app.settings.text_size = "ja", 150
        app.apply_settings()
        app.resize((800, 600))
        open_puzzle(app, name)
        h = HelpScene(app, catalog.get(name), None)
        h.theme.cuts.clear()
        h.draw(app.screen)
        assert not h.theme.cuts, h.theme.cuts
        _keys_whole(h)
        assert h.pictures and len(h.key_cells) == len(keys_for(h.spec))
        drawn = boxes(h)
        for what, rect in drawn:
            assert h.card.contains(rect), what
        for (a, ra), (b, rb) in itertools.combinations(drawn, 2):
            assert not ra.colliderect(rb), (a, b)
    finally:
        i18n.deactivate()


def test_a_title_composed_from_a_collection_is_said_in_the_players_language(app):
    """A collection's puzzle is titled by a phrase ("Traffic pack 1"): looked up as English text, the card's
    title stayed English in Japanese."""
    from game.common import i18n
    i18n.activate("ja")
    h = HelpScene(app, catalog.get("traffic-pack-1"), None)
    assert h.lines[1].text == "渋滞パック 1" == catalog.get("traffic-pack-1").shown_title()
