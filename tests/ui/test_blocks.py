"""Sliding blocks of any shape in the game, through real events: dragged along a path, a line or
one cell; picked and moved with keys; the move count switched by key and button; hints and
solutions under each count; the menu's shelf and notes; every library puzzle and its analysis
drawn; and the goal piece and its target drawn in their colour."""
import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog import library
from game.rules.counts import Count
from game.families.blocks.counts import CELL, COUNTS, LINE, PATH
from game.catalog.spec import InputMode
from game.ui.scenes.analysis import AnalysisScene
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene
from game.families.blocks.ui.view import BlocksView
from tests.ui.helpers import centre, click, drag, frames, key, open_puzzle

OPTIMUM = {CELL: 116, LINE: 90, PATH: 81}    # Klotski from its start
LOW_RIGHT = "A B B C/A B B C/D E E F/D G H F/. . I J"                      # two gaps left of a small block


def fmt(scene):
    return scene.puzzle.format(scene.session.position)


def at(scene, row, col):
    return scene.puzzle.board.at(row, col)


def named(count: Count) -> str:
    return "klotski" if count is PATH else f"klotski@{count.key}"


def test_block_files_are_played_piece_by_piece():
    for spec in catalog.specs():
        if spec.presentation.view == "blocks":
            assert spec.input is InputMode.PIECES and spec.counts, spec.name
    assert catalog.get("goat").input is InputMode.SLIDE


# -- the mouse ---------------------------------------------------------------------------------------

def test_a_drag_follows_a_path_round_a_corner(app):
    s = open_puzzle(app, "klotski")
    h = at(s, 3, 2)
    drag(app, centre(s, h), centre(s, at(s, 4, 1)))       # down into the gap, then left
    assert s.session.position[at(s, 4, 1)] != 0 and s.session.position[h] == 0 and s.session.moves == 1
    key(app, pygame.K_u, settle=0)                         # taken back: it glides back round the corner
    frames(app, 2)
    motion = s.effects.motion()
    assert motion is not None and motion.route == (at(s, 4, 1), at(s, 4, 2), h)


def test_the_dragged_piece_never_passes_through_another(app):
    s = open_puzzle(app, "klotski")
    g = at(s, 3, 1)
    start = centre(s, g)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    up = (start[0], start[1] - 2 * s.view.pitch)          # straight up, into the wide block above
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=up, rel=(0, -1), buttons=(1, 0, 0)))
    frames(app, 1)
    hl = s.highlights()
    assert hl.drag_cells == {g} and hl.drag_offset[1] >= 0 and hl.ghost is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=1))
    frames(app, 5)
    assert s.session.moves == 0 and s.session.position == s.puzzle.start


def test_under_line_a_drag_slides_straight(app):
    s = open_puzzle(app, "klotski@line", LOW_RIGHT)
    i = at(s, 4, 2)
    drag(app, centre(s, i), centre(s, at(s, 4, 0)))
    assert s.session.position[at(s, 4, 0)] != 0 and s.session.moves == 1
    t = open_puzzle(app, "klotski@line")
    h = at(t, 3, 2)
    drag(app, centre(t, h), centre(t, at(t, 4, 1)))        # no corner: it only goes down
    assert t.session.position[at(t, 4, 2)] != 0 and t.session.position[at(t, 4, 1)] == 0


def test_under_cell_a_drag_moves_one_cell(app):
    s = open_puzzle(app, "klotski@cell", LOW_RIGHT)
    i = at(s, 4, 2)
    drag(app, centre(s, i), centre(s, at(s, 4, 0)))
    assert s.session.position[at(s, 4, 1)] != 0 and s.session.position[at(s, 4, 0)] == 0
    assert s.session.moves == 1


def test_a_click_on_a_piece_with_several_moves_shows_its_places(app):
    s = open_puzzle(app, "klotski", LOW_RIGHT)
    i = at(s, 4, 2)
    click(app, centre(s, i))
    assert s.board_input.selected == i
    hl = s.highlights()
    assert set(hl.places) == {(at(s, 4, 1),), (at(s, 4, 0),)} and hl.selected == {i}
    click(app, centre(s, at(s, 4, 0)))
    assert s.session.position[at(s, 4, 0)] != 0 and s.session.moves == 1


