"""The catalog keeps one entry per puzzle (its spec and where it comes from): whether a puzzle is the game's
own or the player's is its entry's word, so a puzzle registered, replaced or let go later says so at once, and a
family registered after the catalog was first read has its own puzzles on its shelf."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.catalog import registry as catalog
from game.catalog.reading import parse_toml
from game.catalog.registry import Origin
from game.catalog.spec import Shelf
from game.families import registry as families
from game.families.base import Family

TOKENS = """format = 1
title = "Mine"
family = "frogs"
start = "BB.WW"
goal = "WW.BB"
"""


@pytest.fixture(autouse=True)
def catalog_kept(monkeypatch):
    """Every test leaves the catalog as it found it."""
    catalog.names()
    monkeypatch.setattr(catalog, "_ENTRIES", dict(catalog._ENTRIES))
    monkeypatch.setattr(catalog, "_families_read", set(catalog._families_read))


def test_each_puzzle_says_where_it_comes_from():
    assert catalog.entry("eight").origin is Origin.FAMILY and catalog.entry("klotski").origin is Origin.LIBRARY
    assert all(catalog.entry(name).shelved for name in catalog.names())
    mine = catalog.register(replace(catalog.get("frogs-line-1"), name="mine", base="mine"))
    assert catalog.entry("mine") == catalog.Entry(mine, Origin.OTHER)
    assert "mine" not in catalog.own_names() and not catalog.is_own("mine") and not catalog.is_players(mine)


def test_a_puzzle_let_go_is_no_longer_the_games_own():
    assert "klotski" in catalog.own_names() and catalog.is_own("eight")
    catalog.unregister("klotski")
    catalog.unregister("eight")
    assert "klotski" not in catalog.own_names() and not catalog.is_own("klotski") and not catalog.is_own("eight")
    assert all(spec.name not in ("klotski", "eight") for spec in catalog.own_specs())


def test_a_puzzle_replaced_keeps_its_origin_and_its_place():
    before = catalog.names()
    spec = catalog.register(replace(catalog.get("klotski"), figures=replace(catalog.get("klotski").figures, note="x")))
    assert catalog.get("klotski") is spec and catalog.entry("klotski").origin is Origin.LIBRARY
    assert catalog.names() == before and "klotski" in catalog.own_names()


def test_an_unshelved_puzzle_never_takes_a_shelved_ones_place():
    shelved = catalog.get("pairs")
    assert catalog.register(replace(shelved, words=None), shelved=False) is not shelved
    assert catalog.get("pairs") is shelved and catalog.entry("pairs").shelved
    aside = catalog.register(replace(shelved, name="pairs~aside", base="pairs~aside"), shelved=False)
    assert catalog.get("pairs~aside") is aside and "pairs~aside" not in catalog.names()


def test_a_file_saved_to_the_players_folder_is_the_players_until_let_go(tmp_path):
    path = tmp_path / "mine.toml"
    spec = catalog.shelve(path, parse_toml(TOKENS, str(path)))
    assert catalog.is_players(spec) and catalog.entry(spec.name).origin is Origin.PLAYER
    assert catalog.shelf_of(spec) is catalog.YOURS and spec.name not in catalog.own_names()
    catalog.unregister(spec.name)
    assert not catalog.is_players(spec)


def test_a_family_registered_later_has_its_own_puzzles_in_the_catalog():
    base = catalog.get("frogs-line-1")
    late = replace(base, name="late-line", base="late-line")

    class Late(Family):
        key, shelf, order = "late", Shelf("late", "Late", (1, 2, 3)), 96

        def builtins(self):
            return (late,)

    families.register(Late())
    try:
        assert "late-line" in catalog.names() and catalog.entry("late-line").origin is Origin.FAMILY
        assert catalog.is_own("late-line") and catalog.get("late-line") is late
    finally:
        families.unregister("late")
