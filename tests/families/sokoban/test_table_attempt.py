"""An answer's attempt at a Sokoban level's table keeps within the player's limits: a share of the time
limit (not a fixed ten seconds), no more positions than the memory limit holds, none at all where it
holds too few; the search that answers after a failed attempt has what time is left."""
from __future__ import annotations

import pytest

from solvers.components import TooManyPositions
from solvers.limits import Limits

import game.families.sokoban.oracle as oracle_module
from game.families.sokoban.oracle import ATTEMPT_LEAST, ATTEMPT_SHARE, FALLBACK_SHARE, SWEEP_BYTES, SokobanTableOracle
from game.oracles.base import QUIET
from game.oracles.component import CHEAP, CHEAP_SECONDS
from tests.families.sokoban.levels import spec


class Attempts:
    """Stands in for the sweep: records the limits it was given, and fails as a too-large level's would."""

    def __init__(self) -> None:
        self.calls: list[dict] = []

    def __call__(self, *args: object, **kwargs: object) -> None:
        self.calls.append(kwargs)
        raise TooManyPositions("more than the attempt allows")


@pytest.fixture
def attempts(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Attempts:   # noqa: ANN001
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))   # a cache of its own: no table already built
    recorded = Attempts()
    monkeypatch.setattr(oracle_module, "one_way_table", recorded)
    return recorded


def _oracle(limits: Limits) -> SokobanTableOracle:
    oracle = spec("detour").oracle
    assert isinstance(oracle, SokobanTableOracle)
    oracle.limits = limits
    return oracle


def test_the_attempt_takes_a_share_of_the_time_limit(attempts: Attempts) -> None:
    oracle = _oracle(Limits(2.0, None))
    answer = oracle.answer(oracle.puzzle.start, (), QUIET)
    assert answer.line is not None   # answered by the search after the attempt failed
    (call,) = attempts.calls
    assert call["seconds"] == pytest.approx(ATTEMPT_SHARE * 2.0)
    assert call["limit"] == CHEAP


def test_without_a_time_limit_the_attempt_takes_the_cheap_seconds(attempts: Attempts) -> None:
    oracle = _oracle(Limits(None, None))
    oracle.answer(oracle.puzzle.start, (), QUIET)
    assert attempts.calls[0]["seconds"] == CHEAP_SECONDS


def test_the_attempt_keeps_within_the_memory_limit(attempts: Attempts) -> None:
    oracle = _oracle(Limits(60.0, 32 << 20))
    oracle.answer(oracle.puzzle.start, (), QUIET)
    per_position = SWEEP_BYTES + len(oracle.puzzle.board)
    assert attempts.calls[0]["limit"] == min(CHEAP, (32 << 20) // per_position)
    assert attempts.calls[0]["limit"] * per_position <= 32 << 20 < CHEAP * per_position


def test_no_attempt_where_the_memory_limit_holds_too_few_positions(attempts: Attempts) -> None:
    oracle = _oracle(Limits(60.0, ATTEMPT_LEAST * SWEEP_BYTES // 2))
    answer = oracle.answer(oracle.puzzle.start, (), QUIET)
    assert attempts.calls == [] and answer.line is not None


def test_the_search_after_an_attempt_has_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    oracle = _oracle(Limits(10.0, None))
    seen: list[float | None] = []
    solve = oracle_module.solve

    def watched(puzzle, state, watch):   # noqa: ANN001, ANN202
        seen.append(watch.limits.seconds)
        return solve(puzzle, state, watch)

    monkeypatch.setattr(oracle_module, "solve", watched)
    oracle.attempted = 4.0
    oracle.search(oracle.puzzle.start, QUIET)
    oracle.search(oracle.puzzle.start, QUIET)   # the attempt's time is taken once
    kept = 1 - FALLBACK_SHARE   # (a tenth is kept back for a best line where the proof would stop at the limit)
    assert seen == [pytest.approx(6.0 * kept), pytest.approx(10.0 * kept)]
