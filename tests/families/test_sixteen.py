"""Sixteen (family = "sixteen"): rows and columns that rotate, no empty cell. Its rules (wrap-around, every
move undone by another), the 3x3 table against a breadth-first search over the permutations the moves
generate, the search's answers against the table, the library's figures proven by the search, its file keys
(one sentence each mistake), the command line, and the menu."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import deque
from operator import itemgetter
from pathlib import Path

import pytest

from game.catalog import registry as catalog
from game.common import i18n
from game.catalog.reading import parse_toml, to_toml
from game.families.registry import family
from game.families.sixteen.files import SixteenDef, reaches
from game.families.sixteen.oracle import SixteenSearchOracle, sixteen_oracle
from game.families.sixteen.rules import arrangements, make_sixteen, reachable_count
from game.files.model import Common
from game.oracles.base import Build, replays
from game.oracles.table import TableOracle
from game.rules.puzzle import PositionError
from solvers.limits import Limits
from tests.files.support import error_of, one_sentence

ROOT = Path(__file__).resolve().parents[2]
FILE = '''format = 1
title = "Sixteen 3x3"
family = "sixteen"
start = """
2 3 1
4 5 6
7 8 9
"""
'''


def grid(width: int, height: int, start: bytes | None = None, goal: bytes | None = None):
    goal = goal or bytes(range(1, width * height + 1))
    return make_sixteen(f"sixteen-{width}x{height}", SixteenDef(Common(f"Sixteen {width}x{height}"), width, height,
                                                                  start or goal, goal))


def after(puzzle, state: bytes, text: str) -> str:
    return puzzle.format(puzzle.play(state, puzzle.parse_move(state, text)))


# -- rules ---------------------------------------------------------------------------------------------------


def test_a_row_or_column_turns_round_its_ends():
    puzzle = grid(3, 3)
    start = puzzle.goal_states[0]
    assert after(puzzle, start, "1 a1-b1") == "3 1 2/4 5 6/7 8 9"       # row 1 right: 3 comes back at the left
    assert after(puzzle, start, "2 b1-a1") == "2 3 1/4 5 6/7 8 9"       # left: 1 comes back at the right
    assert after(puzzle, start, "1 a1-a2") == "7 2 3/1 5 6/4 8 9"       # column a down: 7 back at the top
    assert after(puzzle, start, "4 a2-a1") == "4 2 3/7 5 6/1 8 9"       # up
    assert len(puzzle.legal_moves(start)) == 12
    wide = grid(4, 2)
    assert len(wide.legal_moves(wide.start)) == 2 * 2 + 4   # a column of two turns one way only: up is down
    assert after(wide, wide.start, "1 a1-a2") == "5 2 3 4/1 6 7 8"


def test_every_move_is_undone_by_another_and_by_its_rule_read_backwards():
    for width, height in ((3, 3), (4, 3), (2, 4), (4, 4)):
        puzzle = grid(width, height)
        state = bytes(random.Random(width * height).sample(range(1, width * height + 1), width * height))
        for move, nxt in puzzle.successors(state):
            assert state in {back for _m, back in puzzle.successors(nxt)}
            assert (move.rule, state) in {(i, prev) for i, prev in puzzle.rules.predecessors(nxt)}


def _group_bfs(width: int, height: int) -> tuple[int, int]:
    """Every arrangement the row and column turns reach from the goal, by breadth-first search over plain
    tuples (the turns written out here, not the game's rules): how many, and the farthest's distance."""
    n = width * height
    lines = [[r * width + c for c in range(width)] for r in range(height)]
    lines += [[r * width + c for r in range(height)] for c in range(width)]
    gathers = []
    for cells in lines:
        for way in (1, -1):
            gather = list(range(n))
            for i, cell in enumerate(cells):
                gather[cell] = cells[(i - way) % len(cells)]
            gathers.append(gather)
    goal = bytes(range(1, n + 1))
    turns = [itemgetter(*gather) for gather in gathers]
    seen, queue, far = {goal: 0}, deque([goal]), 0
    while queue:
        state = queue.popleft()
        depth = seen[state]
        far = max(far, depth)
        for turn in turns:
            nxt = bytes(turn(state))
            if nxt not in seen:
                seen[nxt] = depth + 1
                queue.append(nxt)
    return len(seen), far


@pytest.fixture(scope="module")
def table3x3():
    puzzle = grid(3, 3)
    oracle = TableOracle(puzzle)
    assert oracle.prepare(Build.ALWAYS)
    return oracle


def test_the_3x3_table_reaches_what_the_permutations_reach_and_its_diameter(table3x3):
    reached, diameter = _group_bfs(3, 3)
    counts = table3x3.counts()
    assert table3x3.puzzle.ranker.size == 362880           # every arrangement has a rank ...
    assert sum(counts) == reached == reachable_count(3, 3, bytes(range(1, 10)))   # ... half of them in reach
    assert reached * 2 == arrangements(bytes(range(1, 10)))
    assert len(counts) - 1 == diameter == table3x3.max_distance()


@pytest.mark.parametrize("width,height", [(2, 2), (3, 2), (2, 4)])
def test_a_grid_with_an_even_side_reaches_every_arrangement(width, height):
    reached, _far = _group_bfs(width, height)
    assert reached == reachable_count(width, height, bytes(range(1, width * height + 1))) == arrangements(
        bytes(range(width * height)))


def _search_oracle(puzzle) -> SixteenSearchOracle:
    oracle = SixteenSearchOracle(puzzle)
    oracle.limits = Limits(120)
    assert oracle.prepare(Build.ALWAYS)
    return oracle


def test_the_search_answers_random_3x3_positions_as_the_table_does(table3x3):
    puzzle = table3x3.puzzle
    search = _search_oracle(puzzle)
    rng = random.Random(16)
    for _ in range(25):
        state = table3x3.random_position(rng)
        line = search.solve(state)
        assert line.proven and replays(puzzle, state, line)
        assert len(line) == table3x3.distance(state)


def test_a_position_out_of_reach_is_refused_in_one_sentence():
    puzzle = grid(3, 3)
    with pytest.raises(PositionError) as refused:
        puzzle.parse("2 1 3/4 5 6/7 8 9")
    assert "parity" in str(refused.value) and str(refused.value).count(".") == 1
    assert not reaches(bytes([2, 1, 3, 4, 5, 6, 7, 8, 9]), bytes(range(1, 10)), 3, 3)
    assert reaches(bytes([2, 1, 3, 4, 5, 6, 7, 8]), bytes(range(1, 9)), 4, 2)


def test_a_wrong_count_of_a_tile_names_the_tile_in_the_players_language():
    numbered = bytes([1, 2, 3, 4, 5, 6, 7, 30, 31])   # a file may number its tiles up to 99
    puzzle = grid(3, 3, numbered, numbered)
    twice = bytes([1, 2, 3, 4, 5, 6, 7, 30, 30])      # two 30s, no 31
    with pytest.raises(PositionError) as english:
        puzzle.check(twice)
    assert "'tile 30'" in str(english.value)
    i18n.activate("ja")
    with pytest.raises(PositionError) as japanese:
        puzzle.check(twice)
    assert "「30の駒」" in str(japanese.value) and "tile" not in str(japanese.value)


# -- the library -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,moves", [("sixteen-3x3", 8), ("sixteen-4x3", 10)])
def test_the_library_figures_are_proven_by_the_search(name, moves):
    spec = catalog.get(name)
    line = _search_oracle(spec.puzzle).solve(spec.puzzle.start)
    assert line.proven and len(line) == moves and replays(spec.puzzle, spec.puzzle.start, line)
    if spec.puzzle.ranker is not None:
        assert isinstance(spec.oracle, TableOracle) and spec.oracle.prepare(Build.ALWAYS)
        assert spec.oracle.distance(spec.puzzle.start) == moves


@pytest.mark.slow
def test_the_4x4_library_figure_is_proven_by_the_search():
    spec = catalog.get("sixteen-4x4")
    assert isinstance(spec.oracle, SixteenSearchOracle)
    line = _search_oracle(spec.puzzle).solve(spec.puzzle.start)
    assert line.proven and len(line) == 12 and replays(spec.puzzle, spec.puzzle.start, line)


def test_a_limit_gives_the_best_line_found_not_proven_and_what_every_line_needs():
    puzzle = grid(4, 3, bytes([5, 7, 9, 8, 6, 10, 2, 12, 1, 11, 4, 3]))
    oracle = SixteenSearchOracle(puzzle)
    assert oracle.prepare(Build.ALWAYS)
    oracle.limits = Limits(0.0)       # the search stops at once: the quick line, never called shortest
    line = oracle.solve(puzzle.start)
    assert not line.proven and replays(puzzle, puzzle.start, line)
    assert 0 < line.at_least <= 10 <= len(line)
    oracle.limits = Limits(120, memory=1 << 20)   # less than its pattern table (3 MB): stopped, and said so
    held = oracle.solve(puzzle.start)
    assert not held.proven and held.at_least > 0 and replays(puzzle, puzzle.start, held)
    oracle.limits = Limits(120)
    proven = oracle.solve(puzzle.start)
    assert proven.proven and len(proven) == 10


def test_the_family_is_on_the_menu():
    shelves = {shelf.key: specs for shelf, specs in catalog.shelves()}
    assert {"sixteen-3x3", "sixteen-4x3", "sixteen-4x4"} <= {spec.name for spec in shelves["sixteen"]}
    assert isinstance(sixteen_oracle(catalog.puzzle("sixteen-3x3")), TableOracle)
    assert isinstance(sixteen_oracle(catalog.puzzle("sixteen-4x3")), SixteenSearchOracle)


def test_solve_json_on_a_3x3_file_is_optimal(tmp_path, table3x3):
    path = tmp_path / "far.toml"
    path.write_text(FILE.replace("2 3 1\n4 5 6\n7 8 9", "9 7 8\n3 1 2\n6 4 5"))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "solve", str(path), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    start = table3x3.puzzle.parse("9 7 8/3 1 2/6 4 5")
    assert answer["optimal"] is True and answer["length"] == table3x3.distance(start) > 0


# -- files ----------------------------------------------------------------------------------------------------


def test_a_file_reads_its_keys_and_writes_them_back():
    defn = parse_toml(FILE, "s.toml")
    assert isinstance(defn, SixteenDef) and family("sixteen").files is not None
    assert (defn.width, defn.height, defn.start, defn.goal) == (3, 3, bytes([2, 3, 1, 4, 5, 6, 7, 8, 9]),
                                                                 bytes(range(1, 10)))
    assert parse_toml(to_toml(defn), "s.toml") == defn
    slashed = parse_toml(FILE.replace('"""\n2 3 1\n4 5 6\n7 8 9\n"""', '"2 3 1/4 5 6/7 8 9"'), "s.toml")
    assert slashed == defn
    same = parse_toml(FILE.replace("7 8 9", "7 8 8") + 'goal = """\n1 2 3\n4 5 6\n7 8 8\n"""\n', "s.toml")
    assert isinstance(same, SixteenDef) and same.goal[-2:] == bytes([8, 8])


BAD = [
    ("7 8 9\n", "7 8\n", "start"),
    ("7 8 9\n", "7 8 x\n", "start"),
    ("7 8 9\n", "7 8 100\n", "start"),
    ("7 8 9\n", "7 8 9\n1 2 3\n4 5 6\n", "start"),
    ("2 3 1", "2 3", "start"),
    ("2 3 1", "2 1 3", "start"),
    ('start = """', 'begin = """', "begin"),
    ("7 8 9\n\"\"\"\n", "7 8 9\n\"\"\"\ngoal = \"1 2 3/4 5 6/7 8 8\"\n", "goal"),
    ("7 8 9\n\"\"\"\n", "7 8 9\n\"\"\"\ngoal = \"1 2/3 4\"\n", "goal"),
]


@pytest.mark.parametrize("old,new,key", BAD, ids=[new.strip() for _, new, _ in BAD])
def test_each_mistake_is_one_sentence_naming_its_key(old, new, key):
    error = error_of(parse_toml, FILE.replace(old, new), "s.toml")
    one_sentence(str(error), "s.toml", f"'{key}'")
