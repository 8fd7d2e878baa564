"""Perfect ranks: rank and unrank are inverse, exhaustively on the small puzzles; the rank-space
helpers agree with ranking boards."""
from __future__ import annotations

import itertools
from math import factorial

import numpy as np
import pytest

from game.catalog import registry as catalog
from solvers.ranking import DigitRanker, MultisetRanker, SlotRanker, adjacent_swap_tables, multinomial


def all_arrangements(counts) -> np.ndarray:
    """Every arrangement of the multiset, in rank order."""
    ranker = MultisetRanker(counts)
    return ranker.unrank(np.arange(ranker.size))

EXHAUSTIVE = ["eight", "knights", "pairs", "pairs-open", "frogs-line-3", "frogs-line-6", "frogs-a", "frogs-b",
              "frogs-c", "frogs-small-diagonal"]


def _rows(states) -> np.ndarray:
    states = list(states)
    return np.frombuffer(b"".join(states), dtype=np.uint8).reshape(len(states), -1)


def _every_arrangement(counts: list[int]) -> set[bytes]:
    """Brute force, independent of the ranker: distinct permutations of the multiset."""
    items = [code for code, k in enumerate(counts) for _ in range(k)]
    return {bytes(p) for p in itertools.permutations(items)}


@pytest.mark.parametrize("name", EXHAUSTIVE)
def test_rank_and_unrank_are_inverse_on_every_position(name: str) -> None:
    ranker = catalog.puzzle(name).ranker
    ranks = np.arange(ranker.size)
    boards = ranker.unrank(ranks)
    assert (ranker.rank(boards) == ranks).all()
    assert len(np.unique(boards, axis=0)) == ranker.size  # distinct positions: a bijection
    start = np.frombuffer(catalog.puzzle(name).start, dtype=np.uint8)
    assert (np.sort(boards, axis=1) == np.sort(start)).all()  # each one an arrangement of the pieces


