"""The board's input lets go where the player would expect, through real key and mouse events: Esc after
a keyboard move lets go of the cursor's frame before it leaves; the solver's playing, a win, an undo and a
restart leave no cursor behind; and on robots, an arrow right after a click sends the robot clicked."""
from __future__ import annotations

import pygame
import pytest

from game.ui.play.scene import PlayScene
from game.ui.scenes.menu import MenuScene
from tests.ui.helpers import centre, click, frames, key, open_puzzle

ARROWS = {(0, 1): pygame.K_RIGHT, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT, (-1, 0): pygame.K_UP}


def shows_cursor(s: PlayScene) -> bool:
    hl = s.highlights()
    return bool(hl.show_cursor) or bool(hl.cursor_cells) or bool(hl.selected)


def keyboard_move_on_pegs(app) -> PlayScene:
    """The peg triangle, a jump made with the keys: Enter on a peg that can jump (its target chosen with
    Tab and Enter where it has several)."""
    s = open_puzzle(app, "pegs-triangle-a1")
    assert isinstance(s, PlayScene)
    key(app, pygame.K_TAB)                       # the cursor on the first peg that can move
    key(app, pygame.K_RETURN)
    if s.session.moves == 0:                     # several jumps: choose one
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
    assert s.session.moves == 1
    return s


def test_esc_after_a_keyboard_move_lets_go_of_the_cursor_before_it_leaves(app):
    s = keyboard_move_on_pegs(app)
    assert shows_cursor(s)                       # the frame stands where the keys left it
    key(app, pygame.K_ESCAPE)
    assert app.scene is s and not shows_cursor(s) and s.session.moves == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_esc_lets_go_of_a_lifted_disc_then_of_the_cursor_then_leaves(app):
    s = open_puzzle(app, "hanoi-3")
    key(app, pygame.K_UP)                        # the top disc of the first peg, lifted
    assert s.board_input.selected is not None
    key(app, pygame.K_ESCAPE)
    assert app.scene is s and s.board_input.selected is None and shows_cursor(s)
    key(app, pygame.K_ESCAPE)
    assert app.scene is s and not shows_cursor(s)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("name", ["ricochet-3", "hanoi-4"])
def test_no_cursor_survives_the_solver_and_the_win(app, name):
    s = open_puzzle(app, name)
    key(app, pygame.K_TAB)
    assert shows_cursor(s)
    key(app, pygame.K_s)
    for _ in range(2000):
        if s.session.solved:
            break
        frames(app, 10, 0.1)
    frames(app, 30)
    assert s.session.solved and s.session.playback is None
    assert not shows_cursor(s) and s.board_input.selected is None


def test_no_cursor_survives_undo_or_restart(app):
    s = keyboard_move_on_pegs(app)
    assert shows_cursor(s)
    key(app, pygame.K_u)
    assert s.session.moves == 0 and not shows_cursor(s)
    s = keyboard_move_on_pegs(app)
    key(app, pygame.K_r)
    assert s.session.moves == 0 and not shows_cursor(s)


def test_an_arrow_after_a_click_on_a_robot_sends_that_robot_at_once(app):
    s = open_puzzle(app, "lunar-lockout-03")   # a robot with two ways from the start
    puzzle, start = s.puzzle, s.session.position
    by_robot: dict[int, list] = {}
    for move in puzzle.legal_moves(start):
        by_robot.setdefault(move.src, []).append(move)
    src = next(r for r, moves in sorted(by_robot.items()) if len(moves) > 1)   # a click shows its ways
    click(app, centre(s, src))
    assert s.board_input.selected == src and s.session.moves == 0
    step, move = next((step, m) for step in ARROWS if (m := s.board_input.way(src, *step)) is not None)
    key(app, ARROWS[step])                       # the first press sends it: none is wasted picking it again
    assert s.session.moves == 1 and s.session.position == puzzle.play(start, move)
    assert s.board_input.picked == move.dst      # and it stays picked where it stopped, as with the keys
