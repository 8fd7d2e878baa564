"""The Traffic pack: 40 lots of the game's own in the Rush Hour line format, each the hardest start of
its component with the optimum its line states, proven by a plain search written here (over the 36
characters themselves, knowing nothing of the engine), and graded by the rating as its line says and
as the menu's card it stands on says."""
from __future__ import annotations

import functools
from collections import deque
from pathlib import Path

import pytest
from _pytest.mark.structures import ParameterSet

from game.catalog import registry as catalog
from game.families.blocks.family import FAMILY
from game.families.blocks.rush_hour import SIDE, line_of, parse_collection
from game.oracles.rating import GRADES, Rating, rate
from game.oracles.table import TableOracle

PACK = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "traffic-pack.rush"
LINES = [line.split() for line in PACK.read_text(encoding="utf-8").splitlines()
         if line.strip() and not line.startswith("#")]
ORDER = [name for _limit, name in GRADES]
SMALL = 5_000    # components of fewer positions are proven in the default run, the others in the slow one
_GRADES = [fields[2] for fields in LINES]
SAMPLE = {i for i, grade in enumerate(_GRADES) if i == 0 or i == len(_GRADES) - 1 or _GRADES[i - 1] != grade
          or _GRADES[i + 1] != grade}   # the first and last lot of each grade are rated in the default run


def moves(board: str) -> list[str]:
    """Every board one move away: a car slid any distance along its length into empty cells."""
    out = []
    for car in sorted(set(board) - set("ox")):
        cells = [i for i, ch in enumerate(board) if ch == car]
        step = 1 if cells[1] - cells[0] == 1 else SIDE
        for direction in (-step, step):
            end = cells[0] if direction < 0 else cells[-1]
            shifted = 0
            while True:
                nxt = end + direction * (shifted + 1)
                if not 0 <= nxt < 36 or (step == 1 and nxt // SIDE != end // SIDE) or board[nxt] != "o":
                    break
                shifted += 1
                new = list(board)
                for i in cells:
                    new[i] = "o"
                for i in cells:
                    new[i + direction * shifted] = car
                out.append("".join(new))
    return out


def solved(board: str) -> bool:
    at = board.rindex("A")
    return at % SIDE == SIDE - 1


def plain_figures(start: str) -> tuple[int, int, int]:
    """(positions of the start's component, the start's fewest moves, the most any position needs)."""
    seen, frontier = {start}, [start]
    while frontier:
        layer = []
        for board in frontier:
            for after in moves(board):
                if after not in seen:
                    seen.add(after)
                    layer.append(after)
        frontier = layer
    distance = {board: 0 for board in seen if solved(board)}
    queue = deque(distance)
    while queue:
        board = queue.popleft()
        for after in moves(board):
            if after not in distance:
                distance[after] = distance[board] + 1
                queue.append(after)
    return len(seen), distance[start], max(distance.values())


def test_the_pack_holds_forty_different_lots_from_beginner_to_expert() -> None:
    lots = parse_collection(PACK.read_text(encoding="utf-8"), PACK.name, "Traffic pack")
    assert len(lots) == len(LINES) == 40 and len({line_of(d) for d in lots}) == 40
    assert [line_of(d) for d in lots] == [fields[0] for fields in LINES]
    grades = [fields[2] for fields in LINES]
    assert grades == sorted(grades, key=ORDER.index) and set(grades) == set(ORDER)
    assert all(not d.common.published for d in lots)   # the game's own optima (proven below), never "published"
    assert [str(d.common.subtitle) for d in lots] == [f"The fewest moves: {fields[1]} (line)." for fields in LINES]


def _lot(index: int) -> ParameterSet:
    board, optimum, grade, _positions = LINES[index]
    marks = [] if index in SAMPLE else [pytest.mark.slow]
    return pytest.param(board, int(optimum), grade, id=f"{index + 1}-{grade}-{optimum}", marks=marks)


@functools.cache
def rating_of(board: str) -> Rating:
    spec = FAMILY.spec("lot", parse_collection(board, PACK.name)[0])
    assert isinstance(spec.oracle, TableOracle)
    return rate(spec.puzzle, spec.oracle, spec.puzzle.start)


@pytest.mark.parametrize("board,optimum,grade", [_lot(i) for i in range(40)])
def test_each_lot_is_rated_as_its_line_says_and_the_ratings_climb(board: str, optimum: int, grade: str) -> None:
    rating = rating_of(board)
    assert (rating.optimum, rating.grade) == (optimum, grade)
    index = [fields[0] for fields in LINES].index(board)
    on_menu = catalog.get(f"traffic-pack-{index + 1}")   # the lot as the menu offers it: on its grade's card
    assert line_of(on_menu.as_file(on_menu.puzzle.start)) == board and on_menu.presentation.group == rating.grade
    if index:
        assert rating_of(LINES[index - 1][0]).rating <= rating.rating


def _proof(index: int, slow: bool) -> ParameterSet:
    board, optimum, _grade, _positions = LINES[index]
    marks = [pytest.mark.slow] if slow else []
    return pytest.param(board, int(optimum), id=f"{index + 1}-{optimum}", marks=marks)


SIZES = [int(fields[3].replace(",", "")) for fields in LINES]   # the component's positions, as the line says


@pytest.mark.parametrize("board,optimum", [_proof(i, SIZES[i] >= SMALL) for i in range(40)])
def test_each_optimum_by_a_plain_search_and_no_position_of_the_lot_is_farther(board: str, optimum: int) -> None:
    positions, start, farthest = plain_figures(board)
    assert start == optimum == farthest
    spec = FAMILY.spec("lot", parse_collection(board, PACK.name)[0])
    assert spec.oracle.analysis()[0].positions == positions
