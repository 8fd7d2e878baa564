"""Sixteen in the window: an arrow in the rim turns its row or column, a tile dragged along its row or column
turns that line, Enter takes a tile and the arrows then turn its lines with the tile held; a turning line is
drawn sliding round its ends, clipped to the tray; each move's mark stands on its own arrow."""
from __future__ import annotations

import pygame

from game.families.sixteen.ui.view import SixteenView, way_of
from game.families.sixteen.ui.view_input import SixteenInput
from game.oracles.base import Verdict
from game.ui.help_content import examples
from game.ui.play.scene import PlayScene
from game.ui.views.base import BoardView, Highlights, Mark, Motion
from tests.ui.helpers import click, drag, key, open_puzzle


def play(app, text: str | None = None) -> PlayScene:
    scene = open_puzzle(app, "sixteen-3x3", text)
    assert isinstance(scene, PlayScene) and isinstance(scene.view, SixteenView)
    assert isinstance(scene.board_input, SixteenInput)
    return scene


def shown(scene: PlayScene) -> str:
    return scene.puzzle.format(scene.session.position)


def test_an_arrow_in_the_rim_turns_its_line(app):
    scene = play(app, "1 2 3/4 5 6/7 8 9")
    click(app, scene.view.arrow_rect((0, 0, 1)).center)      # row 1's right arrow
    assert shown(scene) == "3 1 2/4 5 6/7 8 9"
    click(app, scene.view.arrow_rect((1, 2, -1)).center)     # column c's top arrow: up
    assert shown(scene) == "3 1 6/4 5 9/7 8 2"
    assert scene.session.moves == 2


def test_a_tile_dragged_along_its_column_turns_the_column(app):
    scene = play(app, "1 2 3/4 5 6/7 8 9")
    a, b = scene.view.cell_center(1), scene.view.cell_center(4)
    drag(app, a, b)                                          # tile 2 pulled down a cell: column b turns down
    assert shown(scene) == "1 8 3/4 2 6/7 5 9"
    drag(app, scene.view.cell_center(0), (scene.view.cell_center(0)[0] + 3, scene.view.cell_center(0)[1]))
    assert shown(scene) == "1 8 3/4 2 6/7 5 9"               # a nudge is no move


def test_enter_takes_a_tile_and_the_arrows_turn_its_lines_with_it(app):
    scene = play(app, "1 2 3/4 5 6/7 8 9")
    key(app, pygame.K_RETURN)                                # the cursor starts on a1: tile 1 is taken
    assert scene.board_input.selected == 0
    key(app, pygame.K_LEFT)                                  # row 1 left: tile 1 round to c1, still held
    assert shown(scene) == "2 3 1/4 5 6/7 8 9" and scene.board_input.selected == 2
    key(app, pygame.K_DOWN)                                  # column c down, tile 1 to c2
    assert shown(scene) == "2 3 9/4 5 1/7 8 6" and scene.board_input.selected == 5
    key(app, pygame.K_RETURN)                                # let go: the arrows move the cursor again
    key(app, pygame.K_LEFT)
    assert shown(scene) == "2 3 9/4 5 1/7 8 6" and scene.board_input.cursor == 4


def test_a_turning_row_slides_round_its_ends_inside_the_tray(app):
    scene = play(app, "1 2 3/4 5 6/7 8 9")
    view, puzzle = scene.view, scene.puzzle
    before = puzzle.parse("1 2 3/4 5 6/7 8 9")
    move = puzzle.parse_move(before, "1 a1-b1")
    after = puzzle.play(before, move)
    a1, tray = view.cell_rect(0), view.rect
    probe = (a1.x + a1.w // 5, a1.centery)                 # the left edge of a1: where 3 comes back in
    outside = (tray.x - view.pitch // 8, a1.centery)      # in the rim just left of the tray
    surface = pygame.Surface(app.screen.get_size())
    pixels = {}
    for t in (0.0, 0.5):
        surface.fill((0, 0, 0))
        motion = Motion(before, after, puzzle.carried(before, move), puzzle.move_kind(move), t)
        view.draw(surface, after, motion, Highlights(reduce_motion=True))
        pixels[t] = (surface.get_at(probe)[:3], surface.get_at(outside)[:3])
    plain = pygame.Surface(app.screen.get_size())          # the same motion glided as other boards glide
    plain.fill((0, 0, 0))
    view.draw_motion = lambda surface, motion: BoardView.draw_motion(view, surface, motion)
    view.draw(plain, after, Motion(before, after, puzzle.carried(before, move), puzzle.move_kind(move), 0.5),
              Highlights(reduce_motion=True))
    del view.draw_motion
    # half way, 3 covers a1's left edge sliding in; glided straight back across the row, it would leave it bare
    assert pixels[0.5][0] != plain.get_at(probe)[:3]
    assert pixels[0.5][1] == pixels[0.0][1] == plain.get_at(outside)[:3]   # nothing drawn over the rim


def test_each_moves_mark_stands_on_its_own_arrow(app):
    scene = play(app)
    view, puzzle = scene.view, scene.puzzle
    marks = [Mark(m, Verdict.CLOSER, puzzle.carried(puzzle.start, m)) for m in puzzle.legal_moves(puzzle.start)]
    centres = {view.mark_center(mark) for mark in marks}
    assert len(centres) == len(marks) == 12
    for mark in marks:
        assert view.arrow_rect(way_of(puzzle, mark.move)).collidepoint(view.mark_center(mark))
        assert not view.rect.collidepoint(view.mark_center(mark))


def test_the_help_card_draws_a_row_and_a_column_turned_in_english_and_japanese():
    from game.common import i18n
    from game.catalog import registry as catalog
    spec = catalog.get("sixteen-3x3")
    titles = [example.title for example in examples(spec)]
    assert titles == ["A row rotates", "A column rotates"]
    i18n.activate("ja")
    assert [i18n._(title) for title in titles] == ["行をまわす", "列をまわす"]
    assert all(i18n._(text) != text for _keys, text in spec.presentation.key_rows)
