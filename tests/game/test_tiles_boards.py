"""Tiles of every size: the boards' files, their oracles (a table up to ten cells, pattern databases
beyond), the figures their files state proven by the search, and on the boards whose shuffles are
beyond reach the honest answer: said before searching, the shortest found, never called optimal."""
from __future__ import annotations

import json
import random

import pytest

from game.midend.ladder import band_words
from game.catalog import registry as catalog
from game.families.tiles.boards import REACH, BoardOracle
from game.families.tiles.dealing import ScrambledTiles, ShuffledTiles, random_tiles, scramble
from game.midend.memory import Memory
from game.midend.sayings import hint_words
from game.midend.session import Session
from game.oracles.base import Build, checked
from game.oracles.table import TableOracle
from game.common.background import Service, Where
from solvers.sliding import reaches

SMALL = {"tiles-2x3": 21, "tiles-2x4": 36, "tiles-2x5": 55}   # the longest of each board: the file's start


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_small_board_has_a_table_and_its_start_is_its_farthest_position(name):
    spec = catalog.get(name)
    oracle = spec.oracle
    assert isinstance(oracle, TableOracle) and oracle.prepare(Build.ALWAYS)
    assert oracle.max_distance() == SMALL[name]
    line = checked(spec.puzzle, spec.puzzle.start, oracle.solve(spec.puzzle.start))
    assert len(line) == SMALL[name] and line.proven


@pytest.fixture(scope="module")
def four_by_five():
    spec = catalog.get("tiles-4x5")
    assert isinstance(spec.oracle, BoardOracle) and spec.oracle.prepare(Build.ALWAYS)
    return spec


def test_the_four_by_five_start_is_proven_shortest(four_by_five):
    puzzle, oracle = four_by_five.puzzle, four_by_five.oracle
    assert oracle.foresight(puzzle.start) is None
    line = checked(puzzle, puzzle.start, oracle.solve(puzzle.start))
    assert line.proven and len(line) == 58 == line.at_least


def _beyond(spec, seed: int = 0) -> bytes:
    rng = random.Random(seed)
    while True:
        state = random_tiles(spec.puzzle.board.width, spec.puzzle.board.height, rng)
        if spec.oracle.beyond_reach(state):
            return state


def test_beyond_reach_the_answer_is_said_before_and_never_called_optimal(four_by_five):
    puzzle, oracle = four_by_five.puzzle, four_by_five.oracle
    state = _beyond(four_by_five)
    assert oracle.lower_bound(state) > REACH[4, 5]
    said = str(oracle.foresight(state))
    assert "not proven" in said and str(oracle.lower_bound(state)) in said
    line = checked(puzzle, state, oracle.solve(state))
    assert not line.proven and line.within == 1.5
    assert oracle.lower_bound(state) <= line.at_least <= len(line) <= line.within * line.at_least
    assert "optimal" not in line.algorithm.replace("weighted", "")
    words = hint_words(four_by_five, state, line.moves, line.at_least)
    assert "not proven" in words and f"at least {line.at_least}" in words


def test_a_hint_beyond_reach_in_a_game_is_labelled_not_proven(four_by_five):
    state = _beyond(four_by_five, seed=1)
    session = Session(four_by_five, state, service=Service(Where.INLINE))
    session.request_hint()
    events = session.update(0.0)
    hint = session.hint_info
    assert hint is not None and hint.move is not None and not hint.proven
    assert session.known_distance() is None            # a line not proven is no distance
    found = session.answers.found(state)
    assert found is not None and found[1] <= found[0]
    assert [e.message for e in events if e.message] == [band_words(found[1])]   # the band: of the proven floor
    for step in ("count", "piece", "move"):
        session.request_hint()
        said = [e.message for e in session.update(0.0) if e.message]
        assert said and ("not proven" in said[-1]) == (step != "piece"), (step, said)


