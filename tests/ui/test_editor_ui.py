"""The position editor through real events: opened with E from the menu and the play screen, frogs
put and moved by mouse and keys, the live reading, Save as puzzle into the player's folder and
onto the menu, copy and paste through the clipboard, Play from here, blocks and tiles."""
from __future__ import annotations

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog import library
from game.midend.editor import ReadingKind
from game.catalog.reading import read_puzzle_file
from game.ui.clipboard import CLIPBOARD, NO_SYSTEM
from game.ui.edit.scene import EditorScene
from game.ui.scenes.menu import MenuScene
from game.ui.play.scene import PlayScene
from tests.ui.helpers import centre, click, drag, frames, key, open_puzzle

BLACK, WHITE, EMPTY = 1, 2, 0



def type_text(app, text, settle=3):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isalnum() else 0, mod=0,
                                             unicode=ch, scancode=0))
        frames(app, 1)
    frames(app, settle)


def editor_of(app) -> EditorScene:
    scene = app.scene
    assert isinstance(scene, EditorScene)
    return scene


def fmt(scene):
    return scene.puzzle.format(scene.editor.position)


def test_e_on_the_menu_edits_the_selected_puzzles_start_and_esc_comes_back(app):
    menu = app.scene
    assert isinstance(menu, MenuScene)
    name = menu.flat[menu.selected].name
    key(app, pygame.K_e)
    ed = editor_of(app)
    assert ed.spec.name == name and ed.editor.position == ed.puzzle.start
    assert ed.model.buttons[-1].label == "Back to the menu"
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu


def test_e_on_the_play_screen_edits_the_position_on_screen(app):
    play = open_puzzle(app, "frogs-line-2")
    click(app, centre(play, 1))                      # a black frog slides right
    assert play.session.moves == 1
    key(app, pygame.K_e)
    ed = editor_of(app)
    assert ed.editor.position == play.session.position
    assert ed.model.buttons[-1].label == "Back to the game"
    key(app, pygame.K_ESCAPE)
    assert app.scene is play and play.session.moves == 1


def test_a_frog_board_of_ones_own_seen_solved_saved_and_on_the_menu(app, folder):
    """The issue's story: edit, see whether it can be solved and how far, save, find it on the menu."""
    open_puzzle(app, "frogs-a")
    key(app, pygame.K_e)
    ed = editor_of(app)
    assert ed.spec.name == "frogs-a" and ed.model.figure.value == "23"
    click(app, centre(ed, 0))                        # the brush is black: a click on a black frog empties it
    assert ed.editor.position[0] == EMPTY
    assert ed.model.box.lines[1].text.endswith("place 1 more black frog.")
    assert ed.model.figure.value == "—"
    assert not next(b for b in ed.model.buttons if b.name == "play").enabled
    type_text(app, "w")                              # a letter chooses the brush and changes no cell
    assert ed.board.brush == WHITE and ed.editor.position[0] == EMPTY
    type_text(app, "b")
    type_text(app, " ")                              # Space paints the brush under the cursor
    assert ed.editor.position[0] == BLACK and ed.editor.legal
    key(app, pygame.K_DOWN)
    type_text(app, " ")                              # ... and again on a cell holding the brush empties it
    assert ed.board.cursor == 2 and ed.editor.position[2] == EMPTY
    type_text(app, "W")
    key(app, pygame.K_RETURN)                        # Enter paints too
    assert ed.editor.position[2] == WHITE and not ed.editor.legal
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    drag(app, centre(ed, 0), centre(ed, 5))          # a frog dragged to another cell moves there
    assert ed.editor.position[5] == BLACK and ed.editor.position[0] == EMPTY
    reading = ed.editor.reading()
    assert reading.kind in (ReadingKind.SOLVABLE, ReadingKind.DEAD_END)
    assert ed.model.figure.value == (str(reading.distance) if reading.distance is not None else "dead end")
    edited = ed.editor.position
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert ed.naming is not None and ed.naming.title == "My frogs 1"
    type_text(app, "Cross 1")                        # the first key replaces the suggestion
    assert ed.naming.title == "Cross 1"
    key(app, pygame.K_RETURN)
    assert ed.naming is None and ed.footer.text.startswith("Saved as cross-1.toml")
    path = folder / "cross-1.toml"
    defn = read_puzzle_file(path)
    spec = catalog.get("cross-1")
    assert defn.common.title == "Cross 1" and spec.puzzle.start == edited
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.flat[menu.selected].name == "cross-1"
    assert [s.name for s in library.load_folder(folder, set())[0]] == ["cross-1"]   # and next time


