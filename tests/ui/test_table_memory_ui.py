"""A puzzle file whose table would need more memory than the game allows: the window says so in the
panel, goes on, and answers hints by search."""
from __future__ import annotations

import pygame

from game.catalog import registry as catalog
from game.oracles.base import Phase
from tests.game.test_table_memory import LARGE, tiles_file

from .helpers import frames, key


def test_the_window_says_so_and_goes_on(app, tmp_path):
    spec = catalog.get(str(tiles_file(tmp_path, *LARGE)))
    app.nav.open_puzzle(spec.name)
    frames(app, 30)
    scene = app.scene
    status = scene.oracle.status()
    assert status.phase is Phase.FAILED
    assert scene.panel_model.status.lines[0].text == "No table: answers are searched"
    said = scene.footer.text   # why, on the message line (the analysis screen keeps it too)
    assert "would need about" in said and "solved by search instead" in said
    key(app, pygame.K_h, settle=60)            # a hint is a search: the start is one move from the goal
    for _ in range(4):                         # up the ladder to the move, and play it
        key(app, pygame.K_h, settle=2)
    assert scene.session.solved
