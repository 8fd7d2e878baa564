"""The play panel is steady: in every state of a game (idle, move marks on or off, hint shown, searching,
asking whether to keep a search, solving, paused, building or loading tables, dead end, solved...) each
control keeps its rectangle, and its label and key cap where they are drawn (enabled or not), in English and Japanese, at 100 and 150 % text, from 800x600 to 3840x2160; nothing overlaps,
every label fits in full (no ellipsis, nothing cut), and nothing scrolls. The states come from real
sessions (see panel_states); the panel is laid out, not drawn, so the whole grid takes seconds."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.common import i18n
from game.oracles.base import Verdict
from game.ui.play.areas import screen_areas
from game.ui.play.panel_layout import ButtonItem, FigureItem, LegendItem, PanelLayout, TextItem, lay_out
from game.ui.theme import STANDARD, Theme
from game.ui.views.base import mark_sprite
from game.ui.widgets import button_padding, key_cap_fits
from tests.ui.panel_states import GAMES, STATES, PanelState, panel_states

SIZES = [(800, 600), (1024, 600), (1280, 800), (1920, 1080), (3840, 2160)]
SMALLER = [(640, 480), (400, 300)]     # below the supported sizes: the panel may scroll, still clean
LOOKS = [(language, scale) for language in ("en", "ja") for scale in (1.0, 1.5)]


@pytest.fixture(scope="module")
def states():
    pygame.font.init()
    with panel_states() as got:
        yield got


@pytest.fixture(scope="module")
def models(states):
    """Every state's model in each language (the model holds its words translated)."""
    out = {}
    try:
        for language in ("en", "ja"):
            i18n.activate(language)
            out[language] = {s.name: s.model() for s in states}
    finally:
        i18n.deactivate()
    return out


def _theme(size: tuple[int, int], scale: float) -> Theme:
    theme = Theme(size)
    theme.text_scale = scale
    return theme


def _laid_out(model, size: tuple[int, int], scale: float = 1.0) -> tuple[PanelLayout, Theme]:
    theme = _theme(size, scale)
    return lay_out(model, screen_areas(theme, size).panel, theme), theme


