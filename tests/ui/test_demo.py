"""Demo mode: it cycles by itself, a key hands the puzzle over, a minute idle brings it back."""
import pygame

from game.ui.scenes.demo import DemoScene
from game.ui.scenes.play import PlayScene
from tests.ui.helpers import key


def run(app, seconds, dt=1 / 20):
    for i in range(int(seconds / dt)):
        app.tick(dt, draw=(i % 10 == 0))


def test_demo_cycles_hands_over_and_returns(app):
    app.demo_mode = True
    app.start_demo()
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
