"""The oracle of tiles on boards of 12 to 25 cells (3x4 to 5x5, and 4x4 with a goal of its own): IDA*
over pattern databases built for the board (:mod:`solvers.tiles`).

Every answer says what is proven. Where the optimal search finishes in time the line is the
shortest. On a position whose lower bound is beyond the board's reach (a 5x5 position that needs
more than 56 moves, a 4x5 one more than 50, where proving the shortest can take hours) the oracle says
so before it searches and gives a bounded line instead: weighted IDA* (f = g + 1.5 h), at most 1.5 times as long
as the shortest, labelled "shortest found, not proven", never optimal. An optimal search that runs
past its time gives way to the bounded one the same way.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from solvers import cache, tiles
from solvers.problem import Cancelled, path_along

from game.common.i18n import N_
from game.common.phrase import Phrase
from game.oracles.base import QUIET, Answer, Build, Line, Oracle, Recipe, Report
from game.families.tiles.dealing import REACH
from game.families.tiles.pattern import too_many_positions
from game.rules.puzzle import Puzzle

__all__ = ["ANSWER_SECONDS", "BOUNDED", "BoardOracle", "REACH"]

ANSWER_SECONDS = 30.0      # an optimal search gives way to the bounded one after this long
# the bounded searches in turn: weight, and seconds before the next (a larger weight) takes over
BOUNDED: tuple[tuple[Fraction, float | None], ...] = ((Fraction(3, 2), 10.0), (Fraction(2), 10.0), (Fraction(4), None))


@dataclass(frozen=True)
class BoardPayload:
    tables: tiles.Tables
    notices: tuple[str, ...] = ()


class BoardOracle(Oracle):
    build_inline = False   # tables of a few seconds to two minutes: never inside one call

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None) -> None:
        super().__init__(puzzle, recipe)
        goal = puzzle.goal_states[0]
        self.layout = tiles.Layout(puzzle.board.width, puzzle.board.height, goal.index(0))
        standard = self.layout.goal()
        names, back = np.arange(256, dtype=np.uint8), np.arange(256, dtype=np.uint8)
        names[list(goal)] = list(standard)     # the tile on a goal cell takes the standard goal's name there
        back[list(standard)] = list(goal)
        self._names, self._back = names.tobytes(), back.tobytes()
        self._solver: tiles.Solver | None = None

    # -- tables ----------------------------------------------------------------------------------------

    def ready(self) -> bool:
        return self._solver is not None

    def payload(self, build: Build, report: Report = QUIET) -> BoardPayload | None:
        found = tiles.load_tables(self.layout, report.progress, build=build is not Build.NEVER)
        return None if found is None else BoardPayload(found, tuple(cache.take_notices()))

    def install(self, payload: object) -> None:
        assert isinstance(payload, BoardPayload)
        self.notices = payload.notices
        cuts = self.layout.partitions
        name = " + ".join("pdb " + "-".join(str(len(g)) for g in cut) for cut in cuts)
        name += " + reflection" if len(cuts) == 1 and self._square() else ""
        self._solver = tiles.Solver(self.layout, cuts, payload.tables, name)

    def solver(self) -> tiles.Solver:
        """The board's tables, or single tiles' (Manhattan distance) until those are in."""
        return self._solver if self._solver is not None else tiles.manhattan_solver(self.layout)

    def _square(self) -> bool:
        layout = self.layout
        return layout.width == layout.height and layout.blank // layout.width == layout.blank % layout.width

    # -- what is known before searching ---------------------------------------------------------------

    def lower_bound(self, state: bytes) -> int:
        """Fewer moves than this cannot solve ``state`` (what the tables prove at once)."""
        return self.solver().lower_bound(state.translate(self._names))

    def beyond_reach(self, state: bytes) -> bool:
        """Whether an optimal answer from ``state`` would take too long to wait for."""
        reach = REACH.get((self.layout.width, self.layout.height))
        return reach is not None and self.lower_bound(state) > reach

    def foresight(self, state: bytes) -> Phrase | None:
        if not self.beyond_reach(state):
            return None
        return Phrase(N_("This position needs at least {n:,} moves, beyond what a search can prove shortest in "
                         "time: the answer is the shortest line found, not proven."), n=self.lower_bound(state))

    # -- answers --------------------------------------------------------------------------------------

    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        """The shortest line where the search proves it in time, else a bounded one (see the module)."""
        if not self.ready():
            self.prepare(Build.NEVER, report)      # from the cache if it is there; never build inside a search
        solver, board, started = self.solver(), state.translate(self._names), time.perf_counter()
        found = None
        ahead = self.foresight(state)
        if ahead is None:
            found = self._within(solver, board, ANSWER_SECONDS, Fraction(1), report)
        if found is None:
            found = self._bounded(solver, board, report, ahead)
        states = [s.translate(self._back) for s in found.states]
        path = path_along(self.puzzle, states, found.nodes)
        algorithm = f"ida* ({solver.name})" if found.optimal else f"weighted ida* (w = {found.weight}, {solver.name})"
        return Answer(Line(tuple(path.moves), tuple(path.states), found.nodes, time.perf_counter() - started,
                           algorithm, found.optimal, found.at_least, float(found.weight)))

    def _bounded(self, solver: tiles.Solver, board: bytes, report: Report, ahead: Phrase | None) -> tiles.Found:
        said = ahead or Phrase(N_("No shortest line found in {seconds} s: looking for a good one instead."),
                               seconds=int(ANSWER_SECONDS))
        report.progress(None, said)
        for weight, seconds in BOUNDED:
            found = self._within(solver, board, seconds, weight, report, said)
            if found is not None:
                return found
        raise AssertionError("the last bounded search has no time limit")  # pragma: no cover

    def _within(self, solver: tiles.Solver, board: bytes, seconds: float | None, weight: Fraction, report: Report,
                said: Phrase | None = None) -> tiles.Found | None:
        """The search with this weight, None if it runs past ``seconds``; Cancelled if the report says so."""
        late: Callable[[], bool] = tiles.timed(seconds) if seconds is not None else (lambda: False)
        last = [0.0]

        def progress(bound: Fraction, nodes: int) -> None:
            now = time.monotonic()
            if now - last[0] >= 0.25:
                last[0] = now
                # (a weighted search's bound mixes moves made and estimated: no length to show, only its nodes)
                # Translators: a search's progress: the length of line it tries, and the positions looked at so far
                searching = (Phrase(N_("searching lines of length {bound}… {nodes:,} nodes"), bound=int(bound),
                                    nodes=nodes) if weight == 1 else
                             Phrase(N_("{what}… {nodes:,} nodes"), what=Phrase(N_("searching")), nodes=nodes))
                report.progress(None, searching if said is None else Phrase(N_("{why} ({progress})"), why=said,
                                                                             progress=searching))

        try:
            return solver.solve(board, cancel=lambda: report.cancelled() or late(), progress=progress, weight=weight)
        except Cancelled:
            if report.cancelled():
                raise
            return None

    def no_table_reason(self) -> Phrase:
        return too_many_positions(self.puzzle)
