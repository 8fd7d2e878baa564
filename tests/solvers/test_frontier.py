"""The layered sweeps over packed positions (solvers.frontier, solvers.bounded, solvers.keysets) against
plain dictionary breadth-first searches: the same component, the same distances, lines as short as
breadth-first search finds and legal move by move, on small sliding-block puzzles in every count; and
the limits: a sweep stopped by time, memory or a cap says how far it got, a cancelled one stops."""
from __future__ import annotations

import random
from collections import deque
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import registry as catalog
from game.families.blocks.bounds import PatternBound, pattern_kinds
from game.families.blocks.counts import COUNTS
from game.families.blocks.engine import Engine
from game.families.blocks.model import BlocksDef, DoorsDef
from game.families.blocks.rules import BlocksPuzzle, make_blocks
from game.families.blocks.solve import Solver
from game.files.model import Common
from solvers import compiled, frontier, keysets, packed
from solvers.bounded import bounded_line
from solvers.limits import LimitReached, Limits, Watch
from solvers.problem import Cancelled
from solvers.search import bfs
from solvers.sweep import UNREACHED
from tests.families.blocks.boards import random_puzzle
from tests.helpers import assert_optimal_and_legal

pytestmark = pytest.mark.skipif(not compiled.available(), reason="numba is not installed")
FREE = Limits(None, None)


PLAIN_MOST = 5_000   # positions a plain sweep of a random board may hold here (more: the board is skipped)


def plain_distances(puzzle: BlocksPuzzle, most: int | None = None) -> dict[bytes, int | None] | None:
    """Every position the start reaches, with its moves to the nearest goal: dictionaries and deques
    (None past ``most`` positions)."""
    seen = {puzzle.start}
    todo = deque(seen)
    while todo:
        for _, nxt in puzzle.successors(todo.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
        if most is not None and len(seen) > most:
            return None
    distance: dict[bytes, int | None] = {s: 0 for s in seen if puzzle.is_goal(s)}
    todo = deque(distance)
    while todo:
        state = todo.popleft()
        for _, before in puzzle.predecessors(state):
            if before not in distance:
                distance[before] = distance[state] + 1   # type: ignore[operator]
                todo.append(before)
    return {s: distance.get(s) for s in seen}


def states_of(engine: Engine, keys: np.ndarray) -> list[bytes]:
    return [bytes(b) for b in engine.decode(keys)]


def check_against_plain(puzzle: BlocksPuzzle, most: int | None = None) -> None:
    expected = plain_distances(puzzle, most)
    if expected is None:
        return
    engine = Engine(puzzle)
    keys = frontier.component(engine, engine.key(puzzle.start), Watch(FREE))
    assert set(states_of(engine, keys)) == set(expected)
    table = frontier.distances(engine, keys, Watch(FREE))
    got = {s: (None if d == UNREACHED else int(d)) for s, d in zip(states_of(engine, keys), table)}
    assert got == expected


@pytest.mark.parametrize("name", [pytest.param("motor-car@cell", marks=pytest.mark.slow), "motor-car@line", "hughes",
                                  "pennant@line"])   # the cell count's component is met in the doors test below
def test_the_component_and_its_distances_match_plain_breadth_first_search(name):
    check_against_plain(catalog.puzzle(name))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_random_boards_sweep_as_plain_breadth_first_search_does(seed):
    check_against_plain(random_puzzle(seed), PLAIN_MOST)


BOX = BlocksDef(Common("A box with an exit"), ("ABBC", "ABBC", "D..E", "#..#"), ("????", "????", "?BB?", "#BB#"),
                ("AC", "DE"), {}, "path", DoorsDef(((3, 1), (3, 2)), "B"))   # only B may leave the box


@pytest.mark.parametrize("count", COUNTS, ids=lambda c: c.key)
def test_doors_and_identical_pieces_sweep_and_solve_as_plain_breadth_first_search(count):
    """The component, the distances and the solver's line (breadth-first, and by bounds) of a box whose exit
    only its big piece may take, in each count; the same box without the door reaches more positions."""
    doored, open_ = make_blocks("box", BOX, count=count), make_blocks("box", replace(BOX, doors=None), count=count)
    for puzzle in (doored, open_):
        check_against_plain(puzzle)
        solver = Solver(puzzle)
        line = solver.line(puzzle.start, Watch(FREE))
        plain = bfs(puzzle, puzzle.start)
        assert line is not None and plain is not None and len(line) - 1 == len(plain)
        assert_optimal_and_legal(puzzle, puzzle.start, solver.moves(line))
        engine = solver.engine()
        start = engine.key(puzzle.start)
        bound = PatternBound(engine, pattern_kinds(engine), puzzle.start, Watch(FREE))
        bounded = line_of(engine, bounded_line(engine, start, bound, Watch(FREE)))
        assert bounded is not None and len(bounded) == len(line)
        assert_optimal_and_legal(puzzle, puzzle.start, moves_of(puzzle, bounded))
    reach = plain_distances(doored)
    assert reach is not None and len(reach) < len(plain_distances(open_) or {})


def line_of(engine: Engine, keys: list[np.ndarray] | None) -> list[bytes] | None:
    return None if keys is None else states_of(engine, np.array(keys))


def moves_of(puzzle: BlocksPuzzle, states: list[bytes]):
    moves = []
    for here, there in zip(states, states[1:]):
        moves.append(next(m for m, s in puzzle.successors(here) if s == there))
    return moves


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10 ** 9))
def test_lines_are_as_short_as_breadth_first_search_finds_and_legal(seed):
    puzzle = random_puzzle(seed)
    engine = Engine(puzzle)
    start = engine.key(puzzle.start)
    plain = line_of(engine, frontier.shortest_line(engine, start, Watch(FREE)))
    bound = PatternBound(engine, pattern_kinds(engine), puzzle.start, Watch(FREE))
    bounded = line_of(engine, bounded_line(engine, start, bound, Watch(FREE)))
    plain_table = plain_distances(puzzle, PLAIN_MOST)
    if plain_table is None:
        return
    if plain_table[puzzle.start] is None:
        assert plain is None and bounded is None
        return
    for line in (plain, bounded):
        assert line is not None and line[0] == puzzle.start
        assert_optimal_and_legal(puzzle, puzzle.start, moves_of(puzzle, line))


