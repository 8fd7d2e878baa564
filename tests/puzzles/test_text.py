"""Position text: round trips for every puzzle, ASCII stand-ins, and one clear sentence for each kind of bad input."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import registry as catalog
from game.rules.puzzle import PositionError

from tests.helpers import random_walk


@pytest.mark.parametrize("name", catalog.names())
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 40))
def test_round_trip(name: str, seed: int, steps: int) -> None:
    puzzle = catalog.puzzle(name)
    state = random_walk(puzzle, puzzle.start, steps, random.Random(seed))
    text = puzzle.format(state)
    assert puzzle.parse(text) == state
    assert puzzle.format(puzzle.parse(text)) == text


@pytest.mark.parametrize("name", catalog.names())
def test_moves_have_a_text_form_that_parses_back(name: str) -> None:
    puzzle = catalog.puzzle(name)
    for move in puzzle.legal_moves(puzzle.start):
        text = puzzle.move_text(puzzle.start, move)
        assert puzzle.parse_move(puzzle.start, text) == move


def test_examples_from_the_issue() -> None:
    eight = catalog.puzzle("eight")
    assert eight.parse("8 6 7/2 5 4/3 . 1") == eight.start
    assert eight.parse("8 6 7/2 5 4/3 0 1") == eight.start
    goat = catalog.puzzle("goat")
    assert goat.format(goat.start) == "a h T T/v . d S/b i c W"   # a character per piece, as in a file
    assert goat.picture(goat.start) == "┌ ─ ┐ ▭\n│ . ∥ S\n└ ─ ┘ W"   # the art, drawn
    assert goat.parse("┌ ─ ┐ ▭/│ . ∥ S/└ ─ ┘ W") == goat.start


def test_goat_ascii_stand_ins() -> None:
    goat = catalog.puzzle("goat")
    assert goat.parse("tl - tr =/| . g S/bl - br W") == goat.start
    assert goat.parse("TL - TR =/| _ G s/BL - BR w") == goat.start


def test_identical_pieces_are_interchangeable() -> None:
    """Stones of one colour are one kind of piece: a search that tells every stone apart reaches more
    arrangements, and erasing the labels folds them onto exactly the game's positions."""
    pairs = catalog.puzzle("pairs")
    labelled_start = bytes(10 + i if v else 0 for i, v in enumerate(pairs.start))   # six distinct stones
    colour = {10 + i: v for i, v in enumerate(pairs.start) if v}

    def moves(state: bytes):
        n = len(state)
        for a in range(n - 1):
            for b in range(n - 1):
                if abs(a - b) >= 2 and state[a] and state[a + 1] and not state[b] and not state[b + 1]:
                    cells = bytearray(state)
                    cells[b], cells[b + 1], cells[a], cells[a + 1] = state[a], state[a + 1], 0, 0
                    yield bytes(cells)

    labelled, frontier = {labelled_start}, [labelled_start]
    while frontier:
        frontier = [n for s in frontier for n in moves(s) if n not in labelled and not labelled.add(n)]
    game, frontier = {pairs.start}, [pairs.start]
    while frontier:
        frontier = [n for s in frontier for _, n in pairs.successors(s) if n not in game and not game.add(n)]
    erased = {bytes(colour.get(v, 0) for v in s) for s in labelled}
    assert erased == game and len(game) == 140
    assert len(labelled) > len(game)   # several labelled arrangements are one position of the game
    goat = catalog.puzzle("goat")
    assert goat.picture(goat.start).count("─") == 2 and len(set(goat.start)) == 11   # one code for both sides


def test_non_rectangular_rows_write_their_holes() -> None:
    frogs = catalog.puzzle("frogs-a")
    assert frogs.format(frogs.start) == "# # B # #/# B B # #/B B . W W/# # W W #/# # W # #"
    assert frogs.parse("# # B # #/# B B # #/B B . W W/# # W W #/# # W # #") == frogs.start
    assert frogs.parse("B/B B/B B . W W/W W/W") == frogs.start   # holes left out, as older versions wrote
    assert frogs.parse("##B##/#BB##/BB.WW/##WW#/##W##") == frogs.start


BAD = [
    ("eight", "1 2 3/4 5 6", "rows"),
    ("eight", "1 2 3/4 5 6/7 8", "row 3"),
    ("eight", "1 2 3/4 5 6/7 8 9", "'9'"),
    ("eight", "1 2 3/4 5 6/7 7 .", "tile 7"),
    ("eight", "1 2 3/4 5 6/8 7 .", "cannot be solved"),
    ("fifteen", "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 .", "cannot be solved"),
    ("goat", "┌ ─ ┐ ▭/│ . ∥ S/└ ─ ─ W", "pieces"),
    ("goat", "┌ ─ ▭ ┐/│ . ∥ S/└ ─ ┘ W", "two-cell piece"),
    ("goat", "┌ ─ . S/│ ┐ ▭ ∥/└ ─ ┘ W", "top row"),
    ("goat", "┌ ─ ┐ ▭/│ x ∥ S/└ ─ ┘ W", "'x'"),
    ("frogs-line-3", "B B B . W W", "7 cells"),
    ("frogs-line-3", "B B B . W W B", "pieces"),
    ("frogs-a", "# # B # #/# B B # #/B B . W W/# # W W #/# W # # #", "holes"),
    ("knights", "B B B/. . ./. . ./W W .", "empty cells"),
    ("pairs", "B W B W B W . . .", "8 cells"),
]


@pytest.mark.parametrize("name,text,needle", BAD)
def test_bad_positions_get_one_clear_sentence(name: str, text: str, needle: str) -> None:
    puzzle = catalog.puzzle(name)
    with pytest.raises(PositionError) as err:
        puzzle.parse(text)
    message = str(err.value)
    assert needle in message
    assert "\n" not in message and message.endswith(".")


def test_bad_move_texts() -> None:
    eight = catalog.puzzle("eight")
    for text in ("", "5", "5 z9-a1", "5 b2-b3 extra", "6 b2-b3", "1 a1-b1"):
        with pytest.raises(PositionError):
            eight.parse_move(eight.start, text)
