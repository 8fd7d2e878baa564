"""The position editor's midend: edits per kind of puzzle, legality in one sentence, readings
from tables and from background searches (superseded, stopped, failed), text in and out."""
from __future__ import annotations

import threading
import time

import pytest

from game.catalog import registry as catalog
from tests.helpers import answered_by
from game.common.background import Service, Where
from game.midend.editor import Editor, ReadingKind, read_position
from game.oracles.base import Build
from game.oracles.search import SearchOracle
from game.rules.puzzle import PositionError
from game.midend.session import Session
from game.catalog.spec import EditMode
from solvers.problem import Cancelled

INLINE = Service(Where.INLINE)
BLACK, WHITE = 1, 2


def editor(name: str, text: str | None = None, service: Service = INLINE) -> Editor:
    spec = catalog.get(name)
    position = spec.puzzle.parse(text) if text else None
    e = Editor(spec, position, service=service)
    e.update(1.0)
    return e


# -- edits ------------------------------------------------------------------------------------------

def test_tokens_are_put_taken_away_cleared_and_undone():
    e = editor("frogs-a")
    start = e.position
    assert e.palette == (BLACK, WHITE, 0)
    assert e.place(0, 0) is None and e.position[0] == 0
    assert e.place(5, BLACK) is None and e.position[5] == BLACK
    assert e.clear() is None and not any(e.position)
    assert e.undo() and e.undo() and e.position[0] == 0 and e.position[5] == 0
    assert e.redo() and e.position[5] == BLACK
    assert e.reset() and e.position == start
    e.undo()
    e.place(3, WHITE)
    assert not e.can_redo()          # a new edit drops the redo tail


def test_a_token_moves_by_swapping_two_cells():
    e = editor("frogs-line-2")
    assert e.text() == "B B . W W"
    assert e.swap(1, 2) is None
    assert e.text() == "B . B W W" and e.legal


def test_wrong_counts_are_one_sentence_naming_the_pieces():
    e = editor("frogs-a")
    e.place(0, 0)
    e.place(1, WHITE)
    assert e.problem() == ("Frogs, board A (11 cells) has 5 black frogs and 5 white frogs: "
                           "place 2 more black frogs and take away 1 white frog.")
    reading = e.reading()
    assert reading.kind is ReadingKind.ILLEGAL and reading.text == e.problem()
    e.clear()
    assert e.problem().endswith("place 5 black frogs and 5 white frogs.")


def test_tiles_swap_and_the_unreachable_half_is_said_at_once():
    e = editor("fifteen", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 .")
    assert e.palette == () and e.mode is EditMode.SWAP
    assert e.place(0, 5) is not None            # tiles are not put, only swapped
    e.swap(13, 14)                               # two tiles: the other half
    reading = e.reading()
    assert reading.kind is ReadingKind.ILLEGAL
    assert "cannot be solved: it is in the unreachable half" in reading.text
    assert e.job is None                         # said at once, no search
    e.swap(14, 15)                               # a tile and the gap: the gap moves
    assert e.text() == "1 2 3 4/5 6 7 8/9 10 11 12/13 15 . 14"
    assert e.problem() is not None
    e.undo()
    e.undo()
    assert e.legal and e.reading().kind is ReadingKind.GOAL


def test_blocks_move_where_they_fit_and_trade_places_with_their_shape():
    e = editor("klotski")
    assert e.clear() is not None and e.palette == ()
    assert e.relocate(19, 17) is None            # J into the empty cell beside it
    assert e.text() == "A B B C/A B B C/D E E F/D G H F/I J . ."
    assert e.relocate(1, 9) == "It does not fit there: another piece is in the way."
    assert e.relocate(17, 30) == "It does not fit there: it would stick out of the board."
    assert e.relocate(19, 18) == "There is no piece there to move."
    assert e.relocate(3, 19) == "It does not fit there: it would stick out of the board."
    assert "identical" in e.relocate(0, 3)       # A and C are the same piece
    assert e.places(1) == [1] and 18 in e.places(16)
    assert e.relocate(9, 17) == "It does not fit there: another piece is in the way."


def test_goat_pieces_of_one_shape_trade_places():
    e = editor("goat")
    sheep, wolf = e.position[7], e.position[11]
    assert e.relocate(7, 11) is None
    assert (e.position[7], e.position[11]) == (wolf, sheep)
    assert e.legal and e.reading().kind is ReadingKind.SOLVABLE


# -- readings ---------------------------------------------------------------------------------------

def test_readings_from_the_table_are_exact_and_instant():
    e = editor("frogs-a")
    assert e.oracle.prepare(Build.ALWAYS)
    e.update(0.0)
    reading = e.reading()
    assert (reading.kind, reading.distance) == (ReadingKind.SOLVABLE, 23)
    assert reading.text == "Solvable: 23 moves to the goal." and "table" in reading.detail
    assert e.paste("./B B/B B B W W/W W/W") is None
    assert e.reading().kind is ReadingKind.DEAD_END
    assert e.reading().text == "Dead end: the goal cannot be reached from here."
    assert e.job is None
    e.set_position(e.puzzle.goal_states[0])
    assert e.reading().kind is ReadingKind.GOAL


def test_a_position_no_table_holds_is_searched_and_remembered():
    e = editor("fifteen", "1 2 3 4/5 6 7 8/9 10 11 12/13 . 14 15")
    reading = e.reading()
    assert (reading.kind, reading.distance) == (ReadingKind.SOLVABLE, 2)
    assert "search" in reading.detail
    e.swap(13, 14)
    e.swap(13, 15)
    e.undo()
    e.undo()                                  # back: remembered, no new search
    e.update(1.0)
    assert e.reading().distance == 2 and e.job is None


def test_blocks_outside_the_starts_reach_are_searched_not_called_dead_ends():
    """Pennant's table holds the start's component only; a position outside it is searched,
    and a game from it is not told it is a dead end by a table that never saw it."""
    spec = catalog.get("pennant")
    assert spec.oracle.prepare(Build.ALWAYS)
    text = "A A B B/A A D ./. E C C/F G H H/F G I I"
    state = spec.puzzle.parse(text)
    assert not spec.oracle.covers(state) and not spec.oracle.dead_end(state)
    assert spec.oracle.instant_answer(state) is None and spec.oracle.verdicts(state) is None
    e = editor("pennant", text)
    assert "search" in e.reading().detail
    session = Session(spec, state, service=INLINE)
    assert not session.exact and session.known_distance() is None and not session.known_dead_end()
    session.request_hint()
    assert session.hint_info is not None and session.hint_info.dead_end == (e.reading().kind is ReadingKind.DEAD_END)


class GatedOracle(SearchOracle):
    """Searches only once the test opens the gate; notices a cancel while it waits."""

    gate = threading.Event()
    started: list[bytes] = []

    def answer(self, state, earlier=(), report=None):
        GatedOracle.started.append(state)
        while not GatedOracle.gate.wait(0.005):
            if report.cancelled():
                raise Cancelled()
        return super().answer(state, earlier, report)


@pytest.fixture
def gated():
    base = catalog.get("frogs-line-2")
    spec = catalog.register(answered_by(base, "test-gated-frogs", GatedOracle))
    GatedOracle.gate.clear()
    GatedOracle.started.clear()
    service = Service(Where.THREAD)
    yield spec, service
    GatedOracle.gate.set()
    service.shutdown()
    catalog.unregister(spec.name)


def _until(check, seconds=5.0):
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.005)


