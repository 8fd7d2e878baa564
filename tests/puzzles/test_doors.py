"""Doors in the rules: a door cell is floor only the pieces a file names may stand on or pass through,
under every count (cell, line, path). Every solver goes through the rules, so every solver counts them:
the tables over the start's component, the plain searches, the hint and the marks; each figure here is
computed both with and without the doors, by table and by search, never taken as a constant."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.catalog import registry as catalog
from game.catalog.reading import parse_toml
from game.catalog.spec import counted_name
from game.families.blocks.counts import COUNTS, Count
from game.families.blocks.model import BlocksDef
from game.families.blocks.oracle import ComponentTableOracle, blocks_oracle
from game.families.blocks.rules import BlocksPuzzle, make_blocks
from game.oracles.base import Verdict
from game.oracles.search import SearchOracle
from game.oracles.table import TableOracle
from game.rules.puzzle import PositionError
from solvers.search import bfs

from tests.files.test_doors_file import GATE
from tests.puzzles.test_library import Plain

DOORED = parse_toml(GATE, "gate.toml")
assert isinstance(DOORED, BlocksDef)
OPEN = replace(DOORED, doors=None)
DOOR = 2   # c1: the door only Y may enter (cells are numbered in reading order)


def build(defn: BlocksDef, count: Count) -> BlocksPuzzle:
    return make_blocks("gate", defn, count=count)


def searched(puzzle: BlocksPuzzle, state: bytes | None = None) -> int:
    path = bfs(puzzle, puzzle.start if state is None else state)
    assert path is not None
    return len(path)


@pytest.mark.parametrize("count", COUNTS, ids=[c.key for c in COUNTS])
def test_the_door_changes_the_optimum_and_table_and_search_agree_on_it(count):
    doored, open_ = build(DOORED, count), build(OPEN, count)
    with_door, without = searched(doored), searched(open_)
    assert with_door > without
    for puzzle, optimum in ((doored, with_door), (open_, without)):
        table = blocks_oracle(puzzle)
        assert isinstance(table, ComponentTableOracle)
        line = table.solve(puzzle.start)
        assert len(line) == optimum == table.distance(puzzle.start)
        assert len(SearchOracle(puzzle).solve(puzzle.start)) == optimum


@pytest.mark.parametrize("count", COUNTS, ids=[c.key for c in COUNTS])
def test_the_tables_figures_are_a_plain_search_s_written_apart_from_the_engine(count):
    """Positions in reach, the longest optimal solution, how many need it, the start's distance: with the
    door and without, the engine's table and tests/puzzles/test_library.py's plain search agree."""
    for defn in (DOORED, OPEN):
        table = blocks_oracle(build(defn, count))
        result, _ = table.analysis()
        got = (result.positions, result.max_distance, result.hardest_count, table.distance(table.puzzle.start))
        assert got == Plain(defn).figures(count)
    assert Plain(DOORED).figures(count) != Plain(OPEN).figures(count)


@pytest.mark.parametrize("count", [c for c in COUNTS if c.key != "path"], ids=lambda c: c.key)
def test_a_table_of_the_whole_rank_space_counts_the_doors_too(count):
    """Where every move is a rule and the goal one position, the table may sweep every arrangement of the
    pieces (as Goat's does): the door is in its rules all the same."""
    pinned = parse_toml(GATE.replace("X??\n???\n???", "X..\n.Y.\n.Z."), "gate.toml")
    assert isinstance(pinned, BlocksDef)
    for defn in (pinned, replace(pinned, doors=None)):
        puzzle = build(defn, count)
        table = TableOracle(puzzle)
        assert len(table.solve(puzzle.start)) == searched(puzzle) == table.distance(puzzle.start)
    assert searched(build(pinned, count)) > searched(build(replace(pinned, doors=None), count))


@pytest.mark.parametrize("count", COUNTS, ids=[c.key for c in COUNTS])
def test_no_move_of_any_count_puts_another_piece_on_the_door_or_through_it(count):
    puzzle = build(DOORED, count)
    y = puzzle.layout.kind_of["Y"].codes[0]
    seen, todo = {puzzle.start}, [puzzle.start]
    while todo:
        state = todo.pop()
        assert state[DOOR] in (0, y), puzzle.format(state)
        for move, after in puzzle.successors(state):
            assert after[DOOR] in (0, y)
            if state[move.src] != y:   # a piece that may not pass never slides or walks through the door
                assert DOOR not in puzzle.route(state, move)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    assert any(state[DOOR] == y for state in seen)   # Y does stand on it


@pytest.mark.parametrize("count", COUNTS, ids=[c.key for c in COUNTS])
def test_the_hint_and_the_marks_follow_the_doors(count):
    puzzle = build(DOORED, count)
    table = blocks_oracle(puzzle)
    hint = table.answer(puzzle.start).line
    assert hint is not None and len(hint) == searched(puzzle)
    marks = table.verdicts(puzzle.start)
    assert marks is not None
    here = searched(puzzle)
    assert {move for move, _ in marks} == {move for move, _ in puzzle.successors(puzzle.start)}
    for move, verdict in marks:
        after = puzzle.play(puzzle.start, move)
        there = 0 if puzzle.is_goal(after) else searched(puzzle, after)
        assert verdict is {-1: Verdict.CLOSER, 0: Verdict.SAME, 1: Verdict.FARTHER}[there - here]


CORRIDOR = GATE.replace("...\n.Y.\n.ZX", "X....\n...#Y").replace("X??\n???\n???", "????X\n???#?")   # c1: Y's door


@pytest.mark.parametrize("count, with_door, without", [
    (COUNTS[1], {"b1", "a2"}, {"b1", "c1", "d1", "e1", "a2"}),                 # line: stops before the door
    (COUNTS[2], {"b1", "a2", "b2", "c2"}, {"b1", "c1", "d1", "e1", "a2", "b2", "c2"}),   # path: no way round it
])
def test_a_line_slide_stops_before_a_door_and_a_path_never_crosses_one(count, with_door, without):
    defn = parse_toml(CORRIDOR, "corridor.toml")
    assert isinstance(defn, BlocksDef)
    for made, expected in ((defn, with_door), (replace(defn, doors=None), without)):
        puzzle = build(made, count)
        x = puzzle.board.at(0, 0)
        assert {puzzle.board.coord(move.dst) for move, _ in puzzle.successors(puzzle.start) if move.src == x} == expected


def test_a_position_with_a_piece_on_a_door_it_may_not_enter_is_refused_in_one_sentence():
    puzzle = build(DOORED, COUNTS[0])
    with pytest.raises(PositionError, match=r"^piece 'X' stands on the door c1, which only 'Y' may enter\.$"):
        puzzle.parse(". . X/. Y ./. Z .")
    assert puzzle.parse(". . Y/. . ./. Z X")[DOOR] == puzzle.layout.kind_of["Y"].codes[0]


def test_position_text_keeps_doors_out_an_empty_door_is_a_dot():
    puzzle = build(DOORED, COUNTS[0])
    assert puzzle.format(puzzle.start) == ". . ./. Y ./. Z X"
    on_door = puzzle.parse("Y . ./. . ./. Z X".replace("Y . .", ". . Y"))
    assert puzzle.format(on_door) == ". . Y/. . ./. Z X"
    assert puzzle.parse(puzzle.format(on_door)) == on_door


def test_the_door_information_is_at_hand_for_a_move_generator_of_its_own():
    puzzle = build(DOORED, COUNTS[0])
    y, x, z = (puzzle.layout.kind_of[ch] for ch in "YXZ")
    assert puzzle.layout.doors == {DOOR: "Y"}
    assert y.barred == frozenset() and x.barred == z.barred == frozenset({DOOR})
    table = puzzle.barred_table()
    assert table.shape == (256, len(puzzle.board)) and table.sum() == 2
    assert table[x.codes[0], DOOR] and table[z.codes[0], DOOR] and not table[y.codes[0]].any()
    assert puzzle.doors.cells == frozenset({DOOR}) and puzzle.doors.passing == frozenset({y.codes[0]})
    assert not build(OPEN, COUNTS[0]).barred_table().any()


# The Red Donkey (L'Ane Rouge) of the game's own library: Klotski's box with the exit under it, the donkey
# out through it. Its optimum under each count, as the README gives it, found by plain breadth-first search:
# its own count's (path, the menu card's figure) in every run, the others (2 s each) in the slow run.
RED_DONKEY = {"cell": 118, "line": 91, "path": 81}


@pytest.mark.parametrize("count", [pytest.param(c, marks=() if c.key == "path" else pytest.mark.slow, id=c.key)
                                   for c in COUNTS])
def test_the_red_donkeys_optimum_is_found_by_search(count):
    spec = catalog.get(counted_name("red-donkey", count) if count.key != "path" else "red-donkey")
    puzzle = spec.puzzle
    path = bfs(puzzle, puzzle.start)
    assert path is not None and len(path) == RED_DONKEY[count.key]
    donkey = puzzle.layout.kind_of["B"]
    assert {cell for cell, code in enumerate(path.states[-1]) if code in donkey.codes} == puzzle.doors.cells
    assert spec.figures.published is None   # no figure is published for the donkey leaving the box
