"""The cheapest assignment equals the least total over every permutation, dead costs included."""
from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.assignment import cheapest_assignment

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
