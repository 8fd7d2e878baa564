"""The Tower of Hanoi in the window: a peg is what the player points at. A click anywhere on a peg takes its
top disc, a click anywhere on a lit peg sets it down; a dragged disc lands on the peg it is let go over; Left
and Right choose a peg, Up (or Enter) lifts, Down (or Enter) sets down; hint, marks, the animated solve, the
help card's move and the editor carrying a disc to another peg, under the dummy video driver."""
from __future__ import annotations

import pygame

from game.families.hanoi.ui.view import HanoiView
from game.families.hanoi.ui.view_input import HanoiInput
from game.midend.editor import ReadingKind
from game.ui.edit.scene import EditorScene
from game.ui.help_content import examples
from game.ui.play.scene import PlayScene
from game.catalog import registry as catalog
from tests.ui.helpers import click, drag, frames, key, open_puzzle


def play(app, name: str, text: str | None = None) -> PlayScene:
    scene = open_puzzle(app, name, text)
    assert isinstance(scene, PlayScene) and isinstance(scene.view, HanoiView)
    assert isinstance(scene.board_input, HanoiInput)
    assert scene.oracle.prepare()
    return scene


def pegs(scene: PlayScene) -> str:
    return scene.puzzle.format(scene.session.position)


def peg_point(scene: PlayScene, peg: int, height: float) -> tuple[int, int]:
    """A point over peg ``peg`` (from 0), ``height`` of the way from the plank (0) to the frame's top (1)."""
    column = scene.view.column_rect(peg)
    frame = scene.view.frame_rect()
    return column.centerx, round(scene.view.floor_y() - height * (scene.view.floor_y() - frame.top - 2))


def test_a_click_anywhere_on_a_peg_takes_its_top_disc_and_a_click_on_another_sets_it_down(app):
    scene = play(app, "reve-4")
    click(app, peg_point(scene, 0, 0.05))             # low on peg 1, by the largest disc: its top disc is taken
    top = scene.board_input.selected
    assert top is not None and scene.session.position[top] == 1
    hl = scene.highlights()
    assert {scene.puzzle.board.cells[c][1] for c in hl.targets} == {1, 2, 3}   # the other three pegs light up
    click(app, peg_point(scene, 2, 0.95))             # high above peg 3: the disc goes onto peg 3
    assert pegs(scene) == "3 1 1 1" and scene.session.moves == 1
    click(app, peg_point(scene, 0, 0.5))              # disc 2 ...
    click(app, peg_point(scene, 2, 0.2))              # ... cannot go onto the smaller disc 1: said, still held
    assert pegs(scene) == "3 1 1 1" and "larger disc" in scene.footer.text
    assert scene.board_input.selected is not None
    click(app, peg_point(scene, 1, 0.5))
    assert pegs(scene) == "3 2 1 1"


def test_a_dragged_disc_follows_the_pointer_and_lands_on_the_peg_it_is_let_go_over(app):
    scene = play(app, "hanoi-4")
    drag(app, peg_point(scene, 0, 0.3), peg_point(scene, 1, 0.9))
    assert pegs(scene) == "2 1 1 1"
    drag(app, peg_point(scene, 0, 0.3), (peg_point(scene, 2, 0.5)[0], scene.view.frame_rect().top + 3))
    assert pegs(scene) == "2 3 1 1"
    drag(app, peg_point(scene, 2, 0.1), peg_point(scene, 1, 0.1))   # disc 2 over disc 1: back where it was
    assert pegs(scene) == "2 3 1 1" and scene.session.moves == 2


def test_the_keys_choose_a_peg_lift_its_disc_carry_it_and_set_it_down(app):
    scene = play(app, "hanoi-3")
    key(app, pygame.K_UP)                             # the cursor starts on peg 1: its top disc is lifted
    assert scene.board_input.selected is not None and scene.board_input.show_cursor
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert pegs(scene) == "3 1 1"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                         # Enter lifts disc 2 ...
    key(app, pygame.K_LEFT)                           # ... round the end to peg 3, onto the smaller disc 1: no
    key(app, pygame.K_RETURN)
    assert pegs(scene) == "3 1 1" and "larger disc" in scene.footer.text
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert pegs(scene) == "3 2 1" and scene.session.moves == 2


def test_hint_marks_and_the_animated_solve_are_optimal(app):
    scene = play(app, "reve-5", "4 4 1 1 1")
    key(app, pygame.K_h)
    hint = scene.session.hint_info
    assert hint is not None and hint.distance == scene.oracle.distance(scene.session.position)
    key(app, pygame.K_o)
    assert len(scene.highlights().marks) == len(scene.puzzle.legal_moves(scene.session.position))
    key(app, pygame.K_s, settle=1)
    frames(app, 60 * 12)
    assert scene.session.solved and scene.session.moves == hint.distance


def test_the_help_card_draws_a_disc_moved_to_another_peg():
    for name in ("hanoi-3", "reve-almost-home"):
        spec = catalog.get(name)
        (example,) = examples(spec)
        assert example.move in spec.puzzle.legal_moves(example.before) and example.title == "A disc onto another peg"


def test_the_editor_carries_a_disc_to_any_peg_by_a_drag_or_two_clicks(app):
    app.nav.open_editor("reve-4", None)
    frames(app, 2)
    ed = app.scene
    assert isinstance(ed, EditorScene)
    puzzle = ed.editor.puzzle
    bottom = ed.view.cell_rect(puzzle.columns[0][0]).center       # disc 4, under the other three
    drag(app, bottom, (ed.view.column_rect(2).centerx, ed.view.column_rect(2).top + 4))
    assert puzzle.format(ed.editor.position) == "1 1 1 3"        # on peg 3's floor; the others settle on peg 1
    assert ed.editor.reading().kind is ReadingKind.SOLVABLE
    click(app, ed.view.cell_rect(puzzle.columns[0][2]).center)   # disc 1 picked up ...
    click(app, ed.view.cell_rect(puzzle.columns[3][3]).center)   # ... and put anywhere on peg 4
    assert puzzle.format(ed.editor.position) == "4 1 1 3"


def test_each_moves_mark_stands_on_the_peg_the_move_goes_to(app):
    scene = play(app, "hanoi-scattered")               # disc 1 may go to two pegs, disc 2 to one of them too
    key(app, pygame.K_o)
    marks = scene.highlights().marks
    assert len(marks) == len(scene.puzzle.legal_moves(scene.session.position)) == 3
    board, view = scene.puzzle.board, scene.view
    centres = []
    for mark in marks:
        x, y = view.mark_center(mark)
        column = view.column_rect(board.cells[mark.move.dst][1])
        assert column.collidepoint(x, y)                # on the peg it means, never on the disc's own
        assert abs(y - view.cell_center(mark.move.dst)[1]) <= view.sloth   # where the disc would land
        centres.append((x, y))
    assert len(set(centres)) == len(centres)             # two discs that may land on one peg: a badge each


def test_the_line_of_keys_says_what_the_arrows_do_on_the_tower(app):
    scene = play(app, "hanoi-3")
    line = scene.panel_model.help
    assert "Left/Right" in line and "Up" in line and "Down" in line and "Arrows" not in line
    key(app, pygame.K_UP)                               # Up lifts, as the line says
    assert scene.board_input.selected is not None
    key(app, pygame.K_RIGHT)                            # Left/Right choose a peg
    key(app, pygame.K_DOWN)                             # Down sets down
    assert scene.session.moves == 1
