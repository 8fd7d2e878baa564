"""The 15-puzzle's oracle: IDA* guided by additive pattern databases.

Its space (16!/2 positions) is far too large for a table, so every answer is a search. The
pattern databases are built once (about a minute, in the background in the game) and
cached; until they are in, searches use Manhattan distance plus linear conflict, which is
also optimal, only slower. A damaged cache file is found when the tables are loaded (the
checksum covers every byte, and the values must pass the checks of a true table) and
rebuilt in the background. Installing the tables compiles the search in a background
thread (numba; from its cache after the first time), so the first answer hardly waits.
"""
from __future__ import annotations

import time
from math import factorial
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from solvers import cache, fifteen

from game.common.i18n import N_
from game.oracles.base import QUIET, Answer, Build, Line, Oracle, Recipe, Report
from game.oracles.progress import BoundWatch
from game.common.phrase import Phrase
from game.rules.puzzle import Puzzle


# Translators: what a search does first on the 15-puzzle: its tables of distances, read or built; then ready
PREPARING = N_("preparing the pattern tables")
TABLES_READY = N_("tables ready")


@dataclass(frozen=True)
class PatternPayload:
    tables: dict[tuple[int, ...], np.ndarray]
    notices: tuple[str, ...] = ()


class PatternOracle(Oracle):
    build_inline = False   # never half a minute inside one call (headless screenshots)

    def __init__(self, puzzle: Puzzle, recipe: Recipe | None = None,
                 groups: Sequence[Sequence[int]] = fifteen.PARTITION) -> None:
        if len(puzzle.board) != 16:
            raise ValueError("the pattern databases are made for the 4x4 board.")
        super().__init__(puzzle, recipe)
        self.groups = tuple(tuple(g) for g in groups)

    def ready(self) -> bool:
        return fifteen.installed()

    def payload(self, build: Build, report: Report = QUIET) -> PatternPayload | None:
        def progress(fraction: float, _text: str) -> None:   # the solver's own words are for its log, not the window
            report.progress(fraction, Phrase(TABLES_READY if fraction >= 1 else PREPARING))

        tables = fifteen.load_tables(self.groups, progress=progress, build=build is not Build.NEVER)
        return None if tables is None else PatternPayload(tables, tuple(cache.take_notices()))

    def install(self, payload: object) -> None:
        assert isinstance(payload, PatternPayload)
        self.notices = payload.notices
        fifteen.install(payload.tables)

    def answer(self, state: bytes, earlier: Sequence[bytes] = (), report: Report = QUIET) -> Answer:
        """Every solvable position has a line (the puzzle refuses the other half when parsing)."""
        if not self.ready():
            self.prepare(Build.NEVER, report)      # from the cache if it is there; never build inside a search
        started = time.perf_counter()
        heuristic = fifteen.best_heuristic()
        watch = BoundWatch()

        def bounds(bound: int, nodes: int) -> None:
            report.progress(None, watch.words(bound, nodes, time.perf_counter() - started))

        path = fifteen.solve15(self.puzzle, state, cancel=report.cancelled, heuristic=heuristic, bounds=bounds)
        return Answer(Line.of(path, started, f"ida* ({heuristic.name})"))

    def no_table_reason(self) -> Phrase:
        positions = factorial(len(self.puzzle.board)) // 2
        return Phrase(N_("{title} has too many positions to sweep (about {positions:.3g}); solve single positions "
                         "instead."), title=Phrase(self.puzzle.title), positions=float(positions))
