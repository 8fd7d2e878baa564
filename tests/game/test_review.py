"""The review of a game, on real games: the curve from the real oracle, the mistakes at the right
moves with the right distances, the optimal line, rewinding to the first mistake, and the
distances found by search where there is no table."""
from __future__ import annotations

from collections import deque

import pytest

from game.catalog import registry as catalog
from tests.helpers import climb_to_move, answered_by
from game.common.background import Service, Where
from game.oracles.base import Build, Verdict
from game.oracles.search import SearchOracle
from game.midend.notation import move_words
from game.midend.review import UNKNOWN, GameLine, Kind, known_distance, review_of, settle
from game.midend.review_search import ReviewSearch
from game.midend.session import Session

WRONG = {Verdict.FARTHER: Kind.FARTHER, Verdict.SAME: Kind.SAME, Verdict.DEAD_END: Kind.DEAD_END}


def ready(name: str) -> Session:
    spec = catalog.get(name)
    assert spec.oracle.prepare(Build.ALWAYS)
    return Session(spec, service=Service(Where.INLINE))


def searched(name: str):
    """The puzzle answered by plain searches only: no table, as the 15-puzzle."""
    variant = f"{name}~review-search"
    try:
        return catalog.get(variant)
    except KeyError:
        return catalog.register(answered_by(catalog.get(name), variant, SearchOracle), shelved=False)


def play_verdict(s: Session, verdict: Verdict) -> bool:
    """Play a move the table marks so; False if there is none here."""
    move = next((m for m, v in s.oracle.verdicts(s.position) or [] if v is verdict), None)
    return move is not None and s.play(move)


def play_game(s: Session, wrong_at: dict[int, Verdict], limit: int = 200) -> list[int]:
    """Closer moves, except the ones named in ``wrong_at`` (move number -> verdict), until solved.
    Returns the move numbers that did go wrong."""
    wrong = []
    while not s.solved and s.moves < limit:
        number = s.moves + 1
        if number in wrong_at and play_verdict(s, wrong_at[number]):
            wrong.append(number)
        else:
            assert play_verdict(s, Verdict.CLOSER)
    return wrong


def assert_optimal_line(s: Session, rev, oracle=None) -> None:
    """The optimal line is legal move by move from the game's start, reaches the goal, and is as
    long as the (table) oracle's distance there."""
    start = rev.line.positions[0]
    moves = s.oracle.instant_answer(start).line.moves if s.exact else s.memory.line(start)
    distance = (oracle or s.oracle).distance(start)
    assert rev.optimal is not None and len(rev.optimal) == len(moves) == distance == rev.par
    state = start
    for move, text in zip(moves, rev.optimal):
        assert move_words(s.spec, state, move) == text
        state = s.puzzle.play(state, move)
    assert s.puzzle.is_goal(state)


def test_an_optimal_solve_has_no_mistakes():
    s = ready("eight")
    play_game(s, {})
    rev = review_of(s)
    assert rev.solved and rev.complete and rev.par == 31 == len(rev.line)
    assert rev.mistakes == () and rev.first_mistake is None and rev.rewind_index is None
    assert rev.verdict() == "No mistakes: every move brought you closer."
    assert list(rev.distances) == list(range(31, -1, -1))
    assert all(step.kind is Kind.CLOSER for step in rev.steps)
    assert_optimal_line(s, rev)


@pytest.mark.parametrize("name,wrong_at", [
    ("eight", {3: Verdict.FARTHER, 9: Verdict.FARTHER}),
    ("goat", {2: Verdict.FARTHER, 5: Verdict.FARTHER, 6: Verdict.FARTHER}),
    ("knights", {1: Verdict.FARTHER, 7: Verdict.FARTHER}),
])
def test_a_detour_is_found_at_its_moves_with_the_oracles_distances(name, wrong_at):
    s = ready(name)
    wrong = play_game(s, wrong_at)
    assert wrong == sorted(wrong_at)
    rev = review_of(s)
    distance = s.oracle.distance
    assert [m.number for m in rev.mistakes] == wrong
    for step in rev.steps:
        before, after = rev.line.positions[step.number - 1], rev.line.positions[step.number]
        assert (step.before, step.after) == (distance(before), distance(after))
        assert step.text == move_words(s.spec, before, rev.line.moves[step.number - 1])
    first = rev.mistakes[0]
    assert first.kind is Kind.FARTHER and first.after == first.before + 1
    assert first.sentence() == f"move {first.number}: {first.text} went farther ({first.before} → {first.after})"
    assert rev.first_mistake == first and rev.rewind_index == first.number - 1
    assert len(rev.line) == rev.par + 2 * len(wrong)
    assert rev.verdict() == f"{len(wrong)} move{'s' if len(wrong) > 1 else ''} went farther."
    assert_optimal_line(s, rev)


def test_a_move_into_a_dead_end_and_the_moves_after_it():
    s = ready("frogs-line-3")
    assert play_verdict(s, Verdict.CLOSER) and play_verdict(s, Verdict.CLOSER)
    assert play_verdict(s, Verdict.DEAD_END)
    assert s.legal_moves() and s.play(s.legal_moves()[0])     # on, inside the dead end
    rev = review_of(s)
    assert rev.distances[:3] == (15, 14, 13) and rev.distances[3:] == (None, None)
    assert [(m.number, m.kind) for m in rev.mistakes] == [(3, Kind.DEAD_END)]
    assert rev.steps[3].kind is Kind.INSIDE
    assert rev.mistakes[0].sentence().endswith("went into a dead end (13 → dead end)")
    assert rev.rewind_index == 2 and not rev.solved
    assert rev.summary().startswith("A game in progress: 4 moves so far, in a dead end.")
    assert_optimal_line(s, rev)