# -- the keyboard -------------------------------------------------------------------------------------

def _pick(app, scene, anchor):
    for _ in range(10):
        if scene.board_input.picked == anchor and scene.board_input.show_cursor:
            return
        key(app, pygame.K_TAB, settle=1)
    raise AssertionError(f"Tab never picked {anchor}")


@pytest.mark.parametrize("count, moves", [(PATH, 1), (LINE, 1), (CELL, 2)])
def test_two_steps_of_one_piece_are_one_move_or_two(app, count, moves):
    s = open_puzzle(app, named(count), LOW_RIGHT)
    _pick(app, s, at(s, 4, 2))
    assert s.highlights().cursor_cells == {at(s, 4, 2)}
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert s.session.position[at(s, 4, 0)] != 0 and s.session.moves == moves
    assert s.board_input.picked == at(s, 4, 0)            # the piece stays picked as it moves


def test_an_arrow_picks_a_piece_then_moves_it_and_esc_lets_go(app):
    s = open_puzzle(app, "klotski")
    key(app, pygame.K_DOWN)                                # picks a piece that can go down
    picked = s.board_input.picked
    assert picked in (at(s, 3, 1), at(s, 3, 2)) and s.session.moves == 0
    key(app, pygame.K_DOWN)
    assert s.session.position[picked] == 0 and s.session.moves == 1
    key(app, pygame.K_UP)                                  # back home: the move is taken back
    assert s.session.position == s.puzzle.start and s.session.moves == 0
    key(app, pygame.K_LEFT)                                # blocked: a gentle no
    assert s.effects.nope is not None and s.session.moves == 0
    key(app, pygame.K_ESCAPE)
    assert s.board_input.picked is None and isinstance(app.scene, PlayScene)


def test_enter_shows_the_places_and_plays_the_chosen_one(app):
    s = open_puzzle(app, "klotski", LOW_RIGHT)
    _pick(app, s, at(s, 4, 2))
    key(app, pygame.K_RETURN)
    assert s.board_input.selected == at(s, 4, 2)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert s.board_input.cursor == at(s, 4, 1)
    key(app, pygame.K_RETURN)
    assert s.session.position[at(s, 4, 1)] != 0 and s.session.moves == 1


def test_a_move_made_with_enter_lets_go_and_esc_leaves_only_when_nothing_is_picked(app):
    """Tab, Enter, Tab, Enter: the piece moves and is let go (no frame, no "choose" line); Tab goes on from
    it; Esc lets go of a picked piece first and leaves for the menu only when nothing is picked."""
    s = open_puzzle(app, "klotski")
    for k in (pygame.K_TAB, pygame.K_RETURN, pygame.K_TAB):
        key(app, k)
    assert s.board_input.selected is not None and "Choose where it goes" in s.footer.text
    moved = s.board_input.selected
    key(app, pygame.K_RETURN)
    hl = s.highlights()
    assert s.session.moves == 1 and s.session.position[moved] == 0
    assert s.board_input.selected is None and s.board_input.picked is None
    assert not hl.show_cursor and not hl.cursor_cells and not hl.selected and not hl.places
    assert "Choose where it goes" not in s.footer.text
    key(app, pygame.K_TAB)
    assert s.board_input.picked is not None and s.board_input.picked > moved   # on from the piece that moved
    key(app, pygame.K_ESCAPE)
    assert app.scene is s and s.board_input.picked is None and s.session.moves == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


# -- the move count -----------------------------------------------------------------------------------

