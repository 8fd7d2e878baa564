"""The small protocol every search in this package works over.

Algorithms are free functions over it, so a puzzle only says what its moves are and
what counts as solved. States must be hashable; moves are whatever the puzzle uses
to name a move (the algorithms only carry them into the returned path).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Hashable, Iterable, Protocol, Sequence, TypeVar

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")
M_co = TypeVar("M_co", covariant=True)


class Problem(Protocol[S, M_co]):
    def successors(self, state: S) -> Iterable[tuple[M_co, S]]:
        """(move, next state) for every legal move."""
        ...

    def predecessors(self, state: S) -> Iterable[tuple[M_co, S]]:
        """(move, previous state) such that ``move`` leads from previous to ``state``."""
        ...

    def is_goal(self, state: S) -> bool: ...

    def goals(self) -> Iterable[S]:
        """Every goal state, for searches that run backwards from the goal."""
        ...


Heuristic = Callable[[S], int]
Cancel = Callable[[], bool]


class Cancelled(Exception):
    """Raised inside a search when its cancel callback answers True."""


class TooManyStates(Exception):
    """Raised by a search that would have to remember more states than its limit allows."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"more than {limit:,} positions")
        self.limit = limit


class OutOfTime(Exception):
    """Raised by a search that has run longer than its time allows."""

    def __init__(self, seconds: float, nodes: int) -> None:
        super().__init__(f"{nodes:,} positions in {seconds:g} s")
        self.seconds = seconds
        self.nodes = nodes


@dataclass(frozen=True)
class Path(Generic[S, M]):
    """A solution: the moves and every state along the way (start first, goal last)."""

    moves: list[M]
    states: list[S]
    nodes: int

    def __len__(self) -> int:
        return len(self.moves)


def path_along(problem: Problem[S, M], states: Sequence[S], nodes: int) -> Path[S, M]:
    """The Path through ``states`` (start first), each move taken from ``problem.successors``.

    Lets a search that works in its own encoding still return the puzzle's own moves.
    Raises ValueError if two consecutive states are not one move apart.
    """
    if not states:
        raise ValueError("a path needs at least its start state")
    moves: list[M] = []
    for step, (here, there) in enumerate(zip(states, states[1:]), start=1):
        for move, nxt in problem.successors(here):
            if nxt == there:
                moves.append(move)
                break
        else:
            raise ValueError(f"step {step} of the path is not a legal move")
    return Path(moves, list(states), nodes)


class Counted(Generic[S, M]):
    """Wraps a problem and counts successor expansions, without touching the algorithms."""

    def __init__(self, problem: Problem[S, M]) -> None:
        self.problem = problem
        self.expanded = 0

    def successors(self, state: S) -> Iterable[tuple[M, S]]:
        self.expanded += 1
        return self.problem.successors(state)

    def predecessors(self, state: S) -> Iterable[tuple[M, S]]:
        self.expanded += 1
        return self.problem.predecessors(state)

    def is_goal(self, state: S) -> bool:
        return self.problem.is_goal(state)

    def goals(self) -> Iterable[S]:
        return self.problem.goals()