def test_a_move_that_comes_no_closer():
    """Sliding blocks counted by path: a move can leave the distance as it was."""
    s = ready("hughes")
    seen, queue = {s.position: ()}, deque([s.position])
    while queue:   # the nearest position with a move marked "same", and the moves to it
        state = queue.popleft()
        if any(v is Verdict.SAME for _, v in s.oracle.verdicts(state)):
            break
        for move, after in s.puzzle.successors(state):
            if after not in seen:
                seen[after] = (*seen[state], move)
                queue.append(after)
    for move in seen[state]:
        s.play(move)
    assert play_verdict(s, Verdict.SAME)
    rev = review_of(s)
    last = rev.steps[-1]
    assert last.kind is Kind.SAME and last.before == last.after and rev.mistakes == (last,)


def test_rewind_to_the_first_mistake_and_redo_comes_back():
    s = ready("eight")
    s.new_deal(s.puzzle.parse("1 2 3/4 . 6/7 5 8"))     # history: start, deal, then the game
    play_game(s, {2: Verdict.FARTHER})
    rev = review_of(s)
    line = GameLine.of(s)
    assert line.anchor == 1 and rev.rewind_index == 2
    mistake_at = s.history[rev.rewind_index + 1].position
    end, end_cursor = s.position, s.cursor
    assert s.rewind_to(rev.rewind_index)
    assert s.cursor == 2 and s.position == line.positions[1] and s.moves == 1
    assert s.redo() and s.position == mistake_at
    while s.redo():
        pass
    assert s.position == end and s.cursor == end_cursor and s.solved
    assert not s.rewind_to(s.cursor) and not s.rewind_to(-1) and s.cursor == end_cursor


def test_help_the_game_had_is_said():
    s = ready("eight")
    climb_to_move(s)
    s.request_hint()                      # played
    assert review_of(s).help_note() == ("It had 4 hints: the records count it as solved with help. Used the distance "
                                        "band once, the exact count once, the piece hint once, the move hint once.")
    s.start_solve()
    while not s.solved:
        s.update(1.0)
    rev = review_of(s)
    assert rev.assisted and rev.steps[-1].solver and not rev.steps[0].solver and not rev.mistakes
    assert rev.help_note().startswith("The solver finished it")


def test_settle_fills_in_what_the_played_line_implies():
    U = UNKNOWN
    assert settle([5, U, U, 2]) == (5, 4, 3, 2)          # three moves, three closer: each one closer
    assert settle([5, U, 6]) == (5, U, 6)                # 4 to 7: not decided
    assert settle([U, U, 0]) == (U, U, 0)
    assert settle([2, U, 0]) == (2, 1, 0)
    assert settle([3, None, U]) == (3, None, U)          # nothing said across a dead end


def test_a_game_without_a_table_is_filled_in_by_searches():
    spec = searched("eight")
    s = Session(spec, service=Service(Where.INLINE))
    s.new_deal(s.puzzle.parse("4 1 3/7 2 6/. 5 8"))
    table = ready("eight").oracle
    moves = []
    while not table.distance(s.position) == 0:
        verdicts = table.verdicts(s.position)
        want = Verdict.FARTHER if len(moves) in (1, 4) else Verdict.CLOSER
        move = next(m for m, v in verdicts if v is want)
        moves.append(move)
        s.play(move)
    before = review_of(s)
    assert before.known < len(before.distances) and before.optimal is None
    search = ReviewSearch(s)
    rounds = 0
    while search.busy:
        search.update()
        rounds += 1
        assert rounds < 50
    rev = search.review
    assert rev.complete and not search.error
    assert list(rev.distances) == [table.distance(p) for p in rev.line.positions]
    assert [m.number for m in rev.mistakes] == [2, 5]
    assert search.searched < len(rev.line)        # lines and the played line spare searches
    assert_optimal_line(s, rev, table)
    assert known_distance(s.answers, rev.line.positions[3]) == rev.distances[3]   # remembered for hints


def test_fifteen_near_the_goal_and_a_stop():
    spec = catalog.get("fifteen")
    s = Session(spec, spec.puzzle.parse("1 2 3 4/5 6 7 8/9 10 . 11/13 14 15 12"), service=Service(Where.INLINE))
    for text in ("15 c4-c3", "15 c3-c4", "10 b3-c3", "10 c3-b3", "11 d3-c3", "12 d4-d3"):
        assert s.play(s.puzzle.parse_move(s.position, text))
    assert s.solved
    search = ReviewSearch(s)
    search.update()                     # one search a call: the game's start first
    assert search.searched == 1 and search.review.par == 2 and search.review.optimal == ("tile 11 d3→c3", "tile 12 d4→d3")
    search.cancel()
    assert search.stopped and not search.busy and not search.update()
    search.resume()
    while search.busy:
        search.update()
    rev = search.review
    assert rev.complete and rev.distances == (2, 3, 2, 3, 2, 1, 0) and search.searched == 3
    assert [(m.number, m.kind) for m in rev.mistakes] == [(1, Kind.FARTHER), (3, Kind.FARTHER)]
