"""The distances a review needs that no table gives at once, found by optimal searches.

One search at a time runs on the service's search lane, never on the UI thread. Each answer is
remembered by the game (:class:`~game.midend.memory.Memory`), so a line found here also serves later
hints, and a shortest line tells the distance of every position along it: a game that followed
it for a while costs one search, not one per move. What the played line implies (see
:func:`game.midend.review.settle`) costs none. The first search is from where the game began (the par
and the optimal line), then the earliest position still unknown, so the curve fills from the left.
A puzzle whose complete table is on its way waits for it instead: a lookup then beats any search.
"""
from __future__ import annotations

from game.oracles import tasks
from game.common.background import Job, JobState, Lane, Task
from game.common.i18n import N_, _
from game.oracles.base import Answer
from game.common.phrase import translated
from game.midend.session import Session
from game.midend.review import GameLine, Review, Unknown, review_of


LABEL = N_("The review")


class ReviewSearch:
    """Fills in one game's review: ``update()`` once a frame, then read ``review``."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.line = GameLine.of(session)
        self.job: Job[Answer] | None = None
        self.searched = 0           # searches finished
        self.stopped = False        # cancelled by the player: what is known stays
        self.error = ""
        self._exact = session.answers.exact
        self.review: Review = review_of(session)

    @property
    def waiting_for_table(self) -> bool:
        """The puzzle's complete table is on its way (polling its status takes it in once ready)."""
        oracle = self.session.oracle
        return oracle.exact and oracle.status().busy

    @property
    def busy(self) -> bool:
        """Still finding distances (a search running or to come, or the table on its way)."""
        return not self.stopped and not self.error and not self.review.complete

    def next_index(self) -> int | None:
        """The position to search next: the game's first until the optimal line is known, then the
        earliest whose distance is unknown."""
        got = self.review
        if got.optimal is None and isinstance(got.par, int):
            return 0
        return next((i for i, d in enumerate(got.distances) if isinstance(d, Unknown)), None)

    def update(self) -> bool:
        """Take in a finished search and start the next (one a call); True if the review changed."""
        if self.stopped or self.error:
            return False
        changed = self._take()
        waiting = self.waiting_for_table
        exact = self.session.answers.exact
        if exact != self._exact:      # the table came in: every distance is a lookup now
            self._exact, changed = exact, True
        if changed:
            self.review = review_of(self.session)
        if self.job is None and not waiting and not self.review.complete:
            index = self.next_index()
            if index is not None:
                self._submit(self.line.positions[index])
                if self._take():      # a service that runs tasks inline has answered already
                    self.review, changed = review_of(self.session), True
        return changed

    def resume(self) -> None:
        """Search on after a stop."""
        if self.stopped and not self.review.complete:
            self.stopped = False

    def _submit(self, position: bytes) -> None:
        task = Task(tasks.answer, (self.session.spec.oracle, position, ()), LABEL)
        self.job = self.session.service.submit(task, Lane.SEARCH)

    def _take(self) -> bool:
        job = self.job
        if job is None or not job.done:
            return False
        self.job = None
        position = job.task.args[1]
        if job.state is not JobState.DONE or job.result is None:
            if job.state is not JobState.CANCELLED:
                self.error = job.error or _("The review could not find a distance.")
            else:
                self.stopped = True
            return True
        self.searched += 1
        memory = self.session.memory
        if job.result.line is not None:
            memory.remember(job.result.line)
        else:
            memory.mark_dead(position)
        return True

    def progress(self) -> tuple[float, str]:
        """How far the review is (0..1) and what the running search says."""
        got = self.review
        fraction = got.known / max(1, len(got.distances))
        job = self.job
        # Translators: seconds a search has run, and what it reports ("2.5 s, searching 40 moves… 1,200 nodes")
        text = (_("{seconds:.1f} s, {progress}").format(seconds=job.elapsed, progress=translated(job.text))
                if job is not None and not job.done else "")
        return fraction, text

    def cancel(self) -> None:
        """Stop searching (the screen closes, or the player has seen enough)."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        if not self.review.complete:
            self.stopped = True