@pytest.mark.parametrize("counts", [[1, 3, 3], [2, 2, 2], [3, 1, 1, 2], [1, 1, 1, 1, 1]])
def test_multiset_ranks_cover_exactly_the_arrangements(counts: list[int]) -> None:
    ranker = MultisetRanker(counts)
    expected = _every_arrangement(counts)
    assert ranker.size == len(expected) == multinomial(counts)
    boards = _rows(sorted(expected))  # lexicographic order
    assert (ranker.rank(boards) == np.arange(len(boards))).all()
    for b in boards[:: max(1, len(boards) // 50)]:
        assert ranker.rank_state(bytes(b)) == int(ranker.rank(b[None])[0])


# -- slot ranks (the rank space of the fast sweep) ------------------------------------------

def _slots(name: str) -> SlotRanker:
    puzzle = catalog.puzzle(name)
    ranker = SlotRanker.for_rules(puzzle.rules, [*puzzle.goals(), puzzle.start])
    assert ranker is not None
    return ranker


@pytest.mark.parametrize("name", ["eight", "goat", "knights", "pairs"])
def test_slot_ranks_are_a_bijection_slot_by_slot(name: str) -> None:
    ranker = _slots(name)
    arrangements = all_arrangements(ranker.arrangements.counts)
    seen_layouts = set()
    for slot, layout in enumerate(ranker.layouts):
        boards = np.repeat(np.frombuffer(layout, dtype=np.uint8)[None], len(arrangements), axis=0)
        boards[boards == 255] = arrangements.ravel()
        ranks = ranker.rank(boards)
        assert (ranks == slot * ranker.arrangements.size + np.arange(len(arrangements))).all()
        some = slice(None, None, 1 if len(boards) < 50_000 else 101)  # unrank is the slow direction
        assert (ranker.unrank(ranks[some]) == boards[some]).all()
        seen_layouts.add(layout)
        step = max(1, len(boards) // 40)
        assert [ranker.rank_state(bytes(b)) for b in boards[::step]] == ranks[::step].tolist()
    assert len(seen_layouts) == ranker.slots


def test_goat_slot_ranks_are_exactly_the_goat_positions() -> None:
    """3 places for the two-cell piece (top row) x the other ten pieces in any order, the two
    horizontal sides identical: 3 x 10!/2! positions, each a legal Goat position."""
    puzzle = catalog.puzzle("goat")
    ranker = _slots("goat")
    assert ranker.size == 3 * factorial(10) // factorial(2) == 5_443_200
    rng = np.random.default_rng(3)
    ranks = rng.integers(0, ranker.size, 20_000)
    boards = ranker.unrank(ranks)
    assert (ranker.rank(boards) == ranks).all()
    for board in boards[:500]:
        puzzle.check(bytes(board))


@pytest.mark.parametrize("name", ["eight", "knights"])
def test_slot_ranker_covers_the_same_positions_as_the_puzzle_ranker(name: str) -> None:
    puzzle = catalog.puzzle(name)
    ranker = _slots(name)
    assert ranker.size == puzzle.ranker.size
    rng = np.random.default_rng(3)
    boards = puzzle.ranker.unrank(rng.integers(0, puzzle.ranker.size, 20_000))
    again = ranker.unrank(ranker.rank(boards))
    assert (again == boards).all()


def test_slot_ranker_declines_rules_that_depend_on_piece_colour() -> None:
    puzzle = catalog.puzzle("frogs-c")  # black moves only forward: legality depends on which stone
    assert SlotRanker.for_rules(puzzle.rules, [*puzzle.goals(), puzzle.start]) is None


def test_unknown_layout_is_rejected() -> None:
    ranker = _slots("goat")
    board = bytearray(catalog.puzzle("goat").goal_states[0])
    board[2:4], board[6:8] = board[6:8], board[2:4]  # block moved to the middle row: not a ranked slot
    with pytest.raises(ValueError):
        ranker.rank(np.frombuffer(bytes(board), dtype=np.uint8)[None])
    assert ranker.rank_state(bytes(board)) is None


@pytest.mark.parametrize("counts", [[0, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1], [1, 3, 3], [2, 2, 2, 1], [6, 3, 3], [1, 1]])
def test_adjacent_swap_tables_match_ranking_swapped_boards(counts: list[int]) -> None:
    ranker = MultisetRanker(counts)
    boards = all_arrangements(counts)
    tables = adjacent_swap_tables(counts)
    assert len(tables) == ranker.ncells - 1
    for j, table in enumerate(tables):
        cols = list(range(ranker.ncells))
        cols[j], cols[j + 1] = cols[j + 1], cols[j]
        assert (ranker.rank(boards[:, cols]) == table).all()


# -- positions given as a digit per item (the Tower of Hanoi) ----------------------------------

def test_digit_ranks_are_a_bijection_with_the_items_stacked_in_fill_order() -> None:
    """Three items in two places of three cells each (cells 0-2 and 3-5, each filled from its first
    cell), the largest item first: every one of the 2**3 combinations is one board, ranked by its digits."""
    ranker = DigitRanker([[0, 1, 2], [3, 4, 5]], 6, [3, 2, 1])
    assert ranker.size == 8
    boards = ranker.unrank(np.arange(8))
    assert (ranker.rank(boards) == np.arange(8)).all()
    for rank, board in enumerate(boards):
        places = [rank >> k & 1 for k in range(3)]      # item k + 1 in place places[k]
        for place in (0, 1):
            items = [item for item in (3, 2, 1) if places[item - 1] == place]
            cells = [0, 1, 2] if place == 0 else [3, 4, 5]
            assert list(board[cells]) == items + [0] * (3 - len(items))
        assert ranker.rank_state(bytes(board)) == rank and ranker.board(places) == bytes(board)


def test_a_board_the_digits_cannot_give_has_no_digit_rank() -> None:
    ranker = DigitRanker([[0, 1, 2], [3, 4, 5]], 6, [3, 2, 1])
    assert ranker.rank_state(bytes([3, 2, 1, 0, 0, 0])) == 0
    assert ranker.rank_state(bytes([2, 3, 1, 0, 0, 0])) is None      # out of fill order
    assert ranker.rank_state(bytes([3, 0, 1, 2, 0, 0])) is None      # a gap under an item
    assert ranker.rank_state(bytes([3, 2, 2, 1, 0, 0])) is None      # an item twice
    assert ranker.rank_state(bytes([3, 2, 0, 0, 0, 0])) is None      # an item missing
    assert ranker.rank_state(bytes([3, 2, 1, 0, 0])) is None         # the wrong size
