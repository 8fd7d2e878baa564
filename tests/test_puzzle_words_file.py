"""The shipped index (assets/puzzle-words.tsv): a row for every puzzle of the game's own and every row a
puzzle, each row's words what the puzzle's rules say, its count of positions what ``list`` would compute,
and the file written back the same."""
from __future__ import annotations

import json

import pytest

from game.catalog import index, indexed, library, ratings
from game.catalog import registry as catalog
from game.catalog.spec import Words
from game.common.resources import assets
from game.common.untrusted import read_text

SHIPPED = index.parse(read_text(index.path(), index.MAX_BYTES))
RATED = {name: row.positions for name, row in ratings.load().items()}
# Counting what these reach sweeps their rank spaces (0.3 to 9 s each with no table cached, measured on the
# shared machine); every other count takes under 0.3 s and is checked in the default run.
SLOW = frozenset({"frogs-line-8", "frogs-c", "knights-3x5", "tait-7", "tait-fixed-7", "hanoi-6", "hanoi-7", "hanoi-8",
                  "hanoi-middle", "hanoi-scattered", "reve-5", "reve-6", "reve-7", "reve-8", "reve-almost-home",
                  "pegs-english", "ricochet-1", "ricochet-2", "ricochet-3", "traffic-pack-36"})
STALE = "run `make library`"


def test_every_puzzle_of_the_games_own_has_a_row_and_every_row_a_puzzle_in_the_shelves_order():
    wanted = [spec.name for spec in catalog.own_specs()]
    assert list(SHIPPED) == wanted, f"assets/puzzle-words.tsv does not list the game's own puzzles in order: {STALE}"
    assert index.shipped() == SHIPPED   # the catalog reads it whole


@pytest.mark.parametrize("name", list(SHIPPED))
def test_a_row_says_what_its_puzzles_rules_say(name):
    spec = catalog.get(name)
    puzzle = spec.puzzle
    assert SHIPPED[name].words == Words(puzzle.title, puzzle.move_rule, puzzle.goal_text), \
        f"the words of {name} changed since assets/puzzle-words.tsv was made: {STALE}"
    assert spec.words == SHIPPED[name].words   # the catalog gave the spec its row


def _check_count(name: str) -> None:
    spec = catalog.get(name)
    assert index.listed_positions(spec, RATED.get(name)) == SHIPPED[name].positions, \
        f"the positions of {name} changed since assets/puzzle-words.tsv was made: {STALE}"


@pytest.mark.parametrize("name", sorted(set(SHIPPED) - SLOW))
def test_a_rows_count_of_positions_is_what_list_would_compute(name):
    _check_count(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW))
def test_a_slow_rows_count_of_positions_is_what_list_would_compute(name):
    _check_count(name)


def test_the_shipped_text_is_written_back_the_same():
    assert index.render(SHIPPED) == (assets() / index.FILE).read_text(encoding="utf-8")


def test_each_library_rows_file_and_card_are_what_its_file_makes():
    specs, places, problems = catalog.own_from_files()
    assert not problems
    made = indexed.with_places(SHIPPED, specs, places, library.shipped_folders())
    def kept(rows):
        return {name: (row.place, json.loads(json.dumps(row.card))) for name, row in rows.items()}
    assert kept(made) == kept(SHIPPED), f"a library file changed since assets/puzzle-words.tsv was made: {STALE}"
