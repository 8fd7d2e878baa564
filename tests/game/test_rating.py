"""The rating of difficulty orders sets whose order is known by construction, and its figures are the
table's, checked here by counting moves by hand on a small case."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.catalog import registry as catalog
from game.cli import main
from game.oracles.rating import GRADES, NotRated, Rating, rate, score
from game.oracles.table import TableOracle


def rating_of(name: str, state: bytes | None = None) -> Rating:
    spec = catalog.get(name)
    assert isinstance(spec.oracle, TableOracle)
    return rate(spec.puzzle, spec.oracle, spec.puzzle.start if state is None else state)


def corridor(folder: Path, length: int, side: int = 0) -> str:
    """A piece at one end of a corridor ``length`` cells long, to be brought to the other end; a bay
    ``side`` cells deep opens below the corridor's second cell (more room to go wrong, same optimum)."""
    bay = ["#." + "#" * (length - 2)] * side
    start = "\n".join(["A" + "." * (length - 1), *bay])
    goal = "\n".join(["." * (length - 1) + "A", *bay])
    path = folder / f"corridor-{length}-{side}.toml"
    path.write_text(f'format = 1\ntitle = "Corridor"\nfamily = "blocks"\nmoves = "cell"\n'
                    f'start = """\n{start}\n"""\ngoal = """\n{goal}\n"""\n', encoding="utf-8")
    return str(path)


def test_longer_corridors_rate_harder(tmp_path: Path) -> None:
    ratings = [rating_of(corridor(tmp_path, n)) for n in range(2, 9)]
    assert [r.optimum for r in ratings] == list(range(1, 8))
    assert all(a.rating < b.rating for a, b in zip(ratings, ratings[1:]))
    # the piece has one move at either end and two in between: log2(2) for each middle step
    assert [r.choice_bits for r in ratings] == [pytest.approx(max(0, n - 2)) for n in range(2, 9)]


def test_a_deeper_side_bay_rates_harder_at_the_same_optimum(tmp_path: Path) -> None:
    ratings = [rating_of(corridor(tmp_path, 5, side)) for side in range(0, 4)]
    assert len({r.optimum for r in ratings}) == 1 and ratings[0].optimum == 4
    assert all(a.rating < b.rating for a, b in zip(ratings, ratings[1:]))


@pytest.mark.parametrize("names", [[f"frogs-line-{n}" for n in range(1, 9)],    # a frog more a side each
                                   [f"tait-{n}" for n in range(3, 8)],          # a pair of coins more each
                                   [f"tait-fixed-{n}" for n in range(4, 8)]])
def test_puzzles_grown_one_piece_at_a_time_rate_harder_each_time(names: list[str]) -> None:
    ratings = [rating_of(name).rating for name in names]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)


def test_the_figures_by_hand_on_a_small_case() -> None:
    """The 8-puzzle one move from the goal: blank in a corner of the bottom row's middle, three moves,
    one of them optimal; the chance of playing it at random is a third."""
    r = rating_of("eight", catalog.puzzle("eight").parse("1 2 3/4 5 6/7 . 8"))
    assert (r.optimum, r.first_moves, r.branching, r.optimal_moves, r.dead_end_share) == (1, 1, 3.0, 1.0, 0.0)
    assert r.choice_bits == pytest.approx(math.log2(3)) and r.positions == 181_440
    assert r.rating == pytest.approx(math.log2(3) + math.log10(181_440)) == score(math.log2(3), 0.0, 181_440)
    assert r.grade == "Beginner"


def test_dead_ends_count_and_weigh() -> None:
    r = rating_of("frogs-line-3")
    assert 0 < r.dead_end_share < 1 and r.rating > r.choice_bits


def test_grades_cover_every_rating() -> None:
    limits = [limit for limit, _name in GRADES]
    assert limits == sorted(limits) and limits[-1] == math.inf


def test_a_dead_end_has_no_rating() -> None:
    puzzle = catalog.puzzle("frogs-line-3")
    assert catalog.get("frogs-line-3").oracle.distance(puzzle.parse("B B W . B W W")) is None
    with pytest.raises(NotRated):
        rating_of("frogs-line-3", puzzle.parse("B B W . B W W"))


def test_analyze_json_carries_the_rating(capsys) -> None:
    assert main(["analyze", "klotski", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["rating"]
    assert got["optimum"] == 81 and got["positions"] == 25_955 and got["grade"] == "Expert"
    assert set(got) >= {"first_moves", "optimal_moves", "branching", "dead_end_share", "choice_bits", "rating"}
