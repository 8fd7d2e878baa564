"""Sokoban's rules, tables and searches against the plain model (tests/families/sokoban/plain.py), which
shares nothing with the engine: the same moves from every position, every table entry (dead ends
included) under both counts, and optimal lines that are legal step by step and end on the targets."""
from __future__ import annotations

import random

import pytest

from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.oracle import SokobanSearchOracle, SokobanTableOracle
from game.families.sokoban.rules import SokobanPuzzle
from game.families.sokoban.search import search
from game.oracles.base import Build
from tests.families.sokoban.levels import LEVELS, PUSHES, STEPS, definition, spec
from tests.families.sokoban.plain import Plain, Position


def state_of(puzzle: SokobanPuzzle, position: Position) -> bytes:
    keeper, boxes = position
    out = bytearray(len(puzzle.board))
    for square in boxes:
        out[puzzle.board.index[square]] = BOX
    out[puzzle.board.index[keeper]] = KEEPER
    return bytes(out)


def position_of(puzzle: SokobanPuzzle, state: bytes) -> Position:
    cells = puzzle.board.cells
    return cells[state.index(KEEPER)], frozenset(cells[i] for i, code in enumerate(state) if code == BOX)


def walked(puzzle: SokobanPuzzle, before: bytes, moves) -> list[tuple[int, int]]:
    """The squares the keeper steps on, one by one, playing ``moves`` (the engine's way it walks)."""
    squares, at = [], before
    for move in moves:
        squares += [puzzle.board.cells[cell] for cell in puzzle.route(at, move)[1:]]
        at = puzzle.play(at, move)
    return squares


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_every_position_has_the_plain_steps(name):
    puzzle = spec(name).puzzle
    plain = Plain(definition(LEVELS[name]).level)
    assert position_of(puzzle, puzzle.start) == plain.start
    for position in plain.reach():
        state = state_of(puzzle, position)
        ours = {position_of(puzzle, after) for _move, after in puzzle.successors(state)}
        assert ours == {after for after, _push in plain.steps(position)}
        assert puzzle.is_goal(state) == plain.is_goal(position)


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_under_pushes_a_move_is_a_walk_or_a_walk_and_one_push(name):
    puzzle = spec(name, PUSHES).puzzle
    plain = Plain(definition(LEVELS[name]).level)
    rng = random.Random(name)
    for position in rng.sample(sorted(plain.reach(), key=repr), min(60, len(plain.reach()))):
        state = state_of(puzzle, position)
        walks = {p for p in _walks(plain, position)}
        pushes = {after for p in walks | {position} for after, push in plain.steps(p) if push}
        ours = [(move, position_of(puzzle, after)) for move, after in puzzle.successors(state)]
        assert {after for move, after in ours if puzzle.is_push(state, move)} == pushes
        assert {after for move, after in ours if not puzzle.is_push(state, move)} == walks - {position}


def _walks(plain: Plain, position: Position) -> set[Position]:
    seen, todo = {position}, [position]
    while todo:
        for after, push in plain.steps(todo.pop()):
            if not push and after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_the_moves_table_is_the_plain_distance_of_every_position_and_marks_dead_ends(name):
    s = spec(name)
    oracle = s.oracle
    assert isinstance(oracle, SokobanTableOracle) and oracle.prepare(Build.ALWAYS)
    plain = Plain(definition(LEVELS[name]).level)
    reach, far = plain.reach(), plain.moves_to_goal()
    assert oracle.table is not None and len(oracle.table) == len(reach)   # the component, exactly
    for position in reach:
        state = state_of(s.puzzle, position)
        assert oracle.distance(state) == far.get(position)
        assert oracle.dead_end(state) == (position not in far)
    figures, _seconds = oracle.analysis()
    assert figures.positions == len(reach) and figures.dead_ends == len(reach) - len(far)


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_the_pushes_table_is_the_plain_push_count_wherever_the_keeper_stands(name):
    s = spec(name, PUSHES)
    oracle = s.oracle
    assert oracle.prepare(Build.ALWAYS)
    plain = Plain(definition(LEVELS[name]).level)
    far = plain.pushes_to_goal()
    for position in plain.reach():
        assert oracle.distance(state_of(s.puzzle, position)) == far.get(position)


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_an_answer_under_pushes_has_the_fewest_pushes_then_the_fewest_steps(name):
    s = spec(name, PUSHES)
    puzzle = s.puzzle
    plain = Plain(definition(LEVELS[name]).level)
    far = plain.pushes_to_goal()
    rng = random.Random(name)
    for position in [plain.start] + rng.sample(sorted(far, key=repr), min(25, len(far))):
        state = state_of(puzzle, position)
        line = s.oracle.solve(state)
        squares = walked(puzzle, state, line.moves)
        end = plain.replay(squares, position)
        assert plain.is_goal(end) and line.states[-1] == state_of(puzzle, end)
        assert (len(line), len(squares)) == plain.best(position)
        assert all(puzzle.is_push(before, move) for before, move in zip(line.states, line.moves))


