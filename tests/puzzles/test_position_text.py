"""Position text the program writes (``solve --json``, a copied position, a saved game) reads back as
the same position: through the puzzle's own parse, and as the start of a puzzle file, where "each
distinct character is exactly one piece" (PUZZLE-FILES.md). So distinct pieces get distinct
characters and holes are written '#': any other reader gets the same puzzle. Every puzzle of the
catalog, at its start, along a few random moves, and along a solution where one is cheap."""
from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from game.catalog import registry as catalog
from game.catalog import library
from game.files.errors import PuzzleFileError
from game.families.blocks.model import BlocksDef
from game.catalog.reading import parse_toml
from game.catalog.reading import to_toml
from game.families.blocks.files import blocks_grid
from game.families.tiles.files import TilesDef
from game.families.sokoban.files import SokobanDef
from game.families.sixteen.files import SixteenDef

from tests.helpers import random_walk

NAMES = sorted(catalog.names())


def _has_a_file_form(name: str) -> bool:
    """A puzzle that can be written as a file that reads back (frogs-line-8's 17 cells in a row are
    more than a file's grid holds, so it has none, whatever its position text)."""
    spec = catalog.get(name)
    if spec.as_file is None:
        return False
    try:
        parse_toml(to_toml(spec.as_file(spec.puzzle.start)), "start.toml")
    except PuzzleFileError:
        return False
    return True


# Known here, not found at collection (which would build every puzzle in each worker): the test below finds them.
WITHOUT_A_FILE_FORM = ["eight", "fifteen", "frogs-line-8"]
FILED = [name for name in NAMES if name not in WITHOUT_A_FILE_FORM]
ALONG_A_SOLUTION = ["motor-car", "moving-day", "goat", "frogs-a", "century-and-a-half", "hughes", "pairs-open"]


def positions(name: str) -> list[bytes]:
    """The start, a few positions some random moves away, and for some puzzles every fifth
    position of an optimal solution."""
    spec = catalog.get(name)
    puzzle = spec.puzzle
    rng = random.Random(name)
    found = [puzzle.start] + [random_walk(puzzle, puzzle.start, steps, rng) for steps in (3, 12, 40)]
    if name in ALONG_A_SOLUTION:
        found += list(spec.oracle.solve(puzzle.start).states[1::5])
    return found


@pytest.mark.parametrize("name", NAMES)
def test_position_text_reads_back_through_the_puzzle(name):
    puzzle = catalog.puzzle(name)
    for state in positions(name):
        text = puzzle.format(state)
        assert puzzle.parse(text) == state, text
        assert puzzle.format(puzzle.parse(text)) == text


def _grid(text: str) -> tuple[str, ...]:
    """A position text as the rows of a puzzle file's grid."""
    return tuple(row.replace(" ", "") for row in text.split("/"))


@pytest.mark.parametrize("name", FILED)
def test_position_text_is_the_same_position_as_a_puzzle_files_start(name):
    spec = catalog.get(name)
    puzzle = spec.puzzle
    assert spec.as_file is not None
    for state in positions(name):
        text = puzzle.format(state)
        base = spec.as_file(puzzle.start)
        if isinstance(base, TilesDef):   # a tiles file's start is position text itself
            read = parse_toml(to_toml(base).replace(to_toml(base).split("start = ")[1].split("\n")[0],
                                                     f'"{text}"'), "position.toml")
            assert library.spec_for("position", read).puzzle.start == state, text
            continue
        if isinstance(base, SixteenDef):   # a Sixteen file's start reads position text too (rows joined by /)
            written_text = re.sub(r'start = """.*?"""', f'start = "{text}"', to_toml(base), flags=re.S)
            read = parse_toml(written_text, "position.toml")
            assert f'start = "{text}"' in written_text and library.spec_for("position", read).puzzle.start == state
            continue
        grid = "level" if isinstance(base, SokobanDef) else "start"   # a level draws its start
        if not isinstance(getattr(base, grid)[0], str):   # a start that is one string, not a grid
            _is_the_files_string(spec, state, text)
            continue
        written = replace(base, **{grid: _grid(text)})
        read = parse_toml(to_toml(written), "position.toml")
        again = library.spec_for("position", read).puzzle
        if isinstance(read, BlocksDef):   # the same pieces on the same cells (codes follow the file's order)
            assert isinstance(written, BlocksDef)
            assert blocks_grid(read, again.start) == blocks_grid(spec.as_file(puzzle.start), state), text
        else:
            assert again.start == state, text


def _is_the_files_string(spec, state: bytes, text: str) -> None:
    """A start written as one string (the Tower of Hanoi's peg of each disc): the position text without its
    spaces, as the file of that position writes it, and the file reads back as the same position."""
    assert spec.as_file is not None
    written = to_toml(spec.as_file(state))
    assert f'start = "{text.replace(" ", "")}"' in written.splitlines(), text
    assert library.spec_for("position", parse_toml(written, "position.toml")).puzzle.start == state, text


def test_the_motor_cars_three_cars_are_three_pieces():
    """Dudeney's three interchangeable cars once printed as '1 1 1': one 1x3 piece in a puzzle file."""
    puzzle = catalog.puzzle("motor-car")
    text = puzzle.format(puzzle.start)
    assert text.split("/")[0] == "1 2 3" and text.split("/")[-1] == "4 5 6"
    assert puzzle.parse("1 1 1/# . #/. . #/# . #/4 4 4") == puzzle.start   # what older versions wrote still reads


def test_every_puzzle_but_the_longest_frog_line_has_a_file_form():
    assert [name for name in NAMES if not _has_a_file_form(name)] == WITHOUT_A_FILE_FORM


def test_older_texts_still_read():
    """Saved games and copied positions of older versions wrote faces and left holes out."""
    goat = catalog.puzzle("goat")
    assert goat.parse("┌ ─ ┐ ▭/│ . ∥ S/└ ─ ┘ W") == goat.start
    assert goat.parse("tl - tr =/| . g S/bl - br W") == goat.start
    frogs = catalog.puzzle("frogs-a")
    assert frogs.parse("B/B B/B B . W W/W W/W") == frogs.start
    assert frogs.format(frogs.start) == "# # B # #/# B B # #/B B . W W/# # W W #/# # W # #"
