"""Sliding-block files beyond the other families' 16x16 grids and 62 pieces: up to 24 rows and columns and
90 pieces (punctuation too), read and solved as plain breadth-first search solves them, in every count."""
from __future__ import annotations

import string

import pytest

from game.catalog.library import spec_for
from game.catalog.reading import parse_toml
from game.families.blocks.counts import COUNTS
from game.families.blocks.rules import BlocksPuzzle
from game.families.blocks.solve import Solver
from solvers.limits import Limits, Watch
from solvers.search import bfs
from tests.helpers import assert_optimal_and_legal

PIECES = string.ascii_uppercase + string.ascii_lowercase + string.digits + "!$%&+-<>"   # 70 pieces


def wide_file(moves: str) -> str:
    """24x24: three rows of 70 one-cell pieces and two empty cells under the first two, the rest wall; the
    goal puts piece 'A' in the bottom row's first cell."""
    rows = [PIECES[:24], PIECES[24:25] + ".." + PIECES[25:46], PIECES[46:70]]
    start = rows + ["#" * 24] * 21
    goal = ["?" * 24, "?" * 24, "A" + "?" * 23] + ["#" * 24] * 21
    return (f'format = 1\ntitle = "Wide"\nfamily = "blocks"\nmoves = "{moves}"\n'
            f'start = """\n{chr(10).join(start)}\n"""\ngoal = """\n{chr(10).join(goal)}\n"""\n')


@pytest.mark.parametrize("count", COUNTS, ids=lambda c: c.key)
def test_a_24_by_24_board_of_70_pieces_reads_and_solves_as_breadth_first_search_does(count):
    spec = spec_for("wide", parse_toml(wide_file(count.key), "wide.toml"))
    puzzle = spec.puzzle
    assert isinstance(puzzle, BlocksPuzzle) and len(puzzle.start) >= 24 * 3
    plain = bfs(puzzle, puzzle.start)
    assert plain is not None
    solver = Solver(puzzle)
    states = solver.line(puzzle.start, Watch(Limits(None, None)))
    assert states is not None and len(states) - 1 == len(plain) > 1
    assert_optimal_and_legal(puzzle, puzzle.start, solver.moves(states))
