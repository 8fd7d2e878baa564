"""The demo's playlist names puzzles that exist and that the demo may play: a name that does not is a
failure here, never a puzzle the demo silently skips."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.catalog import demo
from game.catalog import registry as catalog


def test_every_puzzle_of_the_playlist_exists_and_plays_in_the_demo() -> None:
    assert catalog.demo_playlist() == demo.PLAYLIST
    for name in demo.PLAYLIST:
        assert catalog.get(name).demo is not None, name


def test_an_unknown_name_in_the_playlist_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(demo, "PLAYLIST", (*demo.PLAYLIST, "no-such-puzzle"))
    with pytest.raises(catalog.UnknownPuzzle):
        catalog.demo_playlist()


def test_a_puzzle_the_demo_may_not_play_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    catalog.register(replace(catalog.get("eight"), name="eight-not-in-the-demo", demo=None), shelved=False)
    monkeypatch.setattr(demo, "PLAYLIST", ("eight", "eight-not-in-the-demo"))
    try:
        with pytest.raises(ValueError, match="eight-not-in-the-demo"):
            catalog.demo_playlist()
    finally:
        catalog.unregister("eight-not-in-the-demo")
