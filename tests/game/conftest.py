import os
import tempfile
from pathlib import Path

import pytest

from game.keeping.journal_files import Folders

# settings must never reach the player's own config folder
os.environ.setdefault("FEWEST_MOVES_CONFIG", tempfile.mkdtemp(prefix="fewest-moves-config-"))


@pytest.fixture
def folders(tmp_path: Path) -> Folders:
    """The journal's folders, private to the test."""
    return Folders(tmp_path / "state" / "games", tmp_path / "state" / "menu.json", tmp_path / "data" / "saves",
                   tmp_path / "data" / "records.json")
