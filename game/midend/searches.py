"""The one search a session may have running: what it is for, and what it was sent."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from game.oracles import tasks
from game.common.background import Job, JobState, Lane, Service, Task
from game.common.i18n import _
from game.oracles.base import Answer, Oracle


class Purpose(Enum):
    """What a running search is for."""

    HINT = "hint"
    SOLVE = "solve"
    STEP = "step"
    DEAL = "deal"


@dataclass(frozen=True)
class Finished:
    """A search that ended: its answer (None if it failed), what it was for and about."""

    answer: Answer | None
    error: str
    purpose: Purpose
    position: bytes
    earlier_at: tuple[int, ...]   # history index of each earlier position sent with it
    earlier: tuple[bytes, ...] = ()   # those earlier positions


class Searches:
    def __init__(self, service: Service, oracle: Oracle) -> None:
        self.service = service
        self.oracle = oracle
        self.job: Job[Answer] | None = None
        self.purpose: Purpose | None = None
        self._earlier_at: tuple[int, ...] = ()

    @property
    def position(self) -> bytes | None:
        """The position the running (or finished, not yet taken) search is about."""
        return self.job.task.args[1] if self.job is not None else None

    def running_for(self, position: bytes) -> bool:
        return self.job is not None and not self.job.done and self.position == position

    def submit(self, position: bytes, earlier: Sequence[bytes], earlier_at: Sequence[int], label: str,
               purpose: Purpose) -> None:
        self.cancel()
        self.job = self.service.submit(Task(tasks.answer, (self.oracle, position, tuple(earlier)), label), Lane.SEARCH)
        self.purpose = purpose
        self._earlier_at = tuple(earlier_at)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job, self.purpose, self._earlier_at = None, None, ()

    def take(self) -> Finished | None:
        """The search if it has ended (and forget it); None while it runs, or if it was cancelled."""
        job, position, purpose = self.job, self.position, self.purpose
        if job is None or position is None or purpose is None or not job.done:
            return None
        finished = Finished(job.result if job.state is JobState.DONE else None, job.error or _("The search failed."),
                            purpose, position, self._earlier_at, tuple(job.task.args[2]))
        self.job, self.purpose, self._earlier_at = None, None, ()
        return None if job.state is JobState.CANCELLED else finished
