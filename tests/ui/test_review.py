"""The review screen over real games: W opens it after a win (or the solved box's button), it lists
the mistakes, Enter replays from the first one on the board; the 15-puzzle's review fills in from
searches on a background thread and Esc stops them at once; at the smallest and a large window no
text leaves its box and nothing overlaps."""
from __future__ import annotations

import itertools
import threading
import time

import pygame
import pytest

from game.catalog import registry as catalog
from game.oracles import tasks
from game.common.background import Where
from game.oracles.base import Build, Verdict
from game.midend.review import Kind
from game.ui.play.scene import PlayScene
from game.ui.scenes.review import ReviewScene

from .helpers import click, frames, key, open_puzzle

NEAR = "1 2 3/4 . 6/7 5 8"          # two moves from the goal


def texts(scene: ReviewScene) -> str:
    return "\n".join(p.text for p in scene.texts if p.text)


def won_with_a_detour(app) -> PlayScene:
    """The 8-puzzle won with the arrows: the first move goes farther, the second takes it back."""
    s = open_puzzle(app, "eight", NEAR)
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_LEFT):
        key(app, k)
    assert s.session.solved and s.session.moves == 4
    return s


def test_a_win_reviewed_then_replayed_from_the_first_mistake(app):
    s = won_with_a_detour(app)
    assert "W: review" in s.footer.text
    key(app, pygame.K_w)
    review = app.scene
    assert isinstance(review, ReviewScene) and review.review.complete
    assert [(m.number, m.kind, m.before, m.after) for m in review.review.mistakes] == [(1, Kind.FARTHER, 2, 3)]
    shown = texts(review)
    assert "Move 1: tile 4 a2→b2 went farther (2 → 3)" in shown.replace("->", "→")
    assert "Optimal line: the par is 2 moves" in shown and "1. tile 5 b3→b2   2. tile 8 c3→b3" in shown
    assert review.replay_button.enabled and review.replay_button in review.buttons()
    key(app, pygame.K_RETURN)
    assert app.scene is s
    start = s.puzzle.parse(NEAR)
    assert s.session.position == start == s.target and s.session.moves == 0
    assert "Back before move 1" in s.footer.text
    key(app, pygame.K_u, pygame.KMOD_SHIFT)          # redo still works
    assert s.session.position == s.puzzle.parse("1 2 3/. 4 6/7 5 8")


def test_the_solved_box_has_a_review_button_and_esc_closes(app):
    s = won_with_a_detour(app)
    click(app, s.button_rect("review").center)
    assert isinstance(app.scene, ReviewScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is s and s.session.solved


def test_a_perfect_game_and_a_game_in_progress_with_hints(app):
    s = open_puzzle(app, "eight", NEAR)
    key(app, pygame.K_UP)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_w)
    review = app.scene
    assert "No mistakes: every move brought you closer." in texts(review)
    assert not review.replay_button.enabled and review.replay_button not in review.buttons()   # nothing offered
    key(app, pygame.K_RETURN)                        # nothing to replay: the review stays
    assert app.scene is review
    key(app, pygame.K_w)                             # W again closes it
    assert app.scene is s
    key(app, pygame.K_n)                             # a new game, helped by a hint, reviewed half way
    for _ in range(3):                               # up the hint ladder to the move (from the piece: the count
        key(app, pygame.K_h)                         # is on screen), and played
    key(app, pygame.K_w)
    review = app.scene
    assert "A game in progress: 1 move so far" in texts(review)
    assert ("It had 2 hints: the records count it as solved with help. Used the piece hint once, the move hint "
            "once.") in texts(review)


def test_hovering_the_curve_names_the_move(app):
    won_with_a_detour(app)
    key(app, pygame.K_w)
    review = app.scene
    chart = review.chart
    pos = (chart.x_of(1), chart.plot.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 2)
    assert review.hovered_index(review.hover) == 1
    key(app, pygame.K_RIGHT)                         # the arrows walk the moves too
    assert review.hovered_index(review.hover) == 0 and review.selected == 0


# -- the 15-puzzle: searches on a thread ------------------------------------------------------

@pytest.fixture
def threaded_app(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))
    monkeypatch.setattr(catalog.get("fifteen").oracle, "start_preparing", lambda service: None)  # no table build
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    app = App(size=(1280, 800), where=Where.THREAD, headless=True, seed=3)
    app.push(MenuScene(app))
    yield app
    app.close()


def fifteen_detours(app) -> PlayScene:
    s = open_puzzle(app, "fifteen", "1 2 3 4/5 6 7 8/9 10 . 11/13 14 15 12")
    for text in ("15 c4-c3", "15 c3-c4", "10 b3-c3", "10 c3-b3", "11 d3-c3"):
        s.play(s.puzzle.parse_move(s.session.position, text))
    frames(app, 2)
    return s


