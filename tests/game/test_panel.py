"""The panel model: a pure function of the session and the oracle's status, with no pygame."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import climb_to_move
from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.midend.intent import Intent
from game.oracles.base import OracleStatus, Phase
from game.midend.panel import BoxKind, clock, panel_model
from game.midend.sayings import Tone
from game.common.words import n_moves
from game.midend.session import Session
from game.keeping.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def game(name: str, position: str | None = None) -> Session:
    spec = catalog.get(name)
    if spec.oracle.exact:   # a complete table: quick to build; the 15-puzzle's tables are not needed here
        spec.oracle.prepare()
    return Session(spec, spec.puzzle.parse(position) if position else None, service=Service(Where.INLINE))


def model(session: Session, status: OracleStatus | None = None, settings: Settings | None = None, deal: int = 20):
    return panel_model(session, status or session.oracle.status(), settings or Settings(), deal)


def buttons(m) -> dict[str, object]:
    return {b.name: b for b in m.all_buttons()}


def test_the_model_needs_no_pygame():
    code = "import sys, game.midend.panel; assert 'pygame' not in sys.modules, sorted(sys.modules)"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_idle_figures_buttons_and_tools():
    s = game("eight", "1 2 3/4 . 6/7 5 8")
    m = model(s)
    assert [(f.label, f.value, f.tone) for f in m.figures] == [
        ("Moves", "0", Tone.TEXT), ("Fewest to goal", "2", Tone.HINT), ("Time", "0:00", Tone.TEXT)]
    assert m.status.kind is BoxKind.IDLE and m.status.lines[0].text == "Live count, exact"
    assert m.shelf_title == s.spec.shelf.title.upper()
    b = buttons(m)
    assert not b["undo"].enabled and not b["redo"].enabled and b["hint"].enabled and b["hint"].primary
    assert b["new"].label == "Shuffle" and b["menu"].intent is Intent.BACK
    assert [x.name for x in m.buttons] == ["hint", "solve", "undo", "redo", "restart", "new"]
    assert [t.name for t in m.tools] == ["analysis", "edit", "help", "settings"] and "slide" in m.help
    assert b["settings"].intent is Intent.SETTINGS and b["settings"].key == "F2"
    # the legend's place is the puzzle's (it can show marks), drawn there only with marks on and the answer shown
    marked, hidden = model(s, settings=Settings(move_marks=True)), model(s, settings=Settings(move_marks=True,
                                                                                               hide_answer=True))
    assert m.legend and marked.legend and hidden.legend and m.frame_key() == marked.frame_key() == hidden.frame_key()
    assert not m.marks and marked.marks and not hidden.marks
    knights = model(game("knights"))
    assert "cursor" in knights.help and knights.count is None
    klotski = model(game("klotski"))
    assert klotski.count is not None and klotski.count.intent is Intent.COUNT


def test_solving_paused_and_the_solve_button():
    s = game("eight", "1 2 3/4 . 6/7 5 8")
    s.start_solve()
    m = model(s)
    assert m.status.kind is BoxKind.SOLVING and m.status.lines[0].text == "Solving: 2 moves left"
    assert [b.name for b in m.status.buttons] == ["step", "stop", "slower", "faster"]
    assert buttons(m)["solve"].label == "Pause"
    s.autosolve.toggle_pause()
    m = model(s)
    assert m.status.kind is BoxKind.PAUSED and buttons(m)["solve"].label == "Resume" and buttons(m)["solve"].active
    assert m.status.lines[0].text == "Paused: 2 moves left"
    s.step()
    assert model(s).status.lines[0].text == "Paused: 1 move left"


def test_table_building_loading_and_failing():
    s = game("fifteen")
    building = model(s, OracleStatus(Phase.BUILDING, 0.25)).status
    assert building.bar == 0.25 and "25%" in building.lines[0].text and building.bar_tone is Tone.ACCENT
    failed = model(s, OracleStatus(Phase.FAILED, 0.0, "The tables could not be built.")).status
    assert failed.lines[0].text == "No table: answers are searched" and failed.bar is None
    assert model(s, OracleStatus(Phase.IDLE)).status.lines[0].text == "Fewest to goal: ask"
    exact = game("goat")
    assert model(exact, OracleStatus(Phase.BUILDING, 0.5)).status.bar_tone is Tone.HINT
    assert model(exact).status.lines[0].text.startswith("Live count")


def test_dead_end_hint_and_solved():
    s = game("frogs-line-2", "B . B W W")
    s.play(next(m for m in s.legal_moves() if s.puzzle.format(s.puzzle.play(s.position, m)) == ". B B W W"))
    m = model(s)
    assert m.figures[1].value == "dead end" and m.status.kind is BoxKind.DEAD_END
    s.request_hint()
    m = model(s)
    assert m.status.lines[1].text == "Undo 1 move to win again." and [b.name for b in m.status.buttons] == ["winnable"]
    hinted = game("eight", "1 2 3/4 . 6/7 5 8")
    hinted.request_hint()
    box = model(hinted).status
    assert box.kind is BoxKind.HINT and [(b.name, b.intent) for b in box.buttons] == [("play-hint", Intent.HINT)]
    assert [b.label for b in box.buttons] == ["More"] and box.lines[0].text == "Hint: how far the goal is"
    climb_to_move(hinted)
    assert [b.label for b in model(hinted).status.buttons] == ["Play it"]
    hinted.request_hint()   # again: plays it
    climb_to_move(hinted)
    hinted.request_hint()
    m = model(hinted)
    assert hinted.solved and m.status.kind is BoxKind.SOLVED and m.figures[1].value == "solved"
    assert not buttons(m)["hint"].enabled and buttons(m)["undo"].enabled
    assert m.status.lines[0].text == "Solved with help"   # the hints were help: no "Solved!" for it
    own = game("eight", "1 2 3/4 5 6/7 . 8")
    own.play(next(m for m in own.legal_moves() if own.puzzle.is_goal(own.puzzle.play(own.position, m))))
    assert model(own).status.lines[0].text == "Solved!"


def test_deal_row_clamps_to_what_a_deal_can_reach():
    s = game("frogs-line-2")
    top = s.deals.limit()
    m = model(s, deal=top + 10)
    assert m.deal.deal.label == f"Deal {n_moves(top)} out" and not m.deal.up.enabled and m.deal.down.enabled
    low = model(s, deal=1)
    assert low.deal.deal.label == "Deal 1 move out" and not low.deal.down.enabled


def test_the_model_changes_only_when_what_it_shows_changes():
    s = game("knights")
    first = model(s)
    assert model(s) == first
    s.play(s.legal_moves()[0])
    s.update(0.4)
    second = model(s)
    assert second != first and second.figures[0].value == "1"
    s.update(0.3)
    assert model(s) == second            # the clock still shows 0:00
    s.update(0.5)
    assert model(s).figures[2].value == "0:01"


@pytest.mark.parametrize("seconds,text", [(0, "0:00"), (65.9, "1:05"), (3700, "1:01:40")])
def test_clock(seconds, text):
    assert clock(seconds) == text
