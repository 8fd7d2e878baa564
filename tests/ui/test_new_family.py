"""A puzzle family that exists only in this file (rules, spec, a minimal view), played through
every layer: the command line, the session, the play screen with real events, the menu.

The proof that the code above the rules asks a puzzle's spec what it is: nothing outside this
file knows about rings.
"""
from __future__ import annotations

import json

import pygame
import pytest

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.cli import main
from game.catalog.dealers import ClassicStart
from game.oracles.table import TableOracle
from game.rules.puzzle import Board, Puzzle, Symbols
from game.midend.session import Session
from game.catalog.spec import Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.families.frogs.kinds import JUMP, SLIDE
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene
from game.ui.views import register_view
from game.ui.views.base import BoardView
from solvers.ranking import MultisetRanker
from solvers.rules import EMPTY, Rule, RuleSet
from solvers.search import bfs

from tests.ui.helpers import click, frames, key

RED, GREEN = 1, 2


def make_ring() -> Puzzle:
    """Six cells round a ring; a token slides to a neighbouring empty cell or jumps one token."""
    n = 6
    tokens, free = frozenset({RED, GREEN}), frozenset({EMPTY})
    rules = []
    for a in range(n):
        for way in (1, -1):
            b, c = (a + way) % n, (a + 2 * way) % n
            rules.append(Rule((a, b), (tokens, free), (1, 0), a, b, "slide"))
            rules.append(Rule((a, b, c), (tokens, tokens, free), (2, 1, 0), a, c, "jump"))
    start = bytes([RED, RED, EMPTY, GREEN, GREEN, EMPTY])
    return Puzzle(name="ring", title="Ring of six", move_rule="A move takes a token to the next empty cell round "
                  "the ring, or jumps it over one token.", board=Board.rectangle(n, 1),
                  symbols=Symbols({EMPTY: ".", RED: "R", GREEN: "G"}), rules=RuleSet(rules, n), start=start,
                  goal_states=(bytes([GREEN, GREEN, EMPTY, RED, RED, EMPTY]),), reversible=True,
                  ranker=MultisetRanker([2, 2, 2]), goal_text="the colours swapped", kinds=(SLIDE, JUMP))


class RingView(BoardView):
    """The least a view must do: a board and a sprite per piece."""

    def make_board(self) -> pygame.Surface:
        surface, _, _ = self.slab((60, 70, 90))
        return surface

    def make_sprite(self, code: int, pitch: int, variant: object) -> pygame.Surface | None:
        if code == EMPTY:
            return None
        sprite = pygame.Surface((pitch, pitch), pygame.SRCALPHA)
        pygame.draw.circle(sprite, (220, 60, 60) if code == RED else (60, 200, 90), (pitch // 2, pitch // 2),
                           pitch // 3)
        return sprite


RINGS = Shelf("rings", "Rings", (200, 120, 200))


@pytest.fixture
def ring():
    spec = catalog.register(PuzzleSpec(
        "ring", RINGS, Recipe("ring", make_ring, TableOracle), ClassicStart(), InputMode.CURSOR,
        Presentation("ring-test-view", "Ring", "Swap the colours round the ring.", {RED: "red token",
                                                                                   GREEN: "green token"}, "token"),
        Figures()))
    register_view("ring-test-view", RingView)
    yield spec
    catalog.unregister("ring")


def optimum(spec: PuzzleSpec) -> int:
    path = bfs(spec.puzzle, spec.puzzle.start)
    assert path is not None
    return len(path)


def test_the_command_line_knows_it(ring, capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "Rings" in out and "Ring of six" in out and "90 positions" in out
    assert main(["solve", "ring", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["length"] == optimum(ring) and data["positions"][-1] == "G G . R R ."
    assert main(["analyze", "ring", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["positions"] == 90 and sum(data["by_distance"]) == 90
    assert main(["solve", "ring", "--from", "R R . G G G"]) == 2   # one sentence, as for every puzzle
    assert "1 empty cell, but" in capsys.readouterr().err   # the count with its own plural


def test_the_session_hints_and_solves_it(ring):
    session = Session(ring, service=Service(Where.INLINE))
    session.request_hint()
    assert session.hint_info is not None and session.hint_info.distance == optimum(ring)
    session.start_solve()
    for _ in range(100):
        session.update(1.0)
    assert session.solved and session.moves == optimum(ring)


def test_the_menu_shows_it_and_the_play_screen_plays_it(ring, app):
    menu = MenuScene(app)
    app.replace(menu)
    card = next(c for c in menu.flat if c.name == "ring")
    assert any(shelf.title == "Rings" for shelf in menu.shelves)
    click(app, card.rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.spec is ring
    click(app, scene.view.cell_center(1))   # this token can slide or jump back round the ring: it is selected
    assert scene.board_input.selected == 1 and scene.board_input.targets_of(1) == {2, 5}
    click(app, scene.view.cell_center(2))   # ... and the click on a target moves it
    assert scene.session.position == bytes([RED, EMPTY, RED, GREEN, GREEN, EMPTY])
    key(app, pygame.K_u)
    assert scene.session.position == ring.puzzle.start
    key(app, pygame.K_h)
    assert scene.session.hint_info is not None and scene.session.hint_info.distance == optimum(ring)
    key(app, pygame.K_s, settle=1)
    frames(app, 60 * 12)
    assert scene.session.solved and scene.session.moves == optimum(ring)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
