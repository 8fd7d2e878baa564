"""The demo makes its next puzzle ready while the current one plays: the frame of a change of puzzle neither
builds the next puzzle's rules nor draws its board (a large Traffic puzzle's took up to 0.5 s and 0.8 s in
that one frame on the shared machine; ``bench soak`` reports the worst frame)."""
from __future__ import annotations

import random
import threading

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog.demo import Offer, Playlist
from game.catalog.spec import PuzzleSpec
from game.families.blocks.ui.view import BlocksView
from game.ui.scenes.demo import SEARCH_TIMEOUT, DemoScene, stage

FIRST, LARGE = "hanoi-3", "traffic-pack-40"   # a quick puzzle, then a large blocks board in wood


def start(app) -> DemoScene:
    offers = [Offer(name, catalog.get(name).family.key, 5) for name in (FIRST, LARGE)]
    app.nav._playlist = Playlist(offers, random.Random(3))
    app.demo_mode = True
    app.nav.start_demo(FIRST)
    assert isinstance(app.scene, DemoScene) and app.scene.play.spec.name == FIRST
    return app.scene


def refuse(monkeypatch, what: str) -> None:
    """Building rules or drawing a blocks board from now on raises: the change must find them done."""
    def refused(*args, **kwargs):
        raise AssertionError(f"{what} in the frame of the change")
    monkeypatch.setattr(PuzzleSpec, "puzzle", property(lambda spec: spec.__dict__["puzzle"] if "puzzle" in spec.__dict__
                                                        else refused()))
    monkeypatch.setattr(BlocksView, "make_board", refused)
    monkeypatch.setattr(BlocksView, "make_sprite", refused)


def change(app, demo: DemoScene) -> None:
    for _ in range(50):
        app.tick(1 / 20)
        if demo.ahead is not None and demo.ahead.ready():
            break
    assert demo.ahead is not None and demo.ahead.ready()


def test_the_next_puzzle_is_built_and_drawn_before_its_change(app, monkeypatch):
    """Before, nothing of the next puzzle existed until its change: that frame built its rules and drew its
    board and pieces."""
    catalog.get(LARGE).release()
    demo = start(app)
    change(app, demo)
    assert catalog.get(LARGE).built()
    refuse(monkeypatch, "built or drawn")
    demo.next_puzzle()
    app.tick(1 / 20, draw=True)
    assert demo.play.spec.name == LARGE
    assert demo.play.view._board_surface is not None


def test_the_next_board_is_drawn_in_the_light_lanes_thread(tmp_path, monkeypatch):
    """In the window (a service with threads or processes), the rules and the drawing of the next puzzle run
    in the background service's light lane, not in the thread that draws the frames."""
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))
    from game.common.background import Where
    from game.ui.app import App
    where: list[str] = []
    drawn = BlocksView.make_board

    def make_board(view):
        where.append(threading.current_thread().name)
        return drawn(view)

    monkeypatch.setattr(BlocksView, "make_board", make_board)
    catalog.get(LARGE).release()
    app = App(size=(1280, 800), where=Where.THREAD, headless=True, seed=7)
    try:
        demo = start(app)
        for _ in range(400):
            app.tick(1 / 20)
            if demo.ahead is not None and demo.ahead.ready():
                break
        assert demo.ahead is not None and demo.ahead.ready() and demo.ahead.drawn() is not None
        assert where == ["fewest-moves-light"]
        demo.next_puzzle()
        assert demo.play.view._board_surface is not None and where == ["fewest-moves-light"]
    finally:
        app.close()


def test_a_visitor_taking_over_lets_the_next_puzzle_go(app):
    """What was made ready for a puzzle the demo will not show goes with the demo (nothing kept per puzzle)."""
    catalog.get(LARGE).release()
    demo = start(app)
    change(app, demo)
    assert catalog.get(LARGE).built()
    demo.hand_over()
    assert not catalog.get(LARGE).built() and demo.ahead is None


def test_the_drawing_made_ahead_is_the_one_the_change_would_make(app):
    """The view laid out ahead stands where the stage puts the board, so the change takes its drawing, whose
    pixels are those the change would have drawn itself."""
    catalog.get(LARGE).release()
    demo = start(app)
    change(app, demo)
    ahead = demo.ahead.drawn()
    assert ahead is not None
    demo.next_puzzle()
    view = demo.play.view
    assert view._board_surface is ahead._board_surface
    fresh = BlocksView(view.spec)
    fresh.theme, fresh.coordinates = view.theme, False
    fresh.layout(stage(demo.theme, view.spec, app.size).board)
    assert (fresh.rect, fresh.pitch) == (view.rect, view.pitch)
    assert pygame.image.tobytes(fresh.board_surface(), "RGBA") == pygame.image.tobytes(view.board_surface(), "RGBA")


