"""Real pygame events through the app, for every puzzle family; assertions on the session's position."""
import numpy as np
import pygame
import pytest

from game.midend.ladder import Step
from game.catalog import registry as catalog
from game.families.blocks import goat as blocks
from tests.ui.helpers import centre, click, drag, frames, key, open_puzzle


def fmt(scene):
    return scene.puzzle.format(scene.session.position)


def at(scene, text):
    """Whether the game shows the position ``text`` names (Goat's drawn faces read as position text too)."""
    return scene.session.position == scene.puzzle.parse(text)


# -- tiles ---------------------------------------------------------------------------------------

def test_click_tile_next_to_gap_slides_it(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    click(app, centre(s, 8), settle=1)
    assert fmt(s) == "1 2 3/4 5 6/7 8 ."
    assert s.session.solved
    assert s.effects.anim is not None and s.effects.celebrate is None   # no confetti over a sliding tile
    frames(app, 40)
    assert s.effects.anim is None and s.effects.celebrate is not None   # it has landed: now


def test_a_dragged_tile_follows_the_pointer_only_along_its_slide(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    start = centre(s, 8)
    pitch = s.view.pitch
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for dx, dy in ((-pitch // 3, -pitch // 2), (-pitch // 2, pitch), (-3 * pitch, -pitch)):   # diagonally, far
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + dx, start[1] + dy), rel=(1, 1),
                                             buttons=(1, 0, 0)))
        frames(app, 1)
        ox, oy = s.board_input.drag_offset
        assert oy == 0 and -pitch <= ox <= 0   # along its row, towards the gap, never past it
    assert s.board_input.drag_offset == (-pitch, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] - 3 * pitch, start[1] - pitch), button=1))
    frames(app, 20)
    assert fmt(s) == "1 2 3/4 5 6/7 8 ."


