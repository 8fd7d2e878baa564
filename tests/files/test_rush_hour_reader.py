"""The Rush Hour line format: 36 characters a lot, read into sliding-block definitions; Morning Traffic
written as a line is the same puzzle as its TOML file; each mistake is one sentence naming the line."""
from __future__ import annotations

import pytest

from game.catalog import library
from game.catalog import registry as catalog
from game.catalog.reading import Collection, read_puzzle_file, read_puzzles
from game.families.blocks.model import Axis, BlocksDef
from game.families.blocks.rush_hour import MAX_LOTS, line_of, lots, parse_collection, sniff
from game.files.errors import PuzzleFileError

from .support import LIBRARY, error_of, one_sentence, puzzle_only

TRAFFIC = "BBCGHoJoCGHoJAAEHoooIEKKooIDDFoooooF"   # Morning Traffic, its exit car lettered A


def test_a_lot_is_read_row_by_row_with_walls_and_axes() -> None:
    defn = parse_collection("AAoooBxooooBooooooCCCooooooooooooooo\n", "one.rush")[0]
    assert defn.start == ("AA...B", "#....B", "......", "CCC...", "......", "......")
    assert defn.goal[0] == "????AA" and defn.goal[1] == "#?????" and set(defn.goal[2]) == {"?"}
    assert defn.axis == {"A": Axis.X, "B": Axis.Y, "C": Axis.X} and defn.moves == "line"


def test_morning_traffic_as_a_line_is_the_same_puzzle_as_its_file(tmp_path) -> None:
    path = tmp_path / "traffic.rush"
    path.write_text(f"# Morning Traffic\n{TRAFFIC} 31\n", encoding="utf-8")
    imported = read_puzzle_file(path)
    assert isinstance(imported, BlocksDef)
    traffic = read_puzzle_file(LIBRARY / "traffic.toml")
    assert isinstance(traffic, BlocksDef) and puzzle_only(imported) == puzzle_only(traffic)
    assert imported.common.published == {"line": 31}
    spec = catalog.get(str(path))
    result, _seconds = spec.oracle.analysis()
    assert (result.positions, spec.oracle.distance(spec.puzzle.start)) == (9_089, 31)


def test_a_collection_holds_a_lot_a_line_numbered_and_the_format_is_known_by_its_content(tmp_path) -> None:
    text = f"; three lots\n\n{TRAFFIC}\n12 {TRAFFIC.replace('B', 'o')} 99\n{line_of(parse_collection(TRAFFIC, 'x')[0])}\n"
    lots = parse_collection(text, "three.rush", "Lot")
    assert [d.common.title for d in lots] == ["Lot 1", "Lot 2", "Lot 3"]
    assert lots[1].common.published == {"line": 12} and line_of(lots[2]) == TRAFFIC
    assert sniff(text.splitlines()) and not sniff(["format = 1"])
    path = tmp_path / "lots"    # no extension: found by what it holds
    path.write_text(text, encoding="utf-8")
    assert line_of(read_puzzle_file(path)) == TRAFFIC


@pytest.mark.parametrize("line,words", [
    ("AAoooo" * 5, "no lot of 36"),                                  # 30 characters
    ("AAoooo" + "Aooooo" + "o" * 24, "'A'"),                          # the red car bent
    ("BBoooo" + "o" * 30, "red car"),                                 # no red car
    ("Aooooo" + "Aooooo" + "o" * 24, "red car"),                      # the red car upright
    ("AAoooo" + "CCCCoo" + "o" * 24, "'C'"),                          # four cells long
    ("AAoooC" + "o" * 29 + "C", "'C'"),                               # apart
])
def test_a_lot_that_is_no_lot_is_one_sentence_naming_the_line(line: str, words: str) -> None:
    error = error_of(parse_collection, f"# header\n{line}\n", "bad.rush")
    assert isinstance(error, PuzzleFileError) and words in str(error)
    one_sentence(str(error), "bad.rush", "line 2")


def test_an_empty_collection_is_one_sentence() -> None:
    one_sentence(str(error_of(parse_collection, "# nothing\n", "empty.rush")), "empty.rush")


def test_a_bad_lot_of_a_file_is_its_own_sentence_and_the_others_are_puzzles(tmp_path) -> None:
    (tmp_path / "my-lots.rush").write_text(f"{TRAFFIC} 31\n{'BBoooo' + 'o' * 30}\n{TRAFFIC} Expert\n", encoding="utf-8")
    got = read_puzzles(tmp_path / "my-lots.rush")
    assert isinstance(got, Collection) and isinstance(got.puzzles[1], PuzzleFileError)
    one_sentence(str(got.puzzles[1]), "my-lots.rush", "line 2")
    specs, problems = library.load_folder(tmp_path, set())
    assert [spec.name for spec in specs] == ["my-lots-1", "my-lots-3"] and len(problems) == 1
    assert [(spec.title, spec.presentation.group, spec.presentation.variant) for spec in specs] == \
        [("My lots 1", "", ""), ("My lots 3", "Expert", "3")]


def test_a_file_of_too_many_lots_is_one_sentence() -> None:
    one_sentence(str(error_of(lots, f"{TRAFFIC}\n" * (MAX_LOTS + 1), "many.rush")), "many.rush")
    assert len(lots(f"{TRAFFIC}\n" * MAX_LOTS, "many.rush")) == MAX_LOTS