def test_the_save_dialog_types_cancels_and_says_why_not(app, folder):
    ed = open_editor(app, "frogs-a")
    ed.editor.swap(0, 5)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    type_text(app, "ub")                             # letters go to the title, not to undo or the board
    assert ed.naming.title == "ub" and ed.editor.can_undo()
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_ESCAPE)
    assert ed.naming is None and not folder.exists()
    folder.mkdir(parents=True)
    (folder / "taken.toml").write_text("not a puzzle")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    type_text(app, "Taken")
    key(app, pygame.K_RETURN)
    assert ed.naming is not None and "already has a file called taken.toml" in ed.naming.error
    assert (folder / "taken.toml").read_text() == "not a puzzle"
    frames(app, 2)
    click(app, ed.naming.cancel_rect.center)
    assert ed.naming is None
    tiles = open_editor(app, "eight")
    assert not next(b for b in tiles.model.buttons if b.name == "save").enabled
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert tiles.naming is None and "cannot describe the 8-puzzle" in tiles.footer.text


def open_editor(app, name, text=None):
    position = catalog.puzzle(name).parse(text) if text else None
    app.nav.open_editor(name, position)
    frames(app, 2)
    return editor_of(app)


def test_a_brush_key_chooses_the_brush_and_never_paints(app):
    """B, W or '.' choose what a click, Space or Enter puts; the cell under the cursor stays as it was,
    wherever the mouse is."""
    ed = open_editor(app, "frogs-line-2")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert ed.board.cursor == 2 and fmt(ed) == "B B . W W"
    for letter, brush in (("w", WHITE), ("B", BLACK), (".", EMPTY), ("W", WHITE)):
        type_text(app, letter)
        assert ed.board.brush == brush and fmt(ed) == "B B . W W" and not ed.editor.can_undo()
        assert next(b for b in ed.model.palette if b.active).name == f"brush-{brush}"
    type_text(app, " ")
    assert fmt(ed) == "B B W W W"
    key(app, pygame.K_RETURN)                        # the brush is there already: painting again empties it
    assert fmt(ed) == "B B . W W"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_DELETE)                        # Delete empties the cell under the cursor
    assert fmt(ed) == "B . . W W"
    key(app, pygame.K_u)
    assert fmt(ed) == "B B . W W"


def test_the_brush_buttons_and_tab_choose_what_a_click_puts(app):
    ed = open_editor(app, "frogs-line-2")
    assert ed.board.brush == BLACK
    click(app, ed.button_rect("brush-2").center)
    assert ed.board.brush == WHITE and next(b for b in ed.model.palette if b.name == "brush-2").active
    click(app, centre(ed, 2))
    assert fmt(ed) == "B B W W W"
    key(app, pygame.K_TAB)
    assert ed.board.brush == EMPTY
    click(app, centre(ed, 0))
    assert fmt(ed) == ". B W W W"
    click(app, ed.button_rect("undo").center)
    click(app, ed.button_rect("undo").center)
    assert fmt(ed) == "B B . W W"
    click(app, centre(ed, 3), button=3)              # right click empties
    assert fmt(ed) == "B B . . W"
    key(app, pygame.K_DELETE, pygame.KMOD_SHIFT)     # clear
    assert fmt(ed) == ". . . . ."
    key(app, pygame.K_r)
    assert fmt(ed) == "B B . W W"


def test_copy_in_the_editor_paste_on_the_play_screen_and_back(app):
    play = open_puzzle(app, "frogs-line-3")
    key(app, pygame.K_e)
    ed = editor_of(app)
    ed.editor.swap(2, 3)
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    assert ed.footer.text.startswith("Copied:") and pygame.scrap.get_text() == "B B . B W W W"
    key(app, pygame.K_ESCAPE)
    assert app.scene is play
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert play.puzzle.format(play.session.position) == "B B . B W W W"
    assert "pasted position" in play.footer.text
    key(app, pygame.K_u)                             # the pasted game is an entry: undo brings the last back
    assert play.session.position == play.puzzle.start
    pygame.scrap.put_text("B B B B B B B")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert play.session.position == play.puzzle.start
    assert play.footer.text.startswith("That is not a position of Frogs, line of 3") and "\n" not in play.footer.text
    key(app, pygame.K_c, pygame.KMOD_CTRL)                 # the play screen copies the position's share code
    from game.catalog.codes import decode
    assert decode(pygame.scrap.get_text()).state == play.puzzle.parse("B B B . W W W")
    key(app, pygame.K_e)
    ed = editor_of(app)
    pygame.scrap.put_text("nonsense")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert ed.footer.text.startswith("That is not a position") and ed.editor.position == play.puzzle.start
    pygame.scrap.put_text("B B . B W W W")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert fmt(ed) == "B B . B W W W"


