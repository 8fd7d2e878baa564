"""Demo mode: it cycles by itself, a key hands the puzzle over, a minute idle brings it back."""
import random

import pygame

from game.catalog import registry as catalog
from game.catalog.demo import Offer, Playlist
from game.oracles.base import Oracle

from game.ui.scenes.demo import DemoScene, solve_speed
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
    first = demo.shown
    run(app, 30)
    assert demo.shown != first or demo.phase in ("solve", "done")
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


def test_the_title_the_goal_and_the_caption_are_one_announcement(app, monkeypatch):
    """Every frame the demo draws shows the title and the goal of the puzzle its caption speaks of: when
    the next puzzle comes, all three change in the same frame, and the goal is its one sentence under the
    title."""
    drawn: list[tuple[str, str, str]] = []   # (title, goal, caption) of each frame drawn
    real_draw = DemoScene.draw

    def draw(self, surface):
        real_draw(self, surface)
        drawn.append((" ".join(self.title_lines), " ".join(self.goal_lines), self.play.footer.caption or ""))

    monkeypatch.setattr(DemoScene, "draw", draw)
    short = [Offer(name, catalog.get(name).family.key, 5) for name in ("lunar-lockout-03", "pairs", "hanoi-3")]
    app.nav._playlist = Playlist(short, random.Random(2))   # short solutions: three puzzles in a minute
    app.demo_mode = True
    app.nav.start_demo()
    demo = app.scene
    shown = [demo.play.spec]
    for _ in range(3000):
        app.tick(1 / 10, draw=True)
        if demo.play.spec is not shown[-1]:
            shown.append(demo.play.spec)
            if len(shown) == 3:
                break
    app.tick(1 / 10, draw=True)
    assert len(shown) == 3, "the demo stayed on one puzzle"
    titles = {spec.shown_title(): spec for spec in shown}
    assert len(titles) == 3
    for (title, goal, caption), before in zip(drawn[1:], drawn):
        assert goal == titles[title].goal_sentence() and goal.startswith("Goal:")
        if title != before[0]:                                  # the next puzzle: its caption in the same frame
            assert caption != before[2] and title in caption, (before, (title, goal, caption))
        others = [t for t in titles if t not in title and t in caption]
        assert not others, f"{title} drawn under a caption about {others}: {caption}"


def test_short_solutions_play_slowly_enough_to_follow_and_long_ones_faster():
    assert solve_speed(5) == solve_speed(20) == 1.0
    assert solve_speed(80) == 4.0
    assert solve_speed(255) == 8.0


def test_the_demo_keeps_its_playlist_when_a_visitor_has_played(app):
    """Coming back after a visitor, the demo goes on with the same playlist: what it showed before still
    counts towards the hour."""
    app.demo_mode = True
    app.nav.start_demo()
    before = app.scene.playlist
    named = app.scene.ahead.spec.name                # named next, never shown: given back when the visitor comes
    shown = {name: at for name, at in before.shown_at.items() if name != named}
    key(app, pygame.K_a, settle=2)
    app.nav.open_puzzle("goat")                      # the visitor plays on: Goat's table loads in the window
    run(app, 2)
    assert catalog.get("goat").oracle.ready()
    app.nav.start_demo()
    assert app.scene.playlist is before and shown.items() <= before.shown_at.items() and shown
    built = {spec.name for spec in catalog.specs() if spec.built()}
    # nothing the visitor's games built stays: the puzzle on the stage, and the next one made ready
    assert built == {app.scene.play.spec.name, app.scene.ahead.spec.name}


def test_the_window_loads_no_table_for_the_demo_but_does_for_the_visitor(app, monkeypatch):
    """The demo's answers come from its worker, which loads the tables; the window loads them only once a
    visitor takes the game (hints, marks and deals at once)."""
    prepared = []
    real = Oracle.start_preparing

    def start_preparing(self, service):
        prepared.append(self)
        real(self, service)

    monkeypatch.setattr(Oracle, "start_preparing", start_preparing)
    app.demo_mode = True
    app.nav.start_demo()
    run(app, 3)
    assert prepared == []
    key(app, pygame.K_a, settle=2)
    assert isinstance(app.scene, PlayScene) and prepared == [app.scene.oracle]
