"""A review of one game: how far from the goal every position of it was, and the moves that cost.

The curve is the optimal distance to the goal before the first move and after each one, from the
puzzle's oracle: a lookup where a complete table holds the positions, else what finished searches
taught the game (:mod:`game.midend.review_search` runs them). A move that did not bring the goal one
closer is a mistake: it went farther, came no closer (a sliding block counted by line or path
can), or went into a dead end. Beside the curve, the optimal line from where the game began: its
length is the par. Everything here is plain data, so tests read it from real games.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Callable, Sequence

from game.midend.answers import Answers
from game.midend.notation import move_words
from game.midend.session import Session
from game.midend.ladder import used_words
from game.midend.history import EntryKind, Notes
from game.common.i18n import N_, _, ngettext
from game.rules.identities import Identities, along, carry, first_seen
from game.rules.puzzle import Move, Puzzle
from game.common.words import moves_text


class Unknown:
    """Not known yet: no table holds the position and no search has answered for it."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = Unknown()
Known = int | None | Unknown   # moves to the goal; None: a dead end
DistanceOf = Callable[[bytes], Known]
# a move played from a position, for people (and which identical piece is which there: game.rules.identities)
MoveWords = Callable[[bytes, Move, Identities | None], str]


class Kind(Enum):
    """What one move did to the distance to the goal."""

    CLOSER = "came closer"
    FARTHER = "went farther"
    SAME = "came no closer"
    DEAD_END = "went into a dead end"
    INSIDE = "moved inside a dead end"   # the mistake was the move into it


MISTAKES = frozenset({Kind.FARTHER, Kind.SAME, Kind.DEAD_END})
# one move in a sentence, by what it did: its number, its text ("6 b3-b2"), its distances before and after
STEP_SENTENCES = {
    Kind.CLOSER: N_("move {number}: {move} came closer ({before} → {after})"),
    Kind.FARTHER: N_("move {number}: {move} went farther ({before} → {after})"),
    Kind.SAME: N_("move {number}: {move} came no closer ({before} → {after})"),
    Kind.DEAD_END: N_("move {number}: {move} went into a dead end ({before} → {after})"),
    Kind.INSIDE: N_("move {number}: {move} moved inside a dead end ({before} → {after})"),
    None: N_("move {number}: {move} is still being measured ({before} → {after})"),
}


@dataclass(frozen=True)
class GameLine:
    """One game as it stands: its positions from where it began to the one on the board, its moves,
    which of them the solver made, and where it sits in the history."""

    positions: tuple[bytes, ...]
    moves: tuple[Move, ...]
    solver: tuple[bool, ...]
    anchor: int                 # history index of positions[0]
    notes: Notes

    @classmethod
    def of(cls, session: Session) -> GameLine:
        timeline = session.timeline
        anchor = timeline.anchor_index()
        entries = timeline.entries[anchor:timeline.cursor + 1]
        moves = tuple(e.move for e in entries[1:] if e.move is not None)
        if len(moves) != len(entries) - 1:
            raise ValueError("a game's entries after its start are all moves.")
        return cls(tuple(e.position for e in entries), moves, tuple(e.kind is EntryKind.SOLVE for e in entries[1:]),
                   anchor, timeline.game_notes)

    def __len__(self) -> int:
        return len(self.moves)


@dataclass(frozen=True)
class Step:
    """One move of the game and what it did (``kind`` None until both distances are known)."""

    number: int                 # 1 for the game's first move
    text: str                   # the move in words, e.g. "tile 6 b3→b2"
    before: Known
    after: Known
    kind: Kind | None
    solver: bool

    def sentence(self) -> str:
        """'move 7: tile 6 b3→b2 went farther (12 → 13)'."""
        return _(STEP_SENTENCES[self.kind]).format(number=self.number, move=self.text, before=shown(self.before),
                                                   after=shown(self.after))


def shown(distance: Known) -> str:
    if isinstance(distance, Unknown):
        return "?"
    return _("dead end") if distance is None else str(distance)


def kind_of(before: Known, after: Known) -> Kind | None:
    if isinstance(before, Unknown) or isinstance(after, Unknown):
        return None
    if before is None:
        return Kind.INSIDE
    if after is None:
        return Kind.DEAD_END
    return Kind.CLOSER if after < before else (Kind.SAME if after == before else Kind.FARTHER)


