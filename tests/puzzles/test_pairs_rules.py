"""The pairs rules against the plain search written from the rules text alone (PUZZLE-FILES.md,
"family = pairs"; :mod:`tests.puzzles.plain_tokens`), over random small files: the same optimum
from every position the start reaches, the same dead ends, and a shown solution that is legal
and ends at a goal. Goal blocks with unequal colours and ``either_order`` too: the other order
keeps each colour's count."""
from __future__ import annotations

import random

import pytest

from game.catalog import library
from game.cli import main
from game.catalog.reading import parse_toml
from game.oracles.base import Build
from game.rules.puzzle import grid_state
from game.families.stones import STONE_CODES

from tests.puzzles.plain_tokens import Plain

Rows = tuple[str, ...]


# -- random small files ----------------------------------------------------------------------------

def random_file(rng: random.Random) -> str:
    """A pairs file of one or two short rows: a goal grid (often out of reach), or a goal block of
    the start's stones in some order, in either order or not."""
    height = 1 if rng.random() < 0.8 else 2
    width = rng.randint(4, 8 if height == 1 else 5)
    cells = width * height
    by_grid = rng.random() < 0.4
    stones = rng.randint(1, cells - 2 if by_grid else min(cells - 2, width))   # a block fits in one row
    black = rng.randint(0, stones)
    flat = list("B" * black + "W" * (stones - black) + "." * (cells - stones))
    rng.shuffle(flat)
    start = tuple("".join(flat[r * width:(r + 1) * width]) for r in range(height))
    if by_grid:
        rng.shuffle(flat)
        goal = tuple("".join(flat[r * width:(r + 1) * width]) for r in range(height))
        keys = "goal = \"\"\"\n" + "\n".join(goal) + "\n\"\"\"\n"
        return _toml(start, keys)
    block = list("B" * black + "W" * (stones - black))
    if rng.random() < 0.5:
        rng.shuffle(block)
    else:
        block.sort(reverse=rng.random() < 0.5)
    either = rng.random() < 0.6
    keys = f'goal_block = "{"".join(block)}"\n' + ("either_order = true\n" if either else "")
    return _toml(start, keys)


def _toml(start: Rows, keys: str) -> str:
    return 'format = 1\ntitle = "Random pairs"\nfamily = "pairs"\nstart = """\n' + "\n".join(start) + '\n"""\n' + keys


def check_against_plain_search(text: str) -> None:
    defn = parse_toml(text, "random.toml")
    spec = library.spec_for("random-pairs", defn)
    puzzle, oracle = spec.puzzle, spec.oracle
    assert oracle.prepare(Build.ALWAYS)
    plain = Plain(defn)   # type: ignore[arg-type]
    reached, distances = plain.distances()
    width = plain.width

    def state(position: str) -> bytes:
        return grid_state([position[i:i + width] for i in range(0, len(position), width)], STONE_CODES)

    for position in reached:
        assert puzzle.is_goal(state(position)) == plain.is_goal(position), (text, position)
        assert oracle.distance(state(position)) == distances.get(position), (text, position)
        assert oracle.dead_end(state(position)) == (position not in distances), (text, position)
    answer = oracle.answer(puzzle.start)
    if plain.start not in distances:
        assert answer.line is None, text
        return
    assert answer.line is not None and len(answer.line) == distances[plain.start], text
    shown = [puzzle.format(s).replace(" ", "").replace("/", "") for s in answer.line.states]
    assert shown[0] == plain.start and plain.is_goal(shown[-1]), text
    for before, after in zip(shown, shown[1:]):
        assert after in set(plain.moves(before)), (text, before, after)


@pytest.mark.parametrize("seed", range(40))
def test_random_pairs_files_agree_with_a_plain_search(seed):
    check_against_plain_search(random_file(random.Random(seed)))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40, 2040))
def test_many_random_pairs_files_agree_with_a_plain_search(seed):
    check_against_plain_search(random_file(random.Random(seed)))


# -- the files of the report ----------------------------------------------------------------------

EITHER = {   # start, goal block: either colour first, unequal counts
    "BWBWB..": "BBBWW",
    "WBWWW..": "BWWWW",
    "BB.W.": "BBW",
    "BWBWBWB...": "BBBBWWW",
}


@pytest.mark.parametrize("start", sorted(EITHER))
def test_either_order_with_unequal_colours_keeps_each_colours_count(start):
    check_against_plain_search(_toml((start,), f'goal_block = "{EITHER[start]}"\neither_order = true\n'))


def test_the_command_line_gives_the_true_optimum(tmp_path, capsys):
    path = tmp_path / "either.toml"
    path.write_text(_toml(("BWBWB..",), 'goal_block = "BBBWW"\neither_order = true\n'), encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert ": 3 moves, optimal." in out
    plain = Plain(parse_toml(path.read_text(encoding="utf-8"), path.name))   # type: ignore[arg-type]
    assert plain.distances()[1][plain.start] == 3
