"""Robots in the window, through real events: a click takes a robot and lights where it stops, a click
on any cell its way sends it; a drag pulls it along its way, and a short one flicks it its whole way; Tab picks a robot and arrows send it, and
it stays picked; the hint, the solve to the goal in the fewest moves, the help card's move, the
position editor, and the menu's card with its chooser."""
from __future__ import annotations

import pygame

from game.catalog import registry as catalog
from game.catalog.spec import EditMode, InputMode
from game.families.robots.kinds import ROLL
from game.ui.edit.scene import EditorScene
from game.ui.help_content import examples, keys_for
from game.ui.play.scene import PlayScene
from game.ui.play.send_input import SendInput
from game.ui.scenes.menu import MenuScene
from tests.families.plain_robots import PlainRobots
from tests.ui.helpers import centre, click, drag, frames, key, open_puzzle

NAME = "lunar-lockout-08"
BOARD = "ricochet-1"   # the edge stops a robot: many ways from the start


def a_robot_with_ways(scene) -> tuple[int, list]:
    """A robot of the position on screen with at least two moves, one of them two or more cells long."""
    puzzle, position = scene.puzzle, scene.session.position
    by_robot: dict[int, list] = {}
    for move in puzzle.legal_moves(position):
        by_robot.setdefault(move.src, []).append(move)
    src = next(s for s, moves in sorted(by_robot.items()) if len(moves) > 1 and any(far(scene, m) for m in moves))
    return src, by_robot[src]


def far(scene, move) -> bool:
    """The move takes the robot two cells or more."""
    (r0, c0), (r1, c1) = scene.puzzle.board.cells[move.src], scene.puzzle.board.cells[move.dst]
    return abs(r1 - r0) + abs(c1 - c0) > 1


def test_robots_are_sent_by_keys_and_edited_as_pieces():
    for name in catalog.names():
        spec = catalog.get(name)
        if spec.presentation.view == "robots":
            assert spec.input is InputMode.SEND and spec.edit is EditMode.PIECES, name


def test_a_click_lights_where_a_robot_stops_and_a_click_its_way_sends_it(app):
    s = open_puzzle(app, BOARD)
    assert isinstance(s, PlayScene) and isinstance(s.board_input, SendInput)
    src, moves = a_robot_with_ways(s)
    click(app, centre(s, src))
    assert s.board_input.selected == src and s.board_input.targets_of(src) == {m.dst for m in moves}
    long = next(m for m in moves if far(s, m))
    board = s.puzzle.board
    (r0, c0), (r1, c1) = board.cells[src], board.cells[long.dst]
    first_step = board.at(r0 + (r1 > r0) - (r1 < r0), c0 + (c1 > c0) - (c1 < c0))
    assert first_step != long.dst
    click(app, centre(s, first_step))                  # one cell its way, not where it stops: it goes all the way
    assert s.session.position == s.puzzle.play(s.puzzle.start, long) and s.session.moves == 1
    key(app, pygame.K_u)
    assert s.session.position == s.puzzle.start


def test_a_drag_pulls_a_robot_along_its_way_to_where_it_stops(app):
    s = open_puzzle(app, BOARD)
    src, moves = a_robot_with_ways(s)
    move = moves[-1]
    drag(app, centre(s, src), centre(s, move.dst))
    assert s.session.position == s.puzzle.play(s.puzzle.start, move)


