"""The cheapest assignment equals the least total over every permutation, dead costs included."""
from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

import numpy as np

from solvers.assignment import cheapest_assignment, compiled_assignment, compiled_matching

INFINITE = 1 << 30
COST = st.one_of(st.integers(0, 12), st.just(INFINITE))


@st.composite
def matrices(draw: st.DrawFn) -> list[list[int]]:
    n = draw(st.integers(0, 6))
    return [[draw(COST) for _ in range(n)] for _ in range(n)]


@settings(max_examples=300, deadline=None)
@given(matrices())
def test_the_cheapest_assignment_is_the_least_over_every_permutation(cost: list[list[int]]) -> None:
    n = len(cost)
    least = min((min(INFINITE, sum(cost[r][p[r]] for r in range(n))) for p in permutations(range(n))), default=0)
    got = cheapest_assignment(cost, INFINITE)
    assert min(got, INFINITE) == least
    assert (got >= INFINITE) == (least >= INFINITE)


def test_a_matrix_where_each_rows_cheapest_column_is_shared() -> None:
    # both rows prefer column 0: the matching must pay 1 + 5 or 2 + 3, and 5 is least
    assert cheapest_assignment([[1, 5], [2, 3]], INFINITE) == 4
    assert cheapest_assignment([[1, INFINITE], [2, INFINITE]], INFINITE) >= INFINITE


@settings(max_examples=300, deadline=None)
@given(matrices())
def test_the_compiled_assignment_is_the_plain_ones(cost: list[list[int]]) -> None:
    n = len(cost)
    assert compiled_assignment(np.array(cost, dtype=np.int64).reshape(n, n), INFINITE) == \
        cheapest_assignment(cost, INFINITE)


@settings(max_examples=100, deadline=None)
@given(matrices(), st.integers(0, 3))
def test_the_compiled_matching_reads_its_pieces_off_the_codes(cost: list[list[int]], spare: int) -> None:
    """Rows of the cost table are cells; the pieces stand on the first len(cost) of them, with empty cells
    between (code 0) that it must leave out."""
    n = len(cost)
    codes = np.zeros(n + spare, np.uint8)
    table = np.full((n + spare, n), 7, np.int64)
    for row, cell in enumerate(range(spare, n + spare)):
        codes[cell] = 2
        table[cell] = cost[row]
    want = cheapest_assignment(cost, INFINITE)
    if any(all(c >= INFINITE for c in row) for row in cost):
        want = INFINITE
    position = np.frombuffer(codes.tobytes(), np.uint8)   # read-only, as the game hands it a position's bytes
    assert min(compiled_matching(position, 2, table, INFINITE), INFINITE) == min(want, INFINITE)
