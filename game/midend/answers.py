"""What a game knows about its positions: the oracle's instant answers, what finished searches
taught it (:class:`~game.midend.memory.Memory`), and the one search it may have running."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.common.background import Service
from game.midend.history import History
from game.midend.memory import Memory
from game.oracles.base import Answer, WrongAnswer, replays
from game.rules.puzzle import Move
from game.midend.searches import Purpose, Searches
from game.catalog.spec import PuzzleSpec


@dataclass(frozen=True)
class Resolved:
    """An answer about one position, as the game acts on it: a shortest line, or a dead end with
    the history index of the latest earlier position that can still win (None: none can); or,
    ``wrong``, an answer that did not hold when it was played out, to be said and never shown."""

    line: tuple[Move, ...] | None
    last_winnable: int | None = None
    wrong: bool = False
    proven: bool = True      # the line is a shortest one (else: the shortest found, not proven) ...
    at_least: int = 0        # ... and the shortest needs at least this many moves


WRONG = Resolved(None, wrong=True)


UNWALKED_KEPT = 1_000


class _Unknown:
    """Nothing known (no table, no remembered answer) can tell."""


UNKNOWN = _Unknown()


class Answers:
    def __init__(self, spec: PuzzleSpec, service: Service) -> None:
        self.puzzle = spec.puzzle
        self.oracle = spec.oracle
        self.memory = Memory()
        self.searches = Searches(service, spec.oracle)
        self._waiting: tuple[str, Purpose, bytes] | None = None   # asked while the table was on its way
        self._unwalked: set[bytes] = set()   # positions the table gave no line from (see optimal_line)

    @property
    def exact(self) -> bool:
        """Every position's distance is known at once (the oracle's complete table is ready)."""
        return self.oracle.exact and self.oracle.ready()

    def exact_at(self, position: bytes) -> bool:
        """This position's distance is known at once: the complete table is ready and holds it."""
        return self.exact and self.oracle.covers(position)

    def distance(self, position: bytes) -> int | None:
        """Optimal moves to the goal if known without a search (where the table holds the position,
        None is a dead end)."""
        found = self.oracle.distance(position)
        if found is not None or self.exact_at(position):
            return found
        line = self.memory.line(position)
        return None if line is None or not self.memory.proven(position) else len(line)

    def found(self, position: bytes) -> tuple[int, int] | None:
        """Where only a line not proven shortest is known: its length, and the fewest moves the position may need."""
        least = self.memory.at_least(position)
        line = self.memory.line(position)
        return None if least is None or line is None else (len(line), least)

    def optimal_line(self, position: bytes) -> tuple[Move, ...] | None:
        """A proven shortest line from ``position`` where one is known without a search: remembered, or
        walked down the complete table (then remembered; a walk that fails is not tried again)."""
        line = self.memory.line(position)
        if line is not None and self.memory.proven(position):
            return line
        if not self.exact_at(position) or position in self._unwalked:
            return None
        try:
            answer = self.oracle.instant_answer(position, ())
        except WrongAnswer:
            answer = None
        if answer is None or answer.line is None or not answer.line.proven or not self.holds(answer, position, ()):
            if len(self._unwalked) >= UNWALKED_KEPT:
                self._unwalked.clear()
            self._unwalked.add(position)
            return None
        self.memory.remember(answer.line)
        return tuple(answer.line.moves)

    def dead(self, position: bytes) -> bool:
        """Known (oracle or an earlier search) to have no way to the goal."""
        if self.puzzle.is_goal(position):
            return False
        return self.oracle.dead_end(position) or (not self.exact_at(position) and self.memory.is_dead(position))

    def last_winnable(self, timeline: History) -> int | None | _Unknown:
        """History index of the latest earlier winnable position, None if none, UNKNOWN if nothing known can tell."""
        for i, position in timeline.earlier():
            if self.distance(position) is not None:
                return i
            if not self.dead(position):
                return UNKNOWN
        return None

    def earlier(self, timeline: History) -> tuple[list[bytes], list[int]]:
        """Earlier positions of this game, newest first and each once, that may still win (for a
        dead end's answer), with their history indices. Only one-way puzzles have dead ends."""
        if self.puzzle.reversible:
            return [], []
        positions: list[bytes] = []
        at: list[int] = []
        for i, position in timeline.earlier():
            if position not in positions and not self.memory.is_dead(position):
                positions.append(position)
                at.append(i)
        return positions, at

    def at_once(self, timeline: History) -> Resolved | None:
        """The answer for the current position without a search, if there is one."""
        position = timeline.position
        earlier, at = self.earlier(timeline)
        try:
            answer = self.oracle.instant_answer(position, earlier)
        except WrongAnswer:
            return WRONG
        if answer is not None:
            return self.learn(answer, at, position, earlier)
        line = self.memory.line(position)
        if line is not None:
            return Resolved(line, proven=self.memory.proven(position), at_least=self.memory.at_least(position) or 0)
        if self.memory.is_dead(position):
            known = self.last_winnable(timeline)
            if not isinstance(known, _Unknown):
                return Resolved(None, known)
        return None

    def learn(self, answer: Answer, at: Sequence[int], position: bytes, earlier: Sequence[bytes]) -> Resolved:
        """Remember an answer about ``position`` (and the ``earlier`` positions sent with it, at history
        indices ``at``), once every line in it has been played out from where it starts: one that does
        not reach the goal is WRONG, remembered nowhere."""
        if not self.holds(answer, position, earlier):
            return WRONG
        if answer.line is not None:
            self.memory.remember(answer.line)
            return Resolved(tuple(answer.line.moves), proven=answer.line.proven, at_least=answer.line.at_least)
        self.memory.mark_dead(position)
        index = answer.winnable_index
        if answer.winnable_line is not None:
            self.memory.remember(answer.winnable_line)
        return Resolved(None, None if index is None else at[index])

    def holds(self, answer: Answer, position: bytes, earlier: Sequence[bytes]) -> bool:
        """Whether the answer's lines replay: its line from ``position``, a dead end's from the earlier
        position it names."""
        if answer.line is not None:
            return replays(self.puzzle, position, answer.line)
        index = answer.winnable_index
        if answer.winnable_line is None or index is None:
            return index is None and answer.winnable_line is None
        return 0 <= index < len(earlier) and replays(self.puzzle, earlier[index], answer.winnable_line)

    def mark_dead_before(self, timeline: History, at: Sequence[int], answer: Answer) -> None:
        """A dead end's earlier positions that its answer skipped cannot win either."""
        index = answer.winnable_index
        for i in at[:len(at) if index is None else index]:
            self.memory.mark_dead(timeline.entries[i].position)

    # -- asking in the background ------------------------------------------------------------------
    @property
    def waiting(self) -> Purpose | None:
        """What the player asked for while the table was being prepared (answered once it is)."""
        return self._waiting[1] if self._waiting is not None else None

    @property
    def waiting_at(self) -> bytes | None:
        """The position the question waiting for the table was asked at."""
        return self._waiting[2] if self._waiting is not None else None

    def search(self, timeline: History, label: str, purpose: Purpose) -> bool:
        """Look for the answer at the cursor in the background: True if a search was sent now (``searches``
        has it). While the complete table is on its way, the question waits for it instead: a lookup then
        beats any search now (which, for a large one-way puzzle, could take minutes and gigabytes). A search
        already running for the position serves; a solve or step press upgrades a running hint search."""
        position = timeline.position
        if self.oracle.exact and self.oracle.status().busy:
            self._waiting = (label, purpose, position)
            return False
        if self.searches.running_for(position):
            if purpose is not Purpose.HINT:
                self.searches.purpose = purpose
            return False
        earlier, at = self.earlier(timeline)
        self.searches.submit(position, earlier, at, label, purpose)
        return True

    def asked_again(self, position: bytes) -> tuple[str, Purpose] | None:
        """What was asked while the table was on its way, once it is ready, if ``position`` is still the
        one it was asked about (asked once: it is forgotten here)."""
        waiting = self._waiting
        if waiting is None or self.oracle.status().busy:
            return None
        self._waiting = None
        label, purpose, asked_at = waiting
        return (label, purpose) if asked_at == position else None

    def cancel(self) -> None:
        """Nothing runs or waits any more."""
        self.searches.cancel()
        self._waiting = None
