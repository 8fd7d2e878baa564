"""Knuth's SLIDING input: his own example read as he illustrates it, and each mistake as one
sentence naming the line."""
from __future__ import annotations

import pytest

from game.catalog.reading import read_puzzle_file
from game.families.blocks.sliding import parse_sliding

from .support import FIXTURES, LIBRARY, error_of, one_sentence, puzzle_only


def test_his_example_reads_as_his_two_pictures():
    defn = read_puzzle_file(FIXTURES / "silly.sliding")
    assert defn.common.title == "a silly example"
    assert defn.start == ("AAA##", "BAB..", "BBB..", ".....", "CD...")
    assert defn.goal == ("...##", "...CD", "..AAA", "..BAB", "..BBB")
    assert defn.same == ("CD",)


def test_century_and_a_half_in_his_shorthand_is_the_library_puzzle():
    imported = read_puzzle_file(FIXTURES / "century-and-a-half.sliding")
    assert puzzle_only(imported) == puzzle_only(read_puzzle_file(LIBRARY / "century-and-a-half.toml"))


def test_trailing_zeros_may_be_omitted_and_lines_after_the_stop_are_not_read():
    text = "2 x 3\n1 = 11\n\n1\n0001\nthis line is not read\n"
    defn = parse_sliding(text, "two.sliding")
    assert defn.start == ("AA.", "...") and defn.goal == ("...", "AA.")
    assert defn.common.title == "two"   # no commentary: the file's name


def test_a_reference_cell_that_is_not_the_left_end_of_its_shape():
    text = "2 x 3 hooks\n1 = 01/11\n01\n001\n"
    defn = parse_sliding(text, "hook.sliding")
    assert defn.start == (".A.", "AA.") and defn.goal == ("..A", ".AA") and defn.common.title == "hooks"


GOOD = "3 x 3 (test)\n1 = 11\n2 = 1\n12\n00012\n"

BAD = [
    ("no size line", GOOD.replace("3 x 3 (test)", "three by three"), "line 1", "not a board size"),
    ("board too large", GOOD.replace("3 x 3", "3 x 17"), "line 1", "1 to 16"),
    ("board size absurd", GOOD.replace("3 x 3", "3 x " + "9" * 5000), "line 1", "far too large"),
    ("empty file", "\n\n", "", "empty"),
    ("bad piece name", GOOD.replace("2 = 1", "g = 1"), "line 3", "'g' is not a piece name"),
    ("bad pattern character", GOOD.replace("2 = 1", "2 = 12"), "line 3", "'2' in its pattern"),
    ("empty piece", GOOD.replace("2 = 1", "2 = 00"), "line 3", "empty"),
    ("piece wider than the board", GOOD.replace("1 = 11", "1 = 1111"), "line 2", "larger than the board"),
    ("piece split in two", GOOD.replace("1 = 11", "1 = 101"), "line 2", "split in two"),
    ("piece defined twice", GOOD.replace("2 = 1", "2 = 1\n1 = 1"), "line 4", "already defined on line 2"),
    ("undefined piece", GOOD.replace("\n12\n", "\n13\n"), "line 4", "piece 3"),
    ("illegal character", GOOD.replace("\n12\n", "\n1 2\n"), "line 4", "' ' at symbol 2"),
    ("overlap with the edge", GOOD.replace("\n12\n", "\n0012\n"), "line 4",
     "piece 1 at row 1, column 3 overlaps another piece, a wall or the board's edge"),
    ("overlap with a piece", "2 x 2\n1 = 11\n2 = 1/1\n21\n0\n", "line 4", "overlaps"),
    ("more cells than the board", GOOD.replace("00012\n", "00012000000\n"), "line 5", "more cells than the 3 x 3 board"),
    ("walls differ", GOOD.replace("\n12\n", "\n12x\n"), "line 5", "blocked (x) in only one"),
    ("counts differ", GOOD.replace("00012\n", "000122\n"), "line 5", "the stop has 2 pieces named 2, but the start has 1"),
    ("no stop", GOOD.replace("00012\n", ""), "", "before the stop"),
    ("no start", "3 x 3\n1 = 11\n", "", "before the start"),
    ("no piece", "3 x 3\n1 = 11\n000\n0\n", "line 3", "no piece"),
    ("no empty cell", "1 x 2\n1 = 1\n11\n11\n", "line 3", "no empty cell"),
]


def test_the_base_of_the_mistakes_is_good():
    assert parse_sliding(GOOD, "knuth.sliding").goal == ("...", "AAB", "...")


@pytest.mark.parametrize("text, where, words", [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_each_mistake_is_one_sentence_naming_the_line(text, where, words):
    message = str(error_of(parse_sliding, text, "knuth.sliding"))
    one_sentence(message, "knuth.sliding", where)
    assert words in message
