"""The oracles' long tasks, as module-level functions a worker process can be sent (preparing the
tables is the oracle's own: :class:`game.oracles.base.Preparation`).

Each takes the service's report first and the oracle itself: in this process that is the very
object (with its tables); sent to a worker, only its recipe travels and the worker makes its own
(:meth:`game.oracles.base.Oracle.__reduce__`), once per puzzle.
"""
from __future__ import annotations

from typing import Sequence

from solvers.sweep import Analysis

from game.oracles.base import Answer, Oracle, Report

__all__ = ["analyse", "answer"]


def answer(report: Report, oracle: Oracle, state: bytes, earlier: Sequence[bytes] = ()) -> Answer:
    """A shortest line from ``state`` (or, at a dead end, the first of ``earlier`` that can win)."""
    return oracle.answer(state, earlier, report)


def analyse(report: Report, oracle: Oracle) -> tuple[Analysis, float]:
    """Figures of the whole space (the table is ready in this process when the game asks)."""
    return oracle.analysis(report)
