"""The level designer: the hardest start it finds is as far from the goal as the plain model says, and
the library is chosen from its candidates by the rules its docstring gives."""
from __future__ import annotations

from game.families.sokoban.counts import STEPS
from game.families.sokoban.generator import CHOSEN_POSITIONS, Found, choose, hardest_start
from game.families.sokoban.level import BOX, KEEPER, level_text, read_level
from game.families.sokoban.rules import make_sokoban
from tests.families.sokoban.levels import definition
from tests.families.sokoban.plain import Plain

# the yard of levels.py drawn solved: both boxes on their targets
SOLVED_YARD = """
#######
#  @* #
# -   #
### * #
#######
"""


def _drawn(rows: tuple[str, ...], state: bytes, cells: list[tuple[int, int]]) -> tuple[str, ...]:
    boxes = frozenset(cell for cell, code in zip(cells, state) if code == BOX)
    return level_text(rows, boxes, cells[state.index(KEEPER)])


def test_the_hardest_start_is_as_far_as_the_plain_search_says_and_its_component_has_none_farther():
    defn = definition(SOLVED_YARD)
    puzzle = make_sokoban("design", defn, STEPS)
    found = hardest_start(puzzle)
    assert found is not None
    start, depth = found
    level = read_level(list(defn.level))
    plain = Plain(_drawn(defn.level, start, level.cells))
    assert plain.fewest_moves() == depth
    # the start is the hardest position of its own component: no position it reaches needs more
    assert max(plain.moves_to_goal().values()) == depth

def _found(name: str, moves: int, pushes: int = 9, bound: int = 3, positions: int = 1_000) -> Found:
    return Found((name,), moves, pushes, bound, positions)


def test_the_library_is_chosen_by_band_score_and_the_boxes_interplay():
    crowd = [_found(f"easy{n}", 20 + n, pushes=9 + n) for n in range(8)]
    lone = _found("lone", 25, pushes=5, bound=4)                        # each box alone needs nearly all
    huge = _found("huge", 50, positions=CHOSEN_POSITIONS + 1)
    twin = _found("easy7", 27, pushes=16)                               # the same rows again
    hard = [_found(f"hard{n}", 60 + n) for n in range(3)]
    bands = choose([*crowd, lone, huge, twin, *hard], per_band=6)
    assert [[f.rows[0] for f in band] for band in bands] == [
        ["easy2", "easy3", "easy4", "easy5", "easy6", "easy7"], [], [], ["hard0", "hard1", "hard2"]]
    assert all(band == sorted(band, key=lambda f: (f.moves, f.pushes)) for band in bands)