def settle(distances: Sequence[Known]) -> tuple[Known, ...]:
    """Fill in what the known distances imply. Along a played line, d(i) <= d(m) + (m - i) (a move
    brings the goal at most one closer) and d(m) <= d(j) + (j - m) (the game itself went from m to
    j): where the two bounds meet, the distance needs no search."""
    low: list[int] = []
    for d in distances:
        low.append(max(d if isinstance(d, int) else 0, low[-1] - 1 if low else 0))
    high: list[int | None] = []
    for d in reversed(distances):
        after = high[-1] + 1 if high and high[-1] is not None else None
        high.append(min((x for x in (d if isinstance(d, int) else None, after) if x is not None), default=None))
    high.reverse()
    return tuple(high[i] if isinstance(d, Unknown) and high[i] is not None and high[i] == low[i] else d
                 for i, d in enumerate(distances))


@dataclass(frozen=True)
class Review:
    line: GameLine
    distances: tuple[Known, ...]            # before the first move, then after each
    steps: tuple[Step, ...]
    optimal: tuple[str, ...] | None         # the optimal line from the game's first position (None: not known)
    solved: bool
    who: tuple[Identities, ...] | None = None   # which identical piece is which at each position (None: not told)

    @property
    def par(self) -> Known:
        """The fewest moves from where the game began."""
        return self.distances[0]

    @property
    def known(self) -> int:
        return sum(not isinstance(d, Unknown) for d in self.distances)

    @property
    def complete(self) -> bool:
        return self.known == len(self.distances) and (self.optimal is not None or self.par is None)

    @property
    def mistakes(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.kind in MISTAKES)

    @property
    def first_mistake(self) -> Step | None:
        """The first mistake, once every move before it is known to be none."""
        for step in self.steps:
            if step.kind is None:
                return None
            if step.kind in MISTAKES:
                return step
        return None

    @property
    def rewind_index(self) -> int | None:
        """The history index of the position before the first mistake."""
        first = self.first_mistake
        return None if first is None else self.line.anchor + first.number - 1

    @property
    def assisted(self) -> bool:
        return self.line.notes.assisted or any(self.line.solver)

    def verdict(self) -> str:
        """One sentence on the moves: perfect, or how many went wrong."""
        moves = len(self.line)
        if not moves:
            return _("No moves yet: the review follows the game as it is played.")
        mistakes = self.mistakes
        if not mistakes and self.known < len(self.distances):
            return _("No mistake found so far.")
        if not mistakes:
            return (_("No mistakes: every move brought you closer.") if self.solved else
                    _("No mistakes so far: every move brought you closer."))
        listed = ""
        for kind in (Kind.FARTHER, Kind.SAME, Kind.DEAD_END):
            count = sum(s.kind is kind for s in mistakes)
            if count:
                part = _mistakes(kind, count)
                # Translators: mistakes so far, and one more ("2 moves went farther; 1 move came no closer")
                listed = _("{mistakes}; {more}").format(mistakes=listed, more=part) if listed else part
        # Translators: the list of mistakes as a sentence
        return _("{mistakes}.").format(mistakes=listed)

    def summary(self) -> str:
        """The game in a sentence: its moves against the par."""
        moves, par = len(self.line), self.par
        to_go = self.distances[-1]
        if self.solved:
            first = ngettext("Solved in {n:,} move.", "Solved in {n:,} moves.", moves)
        elif isinstance(to_go, int):
            # Translators: {left} is "1 move" or "12 moves"
            first = ngettext("A game in progress: {n:,} move so far, {left} to go.",
                             "A game in progress: {n:,} moves so far, {left} to go.", moves)
        elif to_go is None:
            first = ngettext("A game in progress: {n:,} move so far, in a dead end.",
                             "A game in progress: {n:,} moves so far, in a dead end.", moves)
        else:
            first = ngettext("A game in progress: {n:,} move so far.", "A game in progress: {n:,} moves so far.",
                             moves)
        left = moves_text(to_go) if isinstance(to_go, int) else ""
        first = first.format(n=moves, left=left)
        if isinstance(par, Unknown):
            return first
        second = (_("It began in a dead end.") if par is None
                  else _("The fewest possible from where it began: {par}.").format(par=par))
        # Translators: two sentences one after the other (Japanese joins them without a space)
        return _("{first} {second}").format(first=first, second=second)

    def help_note(self) -> str:
        """The help the game had, as the records count it ('' for the player's own game)."""
        return help_words(self.line.notes, self.line.solver, self.solved)