@pytest.mark.parametrize("name", ["pennant", "motor-car@line", "hughes@cell"])
def test_library_lines_are_optimal_by_each_search(name):
    """Forward, from both ends (the goal found as one position), and by bounds: the same length."""
    puzzle = catalog.puzzle(name)
    engine = Engine(puzzle)
    start = engine.key(puzzle.start)
    forward = line_of(engine, frontier.shortest_line(engine, start, Watch(FREE)))
    bound = PatternBound(engine, pattern_kinds(engine), puzzle.start, Watch(FREE))
    bounded = line_of(engine, bounded_line(engine, start, bound, Watch(FREE)))
    assert forward is not None and bounded is not None and len(forward) == len(bounded)
    goals = engine.encode(np.frombuffer(b"".join(s for s in [forward[-1]]), dtype=np.uint8)[None])[0]
    both = line_of(engine, frontier.shortest_line(engine, start, Watch(FREE), goals=goals))
    assert both is not None and len(both) == len(forward) and both[-1] == forward[-1]
    assert_optimal_and_legal(puzzle, puzzle.start, moves_of(puzzle, forward))
    assert bound(start[None])[0] <= len(forward) - 1


def test_a_sweep_stops_at_each_limit_and_says_how_far_it_got():
    puzzle = catalog.puzzle("klotski@cell")
    engine = Engine(puzzle)
    start = engine.key(puzzle.start)
    clock = iter(range(0, 10 ** 6, 1))
    with pytest.raises(LimitReached) as late:
        frontier.shortest_line(engine, start, Watch(Limits(30.0, None), clock=lambda: float(next(clock))))
    assert late.value.which == "time" and late.value.status.positions > 1 and late.value.lower_bound > 1
    with pytest.raises(LimitReached) as full:
        frontier.component(engine, start, Watch(Limits(None, 20_000)))
    assert full.value.which == "memory" and full.value.status.held > 20_000
    with pytest.raises(LimitReached) as capped:
        frontier.component(engine, start, Watch(Limits(None, None, 5_000)))
    assert capped.value.which == "positions" and capped.value.status.positions > 5_000
    with pytest.raises(Cancelled):
        frontier.component(engine, start, Watch(FREE, cancel=lambda: True))


