"""Saved games hold the whole history: every move, restart, deal and solver move, the moves taken back
(redo brings them), and the help each game had. Reading replays every line through the rules, and a
wrong text is one sentence (PositionError), never another exception."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.helpers import cheapest_own, climb_to_move, every_family_count
from game.catalog import registry as catalog
from game.keeping import saves
from game.common.background import Service, Where
from game.midend.history import Entry, EntryKind, Notes
from game.rules.puzzle import PositionError
from game.keeping.kept import adopt, restored, save_text, saved_game
from game.keeping.saves import SavedGame, game_text, read_game
from game.midend.session import Session
from game.common.untrusted import SENTENCE_LIMIT

INLINE = Service(Where.INLINE)


def session(name: str, seed: int = 1) -> Session:
    return Session(catalog.get(name), service=INLINE, rng=random.Random(seed))


def wander(s: Session, n: int, rng: random.Random) -> None:
    """``n`` random legal moves (never into the goal, so the game stays in progress)."""
    for _ in range(n):
        moves = [m for m in s.legal_moves() if not s.puzzle.is_goal(s.puzzle.play(s.position, m))]
        if not moves:
            return
        assert s.play(rng.choice(moves))


def same_game(got: SavedGame, want: SavedGame) -> None:
    assert got.spec.name == want.spec.name
    assert [(e.position, e.kind, e.move) for e in got.entries] == [(e.position, e.kind, e.move) for e in want.entries]
    assert got.cursor == want.cursor
    assert dict(got.notes) == {i: n for i, n in want.notes.items() if n != Notes()}
    assert got.seconds == pytest.approx(want.seconds, abs=0.06)


def round_trip(s: Session) -> SavedGame:
    want = saved_game(s)
    got = read_game(game_text(want))
    same_game(got, want)
    return got


def one_sentence(message: str) -> None:
    assert message and "\n" not in message and "\r" not in message
    assert len(message) <= SENTENCE_LIMIT and message.endswith(".")
    assert "Traceback" not in message and "Error" not in message


# -- round trips ----------------------------------------------------------------------------------

def test_a_whole_history_comes_back_with_its_help_and_its_redo_tail():
    s = session("eight", seed=3)
    rng = random.Random(3)
    wander(s, 4, rng)
    climb_to_move(s)                    # shown, step by step: four hints in this game
    s.request_hint()                    # played
    s.restart()                         # the help stays with a restarted game
    wander(s, 2, rng)
    s.new_deal()
    dealt = s.position
    s.start_solve()
    s.update(0.0)
    s.update(1.0)                       # a few solver moves
    solver_moves = sum(e.kind is EntryKind.SOLVE for e in s.history)
    assert solver_moves >= 2 and s.notes.solver
    s.stop_solve()
    s.undo()
    s.undo()                            # two moves taken back: a redo tail of two
    s.update(7.25)
    text = save_text(s)
    assert "undone: 2" in text and "restart:" in text and f"deal: {s.puzzle.format(dealt)}" in text
    assert text.count("solver: ") == solver_moves and "notes: hints=4 ladder=1/1/1/1" in text and "notes: solver" in text
    got = round_trip(s)

    t = restored(got, service=INLINE)
    assert t.position == s.position and t.moves == s.moves and t.notes == s.notes
    assert t.elapsed == pytest.approx(s.elapsed, abs=0.06)
    assert t.redo() and t.redo() and not t.redo()
    assert t.timeline.current.kind is EntryKind.SOLVE
    while t.undo():
        pass
    assert t.position == s.puzzle.start and t.notes == Notes(hints=4, ladder=(1, 1, 1, 1))


def test_notes_of_a_game_in_the_redo_tail_are_kept():
    s = session("eight")
    wander(s, 2, random.Random(1))
    s.new_deal()
    s.timeline.note(hints=4, marks=True)
    s.undo()                            # back past the deal: its game, with its notes, is redo
    got = round_trip(s)
    assert got.cursor == 2 and got.notes == {3: Notes(hints=4, marks=True)}
    t = restored(got, service=INLINE)
    assert t.notes == Notes() and t.redo() and t.notes == Notes(hints=4, marks=True)


def test_every_note_flag_and_count_comes_back():
    s = session("frogs-line-3")
    s.timeline.note(hints=12, solver=True, marks=True, recorded=True)
    wander(s, 3, random.Random(2))
    text = save_text(s)
    assert "notes: hints=12 solver marks recorded" in text
    assert round_trip(s).notes == {0: Notes(12, True, True, True)}


def test_the_hint_ladder_steps_come_back_and_older_saves_read_without_them():
    s = session("eight")
    s.timeline.note(hints=7, ladder=(3, 2, 1, 1))
    wander(s, 2, random.Random(4))
    assert "notes: hints=7 ladder=3/2/1/1" in save_text(s)
    assert round_trip(s).notes == {0: Notes(7, ladder=(3, 2, 1, 1))}
    older = read_game("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: hints=2\n8 c3-b3\n")
    assert older.notes == {0: Notes(hints=2)} and older.notes[0].ladder == (0, 0, 0, 0)


def wandered_round_trip(name: str) -> None:
    """A game of random moves, a restart, more moves and an undo, saved and read back."""
    s = session(name, seed=5)
    rng = random.Random(name)
    wander(s, 12, rng)
    s.restart()
    wander(s, 5, rng)
    s.undo()
    round_trip(s)


@pytest.mark.parametrize("name", ["eight", "goat", "frogs-b", "pairs", "knights", "klotski", "klotski@line",
                                  "traffic", "tait-4"])
def test_random_histories_of_these_puzzles_round_trip(name):
    wandered_round_trip(name)


@pytest.mark.parametrize("family, count", every_family_count())
def test_random_histories_of_every_family_under_every_count_round_trip(family, count):
    wandered_round_trip(cheapest_own(family, count))


def solved_round_trip(name: str) -> None:
    """The solver's moves are marked as the solver's, and read back so."""
    s = session(name)
    s.start_solve()
    s.update(0.0)
    s.update(0.5)
    assert any(e.kind is EntryKind.SOLVE for e in s.history), name
    got = round_trip(s)
    assert got.entries[-1].kind is EntryKind.SOLVE and got.notes[0].solver


@pytest.mark.parametrize("name", ["goat", "frogs-line-2", "pairs", "knights"])
def test_solver_moves_of_these_puzzles_are_marked_as_the_solvers(name):
    solved_round_trip(name)


@pytest.mark.parametrize("family", sorted({family for family, _count in every_family_count()}))
def test_solver_moves_of_every_family_are_marked_as_the_solvers(family):
    solved_round_trip(cheapest_own(family))


def test_a_plain_list_of_moves_written_by_hand_is_a_saved_game():
    text = "puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n8 c3-b3\n\n# a comment\n8 b3-c3\n"
    game = read_game(text)
    assert game.cursor == 2 and game.moves == 2 and game.seconds == 0.0 and not game.notes
    assert game.position == game.spec.puzzle.parse("1 2 3/4 5 6/7 . 8")


def test_windows_line_ends_and_a_byte_order_mark_are_still_a_saved_game():
    s = session("eight")
    wander(s, 3, random.Random(4))
    text = "\ufeff" + save_text(s).replace("\n", "\r\n")
    same_game(read_game(text), saved_game(s))


def test_adopting_a_saved_game_follows_the_game_there_was():
    s = session("eight")
    wander(s, 3, random.Random(6))
    before = s.position
    other = session("eight", seed=9)
    other.new_deal()
    wander(other, 2, random.Random(7))
    other.timeline.note(hints=2)
    game = read_game(save_text(other))
    adopt(s, game, "opened")
    assert s.position == other.position and s.notes == Notes(hints=2)
    assert s.moves == 2
    for _ in range(3):                  # the saved game's two moves and its deal: its start, as a new game
        s.undo()
    assert s.timeline.current.kind is EntryKind.DEAL and s.notes == Notes()
    s.undo()
    assert s.position == before


# -- how much a file holds ------------------------------------------------------------------------

def long_game(name: str, moves: int, seed: int = 0) -> list[Entry]:
    """A history of ``moves`` random moves (built straight from the rules: fast)."""
    puzzle = catalog.puzzle(name)
    rng = random.Random(seed)
    entries = [Entry(puzzle.start, None, EntryKind.START)]
    for _ in range(moves):
        state = entries[-1].position
        options = [(m, after) for m, after in puzzle.successors(state) if not puzzle.is_goal(after)]
        move, after = rng.choice(options)
        entries.append(Entry(after, move, EntryKind.MOVE))
    return entries


def test_a_history_of_the_full_size_is_written_whole_and_read_back():
    entries = long_game("eight", saves.MAX_ENTRIES - 1)
    game = SavedGame(catalog.get("eight"), tuple(entries), len(entries) - 1, 12.0)
    same_game(read_game(game_text(game)), game)


def test_one_entry_more_gives_up_the_oldest_move_and_still_reads():
    entries = long_game("eight", saves.MAX_ENTRIES, seed=1)
    game = SavedGame(catalog.get("eight"), tuple(entries), len(entries) - 1, 1.0, {0: Notes(hints=2)})
    got = read_game(game_text(game))
    assert len(got.entries) == saves.MAX_ENTRIES and got.position == game.position
    assert got.entries[0] == Entry(entries[1].position, None, EntryKind.START)
    assert got.notes == {0: Notes(hints=2)}   # the game it kept is the game that had the help


def test_a_text_with_more_entries_than_a_game_holds_is_refused():
    entries = long_game("eight", saves.MAX_ENTRIES)
    lines = [saves.HEADER, "puzzle: eight", f"start: {catalog.puzzle('eight').format(entries[0].position)}", "moves:"]
    puzzle = catalog.puzzle("eight")
    lines += [puzzle.move_text(a.position, b.move) for a, b in zip(entries, entries[1:]) if b.move is not None]
    with pytest.raises(PositionError) as info:
        read_game("\n".join(lines))
    one_sentence(str(info.value))


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(saves, "MAX_ENTRIES", 30)
    return 30


def games(puzzle_name: str, sizes: list[int], seed: int = 0) -> tuple[list[Entry], dict[int, Notes]]:
    """Games one after another (each after the first a deal), each with notes of its own."""
    entries: list[Entry] = []
    notes: dict[int, Notes] = {}
    for g, size in enumerate(sizes):
        part = long_game(puzzle_name, size, seed + g)
        if entries:
            part[0] = Entry(part[0].position, None, EntryKind.DEAL)
        notes[len(entries)] = Notes(hints=g + 1)
        entries += part
    return entries, notes


def test_beyond_the_limit_the_redo_tail_goes_first(small):
    entries, notes = games("eight", [10, 25])        # 37 entries, the second game's deal at 11
    cursor = 20                                      # 16 entries of redo tail
    game = SavedGame(catalog.get("eight"), tuple(entries), cursor, 3.0, notes)
    got = read_game(game_text(game))
    assert got.entries == tuple([entries[0], *entries[1:cursor + 1]])
    assert got.cursor == cursor and got.notes == notes


def test_beyond_the_limit_the_oldest_games_go_whole(small):
    entries, notes = games("eight", [8, 8, 8, 8])    # games at 0, 9, 18, 27; 36 entries
    game = SavedGame(catalog.get("eight"), tuple(entries), len(entries) - 1, 3.0, notes)
    got = read_game(game_text(game))
    assert got.entries[0] == Entry(entries[9].position, None, EntryKind.START)
    assert got.entries[1:] == tuple(entries[10:])
    assert got.position == game.position and got.moves == game.moves == 8
    assert got.notes == {0: notes[9], 9: notes[18], 18: notes[27]}


def test_a_single_game_longer_than_the_limit_keeps_its_last_moves_and_its_notes(small):
    entries, notes = games("eight", [3, 40])         # the current game alone is longer than a file holds
    game = SavedGame(catalog.get("eight"), tuple(entries), len(entries) - 1, 3.0, notes)
    got = read_game(game_text(game))
    assert len(got.entries) == small and got.position == game.position
    assert got.entries[1:] == tuple(entries[-(small - 1):])
    assert got.notes == {0: notes[4]}


# -- hostile texts --------------------------------------------------------------------------------

GOOD = "puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\ntime: 4.0\nmoves:\n8 c3-b3\n"

BAD = [
    ("puzzle: eight\x00\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n", "not text"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n" + "8 c3-b3 " * 1000 + "\n", "far too long"),
    ("puzzle: eight\n" + "x" * 50_000 + "\n", "far too long"),
    ("puzzle: eight\npuzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n", "twice"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nSTART: 1 2 3/4 5 6/7 . 8\nmoves:\n", "twice"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\ntime: 1\ntime: 2\nmoves:\n", "twice"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n8 c3-b3\n8 c3-b3\n", "saved move 2"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n1 a1-a2\n", "saved move 1"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n5 c3-b3\n", "saved move 1"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nsolver: 8 z9-b3\n", "saved move 1"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nmoves:\n", "saved move 1"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\ndeal: 1 2 3/4 5 6/8 7 .\n", "line 4"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\ndeal: 1 2 3/4 5 6/7 . 9\n", "line 4"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: hints=two\n", "number of hints"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: hints=-1\n", "number of hints"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: hints=99999999999999\n", "number of hints"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: hints=٣\n", "number of hints"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: cheated\n", "note I do not understand"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: hints=2 ladder=1/1\n", "not four numbers"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: hints=2 ladder=1/x/0/0\n", "number of hints"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\nnotes: marks\nnotes: solver\n", "notes twice"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nundone: 2\nmoves:\n8 c3-b3\n", "taken back"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nundone: -1\nmoves:\n", "taken back"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\ntime: nan\nmoves:\n", "not a number"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\ntime: inf\nmoves:\n", "not a number"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\ntime: -3\nmoves:\n", "not a number"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\ntime: 1e300\nmoves:\n", "not a number"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nsecret: 42\nmoves:\n", "do not understand"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\n\x1b[31mred\nmoves:\n", "do not understand"),
    ("puzzle: eight\nmoves:\n", "no start"),
    ("start: 1 2 3/4 5 6/7 . 8\nmoves:\n", "which puzzle"),
    ("puzzle: no-such-puzzle\nstart: 1\nmoves:\n", "no-such-puzzle"),
    ("puzzle: /nowhere/at/all.toml\nstart: 1\nmoves:\n", "all.toml"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/8 7 .\nmoves:\n", "cannot be solved"),
    ("puzzle: eight\nstart: ☃\nmoves:\n", "start position"),
]


@pytest.mark.parametrize("text, words", BAD)
def test_a_wrong_text_is_one_sentence(text, words):
    with pytest.raises(PositionError) as info:
        read_game(text)
    message = str(info.value)
    assert words in message
    one_sentence(message)
    assert "\x1b" not in message and "\x00" not in message


def test_a_game_of_another_puzzle_is_refused_by_name():
    with pytest.raises(PositionError) as info:
        read_game(GOOD, catalog.get("fifteen"))
    assert "'eight'" in str(info.value) and "15-puzzle" in str(info.value)
    one_sentence(str(info.value))
    assert read_game(GOOD, catalog.get("eight")).moves == 1


def test_an_absurd_play_time_or_hint_count_is_written_within_what_reads_back():
    s = session("eight")
    wander(s, 2, random.Random(0))
    s.elapsed = saves.MAX_SECONDS * 3
    s.timeline.note(hints=saves.MAX_HINTS * 5)
    got = read_game(save_text(s))
    assert got.seconds == saves.MAX_SECONDS and got.notes[0].hints == saves.MAX_HINTS


# -- fuzz -------------------------------------------------------------------------------------------

def _base_text() -> str:
    s = session("eight", seed=11)
    rng = random.Random(11)
    wander(s, 3, rng)
    s.request_hint()
    s.restart()
    s.new_deal()
    wander(s, 2, rng)
    s.undo()
    return save_text(s)


BASE = _base_text()
BASE_LINES = BASE.splitlines()
PIECES = ["notes:", "restart:", "deal:", "solver:", "undone:", "moves:", "hints=", "=", ":", "-", "/", " ",
          "\x00", "\t", "\u2028", "\ufeff", "8", "a1", "c3-b3", "recorded", "99999999999", "nan", "#"]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    lines = list(BASE_LINES)
    for _ in range(draw(st.integers(1, 4))):
        what = draw(st.sampled_from(["drop", "dup", "swap", "edit", "insert"]))
        i = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if what == "drop" and lines:
            del lines[i]
        elif what == "dup" and lines:
            lines.insert(i, lines[i])
        elif what == "swap" and len(lines) > 1:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif what == "edit" and lines:
            line = lines[i]
            at = draw(st.integers(0, len(line)))
            cut = draw(st.integers(0, 3))
            piece = draw(st.one_of(st.sampled_from(PIECES), st.text(max_size=4)))
            lines[i] = line[:at] + piece + line[at + cut:]
        else:
            lines.insert(i, draw(st.one_of(st.sampled_from(PIECES), st.text(max_size=12))))
    return "\n".join(lines)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_fuzzed_texts_read_or_fail_with_one_sentence(text):
    try:
        game = read_game(text)
    except PositionError as err:
        one_sentence(str(err))
        return
    again = read_game(game_text(game))   # what reads, writes and reads again the same
    same_game(again, game)


@pytest.mark.parametrize("undone", ["1", "7"])
def test_a_game_without_moves_that_takes_moves_back_says_so_not_from_0_to_0(undone):
    with pytest.raises(PositionError) as info:
        read_game(f"puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nundone: {undone}\nmoves:\n")
    message = str(info.value)
    one_sentence(message)
    assert "has no moves" in message and "from 0 to 0" not in message
