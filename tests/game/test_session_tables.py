"""The session with a complete table: exact live distance, hints by lookup, deals at a distance."""
import random
from dataclasses import replace

import pytest

from tests.helpers import climb_to_move
from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.families.tiles.dealing import ShuffledTiles
from game.oracles.base import Build, Verdict
from game.oracles.base import Recipe
from game.oracles.search import SearchOracle
from game.oracles.table import TableOracle
from game.midend.session import Session


def ready(name: str):
    """The catalog's spec with its table in memory, as once the game has prepared it."""
    spec = catalog.get(name)
    assert spec.oracle.prepare(Build.ALWAYS)
    return spec


def test_distance_and_hints_come_from_the_table_without_a_search():
    service = Service(Where.INLINE)
    s = Session(ready("goat"), service=service)
    assert s.exact and s.known_distance() == 20
    climb_to_move(s)
    assert s.hint_info.distance == 20 and service.submitted == 0
    s.request_hint()                       # plays it
    assert s.known_distance() == 19 and service.submitted == 0


def test_dead_end_known_at_once_and_back_to_winnable():
    spec = ready("frogs-line-3")
    s = Session(spec, service=Service(Where.INLINE))
    verdicts = spec.oracle.verdicts
    s.play(next(m for m, v in verdicts(s.position) if v is Verdict.CLOSER))
    dead = next(m for m, v in verdicts(s.position) if v is Verdict.DEAD_END)
    s.play(dead)
    assert s.known_dead_end() and s.known_distance() is None
    assert s.undo_to_last_winnable() and s.cursor == 1 and not s.known_dead_end()


@pytest.mark.parametrize("name,d", [("goat", 20), ("goat", 52), ("eight", 31), ("knights", 7), ("frogs-c", 30),
                                    ("frogs-line-4", 24), ("pairs-open", 3)])
def test_deal_at_distance_with_the_table(name, d):
    spec = ready(name)
    oracle = spec.oracle
    s = Session(spec, service=Service(Where.INLINE), rng=random.Random(d))
    for _ in range(3):
        assert s.deals.at_distance(d)
        assert oracle.distance(s.position) == d == s.known_distance()
        if oracle.reachable is not None:
            assert oracle.reachable[oracle.table.rank(s.position)]
    assert s.history[-1].kind.value == "deal" and s.undo()      # a deal is undoable like any other
    assert not s.deals.at_distance(200)


def test_deal_at_distance_by_search_when_there_is_no_table():
    """The 15-puzzle's way (random board, optimal line, the position d from the goal), run on the 8-puzzle."""
    eight = catalog.get("eight")
    spec = catalog.register(replace(eight, name="eight~dealt", base="eight~dealt", dealer=ShuffledTiles(searched_limit=31),
                                    recipe=Recipe("eight~dealt", eight.recipe.build, SearchOracle)))
    try:
        service = Service(Where.INLINE)
        s = Session(spec, service=service, rng=random.Random(5))
        table = TableOracle(spec.puzzle)
        assert table.prepare(Build.ALWAYS)
        assert not s.exact and s.deals.limit() == 31
        for d in (6, 17, 24):
            assert s.deals.at_distance(d)
            assert s.job is None and s.deals.seeking is None
            assert table.distance(s.position) == d == s.known_distance()   # remembered from the search
        assert service.submitted >= 3
    finally:
        catalog.unregister("eight~dealt")


def test_speed_is_public():
    s = Session(catalog.get("eight"), service=Service(Where.INLINE))
    s.autosolve.speed = 100
    assert s.autosolve.speed == 16.0
    s.autosolve.slower()
    assert s.autosolve.speed == 8.0
