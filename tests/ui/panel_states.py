"""The panel's states, produced through real sessions: idle, solving, paused, building tables,
dead end, solved, searching, dealing, hint shown. A table build is a status handed to the
model (the model is a pure function of it); a search that stays under way is a stand-in
task that runs until it is cancelled."""
from __future__ import annotations

import contextlib
import random
import time
from dataclasses import dataclass
from typing import Iterator

from solvers.problem import Cancelled
from solvers.search import bidirectional_bfs

from game.catalog import registry as catalog
from game.oracles import tasks
from game.common.background import Service, Where
from game.oracles.base import Line, OracleStatus, Phase
from game.midend.panel import PanelModel, panel_model
from game.midend.session import Session
from game.keeping.settings import Settings
from game.midend.searches import Purpose
from game.oracles.progress import BoundWatch
from tests.helpers import random_walk

STATES = ("idle", "idle-cursor", "solving", "paused", "building", "building-and-solving", "building-exact",
          "dead end", "solved", "searching", "searching-while-building", "dealing", "hint", "hint-count", "hint-piece", "hint-move", "blocks", "blocks-solving",
          "blocks-building", "asking", "searching-elsewhere", "waiting", "loading", "failed", "hidden",
          "fifteen-idle", "blocks-hint", "blocks-solved", "frogs", "frogs-hint", "frogs-solving", "frogs-paused",
          "frogs-solved", "robots", "robots-hint", "robots-dead-end", "robots-solving", "robots-paused", "robots-solved",
          "sokoban", "sokoban-hint", "sokoban-solving", "sokoban-paused", "sokoban-solved",
          "sokoban-pushes",
          "pegs", "pegs-jump", "pegs-hint", "pegs-dead-end", "pegs-solving", "pegs-paused",
          "pegs-solved", "idle-no-marks", "warehouse", "warehouse-no-marks", "warehouse-hint", "warehouse-solving",
          "warehouse-solved", "reve", "reve-no-marks", "reve-hint", "reve-solving", "reve-paused", "reve-solved")
# the states of one game, whose panels must lay out alike (every control in the same place)
GAMES = {"eight": ("idle", "idle-no-marks", "solving", "paused", "solved", "hint", "hint-count", "hint-piece", "hint-move", "failed",
                   "hidden"),
         "fifteen": ("building", "building-and-solving", "searching", "searching-while-building", "dealing", "asking",
                     "searching-elsewhere", "fifteen-idle"),
         "goat": ("building-exact", "waiting", "loading"),
         "blocks": ("blocks", "blocks-solving", "blocks-building", "blocks-hint", "blocks-solved"),
         "frogs": ("frogs", "frogs-hint", "dead end", "frogs-solving", "frogs-paused", "frogs-solved"),
         "robots": ("robots", "robots-hint", "robots-dead-end", "robots-solving", "robots-paused", "robots-solved"),
         "sokoban": ("sokoban", "sokoban-hint", "sokoban-solving", "sokoban-paused", "sokoban-solved",
                     "sokoban-pushes"),
         # peg solitaire, K's other count among them: switching the count moves no control either
         "pegs": ("pegs", "pegs-jump", "pegs-hint", "pegs-dead-end", "pegs-solving", "pegs-paused", "pegs-solved"),
         # move marks on and off (O), and the solver's playing to a win: the buttons and the legend's place stay
         "warehouse": ("warehouse", "warehouse-no-marks", "warehouse-hint", "warehouse-solving", "warehouse-solved"),
         "reve": ("reve", "reve-no-marks", "reve-hint", "reve-solving", "reve-paused", "reve-solved")}
ROBOTS = "lunar-lockout-08"     # one way to count: no count row
PEGS = "pegs-triangle-a1"
REVE = "reve-almost-home"


@dataclass
class PanelState:
    name: str
    session: Session
    status: OracleStatus
    settings: Settings

    def model(self) -> PanelModel:
        return panel_model(self.session, self.status, self.settings, self.settings.deal_distance)


def _held(report, name, position, earlier=()):
    """A search that is still under way when the panel is looked at, saying how far it got as the
    15-puzzle's search says it (its longest words: the bound, the nodes and the estimate)."""
    watch = BoundWatch()
    for bound, nodes, seconds in ((50, 1_000, 0.01), (52, 9_000, 0.05), (54, 80_000, 0.3), (56, 700_000, 1.2)):
        watch.seen(bound, nodes, seconds)
    report.progress(None, watch.words(56, 2_345_678, 2.5))
    while not report.cancelled():
        time.sleep(0.002)
    raise Cancelled