def test_click_tile_that_cannot_move_says_no(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    click(app, centre(s, 0), settle=2)
    assert fmt(s) == "1 2 3/4 5 6/7 . 8"
    assert s.effects.nope is not None and s.effects.nope[0] == 0


def test_arrows_move_the_tile_or_the_gap(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    key(app, pygame.K_LEFT)         # the tile right of the gap moves left
    assert fmt(s) == "1 2 3/4 5 6/7 8 ."
    key(app, pygame.K_u)
    assert fmt(s) == "1 2 3/4 5 6/7 . 8"
    key(app, pygame.K_g)            # preference: arrows move the gap
    key(app, pygame.K_RIGHT)
    assert fmt(s) == "1 2 3/4 5 6/7 8 ."


def test_undo_redo_restart_keys(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    key(app, pygame.K_DOWN)         # tile 5 comes down
    assert fmt(s) == "1 2 3/4 . 6/7 5 8"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert fmt(s) == "1 2 3/4 5 6/7 . 8"
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert fmt(s) == "1 2 3/4 . 6/7 5 8"
    key(app, pygame.K_u)
    key(app, pygame.K_u, pygame.KMOD_SHIFT)
    assert fmt(s) == "1 2 3/4 . 6/7 5 8"
    key(app, pygame.K_r)
    assert fmt(s) == "1 2 3/4 5 6/7 . 8"
    key(app, pygame.K_u)            # restart is a history entry
    assert fmt(s) == "1 2 3/4 . 6/7 5 8"


def test_hint_climbs_the_ladder_one_step_a_press_then_plays(app):
    """With the answer hidden (F), H: the band, the exact count, the piece (its cell only), the move (from and
    to); H once more plays it."""
    s = open_puzzle(app, "eight", "1 2 3/4 . 6/7 5 8")
    key(app, pygame.K_f)                       # no live count on screen: the ladder has all its steps
    key(app, pygame.K_h)
    hint = s.session.hint_info
    assert hint is not None and hint.distance == 2 and hint.step is Step.BAND
    assert s.footer.text == "The goal is 5 moves or fewer away." and not s.highlights().hint_from
    key(app, pygame.K_h)
    assert s.session.hint_info.step is Step.COUNT and s.footer.text == "The goal is exactly 2 moves away."
    assert not s.highlights().hint_from
    key(app, pygame.K_h)
    hl = s.highlights()
    assert s.session.hint_info.step is Step.PIECE and hl.hint_from == {4 + 3} and not hl.hint_to
    assert s.footer.text == "Move the highlighted piece." and fmt(s) == "1 2 3/4 . 6/7 5 8"
    key(app, pygame.K_h)
    hl = s.highlights()
    assert s.session.hint_info.step is Step.MOVE and hl.hint_from == {4 + 3} and hl.hint_to == {4}
    assert s.footer.text.startswith("Hint:") and fmt(s) == "1 2 3/4 . 6/7 5 8"
    key(app, pygame.K_h)
    assert fmt(s) == "1 2 3/4 5 6/7 . 8"
    assert s.session.notes.hints == 4 and s.session.notes.ladder == (1, 1, 1, 1)
    key(app, pygame.K_h)                       # a new position: the ladder starts again at its band
    assert s.session.hint_info.step is Step.BAND and s.session.notes.ladder == (2, 1, 1, 1)


def test_with_the_live_count_on_screen_the_hint_starts_at_the_piece(app):
    """The panel reads "Fewest to goal 2": the band and the count would repeat it, so H shows the piece,
    then the move, then plays it; the steps skipped are not counted as help."""
    s = open_puzzle(app, "eight", "1 2 3/4 . 6/7 5 8")
    key(app, pygame.K_h)
    assert s.session.hint_info.step is Step.PIECE and s.highlights().hint_from == {4 + 3}
    assert s.footer.text == "Move the highlighted piece."
    key(app, pygame.K_h)
    assert s.session.hint_info.step is Step.MOVE
    key(app, pygame.K_h)
    assert fmt(s) == "1 2 3/4 5 6/7 . 8" and s.session.notes.ladder == (0, 0, 1, 1)


def test_clicks_on_hint_at_the_same_spot_climb_the_ladder_and_play_the_move(app):
    """Click Hint, click the same spot again and again: each hint step shows in its reserved place and the
    button stays under the pointer, so the later clicks climb to the move and the last one plays it."""
    s = open_puzzle(app, "eight", "8 6 7/2 5 4/3 . 1")
    spot = s.button_rect("hint").center
    before = {b.model.name: b.rect.copy() for b in s.panel_layout().buttons()}
    for step in (Step.PIECE, Step.MOVE):      # the live count shows the distance: the ladder starts at the piece
        click(app, spot)
        assert s.session.hint_info is not None and s.session.hint_info.step is step and s.session.moves == 0
        after = {b.model.name: b.rect for b in s.panel_layout().buttons()}
        assert all(after[name] == rect for name, rect in before.items())   # nothing moved
        assert s.button_rect("play-hint") is not None                      # "More", then "Play it", is there too
    click(app, spot)
    assert s.session.moves == 1 and s.session.known_distance() == 30


def test_esc_puts_a_shown_hint_away_before_it_leaves(app):
    """Esc lets go of what is open first: a hint shown goes (nothing played, nothing moves in the panel),
    H shows it again at once, and only an Esc with nothing open leaves for the menu."""
    from game.ui.scenes.menu import MenuScene
    s = open_puzzle(app, "eight", "1 2 3/4 . 6/7 5 8")
    before = {b.model.name: b.rect.copy() for b in s.panel_layout().buttons()}
    for _ in (Step.PIECE, Step.MOVE):        # up the ladder to the move
        key(app, pygame.K_h)
    assert s.session.hint_info is not None and s.highlights().hint_from and s.footer.text.startswith("Hint:")
    key(app, pygame.K_ESCAPE)
    assert app.scene is s and s.session.hint_info is None and s.session.moves == 0
    assert not s.highlights().hint_from and s.footer.text == "" and s.button_rect("play-hint") is None
    assert {b.model.name: b.rect for b in s.panel_layout().buttons()} == before
    key(app, pygame.K_h)
    assert s.session.hint_info is not None and s.session.job is None          # answered at once
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_hint_message_goes_when_the_position_changes(app):
    s = open_puzzle(app, "eight", "1 2 3/4 . 6/7 5 8")
    key(app, pygame.K_h)
    assert s.footer.text == "Move the highlighted piece."
    click(app, centre(s, 3))                 # another move: tile 4 slides right instead
    assert fmt(s) == "1 2 3/. 4 6/7 5 8"
    assert s.footer.text == ""


def test_new_deal_is_a_solvable_shuffle(app):
    s = open_puzzle(app, "eight")
    key(app, pygame.K_n)
    assert not s.session.solved
    assert s.session.position != s.puzzle.start
    s.puzzle.check(s.session.position)


def test_solve_plays_to_the_goal_and_input_stops_it(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/. 7 8")
    key(app, pygame.K_s, settle=1)
    assert s.session.playback is not None
    frames(app, 120)
    assert s.session.solved
    s2 = open_puzzle(app, "eight", "4 1 3/7 2 6/. 5 8")
    key(app, pygame.K_s, settle=1)
    assert s2.session.playback is not None
    key(app, pygame.K_u, settle=1)      # any player input stops the solve
    assert s2.session.playback is None


# -- goat -------------------------------------------------------------------------------------------

def test_goat_click_gate(app):
    s = open_puzzle(app, "goat")
    gate = s.session.position.index(blocks.GATE)
    empty = s.session.position.index(0)
    click(app, centre(s, gate))
    assert s.session.position[empty] == blocks.GATE


def test_goat_two_cell_piece_moves_as_one_from_either_half(app):
    s = open_puzzle(app, "goat", "┌ . ┐ ▭/│ ─ ∥ S/└ ─ ┘ W")
    click(app, centre(s, 3))          # the right half
    assert at(s, "┌ ┐ ▭ ./│ ─ ∥ S/└ ─ ┘ W")
    key(app, pygame.K_RIGHT)          # arrows move blocks too
    assert at(s, "┌ . ┐ ▭/│ ─ ∥ S/└ ─ ┘ W")


def test_goat_arrows_and_hint_to_the_closed_pen(app):
    s = open_puzzle(app, "goat", "┌ ─ ┐ ▭/│ ∥ . S/└ ─ ┘ W")
    key(app, pygame.K_RIGHT)                 # the gate, left of the gap, moves right
    assert at(s, "┌ ─ ┐ ▭/│ . ∥ S/└ ─ ┘ W")
    for _ in range(200):                     # follow the hints: H climbs the ladder to the move, then plays it
        if s.session.solved:
            break
        key(app, pygame.K_h, settle=2)
    assert at(s, "┌ ─ ┐ ▭/│ S ∥ ./└ ─ ┘ W")


# -- frogs ----------------------------------------------------------------------------------------

def test_frogs_click_slides_and_keyboard_jumps(app):
    s = open_puzzle(app, "frogs-line-2")
    click(app, centre(s, 1))              # B B . W W -> B . B W W
    assert fmt(s) == "B . B W W"
    s.board_input.cursor = 3
    key(app, pygame.K_RETURN)             # W at d1 jumps over B into b1
    assert fmt(s) == "B W B . W"


def test_frogs_tab_cycles_movable_pieces(app):
    s = open_puzzle(app, "frogs-line-3")
    key(app, pygame.K_TAB)
    first = s.board_input.cursor
    assert first in s.board_input.moves_by_anchor
    key(app, pygame.K_TAB)
    assert s.board_input.cursor in s.board_input.moves_by_anchor and s.board_input.cursor != first
    key(app, pygame.K_RETURN)
    assert s.session.moves == 1


def test_frogs_2d_board_click(app):
    s = open_puzzle(app, "frogs-a")
    empty = s.session.position.index(0)
    mover = next(iter(s.board_input.moves_by_anchor))
    click(app, centre(s, mover))
    assert s.session.position[empty] != 0


def test_frogs_dead_end_hint_offers_undo_to_winnable(app):
    s = open_puzzle(app, "frogs-line-2", "B . B W W")
    click(app, centre(s, 0))              # . B B W W: black can never get past now
    assert fmt(s) == ". B B W W"
    key(app, pygame.K_h)
    hint = s.session.hint_info
    assert hint is not None and hint.dead_end and hint.last_winnable == 0
    key(app, pygame.K_b)
    assert fmt(s) == "B . B W W"


# -- pairs ----------------------------------------------------------------------------------------

def test_pairs_click_picks_the_pair_by_the_half_clicked(app):
    s = open_puzzle(app, "pairs")
    r = s.view.cell_rect(4)
    click(app, (r.right - r.w // 5, r.centery))   # right half of the 5th stone: the pair (5th, 6th)
    assert fmt(s) == "B W B W . . B W"
    r = s.view.cell_rect(1)
    click(app, (r.x + r.w // 5, r.centery))       # left half of the 2nd stone: the pair (1st, 2nd)
    assert fmt(s) == ". . B W B W B W"


def test_pairs_open_selects_when_several_places_fit(app):
    s = open_puzzle(app, "pairs-open")
    r = s.view.cell_rect(0)
    click(app, (r.right - r.w // 5, r.centery))
    assert s.board_input.selected == 0 and s.board_input.targets_of(0) == {6, 7, 8, 9}
    click(app, centre(s, 9))
    assert fmt(s) == ". . B W B W . . B W"


def test_pairs_keyboard(app):
    s = open_puzzle(app, "pairs")
    s.board_input.cursor = 4
    key(app, pygame.K_RETURN)
    assert fmt(s) == "B W B W . . B W"


# -- knights ----------------------------------------------------------------------------------------

def test_knights_select_then_target(app):
    s = open_puzzle(app, "knights")
    click(app, centre(s, 0))
    assert s.board_input.selected == 0
    targets = s.board_input.targets_of(0)
    assert targets == {5, 7}
    click(app, centre(s, 7))
    assert s.session.position[7] == 1 and s.session.position[0] == 0


def test_knights_drag(app):
    s = open_puzzle(app, "knights")
    drag(app, centre(s, 2), centre(s, 3))
    assert s.session.position[3] == 1 and s.session.position[2] == 0


def test_knights_drag_to_nowhere_snaps_back(app):
    s = open_puzzle(app, "knights")
    drag(app, centre(s, 2), centre(s, 4))
    assert s.session.position == s.puzzle.start


def test_knights_keyboard_cursor(app):
    s = open_puzzle(app, "knights")
    key(app, pygame.K_RETURN)          # cursor starts on a1: select it
    assert s.board_input.selected == 0
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)           # c2 = cell 5
    assert s.board_input.cursor == 5
    key(app, pygame.K_RETURN)
    assert s.session.position[5] == 1


# -- screens ---------------------------------------------------------------------------------------

def test_menu_click_opens_and_escape_returns(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.play.scene import PlayScene
    menu = app.scene
    card = next(c for c in menu.flat if c.name == "knights")
    menu.select_name("knights")                                         # scrolled into sight
    click(app, (card.rect.centerx, card.rect.centery - int(menu.scroll)))
    assert isinstance(app.scene, PlayScene) and app.scene.puzzle.name == "knights"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene)


def test_a_family_folds_into_one_card_with_a_chooser(app):
    from game.ui.play.scene import PlayScene
    menu = app.scene
    assert all(card.name != "frogs-line-2" for card in menu.flat)      # one card for the eight lines
    card = next(c for c in menu.flat if c.group == "Frogs in a line")
    assert [s.name for s in card.specs] == [f"frogs-line-{n}" for n in range(1, 9)]
    menu.selected = menu.flat.index(card)
    key(app, pygame.K_RIGHTBRACKET)
    key(app, pygame.K_RIGHTBRACKET)
    assert card.name == "frogs-line-3" and app.journal.chosen["Frogs in a line"] == "frogs-line-3"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, PlayScene) and app.scene.puzzle.name == "frogs-line-3"
    app.nav.back_to_menu()
    menu = app.scene
    card = next(c for c in menu.flat if c.group == "Frogs in a line")
    assert card.name == "frogs-line-3"                                  # remembered while the game runs
    menu.select_name(card.name)                                         # scrolled into sight
    rect, index = card.chips[-1]                                        # a click on the chooser picks ...
    click(app, (card.rect.x + rect.centerx, card.rect.y + rect.centery - int(menu.scroll)))
    assert card.index == (index % len(card.specs)) and isinstance(app.scene, type(menu))   # ... and opens nothing


def test_panel_buttons_are_clickable(app):
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    click(app, centre(s, 8))
    click(app, s.button_rect("undo").center)
    assert fmt(s) == "1 2 3/4 5 6/7 . 8"
    click(app, s.button_rect("redo").center)
    assert s.session.solved


def test_resizes_from_small_to_4k(app):
    s = open_puzzle(app, "goat")
    for size in ((800, 600), (3840, 2160), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        frames(app, 2)
        assert app.screen.get_size() == size
        assert s.view.frame_rect().right < s.panel.x
        assert app.theme.size_of("small") >= 13


def board_picture(app, name, position, drawn=True):
    """The board's frame as the screen shows it with ``position`` open (its RGB bytes, and its size); with the
    board view drawing nothing (``drawn`` false), the background the board is drawn on."""
    app.nav.open_puzzle(name, position)
    scene = app.scene
    if not drawn:
        scene.view.draw = lambda *args, **kwargs: None
    frames(app, 2)
    rect = scene.view.frame_rect().clip(app.screen.get_rect())
    picture = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    app.nav.back_to_menu()
    return picture, rect.size


def changed(picture: bytes, other: bytes) -> float:
    """The share of the pixels of two pictures of one size that differ."""
    a, b = (np.frombuffer(p, dtype=np.uint8).reshape(-1, 3) for p in (picture, other))
    return float(np.any(a != b, axis=1).mean())


# the share of the board's frame a drawing covers at least, and a move changes at least (a tile of the 5x5
# board: 1/25 of the cells, less the gaps; a single peg of 33 holes)
DRAWN_SHARE = 0.2
MOVED_SHARE = 0.002


def assert_draws_its_position(app, name):
    """The board is drawn on the screen, in more than a few colours, over much of its frame where the background
    alone shows nothing, the same picture for the same position and another once a piece has moved: the pieces
    are on it, where the position puts them."""
    puzzle = catalog.puzzle(name)
    start, size = board_picture(app, name, puzzle.start)
    assert size[0] >= 100 and size[1] >= 60, (name, size)
    assert len(set(zip(start[0::3], start[1::3], start[2::3]))) >= 4, f"{name}: the board is nearly blank"
    background, _ = board_picture(app, name, puzzle.start, drawn=False)
    assert changed(start, background) >= DRAWN_SHARE, f"{name}: the board is hardly drawn on its background"
    assert board_picture(app, name, puzzle.start)[0] == start, f"{name}: one position, two pictures"
    _, after = next(iter(puzzle.successors(puzzle.start)))
    assert changed(board_picture(app, name, after)[0], start) >= MOVED_SHARE, f"{name}: a move changed nothing on the board"


def one_puzzle_of_each_view():
    """For each board view the library uses, its puzzle of the fewest cells (the cheapest to open)."""
    chosen = {}
    for name in catalog.names():
        spec = catalog.get(name)
        size = (len(spec.puzzle.start), name)
        chosen[spec.presentation.view] = min(chosen.get(spec.presentation.view, size), size)
    return sorted(name for _, name in chosen.values())


def test_a_puzzle_of_each_board_view_draws_its_position(app):
    names = one_puzzle_of_each_view()
    assert len(names) >= 6
    for name in names:
        assert_draws_its_position(app, name)


def test_a_board_drawn_shrunk_into_a_corner_of_its_frame_is_caught(app, monkeypatch):
    """What the check above catches that a few colours and a changed byte would not: a view whose picture, right
    in itself, lands in a corner of the board's frame (a scale gone wrong)."""
    view_class = type(open_puzzle(app, "eight").view)
    app.nav.back_to_menu()
    drawn = view_class.draw

    def shrunk(self, surface, *args):
        whole = surface.copy()
        drawn(self, whole, *args)
        rect = self.frame_rect().clip(whole.get_rect())
        surface.blit(pygame.transform.smoothscale(whole.subsurface(rect), (rect.w // 4, rect.h // 4)), rect.topleft)

    monkeypatch.setattr(view_class, "draw", shrunk)
    with pytest.raises(AssertionError, match="hardly drawn on its background"):
        assert_draws_its_position(app, "eight")


@pytest.mark.slow
def test_all_puzzles_draw_their_positions(app):
    for name in catalog.names():
        assert_draws_its_position(app, name)


def test_pairs_show_the_pair_a_click_takes_and_the_cursor_covers_a_pair(app):
    s = open_puzzle(app, "pairs")
    x, y = centre(s, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 2)
    preview = s.highlights().preview
    assert len(preview) == 2 and 1 in preview                      # both stones of the pair under the pointer
    click(app, (x, y))
    assert all(s.session.position[c] == 0 for c in preview)         # the previewed pair is the one that moved
    key(app, pygame.K_u)
    key(app, pygame.K_TAB)
    cursor = s.highlights().cursor_cells
    assert len(cursor) == 2 and s.board_input.cursor in cursor      # the keyboard cursor outlines a pair


def test_each_puzzle_keeps_its_own_deal_distance_and_new_deals_a_random_position(app):
    s = open_puzzle(app, "frogs-line-3")
    s.session.oracle.prepare()
    key(app, pygame.K_n)
    assert s.session.position != s.puzzle.start and "random position" in s.footer.text
    key(app, pygame.K_r, mod=pygame.KMOD_SHIFT)
    assert s.session.position == s.puzzle.start and s.footer.text == "The classic start."
    first = s.commands.deal_distance
    key(app, pygame.K_LEFTBRACKET)
    key(app, pygame.K_LEFTBRACKET)
    chosen = s.commands.deal_distance
    assert app.settings.deal_distances == {"frogs-line-3": chosen} and chosen < first
    key(app, pygame.K_n)   # a distance chosen for this puzzle: New deals there
    assert s.session.oracle.distance(s.session.position) == s.commands.deal_distance
    app.nav.back_to_menu()
    other = open_puzzle(app, "knights")
    assert other.commands.deal_distance == app.settings.deal_distance   # another puzzle: still the default


def test_the_win_s_ring_follows_the_board_s_own_shape():
    """Frogs on board C (an L of two squares): the ring of a win hugs the L, so the corner of its bounding
    box that the board leaves empty stays dark, while the ring shows beside the board's edges."""
    from game.ui.theme import Theme
    from game.ui.views import Highlights, view_for
    pygame.font.init()
    spec = catalog.get("frogs-c")
    view = view_for(spec)
    view.theme = Theme((1280, 800))
    view.layout(pygame.Rect(0, 0, 900, 800))
    surface = pygame.Surface((900, 800))
    view.draw(surface, spec.puzzle.goal_states[0], None, Highlights(solved_glow=1.0))
    fr = view.frame_rect()
    empty_corner = (fr.left + view.pitch // 2, fr.bottom + view.pitch // 20)     # below a hole of the board
    beside_edge = (fr.left - view.pitch // 10 - view.pitch // 28, fr.top + fr.h // 4)
    assert surface.get_at(empty_corner)[:3] == (0, 0, 0)
    assert surface.get_at(beside_edge)[1] > 40


def test_the_solver_s_moves_show_no_keyboard_cursor_and_a_solved_board_no_marks(app):
    s = open_puzzle(app, "frogs-line-2")
    key(app, pygame.K_TAB)
    assert s.highlights().show_cursor
    key(app, pygame.K_s, settle=1)
    assert s.session.playback is not None and not s.highlights().show_cursor
    app.settings.move_marks = True
    t = open_puzzle(app, "eight", "1 2 3/4 5 6/7 . 8")
    assert t.marks()                                        # marks on a board still to solve
    key(app, pygame.K_LEFT)                                 # tile 8 slides left: solved
    assert t.session.solved and t.marks() == () and t.highlights().marks == ()
