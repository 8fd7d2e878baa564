"""The Tower of Hanoi's file keys (PUZZLE-FILES.md, family = "hanoi"), its position text, its rules for a legal
position, and the editor's edit (a disc carried to any peg settles there in size order): each mistake one sentence."""
from __future__ import annotations

import pytest

from game.catalog.reading import parse_toml, to_toml
from game.common.background import Service, Where
from game.families.hanoi.files import HanoiDef, MAX_POSITIONS, most_discs
from game.families.registry import family
from game.files.model import Common
from game.midend.editor import Editor
from game.rules.puzzle import PositionError
from tests.files.support import error_of, one_sentence

FILE = '''format = 1
title = "Four on four"
family = "hanoi"
discs = 4
pegs = 4
start = "1123"
goal = "4444"
'''


def test_a_file_reads_its_keys_and_writes_them_back() -> None:
    defn = parse_toml(FILE, "four.toml")
    assert isinstance(defn, HanoiDef) and family("hanoi").files is not None
    assert (defn.discs, defn.pegs, defn.start, defn.goal) == (4, 4, (0, 0, 1, 2), (3, 3, 3, 3))
    assert parse_toml(to_toml(defn), "four.toml") == defn
    assert 'start = "1123"' in to_toml(defn)


def test_the_start_and_goal_are_the_whole_tower_from_the_first_peg_to_the_last_unless_given() -> None:
    defn = parse_toml(FILE.replace('start = "1123"\ngoal = "4444"\n', ""), "four.toml")
    assert isinstance(defn, HanoiDef) and defn.start == (0,) * 4 and defn.goal == (3,) * 4
    spaced = parse_toml(FILE.replace('"1123"', '"1 1 2 3"'), "four.toml")
    assert isinstance(spaced, HanoiDef) and spaced.start == (0, 0, 1, 2)


BAD = [
    ('discs = 4', 'discs = 0', "discs"),
    ('discs = 4', 'discs = "4"', "discs"),
    ('pegs = 4', 'pegs = 2', "pegs"),
    ('pegs = 4', 'pegs = 10', "pegs"),
    ('start = "1123"', 'start = "112"', "start"),
    ('start = "1123"', 'start = "1125"', "start"),
    ('start = "1123"', 'start = "11x3"', "start"),
    ('start = "1123"', 'start = 1123', "start"),
    ('goal = "4444"', 'goal = "1123"', "goal"),
    ('discs = 4', 'disks = 4', "disks"),
]


@pytest.mark.parametrize("old,new,key", BAD, ids=[new for _, new, _ in BAD])
def test_each_mistake_is_one_sentence_naming_its_key(old: str, new: str, key: str) -> None:
    error = error_of(parse_toml, FILE.replace(old, new), "four.toml")
    one_sentence(str(error), "four.toml", f"'{key}'")


def test_more_discs_than_one_table_holds_is_refused_with_the_most_it_takes() -> None:
    assert most_discs(4) == 10 and most_discs(3) == 13 and 4 ** 10 <= MAX_POSITIONS < 4 ** 11
    error = str(error_of(parse_toml, FILE.replace("discs = 4", "discs = 11").replace('start = "1123"\ngoal = "4444"\n',
                                                                                     ""), "four.toml"))
    one_sentence(error, "four.toml", "'discs'")
    assert "4,194,304 positions" in error and "at most 10 discs" in error
    huge = str(error_of(parse_toml, FILE.replace("discs = 4", "discs = 100000000000000000000"), "four.toml"))
    one_sentence(huge, "four.toml", "'discs'")
    assert "from 1 to 10, not 100000000000000000000" in huge   # the bound for four pegs, not a count of positions


def puzzle_of(text: str = FILE):
    defn = parse_toml(text, "four.toml")
    return family("hanoi").spec("test-hanoi-four", defn).puzzle


def test_position_text_is_the_peg_of_each_disc_smallest_first() -> None:
    puzzle = puzzle_of()
    assert puzzle.format(puzzle.start) == "1 1 2 3" and puzzle.format(puzzle.goals()[0]) == "4 4 4 4"
    assert puzzle.parse("1 1 2 3") == puzzle.parse("1123") == puzzle.start
    text = puzzle.picture(puzzle.start).splitlines()
    assert text[-1].split() == ["----1----", "----2----", "----3----", "----4----"]
    assert text[-2].split() == ["=2=", "==3==", "===4===", "|"] and text[-3].split() == ["1", "|", "|", "|"]


@pytest.mark.parametrize("text,words", [("1 1 2", "has 4 discs"), ("1 1 2 5", "the pegs are 1 to 4"),
                                        ("a b c d", "is not a peg"), ("", "has 4 discs")])
def test_a_wrong_position_text_is_one_sentence(text: str, words: str) -> None:
    with pytest.raises(PositionError, match=words) as raised:
        puzzle_of().parse(text)
    assert "\n" not in str(raised.value)


def test_discs_rest_on_the_floor_or_on_larger_discs() -> None:
    puzzle = puzzle_of()
    state = bytearray(puzzle.start)
    floor, above = puzzle.columns[2][0], puzzle.columns[2][1]
    state[floor], state[above] = 0, state[floor]   # disc 4 hangs in the air over peg 3
    with pytest.raises(PositionError, match="floats"):
        puzzle.check(bytes(state))
    swapped = bytearray(puzzle.start)
    low, high = puzzle.columns[0][0], puzzle.columns[0][1]
    swapped[low], swapped[high] = swapped[high], swapped[low]
    with pytest.raises(PositionError, match="disc 2 lies on the smaller disc 1"):
        puzzle.check(bytes(swapped))
    puzzle.check(puzzle.start)


def test_moves_are_written_and_read_as_disc_and_pegs() -> None:
    puzzle = puzzle_of()
    texts = sorted(puzzle.move_text(puzzle.start, move) for move in puzzle.legal_moves(puzzle.start))
    assert texts == ["1 1-2", "1 1-3", "1 1-4", "3 2-3", "3 2-4", "4 3-4"]
    for move in puzzle.legal_moves(puzzle.start):
        assert puzzle.parse_move(puzzle.start, puzzle.move_text(puzzle.start, move)) == move
    assert puzzle.parse_move(puzzle.start, "1-4") == puzzle.parse_move(puzzle.start, "1 1-4")
    for bad, words in (("2 1-4", "not on top"), ("1-9", "not a peg"), ("3-2", "not a legal move"), ("4-1", "holds no disc"),
                       ("to 4", "is not a move")):
        with pytest.raises(PositionError, match=words):
            puzzle.parse_move(puzzle.start, bad)


def test_the_editor_carries_a_disc_to_any_peg_where_it_settles_in_size_order() -> None:
    defn = parse_toml(FILE, "four.toml")
    spec = family("hanoi").spec("test-hanoi-edit", defn)
    editor = Editor(spec, service=Service(Where.INLINE))
    puzzle = spec.puzzle
    bottom = puzzle.columns[0][0]   # disc 2, under disc 1 on peg 1
    assert editor.relocate(bottom, puzzle.columns[3][2]) is None   # let go anywhere on peg 4: it drops to the floor
    assert puzzle.format(editor.position) == "1 4 2 3" and editor.legal
    assert editor.relocate(puzzle.columns[1][0], puzzle.columns[3][3]) is None   # disc 3 onto peg 4: under disc 2
    assert puzzle.format(editor.position) == "1 4 4 3" and editor.legal
    assert editor.undo() and puzzle.format(editor.position) == "1 4 2 3"
    editor.close()