def test_a_short_drag_flicks_a_robot_its_whole_way_and_a_tiny_one_sends_it_nowhere(app):
    s = open_puzzle(app, BOARD)
    src, moves = a_robot_with_ways(s)
    long = next(m for m in moves if far(s, m))
    (x0, y0), (x1, y1) = centre(s, src), centre(s, long.dst)
    reach = max(abs(x1 - x0), abs(y1 - y0))
    toward = ((x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0))
    pitch = s.view.pitch
    drag(app, (x0, y0), (x0 + toward[0] * pitch // 5, y0 + toward[1] * pitch // 5))
    assert s.session.position == s.puzzle.start                  # a fifth of a cell: it goes back
    assert reach > pitch * 3 // 2
    drag(app, (x0, y0), (x0 + toward[0] * pitch * 2 // 3, y0 + toward[1] * pitch * 2 // 3))
    assert s.session.position == s.puzzle.play(s.puzzle.start, long) and s.session.moves == 1


def test_tab_picks_a_robot_and_arrows_send_it(app):
    s = open_puzzle(app, BOARD)
    key(app, pygame.K_TAB)
    picked = s.board_input.picked
    assert picked is not None and s.board_input.show_cursor and picked in s.board_input.moves_by_anchor
    arrows = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT, (0, 1): pygame.K_RIGHT}
    blocked = [step for step in arrows if s.board_input.way(picked, *step) is None]
    open_ways = [step for step in arrows if step not in blocked]
    move = s.board_input.way(picked, *open_ways[0])
    key(app, arrows[open_ways[0]])
    assert s.session.position == s.puzzle.play(s.puzzle.start, move) and s.board_input.picked == move.dst
    before = s.session.position
    stuck = next((step for step in arrows if s.board_input.way(move.dst, *step) is None), None)
    if stuck is not None:                               # a way it cannot go: a gentle no, nothing moves
        key(app, arrows[stuck])
        assert s.session.position == before and s.footer.text.startswith("That piece cannot move that way")
    key(app, pygame.K_RETURN)                           # Enter shows where it can go; Tab and Enter send it there
    assert s.board_input.selected == move.dst
    key(app, pygame.K_TAB)
    target = s.board_input.cursor
    key(app, pygame.K_RETURN)
    assert s.session.position[target] != 0 and s.session.moves == 2


def test_a_robot_sent_with_enter_is_let_go_and_esc_leaves_only_when_nothing_is_picked(app):
    """Tab, Enter, Tab, Enter: the robot goes and is let go (no frame, no "choose" line), and Tab goes on
    from it; Esc lets go of the ways shown, then of the picked robot, one a press, and only then leaves."""
    s = open_puzzle(app, BOARD)
    for k in (pygame.K_TAB, pygame.K_RETURN, pygame.K_TAB):
        key(app, k)
    sent = s.board_input.selected
    assert sent is not None and "Choose where it goes" in s.footer.text
    target = s.board_input.cursor
    move = next(m for m in s.puzzle.legal_moves(s.puzzle.start) if m.src == sent and m.dst == target)
    key(app, pygame.K_RETURN)
    hl = s.highlights()
    assert s.session.position == s.puzzle.play(s.puzzle.start, move) and s.session.moves == 1
    assert s.board_input.selected is None and s.board_input.picked is None
    assert not hl.show_cursor and not hl.cursor_cells and not hl.selected and not hl.targets
    assert "Choose where it goes" not in s.footer.text
    key(app, pygame.K_TAB)
    robots = sorted(s.board_input.moves_by_anchor)
    assert s.board_input.picked == robots[(robots.index(target) + 1) % len(robots)]   # on from the robot sent
    key(app, pygame.K_RETURN)
    assert s.board_input.selected == s.board_input.picked and s.board_input.targets_of(s.board_input.picked)
    key(app, pygame.K_ESCAPE)                              # the ways shown go; the robot stays picked
    assert app.scene is s and s.board_input.selected is None and s.board_input.picked is not None
    key(app, pygame.K_ESCAPE)                              # the robot is let go
    assert app.scene is s and s.board_input.picked is None and s.session.moves == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_an_arrow_sends_the_picked_robot_and_esc_lets_it_go_before_leaving(app):
    s = open_puzzle(app, BOARD)
    key(app, pygame.K_TAB)
    picked = s.board_input.picked
    step, move = next((step, m) for step in ((0, 1), (1, 0), (0, -1), (-1, 0))
                      if (m := s.board_input.way(picked, *step)) is not None)
    key(app, {(0, 1): pygame.K_RIGHT, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT, (-1, 0): pygame.K_UP}[step])
    assert s.session.position == s.puzzle.play(s.puzzle.start, move) and s.board_input.picked == move.dst
    key(app, pygame.K_ESCAPE)
    assert app.scene is s and s.board_input.picked is None and s.session.moves == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_k_keeps_a_robots_game_which_counts_one_way_and_shows_no_count_row(app):
    """Robots count one way: the panel has no count row, and K says so and keeps the game as it is."""
    s = open_puzzle(app, NAME)
    assert s.spec.counts == () and s.panel_model.count is None
    assert "count" not in {b.model.name for b in s.panel_layout().buttons()}
    move = s.puzzle.legal_moves(s.puzzle.start)[0]
    s.play(move)
    frames(app, 30)
    played = s.session.position
    key(app, pygame.K_k)
    assert app.scene is s and s.session.position == played and s.session.moves == 1
    assert s.footer.text == "This puzzle counts its moves one way only." and s.panel_model.count is None
    key(app, pygame.K_u)
    assert s.session.position == s.puzzle.start and s.session.moves == 0


def test_the_hint_and_the_solve_reach_the_goal_in_the_fewest_moves(app):
    s = open_puzzle(app, NAME)
    optimum = PlainRobots(s.spec.as_file(s.puzzle.start)).optimum()
    key(app, pygame.K_h)
    assert s.session.hint_info is not None and s.session.hint_info.distance == optimum
    key(app, pygame.K_s, settle=1)
    frames(app, 60 * 10)
    assert s.session.solved and s.session.moves == optimum


def test_moves_name_the_robots_as_the_board_paints_them():
    """Every robots puzzle: the goal's robot is the red one on its hatch; any two robots painted
    differently are named differently, and a robot is named by its paint wherever it stands at the start."""
    from game.midend.notation import describe_move, piece_words
    from game.ui.views import view_for
    for name in catalog.names():
        spec = catalog.get(name)
        if spec.presentation.view != "robots":
            continue
        puzzle, view = spec.puzzle, view_for(spec)
        start = puzzle.start
        robots = [cell for cell, code in enumerate(start) if code]
        painted = {cell: view.paint(start[cell], place) for cell, place in zip(robots, first_places(start))}
        for cell in robots:
            assert piece_words(spec, start, cell) == painted[cell].name, name
            if start[cell] in view.targets.values():
                assert painted[cell].name == "red robot", name
        assert len({p.colour for p in painted.values()}) == len({p.name for p in painted.values()}) == len(robots)
        assert spec.goal_sentence() == "Goal: the red robot on the hatch.", name
    spec = catalog.get(NAME)
    sent = {describe_move(spec, spec.puzzle.start, m) for m in spec.puzzle.legal_moves(spec.puzzle.start)}
    assert sent == {"send the blue robot right", "send the red robot left"}


def first_places(position: bytes) -> list[int]:
    """Each robot's place among the robots of its code, in reading order."""
    seen: dict[int, int] = {}
    out = []
    for code in position:
        if code:
            out.append(seen.get(code, 0))
            seen[code] = out[-1] + 1
    return out


def test_the_help_draws_a_robots_move_and_names_its_keys(app):
    spec = catalog.get(NAME)
    shown = examples(spec)
    assert [e.move for e in shown] and shown[0].glide.kind is ROLL
    assert spec.puzzle.play(shown[0].before, shown[0].move) == shown[0].after
    labels = dict(keys_for(spec))
    assert {"Click", "Drag", "Tab, arrows", "Enter", "B"} <= set(labels)


def test_the_editor_moves_a_robot_anywhere_and_reads_the_position(app):
    s = open_puzzle(app, NAME)
    key(app, pygame.K_e)
    ed = app.scene
    assert isinstance(ed, EditorScene) and ed.editor.mode is EditMode.PIECES
    robot = next(cell for cell, code in enumerate(ed.editor.position) if code)
    empty = next(cell for cell, code in enumerate(ed.editor.position) if not code)
    drag(app, centre(ed, robot), centre(ed, empty))
    assert ed.editor.position[empty] == s.puzzle.start[robot] and ed.editor.position[robot] == 0
    assert ed.editor.problem() is None


def test_the_menu_folds_the_layouts_into_one_card_with_a_chooser(app):
    menu = app.scene
    card = next(c for c in menu.flat if c.group == "Lunar Lockout")
    assert [spec.name for spec in card.specs] == [f"lunar-lockout-{n:02d}" for n in range(1, len(card.specs) + 1)]
    assert len(card.specs) >= 20 and any(c.group == "Ricochet boards" for c in menu.flat)
