"""LURD, both ways: a game written as letters and read back is the same game (random play, both counts),
every answer of the solver is written as letters the rules play to the goal (checked against the plain
model, which knows nothing of the engine), run lengths read, a line read backwards from where it ends
gives where it began, and each letter that cannot be played is one sentence saying which and why."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.families.sokoban.level import KEEPER
from game.families.sokoban.lurd import MAX_STEPS, checked, letters
from game.rules.puzzle import Move, PositionError
from tests.families.sokoban.levels import LEVELS, PUSHES, STEPS, spec
from tests.families.sokoban.plain import Plain, Position

STEP = {"l": (0, -1), "u": (-1, 0), "r": (0, 1), "d": (1, 0)}


def random_game(s, choices: list[int]) -> tuple[list[Move], list[bytes]]:
    """Moves picked by ``choices`` among the legal ones, from the start: the moves and every position."""
    puzzle = s.puzzle
    states, moves = [puzzle.start], []
    for pick in choices:
        legal = list(puzzle.successors(states[-1]))
        if not legal:
            break
        move, after = legal[pick % len(legal)]
        moves.append(move)
        states.append(after)
    return moves, states


def as_plain(s, state: bytes) -> Position:
    cells = s.puzzle.board.cells
    return cells[state.index(KEEPER)], frozenset(cells[i] for i, code in enumerate(state) if code == 2)


def plain_plays(plain: Plain, text: str, at: Position) -> list[Position]:
    """The positions the plain model reaches letter by letter; each letter a step of its kind (a capital a
    push, a small letter none), or the test fails."""
    out = [at]
    for letter in text:
        dr, dc = STEP[letter.lower()]
        square = (at[0][0] + dr, at[0][1] + dc)
        got = next((after for after, push in plain.steps(at) if after[0] == square and push == letter.isupper()), None)
        assert got is not None, f"{letter} cannot be played at {at}"
        at = got
        out.append(at)
    return out


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(LEVELS)), st.lists(st.integers(0, 10_000), max_size=40))
def test_a_random_game_under_moves_reads_back_move_for_move(name, choices):
    s = spec(name, STEPS)
    moves, states = random_game(s, choices)
    text = s.notation.write(s.puzzle.start, moves)
    assert len(text) == len(moves)                        # a move a letter
    read = s.notation.read(s.puzzle.start, text) if text else []
    assert [m for m, _after in read] == moves and [after for _m, after in read] == states[1:]
    assert [m.rule for m, _after in read] == [m.rule for m in moves]   # the very rules: their kinds too
    plain = Plain(s.puzzle.level.rows)
    assert plain_plays(plain, text, as_plain(s, states[0])) == [as_plain(s, st) for st in states]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(LEVELS)), st.lists(st.integers(0, 10_000), max_size=25))
def test_a_random_game_under_pushes_reads_back_push_for_push(name, choices):
    s = spec(name, PUSHES)
    moves, states = random_game(s, choices)
    text = s.notation.write(s.puzzle.start, moves)
    pushes = [after for m, before, after in zip(moves, states, states[1:]) if s.puzzle.is_push(before, m)]
    assert sum(ch.isupper() for ch in text) == len(pushes)
    if not text:   # walks that came back where they began: no letter, no move
        assert states[-1] == states[0]
        return
    read = s.notation.read(s.puzzle.start, text)
    read_pushes = [after for (m, after), before in zip(read, [s.puzzle.start] + [a for _m, a in read])
                   if s.puzzle.is_push(before, m)]
    end = read[-1][1] if read else s.puzzle.start     # walks back where they began are no move
    assert read_pushes == pushes and end == states[-1]   # the same pushes, and the same end
    positions = [s.puzzle.start]
    for move, after in read:   # each a legal move of the count, leading where it says
        assert s.puzzle.play(positions[-1], move) == after
        positions.append(after)
    ends = plain_plays(Plain(s.puzzle.level.rows), text, as_plain(s, states[0]))
    assert ends[-1] == as_plain(s, states[-1])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(LEVELS)), st.sampled_from(("moves", "pushes")), st.lists(st.integers(0, 10_000),
                                                                                       min_size=1, max_size=30))
def test_a_line_read_backwards_from_its_end_begins_at_its_start(name, count, choices):
    s = spec(name, STEPS if count == "moves" else PUSHES)
    moves, states = random_game(s, choices)
    text = s.notation.write(s.puzzle.start, moves)
    if text:
        assert s.notation.start_of(states[-1], text) == s.puzzle.start


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("lurdLURD"), st.integers(1, 30)), min_size=1, max_size=20))
def test_run_lengths_are_read_as_their_letters_written_out(runs):
    compact = "".join(f"{n}{ch}" if n > 1 else ch for ch, n in runs)
    assert letters(compact) == "".join(ch * n for ch, n in runs)
    spaced = " ".join(f"{n}{ch}" for ch, n in runs)
    assert letters(spaced) == letters(compact)
    assert checked(spaced) == spaced.replace(" ", "")   # kept as written, without its spaces


def test_run_lengths_and_line_breaks():
    assert letters("3r2U\nl") == "rrrUUl"
    assert letters("ll\r\n  RR") == "llRR"
    assert checked("3r 2U") == "3r2U"


@pytest.mark.parametrize(("name", "count"), [(n, c) for n in sorted(LEVELS) for c in (STEPS, PUSHES)])
def test_every_answer_is_letters_the_rules_play_to_the_goal(name, count):
    s = spec(name, count)
    puzzle = s.puzzle
    line = s.oracle.solve(puzzle.start)
    text = s.notation.write(puzzle.start, line.moves)
    plain = Plain(puzzle.level.rows)
    assert plain.is_goal(plain_plays(plain, text, plain.start)[-1])
    moves, pushes = s.notation.tally(puzzle.start, line.moves)
    assert (moves, pushes) == (len(text), sum(ch.isupper() for ch in text))
    if count is STEPS:
        assert moves == len(line) == plain.fewest_moves()
    else:   # the fewest pushes, and of those lines the fewest steps
        assert pushes == len(line) and (pushes, moves) == plain.best()
    assert [m for m, _after in s.notation.read(puzzle.start, text)] == list(line.moves)


CORRIDOR_START = "#######/#@ $ .#/#######"


@pytest.mark.parametrize(("text", "words"), [
    ("l", "Letter 1 of the moves (l) cannot be played: a wall is in the way."),
    ("rr", "Letter 2 of the moves (r) steps into a box"),
    ("R", "Letter 1 of the moves (R) is a push, but there is no box there to push."),
    ("rRRR", "Letter 4 of the moves (R) cannot be played: the box would go into a wall."),
    ("rx", "'x' (character 2) is not a LURD move"),
    ("r0R", "'0R' (character 3) is not a LURD move"),
    ("rR3", "The number 3 at the end of the moves repeats no letter."),
    ("  ", "There are no LURD moves in the text"),
    (f"{MAX_STEPS}r r", f"more than {MAX_STEPS:,} steps"),
])
def test_a_letter_that_cannot_be_played_is_one_sentence_naming_it(text, words):
    for count in (STEPS, PUSHES):
        s = spec("corridor", count)
        with pytest.raises(PositionError) as said:
            s.notation.read(s.puzzle.start, text)
        assert words in str(said.value) and "\n" not in str(said.value)


def test_two_boxes_in_a_row_cannot_be_pushed():
    s = spec("yard")
    # the keeper at row 1, column 3; boxes at row 2, columns 2 and 4: round the right one, push it left
    # beside the other, then push again
    with pytest.raises(PositionError, match=r"Letter 5 of the moves \(L\) cannot be played: it would push two boxes"):
        s.notation.read(s.puzzle.start, "rrdLL")
    assert len(s.notation.read(s.puzzle.start, "rrdL")) == 4


def test_a_line_that_cannot_end_at_a_position_says_so():
    s = spec("corridor")
    end = s.puzzle.start
    with pytest.raises(PositionError, match="do not lead to this position"):
        s.notation.start_of(end, "R")     # no box ahead of the keeper to have been pushed
    with pytest.raises(PositionError, match="letter 1 of them"):
        s.notation.start_of(end, "r")     # the keeper came from a wall


def test_a_random_long_game_is_written_without_per_move_searches_twice():
    """The panel writes the game again every frame: each move's letters are remembered."""
    s = spec("detour", PUSHES)
    moves, _states = random_game(s, [random.Random(3).randrange(1000) for _ in range(60)])
    first = s.notation.write(s.puzzle.start, moves)
    assert s.notation.write(s.puzzle.start, moves) == first
