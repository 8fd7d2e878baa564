"""Accessibility of the colours, in every palette: text against the surface it is drawn on (WCAG AA),
the marks and meaningful piece colours under simulated colour blindness, and shapes that tell the
marks apart without colour.

Large text: WCAG's 18 pt regular or 14 pt bold. The built-in font is bold and draws at 0.6875 of its
nominal size, so only the "display" role stays large at every window size (theme.LARGE_ROLES); every
other role must reach 4.5:1.

Distinguishable: CIEDE2000 of at least MIN_DIFFERENCE between every two colours, in normal vision and
under protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1). 10 is several times a
just-noticeable difference, and about what the Okabe-Ito palette, the usual colour-blind-safe set,
keeps between its closest two colours under the same simulation (11.1); colour is never the only cue
(see the shape tests below), so this is the bar for colour as a second cue.
"""
from dataclasses import replace
from itertools import combinations

import pygame
import pytest

from game.ui.colour_check import (VISIONS, closest_pair, contrast, delta_e_2000, difference, needed_contrast,
                               simulate)
from game.oracles.base import Verdict
from game.keeping.settings import CHOICES
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.play.footer import Footer
from game.families import registry
from game.families.tiles.ui import view as tiles
from game.ui.views.base import mark_sprite
from game.ui.views.drawings import drawing_of

MIN_DIFFERENCE = 10.0
OKABE_ITO = {"orange": (230, 159, 0), "sky blue": (86, 180, 233), "bluish green": (0, 158, 115),
             "yellow": (240, 228, 66), "blue": (0, 114, 178), "vermillion": (213, 94, 0),
             "reddish purple": (204, 121, 167)}


@pytest.mark.parametrize("palette", T.PALETTES.values(), ids=list(T.PALETTES))
def test_every_text_pair_is_readable(palette):
    pairs = T.text_pairs(palette)
    assert len(pairs) > 100
    failing = [f"{what}: {contrast(fg, bg):.2f}:1 ({fg} on {bg})" for what, fg, bg, large in pairs
               if contrast(fg, bg) < needed_contrast(large)]
    assert not failing, "\n".join(failing)


@pytest.mark.parametrize("palette", T.PALETTES.values(), ids=list(T.PALETTES))
def test_marks_stay_distinct_in_every_colour_vision(palette):
    got, vision, a, b = closest_pair(T.mark_colours(palette))
    assert got >= MIN_DIFFERENCE, f"{a} and {b} are {got:.1f} apart under {vision}"


@pytest.mark.parametrize("palette", T.PALETTES.values(), ids=list(T.PALETTES))
def test_a_marks_glyph_stands_out_on_its_badge(palette):
    for fill in (palette.closer, palette.farther, palette.same, palette.dead_end):
        assert contrast(palette.mark_ink(fill), fill) >= 3.0, fill


def test_the_bar_is_what_a_known_colour_blind_safe_palette_keeps():
    assert closest_pair(OKABE_ITO)[0] > MIN_DIFFERENCE


def test_piece_colours_that_mean_something_stay_distinct():
    """Every family says which of its colours carry meaning (black and white stones, the goal's pieces);
    each set stays apart for every player, in every palette."""
    sides = [colours for family in registry.families() for colours in drawing_of(family).distinct()]
    assert len(sides) >= 5
    for colours in sides:
        got, vision, a, b = closest_pair(colours)
        assert got >= MIN_DIFFERENCE, f"{a} and {b} are {got:.1f} apart under {vision}"
    for palette in T.PALETTES.values():   # and the numerals read on the tile
        assert min(contrast(c, tiles.TILE_TOP) for c in (tiles.NUMERAL, palette.in_place)) >= 4.5


def test_the_setting_names_every_palette_and_only_those():
    assert CHOICES["theme"] == tuple(T.PALETTES) and tuple(T.PALETTES)[0] == "standard"
    assert all(T.palette_named(name).name == name for name in CHOICES["theme"])
    with pytest.raises(ValueError):
        T.palette_named("sepia")


