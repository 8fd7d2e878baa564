"""Whatever a puzzle file's grid says is position text, and what the game prints reads back: for every
family of the registry, the start each library file writes (its grid's rows joined by '/', or its position
text) reads as that puzzle's start, and so do the start printed as position text, in full and in ASCII
(``solve --json``, the window's copy). A grid with columns or rows of holes round it (a pegs file's
``start = "oo..#"``) is its own position text too, whichever side they stand on. A door (a blocks file's
``[doors]``) is an ordinary cell in position text: an empty one is '.', one with a piece on it the piece."""
from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import library
from game.catalog.reading import Collection, parse_toml, scan_folder, to_toml
from game.families import registry
from game.files.errors import PuzzleFileError
from game.files.model import FileDef
from game.files.shapes import MAX_SIDE, WALL
from game.rules.puzzle import Puzzle

FAMILIES = [family.key for family in registry.families() if family.definition is not None]


def _library() -> dict[str, list[tuple[str, FileDef]]]:
    """The library's puzzles, each with the name of its file, by family."""
    found: dict[str, list[tuple[str, FileDef]]] = {key: [] for key in FAMILIES}
    for path, got in (found for _, folder in library.shipped_folders() for found in scan_folder(folder)):
        for defn in got.puzzles if isinstance(got, Collection) else (got,):
            assert not isinstance(defn, PuzzleFileError), defn
            found[registry.family_of(defn).key].append((path.name, defn))
    return found


LIBRARY = _library()


def _puzzle(defn: FileDef, origin: str) -> Puzzle:
    return library.built_spec("grid-as-text", defn, origin).puzzle


def _start_text(defn: FileDef) -> str | None:
    """The start as the file writes it, as position text: a grid's rows joined by '/', or the text itself."""
    start = tomllib.loads(to_toml(defn)).get("start")
    if not isinstance(start, str):
        return None
    return "/".join(row for row in start.split("\n") if row.strip())


def _is_grid(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(row, str) for row in value)


def test_every_family_has_puzzles_in_the_library():
    assert FAMILIES and all(LIBRARY[key] for key in FAMILIES), {key: len(LIBRARY[key]) for key in FAMILIES}


@pytest.mark.parametrize("family", FAMILIES)
def test_a_files_start_and_the_printed_start_read_back_as_the_start(family):
    for origin, defn in LIBRARY[family]:
        puzzle = _puzzle(defn, origin)
        written = _start_text(defn)
        if written is not None:
            assert puzzle.parse(written) == puzzle.start, (origin, written)
        for plain in (False, True):
            text = puzzle.format(puzzle.start, plain)
            assert puzzle.parse(text) == puzzle.start, (origin, text)
            assert puzzle.format(puzzle.parse(text), plain) == text


def _holed(grid: tuple[str, ...], left: int, right: int, top: int, bottom: int) -> tuple[str, ...]:
    width = left + len(grid[0]) + right
    rows = tuple(WALL * left + row + WALL * right for row in grid)
    return (WALL * width,) * top + rows + (WALL * width,) * bottom


GRIDDED = [key for key in FAMILIES if any(_is_grid(getattr(defn, "start", None)) for _o, defn in LIBRARY[key])]


@pytest.mark.parametrize("family", GRIDDED)
@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_holes_round_a_files_grid_are_its_position_text_too(family, data):
    origin, defn = data.draw(st.sampled_from([(o, d) for o, d in LIBRARY[family] if _is_grid(getattr(d, "start"))]))
    height, width = len(defn.start), len(defn.start[0])
    left, right = (data.draw(st.integers(0, min(2, (MAX_SIDE - width) // 2))) for _side in range(2))
    top, bottom = (data.draw(st.integers(0, min(2, (MAX_SIDE - height) // 2))) for _side in range(2))
    changes: dict[str, object] = {key: _holed(getattr(defn, key), left, right, top, bottom)
                                  for key in ("start", "goal") if _is_grid(getattr(defn, key))}
    doors = getattr(defn, "doors", None)
    if doors is not None:   # a blocks file's doors stay on their cells
        changes["doors"] = replace(doors, cells=tuple((r + top, c + left) for r, c in doors.cells))
    try:
        holed = parse_toml(to_toml(replace(defn, **changes)), origin)   # type: ignore[type-var]
    except PuzzleFileError:
        # only a family whose grids never hold a hole refuses one
        assert not any(WALL in "".join(d.start) for _o, d in LIBRARY[family]), origin
        return
    puzzle = _puzzle(holed, origin)
    for text in ("/".join(holed.start), "/".join(" ".join(row) for row in holed.start)):   # "oo..#", "o o . . #"
        assert puzzle.parse(text) == puzzle.start, text
    text = puzzle.format(puzzle.start)
    assert puzzle.parse(text) == puzzle.start and puzzle.format(puzzle.parse(text)) == text


@pytest.mark.parametrize("given", ["o o . . #", "oo..#", "o o . .", "oo.."])
def test_a_pegs_files_own_row_is_position_text_on_the_command_line(capsys, tmp_path, given):
    from game.cli import main
    path = tmp_path / "row.toml"
    path.write_text('format = 1\ntitle = "Row"\nfamily = "pegs"\nmoves = "jump"\nstart = "oo..#"\ngoal_pegs = 1\n',
                    encoding="utf-8")
    assert main(["solve", str(path), "--from", given, "--json"]) == 0
    out, err = capsys.readouterr()
    said = [line for line in err.splitlines() if not line.startswith(" ") and "(first time only)" not in line]
    assert said == [] and '"start": "o o . ."' in out and '"length": 1' in out   # a slow build may say its progress


def test_a_door_is_an_ordinary_cell_of_position_text():
    """The library's puzzle with doors (the Red Donkey's exit): an empty door prints '.', the donkey on its
    doors prints as itself, and both read back."""
    origin, defn = next((o, d) for o, d in LIBRARY["blocks"] if getattr(d, "doors", None) is not None)
    puzzle = _puzzle(defn, origin)
    assert puzzle.doors.cells and puzzle.format(puzzle.start).endswith("/# . . #/# . . #")
    out = "A . . C/A . . C/D E E F/D G H F/I . . J/# B B #/# B B #"
    state = puzzle.parse(out)
    assert puzzle.is_goal(state) and puzzle.format(state) == out and puzzle.parse(puzzle.format(state, True)) == state