def _label_fits(theme: Theme, item) -> None:
    if isinstance(item, ButtonItem):
        w, h = theme.extent(item.model.label, item.px)
        room = item.rect.w - (button_padding(item.rect.h) if item.model.centred else 2 * button_padding(item.rect.h))
        assert w <= room and h <= item.rect.h, item
        if item.show_key:
            assert key_cap_fits(theme, item.rect, w, item.model.key), item
    elif isinstance(item, TextItem):
        w, h = theme.extent(item.text, item.px)
        assert w <= item.rect.w and h <= item.rect.h, item
        assert not item.text.endswith("..."), item
    elif isinstance(item, FigureItem):
        label = theme.extent(item.label, item.label_px)
        value = theme.extent(item.value, item.value_px)
        assert label[0] + value[0] < item.rect.w and value[1] <= item.rect.h, item
    elif isinstance(item, LegendItem):
        rows = len(Verdict) // item.columns
        cell_w, row_h = item.rect.w // item.columns, item.rect.h // rows
        sprite = mark_sprite(Verdict.CLOSER, max(6, item.px // 2), STANDARD).get_size()
        for verdict in Verdict:
            w, h = theme.extent(verdict.value, item.px)
            assert sprite[0] + theme.px(4) + w <= cell_w and max(h, sprite[1]) <= row_h, (item, verdict)


def _check(layout: PanelLayout, theme: Theme, model, where: str) -> None:
    leaves = layout.items
    for a, b in itertools.combinations(leaves, 2):
        assert not a.rect.colliderect(b.rect), f"{where}: {a} overlaps {b}"
    top, bottom = layout.viewport.top, layout.viewport.bottom + layout.max_scroll
    for item in leaves:
        r = item.rect
        assert r.w > 0 and r.h > 0, f"{where}: {item} is empty"
        assert layout.rect.left < r.left and r.right < layout.rect.right, f"{where}: {item} sticks out sideways"
        assert top <= r.top and r.bottom <= bottom, f"{where}: {item} cannot be scrolled to"
        _label_fits(theme, item)
    for box in layout.boxes:
        inside = [i for i in leaves if box.rect.colliderect(i.rect)]
        assert inside and all(box.rect.contains(i.rect) for i in inside), f"{where}: the message area cuts an item"
    shown = {i.model.name for i in layout.buttons()}
    assert shown == {b.name for b in model.all_buttons()}, f"{where}: a button is missing"
    assert not theme.cuts, f"{where}: cut short: {list(theme.cuts)}"


def _geometry(layout: PanelLayout) -> dict[str, tuple[int, int, int, int]]:
    """Where every control and the message area are."""
    out = {f"button {i.model.name}": tuple(i.rect) for i in layout.buttons()}
    out.update({f"box {n}": tuple(b.rect) for n, b in enumerate(layout.boxes)})
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language,scale", LOOKS, ids=lambda v: str(v))
def test_every_control_keeps_its_place_in_every_state(models, size, language, scale):
    for game, names in GAMES.items():
        seen: dict[str, tuple[tuple[int, int, int, int], str]] = {}
        for name in names:
            model = models[language][name]
            layout, theme = _laid_out(model, size, scale)
            where = f"{name} ({game}) in {language} at {size[0]}x{size[1]}, text {scale:.0%} ({layout.density})"
            _check(layout, theme, model, where)
            assert layout.max_scroll == 0, f"{where}: the panel scrolls"
            for control, rect in _geometry(layout).items():
                if control in seen:
                    first, state = seen[control]
                    assert rect == first, f"{where}: {control} is at {rect}, but at {first} in {state}"
                else:
                    seen[control] = (rect, name)


def test_a_state_change_never_changes_the_frame(models):
    for language in ("en", "ja"):
        for game, names in GAMES.items():
            keys = {models[language][name].frame_key() for name in names}
            assert len(keys) == 1, (language, game, keys)


@pytest.mark.parametrize("size", SIZES + SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_item_overlaps_and_every_label_fits(states, models, size):
    assert [s.name for s in states] == list(STATES)
    for state in states:
        layout, theme = _laid_out(models["en"][state.name], size)
        _check(layout, theme, models["en"][state.name], f"{state.name} at {size[0]}x{size[1]}")


def test_the_states_are_what_they_say(models):
    by_name = models["en"]
    kinds = {name: m.status.kind.value for name, m in by_name.items()}
    assert kinds["idle"] == "idle" and kinds["solving"] == "solving" and kinds["paused"] == "paused"
    assert kinds["dead end"] == "dead end" and kinds["solved"] == "solved" and kinds["hint"] == "hint"
    assert kinds["searching"] == kinds["searching-while-building"] == "searching" and kinds["dealing"] == "dealing"
    assert kinds["building-and-solving"] == "solving" and kinds["asking"] == "asking"
    assert kinds["searching-elsewhere"] == "searching" and kinds["waiting"] == "searching"
    assert [kinds[n] for n in GAMES["frogs"]] == ["idle", "hint", "dead end", "solving", "paused", "solved"]
    assert [kinds[n] for n in GAMES["robots"]] == ["idle", "hint", "dead end", "solving", "paused", "solved"]
    assert all(by_name[n].count is None for n in GAMES["robots"])            # one way to count: no count row
    assert all(by_name[n].count is not None for n in GAMES["blocks"])
    assert [kinds[n] for n in GAMES["sokoban"]] == ["idle", "hint", "solving", "paused", "solved", "hint"]
    assert [kinds[n] for n in GAMES["pegs"]] == ["idle", "idle", "hint", "dead end", "solving", "paused", "solved"]
    counts = [by_name[name].count for name in ("pegs", "pegs-jump")]   # the two counts, each said on its button
    assert [c.label for c in counts if c is not None] == ["Moves counted: chain ›", "Moves counted: jump ›"]
    for game in ("warehouse", "reve"):
        assert [kinds[n] for n in GAMES[game]][-1] == "solved" and "solving" in [kinds[n] for n in GAMES[game]]
        assert not by_name[f"{game}-no-marks"].marks and by_name[game].marks   # the legend drawn with marks on only
        assert not by_name[f"{game}-solved"].buttons[0].enabled                 # Hint greyed after the win
    for name in ("building", "building-and-solving", "building-exact", "searching-while-building"):
        assert by_name[name].status.bar is not None, name
    assert "none shorter than 56" in by_name["searching"].status.lines[1].text   # the bound reached, said


def test_the_panel_scrolls_only_below_the_smallest_window(models):
    solving = models["ja"]["blocks-solving"]
    big, _ = _laid_out(solving, (800, 600), 1.5)
    tiny, _ = _laid_out(solving, (400, 300))
    assert big.max_scroll == 0 and tiny.max_scroll > 0


def test_the_layout_is_kept_until_the_model_or_the_panel_changes(models):
    from game.ui.play.panel_view import PanelView
    theme = Theme((1280, 800))
    view = PanelView()
    view.place(screen_areas(theme, (1280, 800)).panel)
    idle, solving = models["en"]["idle"], models["en"]["solving"]
    first = view.layout(idle, theme)
    assert view.layout(idle, theme) is first
    assert view.layout(solving, theme) is not first
    view.place(screen_areas(theme, (1280, 700)).panel)
    assert view.layout(solving, theme).rect.h != first.rect.h


class Blits(pygame.Surface):
    """A surface that notes where each text the theme rendered lands on it."""

    theme: Theme | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.texts: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):   # type: ignore[override]
        drawn = super().blit(source, dest, area, special_flags)
        text = self.theme.drawn_text.get(source) if self.theme is not None else None
        if text is not None:
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            self.texts.append((text, pygame.Rect(at, source.get_size())))
        return drawn


def drawn_controls(layout: PanelLayout, theme: Theme) -> dict[str, tuple[object, ...]]:
    """Each button as the panel draws it: its rectangle, where its label is anchored (the middle of its left
    edge; a one-glyph label its centre) and where its key cap's text is centred (None: no cap)."""
    from game.ui.play.panel_view import _draw_item
    surface = Blits(theme.size, pygame.SRCALPHA)
    surface.theme = theme
    out: dict[str, tuple[object, ...]] = {}
    for item in layout.buttons():
        surface.texts.clear()
        _draw_item(surface, theme, item, (0, 0), None, None)
        model = item.model
        label = next(r for text, r in surface.texts if text == model.label)
        cap = next((r.center for text, r in surface.texts if item.show_key and text == model.key), None)
        out[f"button {model.name}"] = (tuple(item.rect), label.center if model.centred else label.midleft, cap)
    return out


STEADY_LOOKS = [((800, 600), "ja", 1.5), ((1280, 800), "en", 1.0), ((1280, 800), "ja", 1.0)]


@pytest.mark.parametrize("size,language,scale", STEADY_LOOKS, ids=lambda v: str(v))
def test_every_label_and_key_cap_is_drawn_in_one_place_in_every_state(models, size, language, scale):
    """Drawn, not only laid out: a button greyed out (Hint and Solve after a win, Undo at the start) draws
    its label and key cap where the enabled button does (they sank 3 px), and move marks turned on or off
    move nothing (their legend took a row of its own and every button moved up)."""
    for game, names in GAMES.items():
        seen: dict[str, tuple[tuple[object, ...], str]] = {}
        for name in names:
            layout, theme = _laid_out(models[language][name], size, scale)
            where = f"{name} ({game}) in {language} at {size[0]}x{size[1]}, text {scale:.0%}"
            for control, drawn in drawn_controls(layout, theme).items():
                first, state = seen.setdefault(control, (drawn, name))
                assert drawn == first, f"{where}: {control} drawn at {drawn}, but at {first} in {state}"


@pytest.mark.parametrize("size,language,scale", STEADY_LOOKS, ids=lambda v: str(v))
def test_every_tool_keeps_its_key_cap(models, size, language, scale):
    """At 800x600 with 150 % Japanese text, Editor, Help and Settings lost their key caps in a row of four:
    the row goes two a row where the caps would not fit beside the labels."""
    for game, names in GAMES.items():
        layout, _theme = _laid_out(models[language][names[0]], size, scale)
        tools = [i for i in layout.buttons() if i.model in models[language][names[0]].tools]
        assert len(tools) == 4 and all(t.show_key for t in tools), (game, [(t.model.name, t.show_key) for t in tools])