def test_a_message_said_before_a_switch_takes_the_new_palettes_colour():
    """The message line keeps what its colour means, never a colour: drawn after a switch, it is the new
    palette's colour of that meaning."""
    footer = Footer()
    footer.say("Nothing to undo.", Tone.NOPE)
    assert [footer.colour(p) for p in T.PALETTES.values()] == [p.nope for p in T.PALETTES.values()]
    footer.say("Back to the start (U undoes it).")
    assert footer.colour(T.HIGH_CONTRAST) == T.HIGH_CONTRAST.muted != T.STANDARD.muted
    footer.caption = "DEMO"
    assert footer.colour(T.HIGH_CONTRAST) == T.HIGH_CONTRAST.text


# -- shapes: the same drawing with every colour made one must still tell the cases apart ----------------

def _one_colour(*names: str) -> T.Palette:
    """The standard palette with the colours ``names`` all made one grey."""
    return replace(T.STANDARD, **{name: (128, 128, 128) for name in names})


def _silhouette(surface: pygame.Surface) -> set[tuple[int, int]]:
    """Where a drawing is opaque and not plain grey (its edges and glyphs when every fill is that grey)."""
    w, h = surface.get_size()
    return {(x, y) for x in range(w) for y in range(h)
            if surface.get_at((x, y))[3] > 128 and sum(abs(c - 128) for c in surface.get_at((x, y))[:3]) > 60}


def _unlike(a: set, b: set) -> float:
    return len(a ^ b) / max(1, len(a | b))


def test_every_move_mark_has_its_own_shape():
    grey = _one_colour("closer", "farther", "same", "dead_end")
    pygame.init()
    masks = {v: pygame.mask.from_surface(mark_sprite(v, 24, grey), 128) for v in Verdict}
    glyphs = {v: _silhouette(mark_sprite(v, 24, grey)) for v in Verdict}
    for a, b in combinations(Verdict, 2):
        outline = masks[a].overlap_area(masks[b], (0, 0)) / max(masks[a].count(), masks[b].count())
        assert outline < 0.95, (a, b)                            # the badges' outlines differ
        assert _unlike(glyphs[a], glyphs[b]) > 0.3, (a, b)       # and so do their edges and glyphs


def test_a_tile_in_place_differs_by_shape():
    from game.catalog import registry as catalog
    pygame.init()
    pygame.display.set_mode((8, 8))
    view = tiles.TilesView(catalog.get("eight"))
    view.theme = T.Theme((300, 300))
    view.theme.palette = replace(T.STANDARD, in_place=tiles.NUMERAL)   # one colour: only the shape may differ
    view.layout(pygame.Rect(0, 0, 300, 300))
    home, away = view.make_sprite(5, view.pitch, True), view.make_sprite(5, view.pitch, False)
    differ = sum(home.get_at((x, y)) != away.get_at((x, y)) for x in range(home.get_width())
                 for y in range(home.get_height()))
    assert differ > view.pitch ** 2 * 0.01


def test_the_hint_target_is_not_a_goal_dot_in_another_colour():
    """A target of the selected piece is a filled dot; the hint's target is a ring round a dot, with a
    gap between: see-through pixels inside it."""
    from game.catalog import registry as catalog
    from game.ui.views import Highlights, view_for
    pygame.init()
    pygame.display.set_mode((8, 8))
    view = view_for(catalog.get("frogs-line-3"))
    view.layout(pygame.Rect(0, 0, 700, 200))
    cell = 2
    holes = []
    for hl in (Highlights(targets=frozenset({cell}), reduce_motion=True),
               Highlights(hint_to=frozenset({cell}), reduce_motion=True)):
        surface = pygame.Surface((700, 200), pygame.SRCALPHA)
        view.draw_under(surface, hl)
        drawn = pygame.mask.from_surface(surface, 60)
        (x0, y0, w, h) = drawn.get_bounding_rects()[0]
        cx, cy, r = x0 + w / 2, y0 + h / 2, w / 2
        holes.append(sum(not drawn.get_at((x, y)) for x in range(x0, x0 + w) for y in range(y0, y0 + h)
                         if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 < (0.75 * r) ** 2))
    assert holes[0] == 0 and holes[1] > 0.05 * 3.14 * (0.75 * r) ** 2, holes


