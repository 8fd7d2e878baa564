"""The player's records against the optimum: per puzzle, and per distance for games that began
elsewhere than the puzzle's start (a deal, a paste, a position from the editor).

A record counts games solved, those solved without help (no hint, no solver, no move marks),
those among them in the fewest moves possible, and keeps the best of the player's own solves:
moves over the optimum, moves, time. A game with help counts as solved and assisted, never as
the player's optimum; what help those games had is kept too (the hint ladder's steps reached, the solver,
move marks), so the records can say it. Pure data, no pygame and no files: :mod:`game.keeping.journal`
reads and writes the JSON, which is untrusted like every file (a wrong one is one sentence, never a
traceback). What the file holds that this version does not know (a newer version's keys, at the top or in
a row or a day) is kept and written back as it was (:mod:`game.common.unknown`); a row this version cannot
name (neither the start, a distance nor "deal") still refuses the file, which is then kept aside whole.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Callable, Collection, Mapping, TypeVar

from game.common.i18n import _, ngettext
from game.midend.ladder import steps_used, steps_words
from game.midend.session import Win
from game.common.unknown import Unknown, dumps, kept, restored
from game.common.untrusted import shown, writable
from game.common.words import moves_text
from game.keeping.days import Day, days_from_json, days_to_json, with_day

FORMAT = 1
START = "start"            # the key of games from the puzzle's own start
UNKNOWN = "deal"           # games from elsewhere whose optimum was not known when solved
MAX_NAME = 400             # characters of a puzzle name (a puzzle file's path)
MAX_COUNT = 10 ** 9
MAX_SECONDS = 10_000_000.0
LADDER_STEPS = 4           # the hint ladder's steps: band, count, piece, move (game.midend.ladder.Step)
NO_LADDER = (0, 0, 0, 0)
Number = TypeVar("Number", int, float)


@dataclass(frozen=True)
class Record:
    solved: int = 0                 # games solved, with or without help
    own: int = 0                    # ... without hint, solver or marks
    optimal: int = 0                # ... of those, in the fewest moves possible
    best_over: int | None = None    # the player's own solve closest to the optimum: moves over it
    best_moves: int | None = None   # the player's own solve in the fewest moves
    best_time: float | None = None  # the player's fastest own solve, in seconds
    par: int | None = None          # the optimum these games began at (older records lack it)
    # the help the assisted games had (older records lack it: none known)
    ladder: tuple[int, int, int, int] = NO_LADDER   # how often each step of the hint ladder was reached
    solver: int = 0                 # assisted games the solver played moves in
    marks: int = 0                  # assisted games played with move marks on
    unknown: Unknown = ()           # a newer version's fields of this row, written back as they were

    @property
    def assisted(self) -> int:
        return self.solved - self.own

    def add(self, win: Win) -> Record:
        par = self.par if win.par is None or win.notes.recounted else win.par
        if not win.own:
            notes = win.notes
            return replace(self, solved=self.solved + 1, par=par, ladder=_ladder_sum(self.ladder, notes.ladder),
                           solver=self.solver + int(notes.solver or win.by_solver), marks=self.marks + int(notes.marks))
        over = max(0, win.moves - win.par) if win.par is not None else None   # never below: the file refuses it
        if win.notes.recounted:   # counted another way on the way: no claim on how near the optimum it came
            over = None
        return replace(self, solved=self.solved + 1, own=self.own + 1, optimal=self.optimal + int(win.optimal),
                       best_over=_least(self.best_over, over), best_moves=_least(self.best_moves, win.moves),
                       best_time=_least(self.best_time, round(min(win.seconds, MAX_SECONDS), 1)), par=par)

    def merged(self, other: Record) -> Record:
        """This row and ``other``, of the same games kept under two names of one puzzle, as one row."""
        return replace(self.helped(other), solved=self.solved + other.solved, own=self.own + other.own,
                       optimal=self.optimal + other.optimal, best_over=_least(self.best_over, other.best_over),
                       best_moves=_least(self.best_moves, other.best_moves),
                       best_time=_least(self.best_time, other.best_time),
                       par=self.par if self.par is not None else other.par)

    def helped(self, other: Record) -> Record:
        """This record with the help counted in ``other`` added (a puzzle's rows added up)."""
        return replace(self, ladder=_ladder_sum(self.ladder, other.ladder), solver=self.solver + other.solver,
                       marks=self.marks + other.marks)


def _ladder_sum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Two ladders' counts added, each kept within what the file reads back (a saved game's notes are untrusted)."""
    n = [min(MAX_COUNT, x + y) for x, y in zip(a, b)]
    return n[0], n[1], n[2], n[3]


def _least(a: Number | None, b: Number | None) -> Number | None:
    return b if a is None else a if b is None else min(a, b)


def badge_of(total: Record) -> Badge:
    """What a puzzle's records added over its rows (:meth:`Records.total`) earn on its card."""
    if total.optimal:
        return Badge.OPTIMAL
    if total.own:
        return Badge.SOLVED
    return Badge.ASSISTED if total.solved else Badge.NONE


