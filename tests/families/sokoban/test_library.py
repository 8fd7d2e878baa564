"""The library's Sokoban levels (assets/puzzles/warehouse-*.toml): every figure the README states (the
fewest moves; the fewest pushes and the steps of the shortest such line; the positions the start
reaches) proven by the plain model (tests/families/sokoban/plain.py), which shares nothing with the
engine; the game's own answers from the start are legal, end on the targets and have those lengths;
the levels stand graded by their optimum."""
from __future__ import annotations

import pytest

from game.catalog import registry as catalog
from game.catalog.library import LIBRARY
from game.catalog.reading import read_puzzle_file
from game.families.sokoban.files import SokobanDef
from tests.families.sokoban.plain import Plain
from tests.families.sokoban.test_rules import position_of, walked

FILES = sorted((p.stem for p in LIBRARY.glob("*.toml") if isinstance(read_puzzle_file(p), SokobanDef)),
               key=lambda stem: int(stem.rsplit("-", 1)[1]))

# the README's table: fewest moves, fewest pushes (with the steps of the shortest such line), positions
FIGURES = {
    "warehouse-1": (18, 10, 18, 5_685), "warehouse-2": (21, 9, 21, 1_869), "warehouse-3": (26, 8, 26, 12_161),
    "warehouse-4": (27, 9, 27, 134), "warehouse-5": (27, 10, 27, 36_586), "warehouse-6": (29, 12, 29, 27_618),
    "warehouse-7": (34, 12, 34, 94_749), "warehouse-8": (34, 13, 34, 30_042), "warehouse-9": (39, 12, 39, 9_589),
    "warehouse-10": (42, 11, 42, 60_045), "warehouse-11": (44, 12, 44, 6_394), "warehouse-12": (44, 15, 44, 49_742),
    "warehouse-13": (49, 17, 49, 10_912), "warehouse-14": (51, 18, 51, 3_886), "warehouse-15": (52, 22, 52, 36_990),
    "warehouse-16": (54, 21, 54, 109_148), "warehouse-17": (55, 20, 55, 35_311), "warehouse-18": (57, 19, 57, 43_107),
    "warehouse-19": (61, 13, 61, 30_663), "warehouse-20": (62, 19, 62, 120_327), "warehouse-21": (71, 18, 71, 107_727),
    "warehouse-22": (72, 22, 78, 61_444), "warehouse-23": (83, 22, 83, 69_733), "warehouse-24": (97, 15, 97, 66_220),
}
# the grade a level's subtitle names, by its fewest moves
GRADES = {"First steps": (0, 30), "Crowded": (30, 45), "Tight": (45, 60), "Hardest": (60, 1_000)}
# the largest components: a plain search of each takes seconds, so they are proven in the slow run
LARGE = 30_000


def _marked(name: str):
    return pytest.param(name, marks=pytest.mark.slow) if FIGURES[name][3] > LARGE else name


def test_the_library_has_the_levels_of_the_readme_graded_by_their_optimum() -> None:
    assert FILES == sorted(FIGURES, key=lambda stem: int(stem.rsplit("-", 1)[1]))
    assert len(FILES) >= 20
    moves = [FIGURES[name][0] for name in FILES]
    assert moves == sorted(moves)
    assert {catalog.get(name).presentation.group for name in FILES} == {"Warehouses"}   # one card, 24 variants
    grades = [read_puzzle_file(LIBRARY / f"{name}.toml").common.subtitle.split(":")[0] for name in FILES]
    for name, grade in zip(FILES, grades):
        assert GRADES[grade][0] <= FIGURES[name][0] < GRADES[grade][1]
    assert grades == sorted(grades, key=list(GRADES).index)

@pytest.mark.parametrize("name", [_marked(name) for name in sorted(FIGURES)])
def test_every_figure_by_the_plain_search(name: str) -> None:
    moves, pushes, steps, positions = FIGURES[name]
    plain = Plain(read_puzzle_file(LIBRARY / f"{name}.toml").level)
    assert len(plain.reach()) == positions
    assert plain.fewest_moves() == moves
    assert plain.best() == (pushes, steps)


@pytest.mark.parametrize("name", [_marked(name) for name in sorted(FIGURES)])
def test_the_game_answers_from_the_start_with_those_figures_in_legal_steps(name: str) -> None:
    moves, pushes, steps, _positions = FIGURES[name]
    plain = Plain(read_puzzle_file(LIBRARY / f"{name}.toml").level)
    for key, length, walk in (("moves", moves, moves), ("pushes", pushes, steps)):
        spec = catalog.get(name if key == "moves" else f"{name}@{key}")
        puzzle = spec.puzzle
        assert position_of(puzzle, puzzle.start) == plain.start
        line = spec.oracle.solve(puzzle.start)
        squares = walked(puzzle, puzzle.start, line.moves)
        end = plain.replay(squares)
        assert plain.is_goal(end) and puzzle.is_goal(line.states[-1])
        assert (len(line), len(squares)) == (length, walk)
