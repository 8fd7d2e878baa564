"""Peg solitaire in the window: a peg dragged over its neighbour, a peg clicked then its hole, the
keyboard's Tab and Enter, a chain of one peg's jumps counted as one move, undo, and the animated
solve that ends at the goal in the optimal number of moves."""
from __future__ import annotations

import pygame

from game.catalog import registry as catalog
from game.ui.play.scene import PlayScene
from tests.ui.helpers import click, drag, frames, key, open_puzzle

TRIANGLE = "pegs-triangle-a1"    # holes in reading order: e1 is hole 0, d2 and f2 are 1 and 2, c3 e3 g3 are 3, 4, 5


def test_a_peg_dragged_over_its_neighbour_jumps_and_takes_it(app) -> None:
    scene = open_puzzle(app, TRIANGLE)
    assert isinstance(scene, PlayScene)
    drag(app, scene.view.cell_center(3), scene.view.cell_center(0))
    after = scene.session.position
    assert after[0] == 1 and after[1] == 0 and after[3] == 0 and sum(after) == 13 and scene.session.moves == 1
    key(app, pygame.K_u)
    assert scene.session.position == scene.spec.puzzle.start and scene.session.moves == 0


def test_a_click_picks_a_peg_and_a_click_on_its_hole_jumps_it(app) -> None:
    scene = open_puzzle(app, TRIANGLE, ". /o o /o o o /o o o o /o o o o o".replace(" /", "/"))
    click(app, scene.view.cell_center(5))
    assert scene.session.position[0] == 1 and scene.session.position[2] == 0 and scene.session.moves == 1


def test_tab_and_enter_play_a_jump(app) -> None:
    scene = open_puzzle(app, TRIANGLE)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert scene.session.moves == 1 and sum(scene.session.position) == 13


def test_one_pegs_jumps_in_a_row_are_one_move_counted_by_chain(app) -> None:
    spec = catalog.get(TRIANGLE)
    puzzle = spec.puzzle
    line = spec.oracle.solve(puzzle.start)
    at = next(i for i, move in enumerate(line.moves) if move.via)
    chain = line.moves[at]
    scene = open_puzzle(app, TRIANGLE, puzzle.format(line.states[at]))
    holes = puzzle.route(b"", chain)
    for a, t in zip(holes, holes[1:]):
        if scene.board_input.selected != a:
            click(app, scene.view.cell_center(a))
        click(app, scene.view.cell_center(t))
    assert scene.session.position == line.states[at + 1] and scene.session.moves == 1


def test_the_solve_plays_an_optimal_line_to_the_goal(app) -> None:
    scene = open_puzzle(app, TRIANGLE)
    fewest = len(scene.spec.oracle.solve(scene.spec.puzzle.start))
    key(app, pygame.K_s, settle=1)
    frames(app, 60 * 20)
    assert scene.session.solved and scene.session.moves == fewest == 10


def test_a_peg_that_cannot_jump_is_called_a_peg(app) -> None:
    scene = open_puzzle(app, TRIANGLE)
    click(app, scene.view.cell_center(10))                 # a corner peg, with nothing to jump over into
    assert scene.footer.text == "The peg cannot move now." and scene.session.moves == 0