def keysets_of(rng: random.Random, words: int, n: int) -> np.ndarray:
    return np.array([[rng.randrange(0, 6) for _ in range(words)] for _ in range(n)], dtype=np.int64)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9), st.sampled_from([1, 2, 3]))
def test_sorted_key_sets_behave_as_sets(seed, words):
    rng = random.Random(seed)
    a = keysets.sort_unique(keysets_of(rng, words, rng.randrange(0, 80)))
    b = keysets.sort_unique(keysets_of(rng, words, rng.choice([0, 3, 300])))
    rows = lambda keys: [tuple(row) for row in keys]   # noqa: E731
    assert rows(a) == sorted(set(rows(a)))
    assert rows(keysets.difference(a, b)) == sorted(set(rows(a)) - set(rows(b)))
    assert list(keysets.contains(a, b)) == [row in set(rows(b)) for row in rows(a)]
    assert rows(keysets.merge([a, b], words)) == sorted(set(rows(a)) | set(rows(b)))
    located = keysets.locate(b, a)
    assert [int(i) for i in located] == [rows(b).index(row) if row in rows(b) else -1 for row in rows(a)]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 9), st.sampled_from([1, 2, 3, 8]), st.sampled_from([0, 1, 2, 50, 3000]),
       st.sampled_from([63, 40, 8, 1]))
def test_packed_key_sets_unpack_to_the_same_rows(seed, words, n, bits):
    """Sorted keys of one to eight words, packed as gaps of seven bits a byte, come back row for row: gaps of
    any width (the words' extremes, borrows and carries through several words, dense runs), and keys that
    differ in their last word alone take two bytes a row."""
    rng = np.random.default_rng(seed)
    top = (1 << 63) - 1
    keys = rng.integers(0, 1 << bits, size=(n, words), dtype=np.int64)
    if bits <= 8 and seed % 2:   # dense: the rows differ in their last word alone
        keys[:, :-1] = rng.integers(0, top, size=words - 1)
        dense = keysets.sort_unique(keys)
        assert packed.pack(dense).nbytes <= 2 * len(dense) + 10 * words   # gaps below 2**14, the first row whole
    extremes = np.array([[0] * words, [top] * words, [0] * (words - 1) + [top], [top] + [0] * (words - 1)],
                        dtype=np.int64)
    keys = keysets.sort_unique(np.concatenate([keys, extremes[rng.random(len(extremes)) < 0.5]]))
    kept = packed.pack(keys)
    assert isinstance(kept, packed.Packed) or not len(keys)
    assert np.array_equal(packed.unpacked(kept), keys) and len(kept) == len(keys)


def test_a_sweep_keeps_its_layers_before_the_last_two_packed_and_walks_its_lines_back_through_them():
    puzzle = catalog.puzzle("pennant")
    engine = Engine(puzzle)
    start = engine.key(puzzle.start)
    kept = frontier.Layers(engine, start, Watch(FREE))
    plain = frontier.Layers(engine, start, Watch(FREE), pack=False)
    while len(kept.step()) and len(plain.step()):
        assert all(isinstance(layer, packed.Packed) for layer in kept.layers[:-2])
        assert all(np.array_equal(packed.unpacked(a), b) for a, b in zip(kept.layers, plain.layers))
    assert kept.held() < plain.held() / 2
    line = frontier.shortest_line(engine, start, Watch(FREE))
    assert line is not None
    assert_optimal_and_legal(puzzle, puzzle.start, moves_of(puzzle, states_of(engine, np.array(line))))
    assert len(line) - 1 == len(bfs(puzzle, puzzle.start) or [])


