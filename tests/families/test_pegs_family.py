"""Peg solitaire: every library figure proven by the plain searches of tests/families/plain_pegs.py (which
read the files with tomllib and list their own jumps), every solution the game gives replayed jump by
jump and ending at the goal, and the hints' dead ends held against plain solvability."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import registry as catalog
from game.catalog.reading import parse_toml, read_puzzle_file, to_toml
from game.files.errors import PuzzleFileError
from game.oracles.base import Build, Verdict
from tests.families.plain_pegs import PlainBoard, Solvability, chain_optimum

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "assets" / "puzzles"

# name -> (fewest jumps, fewest chains, positions the start reaches, of those that can still win), as the
# README gives them
SMALL = {"pegs-triangle-a1": (13, 10, 3016, 769), "pegs-triangle-a2": (13, 10, 2377, 550),
         "pegs-triangle-a3": (13, 9, 4237, 1548), "pegs-triangle-b3": (13, 11, 1651, 190),
         "pegs-square": (14, 9, 1871, 945), "pegs-rectangle": (16, 9, 6298, 1754)}
LARGE = {"pegs-english": 31, "pegs-french": 35}   # fewest jumps: every jump takes one peg


def plain(name: str) -> PlainBoard:
    return PlainBoard.read(PUZZLES / f"{name}.toml")


def spec_of(name: str, count: str):
    spec = catalog.get(name)
    return next(s for s in [spec] + [spec.recount(c) for c in spec.family.counts] if s.count.key == count)


def reach(board: PlainBoard) -> set[int]:
    """Every position the start reaches, jump by jump."""
    seen, todo = {board.start}, [board.start]
    while todo:
        for _jump, after in board.moves(todo.pop()):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def replayed(board: PlainBoard, puzzle, moves) -> int:
    """The position a line of the game's moves ends in, each chain played as its single jumps on the plain
    board (a jump that is not legal there fails the test); every chain is one peg's."""
    mask = board.mask(puzzle.start)
    for move in moves:
        holes = puzzle.route(b"", move)
        for a, t in zip(holes, holes[1:]):
            after = dict((jump[::2], m) for jump, m in board.moves(mask)).get((a, t))
            assert after is not None, f"{puzzle.name}: {puzzle.move_text(board.state(mask), move)} is not legal"
            mask = after
    return mask


@pytest.mark.parametrize("name", sorted(SMALL))
def test_the_small_boards_figures_are_proven_by_plain_search(name: str) -> None:
    board = plain(name)
    jumps, chains, positions, winnable = SMALL[name]
    solvable = Solvability(board)
    assert solvable(board.start) and board.start.bit_count() - board.goal_pegs == jumps
    assert chain_optimum(board) == chains
    reached = reach(board)
    assert len(reached) == positions and sum(map(solvable, reached)) == winnable
    figures = catalog.get(name).oracle.analysis()[0]
    assert (figures.positions, figures.solvable) == (positions, winnable)
    for count, figure in (("jump", jumps), ("chain", chains)):
        spec = spec_of(name, count)
        line = spec.oracle.solve(spec.puzzle.start)
        assert len(line) == figure
        assert board.is_goal(replayed(board, spec.puzzle, line.moves))


@pytest.mark.parametrize("name", [pytest.param("pegs-english", marks=pytest.mark.slow), "pegs-french"])
def test_the_large_boards_are_solved_by_jumps_legally(name: str) -> None:
    """Counted by jumps every finished game is as long (a jump takes one peg), so a legal line that ends at
    the goal proves the figure."""
    board = plain(name)
    spec = spec_of(name, "jump")
    line = spec.oracle.solve(spec.puzzle.start)
    assert len(line) == LARGE[name] == board.start.bit_count() - board.goal_pegs
    assert board.is_goal(replayed(board, spec.puzzle, line.moves))
    published = spec.figures.published
    assert published is None or published == LARGE[name]


def test_the_triangles_hints_mark_every_dead_end_exactly() -> None:
    """From every position the triangle's start reaches, each jump is marked a dead end exactly when
    plain search finds no way on from it to the goal, counted either way."""
    board = plain("pegs-triangle-a2")
    solvable = Solvability(board)
    for count in ("jump", "chain"):
        spec = spec_of("pegs-triangle-a2", count)
        oracle, puzzle = spec.oracle, spec.puzzle
        assert oracle.prepare(Build.ALWAYS)
        layer, seen, checked = {board.start}, set(), 0
        while layer:
            for mask in layer:
                verdicts = oracle.verdicts(board.state(mask))
                assert verdicts is not None
                by_jump = {(m.src, m.dst): v for m, v in verdicts}
                assert len(by_jump) == len(verdicts) == len(board.moves(mask))
                for (a, _b, t), after in board.moves(mask):
                    assert (by_jump[a, t] is Verdict.DEAD_END) == (not solvable(after)), puzzle.format(board.state(mask))
                    checked += 1
            seen |= layer
            layer = {after for mask in layer for _j, after in board.moves(mask)} - seen
        assert checked > 1000


