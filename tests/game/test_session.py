"""The midend: history, counters, timer, optimal hints, solve playback, dead ends, saved games."""
from __future__ import annotations

import random
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

import pytest

from dataclasses import replace

from tests.helpers import climb_to_move
from game.catalog import registry as catalog
from game.common.background import Failed, Job, Lane, Service, Where, run_task
from game.oracles.base import QUIET, Line
from game.oracles.base import Recipe
from game.oracles.search import SearchOracle
from game.rules.puzzle import Move, PositionError
from game.keeping.kept import load_text, save_text
from game.midend.session import EntryKind, Hint, Memory, Purpose, Session

ROOT = Path(__file__).resolve().parents[2]


def searched(name: str):
    """The puzzle answered by plain searches only (its table would answer at once and hide the searches)."""
    spec = catalog.get(name)
    variant = f"{name}~search"
    try:
        return catalog.get(variant)
    except KeyError:
        recipe = Recipe(variant, spec.recipe.build, SearchOracle)
        return catalog.register(replace(spec, name=variant, base=variant, recipe=recipe), shelved=False)


def session(name: str, position: bytes | None = None, **kw) -> Session:
    return Session(searched(name), position, service=kw.pop("service", Service(Where.INLINE)), **kw)


def solve(puzzle, state: bytes) -> Line:
    return SearchOracle(puzzle).solve(state)


def kinds(events) -> list[str]:
    return [e.kind.value for e in events]


def distances_to_goal(puzzle) -> dict[bytes, int]:
    """Independent check: plain backward BFS from the goals over exact predecessors."""
    dist = {g: 0 for g in puzzle.goals()}
    queue = deque(dist)
    while queue:
        state = queue.popleft()
        for _, prev in puzzle.predecessors(state):
            if prev not in dist:
                dist[prev] = dist[state] + 1
                queue.append(prev)
    return dist


def by_text(s: Session, text: str) -> Move:
    return s.puzzle.parse_move(s.position, text)


# -- history --------------------------------------------------------------------------------------

def test_play_undo_redo_and_new_move_drops_redo_tail():
    s = session("frogs-line-3")
    start = s.position
    assert s.history[0].kind is EntryKind.START and s.cursor == 0 and s.moves == 0
    m1 = by_text(s, "B c1-d1")
    assert s.play(m1)
    after1 = s.position
    assert s.play(by_text(s, "W e1-c1"))
    assert s.moves == 2 and len(s.history) == 3
    ev = s.update(0)
    assert kinds(ev) == ["moved", "moved"] and ev[0].before == start and ev[0].after == after1

    assert s.undo() and s.position == after1 and s.moves == 1
    assert s.undo() and s.position == start and not s.undo()
    ev = s.update(0)
    assert kinds(ev) == ["undo", "undo"] and ev[-1].move == m1 and ev[-1].after == start
    assert s.redo() and s.position == after1
    assert kinds(s.update(0)) == ["redo"]

    assert s.play(by_text(s, "B b1-c1"))  # not the redo move ("W e1-c1")
    assert s.history[-1].move == by_text(session("frogs-line-3", after1), "B b1-c1")
    assert len(s.history) == 3 and s.cursor == 2 and not s.redo()  # the redo tail is gone
    assert [e.kind for e in s.history] == [EntryKind.START, EntryKind.MOVE, EntryKind.MOVE]


def test_illegal_move_is_refused_with_an_event():
    s = session("eight")
    before = list(s.history)
    assert not s.play(Move(0, 8))
    (event,) = s.update(0)
    assert event.kind.value == "illegal" and event.message.endswith("is not a legal move here.")
    assert s.history == before and s.moves == 0


def test_restart_and_deal_are_undoable_entries():
    s = session("eight", rng=random.Random(3))
    start = s.position
    for move in s.legal_moves()[:1]:
        s.play(move)
    s.play(s.legal_moves()[0])
    two = s.position
    s.restart()
    assert s.position == start and s.moves == 0 and s.history[-1].kind is EntryKind.RESTART
    assert kinds(s.update(0))[-1] == "restart"
    assert s.undo() and s.position == two and s.moves == 2

    s.redo()
    s.new_deal()
    dealt = s.position
    assert s.history[-1].kind is EntryKind.DEAL and dealt != start and s.moves == 0
    assert kinds(s.update(0))[-1] == "deal"
    s.play(s.legal_moves()[0])
    s.restart()
    assert s.position == dealt  # restart goes back to the deal, not to the first start
    assert s.undo() and s.undo() and s.position == dealt
    assert s.undo() and s.position == start  # undo the deal itself


