import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# settings the tests toggle must never reach the player's own config folder
os.environ.setdefault("FEWEST_MOVES_CONFIG", tempfile.mkdtemp(prefix="fewest-moves-config-"))

import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CONFIG", str(tmp_path / "config"))   # every app starts from defaults
    from game.common.background import Where
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App(size=(1280, 800), where=Where.INLINE, headless=True, seed=7)
    a.push(MenuScene(a))
    yield a
    a.close()
