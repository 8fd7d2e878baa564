"""The compiled move generators against the rules: from many positions of the library's sliding-block
puzzles and of random boards (walls, pieces of many shapes, identical pieces, pieces bound to an axis),
in every count, with doors, on bitboards and cell by cell, the engine's successors are exactly the rules' (as sets
of positions), its keys unpack to the positions they pack, and its goal tests agree with the rules'."""
from __future__ import annotations

import random
import string

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import registry as catalog
from game.families.blocks.engine import Engine, NotEncodable
from game.families.blocks.model import BlocksDef
from game.families.blocks.rules import BlocksPuzzle, make_blocks
from game.families.blocks.solve import Solver
from game.files.model import Common
from solvers import compiled
from solvers.limits import Limits, Watch
from tests.families.blocks.boards import random_puzzle, walk

pytestmark = pytest.mark.skipif(not compiled.available(), reason="numba is not installed")

LIBRARY = ["klotski", "klotski@cell", "klotski@line", "century@line", "supercentury@cell", "pennant", "traffic",
           "traffic@path", "motor-car@cell", "hughes@line", "moving-day", "huarong-five-generals@cell",
           "red-donkey", "red-donkey@cell", "red-donkey@line"]


def engines(puzzle: BlocksPuzzle) -> list[Engine]:
    """The engine as it chooses (bitboards where the board allows) and one made to go cell by cell."""
    chosen, cells = Engine(puzzle), Engine(puzzle)
    cells.bits_ok = False
    return [chosen, cells]


def assert_same_moves(puzzle: BlocksPuzzle, engine: Engine, states: list[bytes]) -> None:
    boards = np.frombuffer(b"".join(states), dtype=np.uint8).reshape(len(states), -1)
    keys, valid = engine.encode(boards)
    assert valid.all()
    assert np.array_equal(engine.decode(keys), boards)
    assert list(engine.goal_mask(keys)) == [puzzle.is_goal(s) for s in states]
    rows, children = engine.expand(keys)
    after = engine.decode(children)
    for i, state in enumerate(states):
        mine = [bytes(b) for b in after[rows == i]]
        theirs = {s for _, s in puzzle.successors(state)}
        assert len(mine) == len(set(mine)), "a move listed twice"
        assert set(mine) == theirs, puzzle.format(state)


@pytest.mark.parametrize("name", LIBRARY)
def test_the_engine_moves_as_the_rules_do_in_the_library(name):
    puzzle = catalog.puzzle(name)
    assert isinstance(puzzle, BlocksPuzzle)
    states = walk(puzzle, 60, random.Random(name))
    for engine in engines(puzzle):
        assert_same_moves(puzzle, engine, states)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_the_engine_moves_as_the_rules_do_on_random_boards(seed):
    puzzle = random_puzzle(seed)
    states = walk(puzzle, 25, random.Random(seed))
    for engine in engines(puzzle):
        assert_same_moves(puzzle, engine, states)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_a_goal_child_is_found_where_the_rules_see_one(seed):
    puzzle = random_puzzle(seed)
    for engine in engines(puzzle):
        for state in walk(puzzle, 15, random.Random(seed)):
            kids, parent = engine.children(engine.key(state)[None], find_goal=True)
            goals = any(puzzle.is_goal(s) for _, s in puzzle.successors(state))
            assert (parent == 0) == goals
            if goals:
                assert puzzle.is_goal(bytes(engine.decode(kids[-1:])[0]))


def test_a_position_off_the_starts_reach_is_keyed_by_an_engine_seeded_with_it():
    """A piece the start cannot bring to the other room (as the editor may put it there) is refused by the
    start's engine; the solver makes one seeded with that position too, and solves from it."""
    defn = BlocksDef(Common("Two rooms"), ("A.#..", "..#.."), ("??#??", "??#?A"), moves="path")
    puzzle = make_blocks("two-rooms", defn)
    there = puzzle.parse("..#A./..#..")
    assert not Engine(puzzle).encode(np.frombuffer(there, dtype=np.uint8)[None])[1][0]
    with pytest.raises(NotEncodable):
        Engine(puzzle).key(there)
    solver = Solver(puzzle)
    line = solver.line(there, Watch(Limits(None, None)))
    assert line is not None and len(line) == 2 and puzzle.is_goal(line[-1])   # one move, by path
    assert solver.line(puzzle.start, Watch(Limits(None, None))) is None   # the start's room has no goal