def test_timer_starts_at_first_move_and_freezes_when_solved():
    s = session("frogs-line-1")
    s.update(5.0)
    assert s.elapsed == 0.0
    line = solve(s.puzzle, s.position).moves
    s.play(line[0])
    s.update(1.5)
    s.play(line[1])
    s.update(0.25)
    assert s.elapsed == pytest.approx(1.75)
    s.play(line[2])
    assert s.solved and "solved" in kinds(s.update(0.5))
    s.update(10.0)
    assert s.elapsed == pytest.approx(1.75)
    s.undo()  # no longer solved: the clock runs again
    s.update(1.0)
    assert s.elapsed == pytest.approx(2.75)
    s.restart()
    assert s.elapsed == 0.0
    s.update(3.0)
    assert s.elapsed == 0.0


# -- hints ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["knights", "frogs-a", "frogs-line-4", "pairs-open"])
def test_hint_is_optimal_by_independent_bfs(name):
    puzzle = catalog.puzzle(name)
    dist = distances_to_goal(puzzle)
    rng = random.Random(11)
    s = session(name)
    for _ in range(3):  # a few positions along a random winnable walk
        s.request_hint()
        s.update(0)
        hint = s.hint_info
        assert hint is not None and not hint.dead_end
        assert hint.distance == dist[s.position] == s.known_distance()
        after = puzzle.play(s.position, hint.move)
        assert dist[after] == dist[s.position] - 1
        options = [m for m, nxt in puzzle.successors(s.position) if nxt in dist and not puzzle.is_goal(nxt)]
        if not options:
            break
        s.play(rng.choice(options))


@pytest.mark.parametrize("name", ["eight", "goat"])
def test_hint_is_optimal_on_large_puzzles(name):
    puzzle = catalog.puzzle(name)
    s = session(name, rng=random.Random(4))
    if name == "eight":
        s.new_deal()
    s.request_hint()
    s.update(0)
    optimal = len(solve(puzzle, s.position))
    assert s.hint_info.distance == optimal
    assert len(solve(puzzle, puzzle.play(s.position, s.hint_info.move))) == optimal - 1


def test_following_hints_reaches_the_goal_optimally_with_one_search():
    searcher = Service(Where.INLINE)
    s = session("goat", service=searcher)
    optimal = len(solve(s.puzzle, s.position))
    presses = 0
    while not s.solved:
        climb_to_move(s)      # the band, the count, the piece, the move
        assert s.hint_info is not None and s.hint_info.move is not None
        s.request_hint()      # the same key again plays it
        presses += 1
        assert presses <= optimal
    assert presses == optimal == s.moves == 20
    assert searcher.submitted == 1
    assert "solved" in kinds(s.update(0))
    s.request_hint()
    assert s.hint_info == Hint(None, 0, False, None)


def test_remembered_line_is_used_only_on_it():
    searcher = Service(Where.INLINE)
    s = session("knights", service=searcher)
    s.request_hint()
    hinted = s.hint_info.move
    off = next(m for m in s.legal_moves() if m != hinted and
               s.puzzle.play(s.position, m) not in s.memory)
    s.play(off)
    s.request_hint()
    assert searcher.submitted == 2
    s.undo()
    s.request_hint()
    assert searcher.submitted == 2 and s.hint_info.move == hinted


def test_hint_through_a_background_thread():
    searcher = Service(Where.THREAD)
    try:
        s = session("goat", service=searcher)
        s.request_hint()
        assert s.job is not None and s.job.label == "Hint" and s.hint_info is None
        deadline = time.monotonic() + 20
        events = []
        while not events:
            assert time.monotonic() < deadline
            time.sleep(0.005)
            events = s.update(0.005)
        assert kinds(events) == ["hint"] and s.hint_info.distance == 20 and s.job is None
    finally:
        searcher.shutdown()


