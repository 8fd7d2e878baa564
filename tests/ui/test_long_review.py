"""A review of a very long game: the chart's ticks stay few for any length, and a saved game of more than
12,000 moves opens in the review from the command line's screenshot and from W in the window."""
from __future__ import annotations

import random

import pygame
import pytest

from game.catalog import registry as catalog
from game.cli import main
from game.keeping.journal_files import read_saved_file
from game.ui.scenes.chart import tick_every
from game.ui.scenes.review import ReviewScene

from .helpers import frames, key

LONG = 12_345         # past 12,000: the old tick picker ran out of steps there


def long_game_text(moves: int, seed: int = 12) -> str:
    """A saved 8-puzzle game of ``moves`` legal moves that wander and never reach the goal."""
    puzzle = catalog.puzzle("eight")
    rng = random.Random(seed)
    state = puzzle.start
    lines = ["# Fewest Moves saved game", "puzzle: eight", f"start: {puzzle.format(state)}", "time: 3600.0",
             "moves:"]
    for _ in range(moves):
        choices = [(m, n) for m, n in puzzle.successors(state) if not puzzle.is_goal(n)]
        move, after = rng.choice(choices)
        lines.append(puzzle.move_text(state, move))
        state = after
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    path = tmp_path_factory.mktemp("games") / "long.txt"
    path.write_text(long_game_text(LONG), encoding="utf-8")
    return path


@pytest.mark.parametrize("span", [0, 1, 7, 12, 13, 99, 1_000, 12_000, 123_456, 10**9, 10**15])
@pytest.mark.parametrize("most", [1, 12, 18])
def test_ticks_are_a_round_step_and_at_most_the_number_asked_for(span, most):
    every = tick_every(span, most)
    assert every >= 1 and span / every <= most
    assert str(every).rstrip("0") in ("1", "2", "25", "5")   # 1, 2, 2.5 or 5 times a power of ten
    smaller = [k for k in (1, 2, 5, 10, 20, 25, 50) if k < every]
    assert all(span / k > most for k in smaller)           # and the least such step


def test_a_screenshot_of_the_review_of_a_12345_move_game(long_game, tmp_path, capsys):
    out = tmp_path / "review.png"
    assert main(["screenshot", "--load", str(long_game), str(out), "--review"]) == 0, capsys.readouterr().err
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_w_opens_the_review_of_a_12345_move_game_in_the_window(app, long_game):
    saved = read_saved_file(long_game)
    app.nav.open_puzzle("eight", load=saved)
    frames(app, 10)
    assert app.scene.session.moves == LONG
    key(app, pygame.K_w)
    review = app.scene
    assert isinstance(review, ReviewScene)
    frames(app, 30)
    assert review.review.complete and len(review.review.distances) == LONG + 1
    shown = [p.text for p in review.texts if p.text]
    assert "12000" in shown and "13000" not in shown and "0" in shown   # the first and last ticks of the move axis
