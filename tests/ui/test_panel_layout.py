"""The side panel never overlaps itself: in every state, at every window size, no two items
meet, every label fits its item in full (no ellipsis), and what does not fit is reachable by
scrolling. The states come from real sessions (see panel_states)."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.oracles.base import Verdict
from game.ui.play.areas import screen_areas
from game.ui.play.panel_layout import ButtonItem, FigureItem, LegendItem, PanelLayout, TextItem, lay_out
from game.ui.theme import STANDARD, Theme
from game.ui.views.base import mark_sprite
from game.ui.widgets import button_padding, key_cap_fits
from tests.ui.panel_states import STATES, PanelState, panel_states

SIZES = [(800, 600), (1024, 600), (1280, 800), (1920, 1080), (3840, 2160)]
SMALLER = [(640, 480), (400, 300)]     # below the supported sizes: the panel scrolls, still clean


@pytest.fixture(scope="module")
def states():
    pygame.font.init()
    with panel_states() as got:
        yield got


def _laid_out(state: PanelState, size: tuple[int, int]) -> tuple[PanelLayout, Theme]:
    theme = Theme(size)
    return lay_out(state.model(), screen_areas(theme, size).panel, theme), theme


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


def _check(layout: PanelLayout, theme: Theme, state: PanelState, size) -> None:
    where = f"{state.name} at {size[0]}x{size[1]} ({layout.density})"
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
        assert inside and all(box.rect.contains(i.rect) for i in inside), f"{where}: the status box cuts an item"
    shown = {i.model.name for i in layout.buttons()}
    assert shown == {b.name for b in state.model().all_buttons()}, f"{where}: a button is missing"


@pytest.mark.parametrize("size", SIZES + SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_item_overlaps_and_every_label_fits(states, size):
    assert [s.name for s in states] == list(STATES)
    for state in states:
        layout, theme = _laid_out(state, size)
        _check(layout, theme, state, size)
        if size in SIZES[2:]:
            assert layout.max_scroll == 0, f"{state.name} scrolls at {size}"


def test_the_states_are_what_they_say(states):
    by_name = {s.name: s.model() for s in states}
    kinds = {name: (m.status.kind.value if m.status is not None else None) for name, m in by_name.items()}
    assert kinds["idle"] is None and kinds["solving"] == "solving" and kinds["paused"] == "paused"
    assert kinds["dead end"] == "dead end" and kinds["solved"] == "solved" and kinds["hint"] == "hint"
    assert kinds["searching"] == kinds["searching-while-building"] == "searching" and kinds["dealing"] == "dealing"
    assert kinds["building-and-solving"] == "solving"
    for name in ("building", "building-and-solving", "building-exact", "searching-while-building"):
        assert by_name[name].table is not None and by_name[name].table.bar is not None, name


def test_the_panel_scrolls_only_where_it_must(states):
    solving = next(s for s in states if s.name == "building-and-solving")
    big, _ = _laid_out(solving, (1280, 800))
    tiny, _ = _laid_out(solving, (400, 300))
    assert big.max_scroll == 0 and tiny.max_scroll > 0


def test_the_layout_is_kept_until_the_model_or_the_panel_changes(states):
    from game.ui.play.panel_view import PanelView
    theme = Theme((1280, 800))
    view = PanelView()
    view.place(screen_areas(theme, (1280, 800)).panel)
    idle, solving = (next(s for s in states if s.name == n) for n in ("idle", "solving"))
    first = view.layout(idle.model(), theme)
    assert view.layout(idle.model(), theme) is first
    assert view.layout(solving.model(), theme) is not first
    view.place(screen_areas(theme, (1280, 700)).panel)
    assert view.layout(solving.model(), theme).rect.h != first.rect.h
