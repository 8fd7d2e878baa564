"""The demo's stage read from three metres: the goal keeps its size (a 20th of the screen's height at
least) and wraps onto a second or third line instead of shrinking, for the longest titles and goals of every
puzzle the demo shows, at the screens a stand has, in English and in Japanese."""
from __future__ import annotations

import pytest

from game.catalog import demo as demo_list
from game.catalog import registry as catalog
from game.common import i18n
from game.ui import theme as T
from game.ui.scenes.demo import DemoScene

SIZES = [(1280, 800), (1920, 1080), (800, 600)]


def floor(height: int) -> int:
    return round(height / 20)   # the floor the scene's goal_px justifies (40 px at 800)


def longest(app, texts: dict[str, str], px: int, count: int) -> list[str]:
    """The names of the ``count`` puzzles whose text is drawn widest at ``px``."""
    return sorted(texts, key=lambda name: -app.theme.measure(texts[name], px))[:count]


@pytest.mark.parametrize("language", [i18n.ENGLISH, "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_the_goal_keeps_a_size_read_from_three_metres_and_wraps(app, monkeypatch, size, language):
    app.resize(size)
    app.settings.language = language
    app.apply_settings()
    app.resized()
    w, h = size
    offered = [offer.name for offer in demo_list.offers()]
    goals = {name: catalog.get(name).goal_sentence() for name in offered}
    titles = {name: catalog.get(name).shown_title() for name in offered}
    least = floor(h)
    names = dict.fromkeys(longest(app, goals, least, 3) + longest(app, titles, least, 2))
    assert "frogs-small-backward" in names or language != i18n.ENGLISH   # the title the report named

    fitted: list[tuple[str, int, int]] = []   # (text, px, width) of every text the stage fits to a width
    real_fit = T.Theme.fit

    def fit(self, text, role_or_px, width, colour=None, excerpt=False):
        px = self.size_of(role_or_px) if isinstance(role_or_px, str) else int(role_or_px)
        fitted.append((text, px, width))
        return real_fit(self, text, role_or_px, width, colour, excerpt)

    monkeypatch.setattr(T.Theme, "fit", fit)
    for name in names:
        app.nav.start_demo(name)
        scene = app.scene
        assert isinstance(scene, DemoScene) and scene.play.spec.name == name
        fitted.clear()
        scene.draw(app.screen)
        goal = goals[name]
        drawn = [(text, px, width) for text, px, width in fitted if text and text in goal]
        assert drawn, f"{name}: its goal was not drawn"
        assert all(px >= least for _text, px, _w in drawn), (name, size, language, drawn)
        assert len(drawn) <= 3, (name, drawn)
        assert "".join(text for text, _px, _w in drawn).replace(" ", "") == goal.replace(" ", ""), (name, drawn)
        assert all(app.theme.measure(text, px) <= width for text, px, width in drawn), f"{name}: a goal line was cut"
        title = [(text, px, width) for text, px, width in fitted if text and text in titles[name]]
        assert "".join(text for text, _px, _w in title).replace(" ", "") == titles[name].replace(" ", "")
        assert all(app.theme.measure(text, px) <= width for text, px, width in title), f"{name}: its title was cut"
        assert scene.play.view.frame_rect().top >= scene.heading_bottom   # the board below the goal, never over it
        assert scene.heading_bottom < scene.caption_area.top