class Badge(Enum):
    """What a menu card says of the player's solves of a puzzle."""

    NONE = "none"
    ASSISTED = "assisted"    # solved, but only with help
    SOLVED = "solved"        # solved by the player
    OPTIMAL = "optimal"      # solved by the player in the fewest moves possible


def win_words(win: Win, counted: str = "") -> str:
    """What the game says of a win: the player's own optimum, an own solve against the optimum, or
    the help it had (``counted``: how moves are counted, in words, where the puzzle offers a choice)."""
    n, notes = win.moves, win.notes
    if win.by_solver:
        text = ngettext("Solved by the solver, in {n:,} move.", "Solved by the solver, in {n:,} moves.", n)
    elif notes.solver:
        text = ngettext("Solved with the solver's help, in {n:,} move.",
                        "Solved with the solver's help, in {n:,} moves.", n)
    elif notes.hints and any(notes.ladder):
        # Translators: {moves} is "1 move" or "12 moves"; {steps} the hint steps used ("the piece hint twice")
        text = _("Solved in {moves}, with hints: {steps}.")
    elif notes.hints:   # a game kept before the ladder: its hints counted only
        # Translators: {moves} is "1 move" or "12 moves"
        text = ngettext("Solved with {hints:,} hint, in {moves}.", "Solved with {hints:,} hints, in {moves}.",
                        notes.hints)
    elif notes.marks:
        text = ngettext("Solved with move marks on, in {n:,} move.", "Solved with move marks on, in {n:,} moves.", n)
    elif notes.recounted:
        text = ngettext("Solved in {n:,} move, recounted when the count changed: no optimum is claimed.",
                        "Solved in {n:,} moves, recounted when the count changed: no optimum is claimed.", n)
    elif win.par is None:
        text = ngettext("Solved in {n:,} move.", "Solved in {n:,} moves.", n)
    elif win.optimal and counted:
        # Translators: {count} is how moves are counted: "cell", "line" or "path"
        text = ngettext("Solved in {n:,} move. That is optimal, moves counted by {count}!",
                        "Solved in {n:,} moves. That is optimal, moves counted by {count}!", n)
    elif win.optimal:
        text = ngettext("Solved in {n:,} move. That is optimal!", "Solved in {n:,} moves. That is optimal!", n)
    elif counted:
        # Translators: {count} is how moves are counted: "cell", "line" or "path"
        text = ngettext("Solved in {n:,} move; the fewest possible is {par}, moves counted by {count}.",
                        "Solved in {n:,} moves; the fewest possible is {par}, moves counted by {count}.", n)
    else:
        text = ngettext("Solved in {n:,} move; the fewest possible is {par}.",
                        "Solved in {n:,} moves; the fewest possible is {par}.", n)
    moves = moves_text(n)
    return text.format(n=n, moves=moves, hints=notes.hints, par=win.par, count=counted,
                       steps=steps_words(notes.ladder))


