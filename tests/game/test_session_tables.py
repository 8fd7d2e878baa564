"""The session with a complete table: exact live distance, hints by lookup, deals at a distance."""
import random

import pytest

from game import catalog
from game.session import Session
from game.solving import table_for
from game.worker import SyncSearcher


class Tables:
    """A table source like the game's TablesService, all ready."""

    def __init__(self, reachable=None):
        self._reachable = reachable or {}

    def table(self, name):
        puzzle = catalog.get(name)
        return table_for(puzzle) if puzzle.ranker is not None else None

    def reachable(self, name):
        return self._reachable.get(name)


def test_distance_and_hints_come_from_the_table_without_a_search():
    searcher = SyncSearcher()
    s = Session(catalog.get("goat"), searcher=searcher, tables=Tables())
    assert s.known_distance() == 20
    s.request_hint()
    assert s.hint_info.distance == 20 and searcher.submitted == 0
    s.request_hint()                       # plays it
    assert s.known_distance() == 19 and searcher.submitted == 0


def test_dead_end_known_at_once_and_back_to_winnable():
    puzzle = catalog.get("frogs-line-3")
    s = Session(puzzle, searcher=SyncSearcher(), tables=Tables())
    table = table_for(puzzle)
    s.play(next(m for m, v in table.classify(puzzle, s.position) if v == "closer"))
    dead = next(m for m, v in table.classify(puzzle, s.position) if v == "dead end")
    s.play(dead)
    assert s.known_dead_end() and s.known_distance() is None
    assert s.undo_to_last_winnable() and s.cursor == 1 and not s.known_dead_end()


@pytest.mark.parametrize("name,d", [("goat", 20), ("goat", 52), ("eight", 31), ("knights", 7), ("frogs-c", 30),
                                    ("frogs-line-4", 24), ("pairs-open", 3)])
def test_deal_at_distance_with_the_table(name, d):
    puzzle = catalog.get(name)
    table = table_for(puzzle)
    from solvers.sweep import reachable_mask
    reach = None if puzzle.reversible else reachable_mask(puzzle.rules, table.ranker, puzzle.start)
    s = Session(puzzle, searcher=SyncSearcher(), rng=random.Random(d), tables=Tables({name: reach}))
    for _ in range(3):
        assert s.deal_at_distance(d)
        assert table.distance(s.position) == d == s.known_distance()
        if reach is not None:
            assert reach[table.rank(s.position)]
    assert s.history[-1].kind.value == "deal" and s.undo()      # a deal is undoable like any other
    assert not s.deal_at_distance(200)


def test_deal_at_distance_by_search_when_there_is_no_table():
    """The 15-puzzle's way (random board, optimal line, the position d from the goal), run on the 8-puzzle."""
    puzzle = catalog.get("eight")
    searcher = SyncSearcher()
    s = Session(puzzle, searcher=searcher, rng=random.Random(5))
    table = table_for(puzzle)
    for d in (6, 17, 24):
        assert s.deal_at_distance(d)
        assert s.job is None and s.dealing is None
        assert table.distance(s.position) == d == s.known_distance()   # remembered from the search
    assert searcher.submitted >= 3


def test_speed_is_public():
    s = Session(catalog.get("eight"), searcher=SyncSearcher())
    s.speed = 100
    assert s.speed == 16.0
    s.slower()
    assert s.speed == 8.0