@pytest.mark.parametrize("name", sorted(LEVELS))
def test_an_answer_under_moves_is_a_shortest_walk_of_legal_steps(name):
    s = spec(name)
    plain = Plain(definition(LEVELS[name]).level)
    far = plain.moves_to_goal()
    rng = random.Random(name)
    for position in [plain.start] + rng.sample(sorted(far, key=repr), min(25, len(far))):
        state = state_of(s.puzzle, position)
        line = s.oracle.solve(state)
        end = plain.replay(walked(s.puzzle, state, line.moves), position)
        assert plain.is_goal(end) and len(line) == far[position] == plain.fewest_moves(position)


def test_the_two_counts_play_different_lines_where_the_level_makes_them():
    moves, pushes = spec("detour"), spec("detour", PUSHES)
    by_moves, by_pushes = moves.oracle.solve(moves.puzzle.start), pushes.oracle.solve(pushes.puzzle.start)
    plain = Plain(definition(LEVELS["detour"]).level)
    steps_by_pushes = len(walked(pushes.puzzle, pushes.puzzle.start, by_pushes.moves))
    pushes_by_moves = sum(moves.puzzle.is_push(before, move) for before, move in zip(by_moves.states, by_moves.moves))
    assert (len(by_moves), len(by_pushes)) == (plain.fewest_moves(), plain.best()[0]) == (23, 6)
    assert steps_by_pushes == plain.best()[1] == 31 > len(by_moves)
    assert pushes_by_moves > len(by_pushes)


@pytest.mark.parametrize("count", [STEPS, PUSHES], ids=lambda c: c.key)
@pytest.mark.parametrize("name", sorted(LEVELS))
def test_the_search_for_levels_without_a_table_finds_the_same_optimum(name, count):
    s = spec(name, count)
    puzzle = s.puzzle
    plain = Plain(definition(LEVELS[name]).level)
    oracle = SokobanSearchOracle(puzzle)
    rng = random.Random(name)
    for position in [plain.start] + rng.sample(sorted(plain.reach(), key=repr), min(12, len(plain.reach()))):
        state = state_of(puzzle, position)
        best = plain.best(position)
        line = oracle.answer(state).line
        if best is None:
            assert line is None and search(puzzle, state) is None
            continue
        assert line is not None
        squares = walked(puzzle, state, line.moves)
        assert plain.is_goal(plain.replay(squares, position))
        if count is PUSHES:
            assert (len(line), len(squares)) == best
        else:
            assert len(line) == plain.fewest_moves(position)


def test_marks_under_pushes_judge_every_push_and_say_dead_end_exactly():
    s = spec("yard", PUSHES)
    assert s.oracle.prepare(Build.ALWAYS)
    puzzle = s.puzzle
    plain = Plain(definition(LEVELS["yard"]).level)
    far = plain.pushes_to_goal()
    seen = set()
    for position in sorted(plain.reach(), key=repr)[::7]:
        state = state_of(puzzle, position)
        verdicts = dict(s.oracle.verdicts(state) or [])
        pushes = {m: position_of(puzzle, a) for m, a in puzzle.successors(state) if puzzle.is_push(state, m)}
        assert set(verdicts) == set(pushes)   # a walk alone changes nothing: no mark
        here = far.get(position)
        for move, after in pushes.items():
            there = far.get(after)
            want = ("dead end" if there is None else "farther" if here is None or there > here
                    else "closer" if there < here else "same")
            assert verdicts[move].value == want
            seen.add(want)
    assert {"dead end", "closer", "farther"} <= seen


def test_position_text_is_one_xsb_character_a_cell():
    s = spec("corridor")
    puzzle = s.puzzle
    assert puzzle.format(puzzle.start) == "# # # # # # #/# @ - $ - . #/# # # # # # #"
    assert puzzle.parse("#######/#@-$-.#/#######") == puzzle.start
    solved = puzzle.parse("# # # # # # #/# - - - @ * #/# # # # # # #")
    assert puzzle.is_goal(solved)
    for bad in ("#######/#@-$-$#/#######", "#######/#@.$--#/#######", "#######/#@-$-.-/#######"):
        with pytest.raises(ValueError):
            puzzle.parse(bad)
    tiny = FAMILY_SPEC("####\n#@$.")
    assert tiny.puzzle.format(tiny.puzzle.start) == "# # # #/# @ $ ."   # the example of PUZZLE-FILES.md


def FAMILY_SPEC(text: str):
    from game.families.sokoban.family import FAMILY
    return FAMILY.spec("tiny", definition(text))