def help_words(record: Record) -> str:
    """What help a record's assisted games had, in short: "With help: the piece hint twice, the solver in
    1 game" ('' where none is known: no help, or records older than the help they keep)."""
    parts = steps_used(record.ladder)
    if record.solver:
        # Translators: in the records, help a puzzle's games had: the solver played moves in {n} games
        parts.append(ngettext("the solver in {n:,} game", "the solver in {n:,} games", record.solver)
                     .format(n=record.solver))
    if record.marks:
        # Translators: in the records, help a puzzle's games had: move marks were on in {n} games
        parts.append(ngettext("move marks in {n:,} game", "move marks in {n:,} games", record.marks)
                     .format(n=record.marks))
    # Translators: in the records, under a puzzle: the help its games had ("the piece hint twice, ...")
    return _("With help: {help}").format(help=_(", ").join(parts)) if parts else ""


def name_of(win: Win) -> str:
    """The name a win is recorded under: the puzzle's, with any character no file can hold (a puzzle
    file's path of bytes that are not UTF-8) written as its escape (``\\udcff``), so the records can
    always be written."""
    name = win.puzzle
    return name if writable(name) else "".join(ch if writable(ch) else shown(ch) for ch in name)


def key_of(win: Win) -> str:
    """Where a win is recorded: the start, else the distance it began at (or 'deal' if not known)."""
    if win.from_start:
        return START
    return str(win.par) if win.par is not None else UNKNOWN


def key_label(key: str) -> str:
    """A key in words, for the records screen."""
    if key == START:
        return _("From the start")
    if key == UNKNOWN:
        return _("Other positions")
    n = int(key)
    # Translators: games dealt this many moves from the goal
    return ngettext("Dealt {n:,} move out", "Dealt {n:,} moves out", n).format(n=n)


def key_order(key: str) -> tuple[int, int]:
    return (0, 0) if key == START else (2, 0) if key == UNKNOWN else (1, int(key))


