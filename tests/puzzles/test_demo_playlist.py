"""The demo's playlist: every family offers puzzles whose answers come fast, the order is drawn at run time
across the families, seeded, and no puzzle comes back within an hour of the demo's clock.

The hours here run on a simulated clock: each puzzle takes the time the demo scene gives it (its
introduction, the length said, the solution at the demo's pace, the solved board), from the optimal
length the shipped index gives its start, plus a search of a few seconds."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game.catalog import demo, ratings
from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec
from game.families import registry as families
from game.ui.scenes.demo import AFTER_SOLVED, INTRO, SHOW_LENGTH, solve_speed

SEARCH = 3.0   # seconds a worker may take for an answer: more than a table's load (a fresh worker: about a second)


def shown_time(offer: demo.Offer) -> float:
    """Seconds the demo scene spends on a puzzle whose start needs ``offer.moves``: at least the introduction
    (the search within it), the length said, the solution played, the solved board."""
    return max(INTRO, SEARCH) + SHOW_LENGTH + offer.moves / solve_speed(offer.moves) + AFTER_SOLVED


def run(playlist: demo.Playlist, hours: float) -> list[tuple[float, demo.Offer]]:
    """What the demo shows for ``hours`` of its clock: (when, puzzle)."""
    now, out = 0.0, []
    while now < hours * demo.HOUR:
        offer = playlist.next(now)
        out.append((now, offer))
        now += shown_time(offer)
    return out


@pytest.fixture(scope="module")
def offers() -> list[demo.Offer]:
    return demo.offers()


def test_every_family_offers_puzzles_to_the_demo(offers: list[demo.Offer]) -> None:
    offered = Counter(offer.family for offer in offers)
    assert set(offered) == {family.key for family in families.families()}, offered


def test_what_is_offered_plays_in_the_demo_and_answers_from_a_small_table(offers: list[demo.Offer]) -> None:
    rated = ratings.load()
    own = catalog.own_names()
    for offer in offers:
        spec = catalog.get(offer.name)
        assert spec.demo is not None and offer.name in own, offer
        assert demo.family_key(spec) == offer.family
        row = rated[offer.name]
        assert row.positions <= demo.DEMO_POSITIONS and row.optimum == offer.moves >= demo.FEWEST_MOVES


def test_a_puzzle_whose_family_keeps_it_out_is_not_offered(offers: list[demo.Offer]) -> None:
    names = {offer.name for offer in offers}
    assert "fifteen" not in names            # its pattern tables alone are more than the demo's memory
    assert "frogs-square" not in names       # 17 million positions: no table is built in a blink
    eight = catalog.get("eight")
    kept_out = replace(eight, name="eight-kept-out", demo=None)
    row = ratings.Rated("eight", 44.2, "Advanced", 31, 181440)
    chosen = demo.offers([eight, kept_out], {"eight": row, "eight-kept-out": replace(row, name="eight-kept-out")})
    assert [offer.name for offer in chosen] == ["eight"]


def test_without_the_ratings_index_every_puzzle_its_family_offers_is_shown() -> None:
    """A missing or damaged index (ratings.load gives none) never leaves the demo without puzzles."""
    specs = catalog.own_specs()
    chosen = demo.offers(specs, {})
    assert {offer.name for offer in chosen} == {spec.name for spec in specs if spec.demo is not None}
    assert demo.Playlist(chosen, random.Random(1)).next(0.0).name in catalog.own_names()


def test_choosing_what_is_offered_builds_no_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog is lazy: the playlist is chosen from the families' word and the shipped index alone."""
    def built(spec: PuzzleSpec) -> None:
        raise AssertionError(f"the demo's playlist built the rules of {spec.name}")

    monkeypatch.setattr(PuzzleSpec, "puzzle", property(built))
    playlist = demo.Playlist(demo.offers(), random.Random(1))
    for second in range(0, 600, 20):
        playlist.next(second)


def test_the_first_hour_shows_every_family(offers: list[demo.Offer]) -> None:
    keys = {family.key for family in families.families()}
    for seed in range(5):
        first_hour = run(demo.Playlist(offers, random.Random(seed)), 1)
        assert {offer.family for _at, offer in first_hour} == keys, seed


def test_no_puzzle_comes_back_within_an_hour(offers: list[demo.Offer]) -> None:
    for seed in range(3):
        last: dict[str, float] = {}
        for at, offer in run(demo.Playlist(offers, random.Random(seed)), 8):
            assert at - last.get(offer.name, -demo.HOUR) >= demo.HOUR, (seed, offer.name, at)
            last[offer.name] = at


