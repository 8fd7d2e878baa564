"""The position editor's midend: the position being edited, its edits with undo and redo, whether
it is legal, and its live reading (goal, distance, dead end) from the puzzle's oracle.

What an edit is comes from the spec (:class:`~game.catalog.spec.EditMode`): tokens put in any cell,
two cells exchanged, or whole pieces moved to any place they fit (the move rules do not apply
in the editor; the counts and shapes of the pieces do, and the doors: a piece stands on a door
only if it may pass). Where the spec can be rebuilt with other doors (sliding blocks), doors are
placed and removed, and pieces let through them or not: an edit like any other, undone alike, and
the puzzle's rules, reading and saved file follow the doors. A position is read at once where a
table holds it, else by a search in the background that starts a moment after the last edit,
is superseded by the next one, and can be stopped (:mod:`game.midend.edit_reading`). Nothing here imports pygame or reads a
clock: time advances through ``update(dt)``.
"""
from __future__ import annotations

from pathlib import Path

from game.catalog import registry as catalog
from game.catalog import saving
from game.common.background import Job, JobState, Lane, Service, Task
from game.rules.pieces import Pieces
from game.rules.puzzle import Doors, PositionError
from game.files.model import FileDef
from game.common.i18n import N_, _
from game.catalog.spec import EditMode, PuzzleSpec
from game.common.untrusted import sentence
from game.midend.edit_doors import door_problem, doors_said, toggled
from game.midend.edit_problems import EMPTY, piece_word, problem_of
from game.midend.edit_reading import KNOWN_LIMIT, SEARCH_DELAY, EditorReading, Found, Reading, ReadingKind

__all__ = ["Editor", "Found", "KNOWN_LIMIT", "Reading", "ReadingKind", "SEARCH_DELAY", "read_position"]

HISTORY_LIMIT = 5_000   # edits kept for undo
TEXT_LIMIT = 4_000      # characters of pasted text looked at


def read_position(spec: PuzzleSpec, text: str) -> bytes:
    """A position from pasted text (rows by '/', or one row a line), checked by the puzzle's own
    parser; PositionError with one sentence otherwise."""
    text = text[:TEXT_LIMIT].replace("\r\n", "\n").strip()
    if not text:
        raise PositionError(_("There is no position to paste: the clipboard text is empty."))
    if "/" not in text and "\n" in text:
        text = "/".join(line for line in (row.strip() for row in text.split("\n")) if line)
    try:
        return spec.puzzle.parse(text)
    except PositionError as err:
        raise PositionError(sentence(_("That is not a position of {title}: {problem}")
                                     .format(title=spec.shown_title(), problem=err))) from None
    except (ValueError, IndexError, KeyError):
        raise PositionError(_("That text is not a position of {title}.").format(title=spec.shown_title())) from None


