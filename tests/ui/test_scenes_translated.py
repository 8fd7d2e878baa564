"""The menu, records, review, analysis, collection and demo screens draw every word through the catalog.

A pseudo catalog (each message in capitals, its {fields} kept) stands in for a language: whatever
these screens draw with a lower-case word in it skipped gettext. Data is allowed: moves in cell
names ("b2-b3") and folder paths.
"""
from __future__ import annotations

import gettext
import re

import pygame
import pytest

from game.common import i18n
from game.midend.history import Notes
from game.midend.session import Win
from game.ui import theme as T
from game.ui.intents import Intent
from game.ui.scenes.analysis import AnalysisScene
from game.ui.scenes.demo import DemoScene
from game.ui.scenes.menu import notes
from game.ui.scenes.review import ReviewScene
from game.common.phrase import translated
from game.ui.widgets import Button

from .helpers import centre, click, frames, key, open_puzzle

FIELD = re.compile(r"(\{[^{}]*\})|([^{}]+)")
DATA = re.compile(r"\S*/\S*|\b[a-z]\d+\b")    # paths, and cells in a move ("b2-b3")


def capitals(message: str) -> str:
    return FIELD.sub(lambda m: m.group(1) or m.group(2).upper(), message)


class Capitals(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return capitals(message) if message else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return capitals(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return capitals(message)


def untranslated(texts: list[str]) -> list[str]:
    return sorted({t for t in texts if re.search(r"[a-z]{2,}", DATA.sub("", t))})


@pytest.fixture
def drawn(app, monkeypatch):
    """The texts the theme renders from here on, under the pseudo catalog (laid out again in it, as a
    change of language does)."""
    monkeypatch.setattr(i18n, "_active", Capitals())
    texts: list[str] = []
    for name in ("text", "fit", "wrap"):
        original = getattr(T.Theme, name)

        def recording(self, text, *args, _original=original, **kwargs):
            texts.append(text)
            return _original(self, text, *args, **kwargs)
        monkeypatch.setattr(T.Theme, name, recording)
    app.resized()
    return texts


def test_the_menu_and_its_notes(app, drawn):
    menu = app.scene
    menu.quitting = 1.0                      # the note a first Esc leaves
    menu.draw(app.screen)
    assert untranslated(drawn) == []
    said = [text for text, _role, _colour in notes("/my/folder", ("bad.toml: row 2 has 5 cells.",) * 14)]
    assert said[:3] == ["YOUR PUZZLES", "PUT PUZZLE FILES (TOML, JIM'SLIDE OR SLIDING) IN /my/folder AND THEY "
                        "JOIN THE SHELVES WHEN THE GAME STARTS.", "14 FILES COULD NOT BE READ:"]
    assert said[-1] == "... AND 2 MORE."


def test_the_records_after_a_win(app, drawn):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    click(app, centre(s, 8))
    key(app, pygame.K_ESCAPE)
    app.journal.record(Win("pairs", True, 4, 4, 3.0, Notes(hints=2, ladder=(1, 0, 0, 1), marks=True), False))
    key(app, pygame.K_r)
    drawn.clear()
    app.scene.rebuild()
    app.scene.draw(app.screen)
    assert untranslated(drawn) == []
    assert "WITH HELP: THE DISTANCE BAND ONCE, THE MOVE HINT ONCE, MOVE MARKS IN 1 GAME" in [
        row.label for row in app.scene.rows]
    assert app.scene.totals() == ("2 PUZZLES SOLVED · 1 ON YOUR OWN · 1 IN THE FEWEST MOVES POSSIBLE · 0 AT PAR")


def test_the_review_of_a_game_with_a_mistake(app, drawn):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    click(app, centre(s, 4))                 # away from the goal, back, then the winning move
    click(app, centre(s, 4))
    click(app, centre(s, 8))
    key(app, pygame.K_w, settle=30)
    review = app.scene
    assert isinstance(review, ReviewScene) and review.review.mistakes
    drawn.clear()
    review.layout(app.size)
    review.hover = review.chart.points[1]    # the tooltip of the first move
    review.draw(app.screen)
    assert untranslated(drawn + [p.text for p in review.texts]) == []
    key(app, pygame.K_RETURN)
    assert s.footer.text.startswith("BACK BEFORE MOVE 1 (")


@pytest.mark.parametrize("name", ["frogs-c", "fifteen"])
def test_the_analysis_with_and_without_a_table(app, drawn, name):
    app.nav.open_analysis(name)
    scene = app.scene
    assert isinstance(scene, AnalysisScene)
    for _frame in range(100):
        if scene.chart_result is not None or not scene.has_table:
            break
        frames(app, 1)
    drawn.clear()
    scene.hover = scene.chart.bars[3][1].center if scene.chart.bars else None
    scene.draw(app.screen)
    assert untranslated(drawn) == []


def test_a_collections_grid_with_a_level_solved(app, drawn):
    app.journal.record(Win("warehouse-2", True, 23, 21, 9.0, Notes(), False))
    app.journal.record(Win("warehouse-2@pushes", True, 9, 9, 9.0, Notes(), False))
    menu = app.scene
    drawn.clear()
    menu.open(next(i for i, card in enumerate(menu.flat) if card.collection))
    frames(app, 5)   # the tiles drawn, and kept as drawn
    assert untranslated(drawn) == []
    assert "BEST: MOVES 23 · PUSHES 9" in drawn and "FEWEST: MOVES 21 · PUSHES 9" in drawn


def test_the_demo(app, drawn):
    app.nav.start_demo()
    frames(app, 30, 0.1)
    assert isinstance(app.scene, DemoScene)
    drawn.clear()
    app.scene.draw(app.screen)
    assert untranslated(drawn) == []


def test_buttons_and_key_caps_change_language_when_drawn(monkeypatch):
    button = Button(i18n.N_("Pause"), Intent.PAUSE)
    assert button.label == "Pause" and translated(button.key or "") == "Space"
    monkeypatch.setattr(i18n, "_active", Capitals())
    assert translated(button.label) == "PAUSE" and translated(button.key or "") == "SPACE"
    assert translated("") == ""               # never the catalog's header