def test_a_positions_bytes_and_a_batch_share_one_compiled_encoding():
    """numba compiles a kernel again for a read-only array (a position's bytes, as ``key`` reads them): the
    engine hands the kernel a writable copy, so a game compiles its encoding once, not twice."""
    from game.families.blocks import kernels
    puzzle = catalog.puzzle("klotski")
    engine = Engine(puzzle)
    engine.key(puzzle.start)
    engine.encode(np.frombuffer(puzzle.start * 2, dtype=np.uint8).reshape(2, -1).copy())
    assert len(kernels.encode.signatures) == 1


def test_forged_keys_are_told_apart_before_they_are_unpacked():
    puzzle = catalog.puzzle("century")
    engine = Engine(puzzle)
    good = engine.key(puzzle.start)[None]
    assert engine.valid_keys(good).all()
    bad = np.array([[-1], [1 << 62], [good[0, 0] | (1 << (engine.bits + 1))]], dtype=np.int64)
    assert not engine.valid_keys(bad).any()


def crowded_puzzle(moves: str) -> BlocksPuzzle:
    """6x12 open cells under four rows of wall (120 cells: on bitboards): a big block, six identical tall
    blocks, thirty identical small blocks (too many for one field of a key) and 26 empty cells."""
    small = string.ascii_lowercase + "0123"
    cells = list("AA" + "BCDEFG" + small[:4] + "AA" + "BCDEFG" + small[4:8] + small[8:30]) + ["."] * 26
    rows = ["".join(cells[r * 12:(r + 1) * 12]) for r in range(6)] + ["#" * 12] * 4
    goal = ["?" * 12] * 4 + ["?" * 10 + "AA", "?" * 10 + "AA"] + ["#" * 12] * 4
    return make_blocks("crowded", BlocksDef(Common("Crowded"), tuple(rows), tuple(goal), ("BCDEFG", small), {}, moves))


@pytest.mark.parametrize("moves", ["cell", "line", "path"])
def test_a_kind_in_two_fields_and_a_kind_of_many_in_one_move_as_the_rules_do(moves):
    """Children ranked from a lifted piece's other pieces (a kind in one field) and re-packed whole (a kind
    split into two fields) are the rules' successors, on bitboards and cell by cell."""
    puzzle = crowded_puzzle(moves)
    engine = Engine(puzzle)
    assert engine.bits_ok and max(np.bincount(engine.f_kind)) == 2 and max(engine.kind_count) == 30
    states = walk(puzzle, 20, random.Random(moves))
    for engine in engines(puzzle):
        assert_same_moves(puzzle, engine, states)


@pytest.mark.parametrize("name, depth", [("klotski", 6), ("crowded", 2)])
def test_rows_expanded_together_have_the_children_each_has_alone(name, depth):
    """The generator keeps what one row shares with the row before (fields already unranked, a kind's rank
    sums): a layer's sorted rows, expanded in one call, have exactly the children each row has in a call
    of its own."""
    puzzle = crowded_puzzle("path") if name == "crowded" else catalog.puzzle(name)
    engine, cells = engines(puzzle)
    assert engine.bits_ok
    layer = engine.key(puzzle.start)[None]
    for _ in range(depth):   # a layer made cell by cell
        layer = np.unique(cells.children(layer)[0], axis=0)
    layer = layer[:400]
    rows, together = engine.expand(layer)
    assert len(layer) > 50 and np.array_equal(np.unique(rows), np.arange(len(layer)))
    for r in range(len(layer)):
        alone = engine.expand(layer[r:r + 1])[1]
        assert np.array_equal(together[rows == r], alone)
