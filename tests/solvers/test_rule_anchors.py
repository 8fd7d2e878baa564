"""The rule engine finds moves by each rule's most selective cell test, not only by empty cells.

Every library puzzle's moves come out exactly as the empty-cell index gave them (the same rules, in the same
order, scalar and vectorised: the index of before is written out here as the reference), its table is the
breadth-first distances; and rules with no empty cell at all (a row that rotates, a test on a piece) are
found too, matching a linear scan over every rule.
"""
from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest

from game.catalog import registry as catalog
from solvers.rules import ANY, EMPTY, Rule, RuleMatrix, RuleSet
from solvers.sweep import UNREACHED, distance_table


def _walk(puzzle, steps: int, seed: str) -> list[bytes]:
    rng, state, seen = random.Random(seed), puzzle.start, []
    for _ in range(steps):
        seen.append(state)
        nxt = list(puzzle.rules.successors(state))
        state = rng.choice(nxt)[1] if nxt else puzzle.start
    return seen


def _empty_index(rules) -> list[list[tuple[int, Rule]]]:
    by_cell: list[list[tuple[int, Rule]]] = [[] for _ in range(max(r for rule in rules for r in rule.cells) + 1)]
    for i, r in enumerate(rules):
        by_cell[r.empty_anchor()].append((i, r))
    return by_cell


def _by_empty_cells(state: bytes, index) -> list[tuple[int, bytes]]:
    """The engine before: the rules needing each empty cell in turn."""
    out = []
    for at, ch in enumerate(state):
        if ch == EMPTY and at < len(index):
            out += [(i, r.apply(state)) for i, r in index[at] if r.matches(state)]
    return out


def _expand_by_empty(index, boards: np.ndarray) -> list[tuple[int, list[int], bytes]]:
    out = []
    for anchor, group in enumerate(index):
        rows = np.flatnonzero(boards[:, anchor] == EMPTY)
        for i, r in group:
            mask = r.mask(boards[rows], skip=anchor)
            keep = rows if mask is None else rows[mask]
            if len(keep):
                out.append((i, keep.tolist(), r.apply_rows(boards[keep]).tobytes()))
    return out


def _empty_cell_puzzles(every: bool) -> list[str]:
    """The library's puzzles whose every rule needs an empty cell (all but a family without one): each family's
    first, or every one."""
    names, seen = [], set()
    for spec in catalog.specs():
        key = spec.family.key if spec.family is not None else spec.name
        if every or key not in seen:
            seen.add(key)
            names.append(spec.name)
    return names


def _moves_as_before(name: str) -> None:
    puzzle = catalog.puzzle(name)
    rules = puzzle.rules
    if not all(any(ok == {EMPTY} for ok in r.allowed) for r in rules.rules):
        return
    forward, backward = _empty_index(rules.rules), _empty_index(rules.inverse_rules)
    states = _walk(puzzle, 12, puzzle.name)
    for state in states:
        assert list(rules.successors(state)) == _by_empty_cells(state, forward)
        assert list(rules.predecessors(state)) == _by_empty_cells(state, backward)
    boards = np.frombuffer(b"".join(states), dtype=np.uint8).reshape(len(states), -1)
    for back, index in ((False, forward), (True, backward)):
        got = [(i, rows.tolist(), children.tobytes()) for i, rows, children in rules.expand_tracked(boards, back)]
        assert got == _expand_by_empty(index, boards)
    rows, chosen, children = RuleMatrix(rules.rules, rules.ncells).step(boards)
    want = [(row, i, nxt) for row, state in enumerate(states) for i, nxt in _by_empty_cells(state, forward)]
    assert list(zip(rows.tolist(), chosen.tolist(), map(bytes, children))) == want


@pytest.mark.parametrize("name", _empty_cell_puzzles(every=False))
def test_each_family_moves_as_by_its_empty_cells(name):
    _moves_as_before(name)


@pytest.mark.slow
def test_every_library_puzzle_moves_as_by_its_empty_cells():
    names = _empty_cell_puzzles(every=True)
    assert len(names) > 100
    for name in names:
        _moves_as_before(name)


def _bfs_table(puzzle) -> np.ndarray:
    table = np.full(puzzle.ranker.size, UNREACHED, dtype=np.uint8)
    queue = deque(puzzle.goals())
    index = _empty_index(puzzle.rules.inverse_rules)
    for goal in puzzle.goals():
        table[puzzle.ranker.rank_state(goal)] = 0
    while queue:
        state = queue.popleft()
        depth = table[puzzle.ranker.rank_state(state)]
        for _i, prev in _by_empty_cells(state, index):
            rank = puzzle.ranker.rank_state(prev)
            if table[rank] == UNREACHED:
                table[rank] = depth + 1
                queue.append(prev)
    return table


