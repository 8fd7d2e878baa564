"""Sentences composed before a language is known (a frog file's rule, a worker's failure) still read
in the language active when they are shown, and stay plain English everywhere else."""
import pickle

import pytest

from game.common import i18n
from game.common.background import Failed, Job, Task
from game.families.frogs.files import Jump
from game.rules.directions import DIRECTIONS
from game.common.phrase import Phrase, translated
from game.families.frogs.rules import frog_move_rule
from tests.helpers import catalog_of

PSEUDO = {   # a made-up language: enough to tell that each part went through the catalog
    "A move slides {motion} into an adjacent empty cell.": "MOVE[{motion}]",
    "a frog (black {black}; white {white})": "FROG(B={black} W={white})",
    "{listed} or {direction}": "{listed}|{direction}",
    "right": "R", "down": "D", "left": "L",
    "{task} ran out of memory.": "OOM<{task}>",
    "The search": "SEARCH",
}


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setattr(i18n, "_active", catalog_of(PSEUDO))


def test_a_phrase_is_its_english_text_and_crosses_processes():
    rule = frog_move_rule([DIRECTIONS["right"], DIRECTIONS["down"]], [DIRECTIONS["left"]], Jump.NONE)
    assert rule == "A move slides a frog (black right or down; white left) into an adjacent empty cell."
    again = pickle.loads(pickle.dumps(rule))
    assert isinstance(again, Phrase) and again == rule and translated(again) == rule


def test_a_phrase_is_composed_again_in_the_active_language(pseudo):
    rule = frog_move_rule([DIRECTIONS["right"], DIRECTIONS["down"]], [DIRECTIONS["left"]], Jump.NONE)
    assert str.__str__(rule).startswith("A move slides")        # the text itself stays English
    assert translated(rule) == "MOVE[FROG(B=R|D W=L)]"
    assert translated("right") == "R" and translated("a title from a file") == "a title from a file"
    assert translated(Phrase("{braces} kept")) == "{braces} kept"   # a bare title is never formatted


def test_a_worker_failure_reads_in_the_window_language(pseudo):
    job: Job[None] = Job(Task(print, (), "The search"))
    job.finish(pickle.loads(pickle.dumps(Failed(Phrase("{task} ran out of memory.", task=Phrase("The search"))))))
    assert job.error == "OOM<SEARCH>"
