"""The board's coordinates, as the player reads them: a triangle's holes are named by the letters and
numbers drawn round it (in hints, move text and saved games), the win's ring never covers a label, and
"Solved!" keeps clear of the board's labels."""
from __future__ import annotations

import pygame
import pytest

from game.catalog import registry as catalog
from game.keeping.kept import saved_game
from game.keeping.saves import game_text, read_game
from game.midend.notation import describe_move
from game.ui.theme import Theme
from game.ui.views import view_for

TRIANGLE = "pegs-triangle-a1"


def laid_out(name: str, size: tuple[int, int] = (900, 760)):
    pygame.font.init()
    spec = catalog.get(name)
    view = view_for(spec)
    view.theme = Theme((1280, 800))
    view.layout(pygame.Rect(0, 0, *size))
    return spec, view


def test_a_triangles_holes_are_named_by_the_labels_drawn_over_and_beside_them():
    spec, view = laid_out(TRIANGLE)
    board = spec.puzzle.board
    labels = view.labels()
    letters = {text: at for text, at in labels if text.isalpha()}
    numbers = {text: at for text, at in labels if text.isdigit()}
    for cell in range(len(board)):
        name = board.coord(cell)
        x, y = view.cell_center(cell)
        assert abs(letters[name[0]][0] - x) <= 2, name        # the letter straight under the hole
        assert abs(numbers[name[1:]][1] - y) <= 2, name       # the number level with it
        assert board.parse_coord(name) == cell


def test_a_hint_on_the_triangle_names_the_holes_under_their_labels():
    spec, view = laid_out(TRIANGLE)
    puzzle = spec.puzzle
    said = sorted(describe_move(spec, puzzle.start, m) for m in puzzle.legal_moves(puzzle.start))
    assert said == ["jump the peg from c3 to e1", "jump the peg from g3 to e1"]
    letters = {text: at for text, at in view.labels() if text.isalpha()}
    apex = view.cell_center(0)                                  # the empty hole at the top
    assert abs(letters["e"][0] - apex[0]) <= 2 and puzzle.start[0] == 0


def test_an_older_save_of_the_triangle_naming_the_files_columns_still_loads():
    spec = catalog.get(TRIANGLE)
    puzzle = spec.puzzle
    start = puzzle.format(puzzle.start)
    older = f"# Fewest Moves saved game\npuzzle: {TRIANGLE}\nstart: {start}\nmoves:\no a3-a1\no c3-a3\n"
    game = read_game(older)
    assert [e.move.src for e in game.entries[1:]] == [3, 5] and game.entries[-1].position[3] == 1
    text = game_text(game)
    assert "names: drawn" in text and "o c3-e1" in text and "o g3-c3" in text
    again = read_game(text)
    assert [e.position for e in again.entries] == [e.position for e in game.entries]


def test_the_triangle_has_a_card_of_its_own_on_the_menu():
    triangles = [s for s in catalog.specs() if s.name.startswith("pegs-triangle")]
    assert triangles and {s.presentation.group for s in triangles} == {"Triangle"}
    assert sorted(s.presentation.variant for s in triangles) == ["hole c3", "hole d2", "hole e1", "hole e3"]


@pytest.mark.parametrize("name", ["hanoi-scattered", "lunar-lockout-24", TRIANGLE, "frogs-c"])
def test_the_win_s_ring_covers_no_label(name):
    _spec, view = laid_out(name)
    ring, at = view.glow_ring()
    for text, rect in view.label_rects():
        for x in range(rect.left, rect.right):
            for y in range(rect.top, rect.bottom):
                rx, ry = x - at[0], y - at[1]
                if 0 <= rx < ring.get_width() and 0 <= ry < ring.get_height():
                    assert ring.get_at((rx, ry)).a == 0, (text, (x, y))


@pytest.mark.parametrize("name", ["lunar-lockout-24", "hanoi-scattered"])
def test_solved_keeps_clear_of_the_labels(name):
    from game.ui.play.effects import banner_place
    _spec, view = laid_out(name, (900, 700))
    screen = pygame.Rect(0, 0, 900, 800)
    view.layout(pygame.Rect(0, 100, 900, 700))
    banner = banner_place(pygame.Rect(0, 0, 300, 90), view.crown_rect(), screen, 6)
    assert screen.contains(banner)
    assert not any(banner.colliderect(rect) for _text, rect in view.label_rects())