def test_a_view_said_to_draw_without_text_draws_its_board_and_pieces_without_fonts(app, monkeypatch):
    """Only a view that draws with shapes alone is drawn in another thread (SDL's fonts belong to the window's
    thread): each family's view that says so draws its board and pieces ahead with every font refused."""
    from game.catalog.demo import offers
    from game.ui import theme as T
    from game.ui.views import view_for

    def refused(*args, **kwargs):
        raise AssertionError("text drawn ahead")

    firsts = {}
    for offer in offers():
        firsts.setdefault(offer.family, offer.name)
    views = [view_for(catalog.get(name)) for name in firsts.values()]
    said = [view for view in views if view.draws_without_text]
    assert {type(view).__name__ for view in said} >= {"BlocksView", "FrogsView", "PegsView", "SokobanView"}
    for owner, name in ((T.Theme, "text"), (T.Theme, "fit"), (T, "load_font"), (pygame.font, "Font")):
        monkeypatch.setattr(owner, name, refused)
    for view in said:
        view.theme, view.coordinates = app.theme, False
        view.layout(pygame.Rect(28, 180, 1224, 520))
        view.draw_ahead(view.puzzle.start)
        assert view._board_surface is not None, type(view).__name__


def test_a_board_with_text_is_drawn_ahead_in_the_windows_thread_a_surface_a_frame(app, monkeypatch):
    """The Tower of Hanoi's discs carry numbers (text: the window's thread only): its board and discs are drawn
    ahead one surface a frame, and the change's frame draws none of them."""
    from game.families.hanoi.ui.view import HanoiView
    offers = [Offer(name, catalog.get(name).family.key, 5) for name in ("frogs-line-1", "reve-8")]
    app.nav._playlist = Playlist(offers, random.Random(3))
    app.demo_mode = True
    app.nav.start_demo("frogs-line-1")
    demo = app.scene
    drawn: list[str] = []
    board, sprite = HanoiView.make_board, HanoiView.make_sprite

    def counted_board(view):
        drawn.append("board")
        return board(view)

    def counted_sprite(view, *args):
        drawn.append("sprite")
        return sprite(view, *args)

    monkeypatch.setattr(HanoiView, "make_board", counted_board)
    monkeypatch.setattr(HanoiView, "make_sprite", counted_sprite)
    most = 0
    for _ in range(100):
        before = len(drawn)
        app.tick(1 / 20)
        most = max(most, len(drawn) - before)
        if demo.ahead.ready():
            break
    assert demo.ahead.ready() and demo.ahead.drawn() is not None
    assert drawn.count("board") == 1 and drawn.count("sprite") >= 8 and most == 1
    refuse(monkeypatch, "built or drawn")
    monkeypatch.setattr(HanoiView, "make_board", lambda view: refuse_now())
    monkeypatch.setattr(HanoiView, "make_sprite", lambda view, *args: refuse_now())
    demo.next_puzzle()
    app.tick(1 / 20, draw=True)
    assert demo.play.spec.name == "reve-8"


def refuse_now():
    raise AssertionError("drawn in the frame of the change")


def no_answer(demo: DemoScene, monkeypatch, how: str) -> None:
    """The puzzle on the stage gets no length to show: its search runs out of time, or its start is a dead end."""
    from game.midend.helping import Hint
    session = demo.play.session
    monkeypatch.setattr(type(session), "known_distance", lambda self: None)
    if how == "dead end":
        monkeypatch.setattr(type(session), "job", property(lambda self: None, lambda self, job: None), raising=False)
        session.hint_info = Hint(None, None, True, None)


@pytest.mark.parametrize("how", ["timeout", "dead end"])
def test_a_puzzle_without_an_answer_changes_when_the_next_is_ready_as_a_solved_one_does(app, monkeypatch, how):
    """A puzzle whose search timed out or found a dead end once went at once, whether or not the next was
    ready: that frame built and drew it (163 ms in the soak). It now waits on the next puzzle, as a win does."""
    from game.ui.scenes.demo_ahead import Ahead
    demo = start(app)
    ready = {"now": False}
    monkeypatch.setattr(Ahead, "ready", lambda self: ready["now"])
    no_answer(demo, monkeypatch, how)
    seconds = SEARCH_TIMEOUT + 2 if how == "timeout" else 2   # then less than AHEAD_WAIT on the stage
    for _ in range(round(seconds * 10)):   # a frame is at most a tenth of a second of the demo's clock
        app.tick(1 / 10, draw=False)
    assert demo.play.spec.name == FIRST and demo.phase == "over"
    ready["now"] = True
    app.tick(1 / 10)
    assert demo.play.spec.name == LARGE and demo.phase == "search"


def test_a_visitor_taking_over_gives_the_puzzle_named_next_back_to_the_playlist(app):
    """The puzzle named next was noted as shown when named: a visitor taking over before it came on kept it off
    the stage for an hour without its being shown."""
    demo = start(app)
    playlist = demo.playlist
    named = demo.ahead.spec.name
    assert named == LARGE and named in playlist.shown_at
    demo.hand_over()
    assert named not in playlist.shown_at
    assert playlist.next(app.elapsed + 1).name == LARGE   # free again: the only one not shown within the hour
