"""Sokoban on the play screen, by mouse and keyboard: a click walks the keeper the shortest free way
(step by step under moves, seen walking; one move under pushes, joined to the push that follows), a
click beyond a box or a drag pushes it, arrows step and push; hints and the solve play optimal lines,
and the marks show a push into a deadlock as a dead end."""
from __future__ import annotations

import pygame
import pytest

from game.catalog import registry as catalog
from game.families.sokoban.ui.view_input import WalkInput
from game.families.sokoban.level import KEEPER
from game.oracles.base import Build, Verdict
from game.ui.play.scene import PlayScene
from tests.families.sokoban.levels import PUSHES, STEPS, spec
from tests.families.sokoban.plain import Plain
from tests.ui.helpers import click, drag, frames, key


@pytest.fixture
def level():
    """The test levels on the shelves while a test runs (each under both counts)."""
    made = []

    def shelve(name: str, count=STEPS):
        s = spec(name, count)
        catalog.register(s, shelved=False)
        made.append(s.name)
        return s
    yield shelve
    for name in made:
        catalog.unregister(name)


def play(app, s, position: str | None = None) -> PlayScene:
    app.nav.open_puzzle(s.name, s.puzzle.parse(position) if position else None)
    frames(app, 2)
    scene = app.scene
    assert isinstance(scene, PlayScene) and isinstance(scene.board_input, WalkInput)
    return scene


def cell(s, r: int, c: int) -> int:
    at = s.puzzle.board.at(r, c)
    assert at is not None
    return at


def test_a_click_walks_the_keeper_there_step_by_step_under_moves(app, level):
    s = level("yard")
    scene = play(app, s)
    far = cell(s, 1, 5)   # the keeper stands at row 1, column 3: two cells right, round the target
    click(app, scene.view.cell_center(far), settle=1)
    assert scene.board_input.busy and scene.effects.anim is not None   # walking, one step at a time
    frames(app, 60)
    assert scene.session.position.index(KEEPER) == far and scene.session.moves == 2
    assert not scene.board_input.busy
    key(app, pygame.K_u)
    assert scene.session.moves == 1   # each step a move: undo takes back one


def test_a_click_on_a_box_shows_its_pushes_and_a_click_beyond_it_pushes(app, level):
    s = level("yard")
    scene = play(app, s)
    box, left, right = cell(s, 2, 2), cell(s, 2, 1), cell(s, 2, 3)
    click(app, scene.view.cell_center(box))   # it can go left or right: both light up
    assert scene.board_input.selected == box and scene.highlights().targets == {left, right}
    click(app, scene.view.cell_center(left))  # the keeper walks round behind it, then pushes
    frames(app, 90)
    assert scene.session.position[left] == 2 and scene.session.position.index(KEEPER) == box
    assert scene.session.moves == 2           # one step down, then the push
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    click(app, scene.view.cell_center(right))   # the cell between the boxes: a walk there
    frames(app, 30)
    click(app, scene.view.cell_center(left))    # beyond the box beside the keeper: a push
    frames(app, 30)
    assert scene.session.position[left] == 2 and scene.session.moves == 2


def test_under_pushes_a_walk_and_its_push_are_one_move(app, level):
    s = level("yard", PUSHES)
    scene = play(app, s)
    click(app, scene.view.cell_center(cell(s, 2, 3)))   # walk down between the boxes: a move begins
    frames(app, 30)
    assert scene.session.moves == 1 and scene.session.position.index(KEEPER) == cell(s, 2, 3)
    key(app, pygame.K_LEFT)   # push the left box left: the same move
    frames(app, 30)
    assert scene.session.moves == 1 and scene.session.position[cell(s, 2, 1)] == 2
    key(app, pygame.K_u)
    assert scene.session.moves == 0 and scene.session.position == s.puzzle.start


def test_arrows_step_and_push_and_refuse_a_wall(app, level):
    s = level("corridor")
    scene = play(app, s)
    key(app, pygame.K_LEFT)
    assert scene.session.moves == 0 and scene.effects.nope is not None
    for _ in range(3):
        key(app, pygame.K_RIGHT)
        frames(app, 20)
    assert scene.session.solved and scene.session.moves == 3


def test_a_dragged_box_is_pushed_as_far_as_it_was_dragged(app, level):
    s = level("corridor", PUSHES)
    scene = play(app, s)
    box = cell(s, 1, 3)
    start = scene.view.cell_center(box)
    drag(app, start, (start[0] + 2 * scene.view.pitch, start[1]))
    frames(app, 60)
    assert scene.session.solved and scene.session.moves == 2


@pytest.mark.parametrize("count", [STEPS, PUSHES], ids=lambda c: c.key)
def test_hint_and_solve_play_an_optimal_line(app, level, count):
    s = level("detour", count)
    plain = Plain(s.puzzle.level.rows)
    optimum = plain.fewest_moves() if count is STEPS else plain.best()[0]
    scene = play(app, s)
    key(app, pygame.K_h)
    assert scene.session.hint_info is not None and scene.session.hint_info.distance == optimum
    key(app, pygame.K_s, settle=1)
    frames(app, 60 * 20)
    assert scene.session.solved and scene.session.moves == optimum


def test_marks_show_a_push_into_a_corner_as_a_dead_end(app, level):
    s = level("yard")
    assert s.oracle.prepare(Build.ALWAYS)
    scene = play(app, s, "# # # # # # #/# - - - . - #/# - $ @ $ - #/# # # - . - #/# # # # # # #")
    key(app, pygame.K_o)
    marks = {mark.move.dst: mark.verdict for mark in scene.highlights().marks}
    assert marks[cell(s, 2, 1)] is Verdict.DEAD_END      # the left box into the left wall's corner...
    assert any(v is Verdict.CLOSER for v in marks.values())


def test_under_pushes_a_hint_played_after_a_walk_is_still_one_move(app, level):
    s = level("yard", PUSHES)
    scene = play(app, s)
    click(app, scene.view.cell_center(cell(s, 1, 1)))   # a walk alone: the move has begun
    frames(app, 30)
    assert scene.session.moves == 1
    for _ in range(5):     # up the ladder to the push, then it is played: the walk joins it
        key(app, pygame.K_h)
    frames(app, 30)
    assert scene.session.moves == 1 and scene.session.known_distance() == 3
