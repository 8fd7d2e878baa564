"""A cached table with one entry changed and its checksum recomputed may pass the load, which checks only a
sample of a large table's entries. It still never gives a wrong answer, hint or move mark: every entry the game
shows or walks is checked against its successors' first (:mod:`solvers.entries`), and a table one of whose
entries does not hold is dropped, built again (said in one sentence) and answers from then on."""
from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from game.catalog import registry as catalog
from game.cli import cmd_analyze, main
from game.common.background import Service, Where
from game.families.hanoi.oracle import HanoiOracle
from game.oracles.base import Build, NoSolution, Oracle, replays
from game.oracles.component import KEY_BYTES, ComponentOracle
from game.oracles.table import TableOracle
from game.midend.session import Session
from solvers import cache, tables
from solvers.entries import Entries, entry_holds
from solvers.tables import TABLE_VERSION

from tests.helpers import answered_by, assert_optimal_and_legal, climb_to_move, replay

RICOCHET = ("# . # . . . . ./. . . . # # . ./. . . . . . . ./. # . . . . . ./. . . . . . . #/"
            "B . . . . C . #/. . A . . . . ./. . . . # . . .")


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder and fresh per-process cache state (no notices said yet)."""
    where = tmp_path / "cache"
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(where))
    monkeypatch.setattr(cache, "_state", cache._State())
    return where


@pytest.fixture
def sampled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading checks no entry but the goals' (as a large table's sample may miss the one entry changed)."""
    import game.families.hanoi.oracle as hanoi
    import game.families.pegs.oracle as pegs
    monkeypatch.setattr(tables, "FULL_CHECK", 0)
    monkeypatch.setattr(tables, "RANK_SPACE_CHECK", 0)
    monkeypatch.setattr(tables, "SAMPLE_CHECK", 0)
    monkeypatch.setattr(hanoi, "WHOLE_CHECK", 0)
    monkeypatch.setattr(pegs, "CHECKED", 0)


def fresh(name: str) -> TableOracle:
    """A new oracle of the named puzzle, as a new run of the game makes it (the puzzle's rules, which take a
    while to make for some, are the catalog's)."""
    spec = catalog.get(name)
    oracle = spec.recipe.answered_by(spec.puzzle, spec.recipe)
    assert isinstance(oracle, TableOracle)
    return oracle