@pytest.mark.parametrize("name", ["frogs-small-backward", "pairs", "tait-3", "frogs-a", "frogs-small-diagonal"])
def test_tables_as_before(name):
    puzzle = catalog.puzzle(name)
    assert np.array_equal(distance_table(puzzle.rules, puzzle.ranker, puzzle.goals()), _bfs_table(puzzle))


def _rotations(width: int, height: int) -> list[Rule]:
    """Every row one cell right and every column one cell down, cyclically: no empty cell anywhere."""
    rules = []
    for r in range(height):
        cells = tuple(r * width + c for c in range(width))
        rules.append(Rule(cells, (ANY,) * width, tuple((i - 1) % width for i in range(width)), cells[0], cells[1]))
    for c in range(width):
        cells = tuple(r * width + c for r in range(height))
        rules.append(Rule(cells, (ANY,) * height, tuple((i - 1) % height for i in range(height)), cells[0], cells[1]))
    return rules


def _linear(rules, state: bytes) -> list[tuple[int, bytes]]:
    return [(i, r.apply(state)) for i, r in enumerate(rules) if r.matches(state)]


def _mixed() -> list[Rule]:
    """Rotations, a rule anchored on a piece (code 3 on cell 4), one on either of two codes, and an empty-cell
    rule: every kind of anchor at once."""
    rules = _rotations(3, 3)
    rules.append(Rule((4, 5), (frozenset({3}), ANY), (1, 0), 4, 5))
    rules.append(Rule((0, 8), (frozenset({1, 2}), frozenset(range(1, 10))), (1, 0), 0, 8))
    rules.append(Rule((2, 6), (frozenset({EMPTY}), ANY), (1, 0), 6, 2))
    return rules


def test_rules_without_an_empty_cell_are_found():
    rules = _mixed()
    ruleset = RuleSet(rules, 9)
    matrix = RuleMatrix(rules, 9)
    rng = random.Random(5)
    states = [bytes(rng.sample(range(1, 10), 9)) for _ in range(60)] + [bytes([0, 1, 2, 3, 4, 5, 6, 7, 8])]
    states += [bytes([3, 2, 0, 1, 3, 5, 6, 7, 8]), bytes([1, 2, 3, 4, 3, 6, 7, 8, 9])]
    for state in states:
        got = list(ruleset.successors(state))
        assert sorted(got) == _linear(rules, state)
        assert len(got) >= 6
        back = sorted(ruleset.predecessors(state))
        assert back == _linear(ruleset.inverse_rules, state)
    boards = np.frombuffer(b"".join(states), dtype=np.uint8).reshape(len(states), 9)
    vectorised = sorted((int(row), i, children[k].tobytes()) for i, rows, children in ruleset.expand_tracked(boards)
                        for k, row in enumerate(rows))
    want = sorted((row, i, nxt) for row, state in enumerate(states) for i, nxt in _linear(rules, state))
    assert vectorised == want
    rows, chosen, children = matrix.step(boards)
    assert sorted(zip(rows.tolist(), chosen.tolist(), map(bytes, children))) == want


def test_a_rule_anchors_on_its_most_selective_test():
    rotation, on_piece, on_two, into_empty = _mixed()[-4:]
    assert rotation.anchor() is None
    assert on_piece.anchor() == (4, frozenset({3}))
    assert on_two.anchor() == (0, frozenset({1, 2}))
    assert into_empty.anchor() == (2, frozenset({EMPTY}))
    peg_jump = Rule((0, 1, 2), (frozenset({1}), frozenset({1}), frozenset({EMPTY})), (2, 1, 0), 0, 2)
    assert peg_jump.anchor() == (2, frozenset({EMPTY}))   # an empty cell first among equally narrow tests


def test_a_table_of_rotations_reaches_every_even_permutation():
    """3x3 rows and columns that rotate: 3-cycles, even permutations, and every one of them reached."""
    from solvers.ranking import MultisetRanker
    rules = RuleSet(_rotations(3, 3), 9)
    ranker = MultisetRanker([0] + [1] * 9)
    goal = bytes(range(1, 10))
    table = distance_table(rules, ranker, [goal])
    assert int((table != UNREACHED).sum()) == 362880 // 2
