"""A loop that rests: a still screen is not drawn again; anything that moves is drawn every frame."""
import pygame

from tests.ui.helpers import FRAME, frames, key, open_puzzle


def draws(app, ticks, dt=FRAME):
    before = app.frames_drawn
    frames(app, ticks, dt)
    return app.frames_drawn - before


def test_a_still_play_screen_is_not_drawn_again(app):
    open_puzzle(app, "knights")
    frames(app, 3)
    assert draws(app, 300) == 0
    assert app.resting()


def test_a_still_menu_is_not_drawn_again(app):
    assert draws(app, 1) == 1 and app.scene.pictures_owed   # its first frame: no card's picture yet
    for _ in range(300):   # the pictures in view, a few a frame
        if not app.scene.pictures_owed:
            break
        assert draws(app, 1) == 1
    assert not app.scene.pictures_owed
    assert draws(app, 300) == 0


def test_a_move_is_drawn_every_frame_then_the_screen_rests(app):
    s = open_puzzle(app, "eight", "1 2 3/4 . 6/7 5 8")
    frames(app, 3)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="", scancode=0))
    assert draws(app, 1) == 1 and s.effects.anim is not None
    while s.effects.anim is not None:
        assert draws(app, 1) == 1
    frames(app, 2)
    assert draws(app, 30) <= 1     # the play clock has started: at most its next second


def test_the_running_clock_redraws_once_a_second(app):
    s = open_puzzle(app, "eight", "1 2 3/4 . 6/7 5 8")
    key(app, pygame.K_LEFT, settle=30)     # a move starts the clock; its animation is over after 30 frames
    assert s.session.moves == 1 and s.effects.anim is None
    assert 2 <= draws(app, 180) <= 4       # three seconds of a running clock


def test_pulsing_hint_and_a_running_solve_draw_every_frame(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/. 7 8")
    key(app, pygame.K_h, settle=2)
    assert s.session.hint_info is not None
    assert draws(app, 30) == 30
    key(app, pygame.K_m, settle=2)     # reduced motion: the hint stops pulsing
    assert draws(app, 30) == 0
    key(app, pygame.K_m, settle=2)
    key(app, pygame.K_s, settle=1)
    assert s.session.playback is not None
    assert draws(app, 10) == 10


def test_hover_redraws_only_when_the_button_under_the_mouse_changes(app):
    s = open_puzzle(app, "knights")
    frames(app, 3)
    undo = s.button_rect("restart")

    def move(pos):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        return draws(app, 2)

    assert move(undo.center) == 1
    assert move((undo.centerx + 2, undo.centery)) == 0
    assert move((5, 5)) == 1