def test_the_fifteen_review_fills_in_from_background_searches(threaded_app):
    app = threaded_app
    fifteen_detours(app)
    key(app, pygame.K_w, settle=1)
    review = app.scene
    assert isinstance(review, ReviewScene) and review.search.busy and review.animating()
    deadline = time.monotonic() + 20
    while review.search.busy:
        assert time.monotonic() < deadline
        frames(app, 1)
        time.sleep(0.01)
    got = review.review
    assert got.distances == (2, 3, 2, 3, 2, 1) and got.par == 2 and got.optimal == ("tile 11 d3→c3", "tile 12 d4→d3")
    assert [m.number for m in got.mistakes] == [1, 3] and review.replay_button.enabled
    assert "Reviewed before the goal" in texts(review)   # the live count never showed these distances
    key(app, pygame.K_ESCAPE)
    assert app.scene.session.notes.marks


def test_esc_stops_a_running_review_search_at_once(threaded_app, monkeypatch):
    started, stopped = threading.Event(), threading.Event()

    def endless(report, name, position, earlier=()):
        started.set()
        deadline = time.monotonic() + 30
        while not report.cancelled() and time.monotonic() < deadline:
            time.sleep(0.005)
        stopped.set()
        raise tasks_cancelled()

    monkeypatch.setattr(tasks, "answer", endless)
    app = threaded_app
    s = fifteen_detours(app)
    key(app, pygame.K_w, settle=2)
    review = app.scene
    assert started.wait(30) and review.search.job is not None
    job = review.search.job
    began = time.monotonic()
    key(app, pygame.K_ESCAPE, settle=1)
    assert time.monotonic() - began < 5   # the search runs 30 s unless cancelled: Esc did not wait for it
    assert app.scene is s and job.cancelled
    assert stopped.wait(30)


def tasks_cancelled():
    from solvers.problem import Cancelled
    return Cancelled()


# -- layout --------------------------------------------------------------------------------------

def many_mistakes(app, name: str, wrong: set[int], verdict: Verdict) -> ReviewScene:
    spec = catalog.get(name)
    assert spec.oracle.prepare(Build.ALWAYS)
    s = open_puzzle(app, name)
    session = s.session
    while not session.solved and session.moves < 120:
        verdicts = session.oracle.verdicts(session.position)
        want = verdict if session.moves + 1 in wrong else Verdict.CLOSER
        move = next((m for m, v in verdicts if v is want), None) or next((m for m, v in verdicts
                                                                          if v is Verdict.CLOSER), None)
        if move is None:
            break
        s.play(move)
    frames(app, 2)
    key(app, pygame.K_w)
    assert isinstance(app.scene, ReviewScene)
    return app.scene


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["eight", "frogs"])
def test_nothing_overflows_its_box(app, size, game):
    review = (many_mistakes(app, "eight", set(range(2, 40, 3)), Verdict.FARTHER) if game == "eight" else
              many_mistakes(app, "frogs-line-3", {4}, Verdict.DEAD_END))
    app.resize(size)
    frames(app, 2)
    hover = (review.chart.x_of(3), review.chart.plot.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hover, rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 2)
    assert review.review.mistakes
    w, h = size
    screen = pygame.Rect(0, 0, w, h)
    cards = [review.chart_card, review.mistakes_card, review.optimal_card]
    for a, b in itertools.combinations(cards, 2):
        assert not a.colliderect(b)
    assert all(screen.contains(c) for c in cards)
    for placed in review.texts:
        assert placed.box.contains(placed.rect), (placed.text, placed.rect, placed.box)
        if placed.text:   # shown in full, never cut with an ellipsis
            assert review.theme.measure(placed.text, review.theme.size_of(placed.role)) <= placed.rect.w, placed.text
    for a, b in itertools.combinations(review.texts, 2):
        assert not a.rect.colliderect(b.rect), (a.text, a.rect, b.text, b.rect)
    buttons = [b.rect for b in review.buttons()]
    for a, b in itertools.combinations(buttons, 2):
        assert not a.colliderect(b)
    for rect in buttons:
        assert screen.contains(rect) and not any(rect.colliderect(p.rect) for p in review.texts)
    if review.before_rect is not None:
        assert review.mistakes_card.contains(review.before_rect)
        assert not any(review.before_rect.colliderect(p.rect) for p in review.texts)
    assert review.chart_card.contains(review.chart.plot)
    assert all(p is None or review.chart_card.collidepoint(p) for p in review.chart.points)