def _near_goal_line(name: str, moves: int) -> tuple[bytes, Line]:
    """A position ``moves`` moves from the goal and its shortest line."""
    puzzle = catalog.puzzle(name)
    rng = random.Random(5)
    while True:
        start = random_walk(puzzle, puzzle.goal_states[0], moves, rng)
        path = bidirectional_bfs(puzzle, start)
        if len(path.moves) == moves:
            break
    return start, Line(tuple(path.moves), tuple(path.states), path.nodes, 0.0, "test")


def _wait_for_words(s: Session) -> None:
    """Until the search held under way has said how far it got."""
    for _ in range(500):
        s.update(0.0)
        if s.job is not None and "shorter than" in s.job.text:
            return
        time.sleep(0.01)
    raise AssertionError("the search said nothing")


@contextlib.contextmanager
def panel_states() -> Iterator[list[PanelState]]:
    inline = Service(Where.INLINE)
    threads: list[Service] = []   # one per search held under way: a new search on a service cancels its last
    real_answer = tasks.answer
    tasks.answer = _held
    sessions: list[Session] = []
    try:
        states = [_state(name, inline, threads, sessions) for name in STATES]
        yield states
    finally:
        for session in sessions:
            session.cancel_search()
        tasks.answer = real_answer
        for service in (inline, *threads):
            service.shutdown()