@dataclass(frozen=True)
class Records:
    """Every puzzle's records: puzzle name -> key (START, a distance, UNKNOWN) -> Record."""

    puzzles: Mapping[str, Mapping[str, Record]] = field(default_factory=dict)
    days: Mapping[str, Day] = field(default_factory=dict)   # the daily puzzles solved, by date (ISO)
    unknown: Unknown = ()   # a newer version's top-level keys, written back as they were

    def add(self, win: Win) -> Records:
        key, name = key_of(win), name_of(win)
        mine = dict(self.puzzles.get(name, {}))
        mine[key] = mine.get(key, Record()).add(win)
        days = self.days
        if win.daily and win.par is not None and not (win.notes.solver or win.by_solver):   # the player's solve
            days = with_day(days, win.daily, Day(name, win.moves, win.par, win.notes.hints))
        return Records({**self.puzzles, name: mine}, days, self.unknown)

    def renamed(self, names: Mapping[str, str]) -> Records:
        """These records with each puzzle once called otherwise (``names``: former name -> name) under its name,
        its rows joined to any the name has already."""
        if not any(name in names for name in self.puzzles) and not any(d.puzzle in names for d in self.days.values()):
            return self
        puzzles: dict[str, dict[str, Record]] = {}
        for name, keys in sorted(self.puzzles.items(), key=lambda item: item[0] in names):   # the current first
            mine = puzzles.setdefault(names.get(name, name), {})
            for key, record in keys.items():
                mine[key] = mine[key].merged(record) if key in mine else record
        days = {date: replace(day, puzzle=names.get(day.puzzle, day.puzzle)) for date, day in self.days.items()}
        return Records(puzzles, days, self.unknown)

    def unwritable(self) -> tuple[str, ...]:
        """Names no file can hold (JSON can spell a lone surrogate): kept, they would stop every write."""
        return tuple(name for name in self.puzzles if not writable(name))

    def without(self, names: tuple[str, ...]) -> Records:
        return Records({name: keys for name, keys in self.puzzles.items() if name not in names}, self.days,
                       self.unknown)

    def of(self, name: str) -> Mapping[str, Record]:
        return self.puzzles.get(name, {})

    def total(self, name: str) -> Record:
        """A puzzle's records added over its keys (bests: the best of any; par only where all rows share
        it). Added in one pass: the records screen adds up every puzzle of a long file."""
        solved = own = optimal = solver = marks = 0
        over: int | None = None
        moves: int | None = None
        seconds: float | None = None
        ladder = NO_LADDER
        pars = set()
        for r in self.of(name).values():
            solved, own, optimal = solved + r.solved, own + r.own, optimal + r.optimal
            over, moves = _least(over, r.best_over), _least(moves, r.best_moves)
            seconds = _least(seconds, r.best_time)
            if r.ladder != NO_LADDER:
                ladder = _ladder_sum(ladder, r.ladder)
            solver, marks = solver + r.solver, marks + r.marks
            pars.add(r.par)
        return Record(solved, own, optimal, over, moves, seconds, pars.pop() if len(pars) == 1 else None, ladder,
                      solver, marks)

    def badge(self, name: str) -> Badge:
        return badge_of(self.total(name))

    # -- as JSON ----------------------------------------------------------------------------------

    def to_json(self) -> str:
        data = {**restored(self.unknown), "format": FORMAT,
                "puzzles": {name: {key: _compact(r) for key, r in sorted(keys.items())}
                            for name, keys in sorted(self.puzzles.items())}}
        if self.days:
            data["daily"] = days_to_json(self.days)
        return dumps(data)

    @classmethod
    def from_json(cls, text: str) -> Records:
        """Records from their JSON (after a byte-order mark, if any); ValueError with one sentence if
        anything in it is wrong."""
        try:
            data = json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_unique)
        except _Twice as twice:
            # Translators: about the records file: a key written twice in it
            raise ValueError(_("it gives '{key}' twice").format(key=shown(str(twice)))) from None
        except (ValueError, RecursionError):
            raise ValueError(_("it is not JSON")) from None
        if (not isinstance(data, dict) or type(data.get("format")) is not int or data["format"] != FORMAT
                or not isinstance(data.get("puzzles"), dict)):
            raise ValueError(_("it is not a records file of format {format}").format(format=FORMAT))
        puzzles: dict[str, dict[str, Record]] = {}
        for name, keys in data["puzzles"].items():
            if not (0 < len(name) <= MAX_NAME) or not isinstance(keys, dict):
                raise ValueError(_("the records of '{name}' are not a table").format(name=shown(name)))
            puzzles[name] = {_key(name, key): _record(name, key, value) for key, value in keys.items()}
        unknown = _unknown(data, TOP_KEYS, lambda: _("the records file"))
        return cls(puzzles, days_from_json(data.get("daily", {})), unknown)


class _Twice(Exception):
    """A key given twice in one JSON object: which of the two is meant cannot be known."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Twice(key)
        out[key] = value
    return out


def _compact(record: Record) -> dict[str, Any]:
    """A record's fields for its file: no help where there was none, so the records of a player who never
    took help stay as older versions of the game wrote (and read) them; and the fields this version does not
    know, as they were."""
    fields = {f: getattr(record, f) for f in FIELDS}
    return {**restored(record.unknown),
            **{k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()
               if v is not None and not (k in HELP and v == HELP[k])}}


HELP = {"ladder": NO_LADDER, "solver": 0, "marks": 0}   # the help fields and their values for no help
FIELDS = tuple(f for f in Record.__dataclass_fields__ if f != "unknown")   # a row's fields in its file
KNOWN = frozenset(FIELDS)
TOP_KEYS = ("format", "puzzles", "daily")   # the records file's own keys


def _unknown(data: dict[str, Any], known: Collection[str], where: Callable[[], str]) -> Unknown:
    """The keys of ``data`` this version does not know, kept; ValueError with one sentence if one of them
    nests too deep to be any version's field."""
    try:
        return kept(data, known)
    except ValueError as deep:
        # Translators: {where} is "the records file" or "the records of 'eight' (start)"; {key} a key in it
        raise ValueError(_("{where} gives '{key}' nested too deep to keep").format(
            where=where(), key=shown(str(deep)))) from None


