"""Perfect ranks: rank and unrank are inverse, exhaustively on the small puzzles and on a small
block puzzle, on large samples of Goat; the rank-space helpers agree with ranking boards."""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from game import catalog
from solvers.ranking import (BlockRanker, MultisetRanker, SlotRanker, adjacent_swap_tables, all_arrangements,
                             multinomial)

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
    assert (all_arrangements(counts) == boards).all()
    for b in boards[:: max(1, len(boards) // 50)]:
        assert ranker.rank_state(bytes(b)) == int(ranker.rank(b[None])[0])


def test_small_block_puzzle_exhaustively() -> None:
    """A 2x3 board with a two-cell block on the top row and a multiset in the other cells."""
    ncells, halves = 6, (3, 4)
    placements = [(0, 1), (1, 2)]
    rest = [1, 2, 1]  # one empty, two 1s, one 2
    ranker = BlockRanker(ncells, placements, halves, rest + [0, 0])
    boards = set()
    for a, b in placements:
        others = [c for c in range(ncells) if c not in (a, b)]
        for arrangement in _every_arrangement(rest):
            board = [0] * ncells
            board[a], board[b] = halves
            for c, v in zip(others, arrangement):
                board[c] = v
            boards.add(bytes(board))
    assert len(boards) == ranker.size
    array = _rows(sorted(boards))
    ranks = ranker.rank(array)
    assert sorted(ranks.tolist()) == list(range(ranker.size))
    assert (ranker.unrank(ranks) == array).all()
    assert [ranker.rank_state(bytes(b)) for b in array] == ranks.tolist()


def test_goat_block_ranker_on_a_large_random_sample() -> None:
    puzzle = catalog.puzzle("goat")
    ranker = puzzle.ranker
    rng = np.random.default_rng(11)
    ranks = rng.integers(0, ranker.size, 200_000)
    boards = ranker.unrank(ranks)
    assert (ranker.rank(boards) == ranks).all()
    for b in boards[:300]:
        puzzle.check(bytes(b))  # every unranked board is a legal Goat position
        assert ranker.rank_state(bytes(b)) == int(ranker.rank(b[None])[0])
    # and positions built independently (shuffles of the pieces) survive the round trip
    goal = list(puzzle.goal_states[0])
    singles = [v for v in goal if v not in (3, 4)]
    r = random.Random(5)
    made = []
    for _ in range(2000):
        r.shuffle(singles)
        at = r.randrange(3)
        row = singles[:at] + [3, 4] + singles[at:]
        made.append(row)
    made = np.array(made, dtype=np.uint8)
    assert (ranker.unrank(ranker.rank(made)) == made).all()


@pytest.mark.slow
def test_goat_block_ranker_on_every_rank() -> None:
    ranker = catalog.puzzle("goat").ranker
    for at in range(0, ranker.size, 1 << 19):
        ranks = np.arange(at, min(at + (1 << 19), ranker.size))
        assert (ranker.rank(ranker.unrank(ranks)) == ranks).all()


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


@pytest.mark.parametrize("name", ["eight", "goat", "knights"])
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