def test_without_a_system_clipboard_copy_and_paste_stay_inside_the_game(app, monkeypatch):
    def broken(*args):
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    monkeypatch.setattr(pygame.scrap, "has_text", broken)
    ed = open_editor(app, "frogs-line-2")
    ed.editor.swap(1, 2)
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    assert ed.footer.text == NO_SYSTEM and CLIPBOARD.inside == "B . B W W"
    key(app, pygame.K_r)
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert fmt(ed) == "B . B W W" and ed.footer.text == NO_SYSTEM


def test_play_from_here_over_the_game_is_a_new_game_in_it_and_over_the_menu_a_new_screen(app):
    play = open_puzzle(app, "frogs-line-2")
    key(app, pygame.K_e)
    ed = editor_of(app)
    ed.editor.swap(1, 2)
    key(app, pygame.K_p)
    assert app.scene is play and play.puzzle.format(play.session.position) == "B . B W W"
    assert play.session.moves == 0 and "editor" in play.footer.text
    key(app, pygame.K_u)
    assert play.session.position == play.puzzle.start
    key(app, pygame.K_ESCAPE)
    ed = open_editor(app, "knights")
    ed.editor.place(0, EMPTY)
    key(app, pygame.K_p)
    assert app.scene is ed and "Only a position of this puzzle can be played" in ed.footer.text
    ed.editor.undo()
    ed.editor.swap(0, 4)
    click(app, ed.button_rect("play").center)
    new = app.scene
    assert isinstance(new, PlayScene) and new.session.position == ed.editor.position
    assert isinstance(app.scenes[-2], MenuScene)


def test_blocks_are_carried_by_mouse_and_keys_to_where_they_fit(app):
    ed = open_editor(app, "klotski")
    drag(app, centre(ed, 19), centre(ed, 17))        # J into the free cell beside it
    assert fmt(ed) == "A B B C/A B B C/D E E F/D G H F/I J . ."
    drag(app, centre(ed, 5), centre(ed, 9))          # the big block onto others: it stays, and says so
    assert fmt(ed) == "A B B C/A B B C/D E E F/D G H F/I J . ."
    assert ed.footer.text == "It does not fit there: another piece is in the way."
    click(app, centre(ed, 16))                       # a click picks I up, a second puts it down
    assert ed.board.held == 16 and 18 in {p[0] for p in ed.highlights().places}
    click(app, centre(ed, 19))
    assert fmt(ed) == "A B B C/A B B C/D E E F/D G H F/. I . J"   # identical pieces: letters in reading order
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                        # keys: pick up the small block, one to the right, put down
    assert ed.board.held == 17
    key(app, pygame.K_RIGHT)
    assert ed.highlights().cursor_cells == {18}
    key(app, pygame.K_RETURN)
    assert fmt(ed) == "A B B C/A B B C/D E E F/D G H F/. . I J" and ed.board.held is None
    assert ed.editor.reading().kind is ReadingKind.SOLVABLE


