"""LURD in the window, through real key events: Ctrl+C copies a Sokoban game's code and its moves, Ctrl+V
plays them back as a game of their own (on the play screen and on the menu), a line of moves alone plays
from where the game began, a line that cannot be played is one sentence and changes nothing, a player's own
level carries its moves on a comment line of its file's text, a file's solution is watched, and the panel's
counts keep their place before and after the first push and after a solve."""
from __future__ import annotations

import pygame
import pytest

from game.catalog import registry as catalog
from game.catalog.codes import decode
from game.midend.lines import game_line
from game.ui.clipboard import CLIPBOARD
from game.ui.play.scene import PlayScene
from game.ui.scenes.menu import MenuScene
from tests.families.sokoban.levels import PUSHES, STEPS, spec
from tests.ui.helpers import frames, key, open_puzzle

CTRL = pygame.KMOD_CTRL
WAREHOUSE = "warehouse-7"   # one of the game's own levels: it has share codes


@pytest.fixture
def no_system_clipboard(monkeypatch):
    """A system without a clipboard: every scrap call fails as SDL's does (the game's own copy stands in)."""
    def fails(*_args):
        raise pygame.error("no clipboard")
    for name in ("put_text", "get_text", "has_text"):
        monkeypatch.setattr(pygame.scrap, name, fails)
    monkeypatch.setattr(CLIPBOARD, "inside", "")
    monkeypatch.setattr(CLIPBOARD, "detached", False)


@pytest.fixture
def level():
    """A test level on the shelves while a test runs (a player's own: no share code)."""
    made = []

    def shelve(name: str, count=STEPS):
        s = spec(name, count)
        catalog.register(s, shelved=False)
        made.append(s.name)
        return s
    yield shelve
    for name in made:
        catalog.unregister(name)


@pytest.fixture(autouse=True)
def still(app):
    """Moves land at once (no glide to wait for): the keys below need a frame or two each."""
    app.settings.reduce_motion = True


def copy_text(text: str) -> None:
    CLIPBOARD.inside, CLIPBOARD.detached = text, True


def arrows(app, keys: str) -> None:
    for letter in keys:
        key(app, {"l": pygame.K_LEFT, "r": pygame.K_RIGHT, "u": pygame.K_UP, "d": pygame.K_DOWN}[letter.lower()],
            settle=2)


def test_ctrl_c_copies_the_code_then_the_moves_and_ctrl_v_plays_them_back(app, no_system_clipboard):
    scene = open_puzzle(app, WAREHOUSE)
    arrows(app, "ddrrrd")                       # the keeper's steps, the last of them a push
    played, position = scene.session.moves, scene.session.position
    key(app, pygame.K_c, CTRL, settle=3)
    code, lurd = CLIPBOARD.inside.split("\n")
    assert decode(code).state == position and lurd == "ddrrrD" == game_line(scene.session)
    key(app, pygame.K_r)                        # restart: the board back at the start
    arrows(app, "dd")
    key(app, pygame.K_v, CTRL, settle=3)
    assert app.scene is scene and scene.session.position == position and scene.session.moves == played
    for _undo in range(played):
        key(app, pygame.K_u, settle=2)
    assert scene.session.moves == 0
    key(app, pygame.K_u)                        # past the pasted game's start: the game there was
    assert scene.session.moves == 2


def test_ctrl_v_of_moves_alone_plays_them_from_where_the_game_began(app, no_system_clipboard):
    scene = open_puzzle(app, WAREHOUSE)
    line = catalog.get(WAREHOUSE)
    solution = line.notation.write(line.puzzle.start, line.oracle.solve(line.puzzle.start).moves)
    arrows(app, "dd")
    copy_text(solution)
    key(app, pygame.K_v, CTRL, settle=3)
    assert scene.session.solved and scene.session.moves == len(solution)


def test_a_line_that_cannot_be_played_is_one_sentence_and_changes_nothing(app, no_system_clipboard):
    scene = open_puzzle(app, WAREHOUSE)
    arrows(app, "dd")
    history, cursor = list(scene.session.history), scene.session.cursor
    copy_text("uuuu")                           # from the start, the keeper walks into the wall above it
    key(app, pygame.K_v, CTRL, settle=3)
    assert scene.footer.text == "Letter 1 of the moves (u) cannot be played: a wall is in the way."
    assert scene.session.history == history and scene.session.cursor == cursor


def test_ctrl_v_of_the_code_and_its_moves_on_the_menu_opens_the_game(app, no_system_clipboard):
    scene = open_puzzle(app, WAREHOUSE)
    arrows(app, "ddrrrdl")
    position, line = scene.session.position, game_line(scene.session)
    assert line == "ddrrrDL"                    # two pushes
    key(app, pygame.K_c, CTRL, settle=3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_v, CTRL, settle=3)
    assert isinstance(app.scene, PlayScene) and app.scene.spec.name == WAREHOUSE
    assert app.scene.session.position == position and game_line(app.scene.session) == line


def test_a_players_own_level_carries_its_moves_after_its_file_text(app, no_system_clipboard, level):
    s = level("yard", PUSHES)
    app.nav.open_puzzle(s.name)
    frames(app, 2)
    scene = app.scene
    arrows(app, "rrdL")
    position = scene.session.position
    key(app, pygame.K_c, CTRL, settle=3)
    assert CLIPBOARD.inside.startswith("format") and CLIPBOARD.inside.rstrip().endswith("# lurd: rrdL")
    key(app, pygame.K_r, settle=3)
    key(app, pygame.K_v, CTRL, settle=3)
    assert scene.session.position == position and scene.session.game_start == s.puzzle.start
    assert game_line(scene.session) == "rrdL"


def test_watching_a_files_solution_plays_it_back(app, level):
    s = level("corridor")
    app.nav.open_puzzle(s.name, watch="rRR")
    frames(app, 2)
    scene = app.scene
    playback = scene.session.playback
    assert playback is not None and playback.given and scene.panel_model.status.lines[0].text.startswith("Watching")
    frames(app, 300)
    assert scene.session.solved and scene.session.moves == 3


def test_the_panel_counts_keep_their_place_before_and_after_a_push_and_a_solve(app, level):
    s = level("yard", PUSHES)
    app.nav.open_puzzle(s.name)
    frames(app, 30)                             # the table ready: the optimum shown
    scene = app.scene

    def geometry():
        """Every control outside the message area (whose row of buttons is the state's), and where the
        counts' lines stand."""
        model, layout = scene.panel_model, scene.panel_layout()
        said = {b.name for b in model.status.buttons}
        controls = {item.model.name: tuple(item.rect) for item in layout.buttons() if item.model.name not in said}
        counts = [tuple(i.rect)[:2] for i in layout.items if getattr(i, "text", None) in model.tally]
        assert len(counts) == 2
        return controls, counts, layout.density

    before = geometry()
    assert scene.panel_model.tally == ("0 moves · 0 pushes", "Optimal: 4 pushes (24 moves)")
    arrows(app, "lldR")                         # the optimal line's first push
    assert scene.panel_model.tally == ("4 moves · 1 push", "Optimal: 4 pushes (24 moves)")
    assert geometry() == before
    key(app, pygame.K_r, settle=3)
    key(app, pygame.K_s)
    frames(app, 240)
    assert scene.session.solved and scene.panel_model.tally[0] == "24 moves · 4 pushes"
    assert geometry() == before
