"""The play screen, the editor and the help speak the player's language: with a catalog that marks
every message it is asked for, each sentence they produce comes back marked, whole (never English
glued around a translated piece), and no empty message is ever looked up."""
from __future__ import annotations

import gettext

import pygame
import pytest

from game.catalog import registry as catalog
from game.common import i18n
from game.oracles.base import Verdict
from game.ui.help_content import count_words, goal_words, keys_for
from game.catalog.spec import goal_sentence
from game.ui.play.areas import header_lines
from game.ui.play.panel_layout import verdict_word
from game.ui.views import describe_move, view_for

from tests.ui.helpers import key, open_puzzle

KEY_NAMES = {"Tab, Enter", "Enter", "K", "H", "S", "U, Shift+U", "Ctrl S / O", "R, N", "Shift+R", "B", "D, [ ]", "O",
             "F", "V", "Ctrl - / =", "M", "E, A, W", "F1, ?", "Esc"}   # printed on the keyboard: never translated


class Marking(gettext.NullTranslations):
    """A catalog that returns every message it is asked for between « and »."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


@pytest.fixture
def marking(monkeypatch):
    monkeypatch.setattr(i18n, "_active", Marking())


def whole(text: str) -> bool:
    return text.startswith("«") and text.endswith("»") and "«»" not in text


@pytest.mark.parametrize("name", ["eight", "goat", "frogs-line-3", "frogs-a", "knights", "pairs", "klotski"])
def test_the_help_s_words_are_all_in_the_player_s_language(marking, name):
    spec = catalog.get(name)
    for keys, words in keys_for(spec):
        assert whole(words), (keys, words)
        assert keys in KEY_NAMES or whole(keys), keys
    goal = goal_words(spec, view_for(spec).goal_words())
    assert whole(goal) and goal.count("«") >= 2, goal   # the sentence and the goal in it
    counts = count_words(spec)
    assert counts == "" if not spec.counts else whole(counts)


def test_the_goal_sentence_is_ended_once_and_empty_without_words(marking):
    assert goal_sentence("") == goal_sentence("   ") == ""
    assert goal_sentence("x") == "«Goal: x.»"
    assert goal_sentence("x.") == "«Goal: x.»" and goal_sentence("x。") == "«Goal: x。»"   # "Goal: {goal}": no second end


@pytest.mark.parametrize("name", ["eight", "goat", "frogs-line-3", "knights", "pairs", "klotski"])
def test_every_move_a_hint_can_name_is_one_whole_phrase(marking, name):
    spec = catalog.get(name)
    puzzle = spec.puzzle
    for move in puzzle.legal_moves(puzzle.start):
        text = describe_move(spec, puzzle.start, move)
        assert whole(text) and "{" not in text, text


def test_the_move_marks_legend_is_translated(marking):
    assert all(whole(verdict_word(v)) for v in Verdict)


def test_the_play_screen_says_its_messages_in_the_player_s_language(app, monkeypatch):
    scene = open_puzzle(app, "eight", "1 2 3/4 . 6/7 5 8")
    monkeypatch.setattr(i18n, "_active", Marking())
    key(app, pygame.K_u)                                   # nothing to undo yet
    assert whole(scene.footer.text), scene.footer.text
    for _ in range(2):                                     # up the ladder: a hint names its move inside one sentence
        key(app, pygame.K_h)
        assert whole(scene.footer.text), scene.footer.text
    assert whole(scene.footer.text) and scene.footer.text.count("«") >= 3, scene.footer.text
    assert all(whole(line) for line in header_lines(scene.theme, scene.spec, 10_000))