def test_k_switches_the_count_and_keeps_the_game(app):
    s = open_puzzle(app, "klotski")
    assert s.session.known_distance() == OPTIMUM[PATH]
    for count in (CELL, LINE, PATH):
        key(app, pygame.K_k)
        assert app.scene is s and s.spec.count is count     # the same screen, the same game
        assert s.session.position == s.puzzle.start and s.session.known_distance() == OPTIMUM[count]
        assert s.panel_model.count is not None and count.key in s.panel_model.count.label
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_k_after_a_move_keeps_the_move_and_its_undo(app):
    """One move, then K: the move stays, undo still takes it back, and the count is recounted."""
    s = open_puzzle(app, "klotski")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)                                # one path move round a corner: two cells
    position = s.session.position
    assert s.session.moves == 1
    key(app, pygame.K_k)
    assert app.scene is s and s.spec.count is CELL and s.session.position == position
    assert s.session.moves == 2 and s.panel_model.figures[0].value == "2"
    assert s.button_rect("undo") is not None and next(b for b in s.panel_model.buttons if b.name == "undo").enabled
    assert s.session.known_distance() == s.oracle.distance(position)
    assert "cell" in s.footer.text
    click(app, s.button_rect("count").center)                # the button does the same: by line now
    assert s.spec.count is LINE and s.session.moves == 2 and s.session.position == position
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert s.session.position == s.puzzle.start


def test_a_game_switched_to_another_count_comes_back_in_it(app):
    s = open_puzzle(app, "klotski")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_k)
    key(app, pygame.K_k)                                    # by line
    history = list(s.session.history)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.journal.in_progress("klotski")
    t = open_puzzle(app, "klotski")
    assert t.spec.count is LINE and t.session.history == history and "as you left it" in t.footer.text


def test_tiles_and_goat_have_no_count_row(app):
    for name in ("eight", "goat"):
        s = open_puzzle(app, name)
        assert s.panel_model.count is None and s.button_rect("count") is None
        key(app, pygame.K_k)
        assert app.scene is s


@pytest.mark.parametrize("count", list(COUNTS))
def test_hint_and_solve_under_each_count(app, count):
    s = open_puzzle(app, named(count))
    assert s.session.deals.at_distance(4)
    frames(app, 2)
    for _ in range(2):                     # the ladder: the piece, the move (the live count shows the distance)
        key(app, pygame.K_h)
    hint = s.session.hint_info
    assert hint is not None and hint.move is not None and hint.distance == 4
    assert s.highlights().hint_from and s.highlights().hint_to
    key(app, pygame.K_h)
    assert s.session.moves == 1 and s.session.known_distance() == 3
    key(app, pygame.K_s, settle=1)
    frames(app, 240)
    assert s.session.solved and s.session.moves == 4
    assert s.footer.text == "Solved by the solver, in 4 moves."   # never "optimal" for the player


# -- the menu -------------------------------------------------------------------------------------------

def test_the_sliding_blocks_shelf_holds_goat_and_every_library_file(app):
    menu = app.scene
    assert isinstance(menu, MenuScene)
    shelf = next(s for s in menu.shelves if s.title == "Sliding blocks")
    names = {spec.name for c in menu.cards[shelf] for spec in c.specs}   # each card, or each variant of a group
    files = {library.name_for(p) for p in library.LIBRARY.glob("*.toml")
             if catalog.get(library.name_for(p)).presentation.view == "blocks"}
    assert "goat" in names and files and files <= names
    assert all(menu.thumb(c) is not None for c in menu.cards[shelf])


