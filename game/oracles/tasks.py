"""The long tasks, as module-level functions a worker process can be sent by name.

Each takes the service's report first and names its puzzle by spec name, so a fresh worker
finds the puzzle (and its oracle, with whatever tables that process has loaded) itself.
"""
from __future__ import annotations

from typing import Sequence

from solvers.sweep import Analysis

from game.keeping import settings as settings_module
from game.keeping.settings import Settings

from game.oracles.base import Answer, Build, Report


def _oracle(name: str):
    from game.catalog import registry as catalog   # here, so a fresh worker pays for the catalog once, on first use

    return catalog.get(name).oracle


def answer(report: Report, name: str, state: bytes, earlier: Sequence[bytes] = ()) -> Answer:
    """A shortest line from ``state`` (or, at a dead end, the first of ``earlier`` that can win)."""
    return _oracle(name).answer(state, earlier, report)


def prepare(report: Report, name: str, build: Build) -> object | None:
    """The oracle's payload: its tables, loaded or (as ``build`` allows) built."""
    return _oracle(name).payload(build, report)


def save_settings(report: Report, settings: Settings) -> bool:
    """Write the settings file (False if it cannot be written: the game goes on with them in memory)."""
    return settings_module.save_settings(settings)


def analyse(report: Report, name: str) -> tuple[Analysis, float]:
    """Figures of the whole space (the table is ready in this process when the game asks)."""
    return _oracle(name).analysis(report)