def test_a_move_during_a_search_keeps_it_and_asks(monkeypatch):
    """A move never throws a search away: it goes on for where it was asked, the panel asks whether to keep
    it, and only Stop (or Esc) ends it; back at that position it is that position's search again."""
    monkeypatch.setattr("game.oracles.tasks.answer", _until_cancelled)
    searcher = Service(Where.THREAD)
    try:
        s = session("goat", service=searcher)
        asked_at = s.position
        s.request_hint()
        job = s.job
        assert job is not None and not job.done and not s.keep_asked
        s.play(s.legal_moves()[0])
        assert s.job is job and not job.cancelled and s.keep_asked and s.searching_elsewhere
        assert s.keep_searching() and not s.keep_asked and s.job is job
        s.undo()
        assert s.position == asked_at and not s.searching_elsewhere and s.job is job
        s.play(s.legal_moves()[0])
        assert s.keep_asked
        s.cancel_search()
        assert job.cancelled and s.job is None and not s.keep_asked
    finally:
        searcher.shutdown()


def _until_cancelled(report, name, position, earlier=()):
    """A search that only ends when cancelled (the real ones may be instant thanks to tables)."""
    from solvers.problem import Cancelled
    deadline = time.monotonic() + 20
    while not report.cancelled() and time.monotonic() < deadline:
        time.sleep(0.002)
    raise Cancelled


def test_cancel_search(monkeypatch):
    monkeypatch.setattr("game.oracles.tasks.answer", _until_cancelled)
    searcher = Service(Where.THREAD)
    try:
        s = session("frogs-c", service=searcher)
        s.start_solve()
        job = s.job
        assert job.label == "Solve" and s.purpose is Purpose.SOLVE
        s.cancel_search()
        assert s.job is None and job.cancelled
        assert s.update(1.0) == [] and s.playback is None
    finally:
        searcher.shutdown()


class ManualService:
    """Hands out pending jobs; the test decides when and how each one ends."""

    where = Where.THREAD

    def __init__(self):
        self.jobs: list[Job] = []

    def submit(self, task, lane=Lane.SEARCH):
        self.jobs.append(Job(task))
        return self.jobs[-1]

    def shutdown(self):
        pass

    def answer(self, job: Job) -> None:
        job.finish(run_task(job.task, QUIET))


def test_solve_press_upgrades_a_running_hint_search():
    searcher = ManualService()
    s = session("knights", service=searcher)
    s.request_hint()
    s.request_hint()          # still searching: no second job
    s.start_solve()           # the same search now feeds a solve
    assert len(searcher.jobs) == 1 and s.purpose is Purpose.SOLVE
    assert s.update(1.0) == [] and s.elapsed == 0.0
    searcher.answer(s.job)
    assert kinds(s.update(0)) == ["moved"] and s.playback is not None and s.job is None


def test_a_late_answer_is_remembered_but_not_shown():
    searcher = ManualService()
    s = session("goat", service=searcher)
    s.request_hint()
    job = s.job
    searcher.answer(job)      # arrives, but before the UI polled the player moved on
    s.play(s.legal_moves()[0])
    assert s.job is None and s.hint_info is None and s.update(0)[-1].kind.value == "moved"
    s.undo()
    s.request_hint()
    assert len(searcher.jobs) == 1 and s.hint_info.distance == 20  # served from memory


def test_a_search_the_player_moved_on_from_finishes_and_serves_on_their_return():
    """A solve asked for, then a move: the search is kept (no second job), its answer arrives while the
    player is elsewhere and is said, never played; back there, a hint and a solve are instant."""
    searcher = ManualService()
    s = session("goat", service=searcher)
    asked_at = s.position
    s.start_solve()
    s.play(s.legal_moves()[0])
    job = s.job
    assert job is not None and s.searching_elsewhere and s.keep_asked and s.purpose is Purpose.HINT
    searcher.answer(job)
    events = s.update(0)
    assert kinds(events) == ["moved", "found"] and "20 moves" in events[-1].message
    assert s.playback is None and s.hint_info is None and s.job is None and not s.keep_asked
    s.undo()
    assert s.position == asked_at and s.known_distance() == 20
    s.request_hint()
    s.start_solve()
    assert len(searcher.jobs) == 1 and s.hint_info is not None and s.playback is not None