def test_a_puzzle_named_ahead_stays_away_an_hour_from_when_it_was_shown(offers: list[demo.Offer]) -> None:
    """The demo names its next puzzle as the current one starts (to make it ready), and shows it a puzzle later:
    the hour without it counts from its showing (before, from its naming: it could come back sooner)."""
    for seed in range(3):
        playlist, last = demo.Playlist(offers, random.Random(seed)), {}
        now, named = 0.0, playlist.next(0.0)
        while now < 3 * demo.HOUR:
            offer, named = named, playlist.next(now)   # the next one is named as this one goes on the stage
            playlist.on_stage(offer.name, now)
            assert now - last.get(offer.name, -demo.HOUR) >= demo.HOUR, (seed, offer.name, now)
            last[offer.name] = now
            now += shown_time(offer)
    pool = [demo.Offer("a", "x", 5), demo.Offer("b", "x", 5)]
    playlist = demo.Playlist(pool, random.Random(1), gap=100)
    named = playlist.next(0.0)                 # named as the demo starts, shown 40 s later
    playlist.on_stage(named.name, 40.0)
    assert playlist.shown_at[named.name] == 40.0


def test_the_families_take_turns(offers: list[demo.Offer]) -> None:
    """Never one family twice running, and over any hour no family takes much more than its share of what
    is offered (the largest, the sliding blocks with the Traffic pack, offers a third)."""
    shown = run(demo.Playlist(offers, random.Random(4)), 8)
    for (_a, one), (_b, two) in zip(shown, shown[1:]):
        assert one.family != two.family
    share = Counter(offer.family for offer in offers)
    for start in range(0, len(shown) - 120, 40):
        window = Counter(offer.family for _at, offer in shown[start:start + 120])
        for family, count in window.items():
            assert count <= 120 * share[family] / len(offers) + 6, (family, count, start)


def test_the_order_is_drawn_at_run_time_and_the_same_for_a_seed(offers: list[demo.Offer]) -> None:
    first = [offer.name for _at, offer in run(demo.Playlist(offers, random.Random(11)), 1)]
    again = [offer.name for _at, offer in run(demo.Playlist(offers, random.Random(11)), 1)]
    other = [offer.name for _at, offer in run(demo.Playlist(offers, random.Random(12)), 1)]
    assert first == again and first != other


def test_a_pool_too_small_for_an_hour_shows_the_one_shown_longest_ago() -> None:
    pool = [demo.Offer("a", "x", 5), demo.Offer("b", "x", 5), demo.Offer("c", "y", 5)]
    playlist = demo.Playlist(pool, random.Random(1))
    names = [playlist.next(minute * 60.0).name for minute in range(9)]
    assert sorted(names[:3]) == ["a", "b", "c"]
    assert names[3:6] == names[:3] and names[6:] == names[:3]


def test_nothing_offered_is_one_sentence() -> None:
    with pytest.raises(ValueError, match="no puzzle"):
        demo.Playlist([], random.Random(1))


def test_a_puzzle_named_next_but_never_shown_is_given_back_as_if_never_named() -> None:
    """A visitor takes over while the next puzzle is made ready: it was never shown, so the hour it stays away
    must not start, and its family keeps its turn."""
    pool = [demo.Offer("a", "x", 5), demo.Offer("b", "y", 5), demo.Offer("c", "y", 5)]
    playlist = demo.Playlist(pool, random.Random(5), gap=100)
    first = playlist.next(0.0)
    playlist.on_stage(first.name, 0.0)
    before = (dict(playlist.shown_at), dict(playlist.credit), playlist.last)
    named = playlist.next(0.0)                       # named as the first goes on the stage
    playlist.withdraw(named.name)
    assert (playlist.shown_at, playlist.credit, playlist.last) == before
    assert playlist.next(30.0).family == named.family   # its family's turn still
    playlist.on_stage(playlist.last.name, 30.0)
    shown = dict(playlist.shown_at)
    playlist.withdraw(playlist.last.name)            # shown: nothing to give back
    playlist.withdraw(first.name)                    # not the one named last: nothing either
    assert playlist.shown_at == shown


def test_a_puzzle_shown_before_and_named_again_keeps_its_earlier_showing_when_given_back() -> None:
    pool = [demo.Offer("a", "x", 5), demo.Offer("b", "y", 5)]
    playlist = demo.Playlist(pool, random.Random(1), gap=100)
    for now in (0.0, 10.0):
        playlist.on_stage(playlist.next(now).name, now)
    again = playlist.next(200.0)                     # each shown more than the gap ago: named again
    assert again.name in playlist.shown_at and playlist.shown_at[again.name] == 200.0
    playlist.withdraw(again.name)
    assert playlist.shown_at[again.name] in (0.0, 10.0)
