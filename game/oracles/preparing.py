"""Getting an oracle ready in the background: load what is cached in a thread, and only if
that finds nothing, build in a process. The result is installed on whichever thread next
asks for the oracle's status (the UI thread, in the game)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.oracles import tasks
from game.common.background import Job, JobState, Lane, Service, Task, Where
from game.common.i18n import N_
from game.oracles.base import READY, Build, OracleStatus, Phase

if TYPE_CHECKING:
    from game.oracles.base import Oracle

# what the status says while a task has said nothing yet (English, marked: shown through translated())
DEFAULT_TEXT = {Phase.LOADING: N_("loading the table…"), Phase.BUILDING: N_("building the table (first time only)…")}


class Preparation:
    def __init__(self, oracle: Oracle, service: Service) -> None:
        self.oracle = oracle
        self.service = service
        self.failed = False
        self.phase = Phase.LOADING
        self.job: Job[object | None] = self._submit(Build.NEVER, Lane.LIGHT, N_("Loading the table"))

    def _submit(self, build: Build, lane: Lane, label: str) -> Job[object | None]:
        return self.service.submit(Task(tasks.prepare, (self.oracle, build), label), lane)

    def poll(self) -> OracleStatus:
        job = self.job
        if not job.done:
            text = job.text if job.state is JobState.RUNNING and job.text != "working…" else DEFAULT_TEXT[self.phase]
            return OracleStatus(self.phase, job.fraction or 0.0, text)
        if job.state is JobState.DONE:
            if job.result is not None:
                self.oracle.install(job.result)
                return READY
            if self.phase is Phase.LOADING and self._may_build():
                self.phase = Phase.BUILDING
                self.job = self._submit(Build.ALWAYS, Lane.BUILD, N_("Building the table"))
                return self.poll()
            return OracleStatus(Phase.IDLE)
        self.failed = True
        return OracleStatus(Phase.FAILED, 0.0, job.error or N_("The table could not be prepared."))

    def _may_build(self) -> bool:
        """Inline services (headless screenshots) build only what is quick."""
        return self.service.where is not Where.INLINE or self.oracle.build_inline