def random_keys(rng: np.random.Generator, shape: str, n: int) -> np.ndarray:
    """Keys with repeats, shaped as the sweeps meet them: one word; two words whose leading word is a few bits
    (the engine packs its fullest word last), or a wide word with few values, or anything; three words."""
    half = rng.integers(0, 1 << 62, size=(n // 2 + 1, 3), dtype=np.int64)
    keys = np.concatenate([half, half[rng.integers(0, len(half), n - len(half))]])
    rng.shuffle(keys)
    if shape == "one":
        return keys[:, :1].copy()
    if shape == "three":
        keys[:, 0] &= 7   # leading words often tie: the later words decide
        return keys
    keys = keys[:, :2].copy()
    if shape == "two, few-bit lead":
        keys[:, 0] &= (1 << 5) - 1
    elif shape == "two, wide lead of few values":
        keys[:, 0] = rng.choice(rng.integers(1 << 40, 1 << 62, 50), n)
    return keys


@pytest.mark.parametrize("shape", ["one", "two, few-bit lead", "two, wide lead of few values", "two, any", "three"])
@pytest.mark.parametrize("n", [1, 2, 700, 20_000])
def test_the_sort_of_many_keys_and_the_merge_of_sorted_parts_equal_numpys_unique(shape, n):
    """sort_unique's grouped sort (two words) and merge's linear walks, against np.unique of the rows."""
    rng = np.random.default_rng(n)
    keys = random_keys(rng, shape, n)
    before = keys.copy()
    expected = np.unique(keys, axis=0)
    got = keysets.sort_unique(keys)
    assert got.dtype == np.int64 and np.array_equal(got, expected)
    assert np.array_equal(keys, before), "the caller's keys were changed"
    cuts = np.sort(rng.integers(0, n + 1, 4))
    parts = [keysets.sort_unique(part) for part in np.split(keys, cuts)]
    assert np.array_equal(keysets.merge(parts, keys.shape[1]), expected)


@pytest.mark.parametrize("n", [1, 5, 20_000])
def test_the_hash_table_keeps_the_first_of_each_row_in_the_order_they_come(n):
    """The repeats of many-word keys dropped before their sort: each row once, where it first came."""
    keys = random_keys(np.random.default_rng(n), "three", n)
    _, first = np.unique(keys, axis=0, return_index=True)
    assert np.array_equal(keysets._first_of_each(keys), keys[np.sort(first)])


@pytest.mark.parametrize("shape", ["one", "two, few-bit lead", "two, wide lead of few values", "three"])
@pytest.mark.parametrize("n", [1, 700, 20_000])
def test_a_merge_and_difference_cut_among_threads_equals_the_one_thread_walk(shape, n, monkeypatch):
    """merged_difference on two to five threads (each a range of keys, cut at rows of the largest part):
    the rows of the one-thread merge and difference, in order, whatever the parts' sizes."""
    monkeypatch.setattr(keysets, "SPLIT_AT", 1)
    rng = np.random.default_rng(n)
    keys = random_keys(rng, shape, 2 * n)
    words = keys.shape[1]
    cuts = np.sort(rng.integers(0, n + 1, 3))
    parts = [keysets.sort_unique(part) for part in np.split(keys[:n], cuts)]
    minus = [keysets.sort_unique(keys[n:n + n // 2]), keysets.sort_unique(keys[n // 3:n])]
    expected = keysets.difference(keysets.merge(parts, words), *minus)
    assert len(expected) or n == 1
    for threads in (2, 3, 5):
        assert np.array_equal(keysets.merged_difference(parts, words, minus, threads), expected)
        assert np.array_equal(keysets.merged_difference(parts, words, (), threads), keysets.merge(parts, words))


class TwoWords:
    """A blocks engine's one-word keys split into two words at bit ``split`` (the same order), so a sweep
    runs over two-word keys as the large boards' do."""

    def __init__(self, engine: Engine, split: int) -> None:
        self.engine, self.split, self.words = engine, split, 2

    def pack(self, keys: np.ndarray) -> np.ndarray:
        flat = keys[:, 0]
        return np.stack([flat >> self.split, flat & ((1 << self.split) - 1)], axis=1)

    def unpack(self, keys: np.ndarray) -> np.ndarray:
        keys = np.asarray(keys, dtype=np.int64).reshape(-1, 2)
        return ((keys[:, 0] << self.split) | keys[:, 1])[:, None]

    def expand(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rows, kids = self.engine.expand(self.unpack(keys))
        return rows, self.pack(kids)

    def children(self, keys: np.ndarray, find_goal: bool = False) -> tuple[np.ndarray, int]:
        kids, parent = self.engine.children(self.unpack(keys), find_goal)
        return self.pack(kids), parent

    def goal_mask(self, keys: np.ndarray) -> np.ndarray:
        return self.engine.goal_mask(self.unpack(keys))


@pytest.mark.parametrize("name", ["motor-car@line", "pennant@line"])
@pytest.mark.parametrize("lead", ["few bits", "wide"])
def test_a_two_word_sweep_by_the_grouped_sort_tables_as_plain_breadth_first_search(name, lead, monkeypatch):
    """The component and distances of a library puzzle keyed in two words, every chunk's children sorted by
    the grouped sort, equal plain breadth-first search's; and its line is as short."""
    monkeypatch.setattr(keysets, "GROUPED_AT", 2)
    puzzle = catalog.puzzle(name)
    engine = Engine(puzzle)
    space = TwoWords(engine, engine.bits - 3 if lead == "few bits" else 4)
    start = space.pack(engine.key(puzzle.start)[None])
    keys = frontier.component(space, start, Watch(FREE))
    states = states_of(engine, space.unpack(keys))
    table = frontier.distances(space, keys, Watch(FREE))
    expected = plain_distances(puzzle)
    assert expected is not None
    assert {s: (None if d == UNREACHED else int(d)) for s, d in zip(states, table)} == expected
    line = frontier.shortest_line(space, start, Watch(FREE))
    plain = bfs(puzzle, puzzle.start)
    assert line is not None and plain is not None and len(line) - 1 == len(plain)
    assert_optimal_and_legal(puzzle, puzzle.start, moves_of(puzzle, states_of(engine, space.unpack(np.array(line)))))


@pytest.mark.parametrize("name", ["pennant@cell", "pennant@line", "pennant"])
def test_a_search_whose_layers_level_off_stays_breadth_first_and_one_that_widens_takes_a_bound(name, monkeypatch):
    """Past its positions, a search finishes breadth-first while each layer is at most PLAIN_GROWTH times the one
    before (a weak bound would repeat those layers); made to give up there, it takes the bound from the depth it
    proved. Both lines as short as plain breadth-first search's, and legal."""
    from game.families.blocks import solve
    puzzle = catalog.puzzle(name)
    plain = bfs(puzzle, puzzle.start)
    assert plain is not None
    monkeypatch.setattr(solve, "PLAIN_POSITIONS", 50)
    monkeypatch.setattr(solve, "worth_bounding", lambda growth, bound: True)   # any bound pays for itself here
    for growth, algorithm in ((10.0, "bfs"), (0.0, "bfida*")):
        monkeypatch.setattr(solve, "PLAIN_GROWTH", growth)
        solver = Solver(puzzle)
        line = solver.line(puzzle.start, Watch(FREE))
        assert solver.algorithm == algorithm
        assert line is not None and len(line) - 1 == len(plain)
        assert_optimal_and_legal(puzzle, puzzle.start, solver.moves(line))


def test_widening_gives_up_only_past_its_positions_on_a_layer_that_grows_faster_than_it_allows():
    puzzle = catalog.puzzle("klotski@cell")
    engine = Engine(puzzle)
    start = engine.key(puzzle.start)
    with pytest.raises(frontier.GaveUp) as gave_up:
        frontier.shortest_line(engine, start, Watch(FREE), widening=frontier.Widening(100, 1.0))
    plain = frontier.shortest_line(engine, start, Watch(FREE))
    assert plain is not None and 1 < gave_up.value.proven < len(plain) - 1
    assert len(frontier.shortest_line(engine, start, Watch(FREE), widening=frontier.Widening(100, 1e9)) or []) == len(plain)


@pytest.mark.parametrize("name", ["motor-car@line", "pennant", "hughes"])
def test_sweeps_in_tiny_chunks_and_batches_table_and_solve_as_plain_breadth_first_search(name, monkeypatch):
    """Chunks of a few rows, their children compared with the layers before a few at a time and the new runs
    merged as they come: the same component, distances and shortest line as plain breadth-first search."""
    monkeypatch.setattr(frontier, "FIRST_CHUNK", 3)
    monkeypatch.setattr(frontier, "CHILD_BYTES", 256)
    monkeypatch.setattr(frontier, "FLUSH_AT", 7)
    check_against_plain(catalog.puzzle(name))
    puzzle = catalog.puzzle(name)
    engine = Engine(puzzle)
    line = frontier.shortest_line(engine, engine.key(puzzle.start), Watch(FREE))
    plain = bfs(puzzle, puzzle.start)
    assert line is not None and plain is not None and len(line) - 1 == len(plain)


def test_a_chunks_children_stay_near_their_share_of_memory(monkeypatch):
    """A chunk is sized by the children a row had in the chunk before, so its children's bytes stay near
    CHILD_BYTES (a layer of a wide board once expanded 65,536 rows at once: 440 MB of children, and the
    watch looked at the clock only between chunks)."""
    monkeypatch.setattr(frontier, "CHILD_BYTES", 256)
    puzzle = catalog.puzzle("pennant")
    engine = Engine(puzzle)
    sizes: list[int] = []

    class Counted:
        words = engine.words

        def children(self, keys, find_goal=False):
            kids, parent = engine.children(keys, find_goal)
            sizes.append(kids.nbytes)
            return kids, parent

        def expand(self, keys):
            return engine.expand(keys)

        def goal_mask(self, keys):
            return engine.goal_mask(keys)

    keys = frontier.component(Counted(), engine.key(puzzle.start), Watch(FREE))
    assert len(keys) == len(frontier.component(engine, engine.key(puzzle.start), Watch(FREE)))
    assert len(sizes) > 100 and max(sizes[1:]) <= 3 * 256


@pytest.mark.parametrize("name", ["pennant@line", "pennant"])
@pytest.mark.parametrize("why", ["too large to build", "too weak to pay"])
def test_a_search_whose_bound_would_not_pay_carries_on_breadth_first_from_the_layers_it_has(name, why, monkeypatch):
    """Given up breadth-first, a search whose pattern database finds more than PATTERN_POSITIONS (its sweep stopped
    there, the watch's own cap kept) or whose bound prunes too little for its rounds goes on breadth-first from its
    layers: the line as short as plain breadth-first search's, and legal."""
    from game.families.blocks import solve
    puzzle = catalog.puzzle(name)
    plain = bfs(puzzle, puzzle.start)
    assert plain is not None
    monkeypatch.setattr(solve, "PLAIN_POSITIONS", 50)
    monkeypatch.setattr(solve, "PLAIN_GROWTH", 0.0)
    monkeypatch.setattr(solve, "PATTERN_POSITIONS", 10 if why == "too large to build" else 10 ** 9)
    monkeypatch.setattr(solve, "worth_bounding", lambda growth, bound: why != "too weak to pay")
    solver = Solver(puzzle)
    watch = Watch(FREE)
    line = solver.line(puzzle.start, watch)
    assert solver.algorithm == "bfs" and watch.cap is None
    assert line is not None and len(line) - 1 == len(plain)
    assert_optimal_and_legal(puzzle, puzzle.start, solver.moves(line))


def test_a_bound_is_taken_where_what_it_prunes_outweighs_the_rounds_it_repeats():
    """Growth and mean bound measured on the frontier where breadth-first search gave up, on levels of a
    popular desktop Klotski: a bound of 3.6 moves on layers growing 1.4 times (iterative bounds proved 27
    moves where breadth-first search proves 30) is not worth it; those of 7.5 on 1.72, 10.2 on 1.3 and 8 on
    4.95 are (they solve or prove far more than breadth-first search)."""
    from game.families.blocks.solve import worth_bounding
    assert not worth_bounding(1.4, 3.55)
    assert worth_bounding(1.72, 7.45) and worth_bounding(1.3, 10.2) and worth_bounding(4.95, 8.04)
    assert not worth_bounding(1.0, 50.0) and not worth_bounding(0.5, 50.0)


def test_a_pattern_database_within_its_positions_is_built_though_its_two_sweeps_find_more(monkeypatch):
    """PATTERN_POSITIONS bounds the abstraction's component; its distances sweep finds the same positions again
    and is not counted against it (a 19x19 level's database of 1.1 million positions was given up at 2
    million found, and its search proved a move less than before)."""
    from game.families.blocks import solve
    puzzle = catalog.puzzle("pennant")
    engine = Engine(puzzle)
    size = len(PatternBound(engine, pattern_kinds(engine), puzzle.start, Watch(FREE)).keys)
    watch = Watch(FREE)
    monkeypatch.setattr(solve, "PATTERN_POSITIONS", size)
    bound = solve.Solver._pattern_bound(engine, puzzle.start, watch)
    assert bound is not None and len(bound.keys) == size and watch.cap is None
    monkeypatch.setattr(solve, "PATTERN_POSITIONS", size - 1)
    assert solve.Solver._pattern_bound(engine, puzzle.start, Watch(FREE)) is None


def test_the_level_benchmark_sweeps_a_small_component_whole_layer_by_layer():
    """``bench blocks --level``: Klotski's layers, each counted once, add up to its component, and the generator's
    rate is measured on the last layer; with ``--threads``, swept again on one thread and on two, the same
    positions (``--threads`` of nothing, zero or words refused)."""
    from bench.blocks import level_layers, thread_counts
    from game.cli import UsageError
    assert thread_counts("1,2") == [1, 2]
    for bad in ("", "0", "two", "1,,2"):
        with pytest.raises(UsageError):
            thread_counts(bad)
    result = level_layers("klotski", 60.0, [1, 2])
    puzzle = catalog.puzzle("klotski")
    engine = Solver(puzzle).engine()
    whole = len(frontier.component(engine, engine.key(puzzle.start), Watch(FREE)))
    assert result["complete"] and result["found"] == whole == 1 + sum(row["positions"] for row in result["layers"])
    assert [row["depth"] for row in result["layers"]] == list(range(1, len(result["layers"]) + 1))
    assert result["generated_per_cpu_second"] > 0 and result["children_per_position"] > 0
    assert [row["threads"] for row in result["threads"]] == [1, 2]
    assert all(row["found"] == whole and row["found_per_second"] > 0 for row in result["threads"])


@pytest.mark.parametrize("name", ["motor-car@line", "pennant", "hughes"])
def test_sweeps_on_several_threads_find_the_layers_and_lines_of_one_thread(name, monkeypatch):
    """Chunks expanded on three threads at once (small chunks, so every layer has many) and their merges cut among
    them: the same layers, position for position, the same shortest line, and the same line from iterative bounds,
    as on the calling thread alone."""
    monkeypatch.setattr(frontier, "CHILD_BYTES", 2048)
    monkeypatch.setattr(keysets, "SPLIT_AT", 1)
    monkeypatch.setattr(frontier, "FLUSH_AT", 64)
    puzzle = catalog.puzzle(name)
    engine = Engine(puzzle)
    start = engine.key(puzzle.start)
    bound = PatternBound(engine, pattern_kinds(engine), puzzle.start, Watch(FREE))
    found = {}
    for threads in (1, 3):
        layers = frontier.Layers(engine, start, Watch(FREE), threads=threads)
        while len(layers.step()):
            pass
        monkeypatch.setattr(frontier, "THREADS", threads)
        line = frontier.shortest_line(engine, start, Watch(FREE))
        bounded = bounded_line(engine, start, bound, Watch(FREE))
        assert line is not None and bounded is not None and len(line) == len(bounded)
        found[threads] = ([packed.unpacked(layer) for layer in layers.layers], np.array(line), np.array(bounded))
    (one, line_one, bounded_one), (three, line_three, bounded_three) = found[1], found[3]
    assert len(one) == len(three) > 3 and all(np.array_equal(a, b) for a, b in zip(one, three))
    assert np.array_equal(line_one, line_three) and np.array_equal(bounded_one, bounded_three)


def test_a_level_benchmark_cut_short_rates_its_whole_layers_by_the_time_they_took(tmp_path):
    """A sweep stopped by ``--seconds`` inside a layer: its rate is the positions of the whole layers over the
    time those layers took, not over the time that also went into the layer it did not finish."""
    from bench.blocks import level_layers
    level = tmp_path / "open.toml"   # ten pieces on thirty cells: billions of positions
    level.write_text('format = 1\ntitle = "Open"\nfamily = "blocks"\nmoves = "path"\n'
                     'start = """\nABCDE.\nFGHIJ.\n......\n......\n......\n"""\n'
                     'goal = """\n??????\n??????\n??????\n??????\n?????A\n"""\n')
    result = level_layers(str(level), 0.3)
    last = result["layers"][-1]
    assert not result["complete"] and result["found"] == last["found"]
    assert result["swept_cpu_seconds"] == last["cpu_seconds"] and result["cpu_seconds"] >= 0.3
    took = last["cpu_seconds"]   # rounded to hundredths
    assert last["found"] / (took + 0.005) <= result["found_per_cpu_second"] <= last["found"] / max(0.001, took - 0.005)