def test_memory_keeps_a_line_not_proven_apart_and_a_proven_one_replaces_it(four_by_five):
    puzzle, oracle = four_by_five.puzzle, four_by_five.oracle
    state = _beyond(four_by_five, seed=2)
    line = oracle.solve(state)
    memory = Memory()
    memory.remember(line)
    assert not memory.proven(state) and memory.at_least(state) == line.at_least
    middle = line.states[len(line) // 2]
    assert memory.at_least(middle) == max(1, line.at_least - len(line) // 2)
    assert memory.line(line.states[-1]) == () and memory.at_least(line.states[-1]) == 0
    near = line.states[-6]
    proven = oracle.solve(near)
    assert proven.proven and len(proven) <= 5
    memory.remember(proven)
    assert memory.proven(near) and len(memory.line(near) or ()) == len(proven)


@pytest.mark.parametrize("name", ["tiles-4x5", "tiles-5x5"])
def test_boards_beyond_reach_deal_scrambles_the_game_can_answer(name):
    spec = catalog.get(name)
    assert isinstance(spec.dealer, ScrambledTiles) and spec.dealer.searched_limit == REACH[
        spec.puzzle.board.width, spec.puzzle.board.height]
    rng = random.Random(3)
    for _ in range(20):
        state = spec.dealer.deal(spec.puzzle, rng)
        assert state != spec.puzzle.goal_states[0]
        assert reaches(state, spec.puzzle.goal_states[0], spec.puzzle.board.width)


def test_a_scramble_is_within_its_walk_and_other_boards_are_shuffled():
    spec = catalog.get("tiles-2x4")
    assert isinstance(spec.dealer, ShuffledTiles)
    oracle = spec.oracle
    assert oracle.prepare(Build.ALWAYS)
    rng = random.Random(4)
    for walk in (1, 5, 12):
        for _ in range(30):
            assert 0 < len(oracle.solve(scramble(spec.puzzle, walk, rng))) <= walk


@pytest.mark.slow
def test_the_five_by_five_start_is_proven_shortest():
    spec = catalog.get("tiles-5x5")
    assert spec.oracle.prepare(Build.ALWAYS)
    line = checked(spec.puzzle, spec.puzzle.start, spec.oracle.solve(spec.puzzle.start))
    assert line.proven and len(line) == 50


def test_the_command_line_says_beforehand_and_never_calls_it_optimal(four_by_five, capsys):
    from game.cli import main
    state = _beyond(four_by_five, seed=3)
    text = four_by_five.puzzle.format(state)
    assert main(["solve", "tiles-4x5", "--from", text, "--json"]) == 0
    out, err = capsys.readouterr()
    got = json.loads(out)
    assert err.startswith("note: This position needs at least") and "not proven" in err
    assert got["optimal"] is False and got["shortest_found"] is True and got["within"] == 1.5
    assert got["at_least"] <= got["length"] <= 1.5 * got["at_least"]
    assert main(["solve", "tiles-4x5", "--from", text]) == 0
    out, err = capsys.readouterr()
    assert "the shortest found, not proven" in out and ", optimal." not in out


def test_a_board_dealt_without_a_start_asks_the_command_line_for_one(tmp_path, capsys):
    from game.cli import main
    path = tmp_path / "dealt.toml"
    path.write_text('format = 1\ntitle = "Dealt"\nfamily = "tiles"\nsize = "3x2"\n', encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    out, err = capsys.readouterr()
    assert "give a position with --from" in err and "Traceback" not in err
    assert main(["solve", str(path), "--from", "1 2 ./4 5 3"]) == 0
    assert "1 move, optimal" in capsys.readouterr().out


def test_a_board_beyond_reach_without_a_start_opens_on_a_scramble_it_can_answer(tmp_path):
    from game.catalog import library
    from game.catalog.reading import read_puzzle_file
    path = tmp_path / "dealt.toml"
    path.write_text('format = 1\ntitle = "Dealt"\nfamily = "tiles"\nsize = "4x5"\n', encoding="utf-8")
    spec = library.spec_for("dealt", read_puzzle_file(path))
    oracle = catalog.get("tiles-4x5").oracle
    assert oracle.prepare(Build.ALWAYS) and not spec.puzzle.start_given
    assert spec.puzzle.start != spec.puzzle.goal_states[0] and not oracle.beyond_reach(spec.puzzle.start)