def test_the_clock_stops_while_the_computer_searches_or_plays():
    searcher = ManualService()
    s = session("goat", service=searcher)
    s.play(s.legal_moves()[0])
    s.update(1.0)
    assert s.elapsed == pytest.approx(1.0)
    s.start_solve()                 # the computer searches: the player waits, the clock does not run
    s.update(5.0)
    assert s.elapsed == pytest.approx(1.0)
    searcher.answer(s.job)
    s.update(0)
    assert s.playback is not None
    s.update(0.6)                   # the solver plays its moves: the clock stands
    assert s.elapsed == pytest.approx(1.0) and s.moves > 1
    s.autosolve.toggle_pause()      # paused, the turn is still the solver's
    s.update(2.0)
    assert s.elapsed == pytest.approx(1.0)
    s.stop_solve()                  # stopped: the player has the board again
    s.update(2.0)
    assert s.elapsed == pytest.approx(3.0)


def test_failed_search_says_so_in_an_event():
    searcher = ManualService()
    s = session("goat", service=searcher)
    s.start_solve()
    s.job.finish(Failed("the table is broken."))
    (event,) = s.update(0)
    assert event.kind.value == "search_failed" and event.message == "the table is broken."
    assert s.playback is None and s.hint_info is None and s.job is None


# -- dead ends ------------------------------------------------------------------------------------

def test_dead_end_hint_names_the_last_winnable_position():
    searcher = Service(Where.INLINE)
    s = session("frogs-line-3", service=searcher)
    for text in ("B c1-d1", "B b1-c1", "B a1-b1"):  # the last two lead into a dead end
        s.play(by_text(s, text))
    s.update(0)
    s.request_hint()
    assert s.hint_info == Hint(None, None, True, 1)
    (event,) = s.update(0)
    assert event.kind.value == "dead_end" and "dead end" in event.message
    assert searcher.submitted == 1  # the earlier positions were checked inside the same job
    # check against an independent BFS
    dist = distances_to_goal(s.puzzle)
    assert [e.position in dist for e in s.history] == [True, True, False, False]

    s.request_hint()  # pressed again: back to the last winnable position
    assert s.cursor == 1 and s.hint_info is None and s.known_distance() == dist[s.position]
    assert s.redo() and s.redo()
    s.request_hint()  # remembered now: no new search
    assert searcher.submitted == 1 and s.hint_info.last_winnable == 1
    assert s.undo_to_last_winnable() and s.cursor == 1


def test_dead_end_from_the_first_position_has_no_last_winnable():
    puzzle = catalog.puzzle("frogs-line-3")
    dead = puzzle.parse("B . B B W W W")
    s = session("frogs-line-3", dead)
    s.start_solve()
    assert s.hint_info == Hint(None, None, True, None) and s.playback is None
    assert not s.undo_to_last_winnable()


def test_only_one_way_puzzles_send_earlier_positions():
    searcher = ManualService()
    s = session("knights", service=searcher)
    s.play(s.legal_moves()[0])
    s.request_hint()
    assert searcher.jobs[-1].task.args[2] == ()     # moves can be undone: no dead ends to fall back from
    f = session("frogs-line-3", service=searcher)
    f.play(f.legal_moves()[0])
    f.request_hint()
    assert searcher.jobs[-1].task.args[2] == (f.puzzle.start,)


# -- auto-solve playback -------------------------------------------------------------------------

def test_solve_playback_speed_pause_step_and_finish():
    s = session("frogs-line-3")
    optimal = len(solve(s.puzzle, s.position))
    s.start_solve()
    assert s.playback is not None and s.playback.speed == 2.0 and len(s.playback.remaining) == optimal
    assert kinds(s.update(0)) == ["moved"]          # the first move plays at once
    assert s.update(0.25) == []
    assert kinds(s.update(0.25)) == ["moved"]       # then one every 1/speed seconds
    s.autosolve.faster()
    assert s.playback.speed == 4.0
    assert kinds(s.update(0.5)) == ["moved", "moved"]
    assert len(s.update(30.0)) == 2                 # a stalled frame catches up, it does not fast-forward
    for _ in range(10):
        s.autosolve.faster()
    assert s.playback.speed == 16.0
    for _ in range(10):
        s.autosolve.slower()
    assert s.playback.speed == 0.5

    s.start_solve()                                 # pressed while playing: pause
    assert s.playback.paused and s.update(10.0) == []
    played = s.moves
    s.step()
    assert s.moves == played + 1 and s.playback.paused
    s.autosolve.toggle_pause()
    assert not s.playback.paused
    s.autosolve.faster(); s.autosolve.faster(); s.autosolve.faster(); s.autosolve.faster(); s.autosolve.faster()
    events = []
    for _ in range(200):
        events += s.update(0.1)
    assert s.solved and s.playback is None and kinds(events)[-1] == "solved"
    assert s.moves == optimal
    assert all(e.kind is EntryKind.SOLVE for e in s.history[1:])
    replayed = s.puzzle.start
    for e in s.history[1:]:
        replayed = s.puzzle.play(replayed, e.move)
    assert s.puzzle.is_goal(replayed)