def test_d_places_doors_and_lets_pieces_through_them_with_clicks_and_the_board_draws_them(app):
    ed = open_editor(app, "hughes")
    assert ed.button_rect("doors") is not None and not ed.puzzle.doors.cells
    key(app, pygame.K_d)
    assert ed.board.door_mode and ed.model.help.startswith("Door mode")
    click(app, centre(ed, 4))                        # b2: a door
    assert ed.editor.doors.cells == {4} and ed.view.blocks.doors.cells == {4}   # drawn with its door now
    assert ed.footer.text.startswith("Doors at b2: no piece may pass them yet")
    assert ed.editor.reading().kind is ReadingKind.ILLEGAL
    click(app, centre(ed, 8))                        # a wide block: its kind may pass
    assert ed.footer.text.startswith("Doors at b2; pieces that may pass them:") and ed.editor.problem() is None
    assert ed.view.blocks.doors.passing == {ed.editor.position[7]} and ed.model.counts[0] == ed.footer.text
    assert not next(b for b in ed.model.buttons if b.name == "play").enabled
    key(app, pygame.K_p)                             # another puzzle now: saved first, then played
    assert app.scene is ed and ed.footer.text.startswith("The doors have changed: save it as a puzzle first")
    key(app, pygame.K_d)
    assert not ed.board.door_mode
    drag(app, centre(ed, 2), centre(ed, 4))          # the small block may not stand on the door
    assert ed.footer.text.startswith("It may not stand there") and ed.editor.position[4] == EMPTY
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert ed.editor.doors.cells == frozenset() and ed.footer.text.startswith("No doors")
    assert not ed.view.blocks.doors.cells and ed.view.spec is catalog.get("hughes")


def test_tiles_swap_by_two_clicks_and_parity_is_said_at_once(app):
    ed = open_editor(app, "eight", "1 2 3/4 5 6/7 8 .")
    assert ed.editor.reading().kind is ReadingKind.GOAL
    click(app, centre(ed, 0))
    click(app, centre(ed, 1))
    assert fmt(ed) == "2 1 3/4 5 6/7 8 ."
    assert ed.model.box.lines[1].text.startswith("This 8-puzzle position cannot be solved")
    drag(app, centre(ed, 7), centre(ed, 8))          # a tile dragged onto the gap: the gap moves
    assert fmt(ed) == "2 1 3/4 5 6/7 . 8"
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert ed.editor.legal
    key(app, pygame.K_UP)                            # keys: from tile 8 up to tile 2, pick it up
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert ed.board.held == 1
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                        # put down on tile 5: they swap
    assert fmt(ed) == "1 5 3/4 2 6/7 8 ." and not ed.editor.legal


@pytest.mark.parametrize("size", [(1280, 800), (900, 600), (800, 600)])
def test_the_editor_draws_at_every_size_with_its_buttons_on_screen(app, size):
    app.resize(size)
    for name in ("frogs-a", "eight", "klotski", "goat", "pairs"):
        ed = open_editor(app, name)
        frames(app, 2)
        for button in ("play", "save", "copy", "paste", "undo", "back"):
            rect = ed.button_rect(button)
            assert rect is not None and ed.panel.contains(rect) or ed.panel_layout().max_scroll
        assert ed.view.frame_rect().right <= ed.panel.x
        key(app, pygame.K_ESCAPE)


def test_the_puzzle_file_is_written_and_read_back_off_the_ui_thread(folder, tmp_path, monkeypatch):
    import threading
    import time

    from game.catalog import saving
    from game.common.background import Where
    from game.ui.app import App

    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))
    threads = []
    for name in ("write_new", "read_puzzle_file"):
        real = getattr(saving, name)

        def recorded(*args, real=real):
            threads.append(threading.current_thread())
            return real(*args)
        monkeypatch.setattr(saving, name, recorded)
    app = App(size=(1280, 800), where=Where.THREAD, headless=True, seed=3)
    try:
        app.push(MenuScene(app))
        ed = open_editor(app, "frogs-line-2")
        ed.editor.swap(1, 2)
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        key(app, pygame.K_RETURN)
        deadline = time.monotonic() + 10
        while ed.naming is not None and time.monotonic() < deadline:
            frames(app, 1)
        assert ed.naming is None and ed.footer.text.startswith("Saved as my-frogs-1.toml")
        assert len(threads) == 2 and threading.main_thread() not in threads
        assert catalog.get("my-frogs-1").puzzle.format(catalog.get("my-frogs-1").puzzle.start) == "B . B W W"
    finally:
        app.close()


def test_the_editors_title_names_a_collections_puzzle_in_the_players_language(app, monkeypatch):
    from game.common import i18n
    i18n.activate("ja")
    headers: list[str] = []
    monkeypatch.setattr(EditorScene, "draw_header", lambda scene, surface, text: headers.append(text))
    ed = open_editor(app, "traffic-pack-1")
    ed.draw(app.screen)
    assert headers[-1] == "編集：渋滞パック 1"