def _entries_of(oracle: TableOracle, payload: np.ndarray) -> np.ndarray:
    """The entries in a cached file's bytes (a view: writing it changes the bytes)."""
    if isinstance(oracle, HanoiOracle):
        return payload.view("<u2")
    if isinstance(oracle, ComponentOracle):
        return payload[len(payload) // (KEY_BYTES + 1) * KEY_BYTES:]
    return payload


class Forger:
    """A puzzle's table built once into the cache folder; :meth:`write` puts it back with one entry changed,
    its checksum recomputed through the cache (so the cache itself cannot tell)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.truth = fresh(name)
        assert self.truth.prepare(Build.ALWAYS)
        self.file = self.truth.layout()[1]
        self.meta = {"fingerprint": self.truth.layout()[2]}
        payload = cache.load_array(self.file, TABLE_VERSION, meta=self.meta)
        assert payload is not None
        self.payload = payload.copy()

    def write(self, state: bytes, value: int) -> None:
        forged = self.payload.copy()
        table = self.truth.table
        assert table is not None
        rank = table.rank(state)
        assert rank is not None
        entries = _entries_of(self.truth, forged)
        assert int(entries[rank]) != value
        entries[rank] = value
        cache.save_array(self.file, forged, TABLE_VERSION, meta=self.meta)
        cache.take_notices()

    def loaded(self, state: bytes, value: int) -> TableOracle:
        """A new oracle that has loaded the table with the entry of ``state`` set to ``value``."""
        self.write(state, value)
        recipe = self.truth.recipe
        assert recipe is not None
        oracle = recipe.answered_by(self.truth.puzzle, recipe)   # the puzzle made once: its rules take a while
        assert isinstance(oracle, TableOracle)
        assert oracle.prepare(Build.ALWAYS)   # loaded, or built where the load's checks found the change
        return oracle


def as_a_new_run(monkeypatch: pytest.MonkeyPatch, oracle: Oracle) -> None:
    """The catalog's oracle as a new run of the game has it: no table yet, nothing said (put back as it was
    for the tests that follow)."""
    for attribute in ("_loaded", "_analysis", "_entries", "_preparation", "_restart", "notices", "dropped"):
        if hasattr(oracle, attribute):
            monkeypatch.setattr(oracle, attribute, getattr(oracle, attribute))
    monkeypatch.setattr(oracle, "_loaded", None)
    monkeypatch.setattr(oracle, "_analysis", None)
    monkeypatch.setattr(oracle, "notices", ())


def _solve_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str, position: str) -> dict:
    """``solve NAME --from POSITION --json`` as a new run would answer it: its oracle holds no table yet."""
    as_a_new_run(monkeypatch, catalog.get(name).oracle)
    assert main(["solve", name, "--from", position, "--json"]) == 0
    out, err = capsys.readouterr()
    return {**json.loads(out), "stderr": err}


def _assert_shortest(truth: TableOracle, position: str, answer: dict) -> None:
    """The answer is called optimal, and its line is legal, reaches the goal and is as short as a table
    swept afresh says (a breadth-first sweep from the goals: :func:`assert_optimal_and_legal`'s search from
    this position takes seconds on the robots' board)."""
    puzzle = truth.puzzle
    state = puzzle.parse(position)
    states = [puzzle.parse(text) for text in answer["positions"]]
    assert answer["optimal"] is True and states[0] == state and len(states) == answer["length"] + 1
    moves = [next(move for move, reached in puzzle.successors(before) if reached == after)
             for before, after in zip(states, states[1:])]
    assert puzzle.is_goal(replay(puzzle, state, moves))
    assert len(moves) == truth.distance(state)


def test_ricochet_one_raised_entry_still_answers_seven_moves(capsys, monkeypatch, sampled):
    """The issue's case: a position 7 moves out with a successor 8 out, its entry raised to 9, used to give
    9 moves called optimal in every run."""
    forger = Forger("ricochet-1")
    puzzle = forger.truth.puzzle
    state = puzzle.parse(RICOCHET)
    assert forger.truth.distance(state) == 7
    assert 8 in [forger.truth.distance(after) for _move, after in puzzle.successors(state)]
    forger.write(state, 9)
    answer = _solve_json(capsys, monkeypatch, "ricochet-1", RICOCHET)
    assert answer["length"] == 7
    _assert_shortest(forger.truth, RICOCHET, answer)
    assert answer["stderr"].count("note: ") == 1 and "built again" in answer["stderr"]


def _with_a_farther_successor(oracle: TableOracle) -> bytes:
    """A position the start reaches with a successor one move farther from the goal (found breadth-first)."""
    puzzle = oracle.puzzle
    layer, seen = [puzzle.start], {puzzle.start}
    while layer:
        after_layer = []
        for state in layer:
            here = oracle.distance(state)
            nexts = [after for _move, after in puzzle.successors(state)]
            if here is not None and any(oracle.distance(after) == here + 1 for after in nexts):
                return state
            after_layer += [after for after in nexts if after not in seen]
            seen.update(nexts)
        layer = after_layer
    raise AssertionError("no such position")


def test_frogs_board_c_raised_entry_still_answers_shortest(capsys, monkeypatch, sampled):
    forger = Forger("frogs-c")
    state = _with_a_farther_successor(forger.truth)
    distance = forger.truth.distance(state)
    assert distance is not None
    forger.write(state, distance + 2)
    position = forger.truth.puzzle.format(state)
    answer = _solve_json(capsys, monkeypatch, "frogs-c", position)
    assert answer["length"] == distance
    _assert_shortest(forger.truth, position, answer)
    assert answer["stderr"].count("note: ") == 1 and "built again" in answer["stderr"]
    puzzle = forger.truth.puzzle
    states = [puzzle.parse(text) for text in answer["positions"]]
    assert_optimal_and_legal(puzzle, state, [puzzle.parse_move(at, text) for at, text in zip(states, answer["moves"])])


# -- any one entry changed: solve, hint and marks stay true ---------------------------------------------------

SMALL = ["eight", "frogs-line-3", "tait-4", "hanoi-4", "reve-5", "motor-car", "pegs-triangle-b3",
         "pegs-triangle-b3@jump", "warehouse-2", "warehouse-2@pushes"]
FORGERIES = 4   # entries changed per puzzle, each on its own


@pytest.fixture(scope="module")
def forgers(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Forger]:
    """Each small puzzle's table built once for the module (its file rewritten per case)."""
    made: dict[str, Forger] = {}

    def forger(name: str) -> Forger:
        if name not in made:
            made[name] = Forger(name)
        return made[name]
    return forger


def _values(true: int | None, unreached: int, rng: random.Random) -> list[int]:
    """Values a forged entry takes: raised and lowered, 0 and "no way", and one at random."""
    if true is None:
        return [0, 1, rng.randrange(2, 30)]
    out = {true + 1, true + 2, max(0, true - 1), max(0, true - 2), 0, unreached, rng.randrange(0, true + 10)}
    return sorted(v for v in out if v != true)


def _cases(forger: Forger, rng: random.Random) -> list[tuple[bytes, bytes, int]]:
    """(position changed, the position before it on a random walk from the start, its new value)."""
    puzzle = forger.truth.puzzle
    table = forger.truth.table
    assert table is not None
    cases = []
    while len(cases) < FORGERIES:
        before, state = puzzle.start, puzzle.start
        for _ in range(rng.randrange(0, 12)):
            nexts = [after for _move, after in puzzle.successors(state)]
            if not nexts:
                break
            before, state = state, rng.choice(nexts)
        if table.rank(state) is None:
            continue
        values = _values(forger.truth.distance(state), table.unreached, rng)
        cases.append((state, before, rng.choice(values)))
    return cases


def _check_answers(truth: TableOracle, oracle: TableOracle, state: bytes, ask: str) -> None:
    """What ``oracle`` says about ``state`` (``ask``: marks, hint, distance or solve) is true or nothing."""
    puzzle = truth.puzzle
    true = truth.distance(state)
    if ask == "marks":
        said = oracle.verdicts(state)
        assert said is None or said == truth.verdicts(state)
    elif ask == "hint":
        got = oracle.instant_answer(state)
        if got is not None:
            if got.line is None:
                assert true is None
            else:
                assert len(got.line) == true and replays(puzzle, state, got.line)
                assert truth.distance(got.line.states[1] if got.line.moves else state) == max(0, true - 1)
    elif ask == "distance":
        said = oracle.distance(state)
        assert said == true or (oracle.table is None and said in (None, 0 if puzzle.is_goal(state) else None))
        assert not oracle.dead_end(state) or true is None
    else:
        try:
            line = oracle.solve(state)
        except NoSolution:
            assert true is None
        else:
            assert len(line) == true and replays(puzzle, state, line)


@pytest.mark.parametrize("name", SMALL)
def test_one_changed_entry_never_gives_a_wrong_answer_hint_or_mark(forgers, sampled, name):
    forger = forgers(name)
    truth = forger.truth
    rng = random.Random(name)
    dropped = 0
    for state, before, value in _cases(forger, rng):
        for ask in ("marks", "hint", "distance", "solve"):
            for at in (state, before, truth.puzzle.start):
                cache._state = cache._State()   # each case a new run: its sentence said anew
                oracle = forger.loaded(state, value)
                _check_answers(truth, oracle, at, ask)
                if getattr(oracle, "dropped", 0):   # an entry found not to hold: said in one sentence
                    dropped += 1
                    assert any("built again" in note for note in oracle.notices)
    assert dropped   # some changed entry was met, found and its table dropped


SHOWN = 400   # entries of a table checked one by one (all of a smaller one)


def test_exactly_the_changed_entry_fails_its_own_equation():
    """The ground of it all, over every entry of small tables (many of a larger one) and several values each:
    an entry changed on its own never holds."""
    for name in ("frogs-line-3", "hanoi-4", "tait-4", "pegs-triangle-b3", "motor-car", "warehouse-2@pushes"):
        oracle = fresh(name)
        assert oracle.prepare(Build.ALWAYS)
        table = oracle.table
        assert table is not None
        puzzle = oracle.puzzle
        ranks = np.arange(len(table)) if len(table) <= SHOWN else np.random.default_rng(7).choice(len(table), SHOWN)
        states = table.ranker.unrank(ranks.astype(np.int64))
        true = table.table.copy()
        batch = oracle.batch_of(table)   # the same check, many entries at once in numpy
        for rank, state in zip(map(int, ranks), map(bytes, states)):
            if not puzzle.is_goal(state) and not list(puzzle.successors(state)) and true[rank] == table.unreached:
                continue   # a position no move leaves and no move reaches: any entry but 0 is the same to it
            entries = Entries(table.distance, oracle.table_successors, puzzle.is_goal)
            assert entries.holds(state), (name, rank)
            for value in {0, 1, int(true[rank]) + 1, int(true[rank]) + 2, table.unreached} - {int(true[rank])}:
                if value > table.unreached:
                    continue
                table.table[rank] = value
                assert not entry_holds(state, table.distance, oracle.table_successors, puzzle.is_goal), \
                    (name, rank, int(true[rank]), value)
                assert batch is None or batch([state]) is False, (name, rank, int(true[rank]), value)
            table.table[rank] = true[rank]


def test_the_window_drops_a_table_whose_marks_do_not_hold_and_prepares_it_again(sampled):
    """Marks asked of a forged table show nothing; the table is prepared again in the background, and its
    marks are then the true ones; the sentence is said."""
    forger = Forger("eight")
    truth = forger.truth
    start = truth.puzzle.start
    forger.write(start, truth.distance(start) + 2)
    oracle = fresh("eight")
    service = Service(Where.INLINE)
    oracle.start_preparing(service)
    assert oracle.status().phase.value == "ready"
    assert oracle.verdicts(start) is None and oracle.dropped == 1
    assert any("built again" in note for note in oracle.notices)
    assert oracle.status().phase.value == "ready"   # prepared again: loaded, else built
    assert oracle.verdicts(start) == truth.verdicts(start)


def test_the_hint_of_a_game_comes_from_the_rebuilt_table(sampled):
    """A game's hint, asked where the changed entry is: the table is dropped and built again, and the hint
    is a move one nearer the goal."""
    forger = Forger("frogs-line-3")
    truth = forger.truth
    start = truth.puzzle.start
    forger.write(start, truth.distance(start) + 2)
    spec = answered_by(catalog.get("frogs-line-3"), "frogs-line-3~forged", TableOracle)
    assert spec.oracle.prepare(Build.NEVER)
    session = Session(spec, service=Service(Where.INLINE))
    climb_to_move(session)
    hint = session.hint_info
    assert hint is not None and hint.move is not None
    assert truth.distance(truth.puzzle.play(start, hint.move)) == truth.distance(start) - 1
    assert spec.oracle.dropped == 1 and spec.oracle.ready()


@pytest.mark.parametrize("where", ["the start", "the position asked about", "a hardest position"])
def test_analyze_states_no_figure_of_a_changed_entry(capsys, monkeypatch, sampled, where):
    """``analyze`` states the start's distance, a position's and the hardest positions': each is checked
    first, and a table whose entry does not hold is built again before anything is said."""
    forger = Forger("eight")
    truth = forger.truth
    puzzle = truth.puzzle
    asked = _with_a_farther_successor(truth)
    hardest = truth.analysis()[0].hardest[0]
    forged = {"the start": puzzle.start, "the position asked about": asked, "a hardest position": hardest}[where]
    distance = truth.distance(forged)
    assert distance is not None
    forger.write(forged, distance + 2)
    as_a_new_run(monkeypatch, catalog.get("eight").oracle)
    assert cmd_analyze(catalog.get("eight"), puzzle.format(asked), as_json=True) == 0   # a share code's way
    out, err = capsys.readouterr()
    said = json.loads(out)
    figures = truth.analysis()[0]
    assert said["start_distance"] == truth.distance(puzzle.start)
    assert said["position_distance"] == truth.distance(asked)
    assert (said["max_distance"], said["hardest_count"]) == (figures.max_distance, figures.hardest_count)
    assert said["by_distance"] == figures.by_distance
    assert err.count("note: ") == 1 and "built again" in err


def test_the_daily_picks_no_position_whose_entry_does_not_hold(monkeypatch, sampled):
    """The daily draws its position from the table's entries at a distance: an entry changed to that
    distance, where the draw falls on it, is found, and the daily comes from the table built again."""
    from game.midend import daily as days
    from solvers.sweep import ranks_at

    date = next(day for day in (dt.date(2026, 11, 23) + dt.timedelta(days=i) for i in range(10))
                if days.puzzle_of(day) == "eight")
    forger = Forger("eight")
    truth = forger.truth
    as_a_new_run(monkeypatch, catalog.get("eight").oracle)
    true_daily = days.daily(date)
    assert true_daily.optimum == truth.distance(true_daily.state)
    distance, table = true_daily.optimum, truth.table
    assert table is not None
    at = ranks_at(table.table, distance)
    index = days.seed(date) % (len(at) + 1)            # where the draw falls once one more entry says ``distance``
    low = int(at[index - 1]) + 1 if index else 0
    other = next(rank for rank in range(low, int(at[index]) if index < len(at) else len(table))
                 if table.table[rank] not in (distance, table.unreached))
    state = bytes(table.ranker.unrank(np.array([other], dtype=np.int64))[0])
    forger.write(state, distance)
    as_a_new_run(monkeypatch, catalog.get("eight").oracle)
    got = days.daily(date)
    assert (got.state, got.optimum) == (true_daily.state, true_daily.optimum)
    assert catalog.get("eight").oracle.dropped >= 1


def test_the_editor_reads_no_distance_from_an_entry_that_does_not_hold(sampled):
    """The editor's exact reading comes from the table only where the position's entry holds: the start of
    frogs board A, its entry changed to "no way", is never read as a dead end."""
    from game.midend.editor import Editor, ReadingKind

    forger = Forger("frogs-a")
    truth = forger.truth
    start = truth.puzzle.start
    forger.write(start, truth.table.unreached)
    spec = answered_by(catalog.get("frogs-a"), "frogs-a~forged-editor", TableOracle)
    e = Editor(spec, None, service=Service(Where.INLINE))
    e.update(1.0)
    assert spec.oracle.ready()   # the forged table, loaded: its checks on loading do not see the change
    first = e.reading()
    assert first.kind is not ReadingKind.DEAD_END and spec.oracle.dropped == 1
    for _ in range(5):
        e.update(1.0)
    reading = e.reading()
    assert (reading.kind, reading.distance) == (ReadingKind.SOLVABLE, truth.distance(start))
