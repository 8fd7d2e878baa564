"""Today's puzzle from the menu (D, or the Daily button): found off the window's thread, because its
puzzle's table may have to be read or built first (a second or two), with its progress in the menu's
focus bar; Esc gives up on it. Once found, the menu opens it as a game."""
from __future__ import annotations

from game.common.background import Job, JobState, Lane, Service, Task
from game.common.i18n import N_, _
from game.common.phrase import translated
from game.midend.daily import Daily, daily_task, today

__all__ = ["DailyOpener"]


class DailyOpener:
    """The search for today's daily puzzle, from the moment it is asked for until it is taken."""

    def __init__(self) -> None:
        self.job: Job[Daily] | None = None

    @property
    def busy(self) -> bool:
        return self.job is not None and not self.job.done

    def start(self, service: Service) -> None:
        """Look for today's puzzle (once: asking again while it is looked for changes nothing)."""
        if not self.busy:
            self.job = service.submit(Task(daily_task, (today(),), N_("Today's puzzle")), Lane.LIGHT)

    def cancel(self) -> bool:
        """Give up on it (Esc); whether there was anything to give up."""
        if not self.busy:
            return False
        assert self.job is not None
        self.job.cancel()
        self.job = None
        return True

    def note(self) -> str:
        """What the focus bar says while it is looked for."""
        job = self.job
        if job is None or job.fraction is None or job.state is not JobState.RUNNING:
            return _("Finding today's puzzle… (Esc: never mind)")
        # Translators: {percent} is how far the puzzle's table is built or read ("40%"); {what}, what it is doing
        return _("Finding today's puzzle: {what} {percent} (Esc: never mind)").format(
            what=translated(job.text), percent=f"{job.fraction:.0%}")

    def take(self) -> Daily | str | None:
        """Once the search is over: today's puzzle, or the sentence saying why there is none (None: not yet)."""
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        if job.result is not None:
            return job.result
        return job.error or _("Today's puzzle could not be found.")
