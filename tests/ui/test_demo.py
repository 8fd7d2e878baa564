"""Demo mode: it cycles by itself, a key hands the puzzle over, a minute idle brings it back."""
import pygame

from game.ui.scenes.demo import DemoScene
from game.ui.play.scene import PlayScene
from tests.ui.helpers import key


def run(app, seconds, dt=1 / 20):
    for i in range(int(seconds / dt)):
        app.tick(dt, draw=(i % 10 == 0))


def test_demo_cycles_hands_over_and_returns(app):
    app.demo_mode = True
    app.nav.start_demo()
    demo = app.scene
    assert isinstance(demo, DemoScene)
    first = demo.index
    run(app, 30)
    assert demo.index != first or demo.phase in ("solve", "done")
    key(app, pygame.K_a, settle=2)                 # any key: the visitor plays
    assert isinstance(app.scene, PlayScene)
    assert app.scene.session.playback is None
    run(app, 61)                                   # a minute idle: back to the demo
    assert isinstance(app.scene, DemoScene)
    assert len(app.scenes) == 1


def test_the_demo_is_a_stage_the_board_large_and_no_panel(app):
    app.demo_mode = True
    app.nav.start_demo()
    demo = app.scene
    run(app, 1)
    play = demo.play
    frame = play.view.frame_rect()
    assert frame.right > play.panel.x or frame.bottom > play.footer_area.y   # drawn where the panel would be
    assert demo.caption_area.height >= 2 * app.theme.size_of("title")
    assert abs(frame.centerx - app.size[0] // 2) <= 2                      # centred on the whole window


def test_a_visitor_who_interrupts_a_finished_solve_gets_a_fresh_game(app):
    app.demo_mode = True
    app.nav.start_demo()
    demo = app.scene
    for _ in range(4000):
        if demo.phase == "done":
            break
        app.tick(1 / 20, draw=False)
    assert demo.phase == "done" and demo.play.session.solved
    played = demo.play
    key(app, pygame.K_SPACE, settle=2)
    assert isinstance(app.scene, PlayScene) and app.scene is played
    assert not played.session.solved and played.session.moves == 0
    assert played.view.frame_rect().right < played.panel.x                  # the play screen's own layout again