def test_a_background_search_shows_searching_is_superseded_and_can_be_stopped(gated):
    spec, service = gated
    e = Editor(spec, service=service, delay=0.3)
    e.update(0.0)
    assert e.reading().kind is ReadingKind.SEARCHING and e.searching
    first = e.job
    e.swap(1, 2)                               # an edit: the search for the old position goes
    assert first.cancelled and e.job is None
    e.update(0.1)
    assert e.job is None                       # it waits for the edits to pause
    e.update(0.3)
    assert e.searching and e.reading().text.startswith("Searching")
    assert e.stop_search()
    assert e.reading().kind is ReadingKind.STOPPED and not e.searching
    assert e.search_again() and e.searching
    GatedOracle.gate.set()
    _until(lambda: (e.update(0.0), not e.searching)[1])
    reading = e.reading()
    assert reading.kind is ReadingKind.SOLVABLE and reading.distance == 7   # B . B W W


def test_a_search_that_fails_is_one_sentence(monkeypatch):
    e = editor("fifteen", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 .")
    monkeypatch.setattr(type(e.oracle), "answer", lambda *a, **k: (_ for _ in ()).throw(ValueError("too big")))
    e.swap(14, 15)
    e.update(1.0)
    reading = e.reading()
    assert reading.kind is ReadingKind.FAILED and reading.text == "Too big."


def test_a_position_the_rules_cannot_rank_is_a_sentence(monkeypatch):
    e = editor("frogs-a")
    monkeypatch.setattr(type(e.oracle), "covers", lambda self, state: (_ for _ in ()).throw(IndexError(3)))
    reading = e.reading()
    assert reading.kind is ReadingKind.FAILED and reading.text.endswith("so its distance is unknown.")


# -- text ---------------------------------------------------------------------------------------------

def test_bad_text_is_one_sentence_and_nothing_is_lost():
    e = editor("frogs-a")
    before = e.position
    for text in ("", "hello", "B/B B/B B . W W/W W", "X/B B/B B . W W/W W/W", "\x1b[31m" * 2000):
        problem = e.paste(text)
        assert problem and "\n" not in problem and problem.endswith(".")
        assert e.position == before and not e.can_undo()
    assert e.paste(e.text()) == "That is the position already on the board."


def test_text_round_trips_and_a_grid_one_row_a_line_is_read_too():
    e = editor("frogs-line-3")
    e.swap(2, 3)
    text = e.text()
    other = editor("frogs-line-3")
    assert other.paste(text) is None and other.position == e.position
    spec = catalog.get("klotski")
    assert read_position(spec, "ABBC\nABBC\nDEEF\nDGHF\nI..J\n") == spec.puzzle.start
    with pytest.raises(PositionError, match="^That is not a position of Klotski"):
        read_position(spec, "ABBC/ABBC")