@pytest.mark.slow
def test_the_english_boards_jump_hint_is_exact_from_a_reached_position() -> None:
    """Twelve jumps into the central game and on: each jump is marked a dead end exactly when plain search
    cannot finish in the centre from it (the marks are lookups in the table of solvable positions)."""
    board = plain("pegs-english")
    solvable = Solvability(board)
    spec = spec_of("pegs-english", "jump")
    line = spec.oracle.solve(spec.puzzle.start)
    rng = random.Random(20)
    for state in line.states[12:16]:
        mask = board.mask(state)
        verdicts = spec.oracle.verdicts(state)
        assert verdicts is not None
        by_jump = {(m.src, m.dst): v for m, v in verdicts}
        for (a, _b, t), after in board.moves(mask):
            assert (by_jump[a, t] is Verdict.DEAD_END) == (not solvable(after))
        dead = [after for _j, after in board.moves(mask) if not solvable(after)]
        for after in rng.sample(dead, min(2, len(dead))):   # a dead end reached: the hint says so, and where to go back
            assert spec.oracle.answer(board.state(after), [state]).dead_end


@pytest.mark.slow
def test_the_english_boards_18_chains_are_found_and_proven() -> None:
    """The central game counted by chains: the table of every solvable position it reaches gives 18, the
    line is legal and ends with one peg in the centre (the proof's own benchmark: ``bench pegs``)."""
    board = plain("pegs-english")
    spec = spec_of("pegs-english", "chain")
    assert spec.oracle.prepare(Build.ALWAYS)
    line = spec.oracle.solve(spec.puzzle.start)
    assert len(line) == 18 == spec.figures.published
    end = replayed(board, spec.puzzle, line.moves)
    assert board.is_goal(end) and end == 1 << 16   # hole 16 of 33: d4, the centre


def test_a_file_reads_back_as_it_was_written_and_bad_ones_get_one_sentence(tmp_path: Path) -> None:
    path = PUZZLES / "pegs-triangle-a1.toml"
    defn = read_puzzle_file(path)
    assert parse_toml(to_toml(defn), defn.common.origin) == defn
    text = path.read_text(encoding="utf-8")
    for bad, said in ((text.replace("goal_pegs = 1", "goal_pegs = 15"), "goal_pegs"),
                      (text.replace("ooooo\n", "ooxoo\n"), "contains 'x'"),
                      (text.replace(".####", "o####"), "no empty hole")):
        wrong = tmp_path / "wrong.toml"
        wrong.write_text(bad, encoding="utf-8")
        with pytest.raises(ValueError, match=said):
            read_puzzle_file(wrong)


def test_the_command_line_solves_in_position_text() -> None:
    done = subprocess.run([sys.executable, "main.py", "solve", "pegs-square", "--json", "--moves", "jump"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["optimal"] and len(answer["positions"]) == 15
    assert answer["positions"][0] == "o . o o/o o o o/o o o o/o o o o"
    assert sum(row.count("o") for row in answer["positions"][-1].split("/")) == 1
    bad = subprocess.run([sys.executable, "main.py", "solve", "pegs-square", "--from", "o . o o/o o o o/o o o o/o o o"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


@pytest.mark.slow
def test_the_benchmark_proves_the_18_and_plays_it_to_the_centre() -> None:
    done = subprocess.run([sys.executable, "main.py", "bench", "pegs", "--json"], capture_output=True, text=True,
                          cwd=ROOT, timeout=1200)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["finished"] and result["shortest"] == 18 and len(result["line"]) == 18
    board = plain("pegs-english")
    mask = board.start
    for text in result["line"]:   # 'o d2-d4-f4': every hop a legal jump of the one peg
        holes = [board.cells.index((int(h[1:]) - 1, ord(h[0]) - ord("a"))) for h in text.split()[-1].split("-")]
        for a, t in zip(holes, holes[1:]):
            mask = dict((jump[::2], m) for jump, m in board.moves(mask))[a, t]
    assert board.is_goal(mask)


RANGE = re.compile(r"from (\d+) to (\d+)")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from("o."), min_size=2, max_size=7).filter(lambda row: "." in row),
       st.one_of(st.integers(-2, 9), st.just("two")))
def test_a_goal_count_the_start_cannot_leave_says_what_is_wrong_never_an_empty_range(row, goal_pegs) -> None:
    pegs = row.count("o")
    text = f'format = 1\ntitle = "Row"\nfamily = "pegs"\nstart = "{"".join(row)}"\ngoal_pegs = {goal_pegs!r}\n'
    text = text.replace("'", '"')
    try:
        parse_toml(text, "row.toml")
    except PuzzleFileError as err:
        said = str(err)
        assert all(int(low) <= int(high) for low, high in RANGE.findall(said)), said
        if goal_pegs == pegs >= 1:
            assert f"already has {pegs} peg" in said, said
        if isinstance(goal_pegs, int) and goal_pegs > pegs > 0:
            assert f"more than the start's {pegs} peg" in said, said
    else:
        assert isinstance(goal_pegs, int) and 1 <= goal_pegs < pegs


def test_one_peg_and_goal_pegs_1_is_the_start_already_at_the_goal(tmp_path: Path) -> None:
    path = tmp_path / "one.toml"
    path.write_text('format = 1\ntitle = "One"\nfamily = "pegs"\nstart = "o..."\ngoal_pegs = 1\n', encoding="utf-8")
    with pytest.raises(PuzzleFileError) as info:
        read_puzzle_file(path)
    assert str(info.value) == "one.toml: key 'goal_pegs' is 1, but the start already has 1 peg: there would be " \
                              "nothing to solve."
