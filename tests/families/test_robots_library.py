"""The robots library (assets/puzzles/lunar-lockout-*.toml, ricochet-*.toml): every figure proven by a
plain search written from the rules (tests/families/plain_robots.py), independent of the engine: each
start's optimum, that no position it reaches needs more (each starts at the hardest position of what
its layout reaches), that they are numbered from easy to hard; and the engine's analysis and solutions
against the same search (a few in the default run, every one in the slow set)."""
from __future__ import annotations

import pytest

from game.catalog import registry as catalog
from game.catalog.library import LIBRARY
from game.catalog.reading import read_puzzle_file, to_toml
from game.families.robots.files import RobotsDef
from tests.families.plain_robots import PlainRobots
from tests.helpers import assert_optimal_and_legal

FILES = sorted(p.stem for p in LIBRARY.glob("*.toml") if isinstance(read_puzzle_file(p), RobotsDef))
LUNAR = [name for name in FILES if name.startswith("lunar-lockout-")]
RICOCHET = [name for name in FILES if name.startswith("ricochet-")]
# name: (positions the start reaches, dead ends among them, the start's optimum = the longest of them,
# how many positions need it), as the plain search finds them
FIGURES = {
    "lunar-lockout-01": (20, 8, 2, 1), "lunar-lockout-02": (15, 4, 3, 1), "lunar-lockout-03": (40, 25, 3, 2),
    "lunar-lockout-04": (19, 11, 4, 1), "lunar-lockout-05": (19, 11, 4, 1), "lunar-lockout-06": (19, 8, 5, 1),
    "lunar-lockout-07": (19, 8, 5, 1), "lunar-lockout-08": (50, 27, 6, 1), "lunar-lockout-09": (101, 70, 6, 1),
    "lunar-lockout-10": (171, 146, 7, 1), "lunar-lockout-11": (92, 59, 7, 1), "lunar-lockout-12": (48, 34, 8, 1),
    "lunar-lockout-13": (114, 98, 8, 1), "lunar-lockout-14": (212, 198, 9, 1), "lunar-lockout-15": (99, 85, 9, 1),
    "lunar-lockout-16": (935, 857, 10, 1), "lunar-lockout-17": (540, 394, 10, 1),
    "lunar-lockout-18": (228, 205, 11, 1), "lunar-lockout-19": (142, 101, 11, 1),
    "lunar-lockout-20": (372, 318, 12, 1), "lunar-lockout-21": (632, 540, 12, 1),
    "lunar-lockout-22": (201, 177, 13, 1), "lunar-lockout-23": (409, 383, 13, 2),
    "lunar-lockout-24": (1859, 1741, 14, 1),
    "ricochet-1": (64260, 0, 16, 82), "ricochet-2": (45393, 0, 17, 4), "ricochet-3": (66627, 0, 19, 6),
}
QUICK = {"lunar-lockout-01", "lunar-lockout-24"}   # the engine checked in the default run


def defn(name: str) -> RobotsDef:
    got = read_puzzle_file(LIBRARY / f"{name}.toml")
    assert isinstance(got, RobotsDef)
    return got


def test_the_library_is_at_least_twenty_lunar_lockout_layouts_and_a_few_boards_with_walls() -> None:
    assert len(LUNAR) >= 20 and len(RICOCHET) >= 3 and sorted(FIGURES) == FILES
    for name in LUNAR:
        d = defn(name)
        helpers = sum(ch not in ".#" for row in d.start for ch in row) - 1
        assert d.edge == "fall" and (len(d.start), len(d.start[0])) == (5, 5) and 3 <= helpers <= 5
        assert d.goal[2][2] == "A" and sum(ch != "?" for row in d.goal for ch in row) == 1
        assert d.same == ("".join(sorted(ch for row in d.start for ch in row if ch not in ".A")),)
        assert d.common.group == "Lunar Lockout" and d.common.variant == str(int(name.rsplit("-", 1)[1]))
    for name in RICOCHET:
        d = defn(name)
        assert d.edge == "stop" and any("#" in row for row in d.start) and d.common.group == "Ricochet boards"


@pytest.mark.parametrize("name", [n if n in LUNAR else pytest.param(n, marks=pytest.mark.slow) for n in FILES])
def test_each_start_is_the_hardest_position_it_reaches_by_a_plain_search(name: str) -> None:
    positions, dead_ends, longest, hardest, start = PlainRobots(defn(name)).figures()
    assert start == longest, f"{name}: the start needs {start}, a position it reaches {longest}"
    assert (positions, dead_ends, longest, hardest) == FIGURES[name]


def test_the_layouts_are_numbered_from_easy_to_hard() -> None:
    for group in (LUNAR, RICOCHET):
        optima = [FIGURES[name][2] for name in sorted(group, key=lambda n: int(defn(n).common.variant))]
        assert optima == sorted(optima) and len(set(optima)) > len(optima) // 3
    assert [FIGURES[n][2] for n in LUNAR][::len(LUNAR) - 1] == [2, 14]


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in FILES])
def test_the_engine_agrees_with_the_plain_search(name: str) -> None:
    spec = catalog.get(name)
    result, _ = spec.oracle.analysis()
    longest = FIGURES[name][2]
    assert (result.positions, result.dead_ends, result.max_distance, result.hardest_count) == FIGURES[name]
    assert spec.oracle.distance(spec.puzzle.start) == longest
    line = spec.oracle.solve(spec.puzzle.start)
    assert len(line) == longest
    assert_optimal_and_legal(spec.puzzle, spec.puzzle.start, list(line.moves))


def test_the_search_starts_each_layout_at_the_hardest_position_it_reaches() -> None:
    """bench/robots_library.py's method on a few random layouts, each start checked by the plain search."""
    from bench import robots_library as search
    found = search.lunar_candidates(seed=1, tries=40)
    assert found
    for f in found[:4]:
        positions, _dead_ends, longest, _hardest, start = PlainRobots(f.defn).figures()
        assert start == longest == f.moves and positions >= f.reach


@pytest.mark.slow
def test_the_search_finds_the_library_again() -> None:
    """The library is what `python -m bench.robots_library --write assets/puzzles` writes."""
    from bench import robots_library as search
    lunar = search.climb(search.lunar_candidates(search.SEED, search.TRIES), search.LUNAR, search.SEED)
    ricochet = search.ricochet_boards(search.SEED, search.BOARDS, search.RICOCHET)
    written = search.library(lunar, ricochet)
    assert sorted(written) == FILES
    for name, found in written.items():
        assert to_toml(found) == (LIBRARY / f"{name}.toml").read_text(encoding="utf-8"), name
