"""Complete tables in the game, through real events: live count, move marks, deal at distance,
the analysis screen and saved settings."""
import json
import random

import pygame
import pytest

from game.catalog import registry as catalog
from game.oracles.base import Build, Verdict
from game.keeping.settings import load_settings, settings_path
from game.ui.scenes.analysis import AnalysisScene
from game.ui.play.scene import PlayScene
from tests.ui.helpers import click, frames, key, open_puzzle

MARKED = ["goat", "eight", "frogs-c", "frogs-line-3", "knights", "pairs-open"]


def _marks(scene):
    return {(m.move.src, m.move.dst, m.verdict) for m in scene.highlights().marks}


def table_for(puzzle):
    oracle = catalog.get(puzzle.name).oracle
    assert oracle.prepare(Build.ALWAYS)
    return oracle.table


def _classified(puzzle, state):
    verdicts = {"closer": Verdict.CLOSER, "farther": Verdict.FARTHER, "same": Verdict.SAME, "dead end": Verdict.DEAD_END}
    table = table_for(puzzle)
    return {(m.src, m.dst, verdicts[v]) for m, v in table.classify(puzzle, state)}


def _random_moves(app, scene, rng, n):
    """Play n moves by clicking the moving piece (single-move pieces move on a click)."""
    for _ in range(n):
        s = scene.session
        moves = [m for m in s.legal_moves() if len(scene.board_input.moves_by_anchor.get(m.src, [])) == 1]
        if not moves or s.solved:
            return
        move = rng.choice(moves)
        click(app, scene.view.cell_center(move.src), settle=15)


@pytest.mark.parametrize("name", MARKED)
def test_move_marks_match_the_table(app, name):
    scene = open_puzzle(app, name)
    key(app, pygame.K_o, settle=2)                       # the overlay toggle
    assert app.settings.move_marks
    rng = random.Random(name)
    seen = set()
    for _ in range(5):
        frames(app, 15)
        state = scene.session.position
        marks = _marks(scene)
        assert marks == _classified(scene.puzzle, state)
        seen |= {v for *_, v in marks}
        _random_moves(app, scene, rng, 2)
    assert seen  # at least one verdict shown
    key(app, pygame.K_o, settle=2)
    assert not app.settings.move_marks and scene.highlights().marks == ()


def test_marks_are_drawn_in_their_colour_and_a_dead_end_is_marked(app):
    puzzle = catalog.puzzle("frogs-line-3")
    scene = open_puzzle(app, "frogs-line-3", "B B . B W W W")   # one move in: both kinds of moves exist
    key(app, pygame.K_o, settle=3)
    verdicts = {m.verdict for m in scene.highlights().marks}
    assert Verdict.DEAD_END in verdicts and Verdict.CLOSER in verdicts
    assert _marks(scene) == _classified(puzzle, scene.session.position)
    for mark in scene.highlights().marks:
        x, y = scene.view.mark_center(mark)
        r = max(7, int(scene.view.pitch * 0.13))
        got = app.screen.get_at((x + int(r * 0.55), y))[:3]
        want = app.theme.palette.mark_colour(mark.verdict)
        assert sum(abs(a - b) for a, b in zip(got, want)) < 60, (mark.verdict, got, want)


def test_fewest_to_goal_is_live_and_exact(app):
    scene = open_puzzle(app, "goat")
    table = table_for(scene.puzzle)
    assert scene.session.known_distance() == 20 == table.distance(scene.session.position)
    rng = random.Random(3)
    for _ in range(6):
        _random_moves(app, scene, rng, 1)
        assert scene.session.known_distance() == table.distance(scene.session.position)
    # a one-way puzzle: stepping into a dead end shows it at once, without a search
    scene = open_puzzle(app, "frogs-line-3", "B B . B W W W")
    dead = next(m for m, v in table_for(scene.puzzle).classify(scene.puzzle, scene.session.position)
                if v == "dead end")
    click(app, scene.view.cell_center(dead.src))
    assert scene.session.known_dead_end() and scene.session.known_distance() is None
    key(app, pygame.K_h)                                  # the hint is a lookup: dead end, go back
    assert scene.session.hint_info.dead_end and scene.session.hint_info.last_winnable == 0