def test_review_chart_marks_mistakes_by_shape():
    from game.midend.review import Kind
    from game.ui.scenes.review_chart import KIND_MARKERS
    assert len(set(KIND_MARKERS.values())) == len(KIND_MARKERS) == 3
    assert {Kind.FARTHER, Kind.SAME, Kind.DEAD_END} == set(KIND_MARKERS)


# -- the maths the checks rest on --------------------------------------------------------------------

def test_colour_maths_matches_published_figures():
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)   # #777 on white
    # Sharma, Wu and Dalal (2005), test pairs 1 and 17
    assert delta_e_2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e_2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # the simulations: grey stays grey; red and green, far apart, come together for protans and deutans
    for vision in VISIONS:
        assert max(abs(c - 128) for c in simulate((128, 128, 128), vision)) <= 2
    red, green = (190, 90, 70), (110, 130, 60)
    assert difference(red, green) > 35 and difference(red, green, "tritanopia") > 25
    assert difference(red, green, "protanopia") < 12 and difference(red, green, "deuteranopia") < 5


def test_switching_palette_repaints_every_screen_as_a_fresh_start(app, monkeypatch, tmp_path):
    """Nothing keeps a colour from before a switch: a game switched to high contrast in the middle of
    play (marks, panel, board, background, all drawn and cached in the standard palette) looks exactly
    like one started in it, and so does the menu after it."""
    from game.common.background import Where
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    from tests.ui.helpers import frames, open_puzzle

    def play_with_marks(a):
        a.settings.reduce_motion = True
        open_puzzle(a, "frogs-line-3", "B B . B W W W")
        a.changes.toggle("move_marks")
        frames(a, 3, 0.0)

    def screens(a):
        a.scene.invalidate()
        frames(a, 2, 0.0)
        got = [pygame.image.tobytes(a.screen, "RGB")]
        a.nav.back_to_menu()
        frames(a, 3, 0.0)
        for _ in range(200):   # the cards get their pictures over frames, as many a frame as time allows
            if not a.scene.pictures_owed:
                break
            frames(a, 1, 0.0)
        return got + [pygame.image.tobytes(a.screen, "RGB")]

    play_with_marks(app)
    standard = pygame.image.tobytes(app.screen, "RGB")
    app.changes.change("theme", "high-contrast")
    switched = screens(app)
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "other"))
    fresh = App(size=(1280, 800), where=Where.INLINE, headless=True, seed=7)
    try:
        fresh.settings.theme = "high-contrast"
        fresh.apply_settings()
        fresh.push(MenuScene(fresh))
        play_with_marks(fresh)
        started = screens(fresh)
    finally:
        fresh.close()
    assert switched[0] != standard
    assert switched[0] == started[0], "the game screen kept a colour from the standard palette"
    assert switched[1] == started[1], "the menu kept a colour from the standard palette"


def test_the_screenshot_command_draws_either_theme(tmp_path, capsys):
    from game.cli import main
    shots = {}
    for theme in T.PALETTES:
        shots[theme] = tmp_path / f"{theme}.png"
        assert main(["screenshot", "--menu", str(shots[theme]), "--size", "640x400", "--theme", theme]) == 0
    corner = [pygame.image.load(str(path)).get_at((2, 398))[:3] for path in shots.values()]
    assert corner[0] != corner[1] and max(corner[1]) < 12          # high contrast: a near-black window
    assert main(["screenshot", "--menu", str(tmp_path / "x.png"), "--theme", "sepia"]) == 2
    assert "invalid choice: 'sepia'" in capsys.readouterr().err


def test_the_tile_in_place_colour_is_alike_in_every_palette():
    """A tile's sprite is cached by its size only, so its colours must not change with the palette."""
    assert len({palette.in_place for palette in T.PALETTES.values()}) == 1
