"""The player's records against the optimum: per puzzle, and per distance for games that began
elsewhere than the puzzle's start (a deal, a paste, a position from the editor).

A record counts games solved, those solved without help (no hint, no solver, no move marks),
those among them in the fewest moves possible, and keeps the best of the player's own solves:
moves over the optimum, moves, time. A game with help counts as solved and assisted, never as
the player's optimum. Pure data, no pygame and no files: :mod:`game.journal` reads and writes
the JSON, which is untrusted like every file (a wrong one is one sentence, never a traceback).
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from typing import Any, Mapping

from game.session import Win
from game.untrusted import shown
from game.words import n_moves, plural

FORMAT = 1
START = "start"            # the key of games from the puzzle's own start
UNKNOWN = "deal"           # games from elsewhere whose optimum was not known when solved
MAX_NAME = 400             # characters of a puzzle name (a puzzle file's path)
MAX_COUNT = 10 ** 9
MAX_SECONDS = 10_000_000.0


@dataclass(frozen=True)
class Record:
    solved: int = 0                 # games solved, with or without help
    own: int = 0                    # ... without hint, solver or marks
    optimal: int = 0                # ... of those, in the fewest moves possible
    best_over: int | None = None    # the player's own solve closest to the optimum: moves over it
    best_moves: int | None = None   # the player's own solve in the fewest moves
    best_time: float | None = None  # the player's fastest own solve, in seconds

    @property
    def assisted(self) -> int:
        return self.solved - self.own

    def add(self, win: Win) -> Record:
        if not win.own:
            return replace(self, solved=self.solved + 1)
        over = max(0, win.moves - win.par) if win.par is not None else None   # never below: the file refuses it
        return Record(self.solved + 1, self.own + 1, self.optimal + int(win.optimal),
                      _least(self.best_over, over), _least(self.best_moves, win.moves),
                      _least(self.best_time, round(min(win.seconds, MAX_SECONDS), 1)))


def _least(a, b):
    return b if a is None else a if b is None else min(a, b)


class Badge(Enum):
    """What a menu card says of the player's solves of a puzzle."""

    NONE = "none"
    ASSISTED = "assisted"    # solved, but only with help
    SOLVED = "solved"        # solved by the player
    OPTIMAL = "optimal"      # solved by the player in the fewest moves possible


def win_words(win: Win, counted: str = "") -> str:
    """What the game says of a win: the player's own optimum, an own solve against the optimum, or
    the help it had (``counted``: how moves are counted, where there is a choice)."""
    by = f", moves counted by {counted}" if counted else ""
    moves = n_moves(win.moves)
    notes = win.notes
    if win.by_solver:
        return f"Solved by the solver, in {moves}."
    if notes.solver:
        return f"Solved with the solver's help, in {moves}."
    if notes.hints:
        return f"Solved with {plural(notes.hints, 'hint')}, in {moves}."
    if notes.marks:
        return f"Solved with move marks on, in {moves}."
    if win.par is None:
        return f"Solved in {moves}."
    if win.optimal:
        return f"Solved in {moves}. That is optimal{by}!"
    return f"Solved in {moves}; the fewest possible is {win.par}{by}."


def key_of(win: Win) -> str:
    """Where a win is recorded: the start, else the distance it began at (or 'deal' if not known)."""
    if win.from_start:
        return START
    return str(win.par) if win.par is not None else UNKNOWN


def key_label(key: str) -> str:
    """A key in words, for the records screen."""
    if key == START:
        return "From the start"
    if key == UNKNOWN:
        return "Other positions"
    return f"Dealt {n_moves(int(key))} out"


def key_order(key: str) -> tuple[int, int]:
    return (0, 0) if key == START else (2, 0) if key == UNKNOWN else (1, int(key))