@pytest.mark.parametrize("name,steps", [("goat", 5), ("frogs-c", 10), ("eight", 4), ("knights", -3)])
def test_deal_at_distance_gives_exactly_that_distance(app, name, steps):
    scene = open_puzzle(app, name)
    start = scene.commands.shown_deal_distance(scene.session)
    for _ in range(abs(steps)):
        key(app, pygame.K_RIGHTBRACKET if steps > 0 else pygame.K_LEFTBRACKET, settle=1)
    want = scene.commands.shown_deal_distance(scene.session)
    assert want == start + steps
    table = table_for(scene.puzzle)
    for _ in range(3):
        key(app, pygame.K_d, settle=3)
        s = scene.session
        assert table.distance(s.position) == want == s.known_distance()
        assert s.moves == 0
    if not scene.puzzle.reversible:   # one-way: only positions a player can reach from the start
        reach = scene.oracle.reachable
        assert reach[table.rank(scene.session.position)]
    # clamped to the puzzle's longest optimal solution
    for _ in range(80):
        key(app, pygame.K_RIGHTBRACKET, settle=0)
    frames(app, 2)
    assert scene.commands.shown_deal_distance(scene.session) == scene.oracle.max_distance()
    click(app, scene.button_rect("deal").center)
    assert table.distance(scene.session.position) == scene.oracle.max_distance()


def test_analysis_screen_figures_thumbnails_and_play_this(app):
    key(app, pygame.K_RIGHT, settle=1)                   # select a card with the keyboard
    menu = app.scene
    goat = next(i for i, c in enumerate(menu.flat) if c.name == "goat")
    menu.selected = goat
    key(app, pygame.K_a)
    scene = app.scene
    assert isinstance(scene, AnalysisScene)
    for _ in range(100):
        if scene.result is not None:
            break
        frames(app, 1)
    result = scene.result
    assert result.max_distance == 52 and result.hardest_count == 7 and result.positions == 5_443_200
    assert sum(result.by_distance) == result.solvable
    frames(app, 2)
    assert len(scene.chart.bars) == 53 and scene.chart.plot.h > 100
    assert len(scene.hardest()) == 6
    target = scene.hardest()[2]
    click(app, scene.play_buttons[2].rect.center)
    play = app.scene
    assert isinstance(play, PlayScene) and play.session.position == target
    assert play.session.known_distance() == 52
    key(app, pygame.K_a)                                  # from the game, A opens the analysis again
    assert isinstance(app.scene, AnalysisScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, PlayScene)


def test_analysis_bar_click_plays_that_distance(app):
    app.nav.open_analysis("frogs-c")
    scene = app.scene
    frames(app, 3)
    assert scene.result is not None and scene.result.max_distance == 46 and scene.result.dead_ends > 0
    d, rect = scene.chart.bars[30]
    click(app, (rect.centerx, scene.chart.plot.bottom - 2))
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.session.known_distance() == 30


def test_fifteen_analysis_says_why(app):
    app.nav.open_analysis("fifteen")
    frames(app, 3)
    scene = app.scene
    assert isinstance(scene, AnalysisScene) and not scene.has_table and scene.result is None
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene) and app.scene.puzzle.name == "fifteen"


def test_settings_are_saved_and_a_damaged_file_is_ignored(app):
    open_puzzle(app, "goat")
    key(app, pygame.K_o, settle=1)
    key(app, pygame.K_m, settle=1)
    data = json.loads(settings_path().read_text())
    assert data["move_marks"] is True and data["reduce_motion"] is True
    assert load_settings().move_marks
    key(app, pygame.K_o, settle=1)
    key(app, pygame.K_m, settle=1)
    assert load_settings().move_marks is False
    settings_path().write_text("{not json")
    assert load_settings() == type(load_settings())()
    settings_path().write_text(json.dumps({"move_marks": "yes", "deal_distance": 9999, "reduce_motion": True}))
    got = load_settings()
    assert got.move_marks is False and got.deal_distance == 20 and got.reduce_motion is True
    settings_path().unlink()