def _state(name: str, inline: Service, threads: list[Service], sessions: list[Session]) -> PanelState:
    settings = Settings(move_marks=not name.endswith("-no-marks"), deal_distance=24)

    def game(puzzle: str, position: str | None = None, service: Service = inline) -> Session:
        spec = catalog.get(puzzle)
        spec.oracle.prepare()
        s = Session(spec, spec.puzzle.parse(position) if position else None, service=service, rng=random.Random(1))
        sessions.append(s)
        return s

    building = OracleStatus(Phase.BUILDING, 0.37)
    if name in ("idle", "idle-no-marks"):
        s = game("eight", "8 6 7/2 5 4/3 . 1")
    elif name == "idle-cursor":
        s = game("knights")
    elif name in ("solving", "paused"):
        s = game("eight", "8 6 7/2 5 4/3 . 1")
        s.start_solve()
        if name == "paused":
            s.autosolve.toggle_pause()
    elif name in ("building", "building-and-solving"):
        start, line = _near_goal_line("fifteen", 6)
        s = Session(catalog.get("fifteen"), start, service=inline)
        sessions.append(s)
        if name == "building-and-solving":
            s.memory.remember(line)
            s.start_solve()
        return PanelState(name, s, building, Settings(move_marks=True, deal_distance=40))
    elif name == "building-exact":
        return PanelState(name, game("goat"), OracleStatus(Phase.BUILDING, 0.5), settings)
    elif name == "dead end":
        s = game("frogs-line-3", "B B . B W W W")
        dead = next(m for m, v in s.oracle.verdicts(s.position) if v.value == "dead end")
        s.play(dead)
        s.request_hint()
    elif name in ("frogs", "frogs-hint", "frogs-solving", "frogs-paused"):
        s = game("frogs-line-3")
        if name == "frogs-hint":
            s.request_hint()
        elif name != "frogs":
            s.start_solve()
            if name == "frogs-paused":
                s.autosolve.toggle_pause()
    elif name == "frogs-solved":
        s = game("frogs-line-3")
        for move in s.oracle.solve(s.position).moves:
            s.play(move)
    elif name.startswith("robots"):
        s = game(ROBOTS)
        if name == "robots-hint":
            s.request_hint()
        elif name == "robots-dead-end":
            s.play(next(m for m, v in s.oracle.verdicts(s.position) if v.value == "dead end"))
            s.request_hint()
        elif name == "robots-solved":
            for move in s.oracle.solve(s.position).moves:
                s.play(move)
        elif name != "robots":
            s.start_solve()
            if name == "robots-paused":
                s.autosolve.toggle_pause()
    elif name == "solved":
        s = game("eight", "1 2 3/4 5 6/7 . 8")
        s.play(s.legal_moves()[[s.puzzle.is_goal(s.puzzle.play(s.position, m)) for m in s.legal_moves()].index(True)])
    elif name in ("searching", "searching-while-building"):
        threads.append(Service(Where.THREAD))
        s = Session(catalog.get("fifteen"), catalog.puzzle("fifteen").start, service=threads[-1])
        sessions.append(s)
        s.request_hint()
        return PanelState(name, s, building if name.endswith("building") else s.oracle.status(), settings)
    elif name in ("asking", "searching-elsewhere", "fifteen-idle"):
        threads.append(Service(Where.THREAD))
        s = Session(catalog.get("fifteen"), catalog.puzzle("fifteen").start, service=threads[-1])
        sessions.append(s)
        if name != "fifteen-idle":
            s.request_hint()
            _wait_for_words(s)
            s.play(s.legal_moves()[0])
            if name == "searching-elsewhere":
                s.keep_searching()
        return PanelState(name, s, s.oracle.status(), settings)
    elif name == "waiting":
        s = game("goat")
        s.answers._waiting = ("Hint", Purpose.HINT, s.position)
        return PanelState(name, s, OracleStatus(Phase.BUILDING, 0.5), settings)
    elif name == "loading":
        return PanelState(name, game("goat"), OracleStatus(Phase.LOADING), settings)
    elif name == "failed":
        return PanelState(name, game("eight"), OracleStatus(Phase.FAILED, 0.0, "The table could not be prepared."),
                          settings)
    elif name == "hidden":
        s = game("eight")
        return PanelState(name, s, s.oracle.status(), Settings(move_marks=True, hide_answer=True, deal_distance=24))
    elif name == "blocks-hint":
        s = game("klotski")
        s.request_hint()
    elif name == "blocks-solved":
        s = game("klotski")
        for move in s.oracle.solve(s.position).moves:
            s.play(move)
    elif name == "dealing":
        threads.append(Service(Where.THREAD))
        s = Session(catalog.get("fifteen"), None, service=threads[-1])
        sessions.append(s)
        s.deals.at_distance(40)
    elif name.startswith("hint"):   # each step of the hint ladder: the band, the count, the piece, the move
        s = game("eight", "1 2 3/4 . 6/7 5 8")
        for _ in range(("hint", "hint-count", "hint-piece", "hint-move").index(name) + 1):
            s.request_hint()
    elif name == "blocks":          # the row saying how moves are counted
        s = game("klotski")
    elif name == "blocks-solving":
        s = game("klotski@line")
        s.start_solve()
    elif name == "blocks-building":
        return PanelState(name, game("century@cell"), building, settings)
    elif name.startswith("sokoban"):   # the hardest warehouse (the solved one: the first, played through)
        s = game("warehouse-1" if name == "sokoban-solved" else
                 "warehouse-24@pushes" if name == "sokoban-pushes" else "warehouse-24")
        if name in ("sokoban-hint", "sokoban-pushes"):
            s.request_hint()
        elif name in ("sokoban-solving", "sokoban-paused"):
            s.start_solve()
            if name == "sokoban-paused":
                s.autosolve.toggle_pause()
        elif name == "sokoban-solved":
            for move in s.oracle.solve(s.position).moves:
                s.play(move)
    elif name.startswith("pegs"):
        s = _pegs_state(name, game)
    elif name.startswith(("warehouse", "reve")):
        s = _played_state(name, game("warehouse-1" if name.startswith("warehouse") else REVE))
    else:
        raise ValueError(name)
    return PanelState(name, s, s.oracle.status(), settings)


def _pegs_state(name: str, game) -> Session:
    """Peg solitaire's states: its own count or the other, a hint, a dead end, the solve, a win."""
    s = game(PEGS if name != "pegs-jump" else f"{PEGS}@jump")
    if name == "pegs-hint":
        s.request_hint()
    elif name == "pegs-dead-end":   # the line to the goal followed until a jump off it leads nowhere
        for move in s.oracle.solve(s.position).moves:
            dead = next((m for m, v in s.oracle.verdicts(s.position) if v.value == "dead end"), None)
            if dead is not None:
                s.play(dead)
                break
            s.play(move)
        s.request_hint()
    elif name in ("pegs-solving", "pegs-paused"):
        s.start_solve()
        if name == "pegs-paused":
            s.autosolve.toggle_pause()
    elif name == "pegs-solved":
        for move in s.oracle.solve(s.position).moves:
            s.play(move)
    return s


def _played_state(name: str, s: Session) -> Session:
    """A game at rest (marks on or off), at a hint, solving or paused, or won by the solver."""
    if name.endswith("-hint"):
        s.request_hint()
    elif name.endswith(("-solving", "-paused")):
        s.start_solve()
        if name.endswith("-paused"):
            s.autosolve.toggle_pause()
    elif name.endswith("-solved"):
        s.start_solve()
        while s.playback is not None:
            s.update(1.0)
    return s