def test_player_input_stops_playback():
    s = session("goat")
    s.start_solve()
    s.update(0)
    s.play(s.legal_moves()[0])
    assert s.playback is None and s.history[-1].kind is EntryKind.MOVE
    s.start_solve()
    s.update(0)
    s.undo()
    assert s.playback is None
    s.update(0)
    s.start_solve()
    s.stop_solve()
    assert s.playback is None and s.update(5.0) == []


def test_resuming_a_solve_costs_no_new_search_and_step_starts_paused():
    searcher = Service(Where.INLINE)
    s = session("knights", service=searcher)
    s.start_solve()
    s.update(0)
    s.update(1.0)
    s.stop_solve()
    assert s.moves == 3 and s.known_distance() == 13
    s.step()
    assert s.moves == 4 and s.playback is not None and s.playback.paused
    s.stop_solve()
    s.start_solve()
    for _ in range(100):
        s.update(1.0)
    assert s.solved and s.moves == 16 and searcher.submitted == 1


def test_step_without_playback_searches_then_plays_one_move():
    s = session("frogs-line-2")
    s.step()
    assert s.moves == 1 and s.playback.paused and len(s.playback.remaining) == 7


# -- saved games ----------------------------------------------------------------------------------

def test_save_and_load_round_trip():
    s = Session(catalog.get("eight"), service=Service(Where.INLINE), rng=random.Random(8))
    s.new_deal()
    dealt = s.position
    for _ in range(5):
        climb_to_move(s)
        s.request_hint()
    s.update(12.5)
    text = save_text(s)
    assert "puzzle: eight" in text
    t = load_text(text, service=Service(Where.INLINE))
    assert t.puzzle is s.puzzle and t.position == s.position and t.moves == 5
    assert t.game_start == dealt and t.elapsed == pytest.approx(12.5)
    assert t.history == s.history and t.cursor == s.cursor   # the whole history, the deal an entry of it
    assert t.update(0) == []  # loading does not replay animations
    assert t.undo() and t.position == s.history[-2].position
    for name in ("goat", "frogs-b", "pairs", "knights"):
        g = Session(catalog.get(name), service=Service(Where.INLINE))
        g.start_solve()
        g.update(0); g.update(1.0)
        assert load_text(save_text(g), service=Service(Where.INLINE)).position == g.position


@pytest.mark.parametrize("text, words", [
    ("", "which puzzle"),
    ("puzzle: nope\nstart: 1\nmoves:\n", "no puzzle called"),
    ("puzzle: eight\nmoves:\n", "no start"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/8 7 .\nmoves:\n", "cannot be solved"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 8\nmoves:\n", "row 3"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n8 c3-b3\n1 a1-a2\n", "saved move 2"),
    ("puzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\ntime: soon\nmoves:\n", "not a number"),
    ("hello world\n", "do not understand"),
])
def test_bad_saved_games_raise_one_sentence(text, words):
    with pytest.raises(PositionError) as info:
        load_text(text, service=Service(Where.INLINE))
    message = str(info.value)
    assert words in message and "\n" not in message and message.endswith(".")


# -- small parts ----------------------------------------------------------------------------------

def test_memory_is_bounded():
    knights = catalog.puzzle("knights")
    solution = solve(knights, knights.start)
    memory = Memory(limit=5)
    memory.remember(solution)
    assert len(memory) == 5
    assert memory.line(solution.states[-2]) == tuple(solution.moves[-1:])
    assert memory.line(knights.start) is None


def test_bad_start_position_is_refused():
    with pytest.raises(PositionError):
        Session(catalog.get("eight"), bytes([2, 1, 3, 4, 5, 6, 7, 8, 0]), service=Service(Where.INLINE))


def test_session_and_worker_never_import_pygame():
    code = ("import sys, game.midend.session, game.common.background, game.catalog.dealers, game.oracles.tasks, game.catalog.registry, game.families.registry, "
            "game.oracles.table, game.families.tiles.pattern; game.catalog.registry.specs(); "
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