class Editor(EditorReading):
    """The position being edited, its edits with undo and redo, its doors, and its text and file (what it
    reads of the position: :class:`~game.midend.edit_reading.EditorReading`)."""

    def __init__(self, spec: PuzzleSpec, position: bytes | None = None, *, service: Service,
                 delay: float = SEARCH_DELAY) -> None:
        self.original = spec
        self.spec = spec
        self.puzzle = spec.puzzle
        self.oracle = spec.oracle
        self.mode = spec.edit
        self.service = service
        self.delay = delay
        self.pieces = Pieces(self.puzzle)
        self._history: list[tuple[bytes, Doors]] = [(position if position is not None else self.puzzle.start,
                                                     self.puzzle.doors)]
        self._specs: dict[Doors, PuzzleSpec] = {self.puzzle.doors: spec}   # the puzzle with each set of doors met
        self._cursor = 0
        self._problems: tuple[tuple[bytes, Doors], str | None] | None = None
        super().__init__()
        self._saving: Job[tuple[str, FileDef]] | None = None
        self._title: Job[str] | None = None
        self.oracle.start_preparing(service)
        self._status = self.oracle.status()

    # -- the position and its history ------------------------------------------------------------
    @property
    def position(self) -> bytes:
        return self._history[self._cursor][0]

    @property
    def doors(self) -> Doors:
        """The doors the position is edited with (the puzzle's own until they are changed)."""
        return self._history[self._cursor][1]

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor + 1 < len(self._history)

    def undo(self) -> bool:
        return self._step(-1) if self.can_undo() else False

    def redo(self) -> bool:
        return self._step(+1) if self.can_redo() else False

    def _step(self, delta: int) -> bool:
        self._cursor += delta
        self._changed()
        return True

    def set_position(self, state: bytes) -> bool:
        """Replace the position (an edit that undo takes back); False if it is the same."""
        return self._edit(state, self.doors)

    def _edit(self, state: bytes, doors: Doors) -> bool:
        if (state, doors) == self._history[self._cursor]:
            return False
        del self._history[self._cursor + 1:]
        self._history.append((state, doors))
        if len(self._history) > HISTORY_LIMIT:
            del self._history[0]
        self._cursor = len(self._history) - 1
        self._changed()
        return True

    def reset(self) -> bool:
        """Back to the puzzle's start."""
        return self.set_position(self.puzzle.start)

    def clear(self) -> str | None:
        """Every cell empty (tokens only: elsewhere the pieces are a fixed set)."""
        if self.mode is not EditMode.PALETTE:
            return _("The pieces of this puzzle cannot be taken off the board, only moved.")
        self.set_position(bytes(len(self.position)))
        return None

    # -- edits --------------------------------------------------------------------------------------
    @property
    def palette(self) -> tuple[int, ...]:
        """What may be put in a cell: the puzzle's pieces, then empty (tokens only)."""
        if self.mode is not EditMode.PALETTE:
            return ()
        codes = sorted(self.puzzle.symbols.names)
        return tuple(c for c in codes if c != EMPTY) + (EMPTY,)

    def piece_word(self, code: int) -> str:
        """A piece (or the empty cell) in English words, a marked message: "black frog"."""
        return piece_word(self.spec, code)

    def place(self, cell: int, code: int) -> str | None:
        """Put ``code`` in ``cell``; a sentence if that is not an edit of this puzzle."""
        if code not in self.palette:
            return _("Pieces cannot be added here, only moved: pick one up and put it down elsewhere.")
        if not 0 <= cell < len(self.position):
            return _("There is no such cell.")
        state = bytearray(self.position)
        state[cell] = code
        self.set_position(bytes(state))
        return None

    def swap(self, a: int, b: int) -> str | None:
        """Exchange two cells (a token moved, two tiles swapped, a tile and the gap)."""
        if self.mode is EditMode.PIECES:
            return self.relocate(a, b)
        n = len(self.position)
        if not (0 <= a < n and 0 <= b < n):
            return _("There is no such cell.")
        state = bytearray(self.position)
        state[a], state[b] = state[b], state[a]
        self.set_position(bytes(state))
        return None

    def relocate(self, cell: int, to: int) -> str | None:
        """Move the piece covering ``cell`` so its anchor (top-left cell) is at ``to``; onto a piece
        of the same shape, the two trade places. A sentence if it does not fit."""
        got = self.relocated(self.position, cell, to)
        if isinstance(got, str):
            return got
        self.set_position(got)
        return None

    def relocated(self, state: bytes, cell: int, to: int) -> bytes | str:
        """The position with that piece moved (see ``relocate``), or why it cannot be."""
        pieces = self.pieces
        anchor = pieces.anchor(state, cell) if 0 <= cell < len(state) else None
        if anchor is None:
            return _("There is no piece there to move.")
        code = state[anchor]
        old = pieces.cells(code, anchor)
        new = self.cells_at(code, to)
        if new is None:
            return _("It does not fit there: it would stick out of the board.")
        if to == anchor:
            return state
        out = bytearray(state)
        others = {pieces.anchor(state, c) for c in new if state[c] != EMPTY and c not in old}
        if others:
            other = next(iter(others))
            if len(others) > 1 or other != to or pieces.cells(state[other], other) != new:
                return _("It does not fit there: another piece is in the way.")
            kind = pieces.kind(code)
            if (state[other] == code) if kind is None else pieces.kind(state[other]) == kind:
                return _("Those two pieces are identical: trading their places changes nothing.")
            for at, back in zip(new, old):   # the same shape: cell by cell, the other piece goes back
                out[back] = state[at]
        else:
            for at in old:
                out[at] = EMPTY
        for at, part in zip(new, (state[c] for c in old)):
            out[at] = part
        doors = self.puzzle.doors
        if not doors.admits(code, new) or (others and not doors.admits(out[old[0]], old)):
            return _("It may not stand there: only the pieces let through the doors may stand on them.")
        return self.puzzle.settle(bytes(out))

    def cells_at(self, code: int, anchor: int) -> tuple[int, ...] | None:
        """The cells a piece of ``code`` covers with its anchor at ``anchor`` (None: off the board)."""
        if not 0 <= anchor < len(self.position):
            return None
        kind = self.pieces.kind(code)
        if kind is None:
            return (anchor,)
        cells = [self.puzzle.board.step(anchor, dr, dc) for dr, dc in kind.shape]
        return None if any(c is None for c in cells) else tuple(c for c in cells if c is not None)

    def places(self, cell: int) -> list[int]:
        """Every anchor the piece covering ``cell`` may be moved to (including where it is)."""
        state = self.position
        return [to for to in range(len(state)) if not isinstance(self.relocated(state, cell, to), str)]

    # -- doors ---------------------------------------------------------------------------------------
    @property
    def doors_editable(self) -> bool:
        """Whether this puzzle's doors can be changed here (sliding blocks)."""
        return self.original.redoor is not None

    @property
    def doors_changed(self) -> bool:
        """Whether the doors are not the puzzle's own any more (a game needs the puzzle saved first)."""
        return self._spec_with(self.doors) is not self.original

    def toggle_door(self, cell: int) -> str | None:
        """A click in door mode: an empty ``cell`` becomes a door or stops being one, a piece is let through
        the doors or no longer (an edit undo takes back); a sentence if it cannot be."""
        if not self.doors_editable:
            return _("This puzzle has no doors.")
        got = toggled(self.doors, self.position, self.pieces, cell)
        if isinstance(got, str):
            return got
        self._edit(self.position, got)
        return None

    def doors_said(self) -> str:
        """Where the doors are and which pieces may pass them, in one sentence."""
        return doors_said(self.spec, self.doors)

    # -- legality ------------------------------------------------------------------------------------
    def problem(self) -> str | None:
        """Why the position is not one of this puzzle (one sentence), or None if it is."""
        key = self._history[self._cursor]
        if self._problems is None or self._problems[0] != key:
            self._problems = (key, door_problem(self.doors) or problem_of(self.spec, key[0]))
        return self._problems[1]

    @property
    def legal(self) -> bool:
        return self.problem() is None

    def _changed(self) -> None:
        """A new position: a search for another one is superseded, and the next waits for a pause; new
        doors: the puzzle with them from now on."""
        self._idle = 0.0
        spec = self._spec_with(self.doors)
        if spec is not self.spec:
            self._use(spec)
        if self.job is not None and self._job_position() != self.position:
            self._take_job()
            self._cancel_job()

    def _spec_with(self, doors: Doors) -> PuzzleSpec:
        """The puzzle with these doors (the pieces chosen to pass no doors at all are no doors)."""
        doors = doors if doors.cells else Doors()
        spec = self._specs.get(doors)
        if spec is None:
            assert self.original.redoor is not None, "only a puzzle that can have doors changes them"
            spec = self._specs[doors] = self.original.redoor(doors)
        return spec

    def _use(self, spec: PuzzleSpec) -> None:
        """Edit with ``spec``'s rules from now on (other doors): what was known of positions was of others,
        and the table of the puzzle left behind is not needed (the catalog's own puzzle's may be)."""
        self._cancel_job()
        if self.spec is not self.original:
            self.oracle.stop_preparing()
        self.spec, self.puzzle, self.oracle = spec, spec.puzzle, spec.oracle
        self.pieces = Pieces(self.puzzle)
        self._known.clear()
        self._failed.clear()
        self._stopped.clear()
        self.oracle.start_preparing(self.service)
        self._status = self.oracle.status()

    def close(self) -> None:
        """The editor goes: its search stops, and so does the preparing of the puzzle it made with other doors."""
        self._cancel_job()
        if self.spec is not self.original:
            self.oracle.stop_preparing()

    # -- text and files -------------------------------------------------------------------------------
    def text(self) -> str:
        """The position as text (rows by '/', cells by spaces), for the clipboard."""
        return self.puzzle.format(self.position)

    def paste(self, text: str) -> str | None:
        """Take a position from text; one sentence (and nothing changed) if it is not one."""
        try:
            state = read_position(self.spec, text)
        except PositionError as err:
            return str(err)
        if not self.set_position(state):
            return _("That is the position already on the board.")
        return None

    def save_problem(self) -> str | None:
        """Why the position cannot be saved as a puzzle now (None: it can)."""
        reason = saving.unavailable(self.spec)
        if reason is not None:
            return reason
        problem = self.problem()
        if problem is not None:
            return sentence(_("Only a position of this puzzle can be saved: {problem}").format(problem=problem))
        if self.puzzle.is_goal(self.position):
            return _("This is the goal itself: change the position before saving it as a puzzle.")
        return None

    def suggest_title(self) -> None:
        """Look for a free title ('My frogs 2' when 'My frogs 1' is taken) in the background."""
        task = Task(saving.suggest_title, (self.spec.name,), N_("Finding a title"))
        self._title = self.service.submit(task, Lane.LIGHT)

    def suggested_title(self) -> str | None:
        job = self._title
        return job.result if job is not None and job.state is JobState.DONE else None

    def save(self, title: str) -> None:
        """Start saving the position as a puzzle file (``take_saved`` brings the outcome). SaveError
        at once, with one sentence, when it cannot be saved."""
        problem = self.save_problem()
        if problem is not None:
            raise saving.SaveError(problem)
        defn = saving.definition(self.spec, self.position, title)   # the title, position and doors, checked now
        catalog.names()   # the player's folder is read before the new file is in it: it is shelved once
        task = Task(saving.write_puzzle, (defn,), N_("Saving the puzzle"))
        self._saving = self.service.submit(task, Lane.LIGHT)

    @property
    def saving(self) -> bool:
        return self._saving is not None and not self._saving.done

    def take_saved(self) -> tuple[Path, PuzzleSpec] | str | None:
        """A finished save: (its file, the puzzle now on the shelves), or why it failed; None meanwhile."""
        job = self._saving
        if job is None or not job.done:
            return None
        self._saving = None
        if job.state is not JobState.DONE or job.result is None:
            return sentence(job.error or _("The puzzle could not be saved."))
        path, defn = job.result
        try:
            return Path(path), saving.shelve(Path(path), defn)
        except saving.SaveError as err:
            return str(err)