def _key(name: str, key: str) -> str:
    if key in (START, UNKNOWN) or (key.isascii() and key.isdigit() and len(key) <= 6):
        return key
    raise ValueError(_("the records of '{name}' have a row '{key}' I do not know").format(name=shown(name),
                                                                                          key=shown(key)))


def _record(name: str, key: str, value: Any) -> Record:
    where = {"name": shown(name), "key": shown(key)}
    if not isinstance(value, dict):
        raise ValueError(_("the records of '{name}' ({key}) are not a record").format(**where))
    unknown = _unknown(value, KNOWN, lambda: _("the records of '{name}' ({key})").format(**where))
    counts = {f: value.get(f, 0) for f in ("solved", "own", "optimal")}
    for f, n in counts.items():
        if not _whole(n):
            raise ValueError(_not_a_count(where, f, n))
    if not counts["optimal"] <= counts["own"] <= counts["solved"]:
        raise ValueError(_("the records of '{name}' ({key}) count more optimal or own solves than solves")
                         .format(**where))
    bests: dict[str, Any] = {}
    for f in ("best_over", "best_moves", "par"):
        n = value.get(f)
        if n is not None and not _whole(n):
            raise ValueError(_not_a_count(where, f, n))
        bests[f] = n
    t = value.get("best_time")
    if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t)
                          or not 0 <= t <= MAX_SECONDS):
        raise ValueError(_("the records of '{name}' ({key}) give '{value}' for the best time, not a number of "
                           "seconds").format(value=shown(str(t)), **where))
    return Record(counts["solved"], counts["own"], counts["optimal"], bests["best_over"], bests["best_moves"],
                  float(t) if t is not None else None, bests["par"],
                  *_help(where, value, counts["solved"] - counts["own"]), unknown)


def _help(where: dict[str, str], value: dict[str, Any], assisted: int) -> tuple[tuple[int, int, int, int], int, int]:
    """The help of a record's assisted games: the ladder's four counts, the games with the solver, with marks."""
    ladder = value.get("ladder", list(NO_LADDER))
    if not isinstance(ladder, list) or len(ladder) != LADDER_STEPS or not all(_whole(n) for n in ladder):
        # Translators: about the records file: the hint ladder's counts of a row are wrong
        raise ValueError(_("the records of '{name}' ({key}) give '{value}' for the hint steps, not four counts")
                         .format(value=shown(str(ladder), 40), **where))
    games = {f: value.get(f, 0) for f in ("solver", "marks")}
    for f, n in games.items():
        if not _whole(n):
            raise ValueError(_not_a_count(where, f, n))
    if max(games.values()) > assisted or (any(ladder) and not assisted):
        raise ValueError(_("the records of '{name}' ({key}) count help in more games than were solved with help")
                         .format(**where))
    return (ladder[0], ladder[1], ladder[2], ladder[3]), games["solver"], games["marks"]


def _not_a_count(where: dict[str, str], field: str, value: Any) -> str:
    # Translators: {field} is a key of the records file ("solved", "best_moves"), left in English
    return _("the records of '{name}' ({key}) give '{value}' for {field}, not a count").format(
        value=shown(str(value)), field=field, **where)


def _whole(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_COUNT
