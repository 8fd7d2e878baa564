"""What the journal's tests share: a journal that runs its tasks inline, games and wins to keep, and
frames of time."""
from __future__ import annotations

import random

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.midend.history import Notes
from game.keeping.journal import Journal
from game.keeping.journal_files import Folders
from game.midend.session import Session, Win
from game.common.untrusted import SENTENCE_LIMIT

FRAME = 1 / 60


def inline(folders: Folders) -> Journal:
    return Journal(Service(Where.INLINE), folders=folders)


def played(name: str = "eight", moves: int = 3, seed: int = 0) -> Session:
    s = Session(catalog.get(name), service=Service(Where.INLINE), rng=random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        s.play(rng.choice([m for m in s.legal_moves() if not s.puzzle.is_goal(s.puzzle.play(s.position, m))]))
    return s


def win(name: str = "eight", moves: int = 31, par: int | None = 31, notes: Notes = Notes()) -> Win:
    return Win(name, True, moves, par, 40.0, notes, False)


def run(j: Journal, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        j.update(FRAME)


def one_sentence(text: str) -> None:
    assert text and "\n" not in text and len(text) <= SENTENCE_LIMIT and text[-1] in ".!?" and text[0].isupper()