def help_words(notes: Notes, solver: Sequence[bool], solved: bool) -> str:
    """The help a game had (its notes, which of its moves the solver made), in a sentence."""
    if solver and solver[-1] and solved:
        return _("The solver finished it: the records count it as solved with help.")
    if notes.solver or any(solver):
        return _("The solver played some of its moves: the records count it as solved with help.")
    if notes.hints:
        said = ngettext("It had {n:,} hint: the records count it as solved with help.",
                        "It had {n:,} hints: the records count it as solved with help.",
                        notes.hints).format(n=notes.hints)
        used = used_words(notes.ladder)
        return f"{said} {used}" if used else said
    if notes.marks:
        return _("Move marks were on: the records count it as solved with help.")
    return ""


def _mistakes(kind: Kind, count: int) -> str:
    """How many moves made one kind of mistake: "2 moves went farther"."""
    if kind is Kind.FARTHER:
        text = ngettext("{n:,} move went farther", "{n:,} moves went farther", count)
    elif kind is Kind.SAME:
        text = ngettext("{n:,} move came no closer", "{n:,} moves came no closer", count)
    else:
        text = ngettext("{n:,} move went into a dead end", "{n:,} moves went into a dead end", count)
    return text.format(n=count)


def review(puzzle: Puzzle, line: GameLine, distance: DistanceOf, optimal: Sequence[Move] | None = None,
           words: MoveWords | None = None, follow: bool = False) -> Review:
    """The review of ``line`` with the distances ``distance`` knows (and what they imply); ``words``: each
    move in words (default: the puzzle's compact text); ``follow``: which identical piece is which, followed
    from where the game began (a family that names them one by one)."""
    said: MoveWords = words or _compact(puzzle)
    distances = settle([distance(p) for p in line.positions])
    who = tuple(along(puzzle, first_seen(line.positions[0]), zip(line.positions, line.moves))) if follow else None
    steps = tuple(Step(i + 1, said(line.positions[i], move, who[i] if who else None), distances[i], distances[i + 1],
                       kind_of(distances[i], distances[i + 1]), line.solver[i])
                  for i, move in enumerate(line.moves))
    texts = None if optimal is None else tuple(line_texts(puzzle, line.positions[0], optimal, said, follow))
    return Review(line, distances, steps, texts, puzzle.is_goal(line.positions[-1]), who)


def _compact(puzzle: Puzzle) -> MoveWords:
    """A move's compact text ("B a1-c1"), as the command line writes it."""
    return lambda before, move, _who: puzzle.move_text(before, move)


def line_texts(puzzle: Puzzle, start: bytes, moves: Sequence[Move], words: MoveWords | None = None,
               follow: bool = False) -> list[str]:
    """Each move in words (default: its text), played from ``start`` (it raises on an illegal move); ``follow``:
    as :func:`review` does."""
    said: MoveWords = words or _compact(puzzle)
    out, state = [], start
    who = first_seen(start) if follow else None
    for move in moves:
        out.append(said(state, move, who))
        if who is not None:
            who = carry(puzzle, who, state, move)
        state = puzzle.play(state, move)
    return out


def known_distance(answers: Answers, position: bytes) -> Known:
    """What the game knows without a search: the table, else lines and dead ends searches found."""
    found = answers.distance(position)
    if found is not None:
        return found
    return None if answers.dead(position) else UNKNOWN


def best_line(answers: Answers, position: bytes) -> tuple[Move, ...] | None:
    """An optimal line from ``position`` if known without a search."""
    if answers.exact_at(position):
        got = answers.oracle.instant_answer(position)
        return tuple(got.line.moves) if got is not None and got.line is not None else None
    return answers.memory.line(position) if answers.memory.proven(position) else None


def review_of(session: Session) -> Review:
    """The review of the session's current game, from where it began to the position on the board, its
    moves in the board's own words."""
    line = GameLine.of(session)
    answers = session.answers
    return review(session.puzzle, line, lambda p: known_distance(answers, p), best_line(answers, line.positions[0]),
                  partial(move_words, session.spec), session.spec.presentation.tells_apart)