@dataclass(frozen=True)
class Records:
    """Every puzzle's records: puzzle name -> key (START, a distance, UNKNOWN) -> Record."""

    puzzles: Mapping[str, Mapping[str, Record]] = field(default_factory=dict)

    def add(self, win: Win) -> Records:
        key = key_of(win)
        mine = dict(self.puzzles.get(win.puzzle, {}))
        mine[key] = mine.get(key, Record()).add(win)
        return Records({**self.puzzles, win.puzzle: mine})

    def of(self, name: str) -> Mapping[str, Record]:
        return self.puzzles.get(name, {})

    def total(self, name: str) -> Record:
        """A puzzle's records added over its keys (bests: the best of any)."""
        total = Record()
        for r in self.of(name).values():
            total = Record(total.solved + r.solved, total.own + r.own, total.optimal + r.optimal,
                           _least(total.best_over, r.best_over), _least(total.best_moves, r.best_moves),
                           _least(total.best_time, r.best_time))
        return total

    def badge(self, name: str) -> Badge:
        total = self.total(name)
        if total.optimal:
            return Badge.OPTIMAL
        if total.own:
            return Badge.SOLVED
        return Badge.ASSISTED if total.solved else Badge.NONE

    # -- as JSON ----------------------------------------------------------------------------------

    def to_json(self) -> str:
        data = {"format": FORMAT,
                "puzzles": {name: {key: _compact(asdict(r)) for key, r in sorted(keys.items())}
                            for name, keys in sorted(self.puzzles.items())}}
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Records:
        """Records from their JSON; ValueError with one sentence if anything in it is wrong."""
        try:
            data = json.loads(text, object_pairs_hook=_unique)
        except _Twice as twice:
            raise ValueError(f"it gives '{shown(str(twice))}' twice") from None
        except (ValueError, RecursionError):
            raise ValueError("it is not JSON") from None
        if (not isinstance(data, dict) or type(data.get("format")) is not int or data["format"] != FORMAT
                or not isinstance(data.get("puzzles"), dict)):
            raise ValueError(f"it is not a records file of format {FORMAT}")
        puzzles: dict[str, dict[str, Record]] = {}
        for name, keys in data["puzzles"].items():
            if not (0 < len(name) <= MAX_NAME) or not isinstance(keys, dict):
                raise ValueError(f"the records of '{shown(name)}' are not a table")
            puzzles[name] = {_key(name, key): _record(name, key, value) for key, value in keys.items()}
        return cls(puzzles)


class _Twice(Exception):
    """A key given twice in one JSON object: which of the two is meant cannot be known."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Twice(key)
        out[key] = value
    return out


def _compact(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if v is not None}


def _key(name: str, key: str) -> str:
    if key in (START, UNKNOWN) or (key.isascii() and key.isdigit() and len(key) <= 6):
        return key
    raise ValueError(f"the records of '{shown(name)}' have a row '{shown(key)}' I do not know")


def _record(name: str, key: str, value: Any) -> Record:
    where = f"the records of '{shown(name)}' ({shown(key)})"
    if not isinstance(value, dict) or set(value) - {f for f in Record.__dataclass_fields__}:
        raise ValueError(f"{where} are not a record")
    counts = {f: value.get(f, 0) for f in ("solved", "own", "optimal")}
    for f, n in counts.items():
        if not _whole(n):
            raise ValueError(f"{where} give '{shown(str(n))}' for {f}, not a count")
    if not counts["optimal"] <= counts["own"] <= counts["solved"]:
        raise ValueError(f"{where} count more optimal or own solves than solves")
    bests: dict[str, Any] = {}
    for f in ("best_over", "best_moves"):
        n = value.get(f)
        if n is not None and not _whole(n):
            raise ValueError(f"{where} give '{shown(str(n))}' for {f}, not a count")
        bests[f] = n
    t = value.get("best_time")
    if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t)
                          or not 0 <= t <= MAX_SECONDS):
        raise ValueError(f"{where} give '{shown(str(t))}' for the best time, not a number of seconds")
    return Record(counts["solved"], counts["own"], counts["optimal"], bests["best_over"], bests["best_moves"],
                  float(t) if t is not None else None)


def _whole(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_COUNT
