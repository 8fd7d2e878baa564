"""The one place the UI imports the midend from."""
from __future__ import annotations

from game.session import Event, Hint, Session  # noqa: F401
from solvers.tables import CLOSER, DEAD_END, FARTHER, SAME  # noqa: F401 - a move's verdict in the marks


def make_searcher(kind: str = "process"):
    """A searcher for sessions: a worker process for the game, a thread (or sync) for tests."""
    from game import worker
    if kind == "process":
        try:
            return worker.ProcessSearcher()
        except Exception:  # noqa: BLE001 - fall back to a thread: the game must open
            return worker.ThreadSearcher()
    if kind == "sync":
        return worker.SyncSearcher()
    return worker.ThreadSearcher()