def test_the_menu_says_where_own_puzzles_go_and_which_files_failed(app, monkeypatch, tmp_path):
    monkeypatch.setenv("FEWEST_MOVES_DATA", str(tmp_path))
    monkeypatch.setattr(catalog, "problems", lambda: ("bad.toml: line 3: row 2 has 5 cells, but row 1 has 4.",))
    menu = MenuScene(app)
    app.replace(menu)
    frames(app, 1)
    text = " ".join(line.text for line in menu.note_lines)
    assert str(tmp_path / "puzzles") in text
    assert "1 file could not be read" in text and "row 2 has 5 cells" in text
    menu.scroll = menu.scroll_target = menu.content_h       # scrolled to the foot: drawn without error
    menu.clamp_scroll()
    menu.draw(app.screen)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_menu_lays_its_cards_apart_at_every_size(app, size):
    app.resize(size)
    menu = app.scene
    rects = [c.rect for c in menu.flat]
    assert all(r.right <= size[0] for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert menu.note_lines[0].y >= max(r.bottom for r in rects)


# -- every library puzzle drawn, and its analysis ---------------------------------------------------------

def packed_once(specs):
    """The names of ``specs``, a pack's lots (on a collection's shelf) only the first of each card: the
    pack's forty lots are drawn alike, and its own tests solve every one."""
    seen, names = set(), []
    for spec in specs:
        card = (spec.shelf.key, spec.presentation.group)
        if spec.shelf.key.startswith("collection:") and card in seen:
            continue
        seen.add(card)
        names.append(spec.name)
    return names


LARGE_TABLES = {"red-donkey"}   # its table takes two minutes to build (1,132,514 positions): drawn in the slow set


def test_every_block_puzzle_and_its_analysis_draw_and_play_this_works(app):
    names = packed_once(s for s in catalog.specs() if s.presentation.view == "blocks")
    assert len(names) >= 10 and "traffic-pack-1" in names and "traffic-pack-40" not in names
    for name in names:
        if name in LARGE_TABLES:
            continue
        s = open_puzzle(app, name)
        assert isinstance(s.view, BlocksView)
        s.draw(app.screen)
        app.nav.open_analysis(name)
        scene = app.scene
        assert isinstance(scene, AnalysisScene)
        for _ in range(200):
            if scene.result is not None:
                break
            frames(app, 1)
        frames(app, 2)
        hardest = scene.hardest()
        assert hardest, name
        click(app, scene.play_buttons[0].rect.center)
        play = app.scene
        assert isinstance(play, PlayScene) and play.session.position == hardest[0], name
        assert play.session.known_distance() == scene.figures().max_distance
        app.nav.back_to_menu()
        app.nav.back_to_menu()
        frames(app, 1)


# -- colours -------------------------------------------------------------------------------------------------

def _reddish(colour):
    r, g, b = colour[:3]
    return r > 120 and r > g + 100 and r > b + 100


def test_the_goal_piece_and_its_target_are_red(app):
    s = open_puzzle(app, "klotski")
    frames(app, 2)
    screen = app.screen
    b = at(s, 0, 1)                                         # the 2x2 block: its face, left of its ring
    r = s.view.cell_rect(b)
    assert _reddish(screen.get_at((r.centerx, r.bottom - s.view.pitch // 5)))
    gap = s.view.cell_rect(at(s, 4, 1))                    # an empty cell of the target area
    tint = screen.get_at((gap.x + gap.w // 3, gap.y + gap.h // 3))
    assert tint[0] > tint[1] + 15 and tint[0] > tint[2] + 15
    wood = s.view.cell_rect(at(s, 4, 3))                    # a small block outside the target: wood
    assert not _reddish(screen.get_at(wood.center))


@pytest.mark.parametrize("name,row,col,dx,dy", [("klotski", 4, 1, 0, 1), ("traffic", 2, 5, 1, 0)])
def test_the_exit_is_an_opening_in_the_frame(app, name, row, col, dx, dy):
    """Where the goal takes its piece to an edge, the floor runs out through the frame there (dark, with
    the goal's colour in its chevrons); the frame elsewhere on that side stays wood."""
    from game.families.blocks.ui.view import FLOOR, FRAME_TOP
    s = open_puzzle(app, name)
    frames(app, 2)
    screen = app.screen
    cell = s.view.cell_rect(at(s, row, col))
    frame = s.view.frame_rect()
    depth = (frame.bottom - cell.bottom) if dy else (frame.right - cell.right)

    def across(rect):   # in the frame beside the cell's outer edge, a third of the way from its side
        if dy:
            return rect.x + rect.w // 3, rect.bottom + depth // 5
        return rect.right + depth // 5, rect.y + rect.h // 3

    def near(colour, want, slack=40):
        return all(abs(colour[i] - want[i]) <= slack for i in range(3))

    assert near(screen.get_at(across(cell)), FLOOR)
    far = s.view.cell_rect(at(s, row, 3 if dy else col)) if dy else s.view.cell_rect(at(s, 0, col))
    assert not near(screen.get_at(across(far)), FLOOR) and near(screen.get_at(across(far)), FRAME_TOP, 70)


def test_walls_are_raised_not_holes(app):
    s = open_puzzle(app, "motor-car")
    frames(app, 2)
    board = s.puzzle.board
    wall = next((r, c) for r in range(5) for c in range(3) if board.at(r, c) is None)
    x = s.view.origin[0] + wall[1] * s.view.pitch + s.view.pitch // 2
    y = s.view.origin[1] + wall[0] * s.view.pitch + s.view.pitch // 3
    colour = app.screen.get_at((x, y))
    empty = s.view.cell_rect(s.session.position.index(0))
    floor = app.screen.get_at((empty.x + empty.w // 3, empty.y + empty.h // 3))
    assert sum(colour[:3]) > sum(floor[:3]) + 90            # the wall stands in the frame's wood, the floor is dark


def test_solving_says_it_was_optimal_in_the_count_in_use(app):
    s = open_puzzle(app, "moving-day")
    for move in s.oracle.solve(s.session.position).moves:
        s.session.play(move)
    frames(app, 3)
    assert s.session.solved and s.session.moves == 17
    assert "That is optimal, moves counted by path!" in s.footer.text


# -- doors ---------------------------------------------------------------------------------------------------

def _far(a, b, by=60) -> bool:
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3])) > by


def test_a_door_is_a_gate_in_the_frame_unlike_wall_and_floor_in_either_palette(app, monkeypatch):
    """The Red Donkey's exit: brass posts where the gate meets the frame, a striped barrier across the
    threshold, the door's floor hatched; none of them the colour of a wall (the frame) or of the floor,
    and the high-contrast gate bolder than the standard one."""
    from game.families.blocks.ui.view_doors import BRASS
    from game.oracles.table import TableOracle
    from game.ui.theme import shade
    monkeypatch.setattr(TableOracle, "start_preparing", lambda self, service: None)   # a drawing: no table wanted
    s = open_puzzle(app, "red-donkey")
    seen = {}
    for theme in ("standard", "high-contrast"):
        app.changes.change("theme", theme)
        s.invalidate()
        frames(app, 2, 0.0)
        p, (x0, y0) = s.view.pitch, s.view.origin
        at = {"post": (x0 + p, y0 + 5 * p), "floor": (x0 + 1.5 * p, y0 + 4.5 * p), "wall": (x0 + 0.5 * p, y0 + 5.5 * p)}
        got = {name: app.screen.get_at((round(x), round(y))) for name, (x, y) in at.items()}
        barrier = [app.screen.get_at((round(x0 + 2.5 * p), round(y0 + 5 * p + dy))) for dy in range(-p // 8, p // 8)]
        door = [app.screen.get_at((round(x0 + 1.5 * p + d), round(y0 + 6 * p + d))) for d in range(p // 2)]
        assert not (_far(got["post"], BRASS, 40) and _far(got["post"], shade(BRASS, 0.4), 40)), got   # its lit top
        assert _far(got["post"], got["wall"]) and _far(got["post"], got["floor"])
        assert any(_far(c, got["floor"]) and _far(c, got["wall"]) for c in barrier)
        assert any(_far(a, b, 40) for a in door for b in door), "the door's floor is hatched, not one colour"
        seen[theme] = sum(_far(c, got["wall"]) for c in barrier)
    assert seen["high-contrast"] > seen["standard"] > 0   # a thicker barrier


@pytest.mark.slow   # opening one builds its table
def test_the_block_puzzles_of_large_tables_draw(app):
    for name in sorted(LARGE_TABLES):
        s = open_puzzle(app, name)
        assert isinstance(s.view, BlocksView)
        s.draw(app.screen)
        app.nav.back_to_menu()
